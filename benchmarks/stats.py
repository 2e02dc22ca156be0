"""Stats, leaderboards, history and replays on a server with 100,000 finished games.

Run: python -m benchmarks.stats [--games 100000] [--members 500] [--samples 500]
     [--database postgresql://postgres@127.0.0.1/test]

Fills one server with N finished games through the bot's own Storage API: each game's record
and seats, then its last move with its result and standings (history, seat results, the new
ratings, the team record), rated in the order the games end, as the runtime does it. Games are
written a thousand at a time, so that group commit puts each thousand in one transaction.

Then prints p50 and p99 of the database time of what /stats (one game, and every game),
/leaderboard (a random page and the reader's own place) and /history ask, with the query plans
(no query may read a whole table); and the cost of a replay step at the end of the longest game of
each kind: the longest of several seeded AI games with the options that make games longest,
stored with its whole action log. A step is timed cold (loaded from the database and built:
the first click on "Replay" after a restart) and warm (the replay kept built: every click after),
including the drawing of the viewer's text. Goals: p99 < 50 ms, a step < 20 ms.

With --database, the games go into a new database on that PostgreSQL server, dropped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Coroutine, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import asyncpg

import engines
from benchmarks.fake_discord.world import postgres_server, scratch_database
from bot.client import load_for_good
from bot.ratings import rate, seat_results
from bot.replay import Replay, Replays
from bot.stats import Stats
from bot.storage import (
    GameRecord,
    LoggedAction,
    Reader,
    SeatRecord,
    Skill,
    Standings,
    Storage,
)
from bot.storage.postgres import numbered
from cogs.replay import viewer
from engines.core import action_adapter, rng_for

GUILD = 1
ONLOOKER = Reader(GUILD, 1, frozenset({2}))
"""A member who sees the games' channel (the replays below are of games they did not play)."""
CHUNK = 1000
STATS_GOAL_MS = 50.0
STEP_GOAL_MS = 20.0
LONGEST: list[tuple[str, dict[str, Any], int]] = [
    # The options and player count that make each kind of game longest (and a single game of
    # Genial, whose longest form is a series of twelve).
    ("mindup", {}, 6),
    ("thegame", {}, 5),
    ("genial", {}, 4),
    ("genial", {"games": 12}, 4),
    ("hourglass", {}, 5),
    ("zero", {}, 5),
]


class Timed:
    """The database, with the time each query took."""

    def __init__(self, db: Any) -> None:
        self.db = db
        self.spent = 0.0
        self.queries: list[tuple[str, Sequence[Any]]] = []

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> Any:
        start = time.perf_counter()
        rows = await self.db.fetch(sql, params)
        self.spent += time.perf_counter() - start
        self.queries.append((sql, params))
        return rows

    async def write(self, unit: Any) -> None:
        await self.db.write(unit)


def random_outcome(play: random.Random, slug: str, players: int) -> engines.Outcome:
    """A plausible result: scores as the game counts them, places from them."""
    spec = engines.game(slug).SPEC
    if spec.cooperative:
        left = play.choice([0, 0, 2, 5, 9, 14, 30])
        return engines.Outcome(
            scores=(left,) * players,
            ranking=(1,) * players,
            winners=tuple(range(players)) if left == 0 else (),
            lower_is_better=True,
            cooperative=True,
        )
    scores = [play.randint(0, 60) for _ in range(players)]
    keys = [-s for s in scores] if spec.lower_is_better else scores
    ranking = tuple(1 + sum(1 for k in keys if k > mine) for mine in keys)
    winners = tuple(s for s, place in enumerate(ranking) if place == 1)
    return engines.Outcome(
        scores=tuple(scores),
        ranking=ranking,
        winners=winners,
        lower_is_better=spec.lower_is_better,
    )


