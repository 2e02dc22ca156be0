"""What a game's messages say: lobby, public board, private hand, results (text and embeds).

The components under them are built by the modules that also answer them (cogs.lobby,
cogs.hand, cogs.seats).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

import engines
from bot import variants
from bot.i18n import has, t
from bot.render import renderer
from bot.runtime import GameError
from bot.session import GameSession
from bot.storage import GameRecord, SeatRecord
from engines.core import Event, Outcome

COLOUR = discord.Colour.blurple()
FIELD_LIMIT = 1024
"""Discord's limit for an embed field's value."""


def known(slug: str) -> None:
    """Refuse a game the bot does not have (Discord offers only ours, but a request can lie)."""
    if slug not in engines.SLUGS:
        raise GameError("error-unknown-game")


def channel_of(client: discord.Client, record: GameRecord) -> discord.PartialMessageable:
    """Where a game is played, to post or edit there without fetching it."""
    # With its server named, a message's jump_url opens it; without, the link says @me,
    # which Discord reads as a DM and cannot open.
    return client.get_partial_messageable(record.play_channel_id, guild_id=record.guild_id)


def message_link(client: discord.Client, record: GameRecord) -> str:
    """A link that opens a game's lobby or board (its channel, before it has one)."""
    here = channel_of(client, record)
    if record.message_id is None:
        return here.jump_url
    return here.get_partial_message(record.message_id).jump_url


def announcements(session: GameSession, events: list[Event], lang: str) -> list[str]:
    """The lines a move's events are worth a message for (a reveal, a miss, a round's end)."""
    render = renderer(session.record.slug)
    names = session.names(lang)
    return [
        line
        for event in events
        if event.visible_to is None
        and render.announce(event)
        and (line := render.event(event, names, lang))
    ]


def game_over_panel(session: GameSession, lang: str, link: str | None = None) -> dict[str, Any]:
    """A member's panel (or turn DM) of a game that ended: it says so, and whether it has
    results to read (one ended early has none), with nothing to click. `link`: the game's, for
    a DM (which of their games it was, and where its results are)."""
    key = "hand-game-over" if session.record.status == "finished" else "board-abandoned"
    content = t(lang, key) if link is None else f"{t(lang, key)}\n{t(lang, 'dm-game', link=link)}"
    return {"content": content, "embed": None, "view": None, "attachments": []}


def game_title(slug: str, lang: str) -> str:
    """The localized name of a game."""
    return t(lang, f"game-{slug}")


def game_text(lang: str, key: str, slug: str, **params: Any) -> str:
    """`key-<slug>` where a game words it its own way (Genial has tokens, not cards), else `key`."""
    own = f"{key}-{slug}"
    return t(lang, own if has(lang, own) else key, **params)


def hand_button_text(lang: str, key: str, slug: str) -> str:
    """`key`, a message that tells the member to press the game's "My hand" button by its name."""
    return t(lang, key, button=game_text(lang, "board-my-hand", slug))


def seat_lines(session: GameSession, lang: str) -> str:
    """`1. alice (host)`, `2. 🤖 AI 1`, `3. bob (host · the AI plays for now)`, a line each."""
    lines = []
    seats, names = session.record.seats, session.names(lang)
    for index, (seat, who) in enumerate(zip(seats, names, strict=True)):
        notes = []
        if seat.user_id == session.record.host_id:
            notes.append(t(lang, "seat-host"))
        if seat.user_id is not None and seat.ai:
            notes.append(t(lang, "seat-ai-kicked" if seat.kicked else "seat-ai-playing"))
        if not seat.ready:
            notes.append(t(lang, "seat-waiting"))
        if notes:
            who += f" ({' · '.join(notes)})"
        lines.append(f"{index + 1}. {'' if seat.ready else '⏳ '}{who}")
    return "\n".join(lines)


def lobby_players(session: GameSession) -> int:
    """The players a lobby's options must fit: those seated, or the fewest the game needs."""
    return max(len(session.record.seats), session.game.SPEC.min_players)


def options_lines(session: GameSession, lang: str) -> list[str]:
    """A game's options as its lobby lists them (and what does not fit its players)."""
    spec = session.game.SPEC
    options = spec.Options.model_validate(session.record.options)
    lines = [t(lang, "options-base")] if options == spec.Options() else []
    return lines + variants.lines(spec.slug, options, lobby_players(session), lang)


def named_choices(keys: dict[str, str]) -> list[app_commands.Choice[str]]:
    """Slash command choices (value: catalog key of its name), named in English and, for
    Russian clients, in Russian, like every name and description of the commands."""
    return [
        app_commands.Choice(name=locale_str(t("en", key), key=key), value=value)
        for value, key in keys.items()
    ]


