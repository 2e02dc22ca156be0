"""The collector's clock: young passes stay small however a busy bot's objects churn."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.collector import CollectorClock

LIVE_STATES = 2000
"""Games' states kept alive at once; a move replaces one."""
MOVES = 600
PARTS = 5
TRACKED_PER_STATE = 1 + 2 * PARTS
"""The list, and a dict and a list for each part."""


def new_state(move: int) -> list[Any]:
    """A small state of tracked objects, as a move leaves behind."""
    return [{"move": move, "cards": [move, move + 1]} for _ in range(PARTS)]


@contextmanager
def watching_passes() -> Iterator[list[int]]:
    """The generation of every pass started meanwhile."""
    seen: list[int] = []

    def note(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(note)
    try:
        yield seen
    finally:
        gc.callbacks.remove(note)


@pytest.fixture
def passes() -> Iterator[list[int]]:
    """The generation of every pass from now on, with Python's own passes turned off."""
    gc.collect()
    gc.disable()
    try:
        with watching_passes() as seen:
            yield seen
    finally:
        gc.enable()


async def test_young_passes_walk_only_what_was_made_since_the_last_one():
    states = [new_state(-1) for _ in range(LIVE_STATES)]
    gc.collect()  # the games' data as it stands, no longer young
    clock = CollectorClock(every=0.002)
    clock.start()
    largest_young = 0
    try:
        # Every move replaces a state: as many tracked objects freed as made, so Python's own
        # count of new objects hardly moves and, left alone, it would not pass at all.
        for move in range(MOVES):
            states[move % LIVE_STATES] = new_state(move)
            if move % 20 == 0:
                largest_young = max(largest_young, len(gc.get_objects(generation=0)))
                await asyncio.sleep(0.001)
    finally:
        clock.stop()
    # Without the clock nearly all of them would still be young at the end.
    assert largest_young < MOVES * TRACKED_PER_STATE / 4


async def test_now_and_then_a_middle_pass_and_more_rarely_a_full_one(passes):
    clock = CollectorClock(every=0.001, middle_every=3, full_every=2)
    clock.start()
    try:
        while len(passes) < 7:
            await asyncio.sleep(0.001)
    finally:
        clock.stop()
    assert passes[:7] == [0, 0, 1, 0, 0, 2, 0]

    stopped_at = len(passes)
    await asyncio.sleep(0.02)
    assert len(passes) == stopped_at


async def test_while_it_runs_pythons_own_passes_stay_young():
    young, middle, full = gc.get_threshold()
    clock = CollectorClock(every=60.0)  # its own passes are not what this test watches
    clock.start()
    try:
        for _ in range(middle + 1):
            gc.collect(0)  # as many of the clock's passes as make Python's middle one due
        gc.set_threshold(100, *gc.get_threshold()[1:])
        with watching_passes() as seen:
            flood = [[] for _ in range(1000)]  # noqa: F841 (alive while Python passes)
    finally:
        gc.set_threshold(young, *gc.get_threshold()[1:])
        clock.stop()

    assert seen and set(seen) == {0}
    assert gc.get_threshold() == (young, middle, full)
