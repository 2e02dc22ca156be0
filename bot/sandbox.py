"""`python -m bot sandbox`: the real bot inside SimCord's simulated Discord, in the browser.

A server with two channels, you (Ada, an admin) and three friends you can act for ("viewing
as"). Games persist in their own SQLite file, so stopping and starting the sandbox resumes them:
the simulated world is rebuilt in the same order, so its ids, and the games' channels, match,
and the boards of running games are posted again. Turn clocks start off (one person playing
for four cannot beat them); `/config timer` turns them on, on the simulated Discord's clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import secrets
import signal
import socket
import sys
from pathlib import Path
from typing import Any

import discord
from pydantic import SecretStr
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource

from bot.settings import Settings
from bot.storage import StorageError

INSTALL_HINT = 'The sandbox needs the optional extra: pip install -e ".[sandbox]"'
YOU = "Ada"
FRIENDS = ("Boris", "Chloé", "Dima")
BOT_NAME = "Tabletop"
MAX_PORT = 65535
SETTLE_SECONDS = 1.0
"""How long the page waits for the bot to finish with a click. A longer wait would also wait
for any bot timer due within it (a turn clock's reminder), and the page would hang meanwhile."""


def _require_extra() -> Any:
    try:
        import simcord
        import simcord.preview  # its own imports tell whether the extra is there
    except ImportError as exc:
        raise SystemExit(f"{INSTALL_HINT} ({exc})") from exc
    return simcord


def page_key(db: Path) -> str:
    """The secret part of the page's address, kept beside the sandbox's database.

    The same key on every start keeps the address the same, so a bookmark or an open tab
    (reloaded) finds the sandbox again after a restart. Only the owner of the file may read it:
    anyone holding the address can play as every member.
    """
    path = db.with_name(db.name + ".page-key")
    if path.exists() and (kept := path.read_text().strip()):
        return kept
    # None yet, or emptied (by hand, for a new address): a new one.
    key = secrets.token_urlsafe(32)
    _write_whole(path, key, private=True)
    return key


def _write_whole(path: Path, text: str, *, private: bool = False) -> None:
    """Write a file so that it holds either its old text or the new one, never a part: a
    process stopped mid-write must not leave a file that stops the next start."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o644)
    with os.fdopen(fd, "w") as file:
        file.write(text)
    os.replace(partial, path)


def _check_port(port: int) -> None:
    if port == 0:
        return
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # As the page's server binds: a port a quick restart just left (TIME_WAIT) is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise SystemExit(
                    f"Port {port} on 127.0.0.1 is in use: stop what runs there or pick another "
                    f"with --port."
                ) from exc
            if exc.errno in (errno.EACCES, errno.EPERM):
                raise SystemExit(
                    f"Port {port} on 127.0.0.1 may not be opened by this user: pick one from "
                    f"1024 up with --port."
                ) from exc
            raise


class SandboxSettings(Settings):
    """Settings given only in code: none of the real bot's environment or `.env` (its
    database, shards, development server or REST proxy) reaches the sandbox."""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Only what `sandbox_settings` passes."""
        return (init_settings,)


def sandbox_settings(db: Path) -> Settings:
    """Settings of the sandbox bot: its own database, never the production one."""
    return SandboxSettings(
        discord_token=SecretStr("sandbox"),
        database_url=f"sqlite:///{db}",
        shard_count=1,
        # No rate limits to respect here; and the AIs decide in the bot's own process: one
        # person plays every seat, so no burst of clicks needs the other core, and a sandbox
        # stopped with Ctrl-C leaves no worker process behind.
        board_edit_interval=0.0,
        rest_per_second=0.0,
        ai_worker=False,
        # The page shows one channel: a game in a thread of its own could not be reached.
        game_threads=False,
    )


async def _first_start_without_clocks(bot: Any, guild_id: int) -> None:
    """On the sandbox's first start, its server plays without turn clocks; games are never
    given threads of their own (a sandbox file from before may have them on)."""
    update: dict[str, object] = {"threads": False}
    if not await bot.storage.guild_settings(guild_id):  # else chosen with /config: kept
        update |= {"turn_seconds": 0, "choice_seconds": 0}
    await bot.runtime.change_config(guild_id, lambda cfg: cfg.model_copy(update=update))


