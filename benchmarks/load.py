"""Load benchmark: the real bot process under N concurrent games, against a bare discord.py bot.

Run: python -m benchmarks.load [--games 200 500 1000] [--seconds 60] [--humans 1]
     [--per-guild 10] [--onlookers 0] [--ramp 1] [--timeline] [--calibrate 0.5 1] [--stages]
     [--database postgresql://postgres@127.0.0.1/test] [--processes 2]
     [--board-edit-interval 1.25] [--rest-per-second 40] [--snapshot-every 10] [--no-ai-worker]

The tables are spread over servers (guilds), 10 to a server by default. Each bot is one process
(ours with its AI worker, a process pool of one started from a fork server). The bot's settings
that matter here are flags, with the production defaults, given to our bot's process through its
environment (BOARD_EDIT_INTERVAL, REST_PER_SECOND, SNAPSHOT_EVERY, AI_WORKER).

Our bot keeps its games in a SQLite file, or with --database in a new database on that
PostgreSQL server (one per N, dropped after it; the URL's user must be allowed to CREATE
DATABASE). --processes N runs our bot as N processes on that database, process i running shard i
of N (SHARD_COUNT, SHARD_IDS); the fake Discord hands out N shards, the servers fall on them in
turn, and the DMs all go to shard 0. The bare bot stays one process (it asks for the shard count
and runs all N in it). The PostgreSQL server's own CPU is not counted as the bot's: it shows in
the machine's share.

For each N, one run does two phases on the same fake Discord (benchmarks/fake_discord, 127.0.0.1):

1. `python -m bot` with N tables (one channel each) whose simulated members play the five games
   (mixed; a game whose engine or renderer does not import is skipped and named) as fast as the
   bot lets them: /newgame, lobby clicks, "My hand", then every action the ephemeral panel offers,
   following its type-7 updates; waiting only for a turn DM or a board change between turns.
2. `python -m benchmarks.bare_bot` (a plain discord.py bot that answers everything at once with a
   fixed ephemeral message) receiving the very same interaction stream, replayed at the same
   moments.

It prints interactions per second, p50/p95/p99/max from dispatch to callback, interactions
answered after Discord's 3 s (must be 0), lost ones, and our p99 over the bare bot's p99; then
how much of each bot's slowest 1 % was dispatched in the opening (the first 5 s), and with
--timeline the opening a quarter second at a time (benchmarks/timeline.py).

--calibrate W replays the stream once more to the bare bot burning W ms of CPU on each click
before it answers: what the same stream does to the p99 of a bot with only that much more work
per click than the bare one, which the ratio of ours can be read against.

Each phase also gets the machine's pace over its opening (benchmarks/pace.py): the phases run
one after the other, and the shared machine's speed changes from one second to the next.

--stages runs our bot through benchmarks/stages.py and prints its CPU per interaction over the
opening by stage (answers, moves, hand panels, boards, lobbies, the rest of the clicks, AI
moves, commits, the outbox, garbage collection, the rest of the main thread, and the other
threads: aiosqlite's reads and checkpoints, the AI worker pool's queue threads), and over the
whole run how long its clicks waited, call by call, for a move's commit and for the picture of
the panel answering them.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import secrets
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks import stages
from benchmarks.cpu_trace import CpuTrace
from benchmarks.fake_discord.players import Players, Table
from benchmarks.fake_discord.proc import BotProcess, Database, ms, percentiles
from benchmarks.fake_discord.server import ANSWER_DEADLINE, FakeDiscord, Interaction
from benchmarks.fake_discord.world import (
    ALL_SLUGS,
    TABLES_PER_GUILD,
    add_knobs,
    knob_env,
    knobs_line,
    make_server,
    make_tables,
    playable_slugs,
    postgres_server,
    scratch_database,
    start_bot,
    start_shards,
)
from benchmarks.pace import PaceProbe
from benchmarks.timeline import slowest_within, timeline
from bot.event_loop import run_until_complete

DRAIN = 6.0
"""Seconds to wait after the end for answers still in flight."""

OPENING = 5.0
"""The first seconds of a phase, when all N tables open their first game at once: N /newgame
within a second (--ramp), then every lobby and start a second later, and N games dealing and
handing over to their AI seats together. The whole-run numbers include it; the steady-state
ones start after it."""


class LoopLag:
    """How late this process's own event loop runs (the driver must not be the bottleneck)."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self, until: float) -> None:
        """Sample every 50 ms until `until` (monotonic)."""

        async def run() -> None:
            while time.monotonic() < until:
                t = time.perf_counter()
                await asyncio.sleep(0.05)
                self.samples.append(time.perf_counter() - t - 0.05)

        self._task = asyncio.get_running_loop().create_task(run())

    async def stop(self) -> None:
        """Stop sampling."""
        if self._task is not None:
            self._task.cancel()


