"""bot.eager: a coroutine started in the caller's step, then carried on as a task."""

from __future__ import annotations

import asyncio
import contextvars
import inspect

import pytest

from bot import eager
from tests.bot.iterations import Iterations

seen: contextvars.ContextVar[str] = contextvars.ContextVar("seen", default="caller's")


async def test_it_runs_up_to_its_first_wait_before_the_caller_goes_on():
    steps: list[str] = []

    async def handler() -> int:
        steps.append("started")
        await asyncio.sleep(0)
        steps.append("resumed")
        return 7

    future = eager.start(handler())
    steps.append("caller")

    assert steps == ["started", "caller"]
    assert await future == 7
    assert steps == ["started", "caller", "resumed"]


async def test_after_its_first_step_it_goes_on_one_iteration_later_not_two():
    """A bare yield, or a wait on something settled by then, costs the one iteration it must."""
    loop = asyncio.get_running_loop()
    iterations = Iterations()
    await asyncio.sleep(0)
    settled_next = loop.create_future()
    loop.call_soon(settled_next.set_result, None)  # as the group commit settles its writers

    async def stepping_aside() -> int:
        before = iterations.count
        await asyncio.sleep(0)
        return iterations.count - before

    async def waiting() -> int:
        before = iterations.count
        await settled_next
        return iterations.count - before

    steps = await asyncio.gather(eager.start(stepping_aside()), eager.start(waiting()))
    iterations.stop()

    assert steps == [1, 1]


async def test_a_coroutine_that_never_waits_is_done_at_once():
    async def quick() -> str:
        return "done"

    future = eager.start(quick())

    assert future.done() and future.result() == "done"


async def test_its_error_is_the_futures_whether_raised_before_or_after_its_first_wait():
    async def at_once() -> None:
        raise ValueError("before")

    async def later() -> None:
        await asyncio.sleep(0)
        raise ValueError("after")

    first = eager.start(at_once())  # the caller is not the one interrupted
    second = eager.start(later())

    with pytest.raises(ValueError, match="before"):
        await first
    with pytest.raises(ValueError, match="after"):
        await second


async def test_cancelling_it_cancels_the_wait_it_is_in():
    gate = asyncio.get_running_loop().create_future()
    cleaned: list[bool] = []

    async def waiting() -> None:
        try:
            await gate
        finally:
            cleaned.append(True)

    future = eager.start(waiting())
    await asyncio.sleep(0)
    future.cancel()

    with pytest.raises(asyncio.CancelledError):
        await future
    assert gate.cancelled()
    assert cleaned == [True]


async def test_it_awaits_what_it_waited_on_and_gets_its_result():
    gate = asyncio.get_running_loop().create_future()

    async def waiting() -> str:
        return await gate + "!"

    future = eager.start(waiting())
    gate.set_result("answer")

    assert await future == "answer!"


async def test_it_runs_in_a_copy_of_the_callers_context():
    async def handler() -> str:
        seen.set("handler's")
        await asyncio.sleep(0)
        return seen.get()

    future = eager.start(handler())

    assert seen.get() == "caller's"
    assert await future == "handler's"


async def test_the_bot_starts_clicks_and_slash_commands_in_the_step_that_delivers_them(
    world, monkeypatch
):
    """Each handler starts one event-loop iteration sooner; under load every one is felt."""
    bot = world.env.bot
    started: list[str] = []

    async def on_click(name: str) -> None:
        started.append(name)

    async def command(interaction: object) -> None:
        started.append(str(interaction))

    bot._schedule_event(on_click, "on_interaction", "click")
    monkeypatch.setattr(bot.tree, "_call", command)
    bot.tree._from_interaction("/newgame")

    assert started == ["click", "/newgame"]


async def test_it_goes_on_in_a_task_on_python_3_12_which_takes_only_native_coroutines():
    """On 3.12 the bot crashed at the first slash command: the task was a generator."""
    loop = asyncio.get_running_loop()

    def as_python_3_12(
        loop: asyncio.AbstractEventLoop, coro: object, **options: object
    ) -> asyncio.Task[object]:
        if not inspect.iscoroutine(coro):
            raise TypeError(f"a coroutine was expected, got {coro!r}")
        return asyncio.Task(coro, loop=loop, **options)  # type: ignore[arg-type]

    async def handler() -> str:
        await asyncio.sleep(0)
        return "answered"

    loop.set_task_factory(as_python_3_12)
    try:
        future = eager.start(handler())
    finally:
        loop.set_task_factory(None)

    assert await future == "answered"
