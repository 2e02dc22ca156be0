"""A server's record of finished games: what each game adds to it, and what members read of it.

A game's standings (its place in the history, each seat's result, the new ratings, the team
record) are committed in the same write as its result (`Stats.finishing` makes them for
`Storage.record_move`). /stats, /leaderboard and /history read them through `Stats`; the queries
are in bot/storage/stats.py.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import engines
from bot.ratings import rate, seat_results, shown_above, shown_rating
from bot.scheduler import Clock
from bot.storage import (
    GameRecord,
    PastGame,
    Reader,
    Recent,
    Skill,
    Standings,
    Storage,
    StorageError,
    TeamRecord,
    Totals,
)
from engines.core import Outcome

PAGE = 10
"""Members per leaderboard page."""
RECENT = 5
"""Latest results /stats lists."""
HISTORY = 10
"""Finished games /history lists."""
TICK = 0.001
"""Seconds between two games of a kind that end at the same instant of the clock: a recompute
rates a server's games in the order of their end, which must be the order they were rated in."""


@dataclass(frozen=True)
class GameStats:
    """A member's record in one game on one server."""

    slug: str
    games: int
    wins: int
    best: int
    average: float
    skill: Skill | None
    """Their rating (None in a cooperative game, or before their first rated game)."""
    by_players: tuple[Totals, ...]
    """The same per player count (what a cooperative game shows)."""


@dataclass(frozen=True)
class MemberStats:
    """What /stats shows of a member."""

    games: tuple[GameStats, ...]
    recent: tuple[Recent, ...]


@dataclass(frozen=True)
class Entry:
    """A leaderboard line: a place (tied members share it) and the rating."""

    place: int
    skill: Skill


@dataclass(frozen=True)
class Leaderboard:
    """One page of a game's leaderboard on a server, and where the reader stands."""

    page: int
    """From 0; a page past the end shows the last one."""
    pages: int
    entries: tuple[Entry, ...]
    mine: Skill | None
    """The reader's rating, listed or not."""
    my_place: int | None
    """The reader's place, when they have played the games the list asks for."""
    min_games: int


def best(rows: tuple[Totals, ...], lower_is_better: bool) -> int:
    """The best score of these games: the lowest where a lower score is better."""
    return min(t.low for t in rows) if lower_is_better else max(t.high for t in rows)


