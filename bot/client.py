"""The bot: opens the database, restores the games, loads the cogs by name, syncs commands.

This is the composition root. Storage, the AI worker and the runtime are built here; the
Discord side (commands, components, the presenter) comes from the extensions in EXTENSIONS,
which reach these services through the bot's typed attributes. Nothing else in `bot/` knows
that `cogs/` exists.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

import engines
from bot.ai_worker import AiWorker
from bot.gateway import follow_api_gateway
from bot.i18n import LANGUAGES, CommandTranslator, bundle, language_of, t
from bot.intents import gateway_intents
from bot.pictures.pool import Pictures
from bot.presenter import Presenter
from bot.relay import ClickRelay
from bot.render import renderer
from bot.replay import Replays
from bot.rest_budget import RestBudget
from bot.runtime import Runtime
from bot.scheduler import Clock
from bot.settings import Settings
from bot.storage import Storage
from bot.worker_load import load_drawing
from engines.core import action_adapter

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.presenter", "cogs.games", "cogs.config", "cogs.relay", "cogs.stats")
"""Loaded in this order: the presenter first, since the runtime is built on it."""
WORKER_START_WAIT = 20.0
"""Seconds start-up waits for the AI worker before going online without it."""

INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)


SHARDS_LOST = (
    "lost the PostgreSQL session that held this process's shards, so another process may take "
    "them: stopping (start it again, as a service manager does, and it claims them anew)"
)


def load_for_good() -> None:
    """Load what lives as long as the process: the catalogs, engines and pictures (the bot
    draws them itself without a worker), renderers, action schemas.

    Loaded on first use, they made the first players after a start wait for them.
    """
    load_drawing()
    for language in LANGUAGES:
        bundle(language)
    for slug in engines.SLUGS:
        action_adapter(engines.game(slug).SPEC.Action)
        renderer(slug)


class GameTree(app_commands.CommandTree):
    """Slash command errors: refusals were answered already, surprises get an apology."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Log the unexpected and tell the user, never leaving "This interaction failed"."""
        if isinstance(error, app_commands.CheckFailure):
            return
        log.error("slash command failed", exc_info=error)
        text = t(language_of(interaction.locale), "error-unexpected")
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)


