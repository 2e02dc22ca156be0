"""Holds each REST call of this process to its share of Discord's global limit, as it leaves.

The outbox (cogs.outbox) paces the bot's own calls when their jobs start, but a call can leave
well after its turn: discord.py holds it while its route's bucket is empty (five posts in five
seconds a channel), a game's posts wait for each other, a turn DM is two calls in a row. Calls
held back and then released together could pass 50 in a second, and a global 429 holds back
every call of the bot for its `retry_after`. So every call is also counted when it asks the
connection pool for a connection, just before it is sent. It only waits when the outbox's
pacing was not enough.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import TYPE_CHECKING

import aiohttp

if TYPE_CHECKING:
    from aiohttp.connector import Connection
    from aiohttp.tracing import Trace

SLACK = 0.1
"""Seconds added to the window: a call counted here reaches Discord a little later (the loop's
lateness, a new connection, the network), which can bring calls closer together there."""

EXEMPT = ("/interactions/", "/webhooks/")
"""Interaction answers and followups: not counted in the global limit."""


class GlobalLimit:
    """At most `per_second` calls a second, in the order they ask.

    Counted as whole calls in a window: 50 a second is 50 in any 1 s, and a share below one
    call a second (more processes than 50) is one call in a longer window; each window is
    SLACK longer still.
    """

    def __init__(self, per_second: float) -> None:
        calls = max(int(per_second), 1)
        self._window = calls / per_second + SLACK
        # The times given to the last `calls` calls: a call goes a window after the one
        # `calls` calls before it, so every call waits once, for a time known when it asks.
        self._given: deque[float] = deque(maxlen=calls)

    async def turn(self) -> None:
        """Wait until one more call fits in the window."""
        now = asyncio.get_running_loop().time()
        at = now
        if len(self._given) == self._given.maxlen:
            at = max(now, self._given[0] + self._window)
        self._given.append(at)
        if at > now:
            await asyncio.sleep(at - now)


def counted(path: str) -> bool:
    """Whether a request to `path` counts in the global limit (the gateway's websocket is not
    a REST call, though it is opened through the same session)."""
    return path.startswith("/api/") and not any(part in path for part in EXEMPT)


class LimitedConnector(aiohttp.TCPConnector):
    """discord.py's own connector (no cap on connections), where each counted call waits its
    turn in `global_limit` before it gets a connection. Build it in the running loop."""

    def __init__(self, global_limit: GlobalLimit) -> None:
        super().__init__(limit=0)
        self._global_limit = global_limit

    async def connect(
        self, req: aiohttp.ClientRequest, traces: list[Trace], timeout: aiohttp.ClientTimeout
    ) -> Connection:
        if counted(req.url.path):
            await self._global_limit.turn()
        return await super().connect(req, traces, timeout)