@contextmanager
def no_full_collections() -> Iterator[None]:
    """No full garbage collection in this (the driver's) process for the length of a phase.

    A full pass over the phase's records took 90 to 200 ms, during which the fake Discord
    received no callback: that showed up as latency of whichever bot was being measured. Young
    collections still run; everything is collected after the phase.
    """
    gc.collect()
    young, middle, full = gc.get_threshold()
    gc.set_threshold(young, middle, 1_000_000)
    try:
        yield
    finally:
        gc.set_threshold(young, middle, full)
        gc.collect()


def opening_of(records: list[Interaction]) -> tuple[float, float, int]:
    """The opening's start and end, and how many interactions were dispatched in it (at least 1)."""
    begin = min((r.sent_at for r in records), default=0.0)
    end = begin + OPENING
    return begin, end, max(1, sum(1 for r in records if r.sent_at < end))


def busiest_stream_second(records: list[Interaction]) -> int:
    """The most interactions dispatched within any one second of the run.

    One core's second shared among them is what each click may cost before clicks queue: a
    bot that needs more per click (over the opening, where the burst is) falls behind until
    the burst is over.
    """
    times = sorted(r.sent_at for r in records)
    most, first = 0, 0
    for last, at in enumerate(times):
        while times[first] <= at - 1.0:
            first += 1
        most = max(most, last - first + 1)
    return most


def cpu_numbers(trace: CpuTrace, records: list[Interaction]) -> dict[str, float]:
    """The bot's CPU over the phase and per interaction over the opening (also without its AI
    worker), its busiest second (cpu_trace), and the stream's."""
    begin, end, opening = opening_of(records)
    bot_share, machine_share = trace.busiest_second()
    return {
        "bot_cpu_share": trace.bot_share(),
        "opening_cpu_per_interaction": trace.bot_seconds(begin, end) / opening,
        "opening_click_cpu_per_interaction": trace.click_seconds(begin, end) / opening,
        "busiest_second_bot_share": bot_share,
        "busiest_second_machine_share": machine_share,
        "busiest_stream_second": busiest_stream_second(records),
    }


def summarize(records: list[Interaction], seconds: float) -> dict[str, Any]:
    """The numbers of one phase."""
    answered = [r for r in records if r.answered_at is not None]
    late = [r for r in answered if r.late or (r.latency or 0) > ANSWER_DEADLINE]
    by_kind: dict[str, list[float]] = defaultdict(list)
    for r in answered:
        by_kind[r.kind.split(":")[0]].append(r.latency or 0.0)
    begin, end, _ = opening_of(records)
    steady = [r.latency or 0.0 for r in answered if r.sent_at >= end]
    timed = [(r.sent_at, r.latency or 0.0) for r in answered]
    return {
        "dispatched": len(records),
        "answered": len(answered) - len(late),
        "late": len(late),
        "lost": len(records) - len(answered),
        "per_second": (len(answered) - len(late)) / seconds,
        "latency": percentiles([r.latency or 0.0 for r in answered]),
        "steady_latency": percentiles(steady),
        "by_kind": {k: percentiles(v) for k, v in sorted(by_kind.items())},
        "slowest_in_opening": slowest_within(timed, OPENING),
        "opening_timeline": timeline(timed, OPENING),
        "opening_began": begin,
    }


async def drain(records: list[Interaction], timeout: float) -> None:
    """Wait (bounded) for answers of interactions still in flight."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(not r.done.done() for r in records):
        await asyncio.sleep(0.1)


def cpu_of(bots: list[BotProcess]) -> tuple[float, float]:
    """`BotProcess.cpu_split` of all our bot's processes together."""
    splits = [bot.cpu_split() for bot in bots]
    return sum(s[0] for s in splits), sum(s[1] for s in splits)


