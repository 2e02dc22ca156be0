"""Pictures of Hourglass: the three holders with their sets, the players' hands and piles.

A card shows its value and, below it, one hourglass per point it scores; a set shows its top
card over the cards under it, its direction, its hourglasses and its owner.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.i18n import t
from bot.pictures import icons, parts
from bot.pictures.base import (
    BIG,
    HEADER,
    HUES,
    INK,
    LABEL,
    MUTED,
    PANEL,
    SMALL,
    WIDTH,
    Canvas,
    Seats,
    seat_name,
)
from engines.hourglass import CardSet, View
from engines.hourglass.models import COLOUR, HOURGLASSES, JOKER, VALUE

FACES = {"red": HUES["red"], "purple": HUES["purple"], JOKER: (52, 56, 64)}
WHITE = (255, 255, 255)
SAND = (255, 214, 120)
BOARD_HEIGHT = 470
HAND_HEIGHT = 420


@lru_cache(maxsize=512)
def card(number: int, width: int, height: int, size: int) -> Image.Image:
    """A card: its value in its colour (a joker dark, marked J), its hourglasses below."""
    joker = COLOUR[number] == JOKER
    tile = parts.card(
        width,
        height,
        str(VALUE[number]),
        FACES[COLOUR[number]],
        WHITE,
        size,
        SAND if joker else WHITE,
        "J" if joker else "",
    )
    canvas = Canvas(tile.copy())
    glasses = HOURGLASSES[number]
    pip = width // 4
    start = (width - glasses * (pip + 2)) / 2
    for index in range(glasses):
        canvas.tile(icons.hourglass(pip, SAND), (start + index * (pip + 2), height - pip - 7))
    return canvas.image


def _header(view: View, lang: str) -> str:
    twice = view.options.deck_twice
    if twice or (twice is None and view.players == 5):
        return t(lang, "pic-hourglass-round-pass", round=view.round, current=view.deck_pass)
    return t(lang, "pic-hourglass-round", round=view.round)


def _set(
    canvas: Canvas,
    holder: int,
    s: CardSet | None,
    box: tuple[int, int, int, int],
    owner: str,
    lang: str,
) -> None:
    """One holder: its number, the set's direction, cards, hourglasses and owner, or empty."""
    left, top, right, bottom = box
    width, height = (92, 126) if bottom - top > 210 else (80, 108)
    canvas.panel(box, PANEL)
    canvas.text((left + 14, top + 8), str(holder + 1), LABEL, MUTED, True)
    if s is None:
        slot = (left + 16, top + 44, left + 16 + width, top + 44 + height)
        canvas.panel(slot, PANEL, MUTED, radius=10, border=2)
        canvas.text((left + 32 + width, top + 60), t(lang, "pic-hourglass-empty"), SMALL, MUTED)
        return
    colour = HUES["green"] if s.ascending else HUES["blue"]
    canvas.tile(icons.arrow(28, colour, s.ascending), (right - 66, top + 10))
    canvas.text((right - 32, top + 24), "+" if s.ascending else "−", BIG, colour, True, "lc")
    x, y = left + 16, top + 48
    under = len(s.cards) - 1
    for depth in range(min(under, 4), 0, -1):
        canvas.tile(parts.back(width, height), (x + depth * 5, y - depth * 2))
    canvas.tile(card(s.top, width, height, 44), (x, y))
    info = x + width + 30
    if under:
        canvas.text((info, y + 4), f"+{under}", LABEL, INK, True)
        canvas.text((info, y + 38), t(lang, "pic-hourglass-under"), SMALL, MUTED)
    canvas.tile(icons.hourglass(26, SAND), (info, y + height - 30))
    total = sum(HOURGLASSES[c] for c in s.cards)
    canvas.text((info + 32, y + height - 17), str(total), LABEL, INK, True, "lm")
    canvas.fit(((left + right) / 2, bottom - 20), owner, right - left - 20, SMALL, INK, True, "mm")


def _sets(canvas: Canvas, view: View, top: int, height: int, owner: list[str], lang: str) -> None:
    width = (WIDTH - 24 - 2 * 12) // 3
    for holder, s in enumerate(view.holders):
        x = 12 + holder * (width + 12)
        name = owner[s.owner] if s is not None else ""
        _set(canvas, holder, s, (x, top, x + width, top + height), name, lang)


