"""The event loop a bot process runs on: uvloop where it builds, asyncio's own elsewhere."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import discord

T = TypeVar("T")


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop, or None (asyncio's default) where uvloop is not installed (Windows).

    Under load much of a click's CPU is the loop's and aiohttp's socket work, not ours, and
    uvloop does that work in C.
    """
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def run_until_complete(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(main)`, on the loop of `loop_factory` (the benchmarks' drivers use it too)."""
    with asyncio.Runner(loop_factory=loop_factory()) as loop_runner:
        return loop_runner.run(main)


def run(client: discord.Client, token: str) -> None:
    """`client.run(token)` on the loop of `loop_factory`, with logging left as it was set up.

    discord.py's `Client.run` always uses asyncio's default loop; this is the same runner
    otherwise, and Ctrl+C stops it the same way.
    """

    async def runner() -> None:
        async with client:
            await client.start(token)

    try:
        run_until_complete(runner())
    except KeyboardInterrupt:
        # The runner cancelled the client's task, which closed its sockets and HTTP session.
        return