ON_OFF = named_choices({"on": "yes", "off": "no"})
"""A setting's on and off, as its value reads elsewhere (yes or no)."""


def value_text(value: bool, lang: str) -> str:
    """An on/off setting as a member reads it."""
    return t(lang, "yes" if value else "no")


def lobby_embed(session: GameSession, lang: str, editable: bool) -> discord.Embed:
    """The lobby: game, every option and its value (and what does not fit the players), seats.

    `editable`: the lobby chooses its options; otherwise the server's admins do, and it says so.
    """
    spec = session.game.SPEC
    record = session.record
    lines = options_lines(session, lang)
    if not editable:
        lines.append(t(lang, "options-by-admins"))
    embed = discord.Embed(
        title=t(lang, "lobby-title", game=game_title(spec.slug, lang)),
        description="\n".join(lines),
        colour=COLOUR,
    )
    embed.add_field(
        name=t(lang, "lobby-seats", count=len(record.seats), max=spec.max_players),
        value=seat_lines(session, lang),
        inline=False,
    )
    embed.set_footer(text=t(lang, "lobby-footer", low=spec.min_players, high=spec.max_players))
    return embed


def rules_embed(slug: str, lang: str, session: GameSession | None = None) -> discord.Embed:
    """A game's rules in short and how to ask for its variants; with `session`, also the
    variants that game is played with."""
    embed = discord.Embed(
        title=game_title(slug, lang), description=t(lang, f"rules-{slug}"), colour=COLOUR
    )
    if session is not None:
        value = "\n".join(options_lines(session, lang))[:1024]
        embed.add_field(name=t(lang, "rules-this-game"), value=value, inline=False)
    ways = "\n".join(variants.rules_lines(slug, lang))
    embed.add_field(name=t(lang, "rules-variants"), value=ways[:1024], inline=False)
    return embed


def clock_runs_out(session: GameSession) -> str:
    """When the turn's clock runs out, as Discord shows a time to each reader (in 2 minutes);
    '' without a clock."""
    deadline = session.record.deadline
    return f"⏰ <t:{int(deadline)}:R>" if deadline else ""


def deadline_text(session: GameSession) -> str:
    """The running clock after a line's other facts (' · ⏰ in 2 minutes'; '' without one)."""
    clock = clock_runs_out(session)
    return f" · {clock}" if clock else ""


def board_embed(session: GameSession, lang: str) -> discord.Embed:
    """The public board: everything public, whose turn, the clock, the last moves."""
    spec = session.game.SPEC
    render = renderer(spec.slug)
    names = session.names(lang)
    public = session.game.view(session.state, None)
    embed = discord.Embed(
        title=game_title(spec.slug, lang),
        description="\n".join(render.board(public, names, lang)),
        colour=COLOUR,
    )
    embed.add_field(
        name=t(lang, "board-players"),
        value=seat_lines(session, lang),
        inline=False,
    )
    outcome = session.game.outcome(session.state)
    if outcome is not None:
        embed.add_field(name=t(lang, "board-final"), value=outcome_text(session, outcome, lang))
        return embed
    if session.record.status != "running":
        embed.add_field(name="\u200b", value=t(lang, f"board-{session.record.status}"))
        return embed
    if session.paused:  # the AI holds every seat: the board waits for no one, only a Resume
        embed.add_field(
            name=t(lang, "board-paused"),
            value=t(lang, "board-paused-until") + deadline_text(session),
            inline=False,
        )
    else:
        acting = sorted(session.to_act())
        embed.add_field(
            name=t(lang, "board-to-act"),
            value=", ".join(names[s] for s in acting) + deadline_text(session),
            inline=False,
        )
    if session.recent:
        # The newest whole lines that fit a field: a line cut in half could open in the middle
        # of a name or leave a `**` unpaired.
        newest = fitting(reversed(session.recent), FIELD_LIMIT)[::-1]
        value = "\n".join(newest) or session.recent[-1][:FIELD_LIMIT]
        embed.add_field(name=t(lang, "board-last-moves"), value=value)
    embed.set_footer(text=game_text(lang, "board-footer", spec.slug, id=session.id))
    return embed


def mention(session: GameSession, seat: int) -> str:
    """A seat in a message meant to ping its member: a mention, or the AI's name."""
    user_id = session.record.seats[seat].user_id
    if user_id is not None:
        return f"<@{user_id}>"
    return session.names(session.record.language)[seat]


