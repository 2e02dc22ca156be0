"""A bare discord.py bot for comparison: answers every interaction at once with one fixed
ephemeral message. Same client class, intents, event loop and garbage collection as the real
bot, nothing else.

The collector matters to the comparison. With Python's own thresholds this bot ran a full pass
of 26-30 ms every 10 s or so under load, which the real bot does not (bot.collector), and the
answers that waited on them could set its p99 and flatter our ratio to it (README, performance).

Run (as benchmarks/load.py does): DISCORD_TOKEN=x DISCORD_API_BASE=http://127.0.0.1:PORT
python -m benchmarks.bare_bot

With PROCESSES=N it runs as N processes sharing the shards, as the real bot does (bot.cluster).
With BARE_WORK_MS=W it first burns W ms of CPU on each interaction, synchronously, as a handler
that does its work before answering would (`load.py --calibrate`).
"""

from __future__ import annotations

import logging
import os
import sys
import time
from typing import Any

import discord

from bot import event_loop
from bot.cluster import (
    Cluster,
    TakesTurnsToIdentify,
    shard_options,
    supervise,
    supervising,
    watch_lifeline,
)
from bot.collector import CollectorClock, freeze_startup_heap
from bot.gateway import follow_api_gateway
from bot.intents import gateway_intents
from bot.settings import DISCORD

log = logging.getLogger("bare_bot")

WORK = float(os.environ.get("BARE_WORK_MS", "0")) / 1000
"""CPU seconds burnt on each interaction before answering."""


class BareBot(TakesTurnsToIdentify, discord.AutoShardedClient):
    """Answers everything with "ok"."""

    def __init__(self, cluster: Cluster | None, **options: Any) -> None:
        super().__init__(**options)
        self.cluster = cluster
        self.collector = CollectorClock()

    async def setup_hook(self) -> None:
        """Exit with the supervisor, if there is one; the collector as the real bot runs it;
        the fake Discord's gateway."""
        watch_lifeline(self.loop)
        freeze_startup_heap()
        self.collector.start()
        await follow_api_gateway(self, os.environ.get("DISCORD_API_BASE", DISCORD))

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
    processes = int(os.environ.get("PROCESSES", "1"))
    if supervising(processes):
        return supervise("benchmarks.bare_bot", processes)
    base = os.environ.get("DISCORD_API_BASE", DISCORD)
    discord.http.Route.BASE = f"{base.rstrip('/')}/api/v10"
    discord.utils.setup_logging(level=logging.INFO)
    cluster = Cluster.from_env(processes, None)
    bot = BareBot(cluster, intents=gateway_intents(), **shard_options(cluster, None))
    event_loop.run(bot, os.environ["DISCORD_TOKEN"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
