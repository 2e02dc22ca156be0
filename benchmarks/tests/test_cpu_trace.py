"""The load benchmark's account of where the CPU went (benchmarks/cpu_trace.py, proc.py)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from benchmarks.cpu_trace import CpuTrace
from benchmarks.fake_discord.proc import BotProcess
from benchmarks.fake_discord.server import Interaction
from benchmarks.load import busiest_stream_second, print_opening


def trace_of(samples: list[tuple[float, float, float]]) -> CpuTrace:
    """A trace of (time, bot CPU, machine busy) samples, of a bot without an AI worker."""
    trace = CpuTrace(bot_cpu=lambda: (0.0, 0.0))
    trace.samples = [(t, bot, bot, machine) for t, bot, machine in samples]
    return trace


def test_the_busiest_second_is_the_one_the_bot_used_most(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    # Half a second apart: the bot idles, then takes a whole core from 1.0 s to 2.0 s.
    bot = [0.0, 0.1, 0.2, 0.7, 1.2, 1.3, 1.4]
    machine = [0.0, 0.3, 0.6, 1.4, 2.2, 2.5, 2.8]
    trace = trace_of([(0.5 * i, bot[i], machine[i]) for i in range(len(bot))])
    bot_share, machine_share = trace.busiest_second()
    assert bot_share == pytest.approx(1.0)
    assert machine_share == pytest.approx(0.8)  # 1.6 s of CPU in that second, over 2 cores


async def test_the_streams_busiest_second_counts_the_most_dispatches_within_a_second() -> None:
    sent = [0.0, 0.5, 1.0, 1.1, 1.2, 1.3, 1.95, 2.3, 5.0]  # 1.0-1.95: five within a second
    records = [
        Interaction(
            id=i,
            token="",
            type=3,
            kind="act",
            user_id=1,
            channel_id=1,
            guild_id=1,
            payload={},
            sent_at=at,
        )
        for i, at in enumerate(sent)
    ]
    assert busiest_stream_second(records) == 5
    assert busiest_stream_second([]) == 0


def test_the_opening_is_printed_with_each_bots_busiest_second_and_the_streams(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    phase = {
        "opening_cpu_per_interaction": 0.00139,
        "opening_click_cpu_per_interaction": 0.00113,
        "busiest_second_bot_share": 1.1,
        "busiest_second_machine_share": 0.7,
        "busiest_stream_second": 1083,
        "opening_pace_ms": 0.74,
        "slowest_in_opening": 0.5,
    }
    print_opening(phase, phase | {"busiest_second_bot_share": 0.5})
    out = capsys.readouterr().out
    assert "ours 1.39 ms (1.13 without its AI worker), bare 1.39 ms" in out
    assert "the stream's busiest second: 1083 interactions dispatched" in out
    assert "so one core gives each 0.92 ms" in out
    assert "ours 110% of a core, machine 70% busy (2 cores), bare 50% of a core" in out


def test_cpu_between_two_moments_uses_the_nearest_samples() -> None:
    trace = trace_of([(0.0, 0.0, 0.0), (1.0, 0.4, 0.5), (2.0, 1.4, 1.5), (3.0, 1.5, 1.6)])
    assert trace.bot_seconds(1.02, 2.01) == pytest.approx(1.0)
    assert trace.bot_seconds(0.0, 3.0) == pytest.approx(1.5)


def test_the_cpu_without_the_ai_worker_is_its_own_column(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    trace = CpuTrace(bot_cpu=lambda: (0.0, 0.0))
    # (time, everything, without the AI worker, machine): the worker takes 0.3 s of 1.0 s.
    trace.samples = [(0.0, 0.0, 0.0, 0.0), (1.0, 1.0, 0.7, 1.6), (2.0, 1.1, 0.8, 1.7)]
    assert trace.bot_seconds(0.0, 1.0) == pytest.approx(1.0)
    assert trace.click_seconds(0.0, 1.0) == pytest.approx(0.7)
    assert trace.busiest_second() == pytest.approx((1.0, 0.8))


def test_a_run_shorter_than_a_second_has_no_busiest_second() -> None:
    assert trace_of([(0.0, 0.0, 0.0), (0.5, 0.5, 0.5)]).busiest_second() == (0.0, 0.0)


def test_the_bots_share_of_a_core_over_the_whole_trace() -> None:
    trace = trace_of([(10.0, 5.0, 0.0), (11.0, 5.9, 0.0), (14.0, 7.0, 0.0)])
    assert trace.bot_share() == pytest.approx(0.5)


BURN = (
    "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\ninput()"
)
"""The AI worker's part: 0.3 s of CPU, then waiting (a process's CPU is counted while it runs)."""
START = "import subprocess, sys; subprocess.Popen([sys.executable, '-c', sys.argv[1]]); input()"
"""A process that starts another with the program of its argument, then waits for its stdin."""


async def test_every_process_the_bot_started_counts_as_its_ai_worker(tmp_path: Path) -> None:
    # "without its AI worker" leaves out every process the bot started and theirs: the AI
    # worker's fork server and the pool's process (bot.ai_worker). Here: the bot starts a "fork
    # server", which starts a "worker" that burns 0.3 s of CPU.
    bot = BotProcess("http://127.0.0.1:9", tmp_path / "unused.db", tmp_path)
    bot.proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        START,
        f"import sys, subprocess; subprocess.Popen([sys.executable, '-c', {BURN!r}]).wait(); input()",
        stdin=asyncio.subprocess.PIPE,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60.0
        everything, clicks = bot.cpu_split()
        while everything - clicks < 0.25 and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            everything, clicks = bot.cpu_split()
        assert len(bot.descendants()) == 2
        assert everything - clicks >= 0.25  # the worker's burn, not the bot's
        assert clicks < 0.25
    finally:
        os.killpg(bot.pid, signal.SIGKILL)
        await bot.proc.wait()