async def phase_ours(
    server: FakeDiscord,
    n: int,
    args: argparse.Namespace,
    slugs: list[str],
    workdir: Path,
    db: Database,
) -> tuple[dict[str, Any], list[Interaction]]:
    """Our bot with N tables for args.seconds; returns its numbers and the interaction stream.

    With --processes, "the bot" is all its processes: their CPU and memory are added up.
    """
    env = knob_env(args) | dict(kv.split("=", 1) for kv in args.bot_env)
    stages_to = workdir / "stages.jsonl"
    if args.stages:
        stages_to.unlink(missing_ok=True)
        env["STAGES_TO"] = str(stages_to)
    if args.processes > 1:
        starts = await start_shards(
            server, db, workdir, args.processes, timeout=180.0, extra_env=env
        )
    else:
        starts = [
            await start_bot(
                server,
                db,
                workdir,
                module="benchmarks.stages" if args.stages else "bot",
                profile_to=args.profile,
                timeout=180.0,
                extra_env=env,
            )
        ]
    bots = [started.bot for started in starts]
    players = Players(server, seed=args.seed)
    players.lobby_pause = args.lobby_pause
    players.think = (args.think[0], args.think[1])
    tables = make_tables(players, n, args.humans, slugs)
    if args.no_pictures:
        await pictures_off(players, tables)
    stream: list[Interaction] = []
    server.on_interaction.append(stream.append)
    server.private_embeds.clear()
    server.pictures_followed.clear()
    lag = LoopLag()
    trace = CpuTrace(lambda: cpu_of(bots))
    rss_before = sum(bot.rss_kb() for bot in bots)
    own_cpu_before = time.process_time()
    begin = time.monotonic()
    players.until = begin + args.seconds
    lag.start(players.until)
    trace.start()

    async def table_run(index: int) -> None:
        # Spread the first /newgame of every table over the first --ramp seconds.
        await asyncio.sleep(args.ramp * index / max(1, len(tables)))
        await tables[index].run()

    tasks = [asyncio.create_task(table_run(i)) for i in range(len(tables))]
    await asyncio.wait(tasks, timeout=args.seconds + 2 * ANSWER_DEADLINE)
    server.on_interaction.remove(stream.append)
    players.stopping = True
    elapsed = time.monotonic() - begin
    rss_after = sum(bot.rss_kb() for bot in bots)
    own_cpu = time.process_time() - own_cpu_before
    await trace.stop()
    await lag.stop()
    await drain(stream, DRAIN)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    result = summarize(stream, args.seconds) | cpu_numbers(trace, stream)
    if args.stages:
        begin, end, opening = opening_of(stream)
        records = stages.read(stages_to)
        spent = stages.between(records, begin, end)
        result["opening_stages"] = {stage: cpu / opening for stage, cpu in spent.items()}
        result["waits"] = {name: percentiles(s) for name, s in stages.waited(records).items()}
    outcomes = Counter(a.outcome for a in players.acts)
    errors = sum(len(bot.error_lines()) for bot in bots)
    ready = [started.ready_after for started in starts if started.ready_after is not None]
    result.update(
        {
            "tables": len(tables),
            "games_started": players.stats.games_started,
            "games_finished": players.stats.games_over,
            "actions": dict(outcomes),
            "deferred": sum(a.deferred for a in players.acts),
            "deferred_seen": percentiles(
                [a.seen_after for a in players.acts if a.seen_after is not None]
            ),
            "unexpected_answers": players.stats.errors,
            "panels": dict(server.private_embeds),
            "pictures_followed": percentiles(server.pictures_followed),
            "bot_rss_mb": (rss_before / 1024, rss_after / 1024),
            "bot_error_lines": errors,
            "bot_ready_after_s": max(ready) if len(ready) == len(starts) else None,
            "driver_cpu_share": own_cpu / elapsed,
            "driver_loop_lag": percentiles(lag.samples),
        }
    )
    for bot in bots:
        await bot.stop()
    return result, stream


