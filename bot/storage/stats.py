"""The record of finished games: history, each seat's result, ratings, team records.

What a game adds to it is written in the commit that stores its result (`standing_rows`, added to
`Storage.record_move`'s unit); /stats, /leaderboard, /history and replays read it here. Every
read is a range of an index (bot/migrations/0003_stats.sql), whatever the size of the history.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.storage.database import Database, Row, Statement
from bot.storage.records import GameRecord, LoggedAction, SeatRecord


@dataclass(frozen=True)
class SeatResult:
    """How one seat ended a finished game."""

    seat: int
    user_id: int | None
    """None for the AI's own seats."""
    name: str
    score: int
    place: int
    """1 = best; seats that share a place are tied."""
    won: bool
    rated: bool
    """A member's seat of a competitive game, finished while the server rated games."""


@dataclass(frozen=True)
class Skill:
    """A member's rating for one game on one server (OpenSkill's Plackett-Luce)."""

    user_id: int
    name: str
    """The member's name in their latest rated game."""
    mu: float
    sigma: float
    ordinal: float
    """mu - 3 sigma: the conservative estimate players are ordered by."""
    games: int
    """Rated games played."""
    wins: int


@dataclass(frozen=True)
class Standings:
    """What one finished game adds to its server's record."""

    guild_id: int
    slug: str
    finished_at: float
    seats: tuple[SeatResult, ...]
    skills: tuple[Skill, ...] = ()
    """The new ratings of the members it rated."""
    team: bool = False
    """A cooperative game: its shared result goes into the team records."""
    lower_is_better: bool = False


@dataclass(frozen=True)
class Totals:
    """A member's finished games of one kind and player count."""

    slug: str
    players: int
    games: int
    wins: int
    total: int
    """The sum of their scores (for the average)."""
    low: int
    high: int


@dataclass(frozen=True)
class Recent:
    """One of a member's latest results."""

    game_id: str
    slug: str
    players: int
    score: int
    place: int
    won: bool
    finished_at: float


@dataclass(frozen=True)
class TeamRecord:
    """A cooperative game's results on a server for one player count."""

    players: int
    games: int
    wins: int
    best: int


@dataclass(frozen=True)
class Reader:
    """A member reading their server's finished games, with the channels they can view there.

    A game is theirs to read if it was played in one of those channels, or if they played in
    it (its channel may have been hidden from them, or deleted, since). A game of a private
    channel is never listed, replayed or exported for anyone else.
    """

    guild_id: int
    user_id: int
    channels: Collection[int]

    def may_read(self, record: GameRecord) -> bool:
        """Whether this member may read `record` (the rule `StatsStore.history` filters by)."""
        return record.guild_id == self.guild_id and (
            record.channel_id in self.channels
            or any(seat.user_id == self.user_id for seat in record.seats)
        )


@dataclass(frozen=True)
class PastGame:
    """A finished game as the server's history lists it."""

    game_id: str
    slug: str
    finished_at: float
    seats: tuple[tuple[SeatRecord, SeatResult], ...]


@dataclass
class FinishedGame:
    """Everything needed to replay or export a game: its record, result and action log."""

    record: GameRecord
    outcome: str | None
    """The stored outcome JSON (None unless the game finished)."""
    actions: list[LoggedAction] = field(default_factory=list)


# --- writes ---

_RATING = (
    "INSERT INTO ratings (guild_id, slug, user_id, name, mu, sigma, ordinal, games, wins) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (guild_id, slug, user_id) DO UPDATE SET name = excluded.name, "
    "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
    "games = excluded.games, wins = excluded.wins"
)


