"""The picture of the table on a board or a private panel: the embed's image, sent as a PNG.

The picture is drawn from the state the text beside it shows (its sketch is taken before
anything is awaited), in the bot's drawing pool. A server that turned pictures off, or a
drawing that failed, gets the text alone.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.client import TabletopBot
from bot.i18n import t
from bot.pictures.pool import Sketch, board_sketch, hand_sketch
from bot.session import GameSession
from cogs.messages import game_title


@dataclass(frozen=True)
class Picture:
    """A picture for a message: drawn now, or one the edited message already shows."""

    filename: str
    png: bytes = b""
    alt: str = ""
    """What it shows, for those who cannot see it (Discord's image description)."""
    kept: discord.Attachment | None = None
    """The edited message's own attachment, still right: it stays, nothing is uploaded."""
    follows: bool = False
    """Not drawn in time for a member's answer, which goes out as text: the panel is edited
    with the picture as soon as it is drawn."""

    def attachment(self) -> discord.File | discord.Attachment:
        """What to attach: the kept attachment, or a fresh upload (discord.py closes a file
        once it has sent it)."""
        if self.kept is not None:
            return self.kept
        return discord.File(io.BytesIO(self.png), filename=self.filename, description=self.alt)


async def _drawn(
    bot: TabletopBot,
    session: GameSession,
    sketch: Sketch,
    alt: str,
    waiting: bool,
    shown: Sequence[discord.Attachment] = (),
) -> Picture | None:
    config = await bot.runtime.config(session.record.guild_id)
    if not config.images:
        return None
    filename = sketch.filename
    for attachment in shown:
        if attachment.filename == filename:
            return Picture(filename, kept=attachment)
    png = await bot.pictures.draw(sketch, waiting)
    if png is not None:
        return Picture(filename, png, alt)
    # Only a member's answer is followed by its late picture (cogs/live_panels.py).
    return Picture(filename, follows=True) if waiting and bot.pictures.drawing(sketch) else None


async def board_picture(
    bot: TabletopBot, session: GameSession, lang: str, waiting: bool = False
) -> Picture | None:
    """The board's picture as the game stands now (call right after building its text);
    `waiting`: a member waits for this board (a click answered with it)."""
    alt = t(lang, "pic-alt-board", game=game_title(session.record.slug, lang))
    return await _drawn(bot, session, board_sketch(session, lang), alt, waiting)


async def hand_picture(
    bot: TabletopBot,
    session: GameSession,
    seat: int,
    lang: str,
    shown: Sequence[discord.Attachment] = (),
    *,
    waiting: bool = True,
) -> Picture | None:
    """A seat's private picture as the game stands now (call right after building its text).

    `shown`: the attachments of the panel this picture will replace; where one of them was
    drawn from this very moment of the game, it is kept rather than drawn and sent again.
    `waiting`: the member waits for it (their click is being answered), so it may follow.
    """
    alt = t(lang, "pic-alt-hand", game=game_title(session.record.slug, lang))
    return await _drawn(bot, session, hand_sketch(session, seat, lang), alt, waiting, shown)


def with_picture(
    fields: dict[str, Any], picture: Picture | None, *, edit: bool = False
) -> dict[str, Any]:
    """Message fields with the picture as the embed's image: `files` for a new message,
    `attachments` for an edit, where no picture also takes an earlier one away (and a kept
    one stays: an edit keeps exactly the attachments it lists)."""
    fields = dict(fields)
    embed = fields.get("embed")
    attached: list[discord.File | discord.Attachment] = []
    if picture is not None and not picture.follows and embed is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
        attached = [picture.attachment()]
    if edit:
        fields["attachments"] = attached
    elif attached:
        fields["files"] = attached
    return fields
