"""A gate that lets background work through a few steps per event-loop iteration.

asyncio runs every ready callback of an iteration before it reads the sockets again, so a
hundred games whose AI seats all move at once would make each click that arrives meanwhile
wait for all of those moves. Behind this gate they take turns over the following iterations,
and clicks are read in between.
"""

from __future__ import annotations

import asyncio
from collections import deque


class TickGate:
    """At most about `per_tick` callers of `turn()` proceed per iteration; the rest queue, FIFO."""

    def __init__(self, per_tick: int) -> None:
        self._per_tick = per_tick
        self._passed = 0
        self._waiting: deque[asyncio.Future[None]] = deque()
        self._tick_scheduled = False

    async def turn(self) -> None:
        """Wait until this iteration (or a later one) has room for one more step."""
        loop = asyncio.get_running_loop()
        self._schedule_tick(loop)
        if self._passed < self._per_tick and not self._waiting:
            self._passed += 1
            return
        ticket: asyncio.Future[None] = loop.create_future()
        self._waiting.append(ticket)
        await ticket

    def _schedule_tick(self, loop: asyncio.AbstractEventLoop) -> None:
        if not self._tick_scheduled:
            self._tick_scheduled = True
            loop.call_soon(self._tick, loop)

    def _tick(self, loop: asyncio.AbstractEventLoop) -> None:
        """A new iteration: let the next few waiting callers go."""
        self._tick_scheduled = False
        self._passed = 0
        while self._waiting and self._passed < self._per_tick:
            ticket = self._waiting.popleft()
            if not ticket.done():  # a cancelled waiter gives its place away
                ticket.set_result(None)
                self._passed += 1
        if self._waiting or self._passed:
            self._schedule_tick(loop)
