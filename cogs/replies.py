"""Answering an interaction: one `Reply` per interaction, refusals and apologies in one place.

Discord gives a bot 3 s to acknowledge an interaction. Almost every answer leaves within
milliseconds, but a busy game's lock or a slow disk can hold one up; `guarded` then defers the
interaction after `ACK_AFTER` seconds, and the handler's answer becomes a followup or an edit of
the original response. `Reply` is where the two meet, so a handler never has to know which.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from bot.client import TabletopBot
from bot.i18n import language_of, t
from bot.presenter import PrivatePanel
from bot.runtime import GameError
from bot.storage import StorageError
from cogs.views import sending
from engines.core import IllegalAction

log = logging.getLogger(__name__)

ACK_AFTER = 1.5
"""Seconds before a click still being worked on is acknowledged, well inside Discord's 3."""
TOO_LATE = (10062, 40060)
"""Discord's codes (unknown interaction, already acknowledged) for an answer that came after it gave up on the interaction (the second
follows the first when the early acknowledgement itself was too late)."""
MESSAGE_LIMIT = 2000


A = TypeVar("A", bound="Answer")


def bot_of(interaction: discord.Interaction) -> TabletopBot:
    """The bot that received the interaction, with its services typed."""
    client = interaction.client
    if not isinstance(client, TabletopBot):
        raise TypeError("the interaction was received by another client")
    return client


class Answer(abc.ABC):
    """How a handler answers the member who acted, wherever the click was received."""

    bot: TabletopBot
    lang: str
    user_id: int
    """Who acts: always the member who clicked or typed, never anything from a custom_id."""

    @property
    @abc.abstractmethod
    def private_panel(self) -> bool:
        """Whether the clicked message is the member's own (ephemeral, or in their DMs)."""

    @property
    @abc.abstractmethod
    def in_dm(self) -> bool:
        """Whether the clicked message is in the member's DMs (a turn DM)."""

    @property
    @abc.abstractmethod
    def clicked(self) -> int | None:
        """The id of the message whose component was used (None for a command)."""

    @property
    @abc.abstractmethod
    def clicked_attachments(self) -> Sequence[discord.Attachment]:
        """The files of the message whose component was used, as far as they are known."""

    @abc.abstractmethod
    async def answer(self, text: str | None = None, **fields: Any) -> None:
        """An ephemeral answer only the member sees."""

    @abc.abstractmethod
    async def edit(self, **fields: Any) -> None:
        """Redraw the message whose component was used."""

    @abc.abstractmethod
    def own_panel(self) -> PrivatePanel | None:
        """The member's own panel this interaction just showed or redrew, to keep current."""


@dataclass(frozen=True)
class Shown:
    """A message an interaction showed: its original response, or a followup."""

    message_id: int
    ephemeral: bool
    original: bool


class InteractionPanel:
    """A private panel reached through the interaction that showed it (15 minutes)."""

    def __init__(self, interaction: discord.Interaction, shown: Shown) -> None:
        self.interaction = interaction
        self.message_id = shown.message_id
        self.ephemeral = shown.ephemeral
        self._original = shown.original

    async def redraw(self, **fields: Any) -> None:
        """Edit the panel through the interaction's token."""
        with sending(fields):
            if self._original:
                await self.interaction.edit_original_response(**fields)
            else:
                await self.interaction.followup.edit_message(self.message_id, **fields)

    async def remove(self) -> None:
        """Delete the panel through the interaction's token."""
        if self._original:
            await self.interaction.delete_original_response()
        else:
            await self.interaction.followup.delete_message(self.message_id)


