"""Outbox: the bot's own Discord calls leave in order, paced, the latest per key, and failures
stay local."""

from __future__ import annotations

import asyncio
import logging
import time

import aiohttp
import pytest
from aiohttp import web

from bot.rest_budget import TURN_KEPT, WINDOW, RestBudget
from bot.settings import DEFAULT_REST, DISCORD_GLOBAL_PER_SECOND, Settings
from cogs.outbox import Outbox

WAIT = 2.0
"""A generous bound on waiting for jobs that should finish at once (a hang, not a timing check)."""


class Recorder:
    """Jobs that take their slot and note when they "send", and an event set once `expected` of
    them did."""

    def __init__(self, outbox: Outbox, expected: int) -> None:
        self.outbox = outbox
        self.ran: list[str] = []
        self.expected = expected
        self.done = asyncio.Event()

    def job(self, name: str, fail: bool = False):
        async def run() -> None:
            await self.outbox.slot()
            self.ran.append(name)
            if len(self.ran) >= self.expected:
                self.done.set()
            if fail:
                raise RuntimeError(f"job {name} failed")

        return run

    async def wait(self) -> None:
        await asyncio.wait_for(self.done.wait(), WAIT)


async def settle_outbox(outbox: Outbox) -> None:
    """Let the drainer and the job tasks it started run to the end."""
    for _ in range(20):
        await asyncio.sleep(0)
    assert len(outbox) == 0


@pytest.fixture(params=[(0.0, 1), (1000.0, 100)], ids=["unpaced", "paced-with-burst"])
async def outbox(request):
    per_second, burst = request.param
    box = Outbox(per_second=per_second, burst=burst)
    yield box
    await box.close()


async def test_jobs_run_in_the_order_they_were_queued(outbox):
    names = [f"board-{i}" for i in range(10)]
    rec = Recorder(outbox, len(names))
    for name in names:
        outbox.put(name, rec.job(name))
    await rec.wait()
    await settle_outbox(outbox)
    assert rec.ran == names


async def test_a_job_queued_again_under_a_waiting_key_replaces_it_and_keeps_its_place(outbox):
    rec = Recorder(outbox, 3)
    outbox.put("board:g1", rec.job("g1 v1"))
    outbox.put("dm:alice", rec.job("alice"))
    outbox.put("board:g1", rec.job("g1 v2"))
    outbox.put("board:g2", rec.job("g2"))
    outbox.put("board:g1", rec.job("g1 v3"))
    assert len(outbox) == 3
    await rec.wait()
    await settle_outbox(outbox)
    assert rec.ran == ["g1 v3", "alice", "g2"]


async def test_a_key_queued_again_after_its_job_ran_runs_again(outbox):
    first = Recorder(outbox, 1)
    outbox.put("board:g1", first.job("v1"))
    await first.wait()
    second = Recorder(outbox, 1)
    outbox.put("board:g1", second.job("v2"))
    await second.wait()
    assert first.ran == ["v1"] and second.ran == ["v2"]


async def test_a_failing_job_is_logged_and_does_not_stop_the_later_ones(outbox, caplog):
    rec = Recorder(outbox, 3)
    outbox.put("a", rec.job("a"))
    outbox.put("b", rec.job("b", fail=True))
    outbox.put("c", rec.job("c"))
    with caplog.at_level(logging.ERROR, logger="cogs.outbox"):
        await rec.wait()
        await settle_outbox(outbox)
    assert rec.ran == ["a", "b", "c"]
    failures = [r for r in caplog.records if r.name == "cogs.outbox"]
    assert len(failures) == 1
    assert failures[0].exc_info is not None
    assert str(failures[0].exc_info[1]) == "job b failed"

    # The outbox still works afterwards.
    later = Recorder(outbox, 1)
    outbox.put("d", later.job("d"))
    await later.wait()


async def test_close_drops_the_waiting_jobs():
    # Paced at one call a second with no burst: after the first, the others must wait.
    outbox = Outbox(per_second=1.0, burst=0)
    rec = Recorder(outbox, 1)
    for name in ("first", "second", "third"):
        outbox.put(name, rec.job(name))
    await rec.wait()
    assert len(outbox) == 1  # "second" waits for its slot, "third" in the queue

    await outbox.close()

    assert len(outbox) == 0
    await settle_outbox(outbox)
    assert rec.ran == ["first"]


