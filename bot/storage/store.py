"""The game store: every query and write of the bot, on SQLite or PostgreSQL.

An action is committed to the append-only log before anyone is told it happened; a running
game is restored from its latest snapshot plus the actions logged after it. The SQL here is
written once for both databases (see bot.storage.database); the backend is chosen by the URL.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cachetools import LRUCache

from bot.shards import Shards
from bot.storage.database import Channels, Database, Statement
from bot.storage.records import (
    ACTIVE,
    KEEP,
    GameRecord,
    LoggedAction,
    RestorePoint,
    SeatRecord,
    Status,
    StorageError,
    TurnDm,
    _Keep,
)
from bot.storage.stats import Standings, StatsStore, standing_rows

log = logging.getLogger(__name__)

PREFERENCES_KEPT = 50_000
"""Members whose turn-DM preference is kept in memory (the latest read): the database has them all."""


def prepare(url: str) -> None:
    """Make the database at a DATABASE_URL ready before the bot connects to Discord: created if
    new, migrated; StorageError says what is wrong (unreachable, damaged, newer than the bot)."""
    if url.startswith("sqlite:///"):
        from bot.storage.sqlite import prepare_file

        prepare_file(Path(url.removeprefix("sqlite:///")))
        return
    from bot.storage.postgres import prepare_server

    prepare_server(url)


_INSERT_SEAT = (
    "INSERT INTO seats (game_id, seat, user_id, name, ai, kicked, ready, lang, timeouts) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def _seat_values(game_id: str, seat: int, record: SeatRecord) -> tuple[Any, ...]:
    return (
        game_id,
        seat,
        record.user_id,
        record.name,
        int(record.ai),
        int(record.kicked),
        int(record.ready),
        record.lang,
        record.timeouts,
    )


def _seat_row(game_id: str, seat: int, record: SeatRecord) -> Statement:
    return (_INSERT_SEAT, _seat_values(game_id, seat, record))


def _timeouts_row(game_id: str, seats: Sequence[int], count: str) -> Statement:
    marks = ", ".join("?" * len(seats))
    return (
        f"UPDATE seats SET timeouts = {count} WHERE game_id = ? AND seat IN ({marks})",
        (game_id, *seats),
    )


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


def _snapshot_row(
    game_id: str, seq: int, state_json: str, last_moves: Sequence[str] = ()
) -> Statement:
    return (
        "INSERT INTO snapshots (game_id, seq, state, last_moves) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state, "
        "last_moves = excluded.last_moves",
        (game_id, seq, state_json, json.dumps(list(last_moves))),
    )


def _result_row(game_id: str, outcome_json: str) -> Statement:
    return (
        "INSERT INTO results (game_id, outcome, finished_at) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE SET outcome = excluded.outcome, "
        "finished_at = excluded.finished_at",
        (game_id, outcome_json, time.time()),
    )


class Storage:
    """The bot's one way to the database; a user's DM choice is cached after first use."""

    def __init__(self, db: Database, shards: Shards, channels: Channels | None = None) -> None:
        self.db = db
        self.shards = shards
        self.channels = channels
        """How this process reaches the others, when other processes run other shards."""
        self._dm_turns: LRUCache[int, bool] = LRUCache(PREFERENCES_KEPT)
        self.stats = StatsStore(db)
        """Finished games' history, results, ratings and logs (/stats, /leaderboard, replays)."""

    @classmethod
    async def open(cls, url: str | Path, shards: Shards | None = None) -> Storage:
        """Open (and create or migrate) the database at a DATABASE_URL (`sqlite:///path`,
        `postgresql://...`) or a SQLite path; restores read only `shards`' games."""
        shards = shards or Shards()
        if isinstance(url, Path):
            url = f"sqlite:///{url}"
        if url.startswith("sqlite:///"):
            from bot.storage.sqlite import SqliteDatabase

            return cls(await SqliteDatabase.open(Path(url.removeprefix("sqlite:///"))), shards)
        if url.startswith(("postgresql://", "postgres://")):
            from bot.storage.postgres import PostgresDatabase

            db = await PostgresDatabase.open(url)
            return cls(db, shards, None if shards.every else db)
        raise StorageError(f"unknown database URL {url!r}: use sqlite:///path or postgresql://...")

    async def claim(self, lost: Callable[[], None]) -> None:
        """Hold this process's shards until it stops; ShardTakenError if another process has one.

        `lost` is called if they are lost while the process runs (PostgreSQL's session ended).
        """
        await self.db.claim(self.shards, lost)

    async def close(self) -> None:
        """Commit pending writes and close. Closing twice is harmless (a restart in the tests
        closes the old bot's storage again)."""
        await self.db.close()

    def _owned(self, alias: str) -> tuple[str, tuple[int, ...]]:
        """A condition keeping the games of this process's shards (none when it holds all)."""
        if self.shards.every:
            return "", ()
        marks = ",".join("?" * len(self.shards.ids))
        return (
            f" AND ({alias}.guild_id >> 22) % ? IN ({marks})",
            (self.shards.count, *self.shards.ids),
        )

    # --- server settings and user preferences ---

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The stored settings of a server ({} when it never changed any).

        Not cached here: the runtime keeps each server's validated settings.
        """
        rows = await self.db.fetch(
            "SELECT data FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return json.loads(rows[0]["data"]) if rows else {}

    async def save_guild_settings(self, guild_id: int, data: dict[str, Any]) -> None:
        """Replace the settings of a server."""
        await self.db.write(
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
        if self.channels is not None:
            # Another process may change it (a turn DM's toggle is clicked on shard 0).
            return await self._stored_dm_turns(user_id)
        cache = self._dm_turns
        if user_id in cache:
            return cache[user_id]
        enabled = await self._stored_dm_turns(user_id)
        # A choice saved while this read was on its way is newer than what it read.
        return cache.setdefault(user_id, enabled)

    async def _stored_dm_turns(self, user_id: int) -> bool:
        rows = await self.db.fetch("SELECT dm_turns FROM user_prefs WHERE user_id = ?", (user_id,))
        return bool(rows[0]["dm_turns"]) if rows else True

    async def set_dm_turns(self, user_id: int, enabled: bool) -> None:
        """Turn the user's turn DMs on or off."""
        await self.db.write(
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

    async def guild_of(self, game_id: str) -> int | None:
        """The server of a game (None for a game never stored)."""
        rows = await self.db.fetch("SELECT guild_id FROM games WHERE id = ?", (game_id,))
        return int(rows[0]["guild_id"]) if rows else None

    async def save_game(self, game: GameRecord) -> None:
        """Insert or update a game row and its seats in one transaction."""
        await self.db.write(_game_row(game))

    async def add_seat(self, game_id: str, seat: int, record: SeatRecord) -> None:
        """A lobby's next seat (`seat` is its index), without writing the game again.

        Joins and AI seats are a fifth of the clicks when many tables open at once; the game
        row and every seat rewritten cost three times this one row.
        """
        await self.db.write([_seat_row(game_id, seat, record)])

    async def start_game(self, game: GameRecord, state_json: str) -> None:
        """A game leaves its lobby: its status and clock, the seats that play (a rematch's
        unconfirmed ones are left out), and the dealt state (snapshot 0)."""
        await self.db.write([*_game_row(game), _snapshot_row(game.id, 0, state_json)])

    async def set_message_id(self, game_id: str, message_id: int | None) -> None:
        """Store where a game's board message is (None: nowhere, to post it anew)."""
        await self.db.write([_set_columns(game_id, message_id=message_id)])

    async def save_turn_dm(self, game_id: str, dm: TurnDm) -> None:
        """Remember a member's latest turn DM of a game (it replaces the one before)."""
        await self.db.write(
            [
                (
                    "INSERT INTO turn_dms (game_id, user_id, channel_id, message_id, lang, "
                    "version) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE "
                    "SET channel_id = excluded.channel_id, message_id = excluded.message_id, "
                    "lang = excluded.lang, version = excluded.version",
                    (game_id, dm.user_id, dm.channel_id, dm.message_id, dm.lang, dm.version),
                )
            ]
        )

    async def turn_dms(self, game_id: str) -> list[TurnDm]:
        """Every member's latest turn DM of a game."""
        rows = await self.db.fetch(
            "SELECT user_id, channel_id, message_id, lang, version FROM turn_dms "
            "WHERE game_id = ? ORDER BY user_id",
            (game_id,),
        )
        return [
            TurnDm(r["user_id"], r["channel_id"], r["message_id"], r["lang"], r["version"])
            for r in rows
        ]

    async def turn_dm_versions(self) -> dict[str, dict[int, int | None]]:
        """For each game, the version each member's latest turn DM was sent at."""
        rows = await self.db.fetch("SELECT game_id, user_id, version FROM turn_dms", ())
        sent: dict[str, dict[int, int | None]] = {}
        for r in rows:
            sent.setdefault(r["game_id"], {})[r["user_id"]] = r["version"]
        return sent

    async def forget_turn_dms(self, game_id: str) -> None:
        """A game's turn DMs say it ended: nothing more to do with them."""
        await self.db.write([("DELETE FROM turn_dms WHERE game_id = ?", (game_id,))])

    async def close_game(self, game_id: str, status: Status) -> None:
        """A game ended (finished, cancelled or abandoned): no deadline any more."""
        await self.db.write([_set_columns(game_id, status=status, deadline=None)])

    async def games(self, statuses: tuple[Status, ...] = ACTIVE) -> list[GameRecord]:
        """Every game of this process's shards in one of `statuses`, with its seats."""
        marks = ",".join("?" * len(statuses))
        owned, shard_params = self._owned("g")
        where = f"g.status IN ({marks}){owned}"
        return await self._records(where, (*statuses, *shard_params))

    async def game(self, game_id: str) -> GameRecord | None:
        """One game, whatever its status (None if it was never stored, or is damaged)."""
        found = await self._records("g.id = ?", (game_id,))
        return found[0] if found else None

    async def _records(self, where: str, params: tuple[Any, ...]) -> list[GameRecord]:
        rows = await self.db.fetch(
            f"SELECT * FROM games g WHERE {where} ORDER BY g.created_at", params
        )
        seats: dict[str, list[SeatRecord]] = {}
        for row in await self.db.fetch(
            f"SELECT s.* FROM seats s JOIN games g ON g.id = s.game_id "
            f"WHERE {where} ORDER BY s.game_id, s.seat",
            params,
        ):
            seats.setdefault(row["game_id"], []).append(
                SeatRecord(
                    user_id=row["user_id"],
                    name=row["name"],
                    ai=bool(row["ai"]),
                    kicked=bool(row["kicked"]),
                    ready=bool(row["ready"]),
                    lang=row["lang"],
                    timeouts=row["timeouts"],
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
        await self.db.write([_action_row(game_id, entry)])

    async def record_move(
        self,
        game_id: str,
        entry: LoggedAction,
        *,
        deadline: float | _Keep | None = KEEP,
        snapshot: str | None = None,
        last_moves: Sequence[str] = (),
        result: str | None = None,
        standings: Standings | None = None,
        back: int | None = None,
    ) -> None:
        """One move and what follows from it, in one commit.

        `snapshot` is the state after the move, kept with the board's `last_moves` then;
        `result` the outcome JSON, which also marks the
        game finished; `standings` what the result adds to the server's history and ratings;
        `back`: the seat whose member moved after timeouts, which no longer count.
        """
        unit = [_action_row(game_id, entry)]
        if back is not None:
            unit.append(_timeouts_row(game_id, [back], "0"))
        if snapshot is not None:
            unit.append(_snapshot_row(game_id, entry.seq, snapshot, last_moves))
        if result is not None:
            unit.append(_result_row(game_id, result))
            if standings is not None:
                unit += standing_rows(game_id, standings)
            unit.append(_set_columns(game_id, status="finished", deadline=None))
        elif not isinstance(deadline, _Keep):
            unit.append(_set_columns(game_id, deadline=deadline))
        await self.db.write(unit)

    async def timed_out(self, game_id: str, seats: Sequence[int]) -> None:
        """The clock ran out on these seats' members once more."""
        await self.db.write([_timeouts_row(game_id, seats, "timeouts + 1")])

    async def actions_after(self, game_id: str, seq: int) -> list[LoggedAction]:
        """The logged actions of a game with a sequence number above `seq`, in order."""
        rows = await self.db.fetch(
            "SELECT seq, seat, action, by_ai FROM actions WHERE game_id = ? AND seq > ? "
            "ORDER BY seq",
            (game_id, seq),
        )
        return [
            LoggedAction(seq=r["seq"], seat=r["seat"], action=r["action"], by_ai=bool(r["by_ai"]))
            for r in rows
        ]

    async def save_snapshot(self, game_id: str, seq: int, state_json: str) -> None:
        """Keep the state after action `seq` so that a restart replays only what follows."""
        await self.db.write([_snapshot_row(game_id, seq, state_json)])

    async def restore_points(self) -> dict[str, RestorePoint]:
        """For every running game of this process: its latest snapshot and the actions after it.

        Two queries for all games together: a restart with thousands of games must not pay a
        round trip per game.
        """
        owned, shard_params = self._owned("g")
        points: dict[str, RestorePoint] = {}
        for row in await self.db.fetch(
            "SELECT s.game_id, s.seq, s.state, s.last_moves FROM snapshots s "
            f"JOIN games g ON g.id = s.game_id WHERE g.status = 'running'{owned}",
            shard_params,
        ):
            points[row["game_id"]] = RestorePoint(
                seq=row["seq"], state=row["state"], last_moves=tuple(json.loads(row["last_moves"]))
            )
        for row in await self.db.fetch(
            "SELECT a.game_id, a.seq, a.seat, a.action, a.by_ai FROM actions a "
            "JOIN snapshots s ON s.game_id = a.game_id JOIN games g ON g.id = a.game_id "
            f"WHERE g.status = 'running' AND a.seq > s.seq{owned} ORDER BY a.game_id, a.seq",
            shard_params,
        ):
            points[row["game_id"]].actions.append(
                LoggedAction(
                    seq=row["seq"], seat=row["seat"], action=row["action"], by_ai=row["by_ai"]
                )
            )
        return points

    async def save_result(
        self, game_id: str, outcome_json: str, standings: Standings | None = None
    ) -> None:
        """Store the final result of a game, with what it adds to the server's record."""
        unit = [_result_row(game_id, outcome_json)]
        if standings is not None:
            unit += standing_rows(game_id, standings)
        await self.db.write(unit)

    async def result(self, game_id: str) -> str | None:
        """The stored outcome JSON of a finished game."""
        rows = await self.db.fetch("SELECT outcome FROM results WHERE game_id = ?", (game_id,))
        return rows[0]["outcome"] if rows else None
