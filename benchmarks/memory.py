"""Resident memory per running game of the real bot process.

Run: python -m benchmarks.memory [--games 1000] [--onlookers 0] [--no-ai-worker]
     [--board-edit-interval 1.25]

Starts `python -m bot` against the fake Discord (benchmarks/fake_discord) with a world of N
channels and members, opens N/2 games by driving the bot like members do (/newgame, Add AI,
Start; nobody plays), waits until the bot's REST traffic settles (board edits, turn DMs), reads
VmRSS from /proc/<pid>/status (RSS_half), opens the other N/2 the same way, reads it again
(RSS_N) and prints (RSS_N - RSS_half) / (N/2): what one more running game costs. The first
games also pay for what is loaded once, on first use (the worker's fonts and drawing code, the
first pictures' buffers), which is printed apart, from the RSS with no game (RSS_0). Goal: at
most 30 KiB per game (README). RSS is the bot process's and its AI worker's (the fork server and
the pool's process). The bot's settings that matter are flags with the production defaults,
given to the bot process through its environment.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.fake_discord.players import Players, Table
from benchmarks.fake_discord.server import FakeDiscord
from benchmarks.fake_discord.world import (
    ALL_SLUGS,
    add_knobs,
    knob_env,
    knobs_line,
    make_server,
    make_tables,
    playable_slugs,
    start_bot,
)

GOAL_KIB = 30


async def rss_settled(read: Callable[[], float], seconds: float = 3.0) -> float:
    """Median of VmRSS samples over a few seconds (KiB)."""
    samples: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        samples.append(read())
        await asyncio.sleep(0.25)
    return statistics.median(samples)


async def quiet(server: FakeDiscord, seconds: float, limit: float) -> float:
    """Wait until no REST call arrived for `seconds` (at most `limit`); the time waited."""
    start = time.monotonic()
    last_total, last_change = -1, time.monotonic()
    while time.monotonic() - start < limit:
        total = sum(server.rest_counts.values()) + sum(server.rest_429.values())
        if total != last_total:
            last_total, last_change = total, time.monotonic()
        elif time.monotonic() - last_change >= seconds:
            break
        await asyncio.sleep(0.2)
    return time.monotonic() - start


async def open_only(table: Table, slug: str) -> bool:
    """Open and start one game at a table without playing it."""
    game = await table.open_game(slug)
    return game is not None and game.started


async def run(args: argparse.Namespace) -> None:
    """Measure and print."""
    slugs, skipped = playable_slugs(tuple(args.only) if args.only else ALL_SLUGS)
    for slug, reason in skipped.items():
        print(f"skipping {slug}: {reason}")
    print(f"the bot's settings: {knobs_line(args)}")
    # No global REST limit here: a backlog of board edits and DMs waiting for it would be counted
    # as memory per game (benchmarks.load measures the limit's effect).
    server = make_server(args.games, 1, onlookers=args.onlookers, global_rate_limit=None)
    await server.start()
    with tempfile.TemporaryDirectory(prefix="tb-memory-") as tmp:
        workdir = args.keep or Path(tmp)
        started = await start_bot(server, workdir / "games.db", workdir, extra_env=knob_env(args))
        bot = started.bot
        try:
            await asyncio.sleep(2.0)
            rss0 = await rss_settled(bot.rss_kb)
            players = Players(server)
            players.until = time.monotonic() + args.timeout
            players.lobby_pause = 0.3
            tables = make_tables(players, args.games, 1, slugs)
            sem = asyncio.Semaphore(args.concurrency)
            print(f"games: {', '.join(slugs)}")
            print(f"RSS with 0 games:  {rss0 / 1024:8.1f} MiB")

            async def one(i: int) -> bool:
                async with sem:
                    return await open_only(tables[i], slugs[i % len(slugs)])

            async def open_tables(first: int, last: int) -> tuple[int, float]:
                """Open tables[first:last]; the games running, and the RSS once settled."""
                began = time.monotonic()
                results = await asyncio.gather(*(one(i) for i in range(first, last)))
                opened = time.monotonic() - began
                waited = await quiet(server, 3.0, args.timeout)
                rss = await rss_settled(bot.rss_kb)
                print(
                    f"RSS with {sum(results)} more games: {rss / 1024:8.1f} MiB (opened in "
                    f"{opened:.1f} s; REST settled after {waited:.1f} s more)"
                )
                return sum(results), rss

            half = len(tables) // 2
            first, rss_half = await open_tables(0, half)
            second, rss_n = await open_tables(half, len(tables))
            per_game = (rss_n - rss_half) / second if second else float("nan")
            once = rss_half - rss0 - per_game * first
            print(f"running games: {first + second} of {len(tables)}")
            print(f"loaded once, on first use: {once / 1024:.1f} MiB")
            verdict = "meets" if per_game <= GOAL_KIB else "MISSES"
            print(
                f"per running game (the second half): {per_game:.1f} KiB ({verdict} the goal of "
                f"{GOAL_KIB} KiB)"
            )
            errors = bot.error_lines()
            if errors:
                print(f"ERROR lines in the bot log: {len(errors)}")
        finally:
            await bot.stop()
            await server.stop()


def main() -> None:
    """Parse options and run."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--only", nargs="*", help="only these game slugs")
    parser.add_argument("--concurrency", type=int, default=50, help="lobbies opened at once")
    parser.add_argument(
        "--onlookers", type=int, default=0, help="members of each server who never play"
    )
    parser.add_argument("--timeout", type=float, default=600.0, help="bound on every wait")
    parser.add_argument("--keep", type=Path, help="keep the log and database in this folder")
    add_knobs(parser)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
