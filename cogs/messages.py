"""Discord messages of a game: lobby, public board, private hand panel, results."""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from typing import Any

import discord

from bot.i18n import has, t
from bot.render import renderer
from bot.session import GameSession
from cogs.components import (
    ActionButton,
    ActionSelect,
    DmToggle,
    ExtraSelect,
    HandButton,
    LobbyButton,
    Panel,
)
from engines.core import Outcome, encode_action

COLOUR = discord.Colour.blurple()
MAX_ROWS = 5
MAX_OPTIONS = 25
BUTTONS_PER_ROW = 5


def game_title(slug: str, lang: str) -> str:
    """The localized name of a game."""
    return t(lang, f"game-{slug}")


def seat_line(session: GameSession, index: int, lang: str) -> str:
    """`1. @alice (host)` or `2. 🤖 AI 1`."""
    seat = session.record.seats[index]
    who = f"<@{seat.user_id}>" if seat.user_id is not None else seat.name
    if seat.user_id is None:
        who = f"🤖 {seat.name}"
    elif seat.ai:
        who += " " + t(lang, "seat-ai-playing")
    if seat.user_id == session.record.host_id:
        who += " " + t(lang, "seat-host")
    return f"{index + 1}. {who}"


def options_lines(session: GameSession, lang: str) -> list[str]:
    """The options that differ from the base game, or a note that it is the base game."""
    spec = session.game.SPEC
    base = spec.Options().model_dump(mode="json")
    changed = {k: v for k, v in session.record.options.items() if base.get(k) != v}
    if not changed:
        return [t(lang, "options-base")]
    return [
        f"• {t(lang, f'opt-{spec.slug}-{k}')}: **{value_text(v, lang, f'{spec.slug}-{k}')}**"
        for k, v in changed.items()
    ]


def value_text(value: Any, lang: str, option: str = "") -> str:
    """An option value as a player reads it; `optval-<slug>-<field>-<value>` names a choice."""
    if option and has(lang, key := f"optval-{option}-{value}"):
        return t(lang, key)
    if isinstance(value, bool):
        return t(lang, "yes" if value else "no")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def lobby_message(session: GameSession, lang: str) -> tuple[discord.Embed, discord.ui.View]:
    """The lobby: game, options, seats and the lobby buttons."""
    spec = session.game.SPEC
    record = session.record
    embed = discord.Embed(
        title=t(lang, "lobby-title", game=game_title(spec.slug, lang)),
        description="\n".join(options_lines(session, lang)),
        colour=COLOUR,
    )
    embed.add_field(
        name=t(lang, "lobby-seats", count=len(record.seats), max=spec.max_players),
        value="\n".join(seat_line(session, i, lang) for i in range(len(record.seats))),
        inline=False,
    )
    embed.set_footer(text=t(lang, "lobby-footer", low=spec.min_players, high=spec.max_players))
    view = Panel()
    full = len(record.seats) >= spec.max_players
    startable = spec.min_players <= len(record.seats) <= spec.max_players
    for verb, style, disabled in (
        ("join", discord.ButtonStyle.success, full),
        ("leave", discord.ButtonStyle.secondary, False),
        ("addai", discord.ButtonStyle.secondary, full),
        ("rmai", discord.ButtonStyle.secondary, all(s.user_id for s in record.seats)),
        ("start", discord.ButtonStyle.primary, not startable),
        ("cancel", discord.ButtonStyle.danger, False),
    ):
        view.add(LobbyButton(session.id, verb, t(lang, f"lobby-{verb}"), style, disabled))
    return embed, view


def deadline_text(session: GameSession) -> str:
    """The running clock as a Discord relative timestamp ('' without a clock)."""
    deadline = session.record.deadline
    return f" · ⏰ <t:{int(deadline)}:R>" if deadline else ""


def board_message(session: GameSession, lang: str) -> tuple[discord.Embed, discord.ui.View | None]:
    """The public board: everything public, whose turn, the clock, the last moves."""
    spec = session.game.SPEC
    render = renderer(spec.slug)
    names = session.names()
    public = session.game.view(session.state, None)
    embed = discord.Embed(
        title=game_title(spec.slug, lang),
        description="\n".join(render.board(public, names, lang)),
        colour=COLOUR,
    )
    embed.add_field(
        name=t(lang, "board-players"),
        value="\n".join(seat_line(session, i, lang) for i in range(len(names))),
        inline=False,
    )
    outcome = session.game.outcome(session.state)
    if outcome is not None:
        embed.add_field(name=t(lang, "board-final"), value=outcome_text(session, outcome, lang))
        return embed, None
    if session.record.status != "running":
        embed.add_field(name="\u200b", value=t(lang, f"board-{session.record.status}"))
        return embed, None
    acting = sorted(session.to_act())
    embed.add_field(
        name=t(lang, "board-to-act"),
        value=", ".join(mention(session, s) for s in acting) + deadline_text(session),
        inline=False,
    )
    if session.recent:
        value = "\n".join(session.recent)[-1024:]
        embed.add_field(name=t(lang, "board-last-moves"), value=value)
    embed.set_footer(text=t(lang, "board-footer", id=session.id))
    view = Panel()
    view.add(HandButton(session.id, t(lang, "board-my-hand")))
    return embed, view


