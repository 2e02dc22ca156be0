"""Crash durability: play through the real bot process while killing it with SIGKILL, then check.

The database is a SQLite file in the work folder, or a PostgreSQL database (`database`: a
DATABASE_URL); the checks are the same on both, on the database after the run (read through the
bot's own Storage API):

- every action click the bot answered as applied (a type-7 update of the panel that is not the
  "out of date" one) is in the action log of its game, by that player's seat, after the version
  its panel was drawn from; each logged human action matches a distinct click (none twice, none
  made up);
- every game that started was played to its end: status "finished", a stored result, and the
  action log replays from the seed (sequence 1..n, no gaps) to exactly that result.

It also reports the processes of a killed bot (its AI worker's: the fork server, the pool's
process, multiprocessing's resource tracker) still running seconds after the kill
(`CrashReport.left_running`), and ends them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import time
from collections import Counter, defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.fake_discord.players import Players
from benchmarks.fake_discord.proc import BotProcess, Database
from benchmarks.fake_discord.world import (
    TABLES_PER_GUILD,
    make_server,
    make_tables,
    playable_slugs,
    start_bot,
)

FAST_BOT = {"BOARD_EDIT_INTERVAL": "0.05"}
"""Board edits at once, so players learn of their turn quickly and games end within the test."""


@dataclass
class CrashReport:
    """What happened and what is wrong."""

    kills: int = 0
    games_started: int = 0
    games_finished: int = 0
    acts: Counter[str] = field(default_factory=Counter)
    logged_human_actions: int = 0
    problems: list[str] = field(default_factory=list)
    bot_errors: list[str] = field(default_factory=list)
    left_running: list[str] = field(default_factory=list)
    """Processes of killed bots still running when looked at again (pid and command line)."""

    def summary(self) -> str:
        """One paragraph for assertion messages and -s output."""
        text = (
            f"{self.kills} kills; {self.games_started} games started, {self.games_finished} "
            f"finished; clicks {dict(self.acts)}; {self.logged_human_actions} human actions "
            f"logged; {len(self.bot_errors)} ERROR lines in the bot logs"
        )
        if self.problems:
            text += "\nproblems:\n  " + "\n  ".join(self.problems[:40])
        if self.bot_errors:
            text += "\nfirst bot errors:\n  " + "\n  ".join(self.bot_errors[:10])
        if self.left_running:
            text += "\nprocesses of killed bots still running (ended by the test):\n  "
            text += "\n  ".join(self.left_running[:10])
        return text


async def crash_run(
    workdir: Path,
    *,
    kills: int,
    tables: int,
    gap: tuple[float, float] = (1.5, 4.0),
    finish_within: float = 60.0,
    seed: int = 7,
    bot_env: dict[str, str] | None = None,
    per_guild: int = TABLES_PER_GUILD,
    database: str | None = None,
) -> CrashReport:
    """Play, SIGKILL the bot `kills` times at random moments, restart, finish every game, check.

    `database`: the bot's DATABASE_URL (a SQLite file in `workdir` when None).
    """
    rng = random.Random(seed)
    env = {**FAST_BOT, **(bot_env or {})}
    slugs, _skipped = playable_slugs()
    server = make_server(tables, 1, per_guild, global_rate_limit=None, route_rate_limits=False)
    await server.start()
    db: Database = database or workdir / "games.db"
    report = CrashReport()
    bots = []
    left_behind: list[Process] = []  # the last killed bot's processes, given time to end
    try:
        started = await start_bot(server, db, workdir, extra_env=env, timeout=90.0, ready=False)
        bots.append(started.bot)
        players = Players(server, seed=seed, answer_wait=4.0)
        players.lobby_pause = 0.2
        hard_stop = time.monotonic() + kills * (gap[1] + 30.0) + finish_within + 30.0
        players.until = hard_stop
        table_list = make_tables(players, tables, 1, slugs)
        tasks = [asyncio.create_task(t.run()) for t in table_list]
        for k in range(kills):
            await asyncio.sleep(rng.uniform(*gap))
            # The previous kill's processes had the seconds since to end with their bot.
            report.left_running += reap(left_behind)
            left_behind = processes_of(bots[-1])
            bots[-1].kill()
            await bots[-1].wait(10.0)
            report.kills += 1
            try:
                started = await start_bot(
                    server,
                    db,
                    workdir,
                    extra_env=env,
                    timeout=90.0,
                    log_name=f"bot{k + 1}.log",
                    ready=False,
                )
            except (RuntimeError, TimeoutError) as exc:
                lines = [line for line in str(exc).splitlines() if line.strip()]
                report.problems.append(
                    f"the bot does not start again after kill {k + 1}: {' | '.join(lines[-3:])}"
                )
                players.stopping = True
                break
            bots.append(started.bot)
        for table in table_list:
            table.closing = True
        players.until = min(hard_stop, time.monotonic() + finish_within)
        await asyncio.wait(tasks, timeout=finish_within + 10.0)
        players.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await bots[-1].stop()
        for bot in bots:
            report.bot_errors += bot.error_lines()
        report.acts = Counter(a.outcome for a in players.acts)
        await check(db, players, report)
        seatless = await games_without_seats(db)
        if seatless:
            report.problems.append(f"games without seats in the database: {seatless}")
        unfinished = [
            f"{t.current.slug} {t.current.gid}"
            for t in table_list
            if t.current is not None and t.current.started and not t.current.over
        ]
        if unfinished:
            report.problems.append(f"players could not finish: {unfinished}")
        report.left_running += reap(left_behind)
    finally:
        for bot in bots:
            if bot.proc is not None and bot.proc.returncode is None:
                left_behind += processes_of(bot)
                bot.kill()
        reap(left_behind)
        await server.stop()
    return report


Process = tuple[int, str]
"""A process id and its start time (so that a reused id is never taken for it)."""


def started_at(pid: int) -> str | None:
    """The start time of a running process (clock ticks since boot), None if it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return None
    return None if stat[0] == "Z" else stat[19]


