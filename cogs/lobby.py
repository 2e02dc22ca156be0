"""The lobby message: seats, options, the buttons that fill it and start the game, and the
selects and toggles with which the host (or every player, where the server allows it) chooses
the variants."""

from __future__ import annotations

from typing import Any

import discord

from bot.guild_config import GuildConfig
from bot.i18n import t
from bot.runtime import GameError
from bot.session import GameSession
from bot.variants import option_name, value_label
from cogs import ids, permissions
from cogs.hand import board_message, rules_button
from cogs.items import Component
from cogs.messages import lobby_embed, lobby_players, mention
from cogs.options import arrange, controls, decode
from cogs.pictures import board_picture, with_picture
from cogs.replies import Reply
from cogs.views import Button, Select, chosen, detached, select_options
from engines.options import fitted

VERBS: tuple[tuple[str, discord.ButtonStyle], ...] = (
    ("join", discord.ButtonStyle.success),
    ("leave", discord.ButtonStyle.secondary),
    ("addai", discord.ButtonStyle.secondary),
    ("rmai", discord.ButtonStyle.secondary),
    ("start", discord.ButtonStyle.primary),
    ("cancel", discord.ButtonStyle.danger),
)


class LobbyButton(Component, discord.ui.DynamicItem[Button], layout=ids.LOBBY):
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

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the lobby verb and redraw the lobby."""
        await self.answer(
            interaction,
            lambda reply: lobby_click(reply, self.game_id, self.verb),
            game_id=self.game_id,
        )


class OptionToggle(Component, discord.ui.DynamicItem[Button], layout=ids.LOBBY_TOGGLE):
    """Turns one of the lobby's on/off options on or off (its custom_id says which)."""

    def __init__(
        self,
        game_id: str,
        option: str,
        on: bool,
        label: str = "",
        lit: bool = False,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or option,
                style=discord.ButtonStyle.success if lit else discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=ids.LOBBY_TOGGLE.format(game_id=game_id, option=option, on=on),
            )
        )
        self.game_id, self.option, self.on = game_id, option, on

    async def callback(self, interaction: discord.Interaction) -> None:
        """Set the option and redraw the lobby."""
        value = "1" if self.on else "0"
        await self.answer(
            interaction,
            lambda reply: option_click(reply, self.game_id, self.option, value),
            game_id=self.game_id,
        )


class OptionSelect(Component, discord.ui.DynamicItem[Select], layout=ids.LOBBY_OPTION):
    """Chooses the value of one of the lobby's other options."""

    def __init__(
        self,
        game_id: str,
        option: str,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.LOBBY_OPTION.format(game_id=game_id, option=option),
                placeholder=placeholder or None,
                options=options or select_options(None),
                disabled=disabled,
            )
        )
        self.game_id, self.option = game_id, option

    async def callback(self, interaction: discord.Interaction) -> None:
        """Set the option to the chosen value and redraw the lobby."""
        value = chosen(interaction)
        await self.answer(
            interaction,
            lambda reply: option_click(reply, self.game_id, self.option, value),
            game_id=self.game_id,
        )


def lobby_message(session: GameSession, lang: str, editable: bool) -> dict[str, Any]:
    """The lobby as message fields: its embed, the buttons that apply now and, where the server
    lets the lobby choose its options (`editable`), a toggle or select for each of them."""
    spec = session.game.SPEC
    seats = session.record.seats
    full = len(seats) >= spec.max_players
    confirmed = sum(1 for s in seats if s.ready)
    disabled = {
        # A rematch's seats that wait for their members stay open to them.
        "join": full and confirmed == len(seats),
        "addai": full,
        "rmai": all(s.user_id for s in seats),
        "start": not spec.min_players <= confirmed <= spec.max_players,
    }
    buttons: list[discord.ui.Item[Any]] = [
        LobbyButton(session.id, verb, t(lang, f"lobby-{verb}"), style, disabled.get(verb, False))
        for verb, style in VERBS
    ]
    buttons.append(rules_button(session, lang))
    toggles: list[discord.ui.Item[Any]] = []
    selects: list[discord.ui.Item[Any]] = []
    if editable:
        options = spec.Options.model_validate(session.record.options)
        toggles, selects = controls(
            spec.slug,
            options,
            lobby_players(session),
            lang,
            lambda *args: OptionToggle(session.id, *args),
            lambda *args: OptionSelect(session.id, *args),
        )
    view = detached(*arrange([buttons, toggles], selects))
    return {"embed": lobby_embed(session, lang, editable), "view": view}