async def fill(storage: Storage, games: int, members: int, seed: int) -> None:
    """`games` finished games on one server, written as the runtime writes them."""
    play = random.Random(seed)
    skills: dict[str, dict[int, Skill]] = {slug: {} for slug in engines.SLUGS}
    started = time.time() - games * 60.0
    done = 0
    while done < games:
        records: list[GameRecord] = []
        finals: list[tuple[str, str, Standings]] = []
        for n in range(done, min(done + CHUNK, games)):
            slug = play.choice(engines.SLUGS)
            spec = engines.game(slug).SPEC
            humans = play.sample(range(members), play.randint(1, min(4, spec.max_players)))
            seats = [SeatRecord(user_id=10_000 + m, name=f"member{m}", ai=False) for m in humans]
            while len(seats) < max(spec.min_players, 2 if play.random() < 0.3 else 0):
                seats.append(SeatRecord(user_id=None, name=f"AI {len(seats)}", ai=True))
            record = GameRecord(
                id=f"{n:08x}",
                guild_id=GUILD,
                channel_id=2,
                slug=slug,
                options={},
                seed=n,
                status="running",
                host_id=10_000 + humans[0],
                language="en",
                created_at=started + n * 60.0,
                seats=seats,
            )
            outcome = random_outcome(play, slug, len(seats))
            results = seat_results(seats, outcome, rated=not spec.cooperative)
            rated = rate(skills[slug], results)
            for skill in rated:
                skills[slug][skill.user_id] = skill
            standings = Standings(
                guild_id=GUILD,
                slug=slug,
                finished_at=record.created_at + 30.0,
                seats=results,
                skills=tuple(rated),
                team=spec.cooperative,
                lower_is_better=spec.lower_is_better,
            )
            records.append(record)
            finals.append((record.id, outcome.model_dump_json(), standings))
        await asyncio.gather(*(storage.save_game(r) for r in records))
        await asyncio.gather(
            *(
                storage.record_move(
                    game_id,
                    LoggedAction(seq=1, seat=0, action="{}", by_ai=False),
                    result=result,
                    standings=standings,
                )
                for game_id, result, standings in finals
            )
        )
        done += len(records)
        print(f"\r  {done:,} games", end="", flush=True)
    print()


async def measure(
    timed: Timed, samples: int, ask: Callable[[random.Random], Coroutine[Any, Any, Any]]
) -> tuple[float, float]:
    """p50 and p99 in ms of the database time of `samples` answers."""
    play = random.Random(7)
    spent: list[float] = []
    for _ in range(samples):
        timed.spent = 0.0
        await ask(play)
        spent.append(timed.spent * 1000)
    cuts = statistics.quantiles(spent, n=100)
    return cuts[49], cuts[98]


async def plans(url: str, queries: list[tuple[str, Sequence[Any]]]) -> list[list[str]]:
    """How the database runs each query (one of each kind)."""
    if not url.startswith("postgres"):
        with closing(sqlite3.connect(url.removeprefix("sqlite:///"))) as lite:
            return [
                [row[3] for row in lite.execute(f"EXPLAIN QUERY PLAN {sql}", params)]
                for sql, params in queries
            ]
    server = await asyncpg.connect(url)
    try:
        return [
            [row[0] for row in await server.fetch(f"EXPLAIN {numbered(sql)}", *params)]
            for sql, params in queries
        ]
    finally:
        await server.close()


