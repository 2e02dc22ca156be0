"""The bot process is killed (SIGKILL) at random moments under play and restarted: nothing a
player was told is lost, nothing is applied twice, every game can still be played to the end.

The short versions run in CI (about a minute each); the long ones: `pytest -m slow tests/load`.
With PROCESSES=2 the tables sit in servers of both processes, and a kill of the supervisor takes
both down at once, wherever each of them was.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.load.crash import CrashReport, crash_run

TWO_PROCESSES = {"PROCESSES": "2"}


def assert_nothing_lost(report: CrashReport, kills: int) -> None:
    print(report.summary())
    assert not report.problems, report.summary()
    assert report.kills == kills
    assert report.acts["applied"] > 0, report.summary()


SHORT = {"kills": 3, "tables": 4, "gap": (1.5, 3.5), "finish_within": 45.0}
LONG = {"kills": 20, "tables": 12, "gap": (1.0, 6.0), "finish_within": 240.0, "seed": 11}


async def test_three_kills_lose_nothing(tmp_path: Path) -> None:
    assert_nothing_lost(await crash_run(tmp_path, **SHORT), 3)  # type: ignore[arg-type]


async def test_three_kills_of_two_processes_lose_nothing(tmp_path: Path) -> None:
    report = await crash_run(
        tmp_path,
        per_guild=2,
        seed=3,
        bot_env=TWO_PROCESSES,
        **SHORT,  # type: ignore[arg-type]
    )
    assert_nothing_lost(report, 3)


@pytest.mark.slow
@pytest.mark.parametrize("bot_env", [None, TWO_PROCESSES], ids=["one process", "two processes"])
async def test_twenty_kills_lose_nothing(tmp_path: Path, bot_env: dict[str, str] | None) -> None:
    report = await crash_run(tmp_path, per_guild=3, bot_env=bot_env, **LONG)  # type: ignore[arg-type]
    assert_nothing_lost(report, 20)