async def phase_bare(
    server: FakeDiscord,
    stream: list[Interaction],
    args: argparse.Namespace,
    workdir: Path,
    work_ms: float = 0.0,
) -> dict[str, Any]:
    """The bare bot under the same interactions, replayed at the same moments; with `work_ms`,
    burning that much CPU on each before it answers."""
    started = await start_bot(
        server,
        workdir / "bare.db",
        workdir,
        module="benchmarks.bare_bot",
        log_name=f"bare-{work_ms:g}ms.log" if work_ms else "bare.log",
        extra_env={"BARE_WORK_MS": f"{work_ms:g}"},
    )
    bot = started.bot
    ordered = sorted(stream, key=lambda r: r.sent_at)
    replayed: list[Interaction] = []
    lag = LoopLag()
    trace = CpuTrace(bot.cpu_split)
    own_cpu_before = time.process_time()
    begin = time.monotonic()
    lag.start(begin + args.seconds)
    trace.start()
    if ordered:
        origin, start = ordered[0].sent_at, time.perf_counter()
        for old in ordered:
            delay = start + (old.sent_at - origin) - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            new_id = server.ids.next()
            token = f"cmVwbGF5{new_id}{secrets.token_urlsafe(12)}"
            record = Interaction(
                id=new_id,
                token=token,
                type=old.type,
                kind=old.kind,
                user_id=old.user_id,
                channel_id=old.channel_id,
                guild_id=old.guild_id,
                payload={**old.payload, "id": str(new_id), "token": token},
                message=old.message,
            )
            try:
                await server.send_interaction(record)
            except Exception:
                continue
            replayed.append(record)
    elapsed = time.monotonic() - begin
    own_cpu = time.process_time() - own_cpu_before
    await trace.stop()
    await lag.stop()
    await drain(replayed, DRAIN)
    result = summarize(replayed, args.seconds) | cpu_numbers(trace, replayed)
    result.update(
        {
            "driver_cpu_share": own_cpu / max(elapsed, 1e-9),
            "driver_loop_lag": percentiles(lag.samples),
        }
    )
    await bot.stop()
    return result


def print_phase(name: str, r: dict[str, Any]) -> None:
    """One line of the table."""
    lat = r["latency"]
    print(
        f"  {name:<9} {r['per_second']:>8.1f} {ms(lat['p50']):>8} {ms(lat['p95']):>8} "
        f"{ms(lat['p99']):>8} {ms(lat['max']):>9} {r['late']:>6} {r['lost']:>6}"
        f"   bot CPU {100 * r['bot_cpu_share']:.0f}%, driver CPU {100 * r['driver_cpu_share']:.0f}%"
        f", driver lag p99 {ms(r['driver_loop_lag']['p99'])} ms"
    )


def print_opening(ours: dict[str, Any], bare: dict[str, Any] | None) -> None:
    """Why the opening was as fast as it was: CPU per click, and the busiest second."""

    def busiest(r: dict[str, Any]) -> str:
        return (
            f"{100 * r['busiest_second_bot_share']:.0f}% of a core, machine "
            f"{100 * r['busiest_second_machine_share']:.0f}% busy ({os.cpu_count()} cores)"
        )

    per = (
        f"ours {1000 * ours['opening_cpu_per_interaction']:.2f} ms "
        f"({1000 * ours['opening_click_cpu_per_interaction']:.2f} without its AI worker)"
    )
    peak = f"ours {busiest(ours)}"
    if bare:
        per += f", bare {1000 * bare['opening_cpu_per_interaction']:.2f} ms"
        peak += f", bare {busiest(bare)}"
    print(f"  bot CPU per interaction in the first {OPENING:g} s: {per}")
    if most := ours.get("busiest_stream_second"):
        print(
            f"  the stream's busiest second: {most} interactions dispatched, so one core gives "
            f"each {1000 / most:.2f} ms (a bot needing more per click queues them)"
        )
    if by_stage := ours.get("opening_stages"):
        each = ", ".join(f"{stage} {1000 * cpu:.2f}" for stage, cpu in by_stage.items())
        print(f"  ours by stage in the first {OPENING:g} s (ms per interaction): {each}")
    if waits := ours.get("waits"):
        each = ", ".join(
            f"{name} {ms(w['p50'])} / {ms(w['p95'])} / {ms(w['p99'])} ({w['count']})"
            for name, w in waits.items()
        )
        print(f"  ours waited, whole run (ms, p50 / p95 / p99, and how many): {each}")
    print(f"  the bot's busiest second (its process and its AI worker's): {peak}")
    speed = f"ours {pace_ms(ours)}" + (f", bare {pace_ms(bare)}" if bare else "")
    print(
        f"  the machine's pace in the first {OPENING:g} s (CPU of a fixed piece of work, median; "
        f"higher is slower): {speed}"
    )
    where = f"ours {share(ours['slowest_in_opening'])}"
    if bare:
        where += f", bare {share(bare['slowest_in_opening'])}"
    print(f"  the slowest 1 % dispatched in the first {OPENING:g} s: {where}")


