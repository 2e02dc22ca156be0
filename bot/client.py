"""The bot: wires storage, runtime, presenter, commands and components together."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks
from discord.shard import AutoShardedConnectionState

import engines
from bot import eager
from bot.ai_worker import AiWorker
from bot.cluster import Cluster, Peers, TakesTurnsToIdentify, shard_options, watch_lifeline
from bot.collector import CollectorClock, freeze_startup_heap
from bot.gateway import follow_api_gateway
from bot.global_limit import GlobalLimit, LimitedConnector
from bot.i18n import LANGUAGES, CommandTranslator, bundle, language_of, t
from bot.intents import gateway_intents
from bot.render import renderer
from bot.runtime import Runtime
from bot.settings import Settings
from bot.storage import Storage
from bot.tick_gate import Foreground, TickGate
from cogs.components import answer, game_of, route
from cogs.config import ConfigCog
from cogs.games import GamesCog
from cogs.keepalive import KeepAlive
from cogs.outbox import Outbox
from cogs.presenter import DiscordPresenter
from engines.core import action_adapter

log = logging.getLogger(__name__)

OUTBOX_JOBS_PER_TICK = 1
"""Board edits, announcements and DMs started per event-loop iteration (they are paced anyway)."""

INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    read_message_history=True,
)


def settle_heap() -> None:
    """Load what lives as long as the process, then keep it out of the collector's passes.

    Called once, before any game is loaded. Catalogs, engines, renderers and action schemas
    loaded on first use made the first players after a start wait for them. Games are not
    frozen, since frozen objects are never freed.
    """
    for language in LANGUAGES:
        bundle(language)
    for slug in engines.SLUGS:
        action_adapter(engines.game(slug).SPEC.Action)
        renderer(slug)
    freeze_startup_heap()


class GameTree(app_commands.CommandTree):
    """Slash command errors: refusals were answered already, surprises get an apology."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Log the unexpected and tell the user, never leaving "This interaction failed"."""
        if isinstance(error, app_commands.CheckFailure):
            return
        log.error("slash command failed", exc_info=error)
        await answer(interaction, t(language_of(interaction.locale), "error-unexpected"))

    def _from_interaction(self, interaction: discord.Interaction) -> None:
        # discord.py's own, with the command started at once (bot.eager).
        async def invoke() -> None:
            try:
                await self._call(interaction)
            except app_commands.AppCommandError as error:
                await self._dispatch_error(interaction, error)

        eager.start(invoke(), name="CommandTree-invoker")


class ClickState(AutoShardedConnectionState):
    """discord.py's gateway state, except that a click's message is not rebuilt.

    A component interaction carries the whole message that was clicked: a board, or a panel with
    its embed and up to 25 options per select. discord.py builds a Message of it, components and
    all, for every click, and nothing here reads it: `route` goes by the custom_id, and every
    answer goes by the interaction's token. Under load that was about a tenth of a click's time.
    """

    divert: Callable[[dict[str, Any]], bool] | None = None
    """Takes the clicks in direct messages that another process must answer (bot.cluster)."""

    def parse_interaction_create(self, data: Any) -> None:
        """The interaction, without the clicked message (`interaction.message` is None)."""
        if data.get("type") == discord.InteractionType.component.value:
            data = {key: value for key, value in data.items() if key != "message"}
            if self.divert is not None and "guild_id" not in data and self.divert(data):
                return
        self.accept(data)

    def accept(self, data: dict[str, Any]) -> None:
        """Dispatch an interaction this process answers."""
        super().parse_interaction_create(data)


