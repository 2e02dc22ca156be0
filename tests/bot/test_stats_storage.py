"""The record of finished games on a real SQLite file and a real PostgreSQL server: written in
the result's commit, read by index, recomputed to the same numbers. Each test runs on both."""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.ratings import rate
from bot.stats import Stats, recompute
from bot.storage import GameRecord, LoggedAction, Reader, SeatRecord, Storage, StorageError
from bot.storage.postgres import numbered
from engines.core import Outcome, places

pytestmark = pytest.mark.both_databases

GUILD = 7
MEMBERS = [101, 102, 103, 104, 105, 106]
READER = Reader(guild_id=GUILD, user_id=200, channels=frozenset({2}))
"""A member who plays in none of the games, in the channel they are played in."""


class Frozen:
    """A clock that does not move: games end at the same instant."""

    def __call__(self) -> float:
        return 1_000_000.0


@pytest.fixture
async def storage(database_url: str) -> AsyncIterator[Storage]:
    s = await Storage.open(database_url)
    yield s
    await s.close()


def record(
    game_id: str, slug: str, members: Sequence[int | None], guild: int = GUILD, channel: int = 2
) -> GameRecord:
    seats = [
        SeatRecord(user_id=m, name=f"m{m}" if m else f"AI {i}", ai=m is None)
        for i, m in enumerate(members)
    ]
    return GameRecord(
        id=game_id,
        guild_id=guild,
        channel_id=channel,
        slug=slug,
        options={},
        seed=1,
        status="running",
        host_id=seats[0].user_id or 0,
        language="en",
        created_at=time.time(),
        seats=seats,
    )


def outcome(scores: Sequence[int], lower: bool = False) -> Outcome:
    keys = [-s for s in scores] if lower else list(scores)
    ranking = places(keys)
    return Outcome(
        scores=tuple(scores),
        ranking=ranking,
        winners=tuple(i for i, p in enumerate(ranking) if p == 1),
        lower_is_better=lower,
    )


def team_outcome(players: int, left: int) -> Outcome:
    """The Game: everyone shares the cards left, and wins only with none."""
    return Outcome(
        scores=(left,) * players,
        ranking=(1,) * players,
        winners=tuple(range(players)) if left == 0 else (),
        lower_is_better=True,
        cooperative=True,
    )


async def finish(
    storage: Storage, stats: Stats, game: GameRecord, result: Outcome, ratings_on: bool = True
) -> None:
    """A game started and ended, its result written as the runtime writes it."""
    await storage.save_game(game.model_copy(update={"status": "lobby"}))
    await storage.start_game(game, "{}")
    async with stats.finishing(game, result, ratings_on) as standings:
        await storage.record_move(
            game.id,
            LoggedAction(seq=1, seat=0, action="{}", by_ai=False),
            result=result.model_dump_json(),
            standings=standings,
        )


async def test_the_result_and_what_it_adds_land_in_one_commit_or_not_at_all(storage):
    stats = Stats(storage, time.time)
    game = record("g1", "zero", [101, 102, None])
    commits = storage.db.commits

    await finish(storage, stats, game, outcome([10, 30, 20], lower=True))

    assert storage.db.commits == commits + 3  # the lobby, the start, then the last move
    skills = (await storage.stats.all_skills())[(GUILD, "zero")]
    assert skills.keys() == {101, 102}  # the AI seat has no rating
    assert skills[101].mu > skills[102].mu and skills[101].wins == 1
    (past,) = await storage.stats.history(READER, None, 10)
    assert [(s.name, r.place, r.won, r.rated) for s, r in past.seats] == [
        ("m101", 1, True, True),
        ("m102", 3, False, True),
        ("AI 2", 2, False, False),
    ]

    # A last move that cannot be logged takes its result and ratings with it.
    again = record("g2", "zero", [101, 102])
    await storage.save_game(again.model_copy(update={"status": "lobby"}))
    await storage.start_game(again, "{}")
    await storage.append_action("g2", LoggedAction(seq=1, seat=0, action="{}", by_ai=False))
    with pytest.raises(StorageError):
        async with stats.finishing(again, outcome([1, 2], lower=True), True) as standings:
            await storage.record_move(
                "g2",
                LoggedAction(seq=1, seat=1, action="{}", by_ai=False),
                result="{}",
                standings=standings,
            )
    assert (await storage.stats.all_skills())[(GUILD, "zero")] == skills
    assert [g.game_id for g in await storage.stats.history(READER, None, 10)] == ["g1"]


async def test_two_games_ending_at_once_are_rated_one_after_the_other(storage):
    stats = Stats(storage, Frozen())
    first, second = record("g1", "mindup", [101, 102]), record("g2", "mindup", [101, 103])

    await asyncio.gather(
        finish(storage, stats, first, outcome([40, 30])),
        finish(storage, stats, second, outcome([50, 20])),
    )

    skills = (await storage.stats.all_skills())[(GUILD, "mindup")]
    assert skills[101].games == 2 and skills[101].wins == 2  # neither update was lost
    games = await storage.stats.history(READER, "mindup", 10)
    assert games[0].finished_at > games[1].finished_at  # one clock instant, two distinct ends
    # The same numbers as rating them in the order they ended.
    known: dict[int, Any] = {}
    for past in reversed(games):
        for skill in rate(known, [result for _, result in past.seats]):
            known[skill.user_id] = skill
    assert skills == known


