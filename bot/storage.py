"""SQLite persistence (WAL). The only module that holds SQL.

An action is committed to the append-only log before anyone is told it happened; a running
game is restored from its latest snapshot plus the actions logged after it. Reads go through
aiosqlite (whose thread also checkpoints the WAL); writes go through one BatchWriter, which
commits the writes of many games at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import aiosqlite
from pydantic import BaseModel
from yoyo import get_backend, read_migrations

from bot.batch_writer import BatchWriter, Statement

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).parent / "migrations"
Status = Literal["lobby", "running", "finished", "cancelled", "abandoned"]
ACTIVE: tuple[Status, ...] = ("lobby", "running")
CHECKPOINT_EVERY = 100
"""Commits between two WAL checkpoints (the writer's automatic ones are off)."""


class StorageError(Exception):
    """A write did not land: nothing of it was stored, and the caller must change nothing."""


class SeatRecord(BaseModel):
    """Who plays a seat: a member, or the AI (an AI seat, or a seat the AI took over)."""

    user_id: int | None
    name: str
    ai: bool
    kicked: bool = False
    """The host or a manager removed the member: the AI keeps the seat to the end."""


class GameRecord(BaseModel):
    """Everything about a game except its rules state."""

    id: str
    guild_id: int
    channel_id: int
    thread_id: int | None = None
    message_id: int | None = None
    slug: str
    options: dict[str, Any]
    seed: int
    status: Status
    host_id: int
    language: str
    deadline: float | None = None
    created_at: float
    seats: list[SeatRecord] = []

    @property
    def play_channel_id(self) -> int:
        """Where the game's messages live: its thread if it has one."""
        return self.thread_id or self.channel_id


class LoggedAction(BaseModel):
    """One line of the action log."""

    seq: int
    seat: int
    action: str
    by_ai: bool


class _Keep:
    """The stored value stays as it is."""


KEEP = _Keep()


@dataclass
class RestorePoint:
    """Where a running game resumes: the state after action `seq`, then `actions`."""

    seq: int
    state: str
    actions: list[LoggedAction] = field(default_factory=list)


def backup(path: Path, target: Path) -> None:
    """Copy the database at `path` to a new file, consistent even while the bot writes to it.

    SQLite's online backup copies the pages of one read transaction, WAL included.
    """
    if not path.exists():
        raise StorageError(f"there is no database at {path}")
    try:
        with (
            contextlib.closing(sqlite3.connect(path)) as source,
            contextlib.closing(sqlite3.connect(target)) as copy,
        ):
            source.backup(copy)
    except sqlite3.Error as exc:
        raise StorageError(str(exc)) from exc


def prepare(path: Path) -> None:
    """Make the database ready: created if new, migrated, readable and writable.

    Raises StorageError with what is wrong (a damaged or foreign file, a file or folder the
    bot may not write) before the bot connects anywhere. Reading the schema and taking the
    write lock find a foreign or truncated file at once; a full integrity check would read
    the whole file, seconds for a large one, at every start.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.closing(sqlite3.connect(path)) as conn:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            conn.execute("BEGIN IMMEDIATE")  # fails at once on a read-only file or folder
            conn.execute("ROLLBACK")
        backend = get_backend(f"sqlite:///{path}")
        with backend.lock():
            backend.apply_migrations(backend.to_apply(read_migrations(str(MIGRATIONS))))
    except (sqlite3.Error, OSError) as exc:
        raise StorageError(str(exc)) from exc


_INSERT_SEAT = (
    "INSERT INTO seats (game_id, seat, user_id, name, ai, kicked) VALUES (?, ?, ?, ?, ?, ?)"
)


def _seat_values(game_id: str, seat: int, record: SeatRecord) -> tuple[Any, ...]:
    return (game_id, seat, record.user_id, record.name, int(record.ai), int(record.kicked))


def _seat_row(game_id: str, seat: int, record: SeatRecord) -> Statement:
    return (_INSERT_SEAT, _seat_values(game_id, seat, record))


def _game_row(game: GameRecord) -> list[Statement]:
    return [
        (
            "INSERT INTO games (id, guild_id, channel_id, thread_id, message_id, slug, options, "
            "seed, status, host_id, language, deadline, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET thread_id = excluded.thread_id, "
            "message_id = excluded.message_id, options = excluded.options, "
            "status = excluded.status, host_id = excluded.host_id, "
            "language = excluded.language, deadline = excluded.deadline, "
            "updated_at = excluded.updated_at",
            (
                game.id,
                game.guild_id,
                game.channel_id,
                game.thread_id,
                game.message_id,
                game.slug,
                json.dumps(game.options),
                game.seed,
                game.status,
                game.host_id,
                game.language,
                game.deadline,
                game.created_at,
                time.time(),
            ),
        ),
        ("DELETE FROM seats WHERE game_id = ?", (game.id,)),
        (_INSERT_SEAT, [_seat_values(game.id, i, s) for i, s in enumerate(game.seats)]),
    ]


def _set_columns(game_id: str, **columns: Any) -> Statement:
    names = ", ".join(f"{name} = ?" for name in columns)
    return (
        f"UPDATE games SET {names}, updated_at = ? WHERE id = ?",
        (*columns.values(), time.time(), game_id),
    )


def _action_row(game_id: str, entry: LoggedAction) -> Statement:
    return (
        "INSERT INTO actions (game_id, seq, seat, action, by_ai, at) VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, entry.seq, entry.seat, entry.action, int(entry.by_ai), time.time()),
    )


def _snapshot_row(game_id: str, seq: int, state_json: str) -> Statement:
    return (
        "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state",
        (game_id, seq, state_json),
    )


def _result_row(game_id: str, outcome_json: str) -> Statement:
    return (
        "INSERT OR REPLACE INTO results (game_id, outcome, finished_at) VALUES (?, ?, ?)",
        (game_id, outcome_json, time.time()),
    )


class Storage:
    """A reading connection (aiosqlite) and the writer; settings are cached after first use."""

    def __init__(self, db: aiosqlite.Connection, writer: BatchWriter) -> None:
        self._db = db
        self._writer = writer
        self._checkpointed = 0
        self._closed = False
        self._checkpointing: asyncio.Task[None] | None = None
        self._dm_turns: dict[int, bool] = {}

    @classmethod
    async def open(cls, path: Path) -> Storage:
        """Create the file if needed, apply pending migrations and open it in WAL mode."""
        await asyncio.to_thread(prepare, path)
        writer = BatchWriter(path)
        db = await aiosqlite.connect(path)
        db.row_factory = aiosqlite.Row
        return cls(db, writer)

    async def close(self) -> None:
        """Commit pending writes, checkpoint the WAL, close both connections.

        Closing twice is harmless (a restart in the tests closes the old bot's storage again).
        """
        if self._closed:
            return
        self._closed = True
        try:
            self._writer.close()
            if self._checkpointing is not None:
                await asyncio.gather(self._checkpointing, return_exceptions=True)
            # PASSIVE: another process (a bot still running on this file) is never waited for.
            with contextlib.suppress(sqlite3.Error):
                await self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            # Always: an open aiosqlite connection is a thread that keeps the process alive.
            await self._db.close()

    async def _write(self, unit: list[Statement]) -> None:
        try:
            await self._writer.write(unit)
        except sqlite3.Error as exc:
            raise StorageError(str(exc)) from exc
        if (
            self._writer.commits - self._checkpointed >= CHECKPOINT_EVERY
            and not self._checkpointing
        ):
            self._checkpointed = self._writer.commits
            self._checkpointing = asyncio.get_running_loop().create_task(self._checkpoint())

    async def _checkpoint(self) -> None:
        # On aiosqlite's thread: copying the WAL into the database syncs the disk, which must
        # not stall the event loop. PASSIVE never waits for the writer.
        try:
            await self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            self._checkpointing = None

    # --- server settings and user preferences ---

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The stored settings of a server ({} when it never changed any).

        Not cached here: the runtime keeps each server's validated settings.
        """
        async with self._db.execute(
            "SELECT data FROM guild_settings WHERE guild_id = ?", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
        return json.loads(row["data"]) if row else {}

    async def save_guild_settings(self, guild_id: int, data: dict[str, Any]) -> None:
        """Replace the settings of a server."""
        await self._write(
            [
                (
                    "INSERT INTO guild_settings (guild_id, data) VALUES (?, ?) "
                    "ON CONFLICT (guild_id) DO UPDATE SET data = excluded.data",
                    (guild_id, json.dumps(data)),
                )
            ]
        )

    async def dm_turns(self, user_id: int) -> bool:
        """Whether the user wants a DM on their turn (on unless they turned it off)."""
        cache = self._dm_turns
        if user_id in cache:
            return cache[user_id]
        async with self._db.execute(
            "SELECT dm_turns FROM user_prefs WHERE user_id = ?", (user_id,)
        ) as cur:
            row = await cur.fetchone()
        enabled = bool(row["dm_turns"]) if row else True
        # A choice saved while this read was on its way is newer than what it read.
        return cache.setdefault(user_id, enabled)

    async def set_dm_turns(self, user_id: int, enabled: bool) -> None:
        """Turn the user's turn DMs on or off."""
        await self._write(
            [
                (
                    "INSERT INTO user_prefs (user_id, dm_turns) VALUES (?, ?) "
                    "ON CONFLICT (user_id) DO UPDATE SET dm_turns = excluded.dm_turns",
                    (user_id, int(enabled)),
                )
            ]
        )
        self._dm_turns[user_id] = enabled

    # --- games ---

    async def save_game(self, game: GameRecord) -> None:
        """Insert or update a game row and its seats in one transaction."""
        await self._write(_game_row(game))

    async def add_seat(self, game_id: str, seat: int, record: SeatRecord) -> None:
        """A lobby's next seat (`seat` is its index), without writing the game again.

        Joins and AI seats are a fifth of the clicks when many tables open at once; the game
        row and every seat rewritten cost three times this one row.
        """
        await self._write([_seat_row(game_id, seat, record)])

    async def start_game(self, game: GameRecord, state_json: str) -> None:
        """A game leaves its lobby: its status and clock, and the dealt state (snapshot 0).

        Everything else of the lobby was written as it changed.
        """
        await self._write(
            [
                _set_columns(game.id, status=game.status, deadline=game.deadline),
                _snapshot_row(game.id, 0, state_json),
            ]
        )

    async def set_message_id(self, game_id: str, message_id: int) -> None:
        """Store where a game's board message is."""
        await self._write([_set_columns(game_id, message_id=message_id)])

    async def close_game(self, game_id: str, status: Status) -> None:
        """A game ended (finished, cancelled or abandoned): no deadline any more."""
        await self._write([_set_columns(game_id, status=status, deadline=None)])

    async def games(self, statuses: tuple[Status, ...] = ACTIVE) -> list[GameRecord]:
        """Every game in one of `statuses`, with its seats."""
        marks = ",".join("?" * len(statuses))
        async with self._db.execute(
            f"SELECT * FROM games g WHERE g.status IN ({marks}) ORDER BY g.created_at", statuses
        ) as cur:
            rows = await cur.fetchall()
        seats: dict[str, list[SeatRecord]] = {}
        async with self._db.execute(
            f"SELECT s.* FROM seats s JOIN games g ON g.id = s.game_id "
            f"WHERE g.status IN ({marks}) ORDER BY s.game_id, s.seat",
            statuses,
        ) as cur:
            async for row in cur:
                seats.setdefault(row["game_id"], []).append(
                    SeatRecord(
                        user_id=row["user_id"],
                        name=row["name"],
                        ai=bool(row["ai"]),
                        kicked=bool(row["kicked"]),
                    )
                )
        records = []
        for r in rows:
            try:
                records.append(
                    GameRecord(
                        id=r["id"],
                        guild_id=r["guild_id"],
                        channel_id=r["channel_id"],
                        thread_id=r["thread_id"],
                        message_id=r["message_id"],
                        slug=r["slug"],
                        options=json.loads(r["options"]),
                        seed=r["seed"],
                        status=r["status"],
                        host_id=r["host_id"],
                        language=r["language"],
                        deadline=r["deadline"],
                        created_at=r["created_at"],
                        seats=seats.get(r["id"], []),
                    )
                )
            except ValueError as exc:  # pydantic's ValidationError and bad JSON alike
                # One damaged row must not keep every other game from loading.
                log.error("game %s is damaged and was left out: %s", r["id"], exc)
        return records

    # --- the action log ---

    async def append_action(self, game_id: str, entry: LoggedAction) -> None:
        """Commit one action to the log; only then may anyone be told about it."""
        await self._write([_action_row(game_id, entry)])

    async def record_move(
        self,
        game_id: str,
        entry: LoggedAction,
        *,
        deadline: float | _Keep | None = KEEP,
        snapshot: str | None = None,
        result: str | None = None,
    ) -> None:
        """One move and what follows from it, in one commit.

        `snapshot` is the state after the move; `result` the outcome JSON, which also marks the
        game finished.
        """
        unit = [_action_row(game_id, entry)]
        if snapshot is not None:
            unit.append(_snapshot_row(game_id, entry.seq, snapshot))
        if result is not None:
            unit.append(_result_row(game_id, result))
            unit.append(_set_columns(game_id, status="finished", deadline=None))
        elif not isinstance(deadline, _Keep):
            unit.append(_set_columns(game_id, deadline=deadline))
        await self._write(unit)

    async def actions_after(self, game_id: str, seq: int) -> list[LoggedAction]:
        """The logged actions of a game with a sequence number above `seq`, in order."""
        async with self._db.execute(
            "SELECT seq, seat, action, by_ai FROM actions WHERE game_id = ? AND seq > ? "
            "ORDER BY seq",
            (game_id, seq),
        ) as cur:
            rows = await cur.fetchall()
        return [
            LoggedAction(seq=r["seq"], seat=r["seat"], action=r["action"], by_ai=bool(r["by_ai"]))
            for r in rows
        ]

    async def save_snapshot(self, game_id: str, seq: int, state_json: str) -> None:
        """Keep the state after action `seq` so that a restart replays only what follows."""
        await self._write([_snapshot_row(game_id, seq, state_json)])

    async def restore_points(self) -> dict[str, RestorePoint]:
        """For every running game: its latest snapshot and the actions logged after it.

        Two queries for all games together: a restart with thousands of games must not pay a
        round trip per game.
        """
        points: dict[str, RestorePoint] = {}
        async with self._db.execute(
            "SELECT s.game_id, s.seq, s.state FROM snapshots s JOIN games g ON g.id = s.game_id "
            "WHERE g.status = 'running'"
        ) as cur:
            async for row in cur:
                points[row["game_id"]] = RestorePoint(seq=row["seq"], state=row["state"])
        async with self._db.execute(
            "SELECT a.game_id, a.seq, a.seat, a.action, a.by_ai FROM actions a "
            "JOIN snapshots s ON s.game_id = a.game_id JOIN games g ON g.id = a.game_id "
            "WHERE g.status = 'running' AND a.seq > s.seq ORDER BY a.game_id, a.seq"
        ) as cur:
            async for row in cur:
                points[row["game_id"]].actions.append(
                    LoggedAction(
                        seq=row["seq"], seat=row["seat"], action=row["action"], by_ai=row["by_ai"]
                    )
                )
        return points

    async def save_result(self, game_id: str, outcome_json: str) -> None:
        """Store the final result of a game."""
        await self._write([_result_row(game_id, outcome_json)])

    async def result(self, game_id: str) -> str | None:
        """The stored outcome JSON of a finished game."""
        async with self._db.execute(
            "SELECT outcome FROM results WHERE game_id = ?", (game_id,)
        ) as cur:
            row = await cur.fetchone()
        return row["outcome"] if row else None