class TabletopBot(TakesTurnsToIdentify, commands.AutoShardedBot):
    """One process, all shards it is given, every game of those guilds."""

    runtime: Runtime
    foreground: Foreground
    storage: Storage
    ai: AiWorker
    presenter: DiscordPresenter
    outbox: Outbox

    def __init__(self, settings: Settings) -> None:
        self.cluster = Cluster.from_env(settings.processes, settings.shard_count)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=gateway_intents(),
            **shard_options(self.cluster, settings.shard_count),
            help_command=None,
            tree_cls=GameTree,
            # Nothing here reads cached messages, and a thousand cached boards and panels cost
            # memory and garbage-collection time.
            max_messages=None,
        )
        self.settings = settings
        self._handing_over: set[asyncio.Task[None]] = set()
        self.collector = CollectorClock(settings.collector_every)
        self.keepalive = KeepAlive(self.http.user_agent)
        """The connections that carry interaction answers (cogs.callback)."""

    async def login(self, token: str) -> None:
        """Log in with every REST call held to this process's share of the global limit."""
        if self.settings.rest_per_second:
            # discord.py builds its session on this connector when it logs in; a connector
            # belongs to the loop it is built in, which is not running yet in __init__.
            self.http.connector = LimitedConnector(GlobalLimit(self.settings.rest_limit))
        await super().login(token)

    def _schedule_event(
        self,
        coro: Callable[..., Coroutine[Any, Any, Any]],
        event_name: str,
        *args: Any,
        **kwargs: Any,
    ) -> asyncio.Future[Any]:
        # A click's handler starts at once (bot.eager); other events as discord.py runs them.
        if event_name != "on_interaction":
            return super()._schedule_event(coro, event_name, *args, **kwargs)
        wrapped = self._run_event(coro, event_name, *args, **kwargs)
        return eager.start(wrapped, name=f"discord.py: {event_name}")

    def _get_state(self, **options: Any) -> AutoShardedConnectionState:
        # discord.py's own factory, with the state above.
        self.clicks = ClickState(
            dispatch=self.dispatch,
            handlers=self._handlers,
            hooks=self._hooks,
            http=self.http,
            **options,
        )
        return self.clicks

    async def setup_hook(self) -> None:
        """Open the database, restore games, register commands and components, sync."""
        await follow_api_gateway(self, self.settings.discord_api_base)
        if self.cluster is not None:
            watch_lifeline(self.loop)
        self.storage = await Storage.open(
            self.settings.database_path, shared=self.cluster is not None
        )
        # Clicks first: AI moves and the bot's own posts wait while one is being answered.
        self.foreground = Foreground()
        self.outbox = Outbox(
            self.settings.rest_share,
            burst=self.settings.rest_burst,
            gate=TickGate(OUTBOX_JOBS_PER_TICK, self.foreground),
        )
        self.presenter = DiscordPresenter(self, self.settings.board_edit_interval, self.outbox)
        self.ai = AiWorker(self.settings.ai_worker)
        await self.ai.start()
        self.runtime = Runtime(
            self.storage, self.presenter, self.settings.snapshot_every, self.foreground, self.ai
        )
        await self.tree.set_translator(CommandTranslator())
        await self.add_cog(GamesCog(self))
        await self.add_cog(ConfigCog(self))
        settle_heap()
        self.collector.start()
        restored = await self.runtime.restore(self.cluster)
        log.info("restored %d games", restored)
        if self.cluster is not None:
            self.peers = Peers(self.cluster, self.clicks.accept)
            await self.peers.start()
            if self.cluster.index != 0:
                return  # the commands are the bot's, not a process's: the first syncs them
            self.clicks.divert = self._divert  # direct messages come to the first only
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    def _divert(self, data: dict[str, Any]) -> bool:
        """A click in a DM on a game this process does not hold goes to the game's process."""
        game_id = game_of(str(data.get("data", {}).get("custom_id", "")))
        if game_id is None or game_id in self.runtime.sessions:
            return False
        task = self.loop.create_task(self._hand_over(game_id, data))
        self._handing_over.add(task)
        task.add_done_callback(self._handing_over.discard)
        return True

    async def _hand_over(self, game_id: str, data: dict[str, Any]) -> None:
        assert self.cluster is not None
        try:
            guild_id = await self.storage.guild_of(game_id)
        except Exception:  # answered here then: better a refusal than "This interaction failed"
            log.exception("could not look up the server of game %s", game_id)
            guild_id = None
        owner = self.cluster.index if guild_id is None else self.cluster.owner(guild_id)
        if owner == self.cluster.index:
            self.clicks.accept(data)  # a game of ours that is not running: over, or unknown
        elif not await self.peers.send(owner, data):
            await self._answer_owner_away(game_id, data)

    async def _answer_owner_away(self, game_id: str, data: dict[str, Any]) -> None:
        """The game's process is starting again (it died): nothing was played, try again soon."""
        interaction = discord.Interaction(data=data, state=self.clicks)
        try:
            await answer(interaction, t(language_of(interaction.locale), "error-game-restarting"))
        except discord.HTTPException:
            log.exception("could not answer a click on game %s", game_id)

    async def reachable(self, channel_id: int) -> bool:
        """Whether the bot can still post in a channel or thread."""
        channel = self.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.fetch_channel(channel_id)
            except (discord.NotFound, discord.Forbidden):
                return False
        if isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return channel.permissions_for(channel.guild.me).send_messages
        return True

    @tasks.loop(minutes=10)
    async def sweeper(self) -> None:
        """Close games whose channel was deleted or became inaccessible."""
        closed = await self.runtime.sweep(self.reachable)
        if closed:
            log.info("closed %d games whose channel is gone", closed)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Clicks on our buttons and selects (slash commands go through the command tree)."""
        # Until its answer leaves (cogs.components._claim), the click goes first.
        end = self.foreground.begin()
        interaction.extras["answered"] = end
        try:
            await route(interaction)
        finally:
            end()

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A member left: the AI takes their seats."""
        await self.runtime.member_left(payload.guild_id, payload.user.id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel ends its games."""
        await self.runtime.sweep(self.reachable)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A deleted thread ends its game."""
        await self.runtime.sweep(self.reachable)

    async def on_ready(self) -> None:
        """Sweep, then log who we are and how to invite us."""
        if not self.sweeper.is_running():
            self.sweeper.start()
        assert self.user is not None
        url = discord.utils.oauth_url(
            self.user.id, permissions=INVITE_PERMISSIONS, scopes=("bot", "applications.commands")
        )
        log.info("ready as %s; invite: %s", self.user, url)

    async def close(self) -> None:
        """Stop the clocks and close the database after the gateway."""
        self.sweeper.cancel()
        self.collector.stop()
        if hasattr(self, "runtime"):
            await self.runtime.stop()
        if hasattr(self, "ai"):
            await self.ai.stop()
        if hasattr(self, "outbox"):
            await self.outbox.close()
        if hasattr(self, "peers"):
            await self.peers.close()
        await super().close()
        self.keepalive.close()
        if hasattr(self, "storage"):
            await self.storage.close()