def mention(session: GameSession, seat: int) -> str:
    """A seat as the channel shows it: a mention for a member, a name for the AI."""
    record = session.record.seats[seat]
    return f"<@{record.user_id}>" if record.user_id is not None else f"🤖 {record.name}"


def outcome_text(session: GameSession, outcome: Outcome, lang: str) -> str:
    """Final ranking with scores, per-round scores, tie-break and result."""
    slug = session.record.slug
    lines = []
    if outcome.cooperative:
        lines.append(t(lang, f"result-{slug}-{outcome.result}", score=outcome.scores[0]))
    else:
        order = sorted(range(len(outcome.scores)), key=lambda s: outcome.ranking[s])
        for seat in order:
            medal = "🏆" if seat in outcome.winners else f"{outcome.ranking[seat]}."
            rounds = ""
            if len(outcome.round_scores) > 1:
                rounds = " (" + " + ".join(str(r[seat]) for r in outcome.round_scores) + ")"
            lines.append(
                f"{medal} {mention(session, seat)} — "
                + t(lang, "score-points", points=outcome.scores[seat])
                + rounds
            )
        if outcome.tiebreak:
            lines.append(t(lang, f"tiebreak-{slug}-{outcome.tiebreak}"))
        if has(lang, result := f"result-{slug}-{outcome.result}"):
            lines.append(t(lang, result))
    return "\n".join(lines)[:1024]


def hand_panel(session: GameSession, seat: int, lang: str) -> tuple[discord.Embed, discord.ui.View]:
    """A seat's private panel: its view and exactly its legal actions."""
    game = session.game
    slug = game.SPEC.slug
    render = renderer(slug)
    own = game.view(session.state, seat)
    legal = game.legal_actions(session.state, seat)
    embed = discord.Embed(
        title=t(lang, "hand-title", game=game_title(slug, lang)),
        description="\n".join(render.hand(own, lang)),
        colour=COLOUR,
    )
    if not legal:
        embed.set_footer(text=t(lang, "hand-wait"))
    view = Panel()
    buttons: list[Any] = []
    groups: OrderedDict[str, list[Any]] = OrderedDict()
    for action in legal:
        if group := render.group(action):
            groups.setdefault(group, []).append(action)
        else:
            buttons.append(action)
    extras = getattr(game, "signal_actions", None)
    extra_actions = extras(session.state, seat) if extras and session.running else []
    rows = 0
    for group, actions in groups.items():
        for start in range(0, len(actions), MAX_OPTIONS):
            chunk = actions[start : start + MAX_OPTIONS]
            view.add(
                ActionSelect(
                    session.id,
                    session.version,
                    rows,
                    t(lang, f"group-{slug}-{group}"),
                    [option(slug, a, lang) for a in chunk],
                    row=rows,
                )
            )
            rows += 1
    for index, action in enumerate(buttons[: (MAX_ROWS - rows - 1) * BUTTONS_PER_ROW]):
        label, value = option(slug, action, lang)
        view.add(
            ActionButton(
                session.id,
                session.version,
                value,
                label,
                row=rows + index // BUTTONS_PER_ROW,
            )
        )
    if extra_actions:
        view.add(
            ExtraSelect(
                session.id,
                t(lang, f"group-{slug}-extra"),
                [option(slug, a, lang) for a in extra_actions[:MAX_OPTIONS]],
            )
        )
    return embed, view


@lru_cache(maxsize=8192)
def option(slug: str, action: Any, lang: str) -> tuple[str, str]:
    """An action's label and its custom_id form (`encode_action`).

    Remembered: actions are immutable and hashable, and a panel shows 5-25 of them, most of
    them the same from one panel to the next; formatting each one again took about 15 of a
    panel's 107 µs.
    """
    return renderer(slug).label(action, lang), encode_action(action)


def dm_toggle(lang: str) -> DmToggle:
    """The button under a turn DM that turns these DMs off."""
    return DmToggle(False, t(lang, "dm-turn-off"))
