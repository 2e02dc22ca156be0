"""The bot as a real process (`python -m bot`) pointed at the fake server, and its numbers."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import Any

from bot.settings import Settings

REPO = Path(__file__).resolve().parents[2]
DESCENDANTS_EVERY = 1.0
"""Seconds a list of the bot's child processes is trusted (BotProcess._recent_descendants)."""
SETTINGS = frozenset(Settings.model_fields)
"""The bot's settings: a bot process gets only those the benchmark gives it (bot_env)."""


Database = Path | str
"""Where a bot process keeps its games: a SQLite file, or a DATABASE_URL (`postgresql://...`,
for several shard processes on one database)."""


def database_url(db: Database) -> str:
    """The DATABASE_URL of `db`, as the bot reads it (a path is the SQLite file's)."""
    return f"sqlite:///{db}" if isinstance(db, Path) else db


def bot_env(base_url: str, db: Database, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a bot process: our settings only, none inherited from the caller.

    `extra` sets more of them (BOARD_EDIT_INTERVAL, REST_PER_SECOND, SNAPSHOT_EVERY, AI_WORKER:
    the benchmarks' knobs; SHARD_COUNT and SHARD_IDS for one of several shard processes); what
    it leaves out has the bot's default.

    SHARD_COUNT unset, discord.py asks the fake server, which says how many shards it hands out
    (1 unless told otherwise; both bots follow the gateway URL it names, bot.gateway).
    """
    env = {k: v for k, v in os.environ.items() if k.lower() not in SETTINGS}
    env.update(
        DISCORD_TOKEN="fake-token-for-loopback",
        DATABASE_URL=database_url(db),
        DISCORD_API_BASE=base_url,
        LOG_LEVEL="INFO",
        PYTHONPATH=os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p),
        PYTHONUNBUFFERED="1",
    )
    env.update(extra or {})
    return env


class BotProcess:
    """One run of a bot module in its own working directory (so no `.env` is read)."""

    def __init__(
        self,
        base_url: str,
        db: Database,
        workdir: Path,
        *,
        module: str = "bot",
        extra_env: dict[str, str] | None = None,
        profile_to: Path | None = None,
        log_name: str = "bot.log",
    ) -> None:
        self.base_url = base_url
        self.db = db
        self.workdir = workdir
        self.module = module
        self.extra_env = extra_env
        self.profile_to = profile_to
        self.log_path = workdir / log_name
        self.proc: asyncio.subprocess.Process | None = None
        self.started_at = 0.0
        self._log_offset = 0
        self._descendants: list[int] = []
        self._descendants_at = -DESCENDANTS_EVERY

    @property
    def pid(self) -> int:
        """The process id."""
        assert self.proc is not None
        return self.proc.pid

    async def start(self) -> None:
        """Spawn the process; its output goes to the log file (never a pipe that could fill)."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        self._log_offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        self._descendants_at = -DESCENDANTS_EVERY  # a new process: its children are new too
        args = [sys.executable]
        if self.profile_to is not None:
            renderer = {".html": "html", ".pstats": "pstats", ".pyisession": "session"}.get(
                self.profile_to.suffix, "text"
            )
            args += ["-m", "pyinstrument", "-r", renderer, "-o", str(self.profile_to)]
        args += ["-m", self.module]
        with open(self.log_path, "ab") as log:
            self.started_at = time.monotonic()
            self.proc = await asyncio.create_subprocess_exec(
                *args,
                cwd=self.workdir,
                env=bot_env(self.base_url, self.db, self.extra_env),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
            )

    def log_text(self) -> str:
        """The log of this run so far."""
        if not self.log_path.exists():
            return ""
        with open(self.log_path, "rb") as f:
            f.seek(self._log_offset)
            return f.read().decode("utf-8", "replace")

    async def wait_log(self, pattern: str, timeout: float, count: int = 1) -> bool:
        """Poll the log for `count` lines matching `pattern` (False on timeout or exit)."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(regex.findall(self.log_text())) >= count:
                return True
            if self.proc is not None and self.proc.returncode is not None:
                return False
            await asyncio.sleep(0.02)
        return False

    def error_lines(self) -> list[str]:
        """Log lines at ERROR level or with a traceback header (colour codes removed)."""
        text = re.sub(r"\x1b\[[0-9;]*m", "", self.log_text())
        return [
            line
            for line in text.splitlines()
            if " ERROR " in line or line.startswith("Traceback") or "Ignoring exception" in line
        ]

    def rss_kb(self) -> int:
        """Resident memory (VmRSS) of the process and of those it runs, in KiB."""
        total = 0
        for pid in (self.pid, *self.descendants()):
            with contextlib.suppress(FileNotFoundError):
                status = Path(f"/proc/{pid}/status").read_text()
                match = re.search(r"^VmRSS:\s+(\d+)\s+kB", status, re.M)
                total += int(match[1]) if match else 0
        return total

    def descendants(self) -> list[int]:
        """The process ids the bot started, and theirs: the AI worker's fork server and the
        worker it started (bot.ai_worker)."""
        found: list[int] = []
        parents = [self.pid]
        while parents:
            parent = parents.pop()
            with contextlib.suppress(FileNotFoundError):
                for thread in os.listdir(f"/proc/{parent}/task"):
                    with contextlib.suppress(FileNotFoundError):
                        with open(f"/proc/{parent}/task/{thread}/children") as file:
                            children = [int(pid) for pid in file.read().split()]
                        found += children
                        parents += children
        return found

    def _recent_descendants(self) -> list[int]:
        """`descendants()`, looked up again at most once a second.

        The CPU trace asks ten times a second, and the walk over every thread's children in
        /proc took the driver's CPU from the bot it measures. The bot starts its AI worker when
        it starts (and again only if the worker dies), so a second late is never late.
        """
        now = time.monotonic()
        if now - self._descendants_at >= DESCENDANTS_EVERY:
            self._descendants = self.descendants()
            self._descendants_at = now
        return self._descendants

    def cpu_split(self) -> tuple[float, float]:
        """User + system CPU time so far of the process and of those it runs, and the same of
        the process alone: the one that answers clicks, without its AI worker (every process it
        started is the worker's: its fork server and the pool's process), from one read of each
        process's counters."""
        everything = clicks = 0
        for pid in (self.pid, *self._recent_descendants()):
            with contextlib.suppress(FileNotFoundError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                ticks = int(fields[11]) + int(fields[12])
                everything += ticks
                if pid == self.pid:
                    clicks += ticks
        per_second = os.sysconf("SC_CLK_TCK")
        return everything / per_second, clicks / per_second

    def kill(self) -> None:
        """SIGKILL: no cleanup at all, as a crash."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)

    async def wait(self, timeout: float) -> int | None:
        """The exit status, or None if it is still running after `timeout`."""
        assert self.proc is not None
        with contextlib.suppress(TimeoutError):
            return await asyncio.wait_for(self.proc.wait(), timeout)
        return None

    async def stop(self, timeout: float = 15.0) -> int | None:
        """SIGINT (discord.py closes cleanly), then SIGKILL if it takes too long."""
        if self.proc is None or self.proc.returncode is not None:
            return None if self.proc is None else self.proc.returncode
        self.proc.send_signal(signal.SIGINT)
        code = await self.wait(timeout)
        if code is None:
            self.kill()
            code = await self.wait(5.0)
        return code


def percentiles(samples: list[float]) -> dict[str, Any]:
    """count, p50, p95, p99, max (seconds) of a list of durations."""
    if not samples:
        return {"count": 0, "p50": None, "p95": None, "p99": None, "max": None}
    ordered = sorted(samples)

    def q(x: float) -> float:
        return ordered[min(len(ordered) - 1, int(x * len(ordered)))]

    return {
        "count": len(ordered),
        "p50": q(0.50),
        "p95": q(0.95),
        "p99": q(0.99),
        "max": ordered[-1],
    }


def ms(value: float | None) -> str:
    """Seconds as milliseconds for tables."""
    return "-" if value is None else f"{1000 * value:.1f}"
