"""Seats changing hands in a running game: the confirmed leave or end, and taking a seat back."""

from __future__ import annotations

import discord

from bot.i18n import t
from cogs import ids
from cogs.items import Component
from cogs.messages import hand_button_text
from cogs.replies import Answer, Reply
from cogs.views import Button, detached


class ConfirmButton(Component, discord.ui.DynamicItem[Button], layout=ids.CONFIRM):
    """The confirmation of /game leave and /game end."""

    def __init__(self, game_id: str, what: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or what,
                style=discord.ButtonStyle.danger,
                custom_id=ids.CONFIRM.format(game_id=game_id, what=what),
            )
        )
        self.game_id, self.what = game_id, what

    async def callback(self, interaction: discord.Interaction) -> None:
        """Carry out the confirmed leave or end."""
        await self.answer(
            interaction,
            lambda reply: confirmed(reply, self.game_id, self.what),
            game_id=self.game_id,
        )


class CancelButton(Component, discord.ui.DynamicItem[Button], layout=ids.CANCEL):
    """The way out of a confirmation: nothing happens."""

    def __init__(self, game_id: str, what: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Cancel",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.CANCEL.format(game_id=game_id, what=what),
            )
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        """Close the confirmation; the game is as it was."""

        async def work(reply: Reply) -> None:
            await reply.edit(content=t(reply.lang, "confirm-cancelled"), view=None)

        await self.answer(interaction, work)


class ReclaimButton(Component, discord.ui.DynamicItem[Button], layout=ids.RECLAIM):
    """ "Take my seat back" after the AI took it over."""

    def __init__(self, game_id: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Take my seat back",
                style=discord.ButtonStyle.success,
                custom_id=ids.RECLAIM.format(game_id=game_id),
            )
        )
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction) -> None:
        """Give the seat back to the member who clicked, if it is theirs."""
        await self.answer(
            interaction, lambda reply: reclaim(reply, self.game_id), game_id=self.game_id
        )


ITEMS = (ConfirmButton, CancelButton, ReclaimButton)


def confirmation(game_id: str, what: str, label: str, lang: str) -> discord.ui.View:
    """The button that confirms a leave or an end, and the one that thinks better of it."""
    cancel = CancelButton(game_id, what, t(lang, "confirm-cancel-button"))
    return detached(ConfirmButton(game_id, what, label), cancel)


def reclaim_view(game_id: str, lang: str, label: str = "reclaim-button") -> discord.ui.View:
    """Under a takeover or pause notice: the seat's member takes it back (`label`: its key)."""
    return detached(ReclaimButton(game_id, t(lang, label)))


def is_manager(user: discord.User | discord.Member) -> bool:
    """Whether the member may manage this server's games (Manage Server)."""
    return isinstance(user, discord.Member) and user.guild_permissions.manage_guild


async def confirmed(reply: Reply, game_id: str, what: str) -> None:
    """The confirmed /game leave (the AI takes the seat) or /game end."""
    runtime = reply.bot.runtime
    session = runtime.get(game_id)
    if what == "leave":
        await runtime.hand_to_ai(session, reply.user.id)
        text = t(reply.lang, "leave-done")
    else:
        # Manage Server counts only in the game's own server (a custom_id can be forged).
        here = reply.interaction.guild_id == session.record.guild_id
        await runtime.end(session, reply.user.id, here and is_manager(reply.user))
        text = t(reply.lang, "end-done")
    await reply.edit(content=text, view=None)


async def reclaim(reply: Answer, game_id: str) -> None:
    """The member takes back the seat the AI took over."""
    runtime = reply.bot.runtime
    session = runtime.get(game_id)
    await runtime.reclaim(session, reply.user_id)
    await reply.answer(hand_button_text(reply.lang, "reclaim-done", session.record.slug))