def _team_row(standings: Standings) -> Statement:
    """A cooperative game into its team record, counted in SQL: no read before the write."""
    better = "<" if standings.lower_is_better else ">"
    first = standings.seats[0]
    return (
        "INSERT INTO team_records (guild_id, slug, players, games, wins, best) "
        "VALUES (?, ?, ?, 1, ?, ?) "
        "ON CONFLICT (guild_id, slug, players) DO UPDATE SET games = team_records.games + 1, "
        "wins = team_records.wins + excluded.wins, "
        f"best = CASE WHEN excluded.best {better} team_records.best THEN excluded.best "
        "ELSE team_records.best END",
        (
            standings.guild_id,
            standings.slug,
            len(standings.seats),
            int(first.won),
            first.score,
        ),
    )


def _rating_values(guild_id: int, slug: str, skill: Skill) -> tuple[Any, ...]:
    return (
        guild_id,
        slug,
        skill.user_id,
        skill.name,
        skill.mu,
        skill.sigma,
        skill.ordinal,
        skill.games,
        skill.wins,
    )


def listing_rows(game_id: str, standings: Standings) -> list[Statement]:
    """The game in its server's history, and each seat's result."""
    s = standings
    players = len(s.seats)
    return [
        (
            "INSERT INTO history (game_id, guild_id, slug, players, finished_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (game_id, s.guild_id, s.slug, players, s.finished_at),
        ),
        (
            "INSERT INTO seat_results (game_id, seat, guild_id, slug, user_id, players, score, "
            "place, won, rated, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    r.seat,
                    s.guild_id,
                    s.slug,
                    r.user_id,
                    players,
                    r.score,
                    r.place,
                    int(r.won),
                    int(r.rated),
                    s.finished_at,
                )
                for r in s.seats
            ],
        ),
    ]


def standing_rows(game_id: str, standings: Standings) -> list[Statement]:
    """Everything a finished game adds to its server's record, for the unit of its result."""
    rows = listing_rows(game_id, standings)
    if standings.skills:
        rows.append(
            (
                _RATING,
                [_rating_values(standings.guild_id, standings.slug, k) for k in standings.skills],
            )
        )
    if standings.team:
        rows.append(_team_row(standings))
    return rows


def _skill(row: Row) -> Skill:
    return Skill(
        user_id=row["user_id"],
        name=row["name"],
        mu=row["mu"],
        sigma=row["sigma"],
        ordinal=row["ordinal"],
        games=row["games"],
        wins=row["wins"],
    )


_SKILL_COLUMNS = "user_id, name, mu, sigma, ordinal, games, wins"


def _marks(values: Sequence[Any]) -> str:
    return ",".join("?" * len(values))


_PLAYED = (
    "NOT EXISTS (SELECT 1 FROM seats k WHERE k.game_id = r.game_id AND k.seat = r.seat "
    "AND k.kicked = 1)"
)
"""A result row of `seat_results r` that its member played: a seat the host or a moderator
removed them from was the AI's to the end, and counts for no one."""


def _readable(reader: Reader, game_id: str) -> tuple[str, tuple[Any, ...]]:
    """The SQL condition, and its parameters, of `Reader.may_read` for the game `game_id` names
    (a column): played in a channel the reader views, or played by the reader."""
    channels = sorted(reader.channels)
    seen_there = f"g.channel_id IN ({_marks(channels)}) OR " if channels else ""
    return (
        f"EXISTS (SELECT 1 FROM games g WHERE g.id = {game_id} AND ({seen_there}"
        f"EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?)))",
        (*channels, reader.user_id),
    )