def played_by(seat: SeatRecord, lang: str) -> str:
    """What follows a removed member's name in a result: their seat was the AI's to the end,
    so the result is not theirs (nor counted in their /stats)."""
    return f" ({t(lang, 'result-ai-kicked')})" if seat.kicked else ""


def outcome_text(session: GameSession, outcome: Outcome, lang: str) -> str:
    """Final ranking with scores, per-round scores, tie-break and result."""
    slug = session.record.slug
    names = session.names(lang)
    lines = []
    if outcome.cooperative:
        lines.append(t(lang, f"result-{slug}-{outcome.result}", score=outcome.scores[0]))
        stuck = outcome.details.get("stuck_seat")
        if stuck is not None:
            lines.append(t(lang, "result-stuck", who=names[stuck]))
    else:
        order = sorted(range(len(outcome.scores)), key=lambda s: outcome.ranking[s])
        seats = session.record.seats
        for seat in order:
            medal = "🏆" if seat in outcome.winners else f"{outcome.ranking[seat]}."
            rounds = ""
            if len(outcome.round_scores) > 1:
                rounds = " (" + " + ".join(str(r[seat]) for r in outcome.round_scores) + ")"
            lines.append(
                f"{medal} {names[seat]}{played_by(seats[seat], lang)} — "
                + t(lang, "score-points", points=outcome.scores[seat])
                + rounds
            )
        lines += renderer(slug).tiebreak_lines(outcome, session.state.options, names, lang)
        # How one game ended; a series of games (Genial's) told each game's end as it came.
        single = len(outcome.round_scores) <= 1
        if single and has(lang, result := f"result-{slug}-{outcome.result}"):
            lines.append(t(lang, result))
    return "\n".join(lines)[:1024]


def hand_embed(session: GameSession, seat: int, lang: str, *, can_act: bool) -> discord.Embed:
    """A seat's private view; `can_act` False says that it is not their move."""
    slug = session.record.slug
    own = session.game.view(session.state, seat)
    embed = discord.Embed(
        title=game_text(lang, "hand-title", slug, game=game_title(slug, lang)),
        description="\n".join(renderer(slug).hand(own, session.names(lang), lang)),
        colour=COLOUR,
    )
    if not can_act and renderer(slug).sits_out(own):
        embed.set_footer(text=game_text(lang, "hand-sits-out", slug))
    elif not can_act:
        embed.set_footer(text=hand_button_text(lang, "hand-wait", slug))
    return embed


def results_text(session: GameSession, lang: str) -> str:
    """The message that closes a game: its ranking, or that it was abandoned."""
    title = game_title(session.record.slug, lang)
    outcome = session.game.outcome(session.state)
    if outcome is None:
        return t(lang, "results-abandoned", game=title)
    return t(lang, "results-title", game=title) + "\n" + outcome_text(session, outcome, lang)


LINES_SHOWN = 3800
"""Characters of an embed's list at most (its description holds 4096): `/games`, `/history`."""
LISTED = ("lobby", "running", "paused")
"""How `/games` shows a game, in the order it lists them: what can be joined first."""


def listed_as(session: GameSession) -> str:
    """A game as `/games` lists it: an open lobby, a game being played, or one paused."""
    if session.record.status == "lobby":
        return "lobby"
    return "paused" if session.paused else "running"


def fitting(lines: Iterable[str], room: int = LINES_SHOWN) -> list[str]:
    """The first of `lines` that fit in `room` characters, one to a line."""
    kept: list[str] = []
    for line in lines:
        room -= len(line) + 1
        if room < 0:
            break
        kept.append(line)
    return kept


def server_games_embed(
    client: discord.Client, sessions: list[GameSession], lang: str
) -> discord.Embed:
    """`/games`: a server's open lobbies first (they can be joined), then its games, each with
    a link to its message."""
    ranked = sorted(sessions, key=lambda s: (LISTED.index(listed_as(s)), s.record.created_at))
    lines = fitting(server_game_line(client, session, lang) for session in ranked)
    if len(lines) < len(ranked):
        lines.append(t(lang, "games-more", count=len(ranked) - len(lines)))
    return discord.Embed(
        title=t(lang, "games-title"),
        description="\n".join(lines) or t(lang, "games-none"),
        colour=COLOUR,
    )


def server_game_line(client: discord.Client, session: GameSession, lang: str) -> str:
    """One lobby or game: what it is, where (a link to its message), who plays."""
    record = session.record
    players = ", ".join(session.names(lang))
    return t(
        lang,
        f"games-{listed_as(session)}",
        game=game_title(record.slug, lang),
        link=message_link(client, record),
        channel=f"<#{record.play_channel_id}>",
        players=players,
        taken=len(record.seats),
        seats=session.game.SPEC.max_players,
    )
