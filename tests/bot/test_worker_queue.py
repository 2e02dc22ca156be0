"""The worker serves the most urgent call first: a member's picture, then an AI, then a board."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

from bot.worker_queue import Urgency, WorkerQueue


async def test_waiting_calls_go_in_by_urgency_then_by_arrival():
    order: list[str] = []
    first_runs = threading.Event()
    release_first = threading.Event()

    def first() -> None:
        first_runs.set()
        release_first.wait(5)

    queue = WorkerQueue(1)
    with ThreadPoolExecutor(1) as executor:
        running = asyncio.ensure_future(queue.call(executor, Urgency.BOARD, first))
        await asyncio.to_thread(first_runs.wait, 5)
        asked = [
            ("board 1", Urgency.BOARD),
            ("ai 1", Urgency.AI),
            ("board 2", Urgency.BOARD),
            ("member", Urgency.MEMBER),
            ("ai 2", Urgency.AI),
        ]
        calls = [
            asyncio.ensure_future(queue.call(executor, urgency, order.append, name))
            for name, urgency in asked
        ]
        await asyncio.sleep(0.01)
        assert order == []  # nothing passes the call in the executor
        release_first.set()
        await asyncio.gather(running, *calls)
    assert order == ["member", "ai 1", "ai 2", "board 1", "board 2"]


async def test_a_call_given_up_while_it_runs_keeps_its_slot_until_it_ends():
    started = threading.Event()
    release = threading.Event()
    order: list[str] = []

    def long() -> None:
        started.set()
        release.wait(5)
        order.append("long")

    queue = WorkerQueue(1)
    with ThreadPoolExecutor(2) as executor:
        given_up = asyncio.ensure_future(queue.call(executor, Urgency.MEMBER, long))
        await asyncio.to_thread(started.wait, 5)
        given_up.cancel()
        later = asyncio.ensure_future(queue.call(executor, Urgency.MEMBER, order.append, "next"))
        await asyncio.sleep(0.05)
        # The executor has a free thread, but the worker is still busy with the first call.
        assert order == []
        release.set()
        await later
    assert order == ["long", "next"]


async def test_a_call_given_up_while_waiting_never_runs_and_frees_its_turn():
    release = threading.Event()
    order: list[str] = []
    queue = WorkerQueue(1)
    with ThreadPoolExecutor(1) as executor:
        busy = asyncio.ensure_future(queue.call(executor, Urgency.BOARD, release.wait, 5))
        await asyncio.sleep(0.01)
        given_up = asyncio.ensure_future(queue.call(executor, Urgency.MEMBER, order.append, "x"))
        after = asyncio.ensure_future(queue.call(executor, Urgency.AI, order.append, "ai"))
        await asyncio.sleep(0.01)
        given_up.cancel()
        release.set()
        await asyncio.gather(busy, after)
    assert order == ["ai"]
