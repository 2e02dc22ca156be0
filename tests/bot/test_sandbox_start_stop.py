"""The sandbox (`python -m bot sandbox`) as a newcomer meets it: starting it with damaged files,
a taken port or the real bot's environment, stopping it every way a terminal does, and what
the page can reach.

The command line is run in a child process where what a newcomer sees is its output and its exit
(a traceback, a process that never ends); everything it creates lives under tmp_path.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from bot.sandbox import Sandbox
from bot.sandbox import main as sandbox_main
from tests.bot.page_client import PageClient
from tests.bot.test_sandbox import a_whole_game, cid, free_port

REPO = Path(__file__).resolve().parents[2]


def cli_env(**extra: str) -> dict[str, str]:
    """The environment of a child process: this one's, the repository importable, `extra` set."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def run_cli(cwd: Path, *args: str, timeout: float = 30, **env: str) -> tuple[int | None, str, str]:
    """Run `python -m bot sandbox ARGS` until it exits (None: still running after `timeout`,
    then killed); its exit status, stdout and stderr."""
    return run_python(cwd, ["-m", "bot", "sandbox", *args], timeout, **env)


def run_python(
    cwd: Path, argv: list[str], timeout: float, **env: str
) -> tuple[int | None, str, str]:
    child = subprocess.Popen(
        [sys.executable, *argv],
        cwd=cwd,
        env=cli_env(**env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = child.communicate(timeout=timeout)
        return child.returncode, out, err
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        return None, out, err


def start_cli(cwd: Path, *args: str, **env: str) -> tuple[subprocess.Popen[str], str]:
    """Start `python -m bot sandbox ARGS`; the child and the address it prints."""
    child = subprocess.Popen(
        [sys.executable, "-m", "bot", "sandbox", *args],
        cwd=cwd,
        env=cli_env(**env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    if not line.startswith("Sandbox running: open "):
        child.kill()
        _, err = child.communicate()
        raise AssertionError(f"the sandbox did not start: {line!r} {err[-2000:]}")
    return child, line.removeprefix("Sandbox running: open ").strip()


# --- a damaged file under data/ --------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("sandbox.db", b"this is not a SQLite database, it was damaged" * 4),
        ("sandbox.db.clock", b""),  # truncated: written with write_text, killed mid-way
    ],
)
def test_a_damaged_sandbox_file_is_one_clear_line_not_a_traceback(tmp_path, name, content):
    """A damaged data/sandbox.db, or a clock file emptied by hand: one line naming the file (as
    `python -m bot` gives for its database), status 1, no traceback."""
    data = tmp_path / "data"
    data.mkdir()
    (data / name).write_bytes(content)
    code, out, err = run_cli(tmp_path, "--port", "0")
    assert code == 1, (code, out, err[-1500:])
    assert "Traceback" not in err, err[-1500:]
    assert name in err  # which file, so that the newcomer knows what to delete or restore


# --- the port ----------------------------------------------------------------------------------


def test_a_port_out_of_range_is_a_usage_line_not_a_traceback(capsys):
    """`--port 70000` (or -1) prints the usage, status 2, as any other mistyped argument."""
    for port in ("70000", "-1"):
        assert sandbox_main(["--port", port]) == 2
        assert "usage: python -m bot sandbox [--port N] [--db PATH]" in capsys.readouterr().out


TAKEN_WHILE_STARTING = """
import socket, sys
import bot.sandbox as sandbox

check, held = sandbox._check_port, []

def check_then_taken(port):
    # Free when checked; taken a moment later (a second sandbox started at the same time, a
    # dev server), while the bot restores its games and before the page binds.
    check(port)
    other = socket.socket()
    other.bind(("127.0.0.1", port))
    other.listen()
    held.append(other)

sandbox._check_port = check_then_taken
sys.exit(sandbox.main(sys.argv[1:]))
"""


def taken_while_starting(tmp_path: Path) -> tuple[int, tuple[int | None, str, str]]:
    script = tmp_path / "taken_while_starting.py"
    script.write_text(TAKEN_WHILE_STARTING)
    port = free_port()
    return port, run_python(tmp_path, [str(script), "--port", str(port)], timeout=25)


def test_a_port_taken_while_the_sandbox_starts_is_not_called_a_missing_install(tmp_path):
    """A port taken after it was checked, before the page binds it (a second sandbox started
    at the same time): the port-in-use line, not a request to install what is installed."""
    port, (_, _, err) = taken_while_starting(tmp_path)
    assert f"Port {port} on 127.0.0.1 is in use" in err, err[-1500:]
    assert "optional extra" not in err


def test_a_sandbox_that_fails_after_its_bot_started_exits_instead_of_hanging(tmp_path):
    """A start that fails once the bot runs (here the page cannot bind its port) closes the
    simulated Discord, the bot and its database: the process ends, status 1."""
    _, (code, _, err) = taken_while_starting(tmp_path)
    assert code is not None, f"still running 25 s after failing: {err[-800:]}"
    assert code == 1


# --- the real bot's settings must not leak into the sandbox ------------------------------------


async def test_dev_guild_id_in_the_environment_does_not_hide_every_command(tmp_path, monkeypatch):
    """The real bot's DEV_GUILD_ID exported in the shell does not sync the sandbox's commands
    to that (absent) server: the page offers /newgame."""
    monkeypatch.setenv("DEV_GUILD_ID", "123456789012345678")
    async with Sandbox(tmp_path / "sandbox.db", port=0) as sandbox, aiohttp.ClientSession() as http:
        page = PageClient(http, sandbox.url)
        await page.open(sandbox.members[0].id)
        catalog = await (await http.get(page.base + "api/commands", headers=page.headers)).json()
        invocations = {entry["invocation"] for entry in catalog["entries"]}
        assert "newgame" in invocations, sorted(invocations)


@pytest.mark.parametrize(
    "env",
    [
        {"DISCORD_API_BASE": "http://127.0.0.1:9"},  # a REST proxy of the real bot
        {"SHARD_COUNT": "2", "SHARD_IDS": "0,1"},  # a sharded PostgreSQL deployment
    ],
    ids=["discord_api_base", "shard_ids"],
)
def test_the_real_bots_environment_does_not_crash_the_sandbox(tmp_path, env):
    """The real bot's REST proxy or shards, exported in the shell, do not reach the sandbox:
    it starts, and stops on Ctrl-C."""
    child, _ = start_cli(tmp_path, "--port", "0", **env)
    child.send_signal(signal.SIGINT)
    child.communicate(timeout=30)


# --- sidecar files and the page key ------------------------------------------------------------


async def test_an_empty_page_key_file_still_gives_an_address_that_opens(tmp_path):
    """A page-key file emptied by hand (for a new address) gives a new key, not an address
    whose page says it has no capability."""
    db = tmp_path / "sandbox.db"
    (tmp_path / "sandbox.db.page-key").write_text("\n")
    async with Sandbox(db, port=0) as sandbox:
        assert sandbox.url.split("#")[1], sandbox.url


# --- stopping -----------------------------------------------------------------------------------


async def test_a_sandbox_killed_by_closing_its_terminal_keeps_its_clock(tmp_path):
    """Closing the terminal (SIGHUP) stops the sandbox as Ctrl-C does: the simulated time is
    kept, so a 6-second turn clock does not get back the time that passed before."""
    db = tmp_path / "data" / "sandbox.db"
    child, url = start_cli(tmp_path, "--port", "0", "--db", str(db))
    try:
        async with aiohttp.ClientSession() as http:
            page = PageClient(http, url)
            members = await page_members(http, page)
            await page.open(members["Ada"])
            await page.command("config timer", turn_seconds="6", choice_seconds="6")
            await page.command("newgame", game="zero")
            await page.click(*page.control(cid("tb:lobby:", ":addai")))
            await page.click(*page.control(cid("tb:lobby:", ":start")))
            # Ada lets her clock run out (6 s of the page's time): the AI plays for her, and her
            # next turn's clock starts 6 s later on the page's clock.
            await asyncio.sleep(7.5)
    finally:
        child.send_signal(signal.SIGHUP)
        child.communicate(timeout=30)
    async with Sandbox(db, port=0) as sandbox:
        (session,) = sandbox.env.bot.runtime.sessions.values()
        assert session.record.status == "running"
        left = session.record.deadline - sandbox.env.now().timestamp()
        assert left <= 6, f"the turn clock says {left:.0f} s left of a 6 s turn"


async def page_members(http: aiohttp.ClientSession, page: PageClient) -> dict[str, int]:
    """The members the page may view as, by name (from a page opened as the default viewer)."""
    response = await http.post(
        page.base + "api/pages",
        headers={"X-Simcord-Capability": page.capability},
        json={},
    )
    state = await response.json()
    found: dict[str, int] = {}

    def walk(value: object) -> None:
        if isinstance(value, dict):
            name, ident = value.get("name"), value.get("id")
            if name in ("Ada", "Boris", "Chloé", "Dima") and isinstance(ident, str):
                found.setdefault(name, int(ident))
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(state)
    assert "Ada" in found, state.keys()
    return found


# --- /config in the sandbox ---------------------------------------------------------------------


async def test_with_game_threads_on_the_lobby_can_still_be_reached_from_the_page(tmp_path):
    """The page shows #games only (a preview is bound to one channel): `/config threads` is
    refused there, saying why, and the next lobby opens where the page can reach it."""
    async with Sandbox(tmp_path / "sandbox.db", port=0) as sandbox, aiohttp.ClientSession() as http:
        page = PageClient(http, sandbox.url)
        await page.open(sandbox.members[0].id)
        await page.command("config threads", value=True)
        refusal = "Games cannot have threads of their own here"
        assert any(refusal in text for text in page.contents()), page.contents()
        await page.command("newgame", game="zero")
        assert page.control(cid("tb:lobby:", ":start")) is not None, page.contents()


# --- never the real bot's database, never the network ---------------------------------------------


async def test_the_real_database_and_network_are_never_touched(tmp_path, monkeypatch):
    """With DATABASE_URL exported and a .env naming the real
    database, in a directory holding data/tabletop.db, a whole game in the sandbox leaves the
    real database as it was, creates no other, and opens no connection beyond 127.0.0.1."""
    monkeypatch.chdir(tmp_path)
    real = tmp_path / "data" / "tabletop.db"
    real.parent.mkdir()
    real.write_bytes(b"the real bot's games")
    stamp = real.stat().st_mtime_ns
    elsewhere = tmp_path / "prod.db"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{elsewhere}")
    (tmp_path / ".env").write_text(f"DATABASE_URL=sqlite:///{real}\nDISCORD_TOKEN=real\n")
    connected: list[object] = []
    for name in ("connect", "connect_ex"):
        real_connect = getattr(socket.socket, name)

        def watched(self, address, _real=real_connect):  # type: ignore[no-untyped-def]
            connected.append(address)
            return _real(self, address)

        monkeypatch.setattr(socket.socket, name, watched)
    started = time.monotonic()
    async with Sandbox(Path("data/sandbox.db"), port=0) as sandbox, aiohttp.ClientSession() as http:
        page = PageClient(http, sandbox.url)
        await page.open(sandbox.members[0].id)
        await a_whole_game(page)
    assert time.monotonic() - started < 120
    assert real.read_bytes() == b"the real bot's games" and real.stat().st_mtime_ns == stamp
    assert not elsewhere.exists()
    assert (tmp_path / "data" / "sandbox.db").exists()
    assert connected  # the page itself, on 127.0.0.1
    assert all(str(address[0]) in ("127.0.0.1", "::1") for address in connected), connected


def test_a_port_the_user_may_not_open_is_a_clear_error_not_a_traceback(
    tmp_path, monkeypatch, capsys
):
    """`./scripts/run sandbox --port 80` as an ordinary user: Linux refuses ports below 1024
    (EACCES). The owner reads one line saying so, as for a port in use, and gets a non-zero
    exit, not a Python traceback."""
    import errno
    import socket

    from bot.sandbox import main as sandbox_main

    real_bind = socket.socket.bind

    def bind(self, address):  # what the kernel answers a user without CAP_NET_BIND_SERVICE
        if isinstance(address, tuple) and address[1] == 80:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_bind(self, address)

    monkeypatch.setattr(socket.socket, "bind", bind)
    try:
        status = sandbox_main(["--port", "80", "--db", str(tmp_path / "sandbox.db")])
    except OSError as exc:  # escapes main(): the owner sees a traceback
        raise AssertionError(f"a traceback instead of a message: {exc!r}") from exc
    said = capsys.readouterr()
    assert status != 0
    assert said.err.strip() == (
        "Port 80 on 127.0.0.1 may not be opened by this user: pick one from 1024 up with --port."
    )
