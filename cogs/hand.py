"""The board's "My hand" button and the private panel it opens: a seat's view and its moves.

A panel shows exactly the seat's legal actions, each a button or a select option whose custom_id
carries the action and the state version the panel was drawn from; a click on an outdated panel
is refused and the panel redrawn, never applied twice.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable, Sequence
from typing import Any

import discord

from bot.client import TabletopBot
from bot.i18n import t
from bot.presenter import ShownPanel
from bot.runtime import GameError
from bot.session import GameSession, StaleAction
from cogs import ids
from cogs.items import Component
from cogs.live_panels import showing
from cogs.messages import (
    announcements,
    board_embed,
    clock_runs_out,
    deadline_text,
    game_over_panel,
    game_text,
    hand_button_text,
    hand_embed,
    known,
    message_link,
    rules_embed,
)
from cogs.panel import MAX_OPTIONS, Slot, option, plan
from cogs.pictures import hand_picture, with_picture
from cogs.replies import MESSAGE_LIMIT, Answer, Reply
from cogs.seats import ReclaimButton, reclaim
from cogs.views import ROWS, Button, Select, chosen, detached, select_options

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
}


def seated(session: GameSession, user_id: int) -> int:
    """The member's seat in a running game, or the polite refusal."""
    seat = session.seat_of(user_id)
    if seat is None:
        raise GameError("error-not-a-player")
    if not session.running:
        raise GameError("error-not-started")
    if session.record.seats[seat].kicked:
        raise GameError("error-kicked")
    return seat


class HandButton(Component, discord.ui.DynamicItem[Button], layout=ids.HAND):
    """ "My hand": a fresh private panel for a seated player."""

    def __init__(self, game_id: str, label: str = "🂠") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=ids.HAND.format(game_id=game_id),
            )
        )
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer with the clicker's own panel."""
        await self.answer(
            interaction, lambda reply: show_hand(reply, self.game_id), game_id=self.game_id
        )


class RulesButton(Component, discord.ui.DynamicItem[Button], layout=ids.RULES):
    """ "Rules" under a lobby or a board: the game's rules and the variants it is played with,
    only for the member who clicked, in their language."""

    def __init__(self, slug: str, game_id: str, label: str = "📖") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=ids.RULES.format(slug=slug, game_id=game_id),
            )
        )
        self.slug, self.game_id = slug, game_id

    async def callback(self, interaction: discord.Interaction) -> None:
        """The rules; the game's variants too while it is on (an ended one has none to show)."""

        async def work(reply: Reply) -> None:
            known(self.slug)
            session = reply.bot.runtime.sessions.get(self.game_id)
            await reply.answer(embed=rules_embed(self.slug, reply.lang, session))

        await self.answer(interaction, work)


def rules_button(session: GameSession, lang: str) -> RulesButton:
    """The "Rules" button of a game's lobby or board."""
    return RulesButton(session.record.slug, session.id, t(lang, "rules-button"))


