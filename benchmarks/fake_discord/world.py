"""Shared set-up of the benchmarks and load tests: which games work, a world of tables, a bot."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import math
import re
import secrets
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import asyncpg
from yarl import URL

from benchmarks.fake_discord.players import Players, Table
from benchmarks.fake_discord.proc import BotProcess, Database
from benchmarks.fake_discord.server import FakeDiscord
from bot.settings import Settings

ALL_SLUGS = ("mindup", "thegame", "genial", "hourglass", "zero")
TABLES_PER_GUILD = 10
"""Each table has its own channel. A server seldom runs more than a few games at once: a bot
with hundreds of games in flight has them in many servers."""
READY_LINE = r"ready as "
RESTORED_LINE = r"restored (\d+) games"


KNOBS = {
    "board_edit_interval": "minimum seconds between two edits of one game's board",
    "rest_per_second": "the bot's own REST calls per second (its outbox; 0: unpaced)",
    "snapshot_every": "a snapshot of a running game every this many actions",
    "ai_worker": "the AIs think in a worker process (--no-ai-worker: in the bot's own)",
}
"""The bot's settings a benchmark may vary, given to the bot process through its environment
(BOARD_EDIT_INTERVAL, REST_PER_SECOND, SNAPSHOT_EVERY, AI_WORKER); by default the bot's own."""


def add_knobs(parser: argparse.ArgumentParser) -> None:
    """`--board-edit-interval`, `--rest-per-second`, `--snapshot-every`, `--ai-worker`, each
    defaulting to the production value (bot.settings)."""
    group = parser.add_argument_group("the bot's settings (defaults: production's)")
    for name, text in KNOBS.items():
        field = Settings.model_fields[name]
        flag = "--" + name.replace("_", "-")
        if field.annotation is bool:
            action = argparse.BooleanOptionalAction
            group.add_argument(flag, action=action, default=field.default, help=text)
        else:
            kind = float if field.annotation is float else int
            help_text = f"{text} (default {field.default:g})"
            group.add_argument(flag, type=kind, default=field.default, help=help_text)


def knob_env(args: argparse.Namespace) -> dict[str, str]:
    """The bot process's environment for the knobs of `add_knobs`."""
    env = {}
    for name in KNOBS:
        value = getattr(args, name)
        env[name.upper()] = str(value).lower() if isinstance(value, bool) else f"{value:g}"
    return env


def knobs_line(args: argparse.Namespace) -> str:
    """The knobs of a run, as printed in its header."""
    return ", ".join(f"{name.upper()}={value}" for name, value in knob_env(args).items())


def playable_slugs(wanted: tuple[str, ...] = ALL_SLUGS) -> tuple[list[str], dict[str, str]]:
    """(slugs whose engine and renderer import, {skipped slug: reason})."""
    ok: list[str] = []
    skipped: dict[str, str] = {}
    for slug in wanted:
        try:
            import engines

            engines.game(slug)
            importlib.import_module(f"bot.render.{slug}")
        except Exception as exc:  # an engine in progress may fail in any way
            skipped[slug] = f"{type(exc).__name__}: {exc}"
        else:
            ok.append(slug)
    return ok, skipped


def make_server(
    tables: int,
    humans: int,
    per_guild: int = TABLES_PER_GUILD,
    onlookers: int = 0,
    **options: object,
) -> FakeDiscord:
    """Enough guilds, channels and members for `tables` tables of `humans` humans each, and in
    each guild `onlookers` more members who never play (a real server's population)."""
    guilds = max(1, math.ceil(tables / per_guild))
    per_guild = math.ceil(tables / guilds) if tables else 1
    server = FakeDiscord(
        guilds=guilds,
        channels_per_guild=per_guild,
        users_per_guild=per_guild * humans,
        **options,  # type: ignore[arg-type]
    )
    for guild_id in list(server.guilds):
        for n in range(onlookers):
            server.add_user(guild_id, f"onlooker-{n}")
    return server


def make_tables(
    players: Players, tables: int, humans: int, slugs: list[str], max_games: int | None = None
) -> list[Table]:
    """One table per channel; games mixed round-robin across `slugs`."""
    server = players.server
    result: list[Table] = []
    for guild_id in server.guilds:
        channels = server.guild_channels(guild_id)
        users = server.guild_users(guild_id)
        for i, channel in enumerate(channels):
            if len(result) >= tables:
                return result
            mix = [slugs[(len(result) + k) % len(slugs)] for k in range(len(slugs))]
            result.append(
                Table(players, channel, users[i * humans : (i + 1) * humans], mix, max_games)
            )
    return result


