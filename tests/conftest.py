"""Databases for the tests: a SQLite file, and when TEST_POSTGRES_URL is set, a PostgreSQL
database made for each test and dropped after it.

`database_url` is a SQLite file, and runs a test marked `both_databases` on each backend. Without TEST_POSTGRES_URL, the PostgreSQL
half is left out and the run's header says so, with how to run it.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest
from yarl import URL

POSTGRES = os.environ.get("TEST_POSTGRES_URL", "")
HOW = "set TEST_POSTGRES_URL=postgresql://postgres@127.0.0.1/test to run them"


LEFT_OUT: list[pytest.Item] = []


HERE = Path(__file__).parent
LONG_FIRST = (
    HERE / "load",
    HERE / "bot" / "test_worker_failures.py",
    HERE / "bot" / "test_sandbox_start_stop.py",
)
"""Tests of real bot processes (under SIGKILL, in shards, with a worker that hangs, a sandbox
started and stopped): seconds to tens of seconds each, mostly waiting on those processes."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # The longest tests start first, while the quick ones fill the other workers; collected in
    # their place (last), they would start when the others were done, and run alone.
    items.sort(key=lambda item: not any(item.path.is_relative_to(p) for p in LONG_FIRST))
    if POSTGRES:
        return
    LEFT_OUT.extend(item for item in items if "postgresql" in item.keywords)
    if LEFT_OUT:
        config.hook.pytest_deselected(items=LEFT_OUT)
        items[:] = [item for item in items if "postgresql" not in item.keywords]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if LEFT_OUT:
        terminalreporter.write_line(f"{len(LEFT_OUT)} PostgreSQL tests not run: {HOW}.")


async def fresh_postgres_database() -> str:
    """A new, empty database on the test server; its URL."""
    name = f"tabletop_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(POSTGRES)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return str(URL(POSTGRES).with_path(name))


async def drop_postgres_database(url: str) -> None:
    conn = await asyncpg.connect(POSTGRES)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{URL(url).path.lstrip("/")}" WITH (FORCE)')
    finally:
        await conn.close()


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    """An empty PostgreSQL database for one test."""
    url = await fresh_postgres_database()
    yield url
    await drop_postgres_database(url)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "database_url" in metafunc.fixturenames and metafunc.definition.get_closest_marker(
        "both_databases"
    ):
        metafunc.parametrize(
            "database_url",
            ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
            indirect=True,
        )


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite database with every migration applied, made once per test process:
    applying them takes longer than many a test, and each test starts from a copy (the bot still
    checks them as it opens it). Migrations themselves are tested on fresh files."""
    from bot.storage import Storage

    path = tmp_path_factory.mktemp("migrated") / "games.db"

    async def migrate() -> None:
        await (await Storage.open(f"sqlite:///{path}")).close()

    asyncio.run(migrate())
    return path


@pytest.fixture
async def database_url(
    request: pytest.FixtureRequest, tmp_path: Path, migrated_sqlite: Path
) -> AsyncIterator[str]:
    """The test's database: a SQLite file; for a test marked `both_databases`, the same test
    runs again on a fresh PostgreSQL database, with the same assertions."""
    if getattr(request, "param", "sqlite") == "sqlite":
        shutil.copyfile(migrated_sqlite, tmp_path / "games.db")
        yield f"sqlite:///{tmp_path / 'games.db'}"
        return
    url = await fresh_postgres_database()
    yield url
    await drop_postgres_database(url)
