"""Timers by name: each is one sleeping asyncio task with a stored wall-clock due time.

The due times live in the database (games.deadline, games.created_at), so after a restart the
runtime schedules them again; one that passed while the bot was down fires at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class Scheduler:
    """Named one-shot timers; scheduling a name again replaces its timer."""

    def __init__(self) -> None:
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._groups: dict[str, set[str]] = {}

    def at(self, name: str, due: float, callback: Callable[[], Awaitable[None]]) -> None:
        """Run `callback` at wall-clock time `due` (at once if it has passed)."""
        self.cancel(name)
        delay = max(0.0, due - time.time())
        self._tasks[name] = asyncio.get_running_loop().create_task(self._run(name, delay, callback))
        self._groups.setdefault(name.split(":", 1)[0], set()).add(name)

    async def _run(self, name: str, delay: float, callback: Callable[[], Awaitable[None]]) -> None:
        await asyncio.sleep(delay)
        self._forget(name)
        try:
            await callback()
        except Exception:
            log.exception("timer %s failed", name)

    def cancel(self, name: str) -> None:
        """Forget a timer (never the one that is running the caller)."""
        task = self._forget(name)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def _forget(self, name: str) -> asyncio.Task[None] | None:
        group = self._groups.get(name.split(":", 1)[0])
        if group is not None:
            group.discard(name)
            if not group:
                del self._groups[name.split(":", 1)[0]]
        return self._tasks.pop(name, None)

    def cancel_prefix(self, prefix: str) -> None:
        """Forget every timer whose name starts with `prefix` (all timers of one game)."""
        if not prefix:
            names = list(self._tasks)
        else:
            # Names are `<game>:<what>`: look in the game's few timers, not in every timer.
            group = prefix.split(":", 1)[0]
            names = [n for n in self._groups.get(group, ()) if n.startswith(prefix)]
        for name in names:
            self.cancel(name)
