"""BatchWriter: units written together share a commit, fail alone, and are durable when answered."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.storage.batch_writer import BatchWriter


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A database file with one tiny table."""
    db = tmp_path / "batch.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT NOT NULL)")
    return db


@pytest.fixture
def writer(path: Path):
    w = BatchWriter(path)
    yield w
    w.close()


def rows(path: Path) -> dict[int, str]:
    """What another connection (another process, or the same after a crash) sees."""
    conn = sqlite3.connect(path)
    try:
        return dict(conn.execute("SELECT k, v FROM t ORDER BY k").fetchall())
    finally:
        conn.close()


def insert(k: int, v: str = "x") -> tuple[str, tuple[int, str]]:
    return ("INSERT INTO t (k, v) VALUES (?, ?)", (k, v))


async def test_concurrent_units_all_land_and_share_commits(writer, path):
    count = 50
    seen_when_answered: dict[int, bool] = {}

    async def one(k: int) -> None:
        await writer.write([insert(k, f"v{k}")])
        # A caller is answered only after the commit that holds its unit.
        seen_when_answered[k] = k in rows(path)

    await asyncio.gather(*(one(k) for k in range(count)))

    assert rows(path) == {k: f"v{k}" for k in range(count)}
    assert seen_when_answered == dict.fromkeys(range(count), True)
    assert 0 < writer.commits < count


async def test_a_failing_unit_fails_alone_and_is_rolled_back_whole(writer, path):
    await writer.write([insert(1, "first")])
    commits = writer.commits

    results = await asyncio.gather(
        writer.write([insert(10, "a")]),
        # Its first statement is fine, its second breaks the primary key.
        writer.write([insert(20, "b"), insert(1, "duplicate")]),
        writer.write([insert(30, "c"), insert(31, "d")]),
        return_exceptions=True,
    )

    ok_before, failed, ok_after = results
    assert ok_before is None and ok_after is None
    assert isinstance(failed, sqlite3.IntegrityError)
    assert "UNIQUE" in str(failed) or "PRIMARY KEY" in str(failed)
    assert rows(path) == {1: "first", 10: "a", 30: "c", 31: "d"}  # no 20, 1 unchanged
    assert writer.commits == commits + 1  # the three units were one batch


async def test_the_writer_keeps_working_after_a_failed_unit(writer, path):
    with pytest.raises(sqlite3.IntegrityError):
        await writer.write([("INSERT INTO t (k, v) VALUES (?, ?)", (1, None))])
    await writer.write([insert(2)])
    assert rows(path) == {2: "x"}


async def test_a_list_of_parameter_tuples_runs_the_statement_for_each(writer, path):
    await writer.write(
        [
            ("INSERT INTO t (k, v) VALUES (?, ?)", [(1, "a"), (2, "b"), (3, "c")]),
            ("INSERT INTO t (k, v) VALUES (?, ?)", []),  # nothing to insert is no error
            ("UPDATE t SET v = ? WHERE k = ?", [("B", 2)]),
        ]
    )
    assert rows(path) == {1: "a", 2: "B", 3: "c"}


async def test_a_failing_row_of_executemany_rolls_back_the_rows_before_it(writer, path):
    with pytest.raises(sqlite3.IntegrityError):
        await writer.write([("INSERT INTO t (k, v) VALUES (?, ?)", [(1, "a"), (2, "b"), (1, "c")])])
    assert rows(path) == {}


async def test_a_caller_that_gives_up_does_not_take_its_unit_back(writer, path):
    task = asyncio.create_task(writer.write([insert(5)]))
    await asyncio.sleep(0)  # the unit is queued
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await writer.write([insert(6)])  # answered after the batch that held 5, or a later one
    assert rows(path) == {5: "x", 6: "x"}


async def test_close_commits_pending_units_and_closing_twice_is_harmless(path):
    writer = BatchWriter(path)
    tasks = [asyncio.create_task(writer.write([insert(k)])) for k in range(3)]
    await asyncio.sleep(0)  # queued; their batch would run in the next loop iteration
    assert rows(path) == {}

    writer.close()

    assert rows(path) == {0: "x", 1: "x", 2: "x"}
    assert await asyncio.gather(*tasks) == [None, None, None]
    writer.close()
    await asyncio.sleep(0)  # the batch scheduled before close finds nothing to do
    assert rows(path) == {0: "x", 1: "x", 2: "x"}


async def test_write_after_close_raises_and_writes_nothing(path):
    writer = BatchWriter(path)
    writer.close()
    with pytest.raises(RuntimeError):
        await writer.write([insert(1)])
    assert rows(path) == {}


async def test_a_unit_with_an_unbindable_value_does_not_fail_the_others(writer, path):
    results = await asyncio.gather(
        writer.write([insert(1)]),
        writer.write([("INSERT INTO t (k, v) VALUES (?, ?)", (2**70, "too big"))]),
        writer.write([insert(3)]),
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], Exception)
    assert rows(path) == {1: "x", 3: "x"}
