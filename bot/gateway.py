"""Which gateway the shards connect to when the API is not Discord's."""

from __future__ import annotations

import discord
import yarl
from discord.gateway import DiscordWebSocket

from bot.settings import DISCORD


async def follow_api_gateway(client: discord.Client, api_base: str) -> None:
    """Connect to the gateway a stand-in API names (a proxy, the benchmarks' fake Discord).

    With an explicit shard count (and after a failed resume) discord.py connects to its default
    gateway, Discord's, instead of asking the API.
    """
    if api_base.rstrip("/") != DISCORD:
        _, url, _ = await client.http.get_bot_gateway()
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
