"""Who goes first in the worker: a picture a member waits for, then the AIs, then boards.

An executor serves its calls in the order they came, so a panel's picture, which a member is
waiting for, would wait behind every board picture and AI decision asked for before it. The
queue lets only a few calls into the executor at a time and holds the rest in the bot, to be
let in by urgency.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
from collections.abc import Callable
from concurrent.futures import Executor, Future
from enum import IntEnum
from typing import Any, TypeVar

T = TypeVar("T")


class Urgency(IntEnum):
    """What waits on a call, most urgent first."""

    MEMBER = 0
    """A member waits for the answer: their panel's picture."""
    AI = 1
    """An AI seat's decision: the next human's turn waits for it."""
    BOARD = 2
    """A board's picture, drawn inside its paced edit: nobody's click waits for it."""


class WorkerQueue:
    """Lets at most `slots` calls into an executor at once, the most urgent waiting one first
    (in order of arrival within an urgency)."""

    def __init__(self, slots: int) -> None:
        self._free = slots
        self._waiting: list[tuple[Urgency, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()

    async def call(
        self, executor: Executor, urgency: Urgency, fn: Callable[..., T], *args: Any
    ) -> T:
        """`fn(*args)` in `executor`, once the calls more urgent than it have gone in."""
        await self._enter(urgency)
        try:
            call = executor.submit(fn, *args)
        except BaseException:
            self._leave()
            raise
        loop = asyncio.get_running_loop()

        def done(_: Future[T]) -> None:
            # The slot is free when the executor is done with the call, not when its caller
            # stopped waiting for it (a picture given up on is still being drawn).
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
                loop.call_soon_threadsafe(self._leave)

        call.add_done_callback(done)
        return await asyncio.wrap_future(call)

    async def _enter(self, urgency: Urgency) -> None:
        """Wait for a slot; `_leave` gives it back."""
        if self._free:
            self._free -= 1
            return
        turn = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (urgency, next(self._arrivals), turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._leave()  # given the slot just as it gave up: the next one takes it
            raise

    def _leave(self) -> None:
        """A call is done: the most urgent waiting one goes in."""
        while self._waiting:
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():
                turn.set_result(None)
                return
        self._free += 1
