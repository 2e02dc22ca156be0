"""Several bot processes on one machine: each runs some of the shards, so some of the servers.

A Python process runs its code on one core at a time. With PROCESSES=N, `python -m bot` becomes
a supervisor that starts N processes of the same module, each with the shards
`index, index + N, ...` of SHARD_COUNT (N when unset). Discord sends a server's events to its
shard, so each process owns the games of its servers. They share the SQLite file, whose writers
take turns (bot.batch_writer, bot.lock_file).

Discord sends every direct-message interaction to shard 0: a click on a turn DM reaches
process 0 whichever process owns the game. Process 0 hands it to the owner over a Unix socket
(`Peers`), and the owner answers it by its token as if its own gateway had brought it.

Each process watches a pipe from the supervisor and exits at once when it closes: a supervisor
killed with SIGKILL leaves no process serving games behind, nor two owners of a game after the
restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import struct
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.lock_file import LockFile

log = logging.getLogger(__name__)

INDEX_ENV = "TABLETOP_CLUSTER_INDEX"
DIR_ENV = "TABLETOP_CLUSTER_DIR"
LIFELINE_ENV = "TABLETOP_CLUSTER_LIFELINE"
REFUSED = 3
"""Exit status of a process Discord turned away (a rejected token, an intent not enabled): the
others would be too, so everything stops with that status."""
QUICK_DEATH = 30.0
QUICK_DEATHS = 3
"""A process that dies this many times in a row, each sooner than QUICK_DEATH seconds after
starting, is not started again: something is wrong that a restart will not mend."""
RESTART_PAUSE = 1.0
CONNECT_TRIES = 10
"""Tries (0.1 s apart) to reach a peer that is starting: within Discord's 3 s to answer."""
IDENTIFY_EVERY = 5.5
"""Discord takes one IDENTIFY every 5 s from a bot, whichever process sends it (max_concurrency
is 1 for all but the largest bots; it is not worth a lock per bucket for those). The half second
more is for the way from the turn to Discord: connecting, then the IDENTIFY itself."""
ACK_WAIT = 1.0
"""Seconds a peer has to take a handed interaction before it is handed again."""
_HEADER = struct.Struct("!I")
_TAKEN = b"\x01"


def supervising(processes: int) -> bool:
    """Whether this process is to start the others (PROCESSES above 1, and not one of them)."""
    return processes > 1 and INDEX_ENV not in os.environ


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's shard for a server."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Cluster:
    """Where this process stands among the bot's processes."""

    index: int
    processes: int
    shard_count: int
    directory: Path

    @property
    def shard_ids(self) -> list[int]:
        """The shards this process connects."""
        return list(range(self.index, self.shard_count, self.processes))

    def owner(self, guild_id: int) -> int:
        """The process that owns a server's games."""
        return shard_of(guild_id, self.shard_count) % self.processes

    async def identify_turn(self) -> None:
        """Wait until IDENTIFY_EVERY has passed since any process of the bot took its turn.

        The time of the last IDENTIFY is kept in a file of the cluster's directory, under a lock
        that the loop only tries: a process killed right after identifying still holds the
        others back, and none waits on a lock with the loop blocked.
        """
        turn = LockFile(self.directory / "identify")
        try:
            while not turn.acquire(wait=False):
                await asyncio.sleep(0.1)
            last = float(os.pread(turn.fd, 32, 0) or 0.0)
            wait = last + IDENTIFY_EVERY - time.monotonic()
            if last and wait > 0:
                await asyncio.sleep(wait)
            os.pwrite(turn.fd, f"{time.monotonic():<31.6f}".encode(), 0)
        finally:
            turn.close()  # and with it the lock

    def socket(self, index: int) -> Path:
        """Where process `index` takes the interactions handed to it."""
        return self.directory / f"{index}.sock"

    @classmethod
    def from_env(cls, processes: int, shard_count: int | None) -> Cluster | None:
        """This process's place, or None outside a supervisor (one process does everything)."""
        if processes == 1 or INDEX_ENV not in os.environ:
            return None
        return cls(
            index=int(os.environ[INDEX_ENV]),
            processes=processes,
            shard_count=shard_count or processes,
            directory=Path(os.environ[DIR_ENV]),
        )


class TakesTurnsToIdentify:
    """For a discord.py client class: with a cluster, its processes take turns to IDENTIFY."""

    cluster: Cluster | None

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """The cluster's turn (Discord takes one IDENTIFY every 5 s from a bot), or
        discord.py's own spacing of one process's shards."""
        if self.cluster is None:
            await super().before_identify_hook(shard_id, initial=initial)  # type: ignore[misc]
        else:
            await self.cluster.identify_turn()


def shard_options(cluster: Cluster | None, shard_count: int | None) -> dict[str, Any]:
    """discord.py's sharding arguments: this process's own shards, or all of them."""
    if cluster is None:
        return {"shard_count": shard_count}
    return {"shard_count": cluster.shard_count, "shard_ids": cluster.shard_ids}


def watch_lifeline(loop: asyncio.AbstractEventLoop) -> None:
    """Exit at once when the supervisor is gone (its end of the pipe closes)."""
    fd = os.environ.get(LIFELINE_ENV)
    if fd is None:
        return

    def check() -> None:
        if not os.read(int(fd), 1):
            os._exit(1)  # no cleanup, as in a crash: every answered move is committed already

    loop.add_reader(int(fd), check)


