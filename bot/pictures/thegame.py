"""Pictures of The Game: the four piles, the deck, every hand's size, signals and fire."""

from __future__ import annotations

from PIL import Image

from bot.i18n import t
from bot.pictures import icons, parts
from bot.pictures.base import (
    BAD,
    BIG,
    CARD,
    CARD_EDGE,
    HEADER,
    HUES,
    INK,
    LABEL,
    MUTED,
    PANEL,
    SMALL,
    TURN,
    WIDTH,
    Canvas,
    Seats,
    measure,
)
from engines.thegame import View
from engines.thegame.models import UP_PILES

BOARD_HEIGHT = 450
HAND_HEIGHT = 440
UP, DOWN = HUES["green"], HUES["blue"]
FIRE = HUES["orange"]


def _pile_colour(pile: int) -> tuple[int, int, int]:
    return UP if pile in UP_PILES else DOWN


def _pile_mark(canvas: Canvas, xy: tuple[float, float], pile: int, size: int) -> None:
    """`⬆1`: which way the pile runs, and its number as the text names it."""
    x, y = xy
    colour = _pile_colour(pile)
    canvas.tile(icons.arrow(size, colour, pile in UP_PILES), (x, y))
    canvas.text((x + size + 4, y + size / 2), str(pile % 2 + 1), size, colour, True, "lc")


def _top_card(view: View, pile: int, width: int, height: int, size: int) -> Image.Image:
    burning = any(b.pile == pile for b in view.burning)
    edge = BAD if burning else _pile_colour(pile)
    return parts.card(width, height, str(view.tops[pile]), CARD, edge=edge, size=size)


def _piles(
    view: View, canvas: Canvas, top: int, card: tuple[int, int], size: int, lang: str
) -> None:
    """The four piles side by side: direction, top card, fire and the standing signal."""
    spot = (WIDTH - 32 - 3 * 16) // 4
    width, height = card
    burning = {b.pile for b in view.burning}
    for pile in range(4):
        left = 16 + pile * (spot + 16)
        canvas.panel((left, top, left + spot, top + height + 88), PANEL)
        _pile_mark(canvas, (left + 12, top + 10), pile, 30)
        card_left = left + (spot - width) / 2
        canvas.tile(_top_card(view, pile, width, height, size), (card_left, top + 48))
        if pile in burning:
            canvas.centred(icons.flame(40), (card_left + width, top + 50))
        signal = view.signals[pile]
        if signal is not None and signal.signal != "clear":
            label = t(lang, f"pic-thegame-signal-{signal.signal}")
            canvas.fit(
                (left + spot / 2, top + height + 54), label, spot - 8, SMALL, TURN, anchor="mt"
            )


def _result(view: View, lang: str) -> str:
    return t(lang, f"pic-thegame-{view.result}", count=view.cards_left)


def _minimum(view: View, lang: str) -> str:
    return t(lang, "pic-thegame-minimum", minimum=view.minimum, played=view.played)


def board(view: View, seats: Seats, lang: str) -> Image.Image:
    """Piles with their top cards, the deck, and each player's hand size; whose turn."""
    canvas = Canvas.table(BOARD_HEIGHT)
    if view.game_over:
        canvas.header(_result(view, lang))
    else:
        turn = parts.halted(seats, lang) or parts.turn_line(seats, view.to_act, lang)
        canvas.header(turn, _minimum(view, lang))
    _piles(view, canvas, HEADER + 14, (112, 150), 56, lang)
    top = BOARD_HEIGHT - 108
    canvas.panel((16, top, 116, top + 92), PANEL)
    canvas.text((28, top + 8), t(lang, "pic-deck"), SMALL, MUTED)
    canvas.tile(parts.back(26, 34), (28, top + 48))
    canvas.text((62, top + 65), str(view.deck_count), LABEL, INK, True, "lm")
    left, players = 126, len(view.hand_counts)
    to_act = parts.acting(seats, view.to_act)
    width = (WIDTH - left - 16 - 10 * (players - 1)) // players
    for seat, count in enumerate(view.hand_counts):
        x = left + seat * (width + 10)
        parts.place(canvas, (x, top, x + width, top + 92), seats, seat, lang, seat in to_act)
        canvas.tile(parts.back(26, 34), (x + 12, top + 48))
        # A crowded table leaves too little room for "6 cards": the number alone, as the deck's.
        label = t(lang, "thegame-cards", count=count)
        bold = measure(label, LABEL) > width - 46 - 8
        canvas.text((x + 46, top + 65), str(count) if bold else label, LABEL, INK, bold, "lm")
    return canvas.image


def hand(view: View, seats: Seats, lang: str) -> Image.Image:
    """The piles above the seat's own cards, fire cards marked; whether it is its turn."""
    canvas = Canvas.table(HAND_HEIGHT)
    assert view.seat is not None
    if view.game_over:
        canvas.header(_result(view, lang))
    elif halted := parts.halted(seats, lang, view.seat):
        canvas.header(halted, _minimum(view, lang))
    elif view.seat in view.to_act:
        canvas.header(t(lang, "pic-your-turn"), _minimum(view, lang))
    else:
        canvas.header(parts.turn_line(seats, view.to_act, lang))
    _piles(view, canvas, HEADER + 10, (84, 112), BIG + 6, lang)
    top = HAND_HEIGHT - 168
    canvas.text((20, top), t(lang, "pic-your-cards"), SMALL, MUTED)
    fire = set(view.fire_cards)
    width, gap = 86, 10
    for index, number in enumerate(view.hand):
        x = 20 + index * (width + gap)
        edge = FIRE if number in fire else CARD_EDGE
        canvas.tile(parts.card(width, 116, str(number), edge=edge, size=46), (x, top + 30))
        if number in fire:
            # Inside the card's corner, clear of its number: astride the edge it would cover
            # the "Your cards" label above the first card.
            canvas.centred(icons.flame(32), (x + width - 18, top + 48))
    if not view.hand:
        canvas.text((20, top + 60), "—", BIG, MUTED)
    return canvas.image
