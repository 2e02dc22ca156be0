"""Paces the bot's own REST calls (board edits, announcements, DMs) below Discord's global limit.

Interaction answers are exempt from the global limit of 50 requests a second, but while a global
429 lasts discord.py holds back every request, answers included, and clicks fail. So everything
else leaves at a steady rate under the limit: a job awaits `slot()` right before each of its
requests, so the time a job spends preparing one (drawing a picture) never bunches requests
together. A job queued again under the same key before it started keeps its place and does the
newest work when it runs: a busy game's board shows the latest state, not every state in between.
A request can still leave well after its slot (discord.py holds it for its route, the loop is
busy), so a slot is also a turn of the bot's `RestBudget`, which counts what actually leaves.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Hashable

from bot.rest_budget import RestBudget

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[None]]

ROUTE_LIMIT, ROUTE_WINDOW = 5, 5.0
"""Discord's limit for creating, and for editing, messages in one channel: 5 per 5 s."""
ROUTES_KEPT = 4096
"""Routes remembered before those whose window has passed are forgotten."""


class Outbox:
    """A keyed FIFO of jobs whose requests leave at `per_second`, with bursts of up to `burst`
    after a quiet spell.

    At most `per_second` jobs run at once (one second's worth of requests); the rest wait in
    the queue, where a newer job under the same key replaces them. `per_second` 0 means no
    pacing at all (a simulated Discord without a global limit, or interaction webhooks, which
    Discord does not count against it).
    """

    def __init__(self, per_second: float, burst: int, budget: RestBudget | None = None) -> None:
        self._interval = 1.0 / per_second if per_second else 0.0
        self._burst = burst
        self._budget = budget
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._next_at = 0.0
        self._drainer: asyncio.Task[None] | None = None
        self._running: set[asyncio.Task[None]] = set()
        self._room = asyncio.Semaphore(max(1, int(per_second))) if per_second else None
        self._turn = asyncio.Lock()
        self._routes: dict[Hashable, deque[float]] = {}
        """Each route's latest requests, for its own limit (ROUTE_LIMIT per ROUTE_WINDOW)."""
        self._closed = False

    def __len__(self) -> int:
        return len(self._jobs)

    def put(self, key: str, job: Job) -> None:
        """Queue `job`; under a key already waiting, replace that job."""
        if self._closed:
            return  # shutting down: nothing more goes out
        # A key already waiting keeps its place (and the drainer is already running).
        self._jobs[key] = job
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

    async def slot(self, route: Hashable | None = None) -> None:
        """Return when one more request may leave: a job awaits this right before each one.

        `route`: the request's own Discord limit, e.g. ("edit", channel id): 5 per 5 s in a
        channel. Waiting for it here, not inside discord.py, keeps every request leaving at its
        slot; requests that discord.py held for their channels (whose windows the opening of
        many tables at once lines up) would otherwise leave together, over the global limit.
        """
        if not self._interval:
            return
        if route is not None:
            await self._route_turn(route)
        # One caller at a time, in turn: however late the loop wakes a sleeper, the next one
        # counts from now, so requests never catch up by more than the burst.
        async with self._turn:
            now = asyncio.get_running_loop().time()
            # Credit for a quiet spell is capped at `burst` requests.
            self._next_at = max(self._next_at, now - self._burst * self._interval)
            if self._next_at > now:
                await asyncio.sleep(self._next_at - now)
            self._next_at += self._interval
            if self._budget is not None:
                await self._budget.take()

    async def _route_turn(self, route: Hashable) -> None:
        loop = asyncio.get_running_loop()
        if len(self._routes) > ROUTES_KEPT:
            # Forget routes whose window has passed: they could send again at once anyway.
            now = loop.time()
            for key in [k for k, sent in self._routes.items() if sent[-1] < now - ROUTE_WINDOW]:
                del self._routes[key]
        sent = self._routes.setdefault(route, deque(maxlen=ROUTE_LIMIT))
        while len(sent) == ROUTE_LIMIT and (wait := sent[0] + ROUTE_WINDOW - loop.time()) > 0:
            await asyncio.sleep(wait)
        sent.append(loop.time())

    async def _drain(self) -> None:
        try:
            while self._jobs:
                if self._room is not None:
                    await self._room.acquire()
                if not self._jobs:  # closed meanwhile
                    self._free()
                    break
                _, job = self._jobs.popitem(last=False)
                # Each job runs on its own: a route that is rate limited must not hold the queue.
                task = asyncio.get_running_loop().create_task(self._run(job))
                self._running.add(task)
                task.add_done_callback(self._running.discard)
        finally:
            self._drainer = None

    def _free(self) -> None:
        if self._room is not None:
            self._room.release()

    async def _run(self, job: Job) -> None:
        try:
            await job()
        except Exception:
            log.exception("a queued Discord call failed")
        finally:
            self._free()