class _Link:
    """A connection to one peer. Each frame is acknowledged once the peer has taken it, in order,
    so several can be in flight."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.waiting: deque[asyncio.Future[None]] = deque()
        self._acks = asyncio.get_running_loop().create_task(self._read_acks(reader))

    async def _read_acks(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                await reader.readexactly(1)
                taken = self.waiting.popleft()
                if not taken.done():  # given up on (timed out): its ack comes all the same
                    taken.set_result(None)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.writer.close()
            for untaken in self.waiting:
                if not untaken.done():
                    untaken.set_exception(ConnectionResetError("the peer is gone"))
            self.waiting.clear()

    async def send(self, frame: bytes) -> None:
        """Until the peer has taken the frame; ConnectionError or TimeoutError if it did not."""
        taken = asyncio.get_running_loop().create_future()
        self.waiting.append(taken)
        try:
            self.writer.write(frame)
            await self.writer.drain()
            await asyncio.wait_for(taken, ACK_WAIT)
        finally:
            if not taken.done():
                taken.cancel()  # its ack no longer matters
            elif not taken.cancelled():
                taken.exception()  # seen here: a failure of the link was raised, or none

    def close(self) -> None:
        """Hang up (the ack reader then fails whatever is still waiting)."""
        self.writer.close()
        self._acks.cancel()


class Peers:
    """Interactions handed between the processes, as Discord's JSON, over Unix sockets.

    A handed interaction counts as delivered only when the peer acknowledges it: written into
    the socket of a process that was being killed, it would otherwise be lost without a word.
    """

    def __init__(self, cluster: Cluster, receive: Callable[[dict[str, Any]], None]) -> None:
        self.cluster = cluster
        self._receive = receive
        self._server: asyncio.Server | None = None
        self._links: dict[int, _Link] = {}

    async def start(self) -> None:
        """Listen for the interactions the other processes hand to this one."""
        path = self.cluster.socket(self.cluster.index)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # left by this process's previous life
        self._server = await asyncio.start_unix_server(self._serve, path=str(path))

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                (size,) = _HEADER.unpack(await reader.readexactly(_HEADER.size))
                body = await reader.readexactly(size)
                try:
                    self._receive(json.loads(body))
                except Exception:  # taken all the same: handing it again would fail again
                    log.exception("could not take an interaction handed over by a peer")
                writer.write(_TAKEN)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    async def send(self, index: int, data: dict[str, Any]) -> bool:
        """Hand an interaction to process `index`; False if it could not be reached."""
        body = json.dumps(data).encode()
        frame = _HEADER.pack(len(body)) + body
        for _ in range(CONNECT_TRIES):
            link = self._links.get(index)
            if link is None or link.writer.is_closing():
                try:
                    reader, writer = await asyncio.open_unix_connection(
                        str(self.cluster.socket(index))
                    )
                except OSError:
                    await asyncio.sleep(0.1)
                    continue
                link = self._links[index] = _Link(reader, writer)
            try:
                await link.send(frame)
                return True
            except (ConnectionError, TimeoutError):
                link.close()
                if self._links.get(index) is link:
                    del self._links[index]
        return False

    async def close(self) -> None:
        """Stop listening and hang up."""
        if self._server is not None:
            self._server.close()
        for link in self._links.values():
            link.close()
        self._links.clear()


class Supervisor:
    """Starts the processes, restarts one that dies, and stops them all on SIGINT or SIGTERM."""

    def __init__(self, module: str, processes: int) -> None:
        self.module = module
        self.processes = processes
        self.children: dict[int, tuple[subprocess.Popen[bytes], float]] = {}
        self.quick_deaths: dict[int, int] = {}
        self.stopping = False

    def run(self) -> int:
        """Until every process has stopped; the exit status of one that would not stay up."""
        read_end, self._lifeline = os.pipe()
        self._read_end = read_end
        status = 0
        with tempfile.TemporaryDirectory(prefix="tabletop-") as directory:
            self.directory = directory
            for signum in (signal.SIGINT, signal.SIGTERM):
                signal.signal(signum, self._stop)
            for index in range(self.processes):
                self._start(index)
            while self.children:
                try:
                    pid, code = os.wait()
                except ChildProcessError:
                    break
                index = next((i for i, (p, _) in self.children.items() if p.pid == pid), None)
                if index is None:
                    continue
                _, started = self.children.pop(index)
                code = os.waitstatus_to_exitcode(code)
                if self.stopping:
                    continue
                quick = time.monotonic() - started < QUICK_DEATH
                self.quick_deaths[index] = self.quick_deaths.get(index, 0) + 1 if quick else 0
                if code == REFUSED or self.quick_deaths[index] >= QUICK_DEATHS:
                    log.error("process %d exited (%d): stopping them all", index, code)
                    status = code or 1
                    self._stop(signal.SIGTERM, None)
                    continue
                log.error("process %d exited (%d): starting it again", index, code)
                time.sleep(RESTART_PAUSE)
                self._start(index)
        os.close(self._lifeline)
        os.close(read_end)
        return status

    def _start(self, index: int) -> None:
        env = {
            **os.environ,
            INDEX_ENV: str(index),
            DIR_ENV: self.directory,
            LIFELINE_ENV: str(self._read_end),
        }
        child = subprocess.Popen(
            [sys.executable, "-m", self.module],
            env=env,
            pass_fds=(self._read_end,),
            # Its own process group: a Ctrl-C in the terminal reaches the supervisor only,
            # which passes it on once.
            process_group=0,
        )
        self.children[index] = (child, time.monotonic())

    def _stop(self, signum: int, frame: Any) -> None:
        if self.stopping:
            return  # passed on once already: the processes are closing
        self.stopping = True
        for child, _ in self.children.values():
            with contextlib.suppress(ProcessLookupError):
                child.send_signal(signal.SIGINT)


def supervise(module: str, processes: int) -> int:
    """Run `python -m module` as `processes` processes; see the module docstring."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    return Supervisor(module, processes).run()
