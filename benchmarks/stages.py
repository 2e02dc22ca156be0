"""Our bot with its CPU counted by stage: what it was doing, not where it was sampled.

`python -m benchmarks.stages` runs `python -m bot` with the functions that mark each stage of its
work wrapped (`STAGES`). Every step of a wrapped function or coroutine charges the CPU the main
thread spent in it to the innermost stage running, so a panel drawn inside a click counts as a
panel and not twice. Garbage collection on the main thread is timed by a `gc.callbacks` hook and
charged to "gc", whichever stage it interrupted. A small thread appends the totals and the
process's whole CPU to the file named by $STAGES_TO every `EVERY` seconds. What no stage claims on
the main thread is "the rest": discord.py's gateway and parsing of every interaction, aiohttp's
handling of responses, the event loop; the bare bot has those too. "threads" is the CPU of the
process's other threads, off the core that answers clicks: aiosqlite's, which reads and
checkpoints the WAL (the writes run on the main thread, in "commits"), the AI worker pool's
threads that send it the positions and read back its decisions, and this recorder's.

The stages, by the functions that do their work (`STAGES`):

- answers: `cogs.replies.Reply` answering (answer, edit, post, thinking) and discord.py's
  `InteractionResponse` calls (the callback request) and followups;
- moves: a member's move (`Runtime.act`, `act_extra`): the lock, the engine, the commit's wait;
- hands: a private panel drawn (`cogs.hand.hand_panel`), for a click or a turn DM;
- boards: a board drawn (`cogs.hand.board_message`) and edited or posted
  (`DiscordPresenter._draw_board`);
- lobbies: a lobby click's work (`cogs.lobby.lobby_click`) and a lobby drawn (`lobby_message`);
- clicks: the rest of every click and command: discord.py's dispatch to our DynamicItems (it
  rebuilds the clicked message's components as a View to find the item) and to our slash
  commands, and our handlers (`cogs.replies.guarded`) outside the stages above;
- ai: the AI seats' moves (`Runtime._drive_ai`): asking the worker (or deciding, without one),
  applying and committing;
- commits: the group commit of every write (`BatchWriter._flush` on SQLite,
  `PostgresDatabase._flush` on PostgreSQL);
- outbox: the paced REST calls (`cogs.outbox.Outbox`) outside the boards: announcements, turn
  DMs (their panels are "hands"), results;
- gc: the garbage collector's passes on the main thread.

Beside the CPU, the waits of a click on its way to the answer are timed on the wall clock, call
by call (`WAITS`): a move's commit, and the picture of the panel a member waits for. At a human
pace these, not the CPU, make the slowest clicks.

py-spy's samples name functions, and a click's work (its commit, its panel, the AI moves it sets
off) is spread over shared ones, so profiles could not say what a click costs by stage. Counting
costs two reads of the thread's CPU clock (about 0.7 µs each) per step of a wrapped function.
`load.py --stages` runs our bot this way and prints the stages over the opening.
"""

from __future__ import annotations

import functools
import gc
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
    "answers": (
        "cogs.replies:Reply.answer",
        "cogs.replies:Reply.edit",
        "cogs.replies:Reply.post",
        "cogs.replies:Reply.thinking",
        "discord.interactions:InteractionResponse.send_message",
        "discord.interactions:InteractionResponse.edit_message",
        "discord.interactions:InteractionResponse.defer",
        "discord.interactions:Interaction.edit_original_response",
        "discord.webhook.async_:Webhook.send",
    ),
    "moves": ("bot.runtime:Runtime.act", "bot.runtime:Runtime.act_extra"),
    "hands": ("cogs.hand:hand_panel",),
    "boards": ("cogs.hand:board_message", "cogs.presenter:DiscordPresenter._draw_board"),
    "lobbies": ("cogs.lobby:lobby_click", "cogs.lobby:lobby_message"),
    "clicks": (
        "discord.ui.view:ViewStore.schedule_dynamic_item_call",
        "discord.app_commands.tree:CommandTree._call",
        "cogs.replies:guarded",
    ),
    "ai": ("bot.runtime:Runtime._drive_ai",),
    "commits": (
        "bot.storage.batch_writer:BatchWriter._flush",
        "bot.storage.postgres:PostgresDatabase._flush",
    ),
    "outbox": ("cogs.outbox:Outbox._drain", "cogs.outbox:Outbox._run"),
}
"""Each stage and the functions (`module:qualname`) whose steps are its work.

Functions are replaced where they are looked up when called: on their class, or in their module
for module-level functions called by their module's own code. A function imported by name
elsewhere before `install` (`from cogs.hand import hand_panel`) would be missed there, so
`install` runs before the bot imports anything, and the names above are the ones the other
modules reach through the module or the class.
"""

WAITS: dict[str, str] = {
    "commit": "bot.storage.store:Storage.record_move",
    "picture": "cogs.pictures:hand_picture",
}
"""What a click waits for on the way to its answer, each call timed on the wall clock: a move's
commit (a member's or an AI's: the group commit it joins), and the picture of a private panel
that answers a click (calls with `waiting=False`, for turn DMs and panels kept current, are not
timed)."""

GC = "gc"
"""The stage of the garbage collector's passes on the main thread (not a function: a hook)."""

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

    def aside(self, stage: str, spent: float) -> None:
        """`spent` seconds of work that interrupted whatever step is open (a collector's pass):
        charged to `stage`, not to the step's."""
        self.totals[stage] += spent
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
        return self  # an iterator of steps, as a coroutine's is

    def __iter__(self) -> Counted:
        return self

    def __next__(self) -> Any:
        return self.send(None)