def processes_of(bot: BotProcess) -> list[Process]:
    """The processes a bot started (its AI worker's), as they are now."""
    found = [(pid, started_at(pid)) for pid in bot.descendants()]
    return [(pid, start) for pid, start in found if start is not None]


def reap(processes: list[Process]) -> list[str]:
    """Those of `processes` still running, described, after ending them with SIGKILL."""
    left = []
    for pid, start in processes:
        if started_at(pid) != start:
            continue  # gone (or the id is another process's now)
        with contextlib.suppress(OSError):
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
            left.append(f"{pid}: {command.decode(errors='replace')[:100]}")
            os.kill(pid, signal.SIGKILL)
    return left


async def check(
    db: Database, players: Players, report: CrashReport, channels: Collection[int] | None = None
) -> None:
    """Compare what players were told with the action log and the final states.

    `channels`: only the games of these channels (where `players` played), when other games
    share the database.
    """
    import engines
    from bot.storage import Storage
    from engines.core import Outcome, action_adapter, decode_action

    storage = await Storage.open(db)
    try:
        records = {
            g.id: g
            for g in await storage.games(("lobby", "running", "finished", "cancelled", "abandoned"))
            if channels is None or g.channel_id in channels
        }
        logged = {gid: await storage.actions_after(gid, 0) for gid in records}
        results = {gid: await storage.result(gid) for gid in records}
    finally:
        await storage.close()

    # 1. Applied clicks are logged, once each; no logged human action without a click.
    clicks: dict[tuple[str, int, str], list[int]] = defaultdict(list)
    sent: Counter[tuple[str, int, str]] = Counter()
    for act in players.acts:
        record = records.get(act.game_id)
        if record is None:
            report.problems.append(f"click on unknown game {act.game_id}")
            continue
        seat = next((i for i, s in enumerate(record.seats) if s.user_id == act.user_id), None)
        if seat is None:
            report.problems.append(f"click by a non-player in {act.game_id}")
            continue
        game = engines.game(record.slug)
        canonical = (
            action_adapter(game.SPEC.Action)
            .dump_json(decode_action(game.SPEC.Action, act.action))
            .decode()
        )
        key = (act.game_id, seat, canonical)
        sent[key] += 1
        if act.outcome == "applied":
            clicks[key].append(act.version)
    humans: dict[tuple[str, int, str], list[int]] = defaultdict(list)
    for gid, entries in logged.items():
        for entry in entries:
            if not entry.by_ai:
                humans[(gid, entry.seat, entry.action)].append(entry.seq)
                report.logged_human_actions += 1
    for key, versions in clicks.items():
        seqs = sorted(humans.get(key, []))
        for version in sorted(versions):
            match = next((s for s in seqs if s > version), None)
            if match is None:
                report.problems.append(
                    f"applied click missing from the log: game {key[0]} seat {key[1]} "
                    f"{key[2]} drawn at version {version}"
                )
            else:
                seqs.remove(match)
    for key, seqs in humans.items():
        if len(seqs) > sent[key]:
            report.problems.append(
                f"logged {len(seqs)} times but clicked {sent[key]} times: game {key[0]} "
                f"seat {key[1]} {key[2]} at {seqs}"
            )

    # 2. Every started game ended, and its log replays to its stored result.
    started = {gid for gid, g in players.games.items() if g.started}
    started |= {gid for gid, entries in logged.items() if entries}
    started |= {gid for gid, r in records.items() if r.status in ("running", "finished")}
    report.games_started = len(started)
    for gid in sorted(started):
        record = records.get(gid)
        if record is None:
            report.problems.append(f"started game {gid} is not in the database")
            continue
        if not record.seats:
            report.problems.append(f"game {gid} ({record.slug}) has no seats")
            continue
        game = engines.game(record.slug)
        adapter = action_adapter(game.SPEC.Action)
        state = game.setup(
            game.SPEC.Options.model_validate(record.options), len(record.seats), record.seed
        )
        try:
            for expected, entry in enumerate(logged[gid], start=1):
                if entry.seq != expected:
                    raise ValueError(f"sequence {entry.seq} where {expected} was due")
                state, _ = game.apply(state, entry.seat, adapter.validate_json(entry.action))
                if state.version != entry.seq:
                    raise ValueError(f"version {state.version} after logged seq {entry.seq}")
        except Exception as exc:
            report.problems.append(f"game {gid} ({record.slug}) does not replay: {exc}")
            continue
        outcome = game.outcome(state)
        stored = results.get(gid)
        if record.status != "finished":
            why = (
                "its log reaches the end of the game, but no result was stored"
                if outcome is not None
                else f"its log stops at version {state.version}, to act: {sorted(game.to_act(state))}"
            )
            report.problems.append(f"game {gid} ({record.slug}) ended as {record.status!r}: {why}")
        elif outcome is None or stored is None:
            report.problems.append(f"game {gid} ({record.slug}) finished without a result")
        elif Outcome.model_validate_json(stored) != outcome:
            report.problems.append(f"game {gid} ({record.slug}): replayed result differs")
        else:
            report.games_finished += 1


async def games_without_seats(db: Database) -> list[str]:
    """Running or finished games whose seats are gone (what a torn save_game leaves)."""
    from bot.storage import Storage

    storage = await Storage.open(db)
    try:
        games = await storage.games(("running", "finished"))
    finally:
        await storage.close()
    return [f"{g.id} ({g.slug}, {g.status})" for g in games if not g.seats]
