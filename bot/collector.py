"""The garbage collector's passes on a clock, so that no young pass has much to walk.

CPython starts a young pass when the tracked objects made since the last one, less the tracked
objects freed meanwhile, pass a threshold. A busy bot replaces part of a game's state at every
move: the new objects count up, the freeing of the ones they replace counts them back down, and
the count hardly moves. Young passes then come further and further apart, and each walks every
object made since the last one that is still alive, which after a while is most of the games'
data. At 200 busy games they took 7 to 13 ms each for the first 40 s, then 50 to 155 ms, 20 to
45 s apart, and by the fourth minute they had stopped coming at all: stalls that every click in
flight waited out, and that grow the longer the bot runs (README, performance).

Here a young pass runs every `every` seconds, whatever the count, so it walks only what those
seconds made; now and then a middle pass and, more rarely, a full one run the same way. Python's
own young threshold stays, a backstop for a sudden flood of objects (a restart's restore).
"""

from __future__ import annotations

import asyncio
import gc

YOUNG_EVERY = 0.25
"""Seconds between two young passes: at 200 busy games each then takes about a millisecond."""
MIDDLE_EVERY = 1200
"""Young passes between two middle passes (five minutes). A middle pass walks the objects that
outlived a young pass and are still alive, most of the games' states, 35 to 70 ms at 200 games,
to free a hundred or so objects."""
FULL_EVERY = 10
"""Middle passes between two full passes, Python's own ratio (every 50 minutes; about 200 ms with
10,000 running games)."""
NEVER = 1_000_000_000
"""A count Python's own passes never reach."""
YOUNG_OBJECTS_PER_COLLECTION = 10_000
"""Python's default is 700. Young passes run on the clock below; this threshold is the
backstop for a flood of new objects between two of them. A click allocates a few hundred
containers (its interaction, the game's new state, the drawn message), and clicks in flight keep
theirs alive, so at 700 the collector ran about 20 times a second under load and walked the same
live objects again and again (README, performance)."""


def freeze_startup_heap() -> None:
    """Keep what exists now out of every pass, and let young passes wait for more new objects.

    For a process that has loaded what it keeps for its whole life: a full pass over all that
    took about 90 ms under load. Called once; what is frozen is never freed.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS_PER_COLLECTION, *gc.get_threshold()[1:])


class CollectorClock:
    """Runs the collector's passes from the event loop until stopped."""

    def __init__(
        self,
        every: float = YOUNG_EVERY,
        middle_every: int = MIDDLE_EVERY,
        full_every: int = FULL_EVERY,
    ) -> None:
        self._every = every
        self._middle_every = middle_every
        self._full_every = middle_every * full_every
        self._passes = 0
        self._handle: asyncio.TimerHandle | None = None
        self._older_thresholds: list[int] = []  # Python's own, kept while the clock runs

    def start(self) -> None:
        """The first pass comes `every` seconds from now (never, if `every` is 0).

        Meanwhile Python's own passes are young ones only. Every young pass counts towards
        Python's middle threshold, so after ten of the clock's, Python's next own pass (a flood
        of new objects) would have been a middle pass, and now and then a full one.
        """
        if not self._every:
            return
        young, *self._older_thresholds = gc.get_threshold()
        gc.set_threshold(young, NEVER, NEVER)
        self._handle = asyncio.get_running_loop().call_later(self._every, self._pass)

    def stop(self) -> None:
        """No pass after this one; Python's own passes are as they were."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
            gc.set_threshold(gc.get_threshold()[0], *self._older_thresholds)

    def _pass(self) -> None:
        self._passes += 1
        if self._passes % self._full_every == 0:
            gc.collect(2)
        elif self._passes % self._middle_every == 0:
            gc.collect(1)
        else:
            gc.collect(0)
        self._handle = asyncio.get_running_loop().call_later(self._every, self._pass)
