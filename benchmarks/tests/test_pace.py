"""The pace probe times its work on the driver's own clock, so a phase's opening finds its samples."""

from __future__ import annotations

import asyncio
import statistics
import time

from benchmarks.load import OPENING, with_pace
from benchmarks.pace import EVERY, PaceProbe

SAMPLES = 5


async def test_the_probe_times_its_work_on_the_drivers_clock_until_stopped() -> None:
    probe = PaceProbe()
    before = time.monotonic()
    await probe.start()
    # However long the interpreter takes to start on a busy machine: a few timings, then stop.
    deadline = before + 60.0
    while len(probe.samples) < SAMPLES and time.monotonic() < deadline:
        await asyncio.sleep(EVERY)
    await probe.stop()
    after = time.monotonic()
    count = len(probe.samples)
    moments = [moment for moment, _ in probe.samples]
    assert count >= SAMPLES
    assert all(before < moment < after for moment in moments)
    assert moments == sorted(moments)
    # CPU time of the work (about half a millisecond), not the wall clock's.
    assert all(0 < took < 0.1 for _, took in probe.samples)
    await asyncio.sleep(3 * EVERY)
    assert len(probe.samples) == count  # stopped means stopped

    assert probe.median_within(before, after) == statistics.median(t for _, t in probe.samples)
    assert probe.median_within(before - 10, before) is None

    # A phase whose opening began with the first sample gets the median over its opening.
    phase = {"opening_began": moments[0]}
    with_pace(phase, probe)
    opening = [t for m, t in probe.samples if m < moments[0] + OPENING]
    assert phase["opening_pace_ms"] == 1000 * statistics.median(opening)
    missed = {"opening_began": after + 60}
    with_pace(missed, probe)
    assert missed["opening_pace_ms"] is None
