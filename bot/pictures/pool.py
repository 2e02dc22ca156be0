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
from functools import cached_property
from typing import Any, Literal

from bot.ai_worker import AiWorker
from bot.pictures import painter
from bot.pictures.base import Seats, png
from bot.pictures.palettes import palette
from bot.session import GameSession, typed_names

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

    @cached_property
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


def seats_of(session: GameSession, lang: str) -> Seats:
    """The seats of a game as its pictures in `lang` name them (as typed: a picture has no
    markdown to escape), whether its turn clock runs, and whether it is paused or ended early."""
    record = session.record
    halted: Literal["", "paused", "abandoned"] = (
        "abandoned" if record.status == "abandoned" else "paused" if session.paused else ""
    )
    return Seats(
        names=tuple(typed_names(record.seats, lang)),
        ai=tuple(seat.ai for seat in record.seats),
        # A paused game's deadline is the pause's (when it ends), not a turn's.
        clock=record.deadline is not None and not halted,
        halted=halted,
    )


def board_sketch(session: GameSession, lang: str) -> Sketch:
    """The public board as it stands now, from the public view."""
    view = session.game.view(session.state, None)
    return Sketch(session.id, session.record.slug, "board", view, seats_of(session, lang), lang)


def hand_sketch(session: GameSession, seat: int, lang: str) -> Sketch:
    """A seat's private picture as it stands now, from that seat's view."""
    view = session.game.view(session.state, seat)
    return Sketch(session.id, session.record.slug, "hand", view, seats_of(session, lang), lang)


DEADLINE = 2.5
"""Seconds a picture may take when nobody waits for it (a board in the paced edits, a turn DM,
a panel's picture that follows it), its wait in the queue included. A later one is given up and
the message goes out as text."""
WAITING_DEADLINE = 0.1
"""Seconds a member's answer waits for its picture (their panel, a board they asked for). A
hand's picture still being drawn then is not given up: the panel goes out as text at once and
gets its picture in an edit as soon as it is drawn."""
WAITING_QUEUE = 4
"""Members' pictures being drawn (hands, and boards a member asked for), above which one more is
not drawn at all: under a burst of clicks panels go out as text at once, and get their pictures
again once it is over. Boards in the paced edits do not count: they are few (one per paced
edit), and counting them would send about a quarter of the panels out as text at 200 busy
tables."""


class Pictures:
    """Draws sketches in the worker process (bot.ai_worker), or in `threads` threads of the bot
    without one; a drawing that fails is logged once and gives None, and the message goes out
    as text."""

    def __init__(self, threads: int) -> None:
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="pictures")
        self._worker: AiWorker | None = None
        self._for_members = 0
        self._hands: dict[str, asyncio.Future[bytes]] = {}
        """Hands' pictures being drawn, by file name (the moment they show)."""

    def use_worker(self, worker: AiWorker) -> None:
        """Draw in `worker`'s process from now on, while it has one."""
        self._worker = worker

    async def draw(self, sketch: Sketch, waiting: bool = False) -> bytes | None:
        """The sketch as a PNG, or None if it could not be drawn in time.

        `waiting`: a member waits for the message (their panel, a board they asked for), so it
        goes out as text rather than wait long. Members' pictures (these, and every hand's) are
        not drawn at all behind `WAITING_QUEUE` others. A hand's picture is drawn once: asking
        again while it is drawn (the edit that brings a panel its late picture) waits for that
        same drawing.
        """
        for_member = waiting or sketch.kind == "hand"
        if for_member and self._for_members >= WAITING_QUEUE and not self.drawing(sketch):
            return None
        deadline = WAITING_DEADLINE if waiting else DEADLINE
        drawing = self._draw_once(sketch, for_member)
        try:
            return await asyncio.wait_for(asyncio.shield(drawing), deadline)
        except TimeoutError:
            # A member's picture given up under load is expected; a board this late is not.
            log.log(
                logging.INFO if for_member else logging.WARNING,
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
        return None

    def drawing(self, sketch: Sketch) -> bool:
        """Whether this hand's picture is being drawn now (late for the answer that asked)."""
        return sketch.filename in self._hands

    def _draw_once(self, sketch: Sketch, for_member: bool) -> asyncio.Future[bytes]:
        if sketch.kind == "hand" and (under_way := self._hands.get(sketch.filename)):
            return under_way
        drawing = asyncio.ensure_future(self._drawn(sketch))
        # A failure nobody waits for any more (its answer went out as text) is not an error.
        drawing.add_done_callback(lambda done: done.cancelled() or done.exception())
        if sketch.kind == "hand":
            name = sketch.filename
            self._hands[name] = drawing
            drawing.add_done_callback(lambda _: self._hands.pop(name, None))
        if for_member:
            self._for_members += 1
            drawing.add_done_callback(self._member_drawn)
        return drawing

    def _member_drawn(self, _: asyncio.Future[bytes]) -> None:
        self._for_members -= 1

    async def _drawn(self, sketch: Sketch) -> bytes:
        if self._worker is not None and (png := await self._worker.run(sketch.draw)) is not None:
            return png
        return await asyncio.get_running_loop().run_in_executor(self._pool, sketch.draw)

    def close(self) -> None:
        """Draw nothing more."""
        self._pool.shutdown(wait=False, cancel_futures=True)
