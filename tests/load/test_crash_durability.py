"""The bot process is killed (SIGKILL) at random moments under play and restarted: nothing a
player was told is lost, nothing is applied twice, every game can still be played to the end.

The short version runs in CI (about a minute), on SQLite and again on PostgreSQL when
TEST_POSTGRES_URL is set; the long one: `pytest -m slow tests/load`. A killed bot's AI worker
(its fork server, the pool's process and multiprocessing's resource tracker) should end with
it: `test_a_killed_bot_leaves_no_process_running`.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from benchmarks.fake_discord.world import make_server, start_bot
from bot.ai_worker import WORKER_UP
from tests.load.crash import CrashReport, Process, crash_run, processes_of, reap, started_at


def assert_nothing_lost(report: CrashReport, kills: int) -> None:
    print(report.summary())
    assert not report.problems, report.summary()
    assert report.kills == kills
    assert report.acts["applied"] > 0, report.summary()


SHORT = {"kills": 3, "tables": 3, "gap": (1.5, 3.5), "finish_within": 45.0}
LONG = {"kills": 20, "tables": 12, "gap": (1.0, 6.0), "finish_within": 240.0, "seed": 11}


@pytest.mark.both_databases
async def test_three_kills_lose_nothing(tmp_path: Path, database_url: str) -> None:
    # On PostgreSQL the killed process's session ends with it: its restart must find its shard
    # free again (the advisory lock went with the connection) and lose nothing either.
    report = await crash_run(tmp_path, database=database_url, **SHORT)  # type: ignore[arg-type]
    assert_nothing_lost(report, 3)


@pytest.mark.slow
async def test_twenty_kills_lose_nothing(tmp_path: Path) -> None:
    report = await crash_run(tmp_path, per_guild=3, **LONG)  # type: ignore[arg-type]
    assert_nothing_lost(report, 20)


async def test_a_killed_bot_leaves_no_process_running(tmp_path: Path) -> None:
    server = make_server(1, 1, global_rate_limit=None)
    await server.start()
    processes: list[Process] = []
    try:
        started = await start_bot(server, tmp_path / "games.db", tmp_path, timeout=90.0)
        assert await started.bot.wait_log(WORKER_UP, 60.0), started.bot.log_text()[-2000:]
        processes = processes_of(started.bot)
        assert processes, "the bot runs its AI worker in processes of its own"
        started.bot.kill()
        await started.bot.wait(10.0)
        deadline = time.monotonic() + 5.0
        while time.monotonic() < deadline and any(started_at(p) == t for p, t in processes):
            await asyncio.sleep(0.1)
    finally:
        left = reap(processes)
        await server.stop()
    assert not left, f"still running 5 s after the bot was killed: {left}"
