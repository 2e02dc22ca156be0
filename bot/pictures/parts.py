"""Parts that several games' pictures share: cards, card backs, players' places, whose turn."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from PIL import Image

from bot.i18n import t
from bot.pictures import icons
from bot.pictures.base import (
    BACK,
    BIG,
    CARD,
    CARD_EDGE,
    CARD_INK,
    INK,
    LABEL,
    PANEL,
    PANEL_LIT,
    RGB,
    SMALL,
    TURN,
    Canvas,
    Seats,
    fitted,
    rounded,
    seat_name,
)


@lru_cache(maxsize=2048)
def card(
    width: int,
    height: int,
    label: str,
    face: RGB = CARD,
    ink: RGB = CARD_INK,
    size: int = BIG,
    edge: RGB = CARD_EDGE,
    corner: str | None = None,
) -> Image.Image:
    """A face-up card: its number in the middle, and a small mark in the top left corner.

    Cards of a game that marks some of them pass `corner` ("" for one without a mark): their
    numbers then all sit a little lower, clear of the mark and level with each other.
    """
    canvas = Canvas(rounded(width, height, face, edge, radius=max(6, width // 8)).copy())
    middle = height / 2 + (height // 12 if corner is not None else 0)
    canvas.text((width / 2, middle), label, size, ink, bold=True, anchor="mc")
    if corner:
        canvas.text((7, 4), corner, SMALL, ink, bold=True)
    return canvas.image


@lru_cache(maxsize=64)
def back(width: int, height: int) -> Image.Image:
    """A face-down card: the deck, a hidden hand."""
    canvas = Canvas(rounded(width, height, BACK, INK, radius=max(6, width // 8)).copy())
    inset = max(5, width // 7)
    canvas.panel(
        (inset, inset, width - inset, height - inset),
        fill=BACK,
        edge=(150, 170, 215),
        radius=max(3, width // 12),
        border=2,
    )
    return canvas.image


def seat_label(
    canvas: Canvas,
    xy: tuple[float, float],
    seats: Seats,
    seat: int,
    lang: str,
    width: int,
    size: int = LABEL,
    colour: RGB = INK,
) -> None:
    """A seat's name from its top left corner, after a robot when the AI plays it."""
    x, y = xy
    if seats.ai[seat]:
        icon = icons.robot(size - 4, colour)
        canvas.tile(icon, (x, y + (ink_height(size) - icon.height) / 2))
        x += size + 2
        width -= size + 2
    canvas.text((x, y), fitted(seat_name(seats, seat, lang), size, True, width), size, colour, True)


def ink_height(size: int) -> int:
    """How tall a line of `size` text is drawn."""
    return round(size * 1.36)


def place(
    canvas: Canvas,
    box: tuple[float, float, float, float],
    seats: Seats,
    seat: int,
    lang: str,
    acting: bool,
) -> None:
    """A player's place: a panel with their name, ringed with a clock while they must act."""
    left, top, right, _ = box
    canvas.panel(box, PANEL_LIT if acting else PANEL, TURN if acting else None)
    name_width = int(right - left - 24 - (30 if acting and seats.clock else 0))
    seat_label(canvas, (left + 12, top + 6), seats, seat, lang, name_width, colour=INK)
    if acting and seats.clock:
        canvas.tile(icons.clock(24, TURN), (right - 36, top + 10))


def turn_line(seats: Seats, acting: tuple[int, ...], lang: str) -> str:
    """`Turn: Ada` / `Waiting for: Ada, Boris`: who must act now, for a header."""
    names = ", ".join(seat_name(seats, s, lang) for s in acting)
    return t(lang, "pic-to-act", names=names, count=len(acting))


def acting(seats: Seats, to_act: Iterable[int]) -> frozenset[int]:
    """Seats to ring as acting: those the rules wait for, none while the game is paused or
    after it was ended early (its view still says whose turn it was)."""
    return frozenset() if seats.halted else frozenset(to_act)


def halted(seats: Seats, lang: str, seat: int | None = None) -> str:
    """Why nobody acts, to lead a picture's top line instead of whose turn it is: the game
    paused or ended early, or on a hand (`seat`) the AI playing that seat, whose member has
    nothing to do; empty otherwise."""
    if seats.halted:
        return t(lang, f"pic-{seats.halted}")
    return t(lang, "pic-ai-plays") if seat is not None and seats.ai[seat] else ""


def stands(seats: Seats, lang: str, where: str) -> str:
    """A board's top line that says where the game stands (round, goal), after `halted`."""
    return " · ".join(filter(None, (halted(seats, lang), where)))
