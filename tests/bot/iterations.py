"""Counting event-loop iterations: under load every iteration serves every click in flight."""

from __future__ import annotations

import asyncio


class Iterations:
    """Counts the event loop's iterations from its creation until `stop`."""

    def __init__(self) -> None:
        self.count = 0
        self._loop = asyncio.get_running_loop()
        self._next = self._loop.call_soon(self._tick)

    def _tick(self) -> None:
        self.count += 1
        self._next = self._loop.call_soon(self._tick)

    def stop(self) -> None:
        """Count no more."""
        self._next.cancel()
