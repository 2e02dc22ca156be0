"""The AIs think in a worker process and choose exactly what the bot itself would."""

from __future__ import annotations

import asyncio
import os
import signal
from itertools import islice
from typing import Any

import engines
from bot.ai_worker import WORKER_UP, AiWorker, decide
from tests.engines.playout import steps


def positions(slug: str, count: int) -> list[tuple[Any, int]]:
    """States along a seeded random game, each with the seat that acts there."""
    return [(state, seat) for state, seat, _ in islice(steps(engines.game(slug), 3, 11), count)]


async def kill(pid: int) -> None:
    """SIGKILL a process and wait until it is gone."""
    os.kill(pid, signal.SIGKILL)
    await gone(pid)


async def gone(pid: int) -> None:
    """Wait until a process is gone (a stopped one too, once killed)."""
    for _ in range(500):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"process {pid} still runs")


async def test_the_worker_decides_as_the_bot_would_for_every_ai(caplog):
    caplog.set_level("INFO", logger="bot.ai_worker")
    worker = AiWorker(enabled=True)
    await worker.start()
    try:
        assert await worker.worker_pid() not in (None, os.getpid())
        said = [r.getMessage() for r in caplog.records if r.name == "bot.ai_worker"]
        assert [line.split(" (")[0] for line in said] == [WORKER_UP]
        for slug in engines.SLUGS:
            for state, seat in positions(slug, 15):
                chosen = await worker.choose(slug, state, seat, seed=7)
                assert chosen == decide(slug, state, seat, seed=7)
    finally:
        await worker.stop()


async def test_when_a_young_worker_dies_the_bot_decides_and_the_game_goes_on():
    worker = AiWorker(enabled=True)
    await worker.start()
    try:
        state, seat = positions("zero", 1)[0]
        pid = await worker.worker_pid()
        assert pid is not None
        await kill(pid)
        for seed in range(2, 5):
            assert await worker.choose("zero", state, seat, seed) == decide(
                "zero", state, seat, seed
            )
        assert await worker.worker_pid() is None
    finally:
        await worker.stop()


async def test_a_stopped_worker_leaves_the_decisions_to_the_bot():
    worker = AiWorker(enabled=True)
    await worker.start()
    await worker.stop()
    assert await worker.worker_pid() is None
    state, seat = positions("thegame", 1)[0]
    assert await worker.choose("thegame", state, seat, 3) == decide("thegame", state, seat, 3)


async def test_a_worker_that_dies_after_a_long_life_is_replaced(monkeypatch):
    monkeypatch.setattr("bot.ai_worker.RESTART_AFTER", 0.0)
    worker = AiWorker(enabled=True)
    await worker.start()
    try:
        first = await worker.worker_pid()
        assert first is not None
        await kill(first)
        state, seat = positions("zero", 3)[-1]
        assert await worker.choose("zero", state, seat, 9) == decide("zero", state, seat, 9)
        second = await worker.worker_pid()
        assert second not in (None, first)
    finally:
        await worker.stop()


async def test_a_worker_that_hangs_is_ended_and_the_bot_decides(monkeypatch):
    """A worker that stops answering (SIGSTOP: swapped out, or stuck) holds no AI seat for
    long: past the answer limit it is ended and the bot decides, exactly as the worker would."""
    monkeypatch.setattr("bot.ai_worker.ANSWER_LIMIT", 0.5)
    worker = AiWorker(enabled=True)
    await worker.start()
    try:
        pid = await worker.worker_pid()
        assert pid is not None
        os.kill(pid, signal.SIGSTOP)
        state, seat = positions("zero", 1)[0]
        chosen = await asyncio.wait_for(worker.choose("zero", state, seat, 4), 5)
        assert chosen == decide("zero", state, seat, 4)
        await gone(pid)
    finally:
        await worker.stop()


async def test_stopping_a_hung_worker_ends_it_at_once():
    """The bot's own end never waits on a worker that stopped answering."""
    worker = AiWorker(enabled=True)
    await worker.start()
    pid = await worker.worker_pid()
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    await asyncio.wait_for(worker.stop(), 5)
    await gone(pid)
