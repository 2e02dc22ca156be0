"""The lobby message: seats, options, and the buttons that fill it and start the game."""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.i18n import t
from bot.runtime import GameError
from bot.session import GameSession
from cogs import ids
from cogs.hand import Button, board_message, detached
from cogs.messages import lobby_embed
from cogs.replies import Reply, guarded

VERBS: tuple[tuple[str, discord.ButtonStyle], ...] = (
    ("join", discord.ButtonStyle.success),
    ("leave", discord.ButtonStyle.secondary),
    ("addai", discord.ButtonStyle.secondary),
    ("rmai", discord.ButtonStyle.secondary),
    ("start", discord.ButtonStyle.primary),
    ("cancel", discord.ButtonStyle.danger),
)


class LobbyButton(discord.ui.DynamicItem[Button], template=ids.LOBBY.pattern):
    """Join / Leave / Add AI / Remove AI / Start / Cancel."""

    def __init__(
        self,
        game_id: str,
        verb: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or verb,
                style=style,
                disabled=disabled,
                custom_id=ids.LOBBY.format(game_id=game_id, verb=verb),
            )
        )
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """The button again, from a clicked custom_id."""
        return cls(**ids.LOBBY.parse(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the lobby verb and redraw the lobby."""
        await guarded(
            interaction,
            lambda reply: lobby_click(reply, self.game_id, self.verb),
            game_id=self.game_id,
        )


ITEMS = (LobbyButton,)


def lobby_message(session: GameSession, lang: str) -> dict[str, Any]:
    """The lobby as message fields: its embed and the buttons that apply now."""
    spec = session.game.SPEC
    seats = session.record.seats
    full = len(seats) >= spec.max_players
    disabled = {
        "join": full,
        "addai": full,
        "rmai": all(s.user_id for s in seats),
        "start": not spec.min_players <= len(seats) <= spec.max_players,
    }
    buttons = [
        LobbyButton(session.id, verb, t(lang, f"lobby-{verb}"), style, disabled.get(verb, False))
        for verb, style in VERBS
    ]
    return {"embed": lobby_embed(session, lang), "view": detached(*buttons)}


async def lobby_click(reply: Reply, game_id: str, verb: str) -> None:
    """A lobby button: change the seats (or start, or cancel) and redraw the lobby."""
    runtime = reply.bot.runtime
    session = runtime.get(game_id)
    user = reply.user
    lang = session.record.language
    if verb == "join":
        await runtime.join(session, user.id, user.display_name)
    elif verb == "leave":
        await runtime.leave_lobby(session, user.id)
    elif verb == "addai":
        await runtime.add_ai(session, user.id, lambda number: t(lang, "ai-name", number=number))
    elif verb == "rmai":
        await runtime.remove_ai(session, user.id)
    elif verb == "start":
        await runtime.start(session, user.id)
    elif verb == "cancel":
        await runtime.cancel(session, user.id)
    else:
        raise GameError("error-unexpected")
    if session.record.status == "lobby":
        await reply.edit(**lobby_message(session, lang))
    elif session.running:
        await reply.edit(**board_message(session, lang))
    else:
        await reply.edit(embed=discord.Embed(description=t(lang, "lobby-closed")), view=None)