class TabletopBot(commands.AutoShardedBot):
    """One process, all its shards, every game of their servers."""

    storage: Storage
    runtime: Runtime
    ai: AiWorker
    replays: Replays

    def __init__(self, settings: Settings, clock: Clock = time.time) -> None:
        # Unset, discord.py runs every shard.
        shard_ids: dict[str, Any] = {"shard_ids": settings.shard_ids} if settings.shard_ids else {}
        # Counts the requests that leave, so that the outbox keeps them within Discord's limit.
        budget = RestBudget(settings.rest_budget)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=gateway_intents(),
            shard_count=settings.shard_count,
            **shard_ids,
            help_command=None,
            tree_cls=GameTree,
            # Nothing here reads cached messages, and a thousand cached boards and panels cost
            # memory and garbage-collection time.
            max_messages=None,
            # Nor cached members: an interaction brings its member, and a member who leaves
            # comes as a raw event. Every member of every server, cached, would be most of the
            # heap that each of the collector's full passes walks (and loading them, most of
            # the start-up). The bot's own member is cached whatever the flags.
            member_cache_flags=discord.MemberCacheFlags.none(),
            chunk_guilds_at_startup=False,
            # No message pings anyone unless it says whom (cogs.presenter: the seats it names).
            allowed_mentions=discord.AllowedMentions.none(),
            http_trace=budget.trace,
        )
        self.rest_budget = budget
        self.settings = settings
        self.clock = clock
        self._presenter: Presenter | None = None
        self.pictures = Pictures(settings.render_threads)
        self.relay: ClickRelay | None = None
        """Set when other processes run other shards on the same database."""
        self.stopped_because: str | None = None
        """Why the bot stopped by itself (its process then exits with a failure)."""
        self._stopping: asyncio.Task[None] | None = None

    @property
    def presenter(self) -> Presenter:
        """How games are shown (installed by the presenter extension)."""
        if self._presenter is None:
            raise RuntimeError("no presenter: load the cogs.presenter extension first")
        return self._presenter

    def use_presenter(self, presenter: Presenter) -> None:
        """Show games through `presenter` (called by the extension that provides it)."""
        self._presenter = presenter

    def use_relay(self, relay: ClickRelay) -> None:
        """Hand DM clicks on other processes' games over through `relay`."""
        self.relay = relay

    async def setup_hook(self) -> None:
        """Open the database, load the cogs, restore games, sync the commands."""
        await follow_api_gateway(self, self.settings.discord_api_base)
        self.storage = await Storage.open(self.settings.database_url, self.settings.shards)
        self.replays = Replays(self.storage)
        await self.storage.claim(self._shards_lost)
        self.ai = AiWorker(self.settings.ai_worker)
        # The worker's fork server loads what a worker needs on the other core while this
        # process loads and restores; until the worker is up, the AIs decide here.
        worker_started = asyncio.create_task(self.ai.start())
        self.pictures.use_worker(self.ai)
        await self.tree.set_translator(CommandTranslator())
        for name in EXTENSIONS:
            await self.load_extension(name)
        self.runtime = Runtime(
            self.storage,
            self.presenter,
            self.settings.snapshot_every,
            self.ai,
            self.clock,
            threads=self.settings.game_threads,
        )
        load_for_good()
        # Restoring thousands of games makes millions of objects that live on: collecting
        # while they are made walks them again and again. Once restored, start-up's objects are
        # frozen out of the collector's passes (a game's objects are still freed by reference
        # counting when it ends; its states hold no reference cycles).
        gc.disable()
        try:
            restored = await self.runtime.restore()
        finally:
            gc.enable()
        gc.collect()
        gc.freeze()
        log.info("restored %d games", restored)
        try:
            # Normally up by now; one that takes longer (a fork server that hangs) comes in
            # later, if ever: the bot goes online meanwhile, its AIs deciding here.
            await asyncio.wait_for(asyncio.shield(worker_started), WORKER_START_WAIT)
        except TimeoutError:
            log.warning(
                "the AI worker is not up after %s s; the AIs decide here", WORKER_START_WAIT
            )
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    def _shards_lost(self) -> None:
        """The database ended the session that held this process's shards (a failover, a
        network cut): another process may take them from now on, and two must never play the
        same games, so this one stops. Its service manager starts it again; it claims them
        anew and restores its games."""
        if self.stopped_because is not None:
            return
        self.stopped_because = SHARDS_LOST
        log.error(SHARDS_LOST)
        self._stopping = asyncio.get_running_loop().create_task(self.close())

    async def gone(self, channel_id: int) -> bool:
        """Whether a channel or thread no longer exists (Discord says Unknown Channel).

        Missing permissions or a failing request say nothing of the kind: the channel is kept.
        """
        if self.get_channel(channel_id) is not None:
            return False
        try:
            await self.fetch_channel(channel_id)
        except discord.NotFound:
            return True
        except discord.HTTPException:
            return False
        return False

    @tasks.loop(minutes=10)
    async def sweeper(self) -> None:
        """Close games whose channel was deleted."""
        closed = await self.runtime.sweep(self.gone)
        if closed:
            log.info("closed %d games whose channel is gone", closed)

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A member left: the AI takes their seats."""
        await self.runtime.member_left(payload.guild_id, payload.user.id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel ends its games."""
        await self.runtime.sweep(self.gone)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server (kicked, or the server deleted): its games end."""
        await self._left(guild.id)

    async def _left(self, guild_id: int) -> None:
        closed = await self.runtime.server_left(guild_id)
        if closed:
            log.info("no longer in server %s: %d games ended", guild_id, closed)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A deleted thread ends its game."""
        await self.runtime.sweep(self.gone)

    async def on_ready(self) -> None:
        """End the games of servers that removed the bot while it was down, sweep, then log
        who we are and how to invite us."""
        # Every server of our shards is known by now, those in an outage too (as unavailable).
        here = {guild.id for guild in self.guilds}
        for guild_id in {s.record.guild_id for s in self.runtime.sessions.values()} - here:
            await self._left(guild_id)
        if not self.sweeper.is_running():
            self.sweeper.start()
        assert self.user is not None
        url = discord.utils.oauth_url(
            self.user.id, permissions=INVITE_PERMISSIONS, scopes=("bot", "applications.commands")
        )
        log.info("ready as %s; invite: %s", self.user, url)

    async def close(self) -> None:
        """Stop the clocks and the output, then the gateway, then the database."""
        self.sweeper.cancel()
        if hasattr(self, "runtime"):
            await self.runtime.stop()
        if hasattr(self, "ai"):
            await self.ai.stop()
        if self._presenter is not None:
            await self._presenter.close()
        self.pictures.close()
        await super().close()
        if hasattr(self, "storage"):
            await self.storage.close()