class StatsStore:
    """The queries of stats, leaderboards, history and replays."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # --- what a finishing game needs ---

    async def skills(self, guild_id: int, slug: str, user_ids: Sequence[int]) -> dict[int, Skill]:
        """The current ratings of these members (those never rated are left out)."""
        if not user_ids:
            return {}
        rows = await self.db.fetch(
            f"SELECT {_SKILL_COLUMNS} FROM ratings WHERE guild_id = ? AND slug = ? "
            f"AND user_id IN ({_marks(user_ids)})",
            (guild_id, slug, *user_ids),
        )
        return {row["user_id"]: _skill(row) for row in rows}

    async def last_finished(self, guild_id: int, slug: str) -> float | None:
        """When the server's latest game of this kind finished."""
        rows = await self.db.fetch(
            "SELECT max(finished_at) AS at FROM history WHERE guild_id = ? AND slug = ?",
            (guild_id, slug),
        )
        at = rows[0]["at"] if rows else None
        return None if at is None else float(at)

    # --- /stats ---

    async def totals(self, reader: Reader, user_id: int, slug: str | None) -> list[Totals]:
        """A member's games per kind and player count (of one kind, or of all), of those the
        reader may read."""
        only, params = (" AND r.slug = ?", (slug,)) if slug else ("", ())
        readable, seen = _readable(reader, "r.game_id")
        rows = await self.db.fetch(
            "SELECT r.slug, r.players, count(*) AS games, sum(r.won) AS wins, "
            "sum(r.score) AS total, min(r.score) AS low, max(r.score) AS high "
            f"FROM seat_results r WHERE r.guild_id = ? AND r.user_id = ?{only} AND {readable} "
            f"AND {_PLAYED} GROUP BY r.slug, r.players ORDER BY r.slug, r.players",
            (reader.guild_id, user_id, *params, *seen),
        )
        return [
            Totals(
                slug=r["slug"],
                players=r["players"],
                games=r["games"],
                wins=int(r["wins"]),
                total=int(r["total"]),
                low=r["low"],
                high=r["high"],
            )
            for r in rows
        ]

    async def recent(
        self, reader: Reader, user_id: int, slug: str | None, limit: int
    ) -> list[Recent]:
        """A member's latest results that the reader may read, newest first."""
        only, params = (" AND r.slug = ?", (slug,)) if slug else ("", ())
        readable, seen = _readable(reader, "r.game_id")
        rows = await self.db.fetch(
            "SELECT r.game_id, r.slug, r.players, r.score, r.place, r.won, r.finished_at "
            f"FROM seat_results r WHERE r.guild_id = ? AND r.user_id = ?{only} AND {readable} "
            f"AND {_PLAYED} ORDER BY r.finished_at DESC LIMIT ?",
            (reader.guild_id, user_id, *params, *seen, limit),
        )
        return [
            Recent(
                game_id=r["game_id"],
                slug=r["slug"],
                players=r["players"],
                score=r["score"],
                place=r["place"],
                won=bool(r["won"]),
                finished_at=r["finished_at"],
            )
            for r in rows
        ]

    async def skills_of(
        self, guild_id: int, user_id: int, slugs: Sequence[str]
    ) -> dict[str, Skill]:
        """A member's ratings in these games, by game."""
        rows = await self.db.fetch(
            f"SELECT slug, {_SKILL_COLUMNS} FROM ratings WHERE guild_id = ? "
            f"AND slug IN ({_marks(slugs)}) AND user_id = ?",
            (guild_id, *slugs, user_id),
        )
        return {row["slug"]: _skill(row) for row in rows}

    # --- /leaderboard ---

    async def board(
        self, guild_id: int, slug: str, min_games: int, offset: int, limit: int
    ) -> list[Skill]:
        """Ratings with at least `min_games` games, best first, from `offset` on."""
        rows = await self.db.fetch(
            f"SELECT {_SKILL_COLUMNS} FROM ratings WHERE guild_id = ? AND slug = ? "
            "AND games >= ? ORDER BY ordinal DESC, user_id DESC LIMIT ? OFFSET ?",
            (guild_id, slug, min_games, limit, offset),
        )
        return [_skill(row) for row in rows]

    async def board_size(self, guild_id: int, slug: str, min_games: int) -> int:
        """How many members the leaderboard lists."""
        rows = await self.db.fetch(
            "SELECT count(*) AS n FROM ratings WHERE guild_id = ? AND slug = ? AND games >= ?",
            (guild_id, slug, min_games),
        )
        return int(rows[0]["n"])

    async def ahead_of(self, guild_id: int, slug: str, min_games: int, least: float) -> int:
        """How many listed members rate at least `least` (the least rating shown above a
        member's: a place is one more, and ties share it)."""
        rows = await self.db.fetch(
            "SELECT count(*) AS n FROM ratings WHERE guild_id = ? AND slug = ? AND games >= ? "
            "AND ordinal >= ?",
            (guild_id, slug, min_games, least),
        )
        return int(rows[0]["n"])

    async def team_records(self, guild_id: int, slug: str) -> list[TeamRecord]:
        """A cooperative game's results on the server, per player count."""
        rows = await self.db.fetch(
            "SELECT players, games, wins, best FROM team_records WHERE guild_id = ? AND slug = ? "
            "ORDER BY players",
            (guild_id, slug),
        )
        return [
            TeamRecord(players=r["players"], games=r["games"], wins=r["wins"], best=r["best"])
            for r in rows
        ]

    # --- /history, replays and exports ---

    async def history(self, reader: Reader, slug: str | None, limit: int) -> list[PastGame]:
        """The latest finished games of the reader's server that they may read (of one kind,
        or of all), newest first."""
        only, params = (" AND h.slug = ?", (slug,)) if slug else ("", ())
        readable, seen = _readable(reader, "h.game_id")
        games = await self.db.fetch(
            "SELECT h.game_id, h.slug, h.finished_at FROM history h "
            f"WHERE h.guild_id = ?{only} AND {readable} ORDER BY h.finished_at DESC LIMIT ?",
            (reader.guild_id, *params, *seen, limit),
        )
        if not games:
            return []
        ids = [g["game_id"] for g in games]
        seats: dict[str, list[tuple[SeatRecord, SeatResult]]] = {}
        for r in await self.db.fetch(
            "SELECT s.game_id, s.seat, s.user_id, s.name, s.ai, s.kicked, r.score, r.place, "
            "r.won, r.rated FROM seats s JOIN seat_results r "
            "ON r.game_id = s.game_id AND r.seat = s.seat "
            f"WHERE s.game_id IN ({_marks(ids)}) ORDER BY s.game_id, s.seat",
            ids,
        ):
            seats.setdefault(r["game_id"], []).append((_seat(r), _result(r, r["name"])))
        return [
            PastGame(
                game_id=g["game_id"],
                slug=g["slug"],
                finished_at=g["finished_at"],
                seats=tuple(seats.get(g["game_id"], [])),
            )
            for g in games
        ]

    async def finished_game(self, game_id: str) -> FinishedGame | None:
        """A game with its seats, stored result and whole action log (None if unknown)."""
        rows = await self.db.fetch("SELECT * FROM games WHERE id = ?", (game_id,))
        if not rows:
            return None
        seats = [
            _seat(r)
            for r in await self.db.fetch(
                "SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        ]
        record = _record(rows[0], seats)
        results = await self.db.fetch("SELECT outcome FROM results WHERE game_id = ?", (game_id,))
        finished = FinishedGame(record=record, outcome=results[0]["outcome"] if results else None)
        if finished.outcome is not None:
            finished.actions = [
                LoggedAction(
                    seq=r["seq"], seat=r["seat"], action=r["action"], by_ai=bool(r["by_ai"])
                )
                for r in await self.db.fetch(
                    "SELECT seq, seat, action, by_ai FROM actions WHERE game_id = ? ORDER BY seq",
                    (game_id,),
                )
            ]
        return finished

    # --- recomputing ---

    async def unlisted(self) -> list[tuple[GameRecord, str, float]]:
        """Finished games with a result but no history row (finished before there was one):
        each with its outcome JSON and when it finished."""
        games = await self.db.fetch(
            "SELECT g.*, r.outcome, r.finished_at FROM games g JOIN results r ON r.game_id = g.id "
            "WHERE g.status = 'finished' AND NOT EXISTS "
            "(SELECT 1 FROM history h WHERE h.game_id = g.id) ORDER BY r.finished_at, g.id"
        )
        if not games:
            return []
        seats: dict[str, list[SeatRecord]] = {}
        for r in await self.db.fetch(
            "SELECT s.* FROM seats s JOIN results r ON r.game_id = s.game_id "
            "WHERE NOT EXISTS (SELECT 1 FROM history h WHERE h.game_id = s.game_id) "
            "ORDER BY s.game_id, s.seat"
        ):
            seats.setdefault(r["game_id"], []).append(_seat(r))
        return [(_record(g, seats.get(g["id"], [])), g["outcome"], g["finished_at"]) for g in games]

    async def everything(self) -> list[Standings]:
        """Every finished game's record, each server's games of a kind in the order they ended
        (the order their ratings were updated in)."""
        games: dict[str, tuple[Row, list[SeatResult]]] = {}
        for r in await self.db.fetch(
            "SELECT h.game_id, h.guild_id, h.slug, h.finished_at, r.seat, r.user_id, s.name, "
            "r.score, r.place, r.won, r.rated FROM history h "
            "JOIN seat_results r ON r.game_id = h.game_id "
            "JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat "
            "ORDER BY h.guild_id, h.slug, h.finished_at, h.game_id, r.seat"
        ):
            games.setdefault(r["game_id"], (r, []))[1].append(_result(r, r["name"]))
        return [
            Standings(
                guild_id=first["guild_id"],
                slug=first["slug"],
                finished_at=first["finished_at"],
                seats=tuple(seats),
            )
            for first, seats in games.values()
        ]

    async def listed(self, game_id: str, standings: Standings) -> None:
        """Add a game finished before the history existed to it (its seats' results too)."""
        await self.db.write(listing_rows(game_id, standings))

    async def replace_records(
        self, skills: dict[tuple[int, str], list[Skill]], teams: list[Standings]
    ) -> None:
        """Every rating and team record, in one commit: `skills` per server and game, and the
        cooperative games, in the order they ended, counted again as they were when each ended."""
        unit: list[Statement] = [("DELETE FROM ratings", ()), ("DELETE FROM team_records", ())]
        values = [
            _rating_values(guild_id, slug, skill)
            for (guild_id, slug), members in skills.items()
            for skill in members
        ]
        if values:
            unit.append((_RATING, values))
        unit += [_team_row(team) for team in teams]
        await self.db.write(unit)

    async def all_skills(self) -> dict[tuple[int, str], dict[int, Skill]]:
        """Every rating, per server and game (to compare a recompute with)."""
        found: dict[tuple[int, str], dict[int, Skill]] = {}
        for row in await self.db.fetch(f"SELECT guild_id, slug, {_SKILL_COLUMNS} FROM ratings"):
            found.setdefault((row["guild_id"], row["slug"]), {})[row["user_id"]] = _skill(row)
        return found


def _columns(row: Row, model: type[BaseModel], *leave_out: str) -> dict[str, Any]:
    """The columns of `row` that are fields of `model` (stored 0 and 1 read as booleans)."""
    keys = set(row.keys())
    return {
        name: row[name] for name in model.model_fields if name in keys and name not in leave_out
    }


def _seat(row: Row) -> SeatRecord:
    return SeatRecord(**_columns(row, SeatRecord))


def _result(row: Row, name: str) -> SeatResult:
    return SeatResult(
        seat=row["seat"],
        user_id=row["user_id"],
        name=name,
        score=row["score"],
        place=row["place"],
        won=bool(row["won"]),
        rated=bool(row["rated"]),
    )


def _record(row: Row, seats: list[SeatRecord]) -> GameRecord:
    data = _columns(row, GameRecord, "options", "seats")
    return GameRecord(**data, options=json.loads(row["options"]), seats=seats)
