"""Drawing off the event loop: a pool of threads turns a game's view into a PNG.

The view is taken on the event loop (a `Sketch`), in the same step as the text beside it, so
the picture shows exactly the state the text shows; the drawing and the PNG encoding happen in
the pool while the loop answers clicks.
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal

from bot.ai_worker import AiWorker
from bot.pictures import painter
from bot.pictures.base import Seats, png
from bot.pictures.palettes import palette
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

    @property
    def filename(self) -> str:
        """The name the picture is attached under. A hand's says what it was drawn from, so a
        redraw of a panel whose picture is still right can keep it instead of drawing it again
        (picking a card, or a refusal, changes only the buttons)."""
        if self.kind == "board":
            return "board.png"
        drawn_from = (self.game_id, self.view.version, self.view.seat, self.seats, self.lang)
        return f"hand-{zlib.crc32(repr(drawn_from).encode()):08x}.png"

    def draw(self) -> bytes:
        """The picture as a PNG (in a pool thread)."""
        pictures = painter(self.slug)
        if self.kind == "board":
            drawn = pictures.board(self.view, self.seats, self.lang)
        else:
            drawn = pictures.hand(self.view, self.seats, self.lang)
        return png(drawn, palette(self.slug))


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
"""Seconds a board's picture may take, its wait in the queue included. A later one is given up
and the board goes out as text (boards are drawn in the paced edits, not while a click waits)."""
WAITING_DEADLINE = 0.25
"""Seconds a picture may take while a member waits for it (a panel, a board they asked for)."""
WAITING_QUEUE = 4
"""Pictures that members wait for, already asked for, above which one more is not drawn at all:
under a burst of clicks panels go out as text at once, and get their pictures again once it is
over. Boards' pictures do not count: they are few (one per paced edit), and counting them
would send about a quarter of the panels out as text at 200 busy tables."""


class Pictures:
    """Draws sketches in the worker process (bot.ai_worker), or in `threads` threads of the bot
    without one; a drawing that fails is logged once and gives None, and the message goes out
    as text."""

    def __init__(self, threads: int) -> None:
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="pictures")
        self._worker: AiWorker | None = None
        self._members_waiting = 0

    def use_worker(self, worker: AiWorker) -> None:
        """Draw in `worker`'s process from now on, while it has one."""
        self._worker = worker

    async def draw(self, sketch: Sketch, waiting: bool = False) -> bytes | None:
        """The sketch as a PNG, or None if it could not be drawn in time.

        `waiting`: a member waits for the message (their panel, a board they asked for), so it
        goes out as text rather than wait behind many other members' pictures.
        """
        if waiting and self._members_waiting >= WAITING_QUEUE:
            return None
        deadline = WAITING_DEADLINE if waiting else DEADLINE
        if waiting:
            self._members_waiting += 1
        try:
            return await asyncio.wait_for(self._drawn(sketch), deadline)
        except TimeoutError:
            # A panel without its picture under load is expected; a board this late is not.
            log.log(
                logging.INFO if waiting else logging.WARNING,
                "the %s of game %s was not drawn within %s s; it goes out as text",
                sketch.kind,
                sketch.game_id,
                deadline,
            )
        except Exception:
            log.warning(
                "could not draw the %s of game %s; it goes out as text",
                sketch.kind,
                sketch.game_id,
                exc_info=True,
            )
        finally:
            if waiting:
                self._members_waiting -= 1
        return None

    async def _drawn(self, sketch: Sketch) -> bytes:
        if self._worker is not None and (png := await self._worker.run(sketch.draw)) is not None:
            return png
        return await asyncio.get_running_loop().run_in_executor(self._pool, sketch.draw)

    def close(self) -> None:
        """Draw nothing more."""
        self._pool.shutdown(wait=False, cancel_futures=True)