async def test_close_before_anything_ran_drops_everything():
    outbox = Outbox(per_second=0.0, burst=1)
    rec = Recorder(outbox, 1)
    outbox.put("a", rec.job("a"))
    outbox.put("b", rec.job("b"))
    await outbox.close()
    await settle_outbox(outbox)
    assert rec.ran == []


async def test_close_stops_a_job_under_way():
    outbox = Outbox(per_second=0.0, burst=1)
    started = asyncio.Event()
    finished: list[str] = []

    async def slow() -> None:
        started.set()
        await asyncio.Event().wait()  # never ends on its own
        finished.append("slow")

    outbox.put("slow", slow)
    await asyncio.wait_for(started.wait(), WAIT)
    await asyncio.wait_for(outbox.close(), WAIT)
    assert finished == []


async def test_nothing_queued_after_close_goes_out():
    outbox = Outbox(per_second=0.0, burst=1)
    rec = Recorder(outbox, 1)
    await outbox.close()
    outbox.put("late", rec.job("late"))
    await settle_outbox(outbox)
    assert rec.ran == []
    assert len(outbox) == 0


async def test_after_a_quiet_spell_only_the_burst_goes_at_once():
    per_second, burst, jobs = 500.0, 5, 60
    box = Outbox(per_second=per_second, burst=burst)
    loop = asyncio.get_running_loop()
    started: list[float] = []
    all_ran = asyncio.Event()

    async def job() -> None:
        await box.slot()
        started.append(loop.time())
        if len(started) == jobs:
            all_ran.set()

    try:
        await asyncio.sleep(0.05)  # quiet for much longer than the burst is worth
        for i in range(jobs):
            box.put(f"notice:{i}", job)
        await asyncio.wait_for(all_ran.wait(), WAIT)
    finally:
        await box.close()

    # However late the loop wakes them, the requests never catch up by more than the burst.
    window = 0.04
    busiest = max(sum(1 for t in started if s <= t < s + window) for s in started)
    assert busiest <= burst + 1 + per_second * window
    assert started[burst + 1] - started[0] >= 0.9 / per_second  # after the burst, one at a time


async def test_jobs_that_prepare_for_a_while_still_send_one_interval_apart():
    # Jobs that all finish preparing at the same moment (pictures drawn at once) do not send
    # together: each request waits for its own slot.
    per_second, jobs = 200.0, 20
    box = Outbox(per_second=per_second, burst=0)
    loop = asyncio.get_running_loop()
    ready = asyncio.Event()
    sent: list[float] = []
    all_sent = asyncio.Event()

    async def job() -> None:
        await ready.wait()
        await box.slot()
        sent.append(loop.time())
        if len(sent) == jobs:
            all_sent.set()

    try:
        for i in range(jobs):
            box.put(f"board:{i}", job)
        await asyncio.sleep(0.2)  # every job has started and waits for its picture
        ready.set()
        await asyncio.wait_for(all_sent.wait(), WAIT)
    finally:
        await box.close()

    window = 0.05
    busiest = max(sum(1 for t in sent if s <= t < s + window) for s in sent)
    assert busiest <= 1 + per_second * window  # not all 20 at once
    assert sent[-1] - sent[0] >= (jobs - 1) * 0.9 / per_second


async def test_a_channels_messages_past_five_in_its_window_wait_for_it_and_other_channels_do_not(
    monkeypatch,
):
    # Discord's 5 per 5 s in a channel, on a shorter window so the test is quick.
    window = 0.3
    monkeypatch.setattr("cogs.outbox.ROUTE_WINDOW", window)
    box = Outbox(per_second=1000.0, burst=100)
    loop = asyncio.get_running_loop()
    sent: dict[str, list[float]] = {"a": [], "b": []}

    async def send(channel: str) -> None:
        await box.slot(("post", channel))
        sent[channel].append(loop.time())

    try:
        await asyncio.wait_for(
            asyncio.gather(*(send("a") for _ in range(12)), *(send("b") for _ in range(3))), WAIT
        )
    finally:
        await box.close()

    first = sent["a"][0]
    assert all(t - first < window / 2 for t in sent["a"][:5] + sent["b"])
    # However many wait at once, no window of the channel holds more than five.
    busiest = max(sum(1 for t in sent["a"] if s <= t < s + window * 0.9) for s in sent["a"])
    assert busiest == 5
    assert sent["a"][10] - first >= 2 * window * 0.9


