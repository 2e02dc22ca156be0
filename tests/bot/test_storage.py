"""Storage on a real SQLite file and a real PostgreSQL server: moves, restore points, settings,
shards, durability. Each test of `storage` and `database_url` runs on both."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.shards import Shards
from bot.storage import (
    GameRecord,
    LoggedAction,
    RestorePoint,
    SeatRecord,
    ShardTakenError,
    Storage,
    StorageError,
    TurnDm,
)
from bot.storage.postgres import SHARD_LOCKS, THIS_DATABASE
from tests.conftest import drop_postgres_database, fresh_postgres_database

pytestmark = pytest.mark.both_databases


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "x.db"


@pytest.fixture
async def storage(database_url: str) -> AsyncIterator[Storage]:
    s = await Storage.open(database_url)
    yield s
    await s.close()


def game(game_id: str, status: str = "running", deadline: float | None = None) -> GameRecord:
    return GameRecord(
        id=game_id,
        guild_id=1,
        channel_id=2,
        slug="thegame",
        options={"expert": False},
        seed=42,
        status=status,  # type: ignore[arg-type]
        host_id=100,
        language="en",
        deadline=deadline,
        created_at=time.time(),
        seats=[
            SeatRecord(user_id=100, name="alice", ai=False, lang="ru"),
            SeatRecord(user_id=None, name="AI 1", ai=True),
        ],
    )


def action(seq: int, seat: int = 0, by_ai: bool = False) -> LoggedAction:
    return LoggedAction(seq=seq, seat=seat, action=f'{{"card": {seq}}}', by_ai=by_ai)


async def stored(storage: Storage, game_id: str) -> GameRecord | None:
    everything = await storage.games(("lobby", "running", "finished", "cancelled", "abandoned"))
    return next((g for g in everything if g.id == game_id), None)


async def running_game(storage: Storage, game_id: str, deadline: float | None = None) -> None:
    """A lobby written, then started, as the runtime does it."""
    await storage.save_game(game(game_id, status="lobby"))
    await storage.start_game(game(game_id, deadline=deadline), '{"version": 0}')


# --- record_move ---


async def test_a_move_with_a_result_finishes_the_game_in_the_same_commit(storage):
    await running_game(storage, "g1", deadline=1000.0)
    commits = storage.db.commits

    await storage.record_move("g1", action(1), result='{"won": true}', deadline=2000.0)

    # One unit in one commit: a crash cannot leave the last action without the result.
    assert storage.db.commits == commits + 1
    record = await stored(storage, "g1")
    assert record is not None
    assert record.status == "finished"
    assert record.deadline is None  # a finished game has no clock, whatever was passed
    assert await storage.result("g1") == '{"won": true}'
    assert await storage.actions_after("g1", 0) == [action(1)]
    assert "g1" not in await storage.restore_points()


async def test_a_move_that_cannot_be_logged_changes_nothing_else(storage):
    await running_game(storage, "g1", deadline=1000.0)
    await storage.append_action("g1", action(1))

    with pytest.raises(StorageError):
        # seq 1 is logged already: the whole unit, result included, must not land
        await storage.record_move("g1", action(1, seat=1), result='{"won": true}')

    record = await stored(storage, "g1")
    assert record is not None and record.status == "running" and record.deadline == 1000.0
    assert await storage.result("g1") is None
    assert await storage.actions_after("g1", 0) == [action(1)]


async def test_a_move_with_a_deadline_sets_only_the_deadline(storage):
    await running_game(storage, "g1", deadline=1000.0)

    await storage.record_move("g1", action(1), deadline=2000.0)
    record = await stored(storage, "g1")
    assert record is not None and record.status == "running" and record.deadline == 2000.0

    await storage.record_move("g1", action(2), deadline=None)
    record = await stored(storage, "g1")
    assert record is not None and record.status == "running" and record.deadline is None
    assert await storage.result("g1") is None


async def test_a_move_without_a_deadline_keeps_the_stored_one(storage):
    await running_game(storage, "g1", deadline=1000.0)

    await storage.record_move("g1", action(1))

    record = await stored(storage, "g1")
    assert record is not None and record.status == "running" and record.deadline == 1000.0
    assert await storage.actions_after("g1", 0) == [action(1)]


async def test_a_move_with_a_snapshot_moves_the_restore_point_to_it(storage):
    await running_game(storage, "g1")
    await storage.record_move("g1", action(1))
    await storage.record_move("g1", action(2), snapshot='{"version": 2}')
    await storage.record_move("g1", action(3))

    assert (await storage.restore_points())["g1"] == RestorePoint(
        seq=2, state='{"version": 2}', actions=[action(3)]
    )


# --- restore points ---


async def test_restore_points_cover_running_games_with_the_actions_after_their_snapshot(storage):
    await running_game(storage, "g1")
    await running_game(storage, "g2")
    await running_game(storage, "done")
    await storage.save_game(game("lobby", status="lobby"))
    # Logged out of order across games, and one action before the snapshot.
    await storage.append_action("g2", action(1, seat=1, by_ai=True))
    await storage.append_action("g1", action(1))
    await storage.append_action("g1", action(2, seat=1, by_ai=True))
    await storage.save_snapshot("g1", 2, '{"version": 2}')
    await storage.append_action("g2", action(2))
    await storage.append_action("g1", action(4))
    await storage.append_action("g1", action(3, seat=1))
    await storage.append_action("done", action(1))
    await storage.close_game("done", "finished")

    points = await storage.restore_points()

    assert set(points) == {"g1", "g2"}
    assert points["g1"] == RestorePoint(
        seq=2, state='{"version": 2}', actions=[action(3, seat=1), action(4)]
    )
    assert points["g2"] == RestorePoint(
        seq=0,
        state='{"version": 0}',
        actions=[action(1, seat=1, by_ai=True), action(2)],
    )
    assert all(isinstance(a.by_ai, bool) for p in points.values() for a in p.actions)


async def test_a_running_game_without_actions_restores_from_its_snapshot_alone(storage):
    await running_game(storage, "g1")
    assert await storage.restore_points() == {"g1": RestorePoint(seq=0, state='{"version": 0}')}


# --- settings and preferences ---


async def test_guild_settings_follow_saves(storage):
    assert await storage.guild_settings(7) == {}
    await storage.save_guild_settings(7, {"language": "ru", "threads": True})
    assert await storage.guild_settings(7) == {"language": "ru", "threads": True}
    assert await storage.guild_settings(8) == {}  # another server is untouched
    await storage.save_guild_settings(7, {"defaults": {"thegame": {"expert": True}}})
    assert await storage.guild_settings(7) == {"defaults": {"thegame": {"expert": True}}}


async def test_dm_turns_default_on_and_follow_the_user_choice(storage):
    assert await storage.dm_turns(5) is True
    await storage.set_dm_turns(5, False)
    assert await storage.dm_turns(5) is False
    assert await storage.dm_turns(6) is True
    await storage.set_dm_turns(5, True)
    assert await storage.dm_turns(5) is True


async def test_a_members_latest_turn_dm_of_a_game_is_kept_until_it_is_told(storage):
    await running_game(storage, "g1")
    await running_game(storage, "g2")
    await storage.save_turn_dm("g1", TurnDm(5, 50, 500, "en", 3))
    await storage.save_turn_dm("g1", TurnDm(6, 60, 600, "ru", 4))
    await storage.save_turn_dm("g1", TurnDm(5, 50, 501, "ru", 9))  # a later one replaces it
    await storage.save_turn_dm("g2", TurnDm(5, 50, 700, "en"))
    assert await storage.turn_dms("g1") == [
        TurnDm(5, 50, 501, "ru", 9),
        TurnDm(6, 60, 600, "ru", 4),
    ]
    # What a restart needs to know whether each member was told of the turn they are on.
    assert await storage.turn_dm_versions() == {"g1": {5: 9, 6: 4}, "g2": {5: None}}
    await storage.forget_turn_dms("g1")
    assert await storage.turn_dms("g1") == []
    assert await storage.turn_dms("g2") == [TurnDm(5, 50, 700, "en")]


# --- durability ---


async def test_everything_written_survives_close_and_reopen(database_url):
    first = await Storage.open(database_url)
    await running_game(first, "g1", deadline=1000.0)
    await first.set_message_id("g1", 555)
    await first.record_move("g1", action(1), deadline=2000.0)
    await first.save_guild_settings(7, {"language": "ru"})
    await first.set_dm_turns(5, False)
    await first.close()
    await first.close()  # closing twice is harmless

    again = await Storage.open(database_url)  # migrations run again on an existing database
    try:
        record = await stored(again, "g1")
        assert record is not None
        assert record.message_id == 555 and record.deadline == 2000.0
        assert record.options == {"expert": False}
        assert record.seats == game("g1").seats
        assert await again.restore_points() == {
            "g1": RestorePoint(seq=0, state='{"version": 0}', actions=[action(1)])
        }
        assert await again.guild_settings(7) == {"language": "ru"}
        assert await again.dm_turns(5) is False
    finally:
        await again.close()


async def read_elsewhere(database_url: str, sql: str) -> list[tuple[object, ...]]:
    """What another connection (another process, or the same after a crash) sees."""
    if database_url.startswith("sqlite:///"):
        with contextlib.closing(sqlite3.connect(database_url.removeprefix("sqlite:///"))) as conn:
            return conn.execute(sql).fetchall()
    conn = await asyncpg.connect(database_url)
    try:
        return [tuple(row) for row in await conn.fetch(sql)]
    finally:
        await conn.close()


async def test_a_write_answered_before_a_crash_is_stored(database_url):
    s = await Storage.open(database_url)
    try:
        await running_game(s, "g1")
        await s.append_action("g1", action(1))
        logged = await read_elsewhere(
            database_url, "SELECT seq, action FROM actions WHERE game_id = 'g1'"
        )
        assert logged == [(1, action(1).action)]
    finally:
        await s.close()


async def test_saving_a_game_again_replaces_its_seats(storage):
    record = game("g1", status="lobby")
    await storage.save_game(record)
    record.seats = [SeatRecord(user_id=200, name="bob", ai=False)]
    record.options = {"expert": True}
    await storage.save_game(record)
    saved = await stored(storage, "g1")
    assert saved is not None
    assert saved.seats == [SeatRecord(user_id=200, name="bob", ai=False)]
    assert saved.options == {"expert": True}


async def test_seats_added_one_by_one_are_read_back_in_order_and_kept_by_the_start(storage):
    record = game("g1", status="lobby")
    record.seats = record.seats[:1]
    await storage.save_game(record)
    await storage.add_seat("g1", 1, SeatRecord(user_id=None, name="AI 1", ai=True))
    await storage.add_seat("g1", 2, SeatRecord(user_id=200, name="bob", ai=False))
    seated = [*record.seats, SeatRecord(user_id=None, name="AI 1", ai=True)]
    seated.append(SeatRecord(user_id=200, name="bob", ai=False))
    lobby = await stored(storage, "g1")
    assert lobby is not None and lobby.seats == seated

    started = record.model_copy(update={"status": "running", "deadline": 1000.0, "seats": seated})
    await storage.start_game(started, '{"version": 0}')
    saved = await stored(storage, "g1")
    assert saved is not None
    assert (saved.status, saved.deadline, saved.seats) == ("running", 1000.0, seated)
    assert saved.options == record.options and saved.host_id == record.host_id
    points = await storage.restore_points()
    assert points["g1"].state == '{"version": 0}' and points["g1"].actions == []


async def test_a_preference_saved_during_a_first_read_is_not_overwritten_by_it(storage):
    # The first read of a member's preference goes to the database; the member turns DMs off
    # while it is on its way. The older answer must not replace the newer choice in the cache.
    reading = asyncio.create_task(storage.dm_turns(7))
    await asyncio.sleep(0)
    await storage.set_dm_turns(7, False)
    await reading
    assert await storage.dm_turns(7) is False


# --- backups ---


def backup_command(database: Path, target: Path) -> subprocess.CompletedProcess[str]:
    """`python -m bot backup TARGET`, as a server owner runs it, on `database`."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}"}
    return subprocess.run(
        [sys.executable, "-m", "bot", "backup", str(target)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


async def test_a_backup_taken_while_the_bot_writes_holds_every_committed_move(path):
    storage = await Storage.open(path)
    await running_game(storage, "g1", deadline=1000.0)
    for seq in range(1, 4):
        await storage.record_move("g1", action(seq))
    target = path.with_name("backup.db")

    done = await asyncio.to_thread(backup_command, path, target)

    assert done.returncode == 0, done.stderr
    copy = await Storage.open(target)
    try:
        assert await stored(copy, "g1") == await stored(storage, "g1")
        assert (await copy.restore_points())["g1"].actions == [action(s) for s in range(1, 4)]
    finally:
        await copy.close()
        await storage.close()


def test_a_backup_never_overwrites_a_file(path, tmp_path):
    target = tmp_path / "taken.db"
    target.write_text("precious")
    done = backup_command(path, target)
    assert done.returncode == 2 and "exists already" in done.stderr
    assert target.read_text() == "precious"


# --- shards ---


def in_guild(game_id: str, guild_id: int) -> GameRecord:
    return game(game_id).model_copy(update={"guild_id": guild_id})


async def test_a_process_restores_only_the_games_of_its_own_shards(database_url):
    # Discord's shard of a server is (id >> 22) % count: guilds 0 << 22 and 2 << 22 are on
    # shard 0 of 2, guild 1 << 22 on shard 1.
    writer = await Storage.open(database_url)
    try:
        for game_id, guild_id in (("a", 0 << 22), ("b", 1 << 22), ("c", 2 << 22)):
            await writer.save_game(
                in_guild(game_id, guild_id).model_copy(update={"status": "lobby"})
            )
            await writer.start_game(in_guild(game_id, guild_id), '{"version": 0}')
    finally:
        await writer.close()
    for ids, expected in (((0,), {"a", "c"}), ((1,), {"b"}), ((0, 1), {"a", "b", "c"})):
        shard = await Storage.open(database_url, Shards(2, ids))
        try:
            assert {g.id for g in await shard.games()} == expected
            assert set(await shard.restore_points()) == expected
        finally:
            await shard.close()


async def test_a_database_newer_than_the_bot_is_refused_with_a_clear_reason(database_url):
    s = await Storage.open(database_url)
    await s.close()
    # A later version of the bot applied a migration this one does not know.
    future = "INSERT INTO _yoyo_migration (migration_hash, migration_id, applied_at_utc) "
    future += "VALUES ('f' || 'uture', '9999_from_the_future', CURRENT_TIMESTAMP)"
    if database_url.startswith("sqlite:///"):
        with contextlib.closing(sqlite3.connect(database_url.removeprefix("sqlite:///"))) as c:
            c.execute(future)
            c.commit()
    else:
        conn = await asyncpg.connect(database_url)
        try:
            await conn.execute(future)
        finally:
            await conn.close()
    with pytest.raises(StorageError, match="schema is newer than this version of the bot"):
        await Storage.open(database_url)


def nothing_to_do() -> None:
    """What a test that keeps its hold does if it lost it."""


@pytest.mark.postgresql
async def test_a_shard_held_by_a_live_process_is_refused_and_free_once_it_stops(postgres_url):
    first = await Storage.open(postgres_url, Shards(2, (1,)))
    await first.claim(nothing_to_do)
    second = await Storage.open(postgres_url, Shards(2, (1,)))
    try:
        with pytest.raises(ShardTakenError, match="shard 1 is run by another process"):
            await second.claim(nothing_to_do)
    finally:
        await second.close()
    other = await Storage.open(postgres_url, Shards(2, (0,)))
    await other.claim(nothing_to_do)  # the other shard is free
    await first.close()  # the holder stops (a crash closes its connection the same way)
    again = await Storage.open(postgres_url, Shards(2, (1,)))
    await again.claim(nothing_to_do)
    await again.close()
    await other.close()


@pytest.mark.postgresql
async def test_a_process_of_every_shard_excludes_any_other_and_counts_must_agree(postgres_url):
    whole = await Storage.open(postgres_url, Shards(2, (0, 1)))
    await whole.claim(nothing_to_do)
    for shards, reason in (
        (Shards(2, (0, 1)), "another process runs the bot on this database"),
        (Shards(2, (1,)), "another process runs the bot on this database"),
        (Shards(4, (3,)), "SHARD_COUNT=2"),
    ):
        late = await Storage.open(postgres_url, shards)
        try:
            with pytest.raises(ShardTakenError, match=reason):
                await late.claim(nothing_to_do)
        finally:
            await late.close()
    await whole.close()


@pytest.mark.postgresql
async def test_two_processes_starting_together_with_different_shard_counts_are_not_both_let_in(
    postgres_url,
):
    """SHARD_COUNT changed on one machine only, every process started at once: however close
    their starts, one is refused with the line that names SHARD_COUNT."""
    for _ in range(10):
        first = await Storage.open(postgres_url, Shards(2, (1,)))
        second = await Storage.open(postgres_url, Shards(3, (2,)))
        try:
            outcomes = await asyncio.gather(
                first.claim(nothing_to_do), second.claim(nothing_to_do), return_exceptions=True
            )
        finally:
            await first.close()
            await second.close()
        refused = [o for o in outcomes if isinstance(o, ShardTakenError)]
        assert len(refused) == 1 and "SHARD_COUNT" in str(refused[0]), outcomes


@pytest.mark.postgresql
async def test_a_process_is_told_at_once_when_its_hold_on_its_shards_ends(postgres_url):
    """A dropped connection (a failover, a network cut) frees the shards for another process:
    the process that held them is told at once, to stop."""
    lost = asyncio.Event()
    holder = await Storage.open(postgres_url, Shards(2, (1,)))
    await holder.claim(lost.set)
    try:
        conn = await asyncpg.connect(postgres_url)
        try:
            ended = await conn.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_locks WHERE locktype = "
                f"'advisory' AND classid = $1 AND objid = 1 AND objsubid = 2 AND {THIS_DATABASE}",
                SHARD_LOCKS,
            )
        finally:
            await conn.close()
        assert ended == 1
        await asyncio.wait_for(lost.wait(), 5.0)
        taker = await Storage.open(postgres_url, Shards(2, (1,)))
        await taker.claim(nothing_to_do)  # the shard is free for another process now
        await taker.close()
    finally:
        await holder.close()


@pytest.mark.postgresql
async def test_bots_on_two_databases_of_one_server_hold_their_shards_apart(postgres_url):
    other_url = await fresh_postgres_database()
    try:
        one = await Storage.open(postgres_url, Shards(2, (0, 1)))
        other = await Storage.open(other_url, Shards(4, (0,)))
        await one.claim(nothing_to_do)
        await other.claim(nothing_to_do)  # another database: another bot, whatever its shards
        await other.close()
        await one.close()
    finally:
        await drop_postgres_database(other_url)


async def test_in_one_batch_a_failing_write_is_refused_alone(storage):
    await running_game(storage, "g1")
    await running_game(storage, "g2")
    await storage.append_action("g1", action(1))
    # Both writes leave in the same loop iteration, so they share one commit.
    refused, landed = await asyncio.gather(
        storage.append_action("g1", action(1, seat=1)),  # seq 1 is logged already
        storage.append_action("g2", action(1)),
        return_exceptions=True,
    )
    assert isinstance(refused, StorageError) and landed is None
    assert await storage.actions_after("g1", 0) == [action(1)]
    assert await storage.actions_after("g2", 0) == [action(1)]
