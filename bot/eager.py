"""Start a coroutine in the caller's step, as asyncio's eager tasks do from Python 3.12 on.

A task's first step waits for the next event-loop iteration, and under load an iteration
serves every click in flight. A click's handler started at once, in the step that reads the
click's gateway event, answers one iteration sooner: from that event to the answer leaving,
"My hand" takes one iteration instead of two and a move two instead of three (the bare
discord.py bot of the load benchmark takes two).
"""

from __future__ import annotations

import asyncio
import contextvars
import types
from collections.abc import Coroutine, Generator
from typing import Any, TypeVar

T = TypeVar("T")


def start(coro: Coroutine[Any, Any, T], *, name: str | None = None) -> asyncio.Future[T]:
    """Run `coro` now up to its first wait, then on as a task; its future either way.

    As in a task, it runs in a copy of the caller's context, and its error (the first step's
    too) is the future's, not the caller's.
    """
    loop = asyncio.get_running_loop()
    context = contextvars.copy_context()
    try:
        waiting_on = context.run(coro.send, None)
    except (KeyboardInterrupt, SystemExit):
        raise  # as a task's step lets them through to the loop
    except BaseException as exc:
        settled: asyncio.Future[T] = loop.create_future()
        if isinstance(exc, StopIteration):
            settled.set_result(exc.value)
        elif isinstance(exc, asyncio.CancelledError):
            settled.cancel()
        else:
            settled.set_exception(exc)
        return settled
    return loop.create_task(_rest(coro, waiting_on), name=name, context=context)


async def _rest(coro: Coroutine[Any, Any, T], waiting_on: Any) -> T:
    # A task takes only a native coroutine from Python 3.12 on, not a generator-based one.
    return await _go_on(coro, waiting_on)


@types.coroutine
def _go_on(coro: Coroutine[Any, Any, T], waiting_on: Any) -> Generator[Any, None, T]:
    """The rest of `coro`, whose first step yielded `waiting_on` (a future, or None).

    This runs as the task's first step, an iteration after the caller's: a bare yield (None)
    has had its iteration already, and a future that is done by now needs no other.
    """
    if waiting_on is None or waiting_on.done():
        if waiting_on is not None:
            waiting_on._asyncio_future_blocking = False  # as a task leaves what it waited on
        return (yield from coro)
    while True:
        try:
            yield waiting_on  # the task waits on it just as it would have for `coro`
        except BaseException as exc:  # thrown in by the task (a cancel): it is `coro`'s
            try:
                waiting_on = coro.throw(exc)
            except StopIteration as finished:
                return finished.value
            continue
        return (yield from coro)
