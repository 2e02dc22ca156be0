"""The contract between `Storage` (the SQL) and a database backend (SQLite or PostgreSQL).

Statements are written once, with `?` placeholders and SQL both databases speak; a backend
adapts the placeholders to its driver. Every write is a unit that lands whole or not at all.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from bot.shards import Shards

Params = tuple[Any, ...]
Statement = tuple[str, Params | list[Params]]
"""SQL and its parameters; a list of parameter tuples runs the statement once for each."""

Unit = Sequence[Statement]
Row = Mapping[str, Any]


Pending = list[tuple[Unit, asyncio.Future[None]]]
"""A batch of a group commit: each unit with the future its writer waits on."""


def answer(batch: Pending, errors: Sequence[Exception | None]) -> None:
    """Tell each writer of a committed (or failed) batch how its unit fared; a writer that gave
    up meanwhile (cancelled) is left alone."""
    for (_, done), error in zip(batch, errors, strict=True):
        if done.done():
            continue
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)


class Database(Protocol):
    """One open database: reads, group-committed writes, and closing."""

    @property
    def commits(self) -> int:
        """Transactions committed so far (each holds every write of one batch)."""
        ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Row]:
        """Every row of a query."""
        ...

    async def write(self, unit: Unit) -> None:
        """Commit `unit` as one whole; raises StorageError (and stores nothing) if it failed."""
        ...

    async def claim(self, shards: Shards, lost: Callable[[], None]) -> None:
        """Hold `shards` for this process; ShardTakenError if another live process holds one.

        `lost` is called if the hold ends while the process runs (another may take them)."""
        ...

    async def close(self) -> None:
        """Commit what is pending and let go of the database; closing twice is harmless."""
        ...


class Channels(Protocol):
    """Messages between the processes of one database (PostgreSQL's LISTEN and NOTIFY)."""

    async def listen(self, channel: str, received: Callable[[str], None]) -> None:
        """Call `received` with every payload sent on `channel` while this process runs."""
        ...

    async def notify(self, channel: str, payload: str) -> None:
        """Send `payload` to the processes listening on `channel`."""
        ...

    async def shard_running(self, shard: int) -> bool:
        """Whether a live process holds `shard`."""
        ...

    async def settle(self, click_id: str, by: str) -> bool:
        """Whether `by` settles the handed-over click `click_id`: only the first to ask does."""
        ...