class Stats:
    """Finished games' standings, for one process (a server's games all live in one)."""

    def __init__(self, storage: Storage, clock: Clock) -> None:
        self.storage = storage
        self.clock = clock
        self._finishing: dict[tuple[int, str], asyncio.Lock] = {}
        """One per server and game (at most five a server): two games of a kind that end at
        once must not rate from the same ratings, or the first one's change would be lost."""

    def forget(self, guild_id: int) -> None:
        """The server removed the bot: nothing of it is kept in memory."""
        for key in [key for key in self._finishing if key[0] == guild_id]:
            del self._finishing[key]

    @asynccontextmanager
    async def finishing(
        self, record: GameRecord, outcome: Outcome, ratings_on: bool
    ) -> AsyncIterator[Standings]:
        """The standings a finished game adds, to commit with its result inside this block.

        Until the block ends, no other game of this kind on this server reads the ratings.
        """
        key = (record.guild_id, record.slug)
        spec = engines.game(record.slug).SPEC
        async with self._finishing.setdefault(key, asyncio.Lock()):
            seats = seat_results(record.seats, outcome, rated=ratings_on and not spec.cooperative)
            members = [s.user_id for s in seats if s.rated and s.user_id is not None]
            prior = await self.storage.stats.skills(*key, members) if len(members) > 1 else {}
            last = await self.storage.stats.last_finished(*key)
            now = self.clock()
            yield Standings(
                guild_id=record.guild_id,
                slug=record.slug,
                finished_at=now if last is None or now > last else last + TICK,
                seats=seats,
                skills=tuple(rate(prior, seats)),
                team=spec.cooperative,
                lower_is_better=spec.lower_is_better,
            )

    async def member(self, reader: Reader, user_id: int, slug: str | None) -> MemberStats:
        """A member's games on the reader's server: of one kind, or of each kind they played;
        only those the reader may read (a private channel's games stay there)."""
        store = self.storage.stats
        totals = await store.totals(reader, user_id, slug)
        recent = await store.recent(reader, user_id, slug, RECENT)
        slugs = sorted({t.slug for t in totals}, key=engines.SLUGS.index)
        skills = await store.skills_of(reader.guild_id, user_id, slugs) if slugs else {}
        games = []
        for game in slugs:
            rows = tuple(t for t in totals if t.slug == game)
            played = sum(t.games for t in rows)
            lower = engines.game(game).SPEC.lower_is_better
            games.append(
                GameStats(
                    slug=game,
                    games=played,
                    wins=sum(t.wins for t in rows),
                    best=best(rows, lower),
                    average=sum(t.total for t in rows) / played,
                    skill=skills.get(game),
                    by_players=rows,
                )
            )
        return MemberStats(games=tuple(games), recent=tuple(recent))

    async def leaderboard(
        self, guild_id: int, slug: str, page: int, user_id: int, min_games: int
    ) -> Leaderboard:
        """Page `page` of the members with at least `min_games` rated games, best first."""
        store = self.storage.stats
        size = await store.board_size(guild_id, slug, min_games)
        pages = max(1, -(-size // PAGE))
        page = max(0, min(page, pages - 1))
        skills = await store.board(guild_id, slug, min_games, page * PAGE, PAGE)
        entries: list[Entry] = []
        for index, skill in enumerate(skills):
            shown = shown_rating(skill.ordinal)
            if entries and shown == shown_rating(entries[-1].skill.ordinal):
                place = entries[-1].place
            elif index == 0 and page > 0:
                # The first of a page may tie with the last of the page before.
                place = 1 + await store.ahead_of(guild_id, slug, min_games, shown_above(shown))
            else:
                place = page * PAGE + index + 1
            entries.append(Entry(place=place, skill=skill))
        mine = (await store.skills(guild_id, slug, [user_id])).get(user_id)
        my_place = None
        if mine is not None and mine.games >= min_games:
            above = shown_above(shown_rating(mine.ordinal))
            my_place = 1 + await store.ahead_of(guild_id, slug, min_games, above)
        return Leaderboard(
            page=page,
            pages=pages,
            entries=tuple(entries),
            mine=mine,
            my_place=my_place,
            min_games=min_games,
        )

    async def teams(self, guild_id: int, slug: str) -> list[TeamRecord]:
        """A cooperative game's team results on the server, per player count."""
        return await self.storage.stats.team_records(guild_id, slug)

    async def history(self, reader: Reader, slug: str | None) -> list[PastGame]:
        """The latest finished games of the reader's server that they may read, newest first."""
        return await self.storage.stats.history(reader, slug, HISTORY)


@dataclass(frozen=True)
class Recomputed:
    """What a recompute did."""

    listed: int
    """Finished games added to the history (they finished before the bot kept one)."""
    games: int
    ratings: int


async def recompute(storage: Storage) -> Recomputed:
    """Rebuild every rating and team record from the stored results, as they were made.

    Games finished before this version kept no history: they are added to it first (rated, as
    ratings are on unless a server turns them off). Then each server's games of each kind are
    rated again in the order they ended, with the same function as when they ended, so the
    numbers come out the same. Ratings and team records are replaced in one commit.
    """
    store = storage.stats
    unlisted = await store.unlisted()
    for record, outcome_json, finished_at in unlisted:
        spec = engines.game(record.slug).SPEC
        outcome = Outcome.model_validate_json(outcome_json)
        seats = seat_results(record.seats, outcome, rated=not spec.cooperative)
        standings = Standings(
            guild_id=record.guild_id, slug=record.slug, finished_at=finished_at, seats=seats
        )
        await store.listed(record.id, standings)
    games = await store.everything()
    skills: dict[tuple[int, str], dict[int, Skill]] = {}
    teams: list[Standings] = []
    for game in games:
        spec = engines.game(game.slug).SPEC
        if spec.cooperative:
            teams.append(dataclasses.replace(game, team=True, lower_is_better=spec.lower_is_better))
            continue
        known = skills.setdefault((game.guild_id, game.slug), {})
        for skill in rate(known, game.seats):
            known[skill.user_id] = skill
    rated = {key: list(members.values()) for key, members in skills.items()}
    await store.replace_records(rated, teams)
    return Recomputed(
        listed=len(unlisted), games=len(games), ratings=sum(len(m) for m in rated.values())
    )


def recompute_command(url: str) -> int:
    """`python -m bot ratings recompute`: rebuild the ratings and say what was done."""

    async def run() -> Recomputed:
        storage = await Storage.open(url)
        try:
            return await recompute(storage)
        finally:
            await storage.close()

    try:
        done = asyncio.run(run())
    except StorageError as exc:
        print(f"Recompute failed, nothing was changed: {exc}", file=sys.stderr)
        return 1
    added = f" ({done.listed} of them added to the history)" if done.listed else ""
    print(f"Recomputed {done.ratings} ratings from {done.games} finished games{added}.")
    return 0
