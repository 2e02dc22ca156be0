"""How fast the machine itself ran during a run: a fixed piece of pure-Python work, timed.

On the shared 2-core machines the benchmarks run on (KVM guests), a loop that takes 1.3 ms of
CPU in one quarter second takes 2.3 ms in the next, on either core, with the machine loaded or
idle: the host gives our cores more or less of its own. A run's opening lasts about a second,
so one bot's opening can fall in a slow patch and the other's in a fast one, a minute later.

The probe is a small process of its own (`python -m benchmarks.pace`) that times WORK every
EVERY seconds and prints each time; `PaceProbe` collects them. A phase's pace is the median time
over its opening: the higher, the slower the machine was for that bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import sys
import time
from dataclasses import dataclass, field

EVERY = 0.1
"""Seconds between two timings (about half a percent of a core)."""
LOOPS = 10_000
"""Iterations of the timed work: about half a millisecond of CPU at the machine's best."""


def work() -> int:
    """The fixed work: plain interpreter arithmetic, no allocation to speak of, no I/O."""
    total = 0
    for i in range(LOOPS):
        total += i * i % 7
    return total


def main() -> None:
    """Print 'monotonic-time cpu-seconds' for WORK every EVERY seconds, until killed."""
    while True:
        started = time.thread_time()
        work()
        took = time.thread_time() - started
        print(f"{time.monotonic():.4f} {took:.6f}", flush=True)
        time.sleep(EVERY)


@dataclass
class PaceProbe:
    """The probe process and what it printed: (monotonic time, CPU seconds of WORK)."""

    samples: list[tuple[float, float]] = field(default_factory=list)
    _proc: asyncio.subprocess.Process | None = None
    _reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start timing in the background."""
        self._proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "benchmarks.pace", stdout=asyncio.subprocess.PIPE
        )
        self._reader = asyncio.get_running_loop().create_task(self._read(self._proc))

    async def stop(self) -> None:
        """Stop the probe; the samples stay."""
        if self._proc is not None and self._proc.returncode is None:
            self._proc.kill()
            await self._proc.wait()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    async def _read(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stdout is not None
        async for line in proc.stdout:
            moment, took = line.split()
            self.samples.append((float(moment), float(took)))

    def median_within(self, start: float, end: float) -> float | None:
        """The median CPU seconds of WORK between two moments (monotonic), if timed there."""
        times = [took for moment, took in self.samples if start <= moment < end]
        return statistics.median(times) if times else None


if __name__ == "__main__":
    main()