async def lobby_click(reply: Reply, game_id: str, verb: str) -> None:
    """A lobby button: change the seats (or start, or cancel) and redraw the lobby."""
    runtime = reply.bot.runtime
    session = runtime.get(game_id)
    user = reply.user
    lang = session.record.language
    if verb == "join":
        await runtime.join(session, user.id, user.display_name, reply.lang)
    elif verb == "leave":
        await runtime.leave_lobby(session, user.id)
    elif verb == "addai":
        await runtime.add_ai(session, user.id, lambda number: t(lang, "ai-name", number=number))
    elif verb == "rmai":
        await runtime.remove_ai(session, user.id)
    elif verb == "start":
        # The channel's permissions may have changed since the lobby opened (it may stay open
        # for a day): a game that cannot post would fall silent at its first notice.
        cfg = await runtime.config(session.record.guild_id)
        permissions.require(reply.interaction, cfg, new_thread=False)
        await runtime.start(session, user.id, reply.lang)
    elif verb == "cancel":
        await runtime.cancel(session, user.id)
    else:
        raise GameError("error-unexpected")
    await redraw_lobby(reply, session)


class RematchButton(Component, discord.ui.DynamicItem[Button], layout=ids.REMATCH):
    """ "Play again" under a finished game's results: a new lobby, same game, same table."""

    def __init__(self, game_id: str, label: str = "🔁") -> None:
        custom_id = ids.REMATCH.format(game_id=game_id)
        button: Button = discord.ui.Button(
            label=label, custom_id=custom_id, style=discord.ButtonStyle.success
        )
        super().__init__(button)
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction) -> None:
        """Open the rematch's lobby here, pinging the players it waits for."""
        await self.answer(interaction, lambda reply: rematch(reply, self.game_id))


async def rematch(reply: Reply, game_id: str) -> None:
    """A rematch's lobby, posted where the results are; the players it waits for are pinged."""
    runtime, guild_id = reply.bot.runtime, reply.interaction.guild_id
    if guild_id is None:  # results are posted in servers only
        raise GameError("error-server-only")
    cfg = await runtime.config(guild_id)
    # Under the results, where the rematch is played.
    permissions.require(reply.interaction, cfg, new_thread=False)
    session = await runtime.rematch(game_id, reply.user.id, reply.user.display_name, reply.lang)
    lang = session.record.language
    waiting = unconfirmed(session)
    users = [discord.Object(session.record.seats[i].user_id or 0) for i in waiting]
    message_id = await reply.post(
        content=rematch_line(session, lang),
        allowed_mentions=discord.AllowedMentions(users=users),
        **lobby_message(session, lang, cfg.hosts_change_options),
    )
    await runtime.board_posted(session, message_id)


def unconfirmed(session: GameSession) -> list[int]:
    """The seats of a rematch's lobby whose players have not confirmed yet."""
    return [i for i, seat in enumerate(session.record.seats) if not seat.ready]


def lobby_fields(session: GameSession, cfg: GuildConfig) -> dict[str, Any]:
    """An open lobby's message as it stands now, for an edit: a rematch's call to confirm above
    it (an edit mentions no one), the lobby, and its controls."""
    lang = session.record.language
    return {
        "content": rematch_line(session, lang),
        **lobby_message(session, lang, cfg.hosts_change_options),
    }


def lobby_again(session: GameSession, cfg: GuildConfig) -> dict[str, Any]:
    """An open lobby posted again as a new message (deleted by a moderator, or in a new world):
    as `lobby_fields`, with no one mentioned (those a rematch waits for were called when it
    opened; not again)."""
    return {**lobby_fields(session, cfg), "allowed_mentions": discord.AllowedMentions.none()}


def rematch_line(session: GameSession, lang: str) -> str | None:
    """Above a rematch's lobby, while some players have not confirmed: who, and how."""
    waiting = unconfirmed(session)
    if not waiting:
        return None
    who = ", ".join(mention(session, i) for i in waiting)
    return t(lang, "lobby-rematch", who=who, count=len(waiting))


async def option_click(reply: Reply, game_id: str, option: str, text: str) -> None:
    """A lobby's select or toggle: the option takes the value, if it fits the others and the
    players, once stored; then the lobby is redrawn."""
    runtime = reply.bot.runtime
    session = runtime.get(game_id)
    spec = session.game.SPEC
    field, value = decode(spec.slug, option, text)

    def change(current: dict[str, Any]) -> dict[str, Any]:
        options = spec.Options.model_validate(current)
        changed = fitted(options, {option: value}, lobby_players(session))
        if changed is None:
            raise GameError(
                "error-option-unavailable",
                option=option_name(spec.slug, field, reply.lang),
                value=value_label(spec.slug, field, value, reply.lang),
            )
        return changed.model_dump(mode="json")

    await runtime.change_options(session, reply.user.id, change)
    await redraw_lobby(reply, session)


async def redraw_lobby(reply: Reply, session: GameSession) -> None:
    """The clicked lobby message as the game now is: the lobby, its board, or a closed notice."""
    lang = session.record.language
    if session.record.status == "lobby":
        cfg = await reply.bot.runtime.config(session.record.guild_id)
        await reply.edit(**lobby_fields(session, cfg))
    elif session.running:
        board = board_message(session, lang)
        picture = await board_picture(reply.bot, session, lang, waiting=True)
        await reply.edit(content=None, **with_picture(board, picture, edit=True))
    else:
        closed = discord.Embed(description=t(lang, "lobby-closed"))
        await reply.edit(content=None, embed=closed, view=None)


ITEMS = (LobbyButton, OptionToggle, OptionSelect, RematchButton)
