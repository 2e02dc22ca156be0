"""A bare discord.py bot for comparison: answers every interaction at once with one fixed
ephemeral message.

A plain `discord.AutoShardedClient` with the real bot's intents, on the real bot's event loop
(uvloop where it builds, `bot.event_loop`), connecting to the gateway the API names
(`bot.gateway.follow_api_gateway`); nothing else is tuned: Python's own garbage collection, no
message cache settings, one process.

Run (as benchmarks/load.py does): DISCORD_TOKEN=x DISCORD_API_BASE=http://127.0.0.1:PORT
python -m benchmarks.bare_bot

With BARE_WORK_MS=W it first burns W ms of CPU on each interaction, synchronously, as a handler
that does its work before answering would (`load.py --calibrate`).
"""

from __future__ import annotations

import logging
import os
import sys
import time

import discord

from bot import event_loop
from bot.gateway import follow_api_gateway
from bot.intents import gateway_intents
from bot.settings import DISCORD

log = logging.getLogger("bare_bot")

WORK = float(os.environ.get("BARE_WORK_MS", "0")) / 1000
"""CPU seconds burnt on each interaction before answering."""


class BareBot(discord.AutoShardedClient):
    """Answers everything with "ok"."""

    def __init__(self, api_base: str) -> None:
        super().__init__(intents=gateway_intents())
        self.api_base = api_base

    async def setup_hook(self) -> None:
        """Connect to the gateway of the API we were pointed at (the fake Discord's)."""
        await follow_api_gateway(self, self.api_base)

    async def on_ready(self) -> None:
        """The line the benchmarks wait for, as the real bot logs it."""
        log.info("ready as %s", self.user)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """The fixed ephemeral answer (after WORK seconds of CPU)."""
        if WORK:
            until = time.thread_time() + WORK
            while time.thread_time() < until:
                pass
        await interaction.response.send_message("ok", ephemeral=True)


def main() -> int:
    """Connect to DISCORD_API_BASE (the gateway comes from its GET /gateway/bot)."""
    base = os.environ.get("DISCORD_API_BASE", DISCORD)
    if base != DISCORD:
        discord.http.Route.BASE = f"{base.rstrip('/')}/api/v10"
    discord.utils.setup_logging(level=logging.INFO)
    event_loop.run(BareBot(base), os.environ["DISCORD_TOKEN"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