class Waits:
    """Wall-clock seconds of each call of `WAITS` since the recorder last took them."""

    def __init__(self) -> None:
        self.fresh: dict[str, list[float]] = {name: [] for name in WAITS}

    def taken(self) -> dict[str, list[float]]:
        """The durations since the last call (a sample landing during the swap may be lost)."""
        taken, self.fresh = self.fresh, {name: [] for name in WAITS}
        return taken


def timing(waits: Waits, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """The coroutine function `function`, each call's wall-clock time kept as a `name` wait."""

    @functools.wraps(function)
    async def timed(*args: Any, **kwargs: Any) -> Any:
        if not kwargs.get("waiting", True):
            return await function(*args, **kwargs)
        start = time.perf_counter()
        try:
            return await function(*args, **kwargs)
        finally:
            waits.fresh[name].append(time.perf_counter() - start)

    return timed


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


Wrap = Callable[[Callable[..., Any]], Callable[..., Any]]


def install(
    ledger: Ledger,
    only: str | None = None,
    skip: frozenset[str] = frozenset(),
    waits: Waits | None = None,
) -> None:
    """Wrap every function of `STAGES` (of module `only`, if given; none of `skip`'s), and with
    `waits` every one of `WAITS` too."""
    wraps: list[tuple[str, Wrap]] = [
        (target, functools.partial(counting, ledger, stage))
        for stage, targets in STAGES.items()
        for target in targets
    ]
    if waits is not None:
        wraps += [
            (target, functools.partial(timing, waits, name)) for name, target in WAITS.items()
        ]
    for target, wrap in wraps:
        module_name = target.partition(":")[0]
        if module_name not in skip and only in (None, module_name):
            replace(target, wrap)


def replace(target: str, wrap: Wrap) -> None:
    """Put `wrap(function)` in place of the function `target` names.

    A method is replaced on its class. A module-level function is replaced in its module and in
    every module loaded so far that imported it by name, so callers find the wrapper whether they
    call it through its module or by the name they imported (modules loaded later import the
    wrapper).
    """
    module_name, _, qualname = target.partition(":")
    module = importlib.import_module(module_name)
    owner: Any = module
    *path, name = qualname.split(".")
    for part in path:
        owner = getattr(owner, part)
    raw = inspect.getattr_static(owner, name)
    if isinstance(raw, staticmethod):
        setattr(owner, name, staticmethod(wrap(raw.__func__)))
        return
    original = getattr(owner, name)
    wrapper = wrap(original)
    setattr(owner, name, wrapper)
    if owner is module:
        for other in list(sys.modules.values()):
            if getattr(other, name, None) is original:
                setattr(other, name, wrapper)


def install_in_bot(ledger: Ledger, waits: Waits) -> None:
    """`install` for the bot: the extensions' functions once the bot has loaded each of them.

    discord.py loads an extension (`bot.client.EXTENSIONS`) as a new module each time, not the
    one `import` would give, so their functions are wrapped right after `load_extension`.
    """
    from bot.client import EXTENSIONS, TabletopBot

    extensions = frozenset(EXTENSIONS)
    install(ledger, skip=extensions, waits=waits)
    load_extension = TabletopBot.load_extension

    async def load_and_count(bot: TabletopBot, name: str, *, package: str | None = None) -> None:
        await load_extension(bot, name, package=package)
        if name in extensions:
            install(ledger, only=name, waits=waits)

    TabletopBot.load_extension = load_and_count  # type: ignore[method-assign, assignment]


def count_collections(ledger: Ledger, main_thread: int) -> Callable[[str, dict[str, int]], None]:
    """Charge the collector's passes on the main thread to `GC`; returns the `gc.callbacks`
    hook that does it."""
    started: list[float] = []

    def hook(phase: str, info: dict[str, int]) -> None:
        if threading.get_ident() != main_thread:
            return  # another thread's pass: "threads"
        if phase == "start":
            started.append(time.thread_time())
        elif started:
            ledger.aside(GC, time.thread_time() - started.pop())

    gc.callbacks.append(hook)
    return hook


def record(path: Path, ledger: Ledger, main_clock: int, waits: Waits) -> None:
    """Append a line of totals every `EVERY` seconds: monotonic time, the process's CPU, the
    main thread's, the stages', and the waits timed since the line before."""
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
                "waits": waits.taken(),
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


def waited(records: list[dict[str, Any]]) -> dict[str, list[float]]:
    """Every wait of a run, by name (seconds)."""
    every: dict[str, list[float]] = {name: [] for name in WAITS}
    for line in records:
        for name, seconds in line.get("waits", {}).items():
            every.setdefault(name, []).extend(seconds)
    return every


def main() -> int:
    """Install the counting, start recording, then run the bot as `python -m bot` would."""
    ledger = Ledger([*STAGES, GC])
    main_thread = threading.main_thread().ident
    assert main_thread is not None  # it is this very thread, running
    count_collections(ledger, main_thread)
    waits = Waits()
    install_in_bot(ledger, waits)
    path = Path(os.environ["STAGES_TO"])
    main_clock = time.pthread_getcpuclockid(main_thread)
    recorder = threading.Thread(target=record, args=(path, ledger, main_clock, waits), daemon=True)
    recorder.start()
    from bot.__main__ import main as bot_main

    return bot_main()


if __name__ == "__main__":
    sys.exit(main())
