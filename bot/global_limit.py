"""Holds each REST call of this process to its share of Discord's global limit, as it leaves.

The outbox (cogs.outbox) paces the bot's own calls when their jobs start, but a call can leave
well after its turn: discord.py holds it while its route's bucket is empty (five posts in five
seconds a channel), a game's posts wait for each other, a turn DM is two calls in a row. Calls
held back and then released together could pass 50 in a second, and a global 429 holds back
every call of the bot for its `retry_after`. So every call is also counted when aiohttp starts
it, through the session's request-start signal, which aiohttp awaits before sending (discord.py
takes it as `http_trace`). It only waits when the outbox's pacing was not enough.
"""

from __future__ import annotations

import asyncio
from collections import deque
from types import SimpleNamespace

import aiohttp

SLACK = 0.1
"""Seconds added to the window: a call counted here reaches Discord a little later (the loop's
lateness, a new connection, the network), which can bring calls closer together there."""

EXEMPT = ("/interactions/", "/webhooks/")
"""Interaction answers and followups: not counted in the global limit."""


class GlobalLimit:
    """At most `limit` calls in any `per` seconds (plus SLACK), in the order they ask."""

    def __init__(self, limit: int, per: float = 1.0) -> None:
        self._window = per + SLACK
        # The times given to the last `limit` calls: a call goes a window after the one
        # `limit` calls before it, so every call waits once, for a time known when it asks.
        self._given: deque[float] = deque(maxlen=limit)

    async def turn(self) -> None:
        """Wait until one more call fits in the window."""
        now = asyncio.get_running_loop().time()
        at = now
        if len(self._given) == self._given.maxlen:
            at = max(now, self._given[0] + self._window)
        self._given.append(at)
        if at > now:
            await asyncio.sleep(at - now)

    def trace_config(self) -> aiohttp.TraceConfig:
        """An aiohttp trace that makes every counted request of its session take its turn."""
        config = aiohttp.TraceConfig()
        config.on_request_start.append(self._on_request_start)
        return config

    async def _on_request_start(
        self,
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestStartParams,
    ) -> None:
        path = params.url.path
        # The gateway's websocket is opened through the same session but is not a REST call.
        if path.startswith("/api/") and not any(part in path for part in EXEMPT):
            await self.turn()
