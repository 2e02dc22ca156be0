"""The bot process is killed (SIGKILL) at random moments under play and restarted: nothing a
player was told is lost, nothing is applied twice, every game can still be played to the end.

The short version runs in CI (about a minute); the long one: `pytest -m slow tests/load`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.load.crash import crash_run


async def test_three_kills_lose_nothing(tmp_path: Path) -> None:
    report = await crash_run(tmp_path, kills=3, tables=4, gap=(1.5, 3.5), finish_within=45.0)
    print(report.summary())
    assert not report.problems, report.summary()
    assert report.kills == 3
    assert report.acts["applied"] > 0, report.summary()


async def test_three_kills_of_two_processes_lose_nothing(tmp_path: Path) -> None:
    # PROCESSES=2 and two tables in each of two servers, one per process: a kill of the
    # supervisor takes both processes down at once, wherever each of them was.
    report = await crash_run(
        tmp_path,
        kills=3,
        tables=4,
        per_guild=2,
        gap=(1.5, 3.5),
        finish_within=45.0,
        seed=3,
        bot_env={"PROCESSES": "2"},
    )
    print(report.summary())
    assert not report.problems, report.summary()
    assert report.kills == 3
    assert report.acts["applied"] > 0, report.summary()


@pytest.mark.slow
async def test_twenty_kills_lose_nothing(tmp_path: Path) -> None:
    report = await crash_run(
        tmp_path, kills=20, tables=12, gap=(1.0, 6.0), finish_within=240.0, seed=11
    )
    print(report.summary())
    assert not report.problems, report.summary()
    assert report.kills == 20
    assert report.acts["applied"] > 0, report.summary()
