"""Paces the bot's own REST calls (board edits, announcements, DMs) below Discord's global limit.

Interaction answers are exempt from the global limit of 50 requests a second, but while a global
429 lasts discord.py holds back every request, answers included, and clicks fail. So everything
else waits here and leaves at a steady rate under the limit. A job queued again under the same
key before it ran keeps its place and does the newest work when it runs: a busy game's board
shows the latest state, not every state in between.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[None]]


class Outbox:
    """A keyed FIFO drained at `per_second`, with bursts of up to `burst` after a quiet spell.

    `per_second` 0 means no pacing at all (a simulated Discord without a global limit).
    """

    def __init__(self, per_second: float, burst: int) -> None:
        self._interval = 1.0 / per_second if per_second else 0.0
        self._burst = burst
        self._jobs: OrderedDict[str, tuple[Job, int]] = OrderedDict()
        self._next_at = 0.0
        self._drainer: asyncio.Task[None] | None = None
        self._running: set[asyncio.Task[None]] = set()
        self._closed = False

    def __len__(self) -> int:
        return len(self._jobs)

    def put(self, key: str, job: Job, cost: int = 1) -> None:
        """Queue `job` (`cost` requests); under a key already waiting, replace that job."""
        if self._closed:
            return  # shutting down: nothing more goes out
        if key in self._jobs:
            self._jobs[key] = (job, cost)
            return
        self._jobs[key] = (job, cost)
        if self._drainer is None:
            self._drainer = asyncio.get_running_loop().create_task(self._drain())

    async def idle(self) -> None:
        """Return once every job queued so far, and any it queued, has run."""
        while busy := [t for t in (self._drainer, *self._running) if t is not None]:
            await asyncio.gather(*busy, return_exceptions=True)

    async def close(self) -> None:
        """Drop what is still waiting and stop the jobs under way; later jobs are dropped too."""
        self._closed = True
        self._jobs.clear()
        tasks = [t for t in (self._drainer, *self._running) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _drain(self) -> None:
        try:
            while self._jobs:
                _, (job, cost) = self._jobs.popitem(last=False)
                await self._spend(cost)
                # Each job runs on its own: a route that is rate limited must not hold the queue.
                task = asyncio.get_running_loop().create_task(self._run(job))
                self._running.add(task)
                task.add_done_callback(self._running.discard)
        finally:
            self._drainer = None

    async def _spend(self, cost: int) -> None:
        if not self._interval:
            return
        now = asyncio.get_running_loop().time()
        # Credit for a quiet spell is capped at `burst` requests.
        self._next_at = max(self._next_at, now - self._burst * self._interval)
        if self._next_at > now:
            await asyncio.sleep(self._next_at - now)
        self._next_at += cost * self._interval

    @staticmethod
    async def _run(job: Job) -> None:
        try:
            await job()
        except Exception:
            log.exception("a queued Discord call failed")
