"""The load benchmark's account of when the slow answers came (benchmarks/timeline.py)."""

from __future__ import annotations

import pytest

from benchmarks.timeline import slowest_within, timeline


def test_the_timeline_puts_each_answer_in_the_step_it_was_dispatched_in() -> None:
    # Dispatched at 100.0 s (the origin), 100.1, 100.3 and 100.9; one after the window.
    answers = [(100.0, 0.002), (100.1, 0.004), (100.3, 0.050), (100.9, 0.001), (101.2, 0.5)]
    steps = timeline(answers, until=1.0, step=0.25)
    assert [s["start"] for s in steps] == [0.0, 0.25, 0.5, 0.75]
    assert [s["count"] for s in steps] == [2, 1, 0, 1]
    assert steps[0]["max"] == pytest.approx(0.004)
    assert steps[1]["p50"] == pytest.approx(0.050)
    assert steps[2]["p50"] is None


def test_the_slowest_one_percent_is_placed_by_when_it_was_dispatched() -> None:
    # 200 answers over 20 s; the two slowest (the top 1 %) at 0.5 s and at 12 s.
    answers = [(0.1 * i, 0.001) for i in range(200)]
    answers[5] = (0.5, 0.2)
    answers[120] = (12.0, 0.3)
    assert slowest_within(answers, within=5.0) == pytest.approx(0.5)
    assert slowest_within(answers, within=15.0) == pytest.approx(1.0)


def test_no_answers_no_timeline() -> None:
    assert timeline([], until=5.0) == []
    assert slowest_within([], within=5.0) is None
