"""The server backend: PostgreSQL through an asyncpg pool, for several processes and machines.

Writes are group-committed as on SQLite: the units that arrive while a transaction is on its
way wait, then share the next one; a failing unit is rolled back and reported to its caller
alone. Reads take any connection of the pool.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
import time
from collections.abc import Callable, Sequence
from typing import Any

import asyncpg

from bot.shards import Shards
from bot.storage.database import Pending, Row, Unit, answer
from bot.storage.migrations import migrate
from bot.storage.records import ShardTakenError, StorageError

log = logging.getLogger(__name__)

BOT_LOCKS = 741_100
"""Advisory lock space of the whole bot: key 2 is SHARD_COUNT, so two counts are found out."""
SHARD_LOCKS = 741_101
"""Advisory lock space of single shards: key 2 is the shard id."""
CLAIMS = 741_102
"""The advisory lock key that makes one process's claim of its shards wait for another's."""

TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction's token lasts: how long a handed-over click may still be answered."""

THIS_DATABASE = "database = (SELECT oid FROM pg_database WHERE datname = current_database())"
"""Advisory locks belong to one database; pg_locks lists those of every database."""
POOL_SIZE = 8
"""Connections per process: one writes at a time, the others serve reads."""

FAILURES = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, OverflowError, ValueError)
"""What a statement or a lost connection raises: the write did not land."""


@functools.cache
def numbered(sql: str) -> str:
    """`?` placeholders, as `Storage` writes them, become asyncpg's `$1`, `$2`, ..."""
    count = iter(range(1, 1 << 16))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


def yoyo_url(url: str) -> str:
    """DATABASE_URL for yoyo-migrations, which reaches PostgreSQL through psycopg 3."""
    return re.sub(r"^postgres(ql)?://", "postgresql+psycopg://", url)


UNIT_FAILURES = (asyncpg.PostgresError, OverflowError, ValueError)
"""What one unit's statements raise (a constraint, a value that cannot be bound); a lost
connection is none of these and fails the whole batch."""


async def _execute(conn: asyncpg.pool.PoolConnectionProxy, unit: Unit) -> None:
    for sql, params in unit:
        if isinstance(params, list):
            await conn.executemany(numbered(sql), params)
        else:
            await conn.execute(numbered(sql), *params)


def prepare_server(url: str) -> None:
    """Apply pending migrations; StorageError if the server cannot be reached or used."""
    try:
        migrate(yoyo_url(url))
    except StorageError:
        raise
    except Exception as exc:  # psycopg's errors: unreachable, refused, no such database
        # psycopg's messages span lines; the bot's word on it is one line.
        raise StorageError(" ".join(str(exc).split())) from exc


