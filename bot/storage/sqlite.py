"""The embedded backend: one SQLite file in WAL mode, nothing to install.

Reads go through aiosqlite (whose thread also checkpoints the WAL); writes go through one
BatchWriter, which commits the writes of many games at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.shards import Shards
from bot.storage.batch_writer import BatchWriter
from bot.storage.database import Row, Unit
from bot.storage.migrations import migrate
from bot.storage.records import StorageError

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 100
"""Commits between two WAL checkpoints (the writer's automatic ones are off)."""


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


def prepare_file(path: Path) -> None:
    """Make the database ready: created if new, migrated, readable and writable.

    Raises StorageError with what is wrong (a damaged or foreign file, a file or folder the
    bot may not write, a schema newer than the bot) before the bot connects anywhere. Reading
    the schema and taking the write lock find a foreign or truncated file at once; a full
    integrity check would read the whole file, seconds for a large one, at every start.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.closing(sqlite3.connect(path)) as conn:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            conn.execute("BEGIN IMMEDIATE")  # fails at once on a read-only file or folder
            conn.execute("ROLLBACK")
        migrate(f"sqlite:///{path}")
    except (sqlite3.Error, OSError) as exc:
        raise StorageError(str(exc)) from exc


class SqliteDatabase:
    """A reading connection (aiosqlite) and the writer."""

    def __init__(self, db: aiosqlite.Connection, writer: BatchWriter) -> None:
        self._db = db
        self._writer = writer
        self._checkpointed = 0
        self._closed = False
        self._checkpointing: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: Path) -> SqliteDatabase:
        """Create the file if needed, apply pending migrations and open it in WAL mode."""
        await asyncio.to_thread(prepare_file, path)
        writer = BatchWriter(path)
        db = await aiosqlite.connect(path)
        db.row_factory = aiosqlite.Row
        return cls(db, writer)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Row]:
        """Every row of a query, read on aiosqlite's thread."""
        async with self._db.execute(sql, params) as cur:
            rows = await cur.fetchall()
        return rows  # type: ignore[return-value]  # aiosqlite.Row reads by column name

    async def write(self, unit: Unit) -> None:
        """Commit `unit` with the others of this loop iteration."""
        try:
            await self._writer.write(unit)
        except (sqlite3.Error, OverflowError, ValueError) as exc:
            raise StorageError(str(exc)) from exc
        if self.commits - self._checkpointed >= CHECKPOINT_EVERY and not self._checkpointing:
            self._checkpointed = self.commits
            self._checkpointing = asyncio.get_running_loop().create_task(self._checkpoint())

    @property
    def commits(self) -> int:
        """Transactions committed so far (each holds every write of one batch)."""
        return self._writer.commits

    async def _checkpoint(self) -> None:
        # On aiosqlite's thread: copying the WAL into the database syncs the disk, which must
        # not stall the event loop. PASSIVE never waits for the writer.
        try:
            await self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.OperationalError as exc:
            # A read held the table at that moment; the next checkpoint copies what this one
            # would have.
            log.info("WAL checkpoint put off: %s", exc)
        finally:
            self._checkpointing = None

    async def claim(self, shards: Shards, lost: Callable[[], None]) -> None:
        """Nothing to hold (nor to lose): the settings let only one process, with every shard,
        use SQLite."""

    async def close(self) -> None:
        """Commit pending writes, checkpoint the WAL, close both connections."""
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
