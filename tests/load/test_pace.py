"""The pace probe times its work on the driver's own clock, so a phase's opening finds its samples."""

from __future__ import annotations

import asyncio
import statistics
import time

from benchmarks.load import OPENING, with_pace
from benchmarks.pace import EVERY, PaceProbe


async def test_the_probe_times_its_work_on_the_drivers_clock_until_stopped() -> None:
    probe = PaceProbe()
    before = time.monotonic()
    await probe.start()
    await asyncio.sleep(1.0)
    await probe.stop()
    after = time.monotonic()
    count = len(probe.samples)
    moments = [moment for moment, _ in probe.samples]
    # An interpreter starts in well under half a second here; then a timing every EVERY.
    assert count >= 0.5 / EVERY
    assert all(before < moment < after for moment in moments)
    assert moments == sorted(moments)
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