async def vacuum(url: str) -> None:
    """PostgreSQL's VACUUM ANALYZE, as autovacuum would run it."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("VACUUM ANALYZE")
    finally:
        await conn.close()


def longest_game(
    slug: str, values: dict[str, Any], players: int, tries: int, number: int
) -> tuple[GameRecord, list[LoggedAction], str]:
    """The longest of `tries` seeded games where the AI plays every seat."""
    game = engines.game(slug)
    options = game.SPEC.Options.model_validate(values)
    adapter = action_adapter(game.SPEC.Action)
    best: tuple[int, list[LoggedAction], str] | None = None
    for seed in range(tries):
        state = game.setup(options, players, seed)
        log: list[LoggedAction] = []
        while game.outcome(state) is None:
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            action = game.ai_action(game.view(state, seat), legal, rng_for(seed, state.version))
            state, _ = game.apply(state, seat, action)
            text = adapter.dump_json(action).decode()
            log.append(LoggedAction(seq=state.version, seat=seat, action=text, by_ai=True))
        if best is None or len(log) > len(best[1]):
            best = (seed, log, game.outcome(state).model_dump_json())  # type: ignore[union-attr]
    assert best is not None
    seed, log, result = best
    record = GameRecord(
        id=f"feed{number:04x}",
        guild_id=GUILD,
        channel_id=2,
        slug=slug,
        options=options.model_dump(mode="json"),
        seed=seed,
        status="running",
        host_id=1,
        language="en",
        created_at=time.time(),
        seats=[SeatRecord(user_id=None, name=f"AI {n + 1}", ai=True) for n in range(players)],
    )
    return record, log, result


async def replay_steps(storage: Storage, tries: int) -> None:
    """What a step costs at the end of the longest game of each kind."""
    print(
        f"\nreplay step at the end of the longest game of each kind (longest of {tries} seeds; "
        f"cold: loaded and built, warm: kept built; the viewer's text included)"
    )
    print(
        f"  {'game':<10} {'options':<14} {'steps':>6} {'load ms':>8} {'build ms':>9} "
        f"{'cold step ms':>13} {'warm step ms':>13}"
    )
    load_for_good()  # catalogs, renderers and schemas, as the bot loads them before serving
    for number, (slug, values, players) in enumerate(LONGEST):
        record, log, result = longest_game(slug, values, players, tries, number)
        await storage.save_game(record)
        await storage.start_game(record, "{}")
        for entry in log[:-1]:
            await storage.append_action(record.id, entry)
        await storage.record_move(record.id, log[-1], result=result)
        timed = Timed(storage.stats.db)
        storage.stats.db = timed  # type: ignore[assignment]
        start = time.perf_counter()
        loaded = await storage.stats.finished_game(record.id)
        load = time.perf_counter() - start
        assert loaded is not None
        start = time.perf_counter()
        Replay(loaded)
        build = time.perf_counter() - start
        replays = Replays(storage)
        start = time.perf_counter()
        built = await replays.replay(record.id, ONLOOKER)
        viewer(built, built.steps, "en")
        cold = time.perf_counter() - start
        warm = []
        for _ in range(50):
            start = time.perf_counter()
            kept = await replays.replay(record.id, ONLOOKER)
            viewer(kept, kept.steps - 1, "en")
            warm.append(time.perf_counter() - start)
        storage.stats.db = timed.db
        shown = ",".join(f"{k}={v}" for k, v in values.items()) or "-"
        verdict = "ok" if max(warm) * 1000 < STEP_GOAL_MS else "MISSED"
        print(
            f"  {slug:<10} {f'{players}p {shown}':<14} {built.steps:>6} {load * 1000:>8.1f} "
            f"{build * 1000:>9.1f} {cold * 1000:>13.1f} {statistics.median(warm) * 1000:>7.2f} "
            f"(max {max(warm) * 1000:.2f}) {verdict}"
        )


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as workdir:
        async with scratch_database(args.database, Path(workdir)) as where:
            url = where if isinstance(where, str) else f"sqlite:///{where}"
            storage = await Storage.open(url)
            try:
                print(f"{'PostgreSQL' if args.database else 'SQLite'}: filling one server ...")
                start = time.perf_counter()
                await fill(storage, args.games, args.members, seed=1)
                print(f"  written in {time.perf_counter() - start:.1f} s")
                if args.database:
                    # What autovacuum does on a live server soon after so many writes: the
                    # planner's statistics (without them it guesses a row per table), and the
                    # visibility map that lets an index answer without reading the table.
                    await vacuum(url)
                await report(storage, url, args)
                await replay_steps(storage, args.tries)
            finally:
                await storage.close()


async def report(storage: Storage, url: str, args: argparse.Namespace) -> None:
    """The database time of /stats, /leaderboard and /history."""
    stats = Stats(storage, time.time)
    timed = Timed(storage.stats.db)
    storage.stats.db = timed  # type: ignore[assignment]

    def member(play: random.Random) -> int:
        return 10_000 + play.randrange(args.members)

    def reader(play: random.Random) -> Reader:
        # The games' channel among the 50 a member of a busy server may view.
        return Reader(GUILD, member(play), frozenset(range(2, 52)))

    competitive = [s for s in engines.SLUGS if not engines.game(s).SPEC.cooperative]
    pages = -(-args.members // 10)
    asks = {
        "/stats member game": lambda play: stats.member(
            reader(play), member(play), play.choice(engines.SLUGS)
        ),
        "/stats member (every game)": lambda play: stats.member(reader(play), member(play), None),
        "/leaderboard game (page, own place)": lambda play: stats.leaderboard(
            GUILD, play.choice(competitive), play.randrange(pages), member(play), 3
        ),
        "/leaderboard thegame (team results)": lambda play: stats.teams(GUILD, "thegame"),
        "/history": lambda play: stats.history(reader(play), None),
        "/history game": lambda play: stats.history(reader(play), play.choice(engines.SLUGS)),
    }
    print(
        f"\n{args.games:,} finished games, {args.members} members, one server; database time "
        f"per answer over {args.samples} answers"
    )
    print(f"  {'command':<38} {'p50 ms':>7} {'p99 ms':>7}")
    for name, ask in asks.items():
        p50, p99 = await measure(timed, args.samples, ask)
        verdict = "ok" if p99 < STATS_GOAL_MS else "MISSED"
        print(f"  {name:<38} {p50:>7.2f} {p99:>7.2f} {verdict}")
    seen: dict[str, Sequence[Any]] = {}
    for sql, params in timed.queries:
        seen.setdefault(sql, params)
    storage.stats.db = timed.db
    print("\nquery plans (one of each query)")
    for (sql, _), plan in zip(seen.items(), await plans(url, list(seen.items())), strict=True):
        print(f"  {sql[:110]}")
        for step in plan:
            print(f"      {step}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--members", type=int, default=500)
    parser.add_argument("--samples", type=int, default=500)
    parser.add_argument("--tries", type=int, default=20, help="seeds per kind for the longest")
    parser.add_argument("--database", type=postgres_server, default=None)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
