"""The AIs think, and the pictures are drawn, in a worker process, so the core that answers
clicks does not.

Zero's lookahead and The Game's planner take about half a millisecond a move (up to 10 ms), the
other AIs 0.1-0.2 ms, and a table with AI seats asks after every move: under load that is a
good share of a core, and a long decision would stall every click in flight. The worker is a
standard `ProcessPoolExecutor` of one process, started from a fork server (the bot's own
threads and sockets are never forked). A decision depends only on the state, the seat and the
game's seed, so the worker chooses exactly what the bot would have. A picture takes a few
milliseconds of CPU; drawn in threads of the bot, they took that time from the clicks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, TypeVar

import engines
from engines.core import rng_for

log = logging.getLogger(__name__)

T = TypeVar("T")

RESTART_AFTER = 60.0
"""A worker that dies sooner than this after it started is not replaced: the bot decides."""
ANSWER_LIMIT = 10.0
"""Seconds the worker has to answer a call (a decision takes milliseconds, a picture a few):
past them it is taken for hung, killed and replaced, and the bot does the work itself, so that
no game waits on it for ever."""
STOP_WAIT = 2.0
"""Seconds the worker has to end once told to stop; then it is killed."""


def decide(slug: str, state: Any, seat: int, seed: int) -> Any:
    """The AI's action for `seat`, from that seat's view only."""
    game = engines.game(slug)
    legal = game.legal_actions(state, seat)
    rng = rng_for(seed, state.version, f"ai{seat}")
    return game.ai_action(game.view(state, seat), legal, rng)


PRELOAD = ["bot.worker_preload"]
"""What the fork server imports once, before it forks any worker (it runs
`bot.worker_load.load_worker`): each worker, the first or one started again after a crash, is
forked with the engines, the pictures and the compiled catalogs already loaded."""


WORKER_UP = "the AIs think and the pictures are drawn in the worker"
"""Logged once the worker runs; until then the bot does both itself."""

BOT_WATCH_SECONDS = 1.0
"""How often the worker looks whether the bot that started it is still there."""


def _follow_bot(bot_pid: int) -> None:
    """In the worker: end when the bot's process is gone, however it went (SIGKILL included).

    The pool's worker waits for calls that a dead bot will never send, and it was forked by
    the fork server, not by the bot, so no parent-death signal reaches it.
    """

    # Ctrl-C in a terminal reaches the whole process group: the bot ends the worker itself,
    # without a KeyboardInterrupt traceback from it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while True:
            time.sleep(BOT_WATCH_SECONDS)
            try:
                os.kill(bot_pid, 0)
            except ProcessLookupError:
                os._exit(0)

    threading.Thread(target=watch, name="follow-bot", daemon=True).start()


class AiWorker:
    """Asks the worker process, or decides in the bot (no worker, or one that keeps dying)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._pool: ProcessPoolExecutor | None = None
        self._pid: int | None = None
        self._started_at = 0.0

    async def start(self) -> None:
        """Start the worker process and load it; until then the bot decides itself (and
        pictures are drawn in its threads)."""
        if not self.enabled or self._pool is not None:
            return
        self._started_at = time.monotonic()
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        pool = ProcessPoolExecutor(
            max_workers=1,
            mp_context=context,
            initializer=_follow_bot,
            initargs=(os.getpid(),),
        )
        try:
            # The first call starts the fork server and waits for it to fork the worker, which
            # it does once it has loaded PRELOAD (seconds): a thread waits, the loop goes on.
            forked = await asyncio.to_thread(pool.submit, os.getpid)
            pid = await asyncio.wrap_future(forked)
        except Exception as exc:  # killed while it loads, say: the bot does without it
            log.warning("the AI worker could not start (%s); the AIs decide here", exc)
            self.enabled = False
            pool.shutdown(wait=False, cancel_futures=True)
            return
        if not self.enabled:  # stopped meanwhile
            pool.shutdown(wait=False, cancel_futures=True)
            return
        self._pool, self._pid = pool, pid
        log.info("%s (process %d)", WORKER_UP, pid)

    async def worker_pid(self) -> int | None:
        """The process id of the worker (None when the bot decides itself)."""
        pool = self._pool
        if pool is None:
            return None
        return await asyncio.get_running_loop().run_in_executor(pool, os.getpid)

    async def choose(self, slug: str, state: Any, seat: int, seed: int) -> Any:
        """The AI's action: from the worker, or decided here when there is none (or it died or
        hung on the way)."""
        action = await self.run(partial(decide, slug, state, seat, seed))
        return decide(slug, state, seat, seed) if action is None else action

    async def run(self, work: Callable[[], T]) -> T | None:
        """`work()` (picklable, with what it needs) in the worker; None when there is no
        worker (or it died or hung on the way), and the caller does it itself."""
        pool = self._pool
        if pool is None:
            return None
        try:
            call = asyncio.get_running_loop().run_in_executor(pool, work)
            return await asyncio.wait_for(call, ANSWER_LIMIT)
        except TimeoutError:
            log.warning("the AI worker did not answer in %s s; it is ended", ANSWER_LIMIT)
            self._kill()
        except BrokenProcessPool:
            pass
        await self._replace(pool)
        return None

    def _kill(self) -> None:
        """End the worker at once (it may be stopped, or deaf to the pool's requests)."""
        if self._pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._pid, signal.SIGKILL)

    async def _replace(self, broken: ProcessPoolExecutor) -> None:
        """The worker died: start another, unless it died young (then the bot decides)."""
        if self._pool is not broken:
            return  # another decision saw it first
        self._pool = None
        broken.shutdown(wait=False, cancel_futures=True)
        if time.monotonic() - self._started_at < RESTART_AFTER:
            log.warning("the AI worker died within a minute of starting; the AIs now decide here")
            self.enabled = False
            return
        log.warning("the AI worker died; starting a new one")
        await self.start()

    async def stop(self) -> None:
        """End the worker; later decisions are made in the bot. One that does not end within
        STOP_WAIT (hung) is killed, so that the bot's own end never waits on it."""
        self.enabled = False
        pool, self._pool = self._pool, None
        if pool is None:
            return
        pool.shutdown(wait=False, cancel_futures=True)
        ends = time.monotonic() + STOP_WAIT
        while self._pid is not None and time.monotonic() < ends:
            try:
                os.kill(self._pid, 0)
            except ProcessLookupError:
                return
            await asyncio.sleep(0.05)
        self._kill()
