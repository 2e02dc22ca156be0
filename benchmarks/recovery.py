"""Recovery time: from process start to ready with a database of thousands of running games.

Run: python -m benchmarks.recovery [--games 10000] [--db cache.db] [--snapshot-every 10]
     [--database postgresql://postgres@127.0.0.1/test]

Builds a database with N running games of every playable kind through the bot's own Storage API
and the engines (record, seats, a snapshot at the start and every --snapshot-every actions, and
the action log after it: each game is up to DEPTH actions in, so up to SNAPSHOT_EVERY - 1 past
its last snapshot, and waits for its human, as real games do, since AI seats move at once).
Then starts `python -m bot` against the fake Discord (whose world has every game's channel and
member) and reports the time from spawn to the log line "restored N games", to the gateway
session (IDENTIFY answered with READY and the guilds: interactions are served from here) and to
on_ready. Goal: under 10 s.

The games go into a SQLite file, or with --database into a new database on that PostgreSQL
server, dropped after the run (kept with --keep); its user must be allowed to CREATE DATABASE.
A --db cache is a SQLite file: with --database the games are written anew each run.

The bot's settings that matter are flags with the production defaults (--snapshot-every,
--board-edit-interval, --rest-per-second, --ai-worker), given to the bot process through its
environment.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import aiosqlite

from benchmarks.fake_discord.players import SEATS
from benchmarks.fake_discord.proc import Database
from benchmarks.fake_discord.server import FakeDiscord
from benchmarks.fake_discord.world import (
    ALL_SLUGS,
    add_knobs,
    knob_env,
    knobs_line,
    make_server,
    playable_slugs,
    postgres_server,
    scratch_database,
    start_bot,
)

GOAL_S = 10.0
DEPTH = 100
"""Games are up to this many actions in."""


def plan_game(slug: str, seats: int, seed: int, extra: int) -> tuple[Any, list[tuple[int, Any]]]:
    """(the initial state, actions) of a game `extra` random actions in, now waiting for seat 0.

    AI seats (1..) then move until only the human is to act, as the bot's AI would have; None
    for the actions if the game ended on the way (the caller tries another seed).
    """
    import engines
    from engines.core import rng_for

    game = engines.game(slug)
    options = game.SPEC.Options()
    state = game.setup(options, seats, seed)
    initial = state
    rng = random.Random(seed)
    actions: list[tuple[int, Any]] = []
    for _ in range(extra + 200):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        ai_to_act = [s for s in acting if s != 0]
        if len(actions) >= extra and not ai_to_act:
            break
        seat = ai_to_act[0] if len(actions) >= extra else rng.choice(acting)
        legal = game.legal_actions(state, seat)
        if seat != 0:
            action = game.ai_action(
                game.view(state, seat), legal, rng_for(seed, state.version, f"ai{seat}")
            )
        else:
            action = rng.choice(legal)
        state, _events = game.apply(state, seat, action)
        if game.outcome(state) is not None:
            return initial, []
        actions.append((seat, action))
    if 0 not in game.to_act(state) or any(s != 0 for s in game.to_act(state)):
        return initial, []
    return initial, actions


async def build_db(
    path: Database, server: FakeDiscord, games: int, slugs: list[str], snapshot_every: int
) -> dict[str, int]:
    """Write `games` running games into a fresh database at `path` (a SQLite file or a
    DATABASE_URL) with the bot's Storage, with a snapshot every `snapshot_every` actions (as
    the bot would have written them)."""
    import engines
    from bot.storage import GameRecord, LoggedAction, SeatRecord, Storage
    from engines.core import action_adapter

    storage = await Storage.open(path)
    channels = [
        (guild_id, channel, user)
        for guild_id in server.guilds
        for channel, user in zip(
            server.guild_channels(guild_id), server.guild_users(guild_id), strict=False
        )
    ]
    kinds: dict[str, int] = {}
    now = time.time()

    async def write_game(index: int) -> None:
        slug = slugs[index % len(slugs)]
        game = engines.game(slug)
        guild_id, channel_id, user_id = channels[index % len(channels)]
        seats = SEATS.get(slug, 2)
        for attempt in range(20):
            seed = index * 1000 + attempt
            extra = random.Random(seed).randrange(0, DEPTH)
            initial, actions = plan_game(slug, seats, seed, extra if attempt < 10 else 0)
            if actions or attempt >= 10:
                break
        record = GameRecord(
            id=f"{index:08x}",
            guild_id=guild_id,
            channel_id=channel_id,
            slug=slug,
            options=game.SPEC.Options().model_dump(mode="json"),
            seed=seed,
            status="running",
            host_id=user_id,
            language="en",
            deadline=now + 3600,
            created_at=now - 600,
            seats=[SeatRecord(user_id=user_id, name=f"player {index}", ai=False)]
            + [SeatRecord(user_id=None, name=f"AI {s}", ai=True) for s in range(1, seats)],
        )
        await storage.save_game(record)
        await storage.save_snapshot(record.id, 0, initial.model_dump_json())
        adapter = action_adapter(game.SPEC.Action)
        state = initial
        for seat, action in actions:
            state, _ = game.apply(state, seat, action)
            await storage.append_action(
                record.id,
                LoggedAction(
                    seq=state.version,
                    seat=seat,
                    action=adapter.dump_json(action).decode(),
                    by_ai=seat != 0,
                ),
            )
            if state.version % snapshot_every == 0:
                await storage.save_snapshot(record.id, state.version, state.model_dump_json())
        kinds[slug] = kinds.get(slug, 0) + 1

    try:
        # Many games at once, so that their writes share commits.
        for first in range(0, games, 500):
            await asyncio.gather(*(write_game(i) for i in range(first, min(games, first + 500))))
            if first and first % 2000 == 0:
                print(f"  {first} games written", flush=True)
    finally:
        await storage.close()
    return kinds


async def run(args: argparse.Namespace) -> None:
    """Build (or reuse) the database, start the bot, print the timings."""
    slugs, skipped = playable_slugs(tuple(args.only) if args.only else ALL_SLUGS)
    for slug, reason in skipped.items():
        print(f"skipping {slug}: {reason}")
    print(f"the bot's settings: {knobs_line(args)}")
    server = make_server(args.games, 1, global_rate_limit=50)
    await server.start()
    try:
        with tempfile.TemporaryDirectory(prefix="tb-recovery-") as tmp:
            workdir = args.keep or Path(tmp)
            workdir.mkdir(parents=True, exist_ok=True)
            async with scratch_database(args.database, workdir, keep=bool(args.keep)) as db:
                if args.keep and isinstance(db, str):
                    print(f"the database (kept): {db}")
                await recover(args, server, slugs, workdir, db)
    finally:
        await server.stop()


async def recover(
    args: argparse.Namespace, server: FakeDiscord, slugs: list[str], workdir: Path, db: Database
) -> None:
    """Write (or copy) the games into `db`, start the bot on it, print the timings."""
    where = "a SQLite file" if isinstance(db, Path) else "a new PostgreSQL database"
    if args.db and args.db.exists():
        print(f"reusing {args.db} (the fake world is rebuilt the same way for it)")
    else:
        began = time.monotonic()
        target: Database = args.db or db
        if isinstance(target, Path):
            target.parent.mkdir(parents=True, exist_ok=True)
        print(f"writing {args.games} running games of {', '.join(slugs)} into {where} ...")
        # The world's ids are new each run: games of a cached DB name channels by index, so
        # the cache is only valid for the same --games; it is rebuilt otherwise.
        kinds = await build_db(target, server, args.games, slugs, args.snapshot_every)
        print(f"  done in {time.monotonic() - began:.0f} s: {kinds}", flush=True)
    if args.db and isinstance(db, Path):
        shutil.copyfile(args.db, db)
        await remap_world(db, server)
    if args.outage:
        await expire_deadlines(db)
    started = await start_bot(
        server,
        db,
        workdir,
        timeout=600.0,
        profile_to=args.profile,
        extra_env=knob_env(args),
    )
    bot = started.bot
    try:
        rss = bot.rss_kb()
        rest_before = sum(server.rest_counts.values())
        await asyncio.sleep(args.after)
        rest_after = sum(server.rest_counts.values())
        print(f"restored games: {started.restored} (from {where})")
        print(f"process start -> 'restored N games': {fmt(started.restored_after)}")
        print(f"process start -> gateway READY + guilds (serving): {fmt(started.identified_after)}")
        print(f"process start -> on_ready: {fmt(started.ready_after)}")
        ok = started.identified_after is not None and started.identified_after < GOAL_S
        print(f"goal {GOAL_S:g} s to serve: {'met' if ok else 'MISSED'}")
        print(f"RSS after restore: {rss / 1024:.0f} MiB")
        print(
            f"REST calls in the {args.after:g} s after ready: {rest_after - rest_before} "
            f"({dict(server.rest_counts)}; 429s {dict(server.rest_429)})"
        )
        errors = bot.error_lines()
        if errors:
            print(f"ERROR lines in the bot log: {len(errors)}; first: {errors[0][:160]}")
    finally:
        await bot.stop()


async def remap_world(db: Path, server: FakeDiscord) -> None:
    """Point a cached database's games at this run's channels and members (same order)."""
    slots = [
        (guild_id, channel, user)
        for guild_id in server.guilds
        for channel, user in zip(
            server.guild_channels(guild_id), server.guild_users(guild_id), strict=False
        )
    ]
    async with aiosqlite.connect(db) as conn:
        rows = await (await conn.execute("SELECT id FROM games ORDER BY id")).fetchall()
        for (game_id,) in rows:
            guild_id, channel_id, user_id = slots[int(game_id, 16) % len(slots)]
            # Deadlines move with the run too: a cached database's have passed long since.
            await conn.execute(
                "UPDATE games SET guild_id = ?, channel_id = ?, host_id = ?, deadline = ? "
                "WHERE id = ?",
                (guild_id, channel_id, user_id, time.time() + 3600, game_id),
            )
            await conn.execute(
                "UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = 0", (user_id, game_id)
            )
        await conn.commit()


async def expire_deadlines(db: Database) -> None:
    """Every turn clock ran out while the bot was down (an outage longer than a turn)."""
    from bot.storage import Storage

    # Through the bot's storage, whose SQL is the same on both databases.
    storage = await Storage.open(db)
    try:
        await storage.db.write([("UPDATE games SET deadline = ?", (time.time() - 60,))])
    finally:
        await storage.close()


def fmt(seconds: float | None) -> str:
    """Seconds for the report."""
    return "-" if seconds is None else f"{seconds:.2f} s"


def main() -> None:
    """Parse options and run."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--only", nargs="*", help="only these game slugs")
    parser.add_argument("--db", type=Path, help="build the SQLite database here once and reuse it")
    parser.add_argument(
        "--database",
        type=postgres_server,
        metavar="URL",
        help="a PostgreSQL server (postgresql://user@host/db) on which the run gets a new "
        "database, dropped after it (kept with --keep); default: a SQLite file",
    )
    parser.add_argument("--after", type=float, default=10.0, help="seconds watched after ready")
    parser.add_argument(
        "--outage", action="store_true", help="every game's turn clock ran out while down"
    )
    parser.add_argument("--keep", type=Path, help="keep the log and database in this folder")
    parser.add_argument("--profile", type=Path, help="run the bot under pyinstrument")
    add_knobs(parser)
    args = parser.parse_args()
    if args.db and args.database:
        parser.error("--db caches a SQLite file: with --database the games are written each run")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
