"""Our bot with its CPU counted by stage: what it was doing, not where it was sampled.

`python -m benchmarks.stages` runs `python -m bot` with the functions that mark each stage of its
work wrapped (`STAGES`). Every step of a wrapped function or coroutine charges the CPU the main
thread spent in it to the innermost stage running, so a panel drawn inside a click counts as a
panel and not twice. A small thread appends the totals and the process's whole CPU to the file
named by $STAGES_TO every `EVERY` seconds. What no stage claims on the main thread is "the rest":
discord.py's gateway and parsing, aiohttp's handling of responses, the event loop; the bare bot
has those too. "threads" is the CPU of the process's other threads, off the core that answers
clicks: aiosqlite's, which reads and checkpoints the WAL (the writes run on the main thread, in
"commits"), and this recorder's.

py-spy's samples name functions, and a click's work (its commit, its panel, the AI moves it sets
off) is spread over shared ones, so profiles could not say what a click costs by stage. Counting
costs two reads of the thread's CPU clock (about 0.7 µs each) per step of a wrapped function.
`load.py --stages` runs our bot this way and prints the stages over the opening.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Generator
from pathlib import Path
from typing import Any

STAGES: dict[str, tuple[str, ...]] = {
    "answers": ("cogs.components:_respond",),
    "moves": ("bot.runtime:Runtime.act", "bot.runtime:Runtime.act_extra"),
    "hands": ("cogs.ui:hand_panel",),
    "boards": ("cogs.ui:board_message",),
    "lobbies": ("cogs.ui:lobby_message",),
    "clicks": ("bot.client:TabletopBot.on_interaction", "bot.client:GameTree._call"),
    "ai": ("bot.runtime:Runtime._drive_ai", "bot.ai_worker:AiWorker._read"),
    "commits": ("bot.batch_writer:BatchWriter._flush",),
    "outbox": ("cogs.outbox:Outbox._run",),
    "gc": ("bot.collector:CollectorClock._pass",),
}
"""Each stage and the functions (`module:qualname`) whose steps are its work."""

EVERY = 0.25
"""Seconds between two records of the totals."""


class Ledger:
    """The main thread's CPU seconds by stage; each step is charged to the innermost one."""

    def __init__(self, stages: list[str]) -> None:
        self.totals = dict.fromkeys(stages, 0.0)
        self._inner: list[float] = []  # for each open step, the CPU of the steps inside it

    def run(self, stage: str, step: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """`step(*args, **kwargs)`, charged to `stage` (less what stages inside it spent)."""
        start = time.thread_time()
        self._inner.append(0.0)
        try:
            return step(*args, **kwargs)
        finally:
            spent = time.thread_time() - start
            self.totals[stage] += spent - self._inner.pop()
            if self._inner:
                self._inner[-1] += spent


class Counted(Coroutine[Any, Any, Any]):
    """A coroutine whose every step is charged to a stage."""

    def __init__(self, ledger: Ledger, stage: str, coro: Coroutine[Any, Any, Any]) -> None:
        self._ledger, self._stage, self._coro = ledger, stage, coro

    def send(self, value: Any) -> Any:
        """One step."""
        return self._ledger.run(self._stage, self._coro.send, value)

    def throw(self, *exc: Any) -> Any:
        """One step that starts with an exception (a cancellation)."""
        return self._ledger.run(self._stage, self._coro.throw, *exc)

    def close(self) -> None:
        """Close the coroutine."""
        self._coro.close()

    def __await__(self) -> Generator[Any, None, Any]:
        return self  # type: ignore[return-value]  # an iterator of steps, as a coroutine's is

    def __iter__(self) -> Counted:
        return self

    def __next__(self) -> Any:
        return self.send(None)


def counting(ledger: Ledger, stage: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """`function`, with its CPU (every step of it, for a coroutine function) charged to `stage`."""
    if inspect.iscoroutinefunction(function):

        @functools.wraps(function)
        def coroutine(*args: Any, **kwargs: Any) -> Counted:
            return Counted(ledger, stage, function(*args, **kwargs))

        return coroutine

    @functools.wraps(function)
    def plain(*args: Any, **kwargs: Any) -> Any:
        return ledger.run(stage, function, *args, **kwargs)

    return plain


def install(ledger: Ledger) -> None:
    """Wrap every function of `STAGES` where it is looked up when called."""
    for stage, targets in STAGES.items():
        for target in targets:
            module_name, _, qualname = target.partition(":")
            owner: Any = importlib.import_module(module_name)
            *path, name = qualname.split(".")
            for part in path:
                owner = getattr(owner, part)
            raw = inspect.getattr_static(owner, name)
            if isinstance(raw, staticmethod):
                setattr(owner, name, staticmethod(counting(ledger, stage, raw.__func__)))
            else:
                setattr(owner, name, counting(ledger, stage, getattr(owner, name)))


def record(path: Path, ledger: Ledger, main_clock: int) -> None:
    """Append a line of totals every `EVERY` seconds: monotonic time, the process's CPU, the
    main thread's, and the stages'."""
    with open(path, "a") as out:
        while True:
            time.sleep(EVERY)
            line = {
                "t": time.monotonic(),
                # Both clocks to the nanosecond: os.times counts in 10 ms ticks, as coarse as
                # the other threads' whole share of a 5 s opening.
                "cpu": time.process_time(),
                "main": time.clock_gettime(main_clock),
                "stages": ledger.totals,
            }
            out.write(json.dumps(line) + "\n")
            out.flush()


def read(path: Path) -> list[dict[str, Any]]:
    """The records of a run, in order."""
    if not path.exists():
        return []
    with open(path) as lines:
        return [json.loads(line) for line in lines if line.endswith("\n")]


def between(records: list[dict[str, Any]], start: float, end: float) -> dict[str, float]:
    """CPU seconds of each stage, of "rest" (the main thread's), of "threads" (the others') and
    of "all" between two moments (nearest records)."""
    if not records:
        return {}
    first = min(records, key=lambda r: abs(r["t"] - start))
    last = min(records, key=lambda r: abs(r["t"] - end))
    spent = {k: last["stages"][k] - first["stages"][k] for k in last["stages"]}
    main = last["main"] - first["main"]
    everything = last["cpu"] - first["cpu"]
    spent["rest"] = main - sum(spent.values())
    spent["threads"] = everything - main
    spent["all"] = everything
    return spent


def main() -> int:
    """Install the counting, start recording, then run the bot as `python -m bot` would."""
    ledger = Ledger(list(STAGES))
    install(ledger)
    path = Path(os.environ["STAGES_TO"])
    main_thread = threading.main_thread().ident
    assert main_thread is not None  # it is this very thread, running
    main_clock = time.pthread_getcpuclockid(main_thread)
    threading.Thread(target=record, args=(path, ledger, main_clock), daemon=True).start()
    from bot.__main__ import main as bot_main

    return bot_main()


if __name__ == "__main__":
    sys.exit(main())
