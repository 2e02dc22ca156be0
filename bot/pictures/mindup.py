"""Pictures of Mind Up!: the central row, the collection cards, who has chosen, collections.

The board is a table: a column per collection card (in the round's order), a row per player,
and in each cell how many cards of which colour lie there. The hand shows the seat's cards, its
secret choice, and its collection card by card.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.i18n import t
from bot.pictures import icons, parts
from bot.pictures.base import (
    BIG,
    CARD_INK,
    GOOD,
    HEADER,
    HUES,
    INK,
    LABEL,
    MUTED,
    PANEL,
    PANEL_LIT,
    SMALL,
    TURN,
    WIDTH,
    Canvas,
    Seats,
    rounded,
)
from bot.render.mindup import ICON, met_goals, round_scores, score_text, signed, turns
from engines.mindup import View
from engines.mindup.models import COLOUR, COLUMNS, GOALS, MODIFIER, ROUNDS

WHITE = (255, 255, 255)
NAME_WIDTH = 190
COLUMN = 92
"""Width of a collection card's column on the board."""
ROW = 66


@lru_cache(maxsize=512)
def card(number: int, width: int, height: int, size: int) -> Image.Image:
    """A number card in its colour, its icon (+1, −1, +2) in the corner."""
    modifier = MODIFIER[number]
    corner = signed(modifier) if modifier else ""
    return parts.card(width, height, str(number), HUES[COLOUR[number]], WHITE, size, WHITE, corner)


@lru_cache(maxsize=16)
def value_card(value: int, width: int, height: int) -> Image.Image:
    """A collection card: the points each card on it scores."""
    return parts.card(width, height, str(value), (214, 220, 228), CARD_INK, LABEL)


def _header(view: View, lang: str) -> str:
    if view.game_over:
        return t(lang, "pic-over")
    return t(
        lang, "pic-mindup-round", round=view.round, rounds=ROUNDS, turn=view.turn, turns=turns(view)
    )


def _central(canvas: Canvas, view: View, top: int, lang: str, size: tuple[int, int]) -> None:
    canvas.text((20, top), t(lang, "pic-mindup-central"), SMALL, MUTED)
    width, height = size
    for index, number in enumerate(view.central):
        canvas.tile(card(number, width, height, BIG), (20 + index * (width + 8), top + 30))