@dataclass
class Started:
    """A bot process that identified (and reached READY, when asked), with its timings (seconds
    since spawn)."""

    bot: BotProcess
    restored: int | None
    restored_after: float | None
    identified_after: float | None
    ready_after: float | None


async def start_bot(
    server: FakeDiscord,
    db: Database,
    workdir: Path,
    *,
    module: str = "bot",
    timeout: float = 120.0,
    profile_to: Path | None = None,
    log_name: str = "bot.log",
    extra_env: dict[str, str] | None = None,
    ready: bool = True,
) -> Started:
    """Spawn the bot, wait for the gateway to be served and, with `ready`, for on_ready's line.

    The bot answers from the moment it identified; discord.py calls on_ready only once no
    server has arrived for two seconds (its guild_ready_timeout), so tests that only play
    need not wait for it.
    """
    server.online.clear()
    bot = BotProcess(
        server.base_url,
        db,
        workdir,
        module=module,
        profile_to=profile_to,
        log_name=log_name,
        extra_env=extra_env,
    )
    identifies = server.identify_count
    await bot.start()
    deadline = time.monotonic() + timeout
    identified_after = restored_after = None
    restored_re = re.compile(RESTORED_LINE)
    while time.monotonic() < deadline:
        if restored_after is None and restored_re.search(bot.log_text()):
            restored_after = time.monotonic() - bot.started_at
        if server.identify_count > identifies and server.online.is_set():
            identified_after = time.monotonic() - bot.started_at
            break
        if bot.proc is not None and bot.proc.returncode is not None:
            raise RuntimeError(f"the bot exited ({bot.proc.returncode}):\n{bot.log_text()[-3000:]}")
        await asyncio.sleep(0.01)
    else:
        bot.kill()
        raise TimeoutError(f"the bot did not connect in {timeout} s:\n{bot.log_text()[-3000:]}")
    ready_after = None
    if ready and await bot.wait_log(READY_LINE, max(1.0, deadline - time.monotonic())):
        ready_after = time.monotonic() - bot.started_at
    restored = None
    found = restored_re.findall(bot.log_text())
    if found:
        restored = sum(int(count) for count in found)
        restored_after = restored_after or identified_after
    return Started(bot, restored, restored_after, identified_after, ready_after)


def shard_env(count: int, shard: int) -> dict[str, str]:
    """The settings of the process that runs `shard` of `count`, each shard its own process."""
    return {"SHARD_COUNT": str(count), "SHARD_IDS": str(shard)}


async def start_shards(
    server: FakeDiscord,
    db: Database,
    workdir: Path,
    count: int,
    *,
    timeout: float = 120.0,
    extra_env: dict[str, str] | None = None,
    ready: bool = True,
) -> list[Started]:
    """`count` bot processes on one database (PostgreSQL), process i running shard i of `count`.

    One after the other, each identified (READY too, with `ready`) before the next starts:
    `start_bot` tells processes apart by their IDENTIFY, and a start-up on a shared machine is
    quicker alone. The fake server says `count` shards from then on (GET /gateway/bot), so a
    bot that asks, such as the bare one, runs as many in its one process.
    """
    server.shard_count = count
    started: list[Started] = []
    try:
        for shard in range(count):
            started.append(
                await start_bot(
                    server,
                    db,
                    workdir,
                    timeout=timeout,
                    log_name=f"bot-shard{shard}.log",
                    extra_env={**(extra_env or {}), **shard_env(count, shard)},
                    ready=ready,
                )
            )
    except BaseException:
        # The caller gets no list to stop: the processes already running end here.
        for done in started:
            await done.bot.stop()
        raise
    return started


def postgres_server(url: str) -> str:
    """A `--database` option: a PostgreSQL server's URL (argparse type; the error says why)."""
    if not url.startswith(("postgresql://", "postgres://")):
        raise argparse.ArgumentTypeError(
            "a PostgreSQL server, e.g. postgresql://postgres@127.0.0.1/test (without it, SQLite)"
        )
    return url


@asynccontextmanager
async def scratch_database(
    server: str | None, workdir: Path, *, keep: bool = False
) -> AsyncIterator[Database]:
    """Where one run keeps its games: a SQLite file in `workdir` when `server` is None, else a
    new database on that PostgreSQL server, dropped afterwards unless `keep`.

    A run never meets the games of another, and the database named in `server` is only the way
    in: its user must be allowed to CREATE DATABASE.
    """
    if server is None:
        yield workdir / "games.db"
        return
    name = f"tabletop_bench_{secrets.token_hex(6)}"
    conn = await asyncpg.connect(server)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    url = URL(server)
    try:
        yield str(url.with_path(name).with_query(url.query))
    finally:
        if not keep:
            conn = await asyncpg.connect(server)
            try:
                await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            finally:
                await conn.close()