@pytest.mark.parametrize("processes", [1, 2, 3, 4])
def test_processes_that_share_the_default_rate_stay_within_discords_limit_when_they_burst_together(
    processes,
):
    # docs/deploying.md: with N processes, REST_PER_SECOND is 40/N in each.
    settings = Settings(discord_token="x", rest_per_second=DEFAULT_REST / processes)
    worst_second = processes * (settings.rest_per_second + settings.rest_burst)
    assert worst_second <= DISCORD_GLOBAL_PER_SECOND
    assert settings.rest_burst >= 1  # each still absorbs a small burst
    # What their budgets let leave in a second, however late, is within the limit too.
    assert processes * settings.rest_budget <= DISCORD_GLOBAL_PER_SECOND
    assert settings.rest_budget >= settings.rest_per_second


@pytest.fixture
async def discord_api():
    """A stand-in for Discord's REST API on 127.0.0.1: the URL of a channel's messages, where
    every post is answered at once."""

    async def post(request: web.Request) -> web.Response:
        return web.json_response({})

    app = web.Application()
    app.router.add_post("/api/v10/channels/1/messages", post)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    yield f"http://127.0.0.1:{runner.addresses[0][1]}/api/v10/channels/1/messages"
    await runner.cleanup()


async def test_requests_held_after_their_slot_still_leave_within_discords_global_limit(
    discord_api,
):
    # discord.py may hold a request after its slot (its route is busy, the loop is late), and
    # then release many together. The bot's budget counts what leaves (aiohttp's request-start
    # trace, as discord.py's `http_trace` carries it), so that no second sees more leave than
    # its share of Discord's 50, less a tenth for the way there: Discord would answer the excess
    # with a global 429, which holds back every request of the bot.
    settings = Settings(discord_token="x")
    budget = RestBudget(settings.rest_budget)
    # When each request left, as a trace of the test's own sees it: the rest of the way to
    # Discord is the network's (here the test's own loop, slowed by whatever else the machine
    # runs, would blur the arrivals).
    left: list[float] = []
    watch = aiohttp.TraceConfig()

    async def leaving(*_: object) -> None:
        left.append(time.monotonic())

    watch.on_request_start.append(leaving)

    route_free = asyncio.Event()
    box = Outbox(settings.rest_per_second, burst=settings.rest_burst, budget=budget)
    jobs = 90
    try:
        async with aiohttp.ClientSession(trace_configs=[budget.trace, watch]) as session:

            async def job() -> None:
                await box.slot()
                await route_free.wait()
                async with session.post(discord_api) as response:
                    assert response.status == 200

            for i in range(jobs):
                box.put(f"post:{i}", job)
            await asyncio.sleep(1.2)
            route_free.set()
            await asyncio.wait_for(box.idle(), 15.0)
    finally:
        await box.close()

    assert len(left) == jobs
    busiest = max(sum(1 for t in left if s <= t < s + 1.0) for s in left)
    assert busiest <= settings.rest_budget < DISCORD_GLOBAL_PER_SECOND


async def test_a_turn_waits_for_the_requests_that_left_not_for_the_turns_they_used_to_lapse(
    discord_api,
):
    # Turns given to requests that discord.py holds fill the budget; once those requests leave,
    # the next turn comes a window after them, not when their turns would have lapsed.
    budget = RestBudget(3)
    for _ in range(3):
        await budget.take()
    fourth = asyncio.create_task(budget.take())
    await asyncio.sleep(0.1)
    assert not fourth.done()  # three turns out, none used: the budget is full
    async with aiohttp.ClientSession(trace_configs=[budget.trace]) as session:
        for _ in range(3):
            async with session.post(discord_api) as response:
                assert response.status == 200
    left = time.monotonic()
    await asyncio.wait_for(fourth, TURN_KEPT - 2.0)
    assert time.monotonic() - left >= WINDOW - 0.1  # not before they are out of the window
