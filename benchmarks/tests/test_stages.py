"""`--stages`: our bot's CPU by what it was doing, each step charged once, to the right stage.

The test that runs the bot process is marked `benchmark` (about 10 s): `pytest -m benchmark`.
"""

from __future__ import annotations

import asyncio
import gc
import sys
import threading
import time
import types
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks import stages
from benchmarks.fake_discord.players import Players
from benchmarks.fake_discord.world import make_server, make_tables, playable_slugs, start_bot


def burn(seconds: float) -> None:
    """Spend about `seconds` of this thread's CPU."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_a_stage_inside_another_is_charged_to_the_inner_one_only() -> None:
    ledger = stages.Ledger(["outer", "inner"])
    inner = stages.counting(ledger, "inner", lambda: burn(0.02))

    def work() -> None:
        burn(0.01)
        inner()
        burn(0.01)

    outer = stages.counting(ledger, "outer", work)
    before = time.thread_time()
    outer()
    spent = time.thread_time() - before
    assert ledger.totals["inner"] == pytest.approx(0.02, abs=0.005)
    assert ledger.totals["outer"] == pytest.approx(0.02, abs=0.005)
    # Every microsecond is someone's, and nothing is counted twice.
    assert sum(ledger.totals.values()) == pytest.approx(spent, abs=0.001)


async def test_interleaved_coroutines_are_each_charged_for_their_own_steps() -> None:
    ledger = stages.Ledger(["a", "b"])

    async def steps(count: int, each: float) -> int:
        for _ in range(count):
            burn(each)
            await asyncio.sleep(0)
        return count

    a = stages.counting(ledger, "a", steps)
    b = stages.counting(ledger, "b", steps)
    # As tasks (the AI's moves are) and awaited (answers are), taking turns step by step.
    task = asyncio.get_running_loop().create_task(a(5, 0.004))
    assert await b(5, 0.002) == 5
    assert await task == 5
    assert ledger.totals["a"] == pytest.approx(0.020, abs=0.004)
    assert ledger.totals["b"] == pytest.approx(0.010, abs=0.004)


async def test_a_cancelled_stage_passes_the_cancellation_on_and_stays_balanced() -> None:
    ledger = stages.Ledger(["waiting"])

    async def wait_long() -> None:
        await asyncio.sleep(60)

    task = asyncio.get_running_loop().create_task(stages.counting(ledger, "waiting", wait_long)())
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    after = stages.counting(ledger, "waiting", lambda: burn(0.005))
    after()
    assert ledger.totals["waiting"] == pytest.approx(0.005, abs=0.003)


def test_a_collection_is_charged_to_gc_and_not_to_the_stage_it_interrupted() -> None:
    garbage: list[list[object]] = [[] for _ in range(200_000)]
    for item in garbage:
        item.append(item)  # cycles, for the collector to walk and free
    del garbage, item
    ledger = stages.Ledger(["work", stages.GC])
    hook = stages.count_collections(ledger, threading.get_ident())
    try:

        def work() -> None:
            burn(0.01)
            gc.collect()

        before = time.thread_time()
        stages.counting(ledger, "work", work)()
        spent = time.thread_time() - before
    finally:
        gc.callbacks.remove(hook)
    assert ledger.totals[stages.GC] > 0.005
    assert ledger.totals["work"] == pytest.approx(0.01, abs=0.005)
    assert sum(ledger.totals.values()) == pytest.approx(spent, abs=0.001)


@pytest.fixture
def modules() -> Iterator[tuple[types.ModuleType, types.ModuleType]]:
    """A module with a function and a class, and one that imported the function by name."""
    home, user = types.ModuleType("stage_home"), types.ModuleType("stage_user")

    def draw() -> str:
        return "drawn"

    class Shop:
        def sell(self) -> str:
            return draw()

    home.draw, home.Shop = draw, Shop  # type: ignore[attr-defined]
    user.draw = draw  # type: ignore[attr-defined]  # as `from stage_home import draw` does
    sys.modules.update(stage_home=home, stage_user=user)
    try:
        yield home, user
    finally:
        del sys.modules["stage_home"], sys.modules["stage_user"]


def test_install_wraps_methods_and_functions_wherever_they_were_imported(
    modules: tuple[types.ModuleType, types.ModuleType], monkeypatch: pytest.MonkeyPatch
) -> None:
    home, user = modules
    monkeypatch.setattr(
        stages, "STAGES", {"panels": ("stage_home:draw",), "sales": ("stage_home:Shop.sell",)}
    )
    ledger = stages.Ledger(["panels", "sales"])
    stages.install(ledger, skip=frozenset({"stage_user"}))
    assert home.draw is user.draw is not None
    assert home.draw.__wrapped__ is not None  # functools.wraps: the original underneath
    assert home.Shop().sell() == "drawn" and user.draw() == "drawn"
    # Only the one module, and only when asked for it (an extension, once loaded).
    other = stages.Ledger(["panels", "sales"])
    stages.install(other, only="stage_elsewhere")
    assert home.draw.__wrapped__.__name__ == "draw"
    assert other.totals == {"panels": 0.0, "sales": 0.0}


def test_every_stage_names_a_function_of_the_bot_or_of_discord_py() -> None:
    import importlib
    import inspect

    for stage, targets in stages.STAGES.items():
        for target in targets:
            module_name, _, qualname = target.partition(":")
            owner = importlib.import_module(module_name)
            for part in qualname.split("."):
                owner = inspect.getattr_static(owner, part)
            assert callable(getattr(owner, "__func__", owner)), (stage, target)


async def test_a_wait_is_timed_per_call_unless_nobody_waits_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(stages, "WAITS", {"picture": "x:y"})
    waits = stages.Waits()

    async def draw(waiting: bool = True) -> str:
        await asyncio.sleep(0.02)
        return "drawn"

    timed = stages.timing(waits, "picture", draw)
    assert await timed() == "drawn" and await timed(waiting=False) == "drawn"
    (seconds,) = waits.taken()["picture"]
    assert 0.02 <= seconds < 0.5
    assert waits.taken() == {"picture": []}  # taken once
    records = [{"waits": {"picture": [0.1]}}, {"waits": {"picture": [0.2, 0.3]}}, {}]
    assert stages.waited(records)["picture"] == [0.1, 0.2, 0.3]


def test_the_stages_between_two_moments_come_from_the_nearest_records() -> None:
    records = [
        {"t": 10.0, "cpu": 1.0, "main": 0.9, "stages": {"answers": 0.1, "moves": 0.0}},
        {"t": 10.25, "cpu": 1.2, "main": 1.05, "stages": {"answers": 0.15, "moves": 0.05}},
        {"t": 10.5, "cpu": 1.5, "main": 1.3, "stages": {"answers": 0.25, "moves": 0.1}},
    ]
    spent = stages.between(records, 10.02, 10.49)
    assert spent == pytest.approx(
        {"answers": 0.15, "moves": 0.1, "rest": 0.15, "threads": 0.1, "all": 0.5}
    )
    assert list(spent) == ["answers", "moves", "rest", "threads", "all"]  # printed in this order
    assert stages.between([], 0.0, 1.0) == {}


@pytest.mark.benchmark
async def test_the_real_bot_plays_as_usual_while_its_stages_are_counted(tmp_path: Path) -> None:
    records = tmp_path / "stages.jsonl"
    server = make_server(6, 1, 10, global_rate_limit=None, route_rate_limits=False)
    await server.start()
    began = time.monotonic()
    started = await start_bot(
        server,
        tmp_path / "games.db",
        tmp_path,
        module="benchmarks.stages",
        extra_env={"STAGES_TO": str(records), "BOARD_EDIT_INTERVAL": "0.05"},
        timeout=90.0,
    )
    try:
        players = Players(server, seed=3)
        players.lobby_pause = 0.2
        players.until = time.monotonic() + 5.0
        slugs, _skipped = playable_slugs()
        tables = make_tables(players, 6, 1, slugs)
        tasks = [asyncio.create_task(table.run()) for table in tables]
        await asyncio.wait(tasks, timeout=20.0)
        players.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.sleep(2 * stages.EVERY)
        assert Counter(a.outcome for a in players.acts)["applied"] > 20
        assert started.bot.error_lines() == []
        # "all" is the bot process's own CPU, as the benchmark reads it from outside.
        _, seen_from_outside = started.bot.cpu_split()
        assert stages.read(records)[-1]["cpu"] == pytest.approx(seen_from_outside, abs=0.3)
    finally:
        await started.bot.stop()
        await server.stop()
    log = stages.read(records)
    assert began < log[0]["t"] < log[-1]["t"] < time.monotonic()  # on the driver's clock
    spent = stages.between(log, began, time.monotonic())
    for stage in (
        "answers",
        "moves",
        "hands",
        "boards",
        "lobbies",
        "clicks",
        "ai",
        "commits",
        "outbox",
        stages.GC,
    ):
        assert spent[stage] > 0, stage
    assert spent["rest"] > 0  # the gateway, parsing and the loop are no stage
    waited = stages.waited(log)
    assert len(waited["commit"]) > 20  # every move, the AIs' too
    assert waited["picture"] and all(0 < seconds < 3 for seconds in waited["picture"])
    assert spent["threads"] > 0  # aiosqlite's reads, off the main thread
