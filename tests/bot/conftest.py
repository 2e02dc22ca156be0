"""SimCord fixtures: the real bot in a simulated Discord, with members who have a locale."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions as sim_interactions
from pydantic import SecretStr

from bot.client import TabletopBot
from bot.settings import Settings

LOCALES: dict[int, str] = {}
_base_payload = sim_interactions.base_payload


def _with_locale(*args: Any, **kwargs: Any) -> Any:
    # SimCord sends every interaction as en-US; real clients send the member's own locale.
    record, payload = _base_payload(*args, **kwargs)
    user_id = kwargs["user_id"]
    if user_id in LOCALES:
        payload["locale"] = LOCALES[user_id]
    return record, payload


sim_interactions.base_payload = _with_locale


def make_bot(database_url: str) -> TabletopBot:
    """A bot as `python -m bot` builds it, on a test database, editing boards at once."""
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        discord_token=SecretStr("test"),
        database_url=database_url,
        board_edit_interval=0.0,
        rest_per_second=0.0,
        shard_count=1,
        ai_worker=True,
    )
    return TabletopBot(settings)


@dataclass
class World:
    """A server with a channel, an admin and a few members."""

    env: simcord.Env
    guild: Any
    channel: Any
    members: list[Any]
    admin: Any
    db: Path
    """The SQLite file (for tests that reach into it); `database_url` is what the bot uses."""
    database_url: str

    def member(self, name: str, locale: str = "en-US") -> Any:
        """A new member of the server with a Discord locale."""
        actor = self.guild.add_member(self.env.create_user(name))
        LOCALES[actor.id] = locale
        return actor

    async def restart(self) -> None:
        """A new bot process on the same database; the simulated Discord keeps its state."""
        # The old process's end takes its AI worker and its database connections with it
        # (and the shards it held), before the new one starts.
        await let_go(self.env.bot)
        await self.env.restart_bot(make_bot(self.database_url))


async def let_go(bot: TabletopBot) -> None:
    """What the end of a bot's process takes with it: its AI worker and its database.

    An AI worker still running when the next bot starts its own would make that start wait on
    SimCord's virtual clock; an open aiosqlite connection is a thread that keeps pytest alive.
    """
    if hasattr(bot, "ai"):
        await bot.ai.stop()
    if hasattr(bot, "storage"):
        await bot.storage.close()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """The test database file."""
    return tmp_path / "games.db"


@pytest.fixture
async def simcord_bot(database_url: str) -> AsyncIterator[TabletopBot]:
    """The bot under test, for SimCord's simcord_env fixture; its database closes after."""
    bot = make_bot(database_url)
    yield bot
    await let_go(bot)


@pytest.fixture
async def world(simcord_env: simcord.Env, db: Path, database_url: str) -> AsyncIterator[World]:
    """The running bot in a fresh simulated server (member ids repeat from test to test)."""
    LOCALES.clear()
    guild = simcord_env.create_guild("Table")
    channel = guild.create_text_channel("games")
    admin_role = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    w = World(
        env=simcord_env,
        guild=guild,
        channel=channel,
        members=[],
        admin=None,
        db=db,
        database_url=database_url,
    )
    w.admin = guild.add_member(simcord_env.create_user("ada"), roles=[admin_role])
    w.members = [w.member(name) for name in ("alice", "bob", "carol")]
    yield w
    # A bot started by World.restart is not the fixture's.
    current = simcord_env.bot
    if isinstance(current, TabletopBot):
        await let_go(current)
