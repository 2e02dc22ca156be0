"""Picture benchmark: how long drawing a board and a hand takes, and how large the PNGs are.

Run: python -m benchmarks.pictures [--seeds 3] [--only SLUG]

Every position of whole AI games (fewest, usual and most players; English and Russian in
turn) is drawn as the bot's pool draws it: the picture, then its PNG. The process is pinned to
one core. Times are the CPU time of the drawing thread, which other work on a shared machine
does not inflate; the wall-clock p99 is printed beside them. The first game of each table size
only warms the caches (fonts, shapes, the text of numbers and names); the rest is measured.
Goals: board p99 <= 25 ms, hand p99 <= 15 ms, every PNG <= 200 KB.

Then a new AI worker (`bot.ai_worker`, forked from its fork server as the bot's is) draws each
game's first board and hand: the wall time from asking to the PNG back, which a member's panel
waits for at most a tenth of a second.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from PIL import Image

import engines
from benchmarks.engines import percentile
from bot.ai_worker import AiWorker
from bot.event_loop import run_until_complete
from bot.pictures import painter
from bot.pictures.base import png
from bot.pictures.palettes import palette
from bot.pictures.pool import Sketch
from bot.pictures.samples import PLAYERS, playout, seats

BOARD_P99_MS = 25.0
HAND_P99_MS = 15.0
PNG_LIMIT = 200 * 1024


@dataclass
class Times:
    """CPU and wall-clock seconds of each drawing of one kind."""

    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)


@dataclass
class Samples:
    """One game's drawings: boards, hands, and the size of every PNG (bytes)."""

    board: Times = field(default_factory=Times)
    hand: Times = field(default_factory=Times)
    sizes: list[int] = field(default_factory=list)


def timed(
    draw: Callable[[], Image.Image], colours: Image.Image, times: Times, sizes: list[int]
) -> None:
    """Draw and encode once, as the pool does, recording the times and the PNG's size."""
    cpu, wall = time.thread_time(), time.perf_counter()
    data = png(draw(), colours)
    times.cpu.append(time.thread_time() - cpu)
    times.wall.append(time.perf_counter() - wall)
    sizes.append(len(data))


def measure(slug: str, seeds: int) -> Samples:
    """Every position of `seeds` measured games for each table size of `slug`."""
    game = engines.game(slug)
    pictures = painter(slug)
    colours = palette(slug)
    spec = game.SPEC
    samples = Samples()
    for players in sorted({spec.min_players, PLAYERS[slug], spec.max_players}):
        table = seats(players, ai=1)
        for seed in range(seeds + 1):
            warm = seed == 0
            into = Samples() if warm else samples
            for index, state in enumerate(playout(slug, players, 100 + seed)):
                lang = ("en", "ru")[index % 2]
                public = game.view(state, None)
                timed(partial(pictures.board, public, table, lang), colours, into.board, into.sizes)
                own = game.view(state, min(game.to_act(state) or {0}))
                timed(partial(pictures.hand, own, table, lang), colours, into.hand, into.sizes)
    return samples


async def first_pictures() -> dict[str, tuple[float, float]]:
    """Milliseconds of wall time for a new worker's first board and hand of each game."""
    worker = AiWorker(enabled=True)
    await worker.start()
    if await worker.worker_pid() is None:
        raise SystemExit("the AI worker did not start")
    firsts = {}
    try:
        for slug in engines.SLUGS:
            game, players = engines.game(slug), PLAYERS[slug]
            state = playout(slug, players, seed=200)[3]
            table = seats(players)
            board = Sketch("first", slug, "board", game.view(state, None), table, "ru")
            hand = Sketch("first", slug, "hand", game.view(state, 0), table, "ru")
            waited = []
            for sketch in (board, hand):
                asked = time.perf_counter()
                if await worker.run(sketch.draw) is None:
                    raise SystemExit(f"the worker drew no {sketch.kind} of {slug}")
                waited.append((time.perf_counter() - asked) * 1000)
            firsts[slug] = (waited[0], waited[1])
    finally:
        await worker.stop()
    return firsts


def load() -> str:
    """The machine's load average over 1, 5 and 15 minutes."""
    return " ".join(f"{n:.2f}" for n in os.getloadavg())


def main() -> None:
    """Measure every game and print the numbers against the goals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="measured games per table size")
    parser.add_argument("--only", choices=engines.SLUGS)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"one core; goals: board p99 <= {BOARD_P99_MS:g} ms, hand p99 <= {HAND_P99_MS:g} ms,")
    print(f"PNG <= {PNG_LIMIT // 1024} KB. Milliseconds of CPU; wall p99 in brackets.")
    print(f"Load average before: {load()}")
    print(
        f"{'game':<10} {'boards':>6} {'p50':>5} {'p99':>5} {'(wall)':>7}"
        f" {'hands':>6} {'p50':>5} {'p99':>5} {'(wall)':>7} {'PNG p50':>8} {'PNG max':>8}  verdict"
    )
    for slug in [args.only] if args.only else engines.SLUGS:
        s = measure(slug, args.seeds)
        board99, hand99 = percentile(s.board.cpu, 0.99), percentile(s.hand.cpu, 0.99)
        biggest = max(s.sizes)
        ok = board99 <= BOARD_P99_MS and hand99 <= HAND_P99_MS and biggest <= PNG_LIMIT
        print(
            f"{slug:<10} {len(s.board.cpu):>6} {percentile(s.board.cpu, 0.5):>5.1f} {board99:>5.1f}"
            f" ({percentile(s.board.wall, 0.99):>5.1f})"
            f" {len(s.hand.cpu):>6} {percentile(s.hand.cpu, 0.5):>5.1f} {hand99:>5.1f}"
            f" ({percentile(s.hand.wall, 0.99):>5.1f})"
            f" {sorted(s.sizes)[len(s.sizes) // 2] / 1024:>6.1f}KB {biggest / 1024:>6.1f}KB"
            f"  {'met' if ok else 'MISSED'}"
        )
    print(f"Load average after: {load()}; other work on the machine slows the wall times.")
    firsts = run_until_complete(first_pictures())
    print("A new worker's first pictures, wall ms from asking to the PNG back (board / hand):")
    print("  " + ", ".join(f"{slug} {b:.1f} / {h:.1f}" for slug, (b, h) in firsts.items()))


if __name__ == "__main__":
    main()
