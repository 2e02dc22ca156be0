"""TickGate: background steps take turns across event-loop iterations, after the clicks."""

from __future__ import annotations

import asyncio
from collections import Counter

from bot.tick_gate import Foreground, TickGate

WAIT = 2.0
"""A bound on waiting for the gate (catches a hang; no duration is asserted)."""


class IterationCounter:
    """Counts event-loop iterations with a callback that schedules itself again each time.

    A callback scheduled with call_soon runs in the next iteration, so `now` is the number of
    iterations since `start`, and any gap between two passes of the gate shows up as an increase.
    """

    def __init__(self) -> None:
        self.now = 0
        self._handle: asyncio.Handle | None = None

    def start(self) -> None:
        self._handle = asyncio.get_running_loop().call_soon(self._tick)

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()

    def _tick(self) -> None:
        self.now += 1
        self._handle = asyncio.get_running_loop().call_soon(self._tick)


async def test_many_callers_all_pass_in_order_a_few_per_iteration():
    per_tick = 2
    gate = TickGate(per_tick)
    loop = asyncio.get_running_loop()
    iterations = IterationCounter()
    passed: list[tuple[int, int]] = []
    # An unrelated callback (a click being read) queued before the steps: it must not wait
    # for all of them.
    seen_by_unrelated: list[int] = []

    async def step(i: int) -> None:
        await gate.turn()
        passed.append((i, iterations.now))

    iterations.start()
    tasks = [asyncio.create_task(step(i)) for i in range(10)]
    loop.call_soon(lambda: seen_by_unrelated.append(len(passed)))
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), WAIT)
    finally:
        iterations.stop()

    assert [i for i, _ in passed] == list(range(10))  # FIFO
    per_iteration = Counter(when for _, when in passed)
    assert max(per_iteration.values()) <= 2 * per_tick
    assert len(per_iteration) >= 10 / (2 * per_tick)  # spread over several iterations
    assert seen_by_unrelated and seen_by_unrelated[0] <= 2 * per_tick


async def test_a_single_caller_passes_at_once():
    gate = TickGate(1)
    await asyncio.wait_for(gate.turn(), WAIT)


async def test_one_task_taking_many_turns_in_a_row_is_not_stuck():
    gate = TickGate(1)
    iterations = IterationCounter()
    iterations.start()
    seen: list[int] = []
    try:
        async with asyncio.timeout(WAIT):  # no extra task: the loop calls turn() back to back
            for _ in range(5):
                await gate.turn()
                seen.append(iterations.now)
    finally:
        iterations.stop()
    assert len(seen) == 5
    # With one step per iteration, no two turns of the loop share an iteration.
    assert seen == sorted(set(seen))


async def queue_of_four(cancel_second: bool) -> dict[str, int]:
    """Four steps through a one-per-iteration gate; the iteration at which each passed."""
    gate = TickGate(1)
    iterations = IterationCounter()
    passed: dict[str, int] = {}

    async def step(name: str) -> None:
        await gate.turn()
        passed[name] = iterations.now

    iterations.start()
    names = ("first", "second", "third", "fourth")
    tasks = [asyncio.create_task(step(name)) for name in names]
    try:
        await asyncio.sleep(0)  # every task has called turn(): "first" passed, the rest wait
        assert list(passed) == ["first"]
        if cancel_second:
            tasks[1].cancel()
        results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), WAIT)
    finally:
        iterations.stop()
    assert isinstance(results[1], asyncio.CancelledError) == cancel_second
    return passed


async def test_a_cancelled_waiter_does_not_block_the_ones_behind_it():
    everyone = await queue_of_four(cancel_second=False)
    assert list(everyone) == ["first", "second", "third", "fourth"]

    passed = await queue_of_four(cancel_second=True)

    assert list(passed) == ["first", "third", "fourth"]
    # "third" takes the place "second" gave up instead of waiting a turn longer.
    assert passed["third"] <= everyone["second"]


async def test_the_gate_keeps_working_after_it_went_idle():
    gate = TickGate(2)
    for _ in range(3):
        tasks = [asyncio.create_task(gate.turn()) for _ in range(5)]
        await asyncio.wait_for(asyncio.gather(*tasks), WAIT)
        for _ in range(5):  # let the gate's own ticks run out
            await asyncio.sleep(0)


async def test_background_steps_wait_while_a_click_is_answered_and_go_when_it_is():
    clicks = Foreground()
    gate = TickGate(4, clicks, patience=WAIT * 2)
    answered = clicks.begin()
    step = asyncio.create_task(gate.turn())
    for _ in range(20):  # many iterations: the step stays behind the click all along
        await asyncio.sleep(0)
    assert not step.done()

    answered()
    answered()  # a second call changes nothing
    await asyncio.wait_for(step, WAIT)
    assert not clicks.busy


async def test_a_step_waits_at_most_its_patience_behind_clicks_that_keep_coming():
    clicks = Foreground()
    gate = TickGate(4, clicks, patience=0.05)
    clicks.begin()  # never answered: the foreground stays busy
    loop = asyncio.get_running_loop()
    began = loop.time()
    await asyncio.wait_for(gate.turn(), WAIT)
    assert loop.time() - began >= 0.05


async def test_steps_pass_at_once_when_no_click_is_being_answered():
    clicks = Foreground()
    gate = TickGate(2, clicks)
    answered = clicks.begin()
    answered()
    await asyncio.wait_for(asyncio.gather(gate.turn(), gate.turn()), 0.01)