class ActionButton(Component, discord.ui.DynamicItem[Button], layout=ids.ACT):
    """One legal action of a private panel."""

    def __init__(
        self,
        game_id: str,
        version: int,
        action: str,
        label: str = "",
        row: int | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        custom_id = ids.ACT.format(game_id=game_id, version=version, action=action)
        button: Button = discord.ui.Button(
            label=label or action, custom_id=custom_id, row=row, style=style
        )
        super().__init__(button)
        self.game_id, self.version, self.action = game_id, version, action

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the action and redraw the panel."""
        await self.answer(
            interaction,
            lambda reply: play(reply, self.game_id, self.action, self.version),
            game_id=self.game_id,
        )


class PickButton(Component, discord.ui.DynamicItem[Button], layout=ids.PICK):
    """The first click of a two-click choice (The Game's card): the panel then offers the
    actions that follow from it (its piles). Nothing is played yet."""

    def __init__(
        self,
        game_id: str,
        version: int,
        key: str,
        label: str = "",
        row: int | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        custom_id = ids.PICK.format(game_id=game_id, version=version, key=key)
        button: Button = discord.ui.Button(
            label=label or key, custom_id=custom_id, row=row, style=style
        )
        super().__init__(button)
        self.game_id, self.version, self.key = game_id, version, key

    async def callback(self, interaction: discord.Interaction) -> None:
        """Redraw the panel with what follows from the pick."""
        await self.answer(
            interaction,
            lambda reply: pick(reply, self.game_id, self.version, self.key),
            game_id=self.game_id,
        )


class UndoButton(Component, discord.ui.DynamicItem[Button], layout=ids.UNDO):
    """Takes back the seat's last move, where the game's rules allow it (engines' undoable)."""

    def __init__(
        self, game_id: str, version: int, label: str = "↩️", row: int | None = None
    ) -> None:
        custom_id = ids.UNDO.format(game_id=game_id, version=version)
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, row=row))
        self.game_id, self.version = game_id, version

    async def callback(self, interaction: discord.Interaction) -> None:
        """Take the move back and redraw the panel."""
        await self.answer(
            interaction, lambda reply: undo(reply, self.game_id, self.version), game_id=self.game_id
        )


class ActionSelect(Component, discord.ui.DynamicItem[Select], layout=ids.SELECT):
    """A group of legal actions too many for buttons; each option's value is an action."""

    def __init__(
        self,
        game_id: str,
        version: int,
        number: int,
        placeholder: str = "",
        options: list[tuple[str, str]] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.SELECT.format(game_id=game_id, version=version, number=number),
                placeholder=placeholder or None,
                options=select_options(options),
                row=number,
            )
        )
        self.game_id, self.version = game_id, version

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the chosen action and redraw the panel."""
        action = chosen(interaction)
        await self.answer(
            interaction,
            lambda reply: play(reply, self.game_id, action, self.version),
            game_id=self.game_id,
        )


class ExtraSelect(Component, discord.ui.DynamicItem[Select], layout=ids.EXTRA):
    """Actions outside the turn order that any player may take (The Game's pile signals)."""

    def __init__(
        self, game_id: str, placeholder: str = "", options: list[tuple[str, str]] | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.EXTRA.format(game_id=game_id),
                placeholder=placeholder or None,
                options=select_options(options),
                row=ROWS - 1,
            )
        )
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction) -> None:
        """Take the chosen action and redraw the panel."""
        action = chosen(interaction)
        await self.answer(
            interaction, lambda reply: extra(reply, self.game_id, action), game_id=self.game_id
        )


class DmToggle(Component, discord.ui.DynamicItem[Button], layout=ids.DM):
    """Under a turn DM: turn these DMs off (or on again)."""

    def __init__(self, on: bool, label: str = "", row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or ("DM on" if on else "DM off"),
                custom_id=ids.DM.format(on=on),
                row=row,
            )
        )
        self.on = on

    async def callback(self, interaction: discord.Interaction) -> None:
        """Store the preference and confirm it."""

        async def work(reply: Reply) -> None:
            await reply.bot.runtime.set_turn_dms(reply.user.id, self.on)
            if self.on:
                reply.bot.presenter.dms_reopened(reply.user.id)
            await reply.answer(**turn_dms_message(self.on, reply.lang))

        await self.answer(interaction, work)


def turn_dms_message(on: bool, lang: str, *, asked: bool = False) -> dict[str, Any]:
    """Where a member's turn DMs stand, with the button that turns them the other way (a click
    by mistake is undone at once). `asked`: said to /game dms, not to a click that set them."""
    key = ("dms-now-" if asked else "dm-") + ("on" if on else "off")
    flip = DmToggle(not on, t(lang, "dm-turn-off" if on else "dm-turn-on"))
    return {"content": t(lang, key), "view": detached(flip)}


ITEMS = (
    HandButton,
    RulesButton,
    ActionButton,
    PickButton,
    UndoButton,
    ActionSelect,
    ExtraSelect,
    DmToggle,
)