def p99_ratio(mine: dict[str, Any], floor: dict[str, Any], key: str) -> float | None:
    """`mine`'s p99 over `floor`'s for `key` (whole run or steady), if both have one."""
    top, bottom = mine[key]["p99"], floor[key]["p99"]
    return top / bottom if top and bottom else None


def print_calibration(work_ms: float, busy: dict[str, Any], bare: dict[str, Any]) -> None:
    """The same stream to the bare bot burning `work_ms` of CPU on each click, against it."""

    def ratio(key: str) -> str:
        times = p99_ratio(busy, bare, key)
        return "-" if times is None else f"{ms(busy[key]['p99'])} ms, {times:.1f}x"

    print(
        f"  the bare bot burning {work_ms:g} ms of CPU per click: p99 {ratio('latency')} the bare "
        f"bot's; after the first {OPENING:g} s {ratio('steady_latency')}; CPU per interaction in "
        f"the first {OPENING:g} s {1000 * busy['opening_cpu_per_interaction']:.2f} ms; "
        f"the machine's pace {pace_ms(busy)}; answers after 3 s {busy['late']}"
    )


def pace_ms(result: dict[str, Any]) -> str:
    """A phase's pace over its opening, in ms (or a dash if the probe missed it)."""
    pace = result["opening_pace_ms"]
    return "-" if pace is None else f"{pace:.2f} ms"


def share(fraction: float | None) -> str:
    """A fraction as a percentage (or a dash)."""
    return "-" if fraction is None else f"{100 * fraction:.0f}%"


def print_timeline(ours: dict[str, Any], bare: dict[str, Any] | None) -> None:
    """The opening step by step: dispatches, then each bot's p50 / p95 / max in ms."""
    print(f"  the first {OPENING:g} s from the first dispatch (p50 / p95 / max ms):")
    print(f"    {'from s':>6} {'sent':>5}   {'ours':<22}" + ("   bare" if bare else ""))

    def cell(step: dict[str, Any]) -> str:
        return f"{ms(step['p50']):>6} / {ms(step['p95']):>5} / {ms(step['max']):>5}"

    bare_steps = bare["opening_timeline"] if bare else []
    for i, step in enumerate(ours["opening_timeline"]):
        line = f"    {step['start']:>6.2f} {step['count']:>5}   {cell(step)}"
        if i < len(bare_steps):
            line += f"   {cell(bare_steps[i])}"
        print(line)