def board(view: View, seats: Seats, lang: str) -> Image.Image:
    """Round and deck, the three holders, and each player's hand, pile and visible score."""
    canvas = Canvas.table(BOARD_HEIGHT)
    right = t(lang, "pic-deck-count", count=view.deck_count)
    if view.finished:
        canvas.header(t(lang, "pic-over"), right)
    else:
        canvas.header(parts.stands(seats, lang, _header(view, lang)), right)
        names = [seat_name(seats, s, lang) for s in range(view.players)]
        _sets(canvas, view, HEADER + 12, 226, names, lang)
    if view.finished:
        _final(canvas, view, seats, lang)
        return canvas.image
    top = BOARD_HEIGHT - 162
    players = view.players
    width = (WIDTH - 24 - 10 * (players - 1)) // players
    to_act = parts.acting(seats, view.to_act)
    for seat in range(players):
        x = 12 + seat * (width + 10)
        box = (x, top, x + width, BOARD_HEIGHT - 12)
        parts.place(canvas, box, seats, seat, lang, seat in to_act)
        score = view.scores[seat]
        rows = (
            (parts.back(22, 30), str(view.hand_counts[seat]), t(lang, "pic-hourglass-hand")),
            (parts.back(22, 30), str(view.pile_counts[seat]), t(lang, "pic-hourglass-pile")),
            (icons.hourglass(22, SAND), "?" if score is None else str(score), ""),
        )
        for row, (icon, count, label) in enumerate(rows):
            y = top + 42 + row * 36
            canvas.centred(icon, (x + 23, y + 15))
            end = x + 42 + canvas.text((x + 42, y + 15), count, LABEL, INK, True, "lm")
            canvas.fit(
                (end + 8, y + 15), label, int(x + width - end - 16), SMALL, MUTED, anchor="lm"
            )
    return canvas.image


def _final(canvas: Canvas, view: View, seats: Seats, lang: str) -> None:
    """The end: each player's hourglasses as a bar, with what each round brought."""
    totals = [score or 0 for score in view.scores]
    tallest = max(max(totals), 1)
    width = (WIDTH - 24) // view.players
    floor = BOARD_HEIGHT - 100
    for seat, total in enumerate(totals):
        centre = 12 + seat * width + width / 2
        height = 8 + (floor - HEADER - 90) * total / tallest
        canvas.panel((centre - 36, floor - height, centre + 36, floor), SAND, radius=8)
        canvas.tile(icons.hourglass(26, SAND), (centre - 40, floor - height - 40))
        canvas.text((centre - 8, floor - height - 27), str(total), BIG, INK, True, "lc")
        parts.seat_label(
            canvas, (centre - width / 2 + 12, floor + 12), seats, seat, lang, width - 24
        )
        rounds = " + ".join(str(r[seat]) for r in view.round_scores)
        canvas.text((centre, floor + 66), rounds, SMALL, MUTED, anchor="mm")


def hand(view: View, seats: Seats, lang: str) -> Image.Image:
    """The sets (whose each is), then the seat's cards with their hourglasses, its score."""
    seat = view.seat
    assert seat is not None
    canvas = Canvas.table(HAND_HEIGHT)
    score = view.scores[seat] or 0
    mine = t(lang, "pic-hourglass-score", score=score)
    if view.finished:
        canvas.header(t(lang, "pic-over"), mine)
    elif halted := parts.halted(seats, lang, seat):
        canvas.header(halted, mine)
    elif seat in view.to_act:
        canvas.header(t(lang, "pic-your-turn"), mine)
    else:
        canvas.header(parts.turn_line(seats, view.to_act, lang), mine)
    names = [
        t(lang, "pic-hourglass-yours") if s == seat else seat_name(seats, s, lang)
        for s in range(view.players)
    ]
    if not view.finished:
        _sets(canvas, view, HEADER + 10, 200, names, lang)
    top = HAND_HEIGHT - 150
    canvas.text((20, top), t(lang, "pic-your-cards"), SMALL, MUTED)
    for index, number in enumerate(view.hand):
        canvas.tile(card(number, 86, 116, 44), (20 + index * 96, top + 28))
    if not view.hand:
        canvas.text((20, top + 60), "—", LABEL, MUTED)
    return canvas.image
