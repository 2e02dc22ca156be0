"""The picture of the table on a board or a private panel: the embed's image, sent as a PNG.

The picture is drawn from the state the text beside it shows (its sketch is taken before
anything is awaited), in the bot's drawing pool. A server that turned pictures off, or a
drawing that failed, gets the text alone.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import discord

from bot.client import TabletopBot
from bot.pictures.pool import Sketch, board_sketch, hand_sketch
from bot.session import GameSession


@dataclass(frozen=True)
class Picture:
    """A drawn picture and the name it is attached under."""

    filename: str
    png: bytes

    def file(self) -> discord.File:
        """A fresh upload: discord.py closes a file once it has sent it."""
        return discord.File(io.BytesIO(self.png), filename=self.filename)


async def _drawn(
    bot: TabletopBot, session: GameSession, sketch: Sketch, waiting: bool
) -> Picture | None:
    config = await bot.runtime.config(session.record.guild_id)
    if not config.images:
        return None
    png = await bot.pictures.draw(sketch, waiting)
    return Picture(f"{sketch.kind}.png", png) if png is not None else None


async def board_picture(
    bot: TabletopBot, session: GameSession, lang: str, waiting: bool = False
) -> Picture | None:
    """The board's picture as the game stands now (call right after building its text);
    `waiting`: a member waits for this board (a click answered with it)."""
    return await _drawn(bot, session, board_sketch(session, lang), waiting)


async def hand_picture(
    bot: TabletopBot, session: GameSession, seat: int, lang: str
) -> Picture | None:
    """A seat's private picture as the game stands now (call right after building its text)."""
    return await _drawn(bot, session, hand_sketch(session, seat, lang), waiting=True)


def with_picture(
    fields: dict[str, Any], picture: Picture | None, *, edit: bool = False
) -> dict[str, Any]:
    """Message fields with the picture as the embed's image: `files` for a new message,
    `attachments` for an edit, where no picture also takes an earlier one away."""
    fields = dict(fields)
    embed = fields.get("embed")
    files = []
    if picture is not None and embed is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
        files = [picture.file()]
    if edit:
        fields["attachments"] = files
    elif files:
        fields["files"] = files
    return fields
