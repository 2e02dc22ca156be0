"""The AIs think in a worker process, so the core that answers clicks does not.

Zero's lookahead and The Game's planner take about half a millisecond a move (up to 10 ms), the
other AIs 0.1-0.2 ms (with tails of 2-3 ms in Genial and Hourglass), and a table with three AI
seats asks for one after every move: under load that was a sixth of the bot's CPU, taken from
the clicks of every table, and each long decision stalled every click in flight.

The worker (`python -m bot.ai_worker`) reads requests from its stdin and writes decisions to its
stdout, as length-prefixed pickles. The bot's event loop does both ends itself: no executor
threads and queues, which cost more per decision than the decision (measured: 460 µs against
380). On the bot's loop (uvloop) a trip costs the bot 55-119 µs, less than deciding itself for
every game (`python -m benchmarks.ai_worker`). A decision depends only on the state, the seat
and the game's seed, so the worker chooses what the bot would have. When the bot dies, however
it dies, the worker reads the end of its stdin and exits.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import pickle
import sys
import time
from typing import Any

import engines
from engines.core import rng_for

log = logging.getLogger(__name__)

RESTART_AFTER = 60.0
"""A worker that dies sooner than this after the last one is not replaced: the bot decides."""
_SIZE = 4


def decide(slug: str, state: Any, seat: int, seed: int) -> Any:
    """The AI's action for `seat`, from that seat's view only."""
    game = engines.game(slug)
    legal = game.legal_actions(state, seat)
    rng = rng_for(seed, state.version, f"ai{seat}")
    return game.ai_action(game.view(state, seat), legal, rng)


def _frame(value: Any) -> bytes:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return len(data).to_bytes(_SIZE, "big") + data


class WorkerGoneError(Exception):
    """The worker exited before it answered."""


class AiWorker:
    """The bot's end: asks the worker, or decides itself (no worker, or one that keeps dying)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._proc: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self._restart: asyncio.Task[None] | None = None
        self._ids = itertools.count()
        self._started_at = 0.0

    async def start(self) -> None:
        """Start the worker (a fresh interpreter: the bot's sockets stay its own)."""
        if not self.enabled or self._proc is not None:
            return
        self._started_at = time.monotonic()
        self._proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.ai_worker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        self._reader = asyncio.get_running_loop().create_task(self._read(self._proc))

    async def choose(self, slug: str, state: Any, seat: int, seed: int) -> Any:
        """The AI's action: from the worker, or decided here when there is none."""
        proc = self._proc
        if proc is None or proc.stdin is None:
            return decide(slug, state, seat, seed)
        request = next(self._ids)
        answer = asyncio.get_running_loop().create_future()
        self._pending[request] = answer
        try:
            proc.stdin.write(_frame((request, slug, state, seat, seed)))
            return await answer
        except (WorkerGoneError, ConnectionError):
            return decide(slug, state, seat, seed)
        finally:
            self._pending.pop(request, None)

    async def _read(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stdout is not None
        try:
            while True:
                size = int.from_bytes(await proc.stdout.readexactly(_SIZE), "big")
                request, ok, value = pickle.loads(await proc.stdout.readexactly(size))
                answer = self._pending.get(request)
                if answer is not None and not answer.done():
                    if ok:
                        answer.set_result(value)
                    else:
                        answer.set_exception(RuntimeError(f"the AI failed in the worker: {value}"))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        if self._proc is proc:
            self._gone()

    def _gone(self) -> None:
        """The worker exited: its questions are decided here, and a new one is started."""
        self._proc = None
        self._fail_pending()
        if self.enabled and time.monotonic() - self._started_at >= RESTART_AFTER:
            log.warning("the AI worker exited; starting a new one")
            # Kept, or the loop's weak reference could let the start be collected midway.
            self._restart = asyncio.get_running_loop().create_task(self.start())
        elif self.enabled:
            log.warning(
                "the AI worker exited within a minute of starting; the AIs now decide in the bot"
            )
            self.enabled = False

    async def stop(self) -> None:
        """End the worker (it exits when its stdin closes); later decisions are made here."""
        self.enabled = False
        if self._restart is not None:
            self._restart.cancel()
            await asyncio.gather(self._restart, return_exceptions=True)
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.stdin is not None:
            proc.stdin.close()
        try:
            await asyncio.wait_for(proc.wait(), timeout=2.0)
        except TimeoutError:
            proc.kill()
            await proc.wait()
        if self._reader is not None:
            await self._reader
        self._fail_pending()

    def _fail_pending(self) -> None:
        """Questions the worker will not answer any more: the bot decides them itself."""
        for answer in self._pending.values():
            if not answer.done():
                answer.set_exception(WorkerGoneError())


def main() -> None:
    """The worker: one decision per request, until the bot closes our stdin."""
    for slug in engines.SLUGS:
        engines.game(slug)
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    while len(header := requests.read(_SIZE)) == _SIZE:
        size = int.from_bytes(header, "big")
        if len(body := requests.read(size)) < size:
            return  # the bot died in the middle of a request
        request, slug, state, seat, seed = pickle.loads(body)
        try:
            answer = (request, True, decide(slug, state, seat, seed))
        except Exception as exc:  # reported to the bot, which logs it as a failed AI move
            answer = (request, False, repr(exc))
        answers.write(_frame(answer))
        answers.flush()


if __name__ == "__main__":
    main()
