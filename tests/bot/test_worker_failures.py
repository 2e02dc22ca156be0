"""What players and admins see when the AI worker process (bot.ai_worker) fails.

The AIs decide, and the pictures are drawn, in a ProcessPoolExecutor of one process forked from
a fork server. These tests kill it, stop it (SIGSTOP: a worker that hangs, swapped out or stuck
in a decision, looks the same from the bot), or kill its fork server, and check that games go
on, boards are drawn, and the bot starts and stops as it should.

The SimCord test uses the `world` fixture's bot (AI_WORKER on); a worker that hangs is in
tests/bot/test_ai_worker.py. The process tests run real
`python -m bot` processes against the loopback Discord of benchmarks/fake_discord; every process
they start is killed in a finally block.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

from benchmarks.fake_discord.proc import bot_env
from benchmarks.fake_discord.world import make_server
from bot.ai_worker import WORKER_UP
from tests.bot.driver import (
    act_once,
    board,
    only_session,
    open_game,
)

# --- helpers -------------------------------------------------------------------------------


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie, ended but not yet reaped, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return False
    return stat[0] != "Z"


def kill_quietly(pid: int | None, sig: int = signal.SIGKILL) -> None:
    """Send `sig` to `pid` if it still runs (a stopped process is woken to die)."""
    if pid is None:
        return
    with contextlib.suppress(OSError):
        os.kill(pid, sig)
        if sig == signal.SIGKILL:
            os.kill(pid, signal.SIGCONT)


async def wait_gone(pid: int, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        await asyncio.sleep(0.02)
    return False


def children_of(pid: int) -> list[int]:
    """Direct children of a process (every thread's)."""
    found: list[int] = []
    with contextlib.suppress(FileNotFoundError):
        for thread in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(FileNotFoundError):
                found += [
                    int(p) for p in Path(f"/proc/{pid}/task/{thread}/children").read_text().split()
                ]
    return found


def command_of(pid: int) -> str:
    with contextlib.suppress(OSError):
        return (
            Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        )
    return ""


# --- SimCord: the bot of the `world` fixture -----------------------------------------------


async def test_a_worker_killed_again_and_again_mid_game_is_replaced(world, monkeypatch, caplog):
    """alice plays The Game against an AI with pictures on; the
    worker is SIGKILLed before each of her turns ends (a worker that had lived long enough, so
    that it is started again each time). The AI still moves every time, every board keeps its
    picture, and the log has one warning per death and no ERROR."""
    monkeypatch.setattr("bot.ai_worker.RESTART_AFTER", 0.0)
    caplog.set_level(logging.INFO)
    alice = world.members[0]
    message = await open_game(world, alice, "thegame", [], ai=1)
    session = only_session(world)
    killed: list[int] = []
    try:
        for _ in range(3):
            pid = await world.env.bot.ai.worker_pid()
            assert pid is not None and pid not in killed
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
            assert await wait_gone(pid)
            turn = session.state.turn
            while session.running and session.state.turn == turn:
                assert await act_once(alice, board(world)) is not None
            await world.env.settle()
            if not session.running:
                break
            assert session.state.turn >= turn + 2 and session.to_act() == {0}
            now = next(m for m in world.channel.history() if m.id == message.id)
            assert len(now.attachments) == 1, "the board lost its picture"
    finally:
        for pid in killed:
            kill_quietly(pid)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], "\n".join(logging.Formatter().format(r) for r in errors[:3])
    died = [
        r.getMessage()
        for r in caplog.records
        if r.name == "bot.ai_worker" and r.levelno == logging.WARNING
    ]
    assert died == ["the AI worker died; starting a new one"] * len(killed), (
        killed,
        session.running,
        session.state.turn,
    )


# --- real `python -m bot` processes ----------------------------------------------------------

STARTS_WITHIN = 30.0
"""Seconds a bot process may take to connect and have its worker up (about 7 on this machine)."""


class Bot:
    """A `python -m bot` process in a session of its own (as in a terminal of its own: Ctrl-C
    there reaches its whole process group), on a SQLite file in tmp_path."""

    def __init__(self, proc: asyncio.subprocess.Process, log: Path, server) -> None:
        self.proc = proc
        self.log = log
        self.server = server

    def text(self) -> str:
        return re.sub(r"\x1b\[[0-9;]*m", "", self.log.read_text(errors="replace"))

    def worker_pid(self) -> int | None:
        match = re.search(re.escape(WORKER_UP) + r" \(process (\d+)\)", self.text())
        return int(match[1]) if match else None

    def descendants(self) -> list[int]:
        found, parents = [], [self.proc.pid]
        while parents:
            kids = children_of(parents.pop())
            found += kids
            parents += kids
        return found

    async def wait_for(self, pattern: str, timeout: float = STARTS_WITHIN) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if re.search(pattern, self.text()):
                return True
            if self.proc.returncode is not None:
                return False
            await asyncio.sleep(0.02)
        return False

    async def exit_code(self, timeout: float) -> int | None:
        with contextlib.suppress(TimeoutError):
            return await asyncio.wait_for(self.proc.wait(), timeout)
        return None