# --- the messages these components live on ---


def board_view(session: GameSession, lang: str) -> discord.ui.View | None:
    """The board's button while the game runs; a finished board has none."""
    if not session.running:
        return None
    label = game_text(lang, "board-my-hand", session.record.slug)
    return detached(HandButton(session.id, label), rules_button(session, lang))


def board_message(session: GameSession, lang: str) -> dict[str, Any]:
    """The board as message fields (`embed`, `view`)."""
    return {"embed": board_embed(session, lang), "view": board_view(session, lang)}


def hand_panel(
    session: GameSession, seat: int, lang: str, picked: str | None = None, *, dm: bool = False
) -> dict[str, Any]:
    """A seat's private panel as message fields: its view and exactly its legal actions.

    `picked`: the first click of a two-click choice; the panel then offers its second clicks.
    `dm`: the panel of a turn DM, with its button that turns these DMs off.
    The last row is left to the signals; the one above it holds the lone moves (end the turn,
    pass) with "Undo", while the seat may take its last move back, and the turn DM's button:
    all of them under the other moves.
    """
    if session.record.seats[seat].ai:
        # The member left and the AI plays for them: their cards, and the way back.
        embed = hand_embed(session, seat, lang, can_act=False)
        embed.set_footer(text=t(lang, "hand-ai-plays"))
        reclaim = ReclaimButton(session.id, t(lang, "reclaim-button"))
        return {"embed": embed, "view": detached(reclaim)}
    game, state = session.game, session.state
    slug = game.SPEC.slug
    legal = game.legal_actions(state, seat)
    own = game.view(state, seat)
    undoable = session.may_take_back(seat)
    extras = game.extra_actions(state, seat) if session.running else []
    rows = ROWS - 1 if extras else ROWS
    slots = plan(slug, own, legal, picked, rows, lang, beside=undoable + dm)
    items = [_component(session, slot) for slot in slots]
    if undoable:
        items.append(UndoButton(session.id, session.version, t(lang, "undo-button"), rows - 1))
    if dm:
        items.append(DmToggle(False, t(lang, "dm-turn-off"), rows - 1))
    if extras:
        placeholder = t(lang, f"group-{slug}-extra")
        options = [option(slug, a, lang) for a in extras[:MAX_OPTIONS]]
        items.append(ExtraSelect(session.id, placeholder, options))
    embed = hand_embed(session, seat, lang, can_act=bool(legal))
    if legal and not dm and (clock := clock_runs_out(session)):  # a turn DM says it in its text
        embed.add_field(name=t(lang, "hand-clock"), value=clock)
    return {"embed": embed, "view": detached(*items)}


def _component(session: GameSession, slot: Slot) -> discord.ui.Item[Any]:
    if slot.kind == "select":
        choices = list(slot.choices)
        return ActionSelect(session.id, session.version, slot.row, slot.placeholder, choices)
    kind = PickButton if slot.kind == "pick" else ActionButton
    return kind(session.id, session.version, slot.value, slot.label, slot.row, STYLES[slot.style])


# --- what the components do ---


async def show_hand(reply: Answer, game_id: str) -> None:
    """ "My hand": a fresh ephemeral panel for a seated player (it replaces their last one)."""
    bot = reply.bot
    session = bot.runtime.get(game_id)
    seat = seated(session, reply.user_id)
    bot.presenter.member_seen(reply.user_id, reply.lang)
    shows = showing(session, seat, reply.user_id)
    panel, follows = await answer_panel(bot, session, seat, reply.lang, edit=False)
    await reply.answer(**panel)
    keep_current(reply, session, seat, shows, follows)
    if bot.presenter.closed_dms_news(reply.user_id):
        await reply.answer(hand_button_text(reply.lang, "dm-closed", session.record.slug))


