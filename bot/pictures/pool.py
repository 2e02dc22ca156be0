"""Drawing off the event loop: a pool of threads turns a game's view into a PNG.

The view is taken on the event loop (a `Sketch`), in the same step as the text beside it, so
the picture shows exactly the state the text shows; the drawing and the PNG encoding happen in
the pool while the loop answers clicks.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal

from bot.pictures import painter
from bot.pictures.base import Seats, png
from bot.session import GameSession

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Sketch:
    """What one picture will show: a game's view at one moment, its seats and language."""

    game_id: str
    slug: str
    kind: Literal["board", "hand"]
    view: Any
    seats: Seats
    lang: str

    def draw(self) -> bytes:
        """The picture as a PNG (in a pool thread)."""
        pictures = painter(self.slug)
        if self.kind == "board":
            return png(pictures.board(self.view, self.seats, self.lang))
        return png(pictures.hand(self.view, self.seats, self.lang))


def seats_of(session: GameSession) -> Seats:
    """The seats of a game as its pictures name them (as typed: a picture has no markdown to
    escape), and whether its turn clock runs."""
    record = session.record
    return Seats(
        names=tuple(seat.name for seat in record.seats),
        ai=tuple(seat.ai for seat in record.seats),
        clock=record.deadline is not None,
    )


def board_sketch(session: GameSession, lang: str) -> Sketch:
    """The public board as it stands now, from the public view."""
    view = session.game.view(session.state, None)
    return Sketch(session.id, session.record.slug, "board", view, seats_of(session), lang)


def hand_sketch(session: GameSession, seat: int, lang: str) -> Sketch:
    """A seat's private picture as it stands now, from that seat's view."""
    view = session.game.view(session.state, seat)
    return Sketch(session.id, session.record.slug, "hand", view, seats_of(session), lang)


DEADLINE = 2.5
"""Seconds a picture may take, its wait for a free thread included. A later one is given up
and the text goes alone: a pool with more to draw than it can holds an answer up this long at
most (the early acknowledgement keeps Discord's 3 s meanwhile)."""


class Pictures:
    """Draws sketches in `threads` threads; a drawing that fails is logged once and gives
    None, and the message goes out as text."""

    def __init__(self, threads: int) -> None:
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="pictures")

    async def draw(self, sketch: Sketch) -> bytes | None:
        """The sketch as a PNG, or None if it could not be drawn in time."""
        drawing = asyncio.get_running_loop().run_in_executor(self._pool, sketch.draw)
        try:
            return await asyncio.wait_for(drawing, DEADLINE)
        except TimeoutError:
            log.warning(
                "the %s of game %s was not drawn within %s s; it goes out as text",
                sketch.kind,
                sketch.game_id,
                DEADLINE,
            )
        except Exception:
            log.warning(
                "could not draw the %s of game %s; it goes out as text",
                sketch.kind,
                sketch.game_id,
                exc_info=True,
            )
        return None

    def close(self) -> None:
        """Draw nothing more."""
        self._pool.shutdown(wait=False, cancel_futures=True)