def _goals(canvas: Canvas, view: View, left: int, top: int, lang: str) -> None:
    """The active goals as chips: their letter and what they are worth."""
    if not view.goals:
        return
    canvas.text((left, top), t(lang, "pic-mindup-goals", count=len(view.goals)), SMALL, MUTED)
    for index, goal in enumerate(view.goals):
        x = left + (index % 3) * 84
        y = top + 30 + (index // 3) * 48
        g = GOALS[goal]
        canvas.panel((x, y, x + 76, y + 40), PANEL, TURN if g.points > 0 else MUTED, radius=10)
        canvas.text((x + 38, y + 20), f"{g.letter} {signed(g.points)}", LABEL, INK, True, "mc")


def _cell(canvas: Canvas, pile: tuple[int, ...], x: float, y: float) -> None:
    """The cards on one collection card: a block in their colour with how many they are."""
    if not pile:
        canvas.tile(rounded(COLUMN - 20, 40, PANEL, PANEL_LIT, radius=8), (x, y))
        return
    canvas.tile(rounded(COLUMN - 20, 40, HUES[COLOUR[pile[0]]], radius=8), (x, y))
    canvas.text((x + (COLUMN - 20) / 2, y + 20), f"×{len(pile)}", LABEL, WHITE, True, "mc")


def board_height(players: int, over: bool) -> int:
    """A row for each player under the central row (under a title once the game is over)."""
    return (140 if over else 290) + players * (ROW + 6)


def board(view: View, seats: Seats, lang: str) -> Image.Image:
    """Round, central row, goals, then the table of collections with marks and points."""
    over = view.game_over
    canvas = Canvas.table(board_height(view.players, over))
    right = "pic-mindup-final" if over else "pic-deck-count"
    head = _header(view, lang) if over else parts.stands(seats, lang, _header(view, lang))
    canvas.header(head, t(lang, right, count=view.deck_count))
    top = HEADER + 12
    table = top
    if not over:
        _central(canvas, view, top, lang, (72, 100))
        _goals(canvas, view, 540, top, lang)
        table = top + 150
    left = 20 + NAME_WIDTH
    for index, value in enumerate(view.order):
        x = left + index * COLUMN + (COLUMN - 20) / 2 - 20
        canvas.tile(value_card(value, 40, 52), (x, table))
    points = t(lang, "pic-total" if over else "pic-points")
    canvas.text((left + COLUMNS * COLUMN + 40, table + 26), points, SMALL, MUTED, anchor="mm")
    scores = round_scores(view)
    to_act = parts.acting(seats, view.to_act)
    for seat in range(view.players):
        y = table + 64 + seat * (ROW + 6)
        _row(canvas, view, seats, seat, y, scores[seat], seat in to_act, lang)
    return canvas.image


def _row(
    canvas: Canvas,
    view: View,
    seats: Seats,
    seat: int,
    y: int,
    points: int,
    acting: bool,
    lang: str,
) -> None:
    """One player: chosen or still choosing (ringed while the game waits for it), name,
    collection, points (and totals)."""
    canvas.panel(
        (12, y, WIDTH - 12, y + ROW), PANEL_LIT if acting else PANEL, TURN if acting else None
    )
    if not view.game_over:
        # Whether it has chosen holds even in a paused game: the mark follows the rules.
        choosing = seat in view.to_act
        mark = icons.hourglass(26, TURN) if choosing else icons.check(26, GOOD)
        canvas.tile(mark, (22, y + 10))
    clock = acting and seats.clock
    if clock:
        canvas.tile(icons.clock(24, TURN), (NAME_WIDTH - 12, y + 10))
    name_width = NAME_WIDTH - 44 - (34 if clock else 0)
    parts.seat_label(canvas, (56, y + 4), seats, seat, lang, name_width)
    if view.results:
        history = " + ".join(str(r.scores[seat]) for r in view.results)
        line = history if view.game_over else t(lang, "pic-mindup-before", total=view.totals[seat])
        canvas.text((56, y + 36), line, SMALL, MUTED)
    for index, pile in enumerate(view.collections[seat]):
        _cell(canvas, pile, 20 + NAME_WIDTH + index * COLUMN, y + 13)
    shown = view.totals[seat] if view.game_over else points
    centre = 20 + NAME_WIDTH + COLUMNS * COLUMN + 40
    goals = bool(view.goals) and not view.game_over
    # With goals the points sit higher and the letters of the goals met go under them: beside
    # them, four or five letters would run into the number.
    middle = y + (23 if goals else ROW / 2)
    canvas.text((centre, middle), score_text(shown), BIG, INK, True, "mc")
    if goals:
        met = "".join(GOALS[g].letter for g in met_goals(view, seat))
        canvas.text((centre, y + 50), met, SMALL, TURN, True, anchor="mm")


HAND_HEIGHT = 520


def hand(view: View, seats: Seats, lang: str) -> Image.Image:
    """The seat's cards with its secret choice lifted out, the central row, its collection."""
    seat = view.seat
    assert seat is not None
    canvas = Canvas.table(HAND_HEIGHT)
    if view.game_over:
        canvas.header(_header(view, lang), t(lang, "pic-mindup-total", total=view.totals[seat]))
    elif halted := parts.halted(seats, lang, seat):
        canvas.header(halted, _header(view, lang))
    elif view.my_choice is not None:
        waiting = view.players - sum(view.chosen)
        canvas.header(t(lang, "pic-mindup-chosen"), t(lang, "pic-mindup-waiting", count=waiting))
    else:
        canvas.header(t(lang, "pic-mindup-choose"), _header(view, lang))
    top = HEADER + 12
    if not view.game_over:
        _central(canvas, view, top, lang, (64, 90))
    _choice(canvas, view, top, lang)
    _own_cards(canvas, view, top + 140, lang)
    _collection(canvas, view, seat, top + 296, lang)
    return canvas.image


def _choice(canvas: Canvas, view: View, top: int, lang: str) -> None:
    """The secret choice, large: the card, or an empty place waiting for one."""
    if view.game_over:
        return
    left = WIDTH - 150
    canvas.text((left + 60, top), t(lang, "pic-mindup-your-choice"), SMALL, MUTED, anchor="mt")
    if view.my_choice is None:
        canvas.panel(
            (left + 18, top + 30, left + 102, top + 144), PANEL, MUTED, radius=10, border=2
        )
        canvas.text((left + 60, top + 87), "?", BIG + 10, MUTED, True, "mc")
        return
    canvas.panel((left + 10, top + 24, left + 110, top + 150), TURN, radius=14)
    canvas.tile(card(view.my_choice, 84, 114, BIG + 6), (left + 18, top + 30))


def _own_cards(canvas: Canvas, view: View, top: int, lang: str) -> None:
    canvas.text((20, top), t(lang, "pic-your-cards"), SMALL, MUTED)
    width = 76
    for index, number in enumerate(view.hand):
        x = 20 + index * (width + 8)
        lifted = number == view.my_choice
        if lifted:
            canvas.panel((x - 5, top + 21, x + width + 5, top + 135), TURN, radius=12)
        canvas.tile(card(number, width, 104, BIG), (x, top + (26 if lifted else 32)))
    if not view.hand:
        canvas.text((20, top + 60), "—", BIG, MUTED)


def _collection(canvas: Canvas, view: View, seat: int, top: int, lang: str) -> None:
    """The seat's collection: each collection card, and the cards on it as chips, two a row."""
    points = round_scores(view)[seat] if not view.game_over else view.totals[seat]
    canvas.text((20, top), t(lang, "pic-mindup-collection", points=points), SMALL, MUTED)
    span = (WIDTH - 40) // COLUMNS
    for index, (value, pile) in enumerate(zip(view.order, view.collections[seat], strict=True)):
        x = 20 + index * span
        canvas.tile(value_card(value, 34, 46), (x, top + 30))
        for n, number in enumerate(pile[:CHIPS]):
            canvas.tile(chip(number), (x + 40 + (n % 2) * 56, top + 30 + (n // 2) * 32))


CHIPS = 8
"""Cards shown on one collection card: more than a round ever puts there."""


@lru_cache(maxsize=64)
def chip(number: int) -> Image.Image:
    """A card on a collection card, small: its number and icon as the text writes them."""
    canvas = Canvas(rounded(54, 28, HUES[COLOUR[number]], radius=6).copy())
    label = f"{number}{ICON[MODIFIER[number]]}"
    canvas.text((27, 14), label, SMALL, WHITE, True, "mc")
    return canvas.image
