"""Starting the bot: a missing token is one clear line and a non-zero exit, never a traceback."""

from __future__ import annotations

import os
import re
import socket
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_the_bot_says_what_to_do_and_exits(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN is not set" in lines[0]
    assert "python -m bot sandbox" in lines[0]
    assert "Traceback" not in done.stderr


def start(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot` in an empty folder with these settings; it must end by itself."""
    base = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**base, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "x" * 59, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


LOG_LINE = re.compile(r"^(\x1b\[[\d;]*m)*\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
"""A line of the ordinary log (its timestamp, perhaps coloured), as opposed to the bot's word."""


def one_clear_line(done: subprocess.CompletedProcess[str]) -> str:
    """What the bot said besides its log: one line, and no traceback anywhere."""
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    said = [line for line in done.stderr.splitlines() if line and not LOG_LINE.match(line)]
    assert len(said) == 1, done.stderr
    return said[0]


def test_a_file_that_is_no_database_is_one_clear_line(tmp_path):
    damaged = tmp_path / "games.db"
    damaged.write_bytes(b"these are not the pages you are looking for\n" * 200)
    line = one_clear_line(start(tmp_path, DATABASE_URL=f"sqlite:///{damaged}"))
    assert f"The database {damaged} cannot be used" in line and "backup" in line


def test_a_truncated_database_is_one_clear_line(tmp_path):
    whole = tmp_path / "whole.db"
    with closing(sqlite3.connect(whole)) as conn:
        conn.execute("CREATE TABLE t (x TEXT)")
        conn.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
        conn.commit()
    truncated = tmp_path / "games.db"
    truncated.write_bytes(whole.read_bytes()[: whole.stat().st_size // 2])
    line = one_clear_line(start(tmp_path, DATABASE_URL=f"sqlite:///{truncated}"))
    assert "cannot be used" in line


def test_no_way_to_discord_is_one_clear_line(tmp_path):
    with socket.socket() as probe:  # a port on this machine where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done = start(
        tmp_path,
        DATABASE_URL=f"sqlite:///{tmp_path / 'games.db'}",
        DISCORD_API_BASE=f"http://127.0.0.1:{port}",
    )
    line = one_clear_line(done)
    assert line.startswith(f"Cannot reach Discord at http://127.0.0.1:{port}")


def test_the_example_settings_file_copied_as_is_is_valid(tmp_path):
    # A server owner copies .env.example to .env and fills in the token only.
    example = (ROOT / ".env.example").read_text()
    (tmp_path / ".env").write_text(example.replace("DISCORD_TOKEN=\n", "DISCORD_TOKEN=abc\n"))
    done = subprocess.run(
        [sys.executable, "-c", "from bot.settings import Settings; print(Settings().shards)"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Shards(count=1, ids=(0,))" in done.stdout


def test_sqlite_with_only_some_shards_is_one_clear_line(tmp_path):
    line = one_clear_line(start(tmp_path, SHARD_COUNT="2", SHARD_IDS="1"))
    assert "SQLite serves one process" in line and "PostgreSQL" in line


def test_an_unreachable_postgresql_is_one_clear_line(tmp_path):
    with socket.socket() as probe:  # a port on this machine where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    line = one_clear_line(
        start(tmp_path, DATABASE_URL=f"postgresql://tabletop:secret@127.0.0.1:{port}/games")
    )
    assert f"The database postgresql://tabletop:***@127.0.0.1:{port}/games cannot" in line
    assert "secret" not in line