async def play(reply: Answer, game_id: str, action: str, version: int) -> None:
    """A panel's action: apply it and redraw that same panel (or a fresh one if it was stale)."""
    bot = reply.bot
    session = bot.runtime.get(game_id)
    seat = seated(session, reply.user_id)
    bot.presenter.member_seen(reply.user_id, reply.lang)
    try:
        events = await bot.runtime.act(session, reply.user_id, action, version)
        # What the channel is told of the move (a reveal, a miss, a round's end), the member
        # sees at once over their panel, in their language; it goes when the panel moves on.
        content = "\n".join(announcements(session, events, reply.lang))[:MESSAGE_LIMIT] or None
    except StaleAction:
        content = t(reply.lang, "error-stale")
    if session.running:
        await redraw(reply, session, seat, content=content)
        return
    # The move that ended the game: what it revealed stays over the game-over line.
    link = message_link(bot, session.record) if reply.in_dm else None
    over = game_over_panel(session, reply.lang, link)
    if content:
        over["content"] = f"{content}\n{over['content']}"[:MESSAGE_LIMIT]
    if reply.private_panel:
        await reply.edit(**over)
    else:
        await reply.answer(over["content"])


async def pick(reply: Answer, game_id: str, version: int, key: str) -> None:
    """The first click of a two-click choice: the panel, redrawn, offers the second (from a
    panel its member has acted on since, the current panel, saying so: the card may be gone)."""
    session = reply.bot.runtime.get(game_id)
    seat = seated(session, reply.user_id)
    if session.acted_since(seat, version):
        await redraw(reply, session, seat, content=t(reply.lang, "error-stale"))
    else:
        await redraw(reply, session, seat, picked=key)


async def undo(reply: Answer, game_id: str, version: int) -> None:
    """Take the seat's last move back, then redraw the panel (from an older panel: refused)."""
    bot = reply.bot
    session = bot.runtime.get(game_id)
    seat = seated(session, reply.user_id)
    content = None
    try:
        await bot.runtime.undo(session, reply.user_id, version)
    except StaleAction:
        content = t(reply.lang, "error-stale")
    await redraw(reply, session, seat, content=content)


async def extra(reply: Answer, game_id: str, action: str) -> None:
    """An action outside the turn order (a public signal), then the redrawn panel."""
    runtime = reply.bot.runtime
    session = runtime.get(game_id)
    seat = seated(session, reply.user_id)
    try:
        await runtime.act_extra(session, reply.user_id, action)
        # Signals are the only actions outside the turn order; the one named `clear` takes
        # the seat's signal off its pile.
        content = t(reply.lang, "signal-cleared" if action.endswith(".clear") else "signal-sent")
    except StaleAction:
        content = t(reply.lang, "error-stale")
    await redraw(reply, session, seat, content=content)


async def answer_panel(
    bot: TabletopBot,
    session: GameSession,
    seat: int,
    lang: str,
    picked: str | None = None,
    *,
    edit: bool,
    shown: Sequence[discord.Attachment] = (),
    waiting: bool = True,
    dm: bool = False,
) -> tuple[dict[str, Any], bool]:
    """A seat's panel as it stands now, as message fields for the answer to its member's click,
    and whether its picture follows (not drawn in time, the panel goes out as text at once).
    `shown`: the attachments of the panel being redrawn (its picture stays if still right);
    `waiting`: False for an edit nobody waits for (its picture is then waited for, not sent
    after); `dm`: the panel is a turn DM's (it keeps its button that turns them off)."""
    panel = hand_panel(session, seat, lang, picked, dm=dm)
    picture = await hand_picture(bot, session, seat, lang, shown, waiting=waiting)
    return with_picture(panel, picture, edit=edit), picture is not None and picture.follows


async def drawn_panel(
    bot: TabletopBot,
    session: GameSession,
    seat: int,
    lang: str,
    dm: bool = False,
    picked: str | None = None,
) -> dict[str, Any]:
    """A seat's panel as it stands now, with its picture, as fields for an edit nobody is
    waiting for (a live panel kept current; a turn DM says which game it is about)."""
    fields, _ = await answer_panel(
        bot, session, seat, lang, picked, edit=True, waiting=False, dm=dm
    )
    if dm:
        fields["content"] = dm_line(bot, session, seat, lang)
    return fields


