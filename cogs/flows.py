"""What each click does: one runtime call, then the answer the clicker sees."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import language_of, t
from bot.runtime import GameError, Runtime
from bot.session import GameSession, StaleAction
from cogs import ui
from cogs.components import answer, edit_clicked


def runtime_of(interaction: discord.Interaction) -> Runtime:
    """The runtime of the bot that received the interaction."""
    return interaction.client.runtime  # type: ignore[attr-defined,no-any-return]


def presenter_of(interaction: discord.Interaction) -> Any:
    """The Discord presenter of the bot that received the interaction."""
    return interaction.client.presenter  # type: ignore[attr-defined]


async def lobby_click(interaction: discord.Interaction, game_id: str, verb: str) -> None:
    """A lobby button: change the seats (or start, or cancel) and redraw the lobby."""
    rt = runtime_of(interaction)
    session = rt.get(game_id)
    user = interaction.user
    lang = session.record.language
    if verb == "join":
        await rt.join(session, user.id, user.display_name)
    elif verb == "leave":
        await rt.leave_lobby(session, user.id)
    elif verb == "addai":
        count = sum(1 for s in session.record.seats if s.user_id is None) + 1
        await rt.add_ai(session, user.id, t(lang, "ai-name", number=count))
    elif verb == "rmai":
        await rt.remove_ai(session, user.id)
    elif verb == "start":
        await rt.start(session, user.id)
    elif verb == "cancel":
        await rt.cancel(session, user.id)
    else:
        raise GameError("error-unexpected")
    if session.record.status == "lobby":
        embed, view = ui.lobby_message(session, lang)
        await edit_clicked(interaction, embed=embed, view=view)
    elif session.record.status == "running":
        embed, board_view = ui.board_message(session, lang)
        await edit_clicked(interaction, embed=embed, view=board_view)
    else:
        await edit_clicked(
            interaction, embed=discord.Embed(description=t(lang, "lobby-closed")), view=None
        )


def seated(session: GameSession, interaction: discord.Interaction) -> int:
    """The clicker's seat in a running game, or the polite refusal."""
    seat = session.seat_of(interaction.user.id)
    if seat is None:
        raise GameError("error-not-a-player")
    if not session.running:
        raise GameError("error-not-started")
    return seat


async def show_hand(interaction: discord.Interaction, game_id: str) -> None:
    """ "My hand": a fresh ephemeral panel for a seated player."""
    session = runtime_of(interaction).get(game_id)
    seat = seated(session, interaction)
    lang = language_of(interaction.locale)
    presenter_of(interaction).seen(interaction.user.id, lang)
    embed, view = ui.hand_panel(session, seat, lang)
    await answer(interaction, embed=embed, view=view)
    await presenter_of(interaction).notify_closed_dms(interaction)


async def play(interaction: discord.Interaction, game_id: str, action: str, version: int) -> None:
    """A panel's action: apply it and redraw that same panel (or a fresh one if it was stale)."""
    rt = runtime_of(interaction)
    session = rt.get(game_id)
    seat = seated(session, interaction)
    lang = language_of(interaction.locale)
    presenter_of(interaction).seen(interaction.user.id, lang)
    try:
        await rt.act(session, interaction.user.id, action, version)
        content = None
    except StaleAction:
        content = t(lang, "error-stale")
    if session.running:
        embed, view = ui.hand_panel(session, seat, lang)
        await edit_clicked(interaction, content=content, embed=embed, view=view)
    else:
        await edit_clicked(interaction, content=t(lang, "hand-game-over"), embed=None, view=None)


async def extra(interaction: discord.Interaction, game_id: str, action: str) -> None:
    """An action outside the turn order (a public signal), then the refreshed panel."""
    rt = runtime_of(interaction)
    session = rt.get(game_id)
    seat = seated(session, interaction)
    lang = language_of(interaction.locale)
    await rt.act_extra(session, interaction.user.id, session.decode(action))
    embed, view = ui.hand_panel(session, seat, lang)
    await edit_clicked(interaction, content=t(lang, "signal-sent"), embed=embed, view=view)


async def confirmed(interaction: discord.Interaction, game_id: str, what: str) -> None:
    """The confirmed /game leave (the AI takes the seat) or /game end."""
    rt = runtime_of(interaction)
    session = rt.get(game_id)
    lang = language_of(interaction.locale)
    if what == "leave":
        await rt.hand_to_ai(session, interaction.user.id)
        text = t(lang, "leave-done")
    else:
        manager = isinstance(interaction.user, discord.Member) and (
            interaction.user.guild_permissions.manage_guild
        )
        await rt.end(session, interaction.user.id, bool(manager))
        text = t(lang, "end-done")
    await edit_clicked(interaction, content=text, view=None)


async def reclaim(interaction: discord.Interaction, game_id: str) -> None:
    """The member takes back the seat the AI took over."""
    rt = runtime_of(interaction)
    session = rt.get(game_id)
    await rt.reclaim(session, interaction.user.id)
    lang = language_of(interaction.locale)
    await answer(interaction, t(lang, "reclaim-done"))
