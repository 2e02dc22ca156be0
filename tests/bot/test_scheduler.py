"""Named timers: a name scheduled again replaces its timer; a game's timers go together."""

from __future__ import annotations

import asyncio
import time

from bot.scheduler import Scheduler


async def test_scheduling_a_name_again_replaces_its_timer():
    scheduler, fired = Scheduler(), []

    async def note(what: str) -> None:
        fired.append(what)

    scheduler.at("g1:turn", time.time() + 0.05, lambda: note("first"))
    scheduler.at("g1:turn", time.time() + 0.01, lambda: note("second"))
    scheduler.at("g2:turn", time.time() - 60, lambda: note("passed while down"))
    await asyncio.sleep(0.1)
    assert fired == ["passed while down", "second"]


async def test_cancelling_a_prefix_leaves_other_games_and_other_timers():
    scheduler, fired = Scheduler(), []

    async def note(what: str) -> None:
        fired.append(what)

    for name in ("g1:turn", "g1:turn-reminder", "g1:lobby", "g2:turn"):
        scheduler.at(name, time.time() + 0.01, lambda name=name: note(name))
    scheduler.cancel_prefix("g1:turn")
    await asyncio.sleep(0.05)
    assert sorted(fired) == ["g1:lobby", "g2:turn"]


async def test_a_timer_that_reschedules_itself_runs_to_the_end():
    scheduler, fired = Scheduler(), []

    async def turn() -> None:
        # A timeout moves the game on, which sets the next turn's clock under the same name.
        scheduler.at("g1:turn", time.time() + 60, turn)
        await asyncio.sleep(0)
        fired.append("finished")

    scheduler.at("g1:turn", time.time(), turn)
    await asyncio.sleep(0.02)
    assert fired == ["finished"]
    scheduler.cancel_prefix("")
