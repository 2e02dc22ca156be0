"""Where a run's CPU went over time: the bot's processes and the whole machine, sampled.

The p99 of a run is decided by its busiest second: when 200 tables open at once, clicks arrive
faster than one core answers them and queue up. Two numbers tell why a run's opening was slow:
how much of a core the bot used in its busiest second (100 % means its clicks queued), and how
busy the whole machine was then (near 100 % means the driver, the bot and its workers were
taking CPU from each other, or a neighbour was). CPU per interaction over the opening compares
our bot's work per click with the bare bot's on the very same clicks.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

EVERY = 0.1
"""Seconds between samples."""
WINDOW = 1.0
"""The length of the 'busiest second'."""


def machine_busy_seconds() -> float:
    """CPU seconds the machine's cores have spent on anything but waiting, since boot."""
    with open("/proc/stat") as stat:
        values = [int(v) for v in stat.readline().split()[1:]]
    idle = values[3] + values[4]  # idle and iowait
    return (sum(values) - idle) / os.sysconf("SC_CLK_TCK")


@dataclass
class CpuTrace:
    """Samples (time, bot CPU seconds, the same without its AI workers, machine busy seconds)
    until stopped. `bot_cpu` gives the bot's two CPU figures (BotProcess.cpu_split)."""

    bot_cpu: Callable[[], tuple[float, float]]
    samples: list[tuple[float, float, float, float]] = field(default_factory=list)
    _task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Sample in the background from now on."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Take a last sample and stop."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._sample()

    def _sample(self) -> None:
        everything, clicks = self.bot_cpu()
        self.samples.append((time.monotonic(), everything, clicks, machine_busy_seconds()))

    async def _run(self) -> None:
        while True:
            self._sample()
            await asyncio.sleep(EVERY)

    def bot_seconds(self, start: float, end: float) -> float:
        """The bot's CPU seconds between two moments (as near as the samples tell)."""
        return self._at(end)[1] - self._at(start)[1]

    def click_seconds(self, start: float, end: float) -> float:
        """The same without the bot's AI workers: its processes that answer clicks."""
        return self._at(end)[2] - self._at(start)[2]

    def bot_share(self) -> float:
        """The bot's share of one core over the whole trace."""
        (t0, bot0, _, _), (t1, bot1, _, _) = self.samples[0], self.samples[-1]
        return (bot1 - bot0) / max(t1 - t0, 1e-9)

    def busiest_second(self) -> tuple[float, float]:
        """The bot's share of one core and the machine's share of all of its cores, in the
        second when the bot used the most CPU."""
        best, end = (0.0, 0.0), 0
        for t0, bot0, _, machine0 in self.samples:
            while end < len(self.samples) and self.samples[end][0] < t0 + WINDOW:
                end += 1
            if end == len(self.samples):
                break
            t1, bot1, _, machine1 = self.samples[end]
            bot_share = (bot1 - bot0) / (t1 - t0)
            if bot_share > best[0]:
                machine_share = (machine1 - machine0) / (t1 - t0) / (os.cpu_count() or 1)
                best = (bot_share, machine_share)
        return best

    def _at(self, moment: float) -> tuple[float, float, float, float]:
        return min(self.samples, key=lambda s: abs(s[0] - moment))
