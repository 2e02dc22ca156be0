"""The stats benchmark runs end to end on a small server (its numbers are not checked)."""

from __future__ import annotations

import argparse

import pytest

from benchmarks.stats import run


async def test_the_stats_benchmark_prints_every_answer_and_every_kind_of_replay(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = argparse.Namespace(games=300, members=20, samples=20, tries=1, database=None)

    await run(args)

    printed = capsys.readouterr().out
    for answer in ("/stats member game", "/leaderboard game (page, own place)", "/history game"):
        assert answer in printed
    assert "300 finished games, 20 members, one server" in printed
    assert "SEARCH r USING INDEX seat_results_member_slug" in printed
    for kind in ("mindup", "thegame", "genial", "hourglass", "zero"):
        assert f"\n  {kind} " in printed.split("replay step")[1]