def dm_line(
    bot: TabletopBot, session: GameSession, seat: int, lang: str, note: str | None = None
) -> str:
    """A turn DM's text: the game it belongs to, and whether the move is (still) the member's
    and until when, under the note answering a click."""
    link = message_link(bot, session.record)
    if seat in session.to_act() and session.running:
        line = t(lang, "dm-your-turn", link=link) + deadline_text(session)
    else:
        line = t(lang, "dm-game", link=link)
    return line if note is None else f"{note}\n{line}"


async def redraw(
    reply: Answer,
    session: GameSession,
    seat: int,
    picked: str | None = None,
    content: str | None = None,
) -> None:
    """Redraw the member's own panel in place: their ephemeral one, or the one in their DMs.

    A panel's custom_id could be forged onto a public message (the board); that message is
    never turned into someone's private panel: the member gets a fresh one of their own.
    """
    private, dm = reply.private_panel, reply.in_dm
    shows = showing(session, seat, reply.user_id)
    shown = reply.clicked_attachments if private else ()
    panel, follows = await answer_panel(
        reply.bot, session, seat, reply.lang, picked, edit=private, shown=shown, dm=dm
    )
    if dm:
        content = dm_line(reply.bot, session, seat, reply.lang, content)
    if private:
        await reply.edit(content=content, **panel)
    else:
        await reply.answer(content, **panel)
    keep_current(reply, session, seat, shows, follows, picked)


def keep_current(
    reply: Answer,
    session: GameSession,
    seat: int,
    shows: Hashable,
    picture_follows: bool,
    picked: str | None = None,
) -> None:
    """The panel just shown, drawn at `shows` (with `picked`, the first click of a two-click
    move), is the member's panel of this game from now on (and gets its picture once drawn, if
    it `picture_follows`)."""
    panel = reply.own_panel()
    if panel is not None:
        shown = ShownPanel(
            session, seat, reply.user_id, reply.lang, panel, shows, picture_follows, picked
        )
        reply.bot.presenter.panel_shown(shown)


def relayed_work(
    custom_id: str, values: list[str]
) -> tuple[str, Callable[[Answer], Awaitable[None]]] | None:
    """What a panel's component does, for a click another process received (cogs.relay)."""
    if match := ids.HAND.pattern.fullmatch(custom_id):
        game_id = ids.HAND.parse(match)["game_id"]
        return game_id, lambda reply: show_hand(reply, game_id)
    if match := ids.ACT.pattern.fullmatch(custom_id):
        act = ids.ACT.parse(match)
        return act["game_id"], lambda reply: play(
            reply, act["game_id"], act["action"], act["version"]
        )
    if match := ids.PICK.pattern.fullmatch(custom_id):
        picked = ids.PICK.parse(match)
        return picked["game_id"], lambda reply: pick(
            reply, picked["game_id"], picked["version"], picked["key"]
        )
    if match := ids.UNDO.pattern.fullmatch(custom_id):
        back = ids.UNDO.parse(match)
        return back["game_id"], lambda reply: undo(reply, back["game_id"], back["version"])
    if values and (match := ids.SELECT.pattern.fullmatch(custom_id)):
        chosen = ids.SELECT.parse(match)
        return chosen["game_id"], lambda reply: play(
            reply, chosen["game_id"], values[0], chosen["version"]
        )
    if values and (match := ids.EXTRA.pattern.fullmatch(custom_id)):
        game_id = ids.EXTRA.parse(match)["game_id"]
        return game_id, lambda reply: extra(reply, game_id, values[0])
    if match := ids.RECLAIM.pattern.fullmatch(custom_id):
        game_id = ids.RECLAIM.parse(match)["game_id"]
        return game_id, lambda reply: reclaim(reply, game_id)
    return None
