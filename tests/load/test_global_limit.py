"""The bot's REST calls stay within Discord's global limit as they leave, however they bunch up.

discord.py's own HTTP client posts to the fake Discord of the load benchmarks, which answers a
51st call within a second with a global 429, as Discord does.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import discord
import pytest

from benchmarks.fake_discord.server import FakeDiscord
from bot.client import TabletopBot
from bot.global_limit import GlobalLimit, LimitedConnector
from bot.settings import DISCORD_GLOBAL_PER_SECOND, Settings

POSTS_PER_CHANNEL = 2  # under the channel's own limit of 5 in 5 s: only the global one binds


@pytest.fixture
async def server(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(guilds=1, channels_per_guild=40, users_per_guild=1)
    base = await server.start()
    monkeypatch.setattr(discord.http.Route, "BASE", f"{base}/api/v10")
    yield server
    await server.stop()


async def post_everywhere_at_once(server: FakeDiscord, http: discord.http.HTTPClient) -> None:
    """What a burst of board posts released together asks of discord.py."""

    async def post(channel_id: int) -> None:
        with discord.http.handle_message_parameters(content="board") as params:
            await http.send_message(channel_id, params=params)

    channels = server.guild_channels(next(iter(server.guilds)))
    await asyncio.gather(*(post(c) for c in channels for _ in range(POSTS_PER_CHANNEL)))
    assert all(len(server.channel_messages(c)) == POSTS_PER_CHANNEL for c in channels)


async def test_without_the_limit_a_burst_draws_a_global_429(server: FakeDiscord) -> None:
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    await http.static_login("token")
    try:
        await post_everywhere_at_once(server, http)
    finally:
        await http.close()
    assert server.rest_429["global"] > 0


async def test_the_bots_calls_released_together_wait_their_turn_not_a_global_429(
    server: FakeDiscord, tmp_path: Path
) -> None:
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_url=f"sqlite:///{tmp_path / 'bot.db'}",
        discord_api_base=server.base_url,
        ai_worker=False,
        collector_every=0.0,
    )
    bot = TabletopBot(settings)
    await bot.login("token")
    try:
        await post_everywhere_at_once(server, bot.http)
    finally:
        await bot.close()
    assert server.rest_429["global"] == 0


async def test_interaction_answers_do_not_wait_behind_the_bots_own_calls(
    server: FakeDiscord,
) -> None:
    channel = server.guild_channels(next(iter(server.guilds)))[0]
    headers = {"Authorization": "Bot token"}
    async with aiohttp.ClientSession(connector=LimitedConnector(GlobalLimit(5))) as http:

        async def call(path: str) -> float:
            async with http.post(f"{server.base_url}/api/v10{path}", json={}, headers=headers):
                return asyncio.get_running_loop().time()

        posts = [asyncio.create_task(call(f"/channels/{channel}/messages")) for _ in range(6)]
        await asyncio.gather(*posts[:5])  # went at once: the sixth waits for the window to move
        asked = asyncio.get_running_loop().time()
        answered = await call("/interactions/1/token/callback")
        sixth_post = await posts[5]
    assert answered - asked < 0.5  # a counted call would have waited about a second
    assert sixth_post - asked >= 0.5


async def test_a_share_below_one_call_a_second_spaces_the_calls_out() -> None:
    limit = GlobalLimit(Settings(_env_file=None, processes=64).rest_limit)  # 0.78 a second
    loop = asyncio.get_running_loop()
    started = loop.time()
    await limit.turn()
    assert loop.time() - started < 0.1  # the first call goes at once
    await limit.turn()
    assert loop.time() - started >= 64 / DISCORD_GLOBAL_PER_SECOND