class PostgresDatabase:
    """A pool of connections and the group-commit writer."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self._pending: Pending = []
        self._flushing: asyncio.Task[None] | None = None
        self._closed = False
        self.commits = 0
        self._held: asyncpg.pool.PoolConnectionProxy | None = None
        self._lost: Callable[[], None] | None = None

    @classmethod
    async def open(cls, url: str) -> PostgresDatabase:
        """Apply pending migrations, then open the pool."""
        await asyncio.to_thread(prepare_server, url)
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE)
        except FAILURES as exc:
            raise StorageError(str(exc)) from exc
        return cls(pool)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Row]:
        """Every row of a query, on any free connection."""
        rows = await self.pool.fetch(numbered(sql), *params)
        return rows  # type: ignore[return-value]  # a Record reads by column name

    async def write(self, unit: Unit) -> None:
        """Commit `unit` in the next transaction; raises StorageError if it did not land."""
        if self._closed:
            raise StorageError("the database is closed")
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((unit, done))
        if self._flushing is None:
            self._flushing = asyncio.get_running_loop().create_task(self._flush())
        # A caller that gives up (is cancelled) leaves its unit in the batch all the same.
        await done

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    errors = await self._run([unit for unit, _ in batch])
                    self.commits += 1
                except FAILURES as exc:  # the commit itself failed: nothing of the batch landed
                    log.warning("a batch of %d writes failed: %s", len(batch), exc)
                    errors = [exc] * len(batch)
                answer(batch, [None if e is None else StorageError(str(e)) for e in errors])
        finally:
            self._flushing = None

    async def _run(self, units: list[Unit]) -> list[Exception | None]:
        """The batch in one transaction; if a unit fails, each unit again in a transaction of
        its own, so that only the failing one is refused.

        A savepoint per unit would isolate failures at once, but costs two more round trips for
        every unit of every batch, to guard against a failure that almost never happens.
        """
        async with self.pool.acquire() as conn:
            try:
                async with conn.transaction():
                    for unit in units:
                        await _execute(conn, unit)
                return [None] * len(units)
            except UNIT_FAILURES as exc:
                if len(units) == 1:
                    return [exc]
            errors: list[Exception | None] = []
            for unit in units:
                try:
                    async with conn.transaction():
                        await _execute(conn, unit)
                except UNIT_FAILURES as exc:
                    errors.append(exc)
                else:
                    errors.append(None)
            return errors

    async def claim(self, shards: Shards, lost: Callable[[], None]) -> None:
        """Hold `shards` for this process until it stops; ShardTakenError if another process has one.

        Session advisory locks on a connection of their own: a process that crashes loses its
        connection, and PostgreSQL frees its shards at once. So does a connection that drops
        while the process runs (a failover, a network cut): `lost` is called then, since
        another process may take the shards from that moment.
        """
        conn = self._held = await self.pool.acquire()
        self._lost = lost
        conn.add_termination_listener(self._session_lost)
        # One claim at a time: two processes starting together with different SHARD_COUNTs
        # would each find no other count before either took its own.
        await conn.execute("SELECT pg_advisory_lock($1, 0)", CLAIMS)
        try:
            await self._claim(conn, shards)
        finally:
            await conn.execute("SELECT pg_advisory_unlock($1, 0)", CLAIMS)

    async def _claim(self, conn: asyncpg.pool.PoolConnectionProxy, shards: Shards) -> None:
        counts = await conn.fetch(
            "SELECT DISTINCT objid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 "
            f"AND objsubid = 2 AND granted AND {THIS_DATABASE}",
            BOT_LOCKS,
        )
        other = {row["objid"] for row in counts} - {shards.count}
        if other:
            raise ShardTakenError(
                f"another process runs with SHARD_COUNT={other.pop()}: every process of the bot "
                f"needs the same SHARD_COUNT"
            )
        # A process running every shard excludes any other; one running some shares the bot.
        lock = "pg_try_advisory_lock" if shards.every else "pg_try_advisory_lock_shared"
        if not await conn.fetchval(f"SELECT {lock}($1, $2)", BOT_LOCKS, shards.count):
            raise ShardTakenError(
                "another process runs the bot on this database already: stop it first, or give "
                "each process its own SHARD_IDS"
            )
        if shards.every:
            return
        for shard in shards.ids:
            if not await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", SHARD_LOCKS, shard):
                raise ShardTakenError(
                    f"shard {shard} is run by another process already: stop it first, or start "
                    f"this one with other SHARD_IDS"
                )

    def _session_lost(self, *_: object) -> None:
        if not self._closed and self._lost is not None:
            self._lost()

    async def listen(self, channel: str, received: Callable[[str], None]) -> None:
        """Call `received` with every payload notified on `channel` while this process runs.

        On the connection that holds the shards: losing one loses the other, and is logged.
        """
        if self._held is None:
            raise RuntimeError("claim the shards before listening")
        await self._held.add_listener(channel, lambda *args: received(args[-1]))

    async def notify(self, channel: str, payload: str) -> None:
        """Send `payload` to whoever listens on `channel` (PostgreSQL's NOTIFY, under 8000 bytes)."""
        await self.pool.execute("SELECT pg_notify($1, $2)", channel, payload)

    async def shard_running(self, shard: int) -> bool:
        """Whether a live process holds `shard` (its session still holds the lock)."""
        running: bool = await self.pool.fetchval(
            "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 "
            f"AND objid = $2 AND objsubid = 2 AND granted AND {THIS_DATABASE})",
            SHARD_LOCKS,
            shard,
        )
        return running

    async def settle(self, click_id: str, by: str) -> bool:
        """Whether `by` settles the handed-over click `click_id`: the first row wins. Rows older
        than a click's token (15 minutes) go at the same time."""
        now = time.time()
        settled = await self.pool.fetchval(
            "WITH old AS (DELETE FROM handed_clicks WHERE at < $3) "
            "INSERT INTO handed_clicks (id, settled_by, at) VALUES ($1, $2, $4) "
            "ON CONFLICT (id) DO NOTHING RETURNING 1",
            click_id,
            by,
            now - TOKEN_LIFETIME,
            now,
        )
        return settled is not None

    async def close(self) -> None:
        """Commit what is pending, then close the pool (and with it, free the shards)."""
        if self._closed:
            return
        self._closed = True
        if self._flushing is not None:
            await asyncio.gather(self._flushing, return_exceptions=True)
        if self._held is not None:
            await self.pool.release(self._held)
        await self.pool.close()