async def pictures_off(players: Players, tables: list[Table]) -> None:
    """`/config images off` by each server's owner, before the phase (not in its stream)."""
    server = players.server
    players.until = time.monotonic() + 60.0
    guilds = {server.channels[t.channel_id]["guild_id"]: t.channel_id for t in tables}
    for channel_id in guilds.values():
        answer = await players.slash(server.owner_id, channel_id, "config images", value="off")
        if answer is None:
            raise SystemExit("/config images off was not answered")


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Every N of --games, both phases; prints as it goes."""
    slugs, skipped = playable_slugs(tuple(args.only) if args.only else ALL_SLUGS)
    for slug, reason in skipped.items():
        print(f"skipping {slug}: {reason}")
    if not slugs:
        raise SystemExit("no playable game")
    print(
        f"games: {', '.join(slugs)}; {args.humans} human(s) per game, AI in the other seats; "
        f"{args.seconds:g} s per phase; {args.per_guild} tables per server; "
        f"first /newgame of every table within {args.ramp:g} s; "
        + (
            f"members look {args.think[0]:g}-{args.think[1]:g} s at their panel before each click"
            if args.think[1] > 0
            else "members click the instant their panel appears"
        )
        + ("; pictures off" if args.no_pictures else "")
    )
    print(f"our bot's settings: {knobs_line(args)}")
    where = "a SQLite file" if args.database is None else "a new PostgreSQL database"
    print(
        f"our bot: {args.processes} process(es), one shard each, its games in {where}; "
        f"the bare bot: one process"
    )
    report: dict[str, Any] = {
        "slugs": slugs,
        "skipped": skipped,
        "database": "sqlite" if args.database is None else "postgresql",
        "processes": args.processes,
        "runs": {},
    }
    pace = PaceProbe()
    await pace.start()
    try:
        for n in args.games:
            report["runs"][n] = await run_n(n, args, slugs, pace)
    finally:
        await pace.stop()
    report["pace"] = pace.samples
    return report


def with_pace(result: dict[str, Any], pace: PaceProbe) -> None:
    """Add the machine's pace over the phase's opening to its numbers (benchmarks/pace.py)."""
    began = result["opening_began"]
    median = pace.median_within(began, began + OPENING)
    result["opening_pace_ms"] = None if median is None else 1000 * median


async def run_n(
    n: int, args: argparse.Namespace, slugs: list[str], pace: PaceProbe
) -> dict[str, Any]:
    """Both phases (and the calibration) for N games; prints the numbers."""
    with tempfile.TemporaryDirectory(prefix=f"tb-load-{n}-") as tmp:
        workdir = args.keep / f"n{n}" if args.keep else Path(tmp)
        server = make_server(
            n,
            args.humans,
            args.per_guild,
            args.onlookers,
            global_rate_limit=None if args.no_global_limit else 50,
        )
        await server.start()
        try:
            async with scratch_database(args.database, workdir, keep=bool(args.keep)) as db:
                if args.keep and isinstance(db, str):
                    print(f"our bot's database (kept): {db}")
                with no_full_collections():
                    ours, stream = await phase_ours(server, n, args, slugs, workdir, db)
            with no_full_collections():
                bare = await phase_bare(server, stream, args, workdir) if not args.no_bare else None
            calibration: dict[float, dict[str, Any]] = {}
            for work_ms in args.calibrate:
                with no_full_collections():
                    calibration[work_ms] = await phase_bare(server, stream, args, workdir, work_ms)
        finally:
            await server.stop()
    for result in (ours, bare, *calibration.values()):
        if result is not None:
            with_pace(result, pace)
    ratio = p99_ratio(ours, bare, "latency") if bare else None
    verdict = "holds" if ours["late"] == 0 and ours["lost"] == 0 else "BREAKS"
    print(f"\nN = {n} concurrent games ({ours['tables']} tables): {verdict}")
    print(
        f"  {'bot':<9} {'inter/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
        f"{'max ms':>9} {'>3 s':>6} {'lost':>6}"
    )
    print_phase("ours", ours)
    if bare:
        print_phase("bare", bare)
    if ratio is not None:
        print(f"  p99 ours / bare: {ratio:.1f}x")
    steady_ratio = p99_ratio(ours, bare, "steady_latency") if bare else None
    if bare and steady_ratio is not None:
        print(
            f"  after the first {OPENING:g} s (every table opening at once): p99 ours "
            f"{ms(ours['steady_latency']['p99'])} ms, bare "
            f"{ms(bare['steady_latency']['p99'])} ms, ratio {steady_ratio:.1f}x"
        )
    print_opening(ours, bare)
    if bare:
        for work_ms, busy in calibration.items():
            print_calibration(work_ms, busy, bare)
    if args.timeline:
        print_timeline(ours, bare)
    print(
        f"  games started {ours['games_started']}, finished {ours['games_finished']}; "
        f"actions {ours['actions']}; bot RSS {ours['bot_rss_mb'][0]:.0f} -> "
        f"{ours['bot_rss_mb'][1]:.0f} MB; ERROR lines in the bot log: {ours['bot_error_lines']}"
    )
    if ours["deferred"]:
        seen = ours["deferred_seen"]
        print(
            f"  moves acknowledged first (the bot busy past 1.5 s): {ours['deferred']}; "
            f"{seen['count']} seen redrawn by their member after p50 {ms(seen['p50'])} / p99 "
            f"{ms(seen['p99'])} ms"
        )
    if not args.no_pictures and (shown := ours["panels"].get("shown")):
        pictured = ours["panels"].get("pictured", 0)
        followed = ours["pictures_followed"]
        print(
            f"  private panels shown {shown}, {100 * pictured / shown:.1f} % with their picture "
            f"at once; {followed['count']} answered as text got it in an edit, after p50 "
            f"{ms(followed['p50'])} / p99 {ms(followed['p99'])} ms from the click"
        )
    kinds = ", ".join(f"{k} {ms(v['p50'])}/{ms(v['p99'])}" for k, v in ours["by_kind"].items())
    print(f"  ours by kind (p50/p99 ms): {kinds}")
    rest = server.rest_report()
    print(f"  REST calls: {rest['requests']}")
    print(f"  429s: {rest['rate_limited']}; unknown routes: {rest['unknown_routes']}")
    if ours["unexpected_answers"]:
        print(f"  unexpected answers: {ours['unexpected_answers']}")
    if ours["driver_cpu_share"] > 0.9:
        print("  warning: the driver used a whole core; the bot may have been under-driven")
    sys.stdout.flush()
    return {
        "ours": ours,
        "bare": bare,
        "p99_ratio": ratio,
        "steady_p99_ratio": steady_ratio,
        "calibration": {f"{w:g}": r for w, r in calibration.items()},
        "rest": rest,
    }


def main() -> None:
    """Parse options and run."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--games", type=int, nargs="+", default=[200], help="concurrent games")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of each phase")
    parser.add_argument("--humans", type=int, choices=(1, 2), default=1, help="humans per game")
    parser.add_argument("--only", nargs="*", help="only these game slugs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--per-guild", type=int, default=TABLES_PER_GUILD, help="tables per server (guild)"
    )
    parser.add_argument(
        "--onlookers", type=int, default=0, help="members of each server who never play"
    )
    parser.add_argument(
        "--ramp",
        type=float,
        default=1.0,
        help="seconds over which the tables send their first /newgame",
    )
    parser.add_argument(
        "--lobby-pause", type=float, default=1.0, help="seconds the host reads the lobby"
    )
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=[0.0, 0.0],
        metavar=("MIN", "MAX"),
        help="seconds a member looks at their panel before each click of a move, drawn "
        "uniformly (default 0 0: the instant it appears, which measures capacity)",
    )
    parser.add_argument(
        "--no-pictures",
        action="store_true",
        help="every server's owner turns pictures off first (/config images off)",
    )
    parser.add_argument("--no-bare", action="store_true", help="skip the bare discord.py bot")
    parser.add_argument(
        "--calibrate",
        type=float,
        nargs="+",
        default=[],
        metavar="MS",
        help="also replay the stream to the bare bot burning MS of CPU on each click",
    )
    parser.add_argument(
        "--no-global-limit", action="store_true", help="no 50 requests/s global REST limit"
    )
    parser.add_argument(
        "--timeline",
        action="store_true",
        help=f"print the first {OPENING:g} s step by step (answers' p50/p95/max)",
    )
    parser.add_argument(
        "--stages",
        action="store_true",
        help="count our bot's CPU by stage (benchmarks/stages.py) and print the opening's",
    )
    parser.add_argument(
        "--database",
        type=postgres_server,
        metavar="URL",
        help="a PostgreSQL server (postgresql://user@host/db) on which each N gets a new "
        "database, dropped after it (kept with --keep); default: a SQLite file",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        metavar="N",
        help="our bot as N processes, process i running shard i of N (needs --database)",
    )
    parser.add_argument("--json", type=Path, help="also write every number to this file")
    parser.add_argument("--keep", type=Path, help="keep logs and databases under this folder")
    parser.add_argument(
        "--profile", type=Path, help="run our bot under pyinstrument; text report to this file"
    )
    parser.add_argument(
        "--bot-env",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="more environment of our bot (e.g. LOG_LEVEL=DEBUG)",
    )
    add_knobs(parser)
    args = parser.parse_args()
    if args.calibrate and args.no_bare:
        parser.error("--calibrate compares with the bare bot: drop --no-bare")
    if args.processes < 1:
        parser.error("--processes: at least 1")
    if args.processes > 1 and args.database is None:
        parser.error("--processes needs --database: SQLite serves one process only")
    if args.processes > 1 and (args.stages or args.profile):
        parser.error("--stages and --profile follow one process: drop --processes")
    # The bot's own loop: the fake Discord and the players share the machine with the bot they
    # measure, and on asyncio's loop they took more of it (26 % of a core instead of 23 %).
    report = run_until_complete(run(args))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, default=str))


if __name__ == "__main__":
    main()