async def test_a_recompute_gives_the_same_numbers_and_adds_older_games(storage, database_url):
    stats = Stats(storage, Frozen())
    play = random.Random(5)
    for n in range(60):
        slug = play.choice(["zero", "mindup", "genial", "thegame"])
        members: list[int | None] = play.sample(MEMBERS, play.randint(1, 3))
        members += [None] * play.randint(0 if len(members) > 1 else 1, 1)
        if slug == "thegame":
            result = team_outcome(len(members), play.choice([0, 3, 12]))
        else:
            result = outcome([play.randint(0, 4) for _ in members], lower=slug == "zero")
        game = record(f"g{n:03}", slug, members, guild=GUILD + n % 2)
        await finish(storage, stats, game, result, ratings_on=n % 7 != 3)
    before = await storage.stats.all_skills()
    teams = await storage.stats.team_records(GUILD, "thegame")
    assert len(before) == 6 and teams  # three competitive games on two servers; team records

    done = await recompute(storage)

    assert (done.games, done.listed) == (60, 0)
    assert await storage.stats.all_skills() == before
    assert await storage.stats.team_records(GUILD, "thegame") == teams

    # A game finished before there were ratings: its result alone is stored.
    old = record("old", "zero", [101, 102])
    await storage.save_game(old.model_copy(update={"status": "lobby"}))
    await storage.start_game(old, "{}")
    await storage.record_move(
        "old",
        LoggedAction(seq=1, seat=0, action="{}", by_ai=False),
        result=outcome([5, 9], lower=True).model_dump_json(),
    )
    done = await recompute(storage)
    assert (done.games, done.listed) == (61, 1)
    after = (await storage.stats.all_skills())[(GUILD, "zero")]
    earlier = before[(GUILD, "zero")]
    assert after[101].games == (earlier[101].games if 101 in earlier else 0) + 1
    assert (await storage.stats.history(READER, "zero", 1))[0].game_id == "old"


async def test_members_records_leaderboards_and_history_read_back(storage):
    stats = Stats(storage, time.time)
    # Three first games between newcomers, then the winners of two of them meet.
    for n, pair in enumerate([(101, 102), (103, 104), (105, 106), (101, 103)]):
        await finish(storage, stats, record(f"m{n}", "mindup", pair), outcome([60, 40]))
    await finish(storage, stats, record("z1", "zero", [102, None, 103]), outcome([9, 5, 20], True))
    await finish(storage, stats, record("t1", "thegame", [104, None]), team_outcome(2, 4))
    await finish(storage, stats, record("t2", "thegame", [104, 105]), team_outcome(2, 0))

    found = await stats.member(READER, 102, None)
    assert [(g.slug, g.games, g.wins, g.best) for g in found.games] == [
        ("mindup", 1, 0, 40),
        ("zero", 1, 0, 9),  # placed 2nd of 3, behind the AI's 5: the lowest total wins
    ]
    assert [r.game_id for r in found.recent] == ["z1", "m0"]
    assert found.games[0].skill is not None and found.games[1].skill is not None
    team = (await stats.member(READER, 104, "thegame")).games[0]
    assert team.skill is None and [(t.players, t.games) for t in team.by_players] == [(2, 2)]
    assert (team.best, team.wins) == (0, 1)
    (records,) = await stats.teams(GUILD, "thegame")
    assert (records.players, records.games, records.wins, records.best) == (2, 2, 1, 0)

    board = await stats.leaderboard(GUILD, "mindup", 0, 106, min_games=1)
    assert board.pages == 1 and board.entries[0].skill.user_id == 101
    # The three who lost their first game to a newcomer rate alike: they share 4th place.
    assert [e.place for e in board.entries] == [1, 2, 3, 4, 4, 4]
    assert {e.skill.user_id for e in board.entries[3:]} == {102, 104, 106}
    assert board.my_place == 4 and board.mine is not None and board.mine.games == 1
    few = await stats.leaderboard(GUILD, "mindup", 0, 106, min_games=2)
    assert [e.skill.user_id for e in few.entries] == [101, 103] and few.my_place is None
    assert few.mine is not None  # listed or not, the reader's rating is there
    assert [g.game_id for g in await stats.history(READER, "thegame")] == ["t2", "t1"]
    assert await stats.history(Reader(GUILD + 1, 200, frozenset({2})), None) == []


async def test_history_lists_a_private_channels_games_only_to_those_who_see_it_or_played(storage):
    stats = Stats(storage, time.time)
    await finish(storage, stats, record("open", "zero", [101, 102]), outcome([5, 9], True))
    await finish(
        storage, stats, record("staff", "zero", [103, 104], channel=3), outcome([5, 9], True)
    )

    for user_id, channels, expected in [
        (200, {2}, ["open"]),  # a member who cannot see the staff channel
        (200, {2, 3}, ["staff", "open"]),  # one who can
        (104, {2}, ["staff", "open"]),  # one who played there, though it is hidden from him now
        (104, set(), ["staff"]),  # both channels gone: his own game still
        (200, set(), []),
    ]:
        reader = Reader(guild_id=GUILD, user_id=user_id, channels=frozenset(channels))
        assert [g.game_id for g in await stats.history(reader, None)] == expected
        assert [g.game_id for g in await stats.history(reader, "zero")] == expected


