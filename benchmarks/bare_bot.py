"""A bare discord.py bot for comparison: answers every interaction at once with one fixed
ephemeral message. Same client class and intents as the real bot, nothing else.

Run (as benchmarks/load.py does): DISCORD_TOKEN=x DISCORD_API_BASE=http://127.0.0.1:PORT
python -m benchmarks.bare_bot
"""

from __future__ import annotations

import logging
import os

import discord

from bot.intents import gateway_intents

log = logging.getLogger("bare_bot")


class BareBot(discord.AutoShardedClient):
    """Answers everything with "ok"."""

    async def on_ready(self) -> None:
        """The line the benchmarks wait for, as the real bot logs it."""
        log.info("ready as %s", self.user)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """The fixed ephemeral answer."""
        await interaction.response.send_message("ok", ephemeral=True)


def main() -> None:
    """Connect to DISCORD_API_BASE (the gateway comes from its GET /gateway/bot)."""
    base = os.environ.get("DISCORD_API_BASE", "https://discord.com")
    discord.http.Route.BASE = f"{base.rstrip('/')}/api/v10"
    discord.utils.setup_logging(level=logging.INFO)
    BareBot(intents=gateway_intents(), shard_count=None).run(
        os.environ["DISCORD_TOKEN"], log_handler=None
    )


if __name__ == "__main__":
    main()
