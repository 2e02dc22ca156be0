"""SQLite persistence (aiosqlite, WAL). The only module that writes SQL.

An action is committed to the append-only log before anyone is told it happened; a running
game is restored from its latest snapshot plus the actions logged after it.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any, Literal

import aiosqlite
from pydantic import BaseModel
from yoyo import get_backend, read_migrations

MIGRATIONS = Path(__file__).parent / "migrations"
Status = Literal["lobby", "running", "finished", "cancelled", "abandoned"]
ACTIVE: tuple[Status, ...] = ("lobby", "running")


class SeatRecord(BaseModel):
    """Who plays a seat: a member, or the AI (an AI seat, or a seat the AI took over)."""

    user_id: int | None
    name: str
    ai: bool


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


def _migrate(path: Path) -> None:
    backend = get_backend(f"sqlite:///{path}")
    migrations = read_migrations(str(MIGRATIONS))
    with backend.lock():
        backend.apply_migrations(backend.to_apply(migrations))


class Storage:
    """One connection per process; aiosqlite serializes the statements on its own thread."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        # One connection serves every coroutine: a lock keeps each write transaction whole,
        # so a commit from elsewhere never lands between its statements.
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path) -> Storage:
        """Create the file if needed, apply pending migrations and open it in WAL mode."""
        path.parent.mkdir(parents=True, exist_ok=True)
        await asyncio.to_thread(_migrate, path)
        db = await aiosqlite.connect(path)
        db.row_factory = aiosqlite.Row
        # WAL + NORMAL: a commit survives a crash of the process, and readers never block writers.
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        return cls(db)

    async def close(self) -> None:
        """Close the connection."""
        await self._db.close()

    # --- server settings and user preferences ---

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The stored settings of a server ({} when it never changed any)."""
        async with self._db.execute(
            "SELECT data FROM guild_settings WHERE guild_id = ?", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
        return json.loads(row["data"]) if row else {}

    async def save_guild_settings(self, guild_id: int, data: dict[str, Any]) -> None:
        """Replace the settings of a server."""
        async with self._write:
            await self._db.execute(
                "INSERT INTO guild_settings (guild_id, data) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET data = excluded.data",
                (guild_id, json.dumps(data)),
            )
            await self._db.commit()

    async def dm_turns(self, user_id: int) -> bool:
        """Whether the user wants a DM on their turn (on unless they turned it off)."""
        async with self._db.execute(
            "SELECT dm_turns FROM user_prefs WHERE user_id = ?", (user_id,)
        ) as cur:
            row = await cur.fetchone()
        return bool(row["dm_turns"]) if row else True

    async def set_dm_turns(self, user_id: int, enabled: bool) -> None:
        """Turn the user's turn DMs on or off."""
        async with self._write:
            await self._db.execute(
                "INSERT INTO user_prefs (user_id, dm_turns) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET dm_turns = excluded.dm_turns",
                (user_id, int(enabled)),
            )
            await self._db.commit()

    # --- games ---

    async def save_game(self, game: GameRecord) -> None:
        """Insert or update a game row and its seats in one transaction."""
        async with self._write:
            now = time.time()
            await self._db.execute(
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
                    now,
                ),
            )
            await self._db.execute("DELETE FROM seats WHERE game_id = ?", (game.id,))
            await self._db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, ai) VALUES (?, ?, ?, ?, ?)",
                [(game.id, i, s.user_id, s.name, int(s.ai)) for i, s in enumerate(game.seats)],
            )
            await self._db.commit()

    async def games(self, statuses: tuple[Status, ...] = ACTIVE) -> list[GameRecord]:
        """Every game in one of `statuses`, with its seats."""
        marks = ",".join("?" * len(statuses))
        async with self._db.execute(
            f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY created_at", statuses
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
                    SeatRecord(user_id=row["user_id"], name=row["name"], ai=bool(row["ai"]))
                )
        return [
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
            for r in rows
        ]

    # --- the action log ---

    async def append_action(self, game_id: str, entry: LoggedAction) -> None:
        """Commit one action to the log; only then may anyone be told about it."""
        async with self._write:
            await self._db.execute(
                "INSERT INTO actions (game_id, seq, seat, action, by_ai, at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, entry.seq, entry.seat, entry.action, int(entry.by_ai), time.time()),
            )
            await self._db.commit()

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
        async with self._write:
            await self._db.execute(
                "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state",
                (game_id, seq, state_json),
            )
            await self._db.commit()

    async def snapshot(self, game_id: str) -> tuple[int, str] | None:
        """The latest snapshot of a game: (seq, state JSON)."""
        async with self._db.execute(
            "SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,)
        ) as cur:
            row = await cur.fetchone()
        return (row["seq"], row["state"]) if row else None

    async def save_result(self, game_id: str, outcome_json: str) -> None:
        """Store the final result of a game."""
        async with self._write:
            await self._db.execute(
                "INSERT OR REPLACE INTO results (game_id, outcome, finished_at) VALUES (?, ?, ?)",
                (game_id, outcome_json, time.time()),
            )
            await self._db.commit()

    async def result(self, game_id: str) -> str | None:
        """The stored outcome JSON of a finished game."""
        async with self._db.execute(
            "SELECT outcome FROM results WHERE game_id = ?", (game_id,)
        ) as cur:
            row = await cur.fetchone()
        return row["outcome"] if row else None
