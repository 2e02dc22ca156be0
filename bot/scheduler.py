"""Timers by name: each is one loop timer with a stored wall-clock due time.

The due times live in the database (games.deadline, games.created_at), so after a restart the
runtime schedules them again; one that passed while the bot was down fires at once.

A timer is a plain loop timer, and becomes a task only when it fires: most are replaced before
that (every move moves the turn clock), and a timer is cancelled where a sleeping task would
have to be woken up to learn it was cancelled.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

Clock = Callable[[], float]
"""Seconds since the epoch, now: `time.time`, or a simulated Discord's clock (the sandbox)."""

log = logging.getLogger(__name__)


class Scheduler:
    """Named one-shot timers; scheduling a name again replaces its timer."""

    def __init__(self, clock: Clock = time.time) -> None:
        self.clock = clock
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._groups: dict[str, set[str]] = {}
        self._firing: set[asyncio.Task[None]] = set()
        """Callbacks of timers that fired and are still running (a task needs a reference)."""

    def at(self, name: str, due: float, callback: Callable[[], Awaitable[None]]) -> None:
        """Run `callback` at wall-clock time `due` (at once if it has passed)."""
        self.cancel(name)
        delay = max(0.0, due - self.clock())
        loop = asyncio.get_running_loop()
        self._timers[name] = loop.call_later(delay, self._fire, name, callback)
        self._groups.setdefault(name.split(":", 1)[0], set()).add(name)

    def _fire(self, name: str, callback: Callable[[], Awaitable[None]]) -> None:
        self._forget(name)
        task = asyncio.get_running_loop().create_task(self._run(name, callback))
        self._firing.add(task)
        task.add_done_callback(self._firing.discard)

    async def _run(self, name: str, callback: Callable[[], Awaitable[None]]) -> None:
        try:
            await callback()
        except Exception:
            log.exception("timer %s failed", name)

    def cancel(self, name: str) -> None:
        """Forget a timer (one that fired already runs on: it may be the caller)."""
        timer = self._forget(name)
        if timer is not None:
            timer.cancel()

    def _forget(self, name: str) -> asyncio.TimerHandle | None:
        group = self._groups.get(name.split(":", 1)[0])
        if group is not None:
            group.discard(name)
            if not group:
                del self._groups[name.split(":", 1)[0]]
        return self._timers.pop(name, None)

    def cancel_prefix(self, prefix: str) -> None:
        """Forget every timer whose name starts with `prefix` (all timers of one game)."""
        if not prefix:
            names = list(self._timers)
        else:
            # Names are `<game>:<what>`: look in the game's few timers, not in every timer.
            group = prefix.split(":", 1)[0]
            names = [n for n in self._groups.get(group, ()) if n.startswith(prefix)]
        for name in names:
            self.cancel(name)
