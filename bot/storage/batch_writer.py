"""SQLite group commit: every write of the process goes through one connection, on the loop.

A write is a unit of statements that must land together. Units that arrive within one
event-loop iteration share one transaction and one commit, so a busy bot commits once per batch
instead of once or more per action. Each unit runs in its own savepoint: a failing unit is
rolled back and reported to its caller alone. A caller is answered only after the commit that
holds its unit.

The statements run on the loop's own thread. A commit in WAL mode with synchronous=NORMAL
appends to the log without an fsync, so a batch takes about a millisecond. On a worker thread
every statement would have to win the GIL back from a busy loop, which can take the 5 ms switch
interval each time; that made a batch take far longer than running it here. The WAL is
checkpointed elsewhere (Storage), off this thread, since a checkpoint does sync the disk.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

from bot.storage.database import Pending, Unit, answer

log = logging.getLogger(__name__)


class BatchWriter:
    """The process's only writer of the database file."""

    def __init__(self, path: Path) -> None:
        # isolation_level=None: transactions are opened and closed explicitly below.
        self._conn = sqlite3.connect(path, isolation_level=None)
        for pragma in (
            # First: switching a new file to WAL waits for another process opening it too.
            "PRAGMA busy_timeout=5000",
            "PRAGMA journal_mode=WAL",
            # With WAL, NORMAL keeps every commit through a crash of the process.
            "PRAGMA synchronous=NORMAL",
            "PRAGMA foreign_keys=ON",
            # Checkpoints sync the disk: Storage runs them on its reading connection's thread.
            "PRAGMA wal_autocheckpoint=0",
        ):
            self._conn.execute(pragma)
        self._pending: Pending = []
        self._flush_scheduled = False
        self._closed = False
        self.commits = 0

    async def write(self, unit: Unit) -> None:
        """Commit `unit` as one whole; raises the unit's own error if it failed."""
        if self._closed:
            raise RuntimeError("the database is closed")
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((unit, done))
        if not self._flush_scheduled:
            self._flush_scheduled = True
            loop.call_soon(self._flush)
        # A caller that gives up (is cancelled) leaves its unit in the batch all the same.
        await done

    def close(self) -> None:
        """Commit what is pending, then close the connection (later calls do nothing)."""
        if self._closed:
            return
        self._flush()
        self._closed = True
        self._conn.close()

    def _flush(self) -> None:
        self._flush_scheduled = False
        if not self._pending:
            return
        batch, self._pending = self._pending, []
        try:
            errors = self._run([unit for unit, _ in batch])
            self.commits += 1
        except Exception as exc:  # the commit itself failed: nothing of the batch landed
            log.exception("a batch of %d writes failed", len(batch))
            errors = [exc] * len(batch)
        answer(batch, errors)

    def _run(self, units: list[Unit]) -> list[Exception | None]:
        """One transaction, a savepoint per unit."""
        conn = self._conn
        errors: list[Exception | None] = []
        conn.execute("BEGIN IMMEDIATE")
        try:
            for unit in units:
                conn.execute("SAVEPOINT unit")
                try:
                    for sql, params in unit:
                        if isinstance(params, list):
                            conn.executemany(sql, params)
                        else:
                            conn.execute(sql, params)
                except Exception as exc:  # also a value that cannot be bound (OverflowError)
                    conn.execute("ROLLBACK TO unit")
                    errors.append(exc)
                else:
                    errors.append(None)
                conn.execute("RELEASE unit")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return errors