class Recording:
    """A database that remembers every query it ran (to explain them afterwards)."""

    def __init__(self, db: Any) -> None:
        self.db = db
        self.queries: list[tuple[str, Sequence[Any]]] = []

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> Any:
        self.queries.append((sql, params))
        return await self.db.fetch(sql, params)


async def plans(database_url: str, queries: list[tuple[str, Sequence[Any]]]) -> list[list[str]]:
    """How the database would run each query. PostgreSQL is told to avoid reading a whole
    table wherever an index can serve (on a few rows it would read the table: it is cheaper)."""
    if database_url.startswith("sqlite:///"):
        with closing(sqlite3.connect(database_url.removeprefix("sqlite:///"))) as conn:
            return [
                [row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}", params)]
                for sql, params in queries
            ]
    conn = await asyncpg.connect(database_url)
    try:
        await conn.execute("SET enable_seqscan = off")
        return [
            [row[0] for row in await conn.fetch(f"EXPLAIN {numbered(sql)}", *params)]
            for sql, params in queries
        ]
    finally:
        await conn.close()


async def test_stats_leaderboards_and_history_read_indexes_not_tables(storage, database_url):
    stats = Stats(storage, time.time)
    await finish(storage, stats, record("g1", "mindup", [101, 102]), outcome([60, 40]))
    recording = Recording(storage.stats.db)
    storage.stats.db = recording  # type: ignore[assignment]
    await stats.member(READER, 101, None)
    await stats.member(READER, 101, "mindup")
    await stats.leaderboard(GUILD, "mindup", 1, 101, min_games=1)
    await stats.history(READER, None)
    await stats.history(READER, "mindup")
    await stats.history(Reader(GUILD, 101, frozenset(range(2, 60))), "mindup")
    await stats.history(Reader(GUILD, 101, frozenset()), None)
    explained = await plans(database_url, recording.queries)
    for (sql, _), plan in zip(recording.queries, explained, strict=True):
        whole = [step for step in plan if step.startswith("SCAN") or "Seq Scan" in step]
        assert not whole, (sql, plan)


async def test_the_recompute_command_says_what_it_did(database_url, tmp_path: Path):
    storage = await Storage.open(database_url)
    try:
        stats = Stats(storage, time.time)
        await finish(storage, stats, record("g1", "mindup", [101, 102]), outcome([60, 40]))
        before = await storage.stats.all_skills()
    finally:
        await storage.close()
    env = {**os.environ, "DATABASE_URL": database_url}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "ratings", "recompute"],
        cwd=tmp_path,  # no .env there
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Recomputed 2 ratings from 1 finished games.\n"
    storage = await Storage.open(database_url)
    try:
        assert await storage.stats.all_skills() == before
    finally:
        await storage.close()


async def test_stats_list_the_last_five_results_newest_first(storage):
    stats = Stats(storage, Frozen())
    for n in range(7):
        scores = [n, 3]
        await finish(storage, stats, record(f"z{n}", "zero", [101, 102]), outcome(scores, True))

    found = await stats.member(READER, 101, "zero")

    assert [r.game_id for r in found.recent] == ["z6", "z5", "z4", "z3", "z2"]
    (zero,) = found.games
    assert (zero.games, zero.wins, zero.best, zero.average) == (7, 4, 0, 3.0)  # 3 to 3 ties


async def test_a_members_stats_count_only_games_the_reader_may_read_and_the_member_played(storage):
    stats = Stats(storage, time.time)
    await finish(storage, stats, record("seen", "zero", [101, 102]), outcome([5, 9], True))
    hidden = record("hidden", "zero", [101, 102], channel=3)  # a channel READER cannot view
    await finish(storage, stats, hidden, outcome([4, 8], True))
    kicked = record("kicked", "zero", [101, 102])
    kicked.seats[0] = kicked.seats[0].model_copy(update={"ai": True, "kicked": True})
    await finish(storage, stats, kicked, outcome([1, 9], True))  # the AI won 101's old seat

    read = await stats.member(READER, 101, "zero")
    assert [r.game_id for r in read.recent] == ["seen"]
    assert [(g.games, g.wins, g.best) for g in read.games] == [(1, 1, 5)]
    # 101 reads their own games wherever they were played, but not the one the AI played.
    own = await stats.member(Reader(GUILD, 101, frozenset({2})), 101, "zero")
    assert sorted(r.game_id for r in own.recent) == ["hidden", "seen"]
    # 102 played every one of them (so may read them all): still not the one the AI played.
    fellow = await stats.member(Reader(GUILD, 102, frozenset()), 101, "zero")
    assert sorted(r.game_id for r in fellow.recent) == ["hidden", "seen"]