@contextlib.asynccontextmanager
async def bot_process(tmp_path: Path, **settings: str) -> AsyncIterator[Bot]:
    """A bot process against the loopback Discord; it and every process of its group (its fork
    server, worker and resource tracker) are SIGKILLed at the end, whatever happened."""
    server = make_server(1, 1)
    await server.start()
    log = tmp_path / "bot.log"
    proc = None
    known: set[int] = set()
    try:
        with open(log, "wb") as out:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=tmp_path,
                env=bot_env(server.base_url, tmp_path / "games.db", settings),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out,
                stderr=asyncio.subprocess.STDOUT,
                start_new_session=True,
            )
        bot = Bot(proc, log, server)
        yield bot
    finally:
        if proc is not None:
            with contextlib.suppress(OSError):
                known |= set(Bot(proc, log, server).descendants())
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGCONT)
            for pid in known:
                kill_quietly(pid)
            if proc.returncode is None:
                proc.kill()
            await proc.wait()
        await server.stop()


async def started(bot: Bot) -> int:
    """Wait until the bot is connected with its worker up; the worker's process id."""
    assert await bot.wait_for(re.escape(WORKER_UP)), bot.text()[-3000:]
    await asyncio.wait_for(bot.server.online.wait(), STARTS_WITHIN)
    pid = bot.worker_pid()
    assert pid is not None
    return pid


async def fork_server_of(bot) -> int:
    """The process id of the bot's fork server, as soon as it runs (loading, for seconds)."""
    deadline = time.monotonic() + STARTS_WITHIN
    while time.monotonic() < deadline:
        found = [p for p in bot.descendants() if "multiprocessing.forkserver" in command_of(p)]
        if found:
            return found[0]
        await asyncio.sleep(0.01)
    raise AssertionError(bot.text()[-2000:])


async def test_ctrl_c_ends_a_bot_whose_worker_hangs(tmp_path):
    """An admin stops the bot (SIGINT, as Ctrl-C or `systemctl stop` with KillSignal=SIGINT)
    while its worker hangs: it stops within seconds, the worker killed."""
    async with bot_process(tmp_path) as bot:
        worker = await started(bot)
        os.kill(worker, signal.SIGSTOP)
        os.kill(bot.proc.pid, signal.SIGINT)
        code = await bot.exit_code(8.0)
        assert code is not None, "the bot was still running 8 s after SIGINT"


async def test_ctrl_c_in_a_terminal_stops_the_bot_and_its_worker_quietly(tmp_path):
    """An admin runs `./scripts/run` in a terminal and presses Ctrl-C: the terminal sends
    SIGINT to the whole foreground process group, the worker included. The bot stops quietly:
    no KeyboardInterrupt traceback from the worker in the log."""
    async with bot_process(tmp_path) as bot:
        await started(bot)
        os.killpg(bot.proc.pid, signal.SIGINT)
        code = await bot.exit_code(10.0)
        await asyncio.sleep(0.5)  # the worker's last words reach the log
        assert code == 0
        tail = bot.text().split(WORKER_UP, 1)[1]
        assert "Traceback" not in tail and "KeyboardInterrupt" not in tail, tail[-1500:]


async def test_the_bot_comes_online_when_its_worker_cannot_be_started(tmp_path):
    """The worker's fork server is killed (the OOM killer, an admin's `kill`) while it loads,
    before the worker is up: the bot comes online and plays without its worker, the AIs
    deciding in the bot."""
    async with bot_process(tmp_path) as bot:
        fork_server = await fork_server_of(bot)
        await asyncio.sleep(0.3)  # it is loading the engines and pictures (seconds)
        assert bot.worker_pid() is None
        os.kill(fork_server, signal.SIGKILL)
        online = await bot.wait_for(r"ready as ", STARTS_WITHIN)
        assert online and bot.proc.returncode is None, (
            f"the bot exited ({bot.proc.returncode}) instead of playing without its worker:\n"
            + "\n".join(bot.text().splitlines()[-6:])
        )


async def test_ctrl_c_while_the_bot_starts_stops_it_quietly(tmp_path):
    """An admin runs the bot in a terminal and presses Ctrl-C during its first seconds (a typo
    in .env noticed, say), while the worker's fork server loads the engines and pictures: the
    bot stops quietly, as it does without a worker (AI_WORKER=false)."""
    async with bot_process(tmp_path) as bot:
        await fork_server_of(bot)
        await asyncio.sleep(0.3)  # it is loading (seconds)
        assert bot.worker_pid() is None
        os.killpg(bot.proc.pid, signal.SIGINT)
        code = await bot.exit_code(10.0)
        await asyncio.sleep(0.5)
        assert code == 0
        text = bot.text()
        assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-1500:]


async def test_a_fork_server_that_hangs_does_not_keep_the_bot_offline(tmp_path):
    """The worker's fork server hangs while it loads (SIGSTOP here; swapped out, or stuck on a
    slow disk, in real life): the bot comes online after WORKER_START_WAIT without it."""
    async with bot_process(tmp_path) as bot:
        fork_server = await fork_server_of(bot)
        os.kill(fork_server, signal.SIGSTOP)
        try:
            online = await bot.wait_for(r"ready as ", 35.0)
            assert online, "35 s after start the bot is still not online:\n" + "\n".join(
                bot.text().splitlines()[-3:]
            )
        finally:
            kill_quietly(fork_server)
