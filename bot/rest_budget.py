"""Keeps what actually reaches Discord within its global limit, counted as each request leaves.

The outbox (cogs.outbox) gives each of the bot's own requests a turn at a steady rate, but a
request can leave well after its turn: discord.py holds it while its route is busy (it sends
the DM-channel requests one at a time, for instance) and a busy event loop wakes it late. Held
requests then leave together: at 500 tables the turns never passed 46 in a second while the
requests that left passed 60, and Discord answers more than 50 in a second with a global 429,
which holds back every request of the bot, interaction answers included.

discord.py takes an aiohttp trace (its `http_trace` option), whose request-start signal fires as
each request leaves. The budget counts those, and gives a new turn only while the requests sent
in the last WINDOW and the turns given but not used yet are fewer than its limit. Whatever a
turn waits for before its request leaves, any second then sees at most `limit` requests leave.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections import deque
from types import SimpleNamespace

import aiohttp

WINDOW = 1.1
"""Discord's global limit counts requests per second; the tenth more is for requests that take
longer than others to get there (a late loop between the trace and the write, the network)."""
TURN_KEPT = 5.0
"""Seconds a turn counts while its request has not left: longer than discord.py holds a request
for its route (5 posts or edits per 5 s in a channel), and short enough that a turn whose job
failed before sending blocks nothing for long."""
EXEMPT = ("/interactions/", "/webhooks/")
"""Interaction answers and followups: outside the global limit."""


class RestBudget:
    """At most `limit` of the bot's own requests reach Discord in any second."""

    def __init__(self, limit: int) -> None:
        self._limit = max(limit, 1)
        self._sent: deque[float] = deque()
        self._turns: deque[float] = deque()
        """When each turn given and not yet used was given."""
        self._lock = asyncio.Lock()
        self._left = asyncio.Event()
        """Set when a request leaves: room then comes a window after it, maybe sooner than the
        lapse of the oldest unused turn that a waiter counted on."""
        self.trace = aiohttp.TraceConfig()
        """For discord.py's `http_trace`: how the budget sees requests leave."""
        self.trace.on_request_start.append(self._request_started)

    async def take(self) -> None:
        """Wait until one more request fits, then hold a turn for it until it leaves."""
        loop = asyncio.get_running_loop()
        async with self._lock:
            while True:
                now = loop.time()
                self._forget(now)
                if len(self._sent) + len(self._turns) < self._limit:
                    self._turns.append(now)
                    return
                # Room comes when a request sent leaves the window or an unused turn lapses
                # (the budget is full, so there is one or the other).
                room_at = min(
                    self._sent[0] + WINDOW if self._sent else math.inf,
                    self._turns[0] + TURN_KEPT if self._turns else math.inf,
                )
                self._left.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._left.wait(), max(room_at - now, 0.001))

    def _forget(self, now: float) -> None:
        while self._sent and self._sent[0] <= now - WINDOW:
            self._sent.popleft()
        while self._turns and self._turns[0] <= now - TURN_KEPT:
            self._turns.popleft()

    async def _request_started(
        self,
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestStartParams,
    ) -> None:
        if any(part in params.url.path for part in EXEMPT):
            return
        now = asyncio.get_running_loop().time()
        self._forget(now)
        self._sent.append(now)
        # Requests outside the outbox (start-up, a thread for a lobby) use no turn.
        if self._turns:
            self._turns.popleft()
        self._left.set()