class Reply(Answer):
    """The one answer an interaction gets, whether or not it was deferred meanwhile."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self.bot = bot_of(interaction)
        self.lang = language_of(interaction.locale)
        self.user_id = interaction.user.id
        self._answering = False
        self._deferring: asyncio.Task[None] | None = None
        self._shown: Shown | None = None
        """The member's own message this interaction last showed or redrew."""

    @property
    def user(self) -> discord.User | discord.Member:
        """Who acts: always the member who clicked or typed, never anything from a custom_id."""
        return self.interaction.user

    @property
    def private_panel(self) -> bool:
        """Whether the clicked message is the member's own (ephemeral, or in their DMs)."""
        message = self.interaction.message
        return self.interaction.guild_id is None or (
            message is not None and message.flags.ephemeral
        )

    @property
    def in_dm(self) -> bool:
        """Whether the clicked message is in the member's DMs (a turn DM)."""
        return self.interaction.guild_id is None and self.interaction.message is not None

    @property
    def clicked(self) -> int | None:
        """The id of the message whose component was used (None for a command)."""
        message = self.interaction.message
        return None if message is None else message.id

    @property
    def clicked_attachments(self) -> Sequence[discord.Attachment]:
        """The files of the message whose component was used."""
        message = self.interaction.message
        return () if message is None else message.attachments

    def defer_soon(self, update: bool) -> asyncio.TimerHandle:
        """Acknowledge the interaction in `ACK_AFTER` seconds unless it was answered by then.

        `update`: a component's message will be edited (a deferred update shows nothing);
        otherwise the member sees "thinking…" until the ephemeral followup.
        """
        loop = asyncio.get_running_loop()
        return loop.call_later(ACK_AFTER, self._defer, update)

    def _defer(self, update: bool) -> None:
        if self._answering or self.interaction.response.is_done():
            return
        self._deferring = asyncio.get_running_loop().create_task(self._deferral(update))
        self._deferring.add_done_callback(_report_deferral)

    async def _deferral(self, update: bool) -> None:
        response = self.interaction.response
        if update:
            await response.defer()
        else:
            await response.defer(ephemeral=True, thinking=True)

    async def _claim(self) -> None:
        """From here on the handler answers: wait for a deferral already on its way."""
        self._answering = True
        if self._deferring is not None:
            # A failed deferral was logged; the answer below then goes the usual way.
            with contextlib.suppress(discord.HTTPException):
                await self._deferring

    async def thinking(self) -> None:
        """Acknowledge at once: the answer needs Discord calls of its own first ("thinking…")."""
        await self._claim()
        if not self.interaction.response.is_done():
            await self.interaction.response.defer(ephemeral=True, thinking=True)

    async def answer(self, text: str | None = None, **fields: Any) -> None:
        """An ephemeral answer only the member sees."""
        await self._claim()
        if text is not None:
            fields["content"] = text[:MESSAGE_LIMIT]
        with sending(fields):
            if self.interaction.response.is_done():
                # A followup is reached later by its id (after a deferral the first one takes
                # the place of "thinking…").
                sent = await self.interaction.followup.send(ephemeral=True, wait=True, **fields)
                self._shown = Shown(sent.id, ephemeral=True, original=False)
            else:
                callback = await self.interaction.response.send_message(ephemeral=True, **fields)
                if callback.message_id is not None:
                    self._shown = Shown(callback.message_id, ephemeral=True, original=True)

    async def post(self, **fields: Any) -> int:
        """A message everyone in the channel sees; returns its id."""
        await self._claim()
        with sending(fields):
            if self.interaction.response.is_done():
                message = await self.interaction.followup.send(wait=True, **fields)
                return message.id
            callback = await self.interaction.response.send_message(**fields)
        if callback.message_id is not None:
            return callback.message_id
        return (await self.interaction.original_response()).id

    async def edit(self, **fields: Any) -> None:
        """Redraw the message whose component was used."""
        await self._claim()
        with sending(fields):
            if self.interaction.response.is_done():
                await self.interaction.edit_original_response(**fields)
            else:
                await self.interaction.response.edit_message(**fields)
        message = self.interaction.message
        if message is not None and self.private_panel:
            # A component's original response is the message it is on.
            self._shown = Shown(message.id, message.flags.ephemeral, original=True)

    def own_panel(self) -> PrivatePanel | None:
        """The member's own panel this interaction just showed or redrew, to keep current."""
        return None if self._shown is None else InteractionPanel(self.interaction, self._shown)


def _report_deferral(deferring: asyncio.Task[None]) -> None:
    if not deferring.cancelled() and (exc := deferring.exception()) is not None:
        log.warning("could not acknowledge a slow interaction: %s", exc)


async def guarded(
    interaction: discord.Interaction,
    work: Callable[[Reply], Awaitable[None]],
    *,
    game_id: str = "-",
) -> None:
    """Run a handler; refusals get their localized reason, surprises an apology.

    A click in a DM on a game another process runs is handed over to that process.
    """
    relay = bot_of(interaction).relay
    if (
        relay is not None
        and interaction.guild_id is None
        and game_id != "-"
        and await relay.hand_over(interaction, game_id)
    ):
        return
    reply = Reply(interaction)
    update = interaction.type is discord.InteractionType.component
    timer = reply.defer_soon(update)
    try:
        await answered(reply, work, game_id)
    finally:
        timer.cancel()


async def answered(reply: A, work: Callable[[A], Awaitable[None]], game_id: str = "-") -> None:
    """Run a handler with `reply`; refusals get their localized reason, surprises an apology."""
    with reply.bot.presenter.answering(game_id, reply.user_id, reply.clicked):
        try:
            await _answered(reply, work, game_id)
        except discord.HTTPException as exc:
            if exc.code not in TOO_LATE:
                raise
            # Too late to answer at all, a refusal or an apology included; the game itself is
            # consistent (the move was committed, or refused as a whole).
            log.warning("an interaction in game %s was answered after Discord gave up", game_id)


async def _answered(reply: A, work: Callable[[A], Awaitable[None]], game_id: str) -> None:
    try:
        await work(reply)
    except GameError as exc:
        await reply.answer(t(reply.lang, exc.key, **exc.params))
    except IllegalAction as exc:
        await reply.answer(t(reply.lang, f"illegal-{exc.code}", **exc.params))
    except StorageError as exc:
        # Nothing changed, in the database or in memory: the member may simply try again.
        log.warning("a write failed in game %s: %s", game_id, exc)
        await reply.answer(t(reply.lang, "error-not-saved"))
    except Exception as exc:
        if isinstance(exc, discord.HTTPException) and exc.code in TOO_LATE:
            raise
        log.exception("unexpected error in game %s", game_id)
        await reply.answer(t(reply.lang, "error-unexpected"))
