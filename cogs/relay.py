"""Clicks that cross processes: Discord sends every DM interaction to shard 0, but a turn DM's
game may run in another process. Shard 0 acknowledges the click at once (a deferred update)
and sends it through the database (PostgreSQL's LISTEN/NOTIFY) to the process that holds the
game's shard; that process plays it and answers through the interaction's webhook, within the
15 minutes its token lasts.

If no process holds the shard, or none takes the click within `ACK_WAIT`, the member is told
to try again in a moment. Taking a click and giving up on it are settled in the database
(`Channels.settle`): whichever comes first wins, so a click the member was told to try again
is never played later by an owner that was only slow. An owner that took a click and stopped
before it answered leaves shard 0 to tell the member so after `ANSWER_WAIT`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord.ext import commands

from bot.client import TabletopBot
from bot.i18n import language_of, t
from bot.presenter import PrivatePanel
from bot.shards import shard_of
from bot.storage.database import Channels
from cogs.hand import relayed_work
from cogs.replies import MESSAGE_LIMIT, Answer, answered
from cogs.views import sending

log = logging.getLogger(__name__)

ACK_WAIT = 2.0
"""Seconds shard 0 waits for the owner to take a handed-over click."""

ANSWER_WAIT = 10.0
"""Seconds shard 0 waits, once the owner took a click, for it to have answered."""

TAKEN, DONE = "taken", "done"
"""What the owner says of a click in shard 0's inbox: it plays it; it has answered it."""

Route = Callable[[str, list[str]], tuple[str, Callable[[Answer], Awaitable[None]]] | None]
"""A handed-over component (custom_id, chosen values): its game and what it does, if known."""


def channel_of(shard: int) -> str:
    """The channel on which the process holding `shard` receives clicks."""
    return f"tabletop_clicks_{shard}"


class RelayedReply(Answer):
    """Answers a click received by another process, through the interaction's webhook."""

    def __init__(self, bot: TabletopBot, click: dict[str, Any]) -> None:
        self.bot = bot
        self.lang = language_of(discord.Locale(click["locale"]))
        self.user_id = int(click["user"])
        self._click = click
        self._edited = False
        self._webhook = discord.Webhook.partial(
            int(click["application"]), click["token"], client=bot
        )

    @property
    def private_panel(self) -> bool:
        """Only DM clicks are handed over: the panel is the member's own."""
        return True

    @property
    def in_dm(self) -> bool:
        """Only DM clicks are handed over."""
        return True

    @property
    def clicked(self) -> int | None:
        """The turn DM that was clicked."""
        return int(self._click["message"])

    @property
    def clicked_attachments(self) -> Sequence[discord.Attachment]:
        """Not handed over with the click: the turn DM's picture is drawn again."""
        return ()

    async def answer(self, text: str | None = None, **fields: Any) -> None:
        """A followup of the acknowledged click, in the member's DMs.

        Not ephemeral: discord.py sends those only through the interaction's own webhook,
        which shard 0 holds. A DM is the member's alone already.
        """
        if text is not None:
            fields["content"] = text[:MESSAGE_LIMIT]
        with sending(fields):
            await self._webhook.send(**fields)

    async def edit(self, **fields: Any) -> None:
        """Redraw the turn DM: a message of the bot's own, in the member's DM channel."""
        channel = self.bot.get_partial_messageable(int(self._click["channel"]))
        with sending(fields):
            await channel.get_partial_message(int(self._click["message"])).edit(**fields)
        self._edited = True

    def own_panel(self) -> PrivatePanel | None:
        """The turn DM, once redrawn, reached through this click's webhook from now on."""
        if not self._edited:
            return None
        return WebhookPanel(self._webhook, int(self._click["message"]))


class WebhookPanel:
    """A turn DM redrawn through the webhook of a click another process received."""

    ephemeral = False

    def __init__(self, webhook: discord.Webhook, message_id: int) -> None:
        self.webhook = webhook
        self.message_id = message_id

    async def redraw(self, **fields: Any) -> None:
        """Edit the panel through the click's token."""
        with sending(fields):
            await self.webhook.edit_message(self.message_id, **fields)

    async def remove(self) -> None:
        """Delete the panel through the click's token."""
        await self.webhook.delete_message(self.message_id)


