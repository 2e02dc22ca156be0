"""When in a phase the slow answers came: the opening step by step, and where the slowest 1 % fell.

A whole-run p99 can be set by a few seconds of a minute. These numbers say which seconds, so
that a run's ratio can be read without a scratch script (README, performance).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from benchmarks.fake_discord.proc import percentiles

Timed = tuple[float, float]
"""When an interaction was dispatched (seconds, any origin) and how long its answer took."""

STEP = 0.25
"""Seconds per line of the timeline."""


def timeline(answers: Sequence[Timed], until: float, step: float = STEP) -> list[dict[str, Any]]:
    """Percentiles of the answers dispatched in each `step` of the first `until` seconds.

    Seconds count from the first dispatch; a step with no dispatch has a count of 0.
    """
    if not answers:
        return []
    begin = min(sent for sent, _ in answers)
    steps = round(until / step)
    buckets: list[list[float]] = [[] for _ in range(steps)]
    for sent, latency in answers:
        index = int((sent - begin) / step)
        if index < steps:
            buckets[index].append(latency)
    return [{"start": i * step, **percentiles(bucket)} for i, bucket in enumerate(buckets)]


def slowest_within(answers: Sequence[Timed], within: float) -> float | None:
    """The fraction of the slowest 1 % (at or above the p99) dispatched in the first `within` s."""
    if not answers:
        return None
    p99 = percentiles([latency for _, latency in answers])["p99"]
    begin = min(sent for sent, _ in answers)
    slowest = [sent for sent, latency in answers if latency >= p99]
    return sum(1 for sent in slowest if sent < begin + within) / len(slowest)
