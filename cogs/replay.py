"""Replays of finished games: the "Replay" button (under the results and in /history), the
private viewer that steps through the game with ⏮ ◀ ▶ ⏭, and /game log's JSON file.

The viewer is ephemeral and shows every hand: the game is over, nothing of it is secret any
more. A running game is never replayed or exported (bot.replay refuses it).
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from bot.i18n import t
from bot.render import renderer
from bot.replay import Replay, Replays, Step
from bot.runtime import GameError
from bot.session import GameSession
from cogs import ids
from cogs.items import Component
from cogs.messages import COLOUR, FIELD_LIMIT, game_text, game_title, outcome_text
from cogs.permissions import reader
from cogs.replies import Reply
from cogs.views import Button, detached

EMBED_LIMIT = 6000
"""Discord's limit for all the text of an embed."""
BOARD_LIMIT = 2000
"""The board's share of the viewer (the hands and the move need the rest)."""
NAV = {"first": "⏮", "prev": "◀", "next": "▶", "last": "⏭"}


class ReplayButton(Component, discord.ui.DynamicItem[Button], layout=ids.REPLAY):
    """Opens a finished game's replay, only for the member who clicked."""

    def __init__(self, game_id: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Replay",
                emoji="🎬",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.REPLAY.format(game_id=game_id),
            )
        )
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction) -> None:
        """The replay's first step: the deal."""

        async def work(reply: Reply) -> None:
            replay = await replay_of(reply, self.game_id)
            await reply.answer(**viewer(replay, 0, reply.lang))

        await self.answer(interaction, work)


class StepButton(Component, discord.ui.DynamicItem[Button], layout=ids.REPLAY_STEP):
    """⏮ ◀ ▶ ⏭: the viewer goes to step `version` of the game."""

    def __init__(self, game_id: str, version: int, key: str, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=NAV.get(key, "▶"),
                style=discord.ButtonStyle.primary,
                custom_id=ids.REPLAY_STEP.format(game_id=game_id, version=version, key=key),
                disabled=disabled,
            )
        )
        self.game_id, self.version = game_id, version

    async def callback(self, interaction: discord.Interaction) -> None:
        """Redraw the viewer at the step this button goes to."""

        async def work(reply: Reply) -> None:
            replay = await replay_of(reply, self.game_id)
            await reply.edit(**viewer(replay, self.version, reply.lang))

        await self.answer(interaction, work)


ITEMS = (ReplayButton, StepButton)


def replays(reply: Reply) -> Replays:
    """The bot's replays of finished games."""
    return reply.bot.replays


async def replay_of(reply: Reply, game_id: str) -> Replay:
    """A finished game of the server the member clicked in (never of another one), played
    where they can look."""
    return await replays(reply).replay(game_id, reader(reply.interaction))


def replay_view(game_id: str, lang: str) -> discord.ui.View:
    """The "Replay" button under a finished game's results."""
    return detached(ReplayButton(game_id, t(lang, "replay-button")))


def viewer(replay: Replay, number: int, lang: str) -> dict[str, Any]:
    """The viewer at step `number`: the board, the move, every hand, and the buttons."""
    step = replay.step(number)
    game_id = replay.record.id
    last = replay.steps
    at_start, at_end = step.number == 0, step.number == last
    buttons = [
        StepButton(game_id, 0, "first", disabled=at_start),
        StepButton(game_id, max(step.number - 1, 0), "prev", disabled=at_start),
        StepButton(game_id, min(step.number + 1, last), "next", disabled=at_end),
        StepButton(game_id, last, "last", disabled=at_end),
    ]
    return {"embed": replay_embed(replay, step, lang), "view": detached(*buttons)}


def replay_embed(replay: Replay, step: Step, lang: str) -> discord.Embed:
    """Everything at one step, every seat's hidden cards included (the game is over)."""
    record = replay.record
    slug = record.slug
    render = renderer(slug)
    # A session of the finished game names its seats and words its result as the game did.
    session = GameSession(record=record, state=step.state)
    names = session.names(lang)
    game = replay.game
    board = "\n".join(render.board(game.view(step.state, None), names, lang))
    title = game_title(slug, lang)
    embed = discord.Embed(
        title=t(lang, "replay-title", game=title, step=step.number, steps=replay.steps)
        if step.number
        else t(lang, "replay-title-start", game=title),
        description=clip(board, BOARD_LIMIT),
        colour=COLOUR,
    )
    embed.add_field(
        name=t(lang, "replay-move"), value=move_text(replay, step, names, lang), inline=False
    )
    final = outcome_text(session, replay.outcome, lang) if step.number == replay.steps else ""
    footer = t(lang, "replay-footer", id=record.id)
    embed.set_footer(text=footer)
    hands = [
        (names[seat], "\n".join(render.revealed(game.view(step.state, seat), lang)))
        for seat in range(len(record.seats))
    ]
    if not any(hand for _, hand in hands):  # the board shows it all (Ingenious, the end)
        hands = []
    spent = len(embed.title or "") + len(embed.description or "") + len(footer) + len(final)
    spent += sum(len(field.name or "") + len(field.value or "") for field in embed.fields)
    spent += sum(len(name) for name, _ in hands) + len(t(lang, "board-final"))
    share = max(min(FIELD_LIMIT, (EMBED_LIMIT - spent) // max(len(hands), 1)), 0)
    for name, hand in hands:
        embed.add_field(name=name, value=clip(hand, share) or "—", inline=False)
    if final:
        embed.add_field(name=t(lang, "board-final"), value=final, inline=False)
    return embed


def move_text(replay: Replay, step: Step, names: list[str], lang: str) -> str:
    """What happened at this step: who did what, and what the game said of it."""
    if step.seat is None:
        return t(lang, "replay-deal")
    who = names[step.seat]
    if step.undo:
        return t(lang, "replay-undo", who=who)
    render = renderer(replay.record.slug)
    lines = [
        line
        for event in step.events
        if event.visible_to is None and (line := render.event(event, names, lang))
    ]
    acted = game_text(lang, "replay-acted", replay.record.slug, who=who)
    return clip("\n".join(lines) or acted, FIELD_LIMIT)


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, with an ellipsis where it was cut."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


async def export_log(reply: Reply, game_id: str) -> None:
    """/game log: a finished game of this server as a JSON file, only for the member who asked."""
    wanted = game_id.strip().lower()
    if not re.fullmatch(ids.PARTS["game_id"][0], wanted):
        raise GameError("error-replay-unknown")
    data = await replays(reply).export(wanted, reader(reply.interaction))
    await reply.answer(
        t(reply.lang, "log-attached", id=wanted),
        file=discord.File(io.BytesIO(data.encode()), filename=f"game-{wanted}.json"),
    )