class Sandbox:
    """The running simulated world: use as `async with Sandbox(...) as sb: sb.url`."""

    def __init__(self, db: Path, port: int = 8765) -> None:
        self.db = db
        self.port = port
        self.url = ""
        self.env: Any = None
        self.members: list[Any] = []
        self._stack = contextlib.AsyncExitStack()

    async def __aenter__(self) -> Sandbox:
        simcord = _require_extra()
        _check_port(self.port)
        try:
            await self._start(simcord)
        except BaseException:
            # `async with` does not exit what failed to enter: the simulated world, the bot
            # and its database would stay open, and the process would never end.
            await self.__aexit__()
            raise
        return self

    async def _start(self, simcord: Any) -> None:
        from bot.client import TabletopBot

        # The world is built first, in the same order every time, so its ids are the same on
        # every start and the stored games find their channels; then our bot connects to it.
        placeholder = discord.Client(intents=discord.Intents.none())
        self.env = env = await self._stack.enter_async_context(
            simcord.run(placeholder, settle_timeout=SETTLE_SECONDS)
        )
        env.backend.bot_user.name = BOT_NAME
        guild = env.create_guild("Sandbox")
        games = guild.create_text_channel("games")
        guild.create_text_channel("more-games")
        admins = guild.create_role("Admins", permissions=discord.Permissions(administrator=True))
        you = guild.add_member(env.create_user(YOU), roles=[admins])
        self.members = [you, *(guild.add_member(env.create_user(n)) for n in FRIENDS)]
        # Its clock goes on from where the last run left it: stored deadlines keep their meaning.
        env.backend.clock.advance(max(0.0, self._clock_file_time() - env.now().timestamp()))
        bot = TabletopBot(sandbox_settings(self.db), clock=lambda: env.now().timestamp())
        await env.restart_bot(bot)
        await _first_start_without_clocks(bot, guild.id)
        # The simulated world starts empty every time: lobbies and boards come back, posted anew
        # (the new world reuses the old one's message ids, so an old id must never be edited).
        for session in list(bot.runtime.sessions.values()):
            await bot.runtime.message_lost(session)
            bot.presenter.posted_again(session)
        # Their pictures are drawn in the bot's threads, which settling does not wait for.
        await bot.presenter.shown()
        await env.settle()
        preview = self.env.preview(games, viewers=self.members, layout="channel", port=self.port)
        # The preview draws a new capability for every start unless given one; it is a public
        # attribute, read by the page server for every request.
        preview.capability = page_key(self.db)
        try:
            await self._stack.enter_async_context(preview)
        except simcord.SetupError as exc:
            _check_port(self.port)  # taken since it was checked: says so
            raise SystemExit(f"The sandbox's page could not start: {exc}") from exc
        self.url = preview.url

    def _clock_file_time(self) -> float:
        path = self._clock_file()
        if not path.exists():
            return 0.0
        try:
            return float(path.read_text())
        except ValueError:
            raise SystemExit(
                f"The sandbox's clock file {path} is damaged: delete it to start again (the "
                "turn clocks of running games then count from their start)."
            ) from None

    def _clock_file(self) -> Path:
        """Where the simulated time is kept between runs, beside the sandbox's database."""
        return self.db.with_name(self.db.name + ".clock")

    async def __aexit__(self, *exc: object) -> None:
        if self.env is not None:
            _write_whole(self._clock_file(), str(self.env.now().timestamp()))
        bot = self.env.bot if self.env is not None else None
        await self._stack.aclose()
        if bot is not None and hasattr(bot, "storage"):
            await bot.storage.close()


async def serve(db: Path, port: int) -> None:
    """Run until Ctrl-C, `kill`, or the terminal closes: each stops it as Ctrl-C does, keeping
    its simulated time for the next start."""
    stop = asyncio.current_task()
    assert stop is not None
    for stopping in (signal.SIGTERM, signal.SIGHUP):
        asyncio.get_running_loop().add_signal_handler(stopping, stop.cancel)
    async with Sandbox(db, port) as sb:
        print(f"Sandbox running: open {sb.url}")
        print("Type /newgame in the page; switch 'viewing as' to play for a friend. Ctrl-C stops.")
        await asyncio.Event().wait()


def main(argv: list[str]) -> int:
    """Parse `sandbox [--port N] [--db PATH]` and run."""
    port, db = 8765, Path("data/sandbox.db")
    usage = "usage: python -m bot sandbox [--port N] [--db PATH]"
    args = iter(argv)
    for arg in args:
        try:
            if arg == "--port":
                port = int(next(args))
            elif arg == "--db":
                db = Path(next(args))
            else:
                print(f"unknown argument {arg}; {usage}")
                return 2
        except StopIteration:
            print(f"{arg} needs a value; {usage}")
            return 2
        except ValueError:
            print(f"{arg} takes a number; {usage}")
            return 2
    if not 0 <= port <= MAX_PORT:
        print(f"--port takes a number from 0 to {MAX_PORT}; {usage}")
        return 2
    try:
        asyncio.run(serve(db, port))
    except (KeyboardInterrupt, asyncio.CancelledError):
        pass
    except SystemExit as exc:
        print(exc, file=sys.stderr)
        return 1
    except StorageError as exc:
        print(f"The sandbox's database {db} cannot be used: {exc}", file=sys.stderr)
        return 1
    return 0