class Relay:
    """Sends DM clicks to the processes that run their games, and plays those sent here."""

    def __init__(self, bot: TabletopBot, channels: Channels, route: Route) -> None:
        self.bot = bot
        self.channels = channels
        self.route = route
        self.inbox = f"tabletop_acks_{uuid.uuid4().hex}"
        self._waiting: dict[str, dict[str, asyncio.Future[None]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Receive the clicks of this process's shards, and the confirmations of clicks sent."""
        for shard in self.bot.storage.shards.ids:
            await self.channels.listen(channel_of(shard), self._received)
        await self.channels.listen(self.inbox, self._heard)

    async def hand_over(self, interaction: discord.Interaction, game_id: str) -> bool:
        """Send a DM click on another process's game there; False if the game is this one's."""
        bot, storage = self.bot, self.bot.storage
        if game_id in bot.runtime.sessions:
            return False
        guild_id = await storage.guild_of(game_id)
        if guild_id is None or storage.shards.owns(guild_id):
            return False  # unknown or over: answered here, as any click on such a game
        await interaction.response.defer()
        shard = shard_of(guild_id, storage.shards.count)
        data: dict[str, Any] = dict(interaction.data or {})
        click_id = str(interaction.id)
        click = {
            "id": click_id,
            "application": str(interaction.application_id),
            "token": interaction.token,
            "user": str(interaction.user.id),
            "locale": interaction.locale.value,
            "channel": str(interaction.channel_id),
            "message": str(interaction.message.id if interaction.message else 0),
            "custom_id": str(data.get("custom_id", "")),
            "values": [str(value) for value in data.get("values", [])],
            "reply_to": self.inbox,
        }
        loop = asyncio.get_running_loop()
        heard = self._waiting[click_id] = {TAKEN: loop.create_future(), DONE: loop.create_future()}
        lang = language_of(interaction.locale)
        try:
            if await self.channels.shard_running(shard):
                await self.channels.notify(channel_of(shard), json.dumps(click))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(heard[TAKEN]), ACK_WAIT)
            # Not taken in time: given up on here, unless the owner took it meanwhile (its
            # word is then on its way, and the click is its to answer).
            if heard[TAKEN].done() or not await self.channels.settle(click_id, "shard 0"):
                try:
                    await asyncio.wait_for(heard[DONE], ANSWER_WAIT)
                except TimeoutError:
                    log.warning("shard %d took a handed-over click but did not answer", shard)
                    await interaction.followup.send(t(lang, "error-owner-lost"), ephemeral=True)
                return True
        finally:
            del self._waiting[click_id]
        log.warning("shard %d did not take a handed-over click", shard)
        await interaction.followup.send(t(lang, "error-owner-away"), ephemeral=True)
        return True

    def _heard(self, payload: str) -> None:
        stage, _, click_id = payload.partition(" ")
        waiting = self._waiting.get(click_id, {}).get(stage)
        if waiting is not None and not waiting.done():
            waiting.set_result(None)

    def _received(self, payload: str) -> None:
        task = asyncio.get_running_loop().create_task(self._play(payload))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _play(self, payload: str) -> None:
        try:
            click = json.loads(payload)
            if not await self.channels.settle(click["id"], "owner"):
                return  # shard 0 gave up waiting and told the member to try again
            await self.channels.notify(click["reply_to"], f"{TAKEN} {click['id']}")
            try:
                await self._answer(click)
            finally:
                await self.channels.notify(click["reply_to"], f"{DONE} {click['id']}")
        except Exception:
            log.exception("a handed-over click failed")

    async def _answer(self, click: dict[str, Any]) -> None:
        reply = RelayedReply(self.bot, click)
        found = self.route(click["custom_id"], click["values"])
        if found is None:
            log.warning("a handed-over click had an unknown custom_id")
            await reply.answer(t(reply.lang, "error-unexpected"))
            return
        game_id, work = found
        await answered(reply, work, game_id)


async def setup(bot: commands.Bot) -> None:
    """Relay DM clicks when other processes run other shards on this database."""
    if not isinstance(bot, TabletopBot) or bot.storage.channels is None:
        return
    relay = Relay(bot, bot.storage.channels, relayed_work)
    await relay.start()
    bot.use_relay(relay)
