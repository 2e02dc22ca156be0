"""A gate that lets background work through a few steps per event-loop iteration, after clicks.

asyncio runs every ready callback of an iteration before it reads the sockets again, so a
hundred games whose AI seats all move at once would make each click that arrives meanwhile
wait for all of those moves. Behind this gate they take turns over the following iterations,
and clicks are read in between.

Clicks come first: while any click is being answered (`Foreground`), the gate lets nothing
through, for at most `patience` seconds, so a burst of clicks is answered before the AI moves
and board edits that arrived with it. Players wait for the answer to their own click; an AI
move or a board edit a little later is not something they can see, and under Discord's 3 s
limit for clicks, a second of patience keeps a burst (every table of a server opening a game at
once) from spilling into them.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable


class Foreground:
    """How many clicks are being answered right now."""

    def __init__(self) -> None:
        self._serving = 0
        self._on_idle: list[Callable[[], None]] = []

    @property
    def busy(self) -> bool:
        """Whether some click has not been answered yet."""
        return self._serving > 0

    def begin(self) -> Callable[[], None]:
        """A click starts being answered; call the result when its answer is on its way.

        The result may be called more than once (the first call counts).
        """
        self._serving += 1
        ended = False

        def end() -> None:
            nonlocal ended
            if ended:
                return
            ended = True
            self._serving -= 1
            if not self._serving:
                callbacks, self._on_idle = self._on_idle, []
                for callback in callbacks:
                    callback()

        return end

    def when_idle(self, callback: Callable[[], None]) -> None:
        """Call `callback` once, when no click is being answered (at once if none is)."""
        if self._serving:
            self._on_idle.append(callback)
        else:
            callback()


class TickGate:
    """At most about `per_tick` callers of `turn()` proceed per iteration; the rest queue, FIFO.

    With a `foreground`, nobody proceeds while it is busy, unless the first in the queue has
    waited `patience` seconds already (background work is delayed, never starved).
    """

    def __init__(
        self, per_tick: int, foreground: Foreground | None = None, patience: float = 1.0
    ) -> None:
        self._per_tick = per_tick
        self._foreground = foreground
        self._patience = patience
        self._passed = 0
        self._waiting: deque[tuple[asyncio.Future[None], float]] = deque()
        self._tick_scheduled = False
        self._wake: asyncio.TimerHandle | None = None

    async def turn(self) -> None:
        """Wait until this iteration (or a later one) has room for one more step."""
        loop = asyncio.get_running_loop()
        self._schedule_tick(loop)
        if self._passed < self._per_tick and not self._waiting and not self._held():
            self._passed += 1
            return
        ticket: asyncio.Future[None] = loop.create_future()
        self._waiting.append((ticket, loop.time()))
        await ticket

    def _held(self) -> bool:
        return self._foreground is not None and self._foreground.busy

    def _schedule_tick(self, loop: asyncio.AbstractEventLoop) -> None:
        if not self._tick_scheduled:
            self._tick_scheduled = True
            loop.call_soon(self._tick, loop)

    def _tick(self, loop: asyncio.AbstractEventLoop) -> None:
        """A new iteration: let the next few waiting callers go (or wait for the clicks)."""
        self._tick_scheduled = False
        self._passed = 0
        if self._waiting and self._held():
            since = self._waiting[0][1]
            if loop.time() - since < self._patience:
                self._sleep_until_idle(loop, since + self._patience)
                return
        while self._waiting and self._passed < self._per_tick:
            ticket, _ = self._waiting.popleft()
            if not ticket.done():  # a cancelled waiter gives its place away
                ticket.set_result(None)
                self._passed += 1
        if self._waiting or self._passed:
            self._schedule_tick(loop)

    def _sleep_until_idle(self, loop: asyncio.AbstractEventLoop, at_the_latest: float) -> None:
        """Tick again when the clicks are answered, or at `at_the_latest`, whichever is first."""
        if self._wake is not None:
            return
        self._wake = loop.call_at(at_the_latest, self._woken, loop)
        assert self._foreground is not None
        self._foreground.when_idle(lambda: self._woken(loop))

    def _woken(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._wake is None:  # the other of the two wake-ups came first
            return
        self._wake.cancel()
        self._wake = None
        self._schedule_tick(loop)
