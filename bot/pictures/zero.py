"""Pictures of Zero: the market (and a card just laid), passes, scores; a hand grouped by colour.

Cancelled cards (five or more of a colour or a value, R13) are drawn faded and struck through,
so a hand's worth reads at a glance, as in the text.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.i18n import t
from bot.pictures import icons, parts
from bot.pictures.base import (
    BIG,
    CARD_INK,
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
    seat_name,
)
from engines.zero import View
from engines.zero.models import colour_of, value_of
from engines.zero.scoring import cancelled, group_sizes, is_zero

COLOURS = tuple(
    HUES[name] for name in ("red", "orange", "yellow", "green", "blue", "purple", "brown")
)
"""Colours A-G, as the text boards' squares show them."""
WHITE = (255, 255, 255)
ROW = 62
HAND_LEFT = 196
"""Where a last hand starts, after the name."""
LAST = (36, 50)
"""A card of a last hand."""
TALL = ROW + 28
"""A row at game over with its scores under the last hand."""
HAND_HEIGHT = 460


@lru_cache(maxsize=1024)
def card(c: int, width: int, height: int, size: int, dead: bool = False) -> Image.Image:
    """A card in its colour with its value; a cancelled one faded and struck through."""
    colour = COLOURS[colour_of(c)]
    ink = CARD_INK if colour_of(c) == 2 else WHITE  # dark figures on yellow
    if dead:
        colour = tuple((v + 2 * m) // 3 for v, m in zip(colour, MUTED, strict=True))  # type: ignore[assignment]
    tile = parts.card(width, height, str(value_of(c)), colour, ink, size, WHITE)
    if not dead:
        return tile
    canvas = Canvas(tile.copy())
    canvas.draw.line((6, height - 8, width - 6, 8), fill=CARD_INK, width=4)
    return canvas.image


def _row(
    canvas: Canvas,
    cards: tuple[int, ...],
    xy: tuple[float, float],
    size: tuple[int, int],
    font: int,
    dead: frozenset[int] = frozenset(),
) -> float:
    """Cards side by side, the `dead` ones struck through; returns where the row ends."""
    x, y = xy
    width, height = size
    for c in cards:
        canvas.tile(card(c, width, height, font, c in dead), (x, y))
        x += width + 6
    return x


def _market(
    canvas: Canvas, view: View, seats: Seats, top: int, size: tuple[int, int], lang: str
) -> None:
    """The market, and beside it the card just given to it (until its giver takes one)."""
    canvas.text((20, top), t(lang, "pic-zero-market"), SMALL, MUTED)
    end = _row(canvas, view.market, (20, top + 30), size, BIG)
    if view.laid is not None:
        x = max(end + 24, WIDTH - size[0] - 40)
        who = seat_name(seats, view.turn, lang)
        laid = (
            t(lang, "pic-zero-given")
            if view.turn == view.seat
            else t(lang, "pic-zero-laid", who=who)
        )
        canvas.panel(
            (x - 12, top + 22, x + size[0] + 12, top + size[1] + 38), PANEL, TURN, radius=12
        )
        canvas.tile(card(view.laid, size[0], size[1], BIG), (x, top + 30))
        canvas.fit(
            (x + size[0] + 12, top - 6),
            laid,
            260,
            SMALL,
            TURN,
            True,
            "rt",
        )


def _passes(canvas: Canvas, view: View, seats: Seats, xy: tuple[float, float], lang: str) -> None:
    """Two knocks, filled as the round's passes come; then who still plays a last turn."""
    x, y = xy
    if view.trigger is None:
        x += canvas.text((x, y), t(lang, "pic-zero-passes"), SMALL, MUTED) + 10
        for n in range(2):
            canvas.tile(icons.dot(22, TURN, hollow=n >= view.passes), (x + n * 28, y + 3))
        return
    left = [view.turn, *view.final_turns_left] if view.phase != "over" else []
    names = ", ".join(seat_name(seats, s, lang) for s in left)
    canvas.fit(
        (x, y), t(lang, "pic-zero-last-turns", names=names or "—"), WIDTH - 40, SMALL, TURN, True
    )


def _score_parts(view: View, seat: int) -> tuple[str, str, int]:
    """A seat's total, its round scores (`12 + 0 =`, when more than one round was played) and
    how many Zeros it made."""
    rounds = [str(scores[seat]) for scores in view.round_scores]
    history = " + ".join(rounds) + " =" if len(rounds) > 1 else ""
    return str(view.totals[seat]), history, view.zero_by.count(seat)


def _scores_width(view: View, seat: int) -> int:
    """How wide `_scores` draws a seat's scores."""
    total, history, zeros = _score_parts(view, seat)
    return (
        measure(total, LABEL, True) + (8 + measure(history, SMALL) if history else 0) + 30 * zeros
    )


def _scores(canvas: Canvas, view: View, seat: int, right: float, middle: float) -> None:
    """`12 + 0 =` and the total in bold, ending at `right`; a star for each Zero they made."""
    total, history, zeros = _score_parts(view, seat)
    x = right - canvas.text((right, middle), total, LABEL, INK, True, "rm")
    if history:
        x -= 8 + canvas.text((x - 8, middle), history, SMALL, MUTED, anchor="rm")
    for _ in range(zeros):
        x -= 30
        canvas.tile(icons.star(24, TURN), (x, middle - 12))


def _row_height(view: View) -> int:
    """A player's row; once the game is over, taller when a last hand and the scores beside it
    would not fit on one line (many rounds, Zeros): the scores then go under the hand."""
    if view.phase != "over":
        return ROW
    crowded = any(
        HAND_LEFT + len(hand) * (LAST[0] + 6) + 12 > WIDTH - 28 - _scores_width(view, seat)
        for seat, hand in enumerate(view.shown)
    )
    return TALL if crowded else ROW


def board_height(players: int, over: bool, row: int = ROW) -> int:
    """A row for each player under the market (under a title once the game is over)."""
    return (112 if over else 250) + players * (row + 6)


def board(view: View, seats: Seats, lang: str) -> Image.Image:
    """Round, market, passes, and per player: hand size, scores; the last hands once over."""
    over = view.phase == "over"
    row = _row_height(view)
    canvas = Canvas.table(board_height(view.players, over, row))
    head = t(lang, "pic-zero-round", round=view.round, rounds=view.rounds)
    canvas.header(
        t(lang, "pic-over") if over else parts.stands(seats, lang, head), t(lang, "pic-zero-lowest")
    )
    top = HEADER + 12
    if over:
        canvas.text((20, top), t(lang, "pic-zero-last-hands"), SMALL, MUTED)
        rows = top + 36
    else:
        width = min(76, (WIDTH - 160) // max(len(view.market), 1) - 6)
        _market(canvas, view, seats, top, (width, 104), lang)
        _passes(canvas, view, seats, (20, top + 146), lang)
        rows = top + 184
    to_act = parts.acting(seats, view.to_act)
    for seat in range(view.players):
        y = rows + seat * (row + 6)
        acting = seat in to_act
        canvas.panel((12, y, WIDTH - 12, y + row), PANEL, TURN if acting else None)
        parts.seat_label(canvas, (24, y + 12), seats, seat, lang, 160)
        if over:
            shown = tuple(sorted(view.shown[seat]))
            _row(canvas, shown, (HAND_LEFT, y + 6), LAST, SMALL, cancelled(shown))
        else:
            count = t(lang, "zero-hand-size", count=view.hand_counts[seat])
            canvas.tile(parts.back(26, 34), (210, y + 14))
            canvas.text((246, y + ROW / 2), count, SMALL, MUTED, anchor="lm")
            if acting and seats.clock:
                canvas.tile(icons.clock(26, TURN), (400, y + 18))
        _scores(canvas, view, seat, WIDTH - 28, y + (ROW / 2 if row == ROW else ROW + 12))
    return canvas.image


def hand(view: View, seats: Seats, lang: str) -> Image.Image:
    """The market, then the seat's hand grouped by colour with its score and groups."""
    seat = view.seat
    assert seat is not None
    canvas = Canvas.table(HAND_HEIGHT)
    head = t(lang, "pic-zero-round", round=view.round, rounds=view.rounds)
    if view.phase == "over":
        canvas.header(t(lang, "pic-over"), head)
    elif halted := parts.halted(seats, lang, seat):
        canvas.header(halted, head)
    elif seat in view.to_act:
        # R11: a Zero in hand is called at once, unless the table may keep it quiet.
        must_call = view.phase == "turn" and is_zero(view.hand) and not view.options.zero_optional
        canvas.header(
            t(lang, "pic-zero-now-zero" if must_call else f"pic-zero-now-{view.phase}"), head
        )
    else:
        canvas.header(parts.turn_line(seats, view.to_act, lang), head)
    top = HEADER + 12
    width = min(68, (WIDTH - 160) // max(len(view.market), 1) - 6)
    _market(canvas, view, seats, top, (width, 92), lang)
    if view.phase != "over":
        _passes(canvas, view, seats, (20, top + 134), lang)
    _own(canvas, view, top + 176, lang)
    return canvas.image


def _own(canvas: Canvas, view: View, top: int, lang: str) -> None:
    """The seat's cards grouped by colour, cancelled ones struck, what the hand scores now."""
    cards = tuple(sorted(view.hand))
    canvas.text((20, top), t(lang, "pic-zero-your-cards"), SMALL, MUTED)
    dead = cancelled(cards)
    x: float = 20
    previous = None
    for c in cards:
        if previous is not None and colour_of(c) != previous:
            x += 10
        canvas.tile(card(c, 72, 100, BIG + 4, c in dead), (x, top + 30))
        x += 78
        previous = colour_of(c)
    if not cards:
        return
    line = top + 148
    if is_zero(cards):
        canvas.tile(icons.star(28, TURN), (20, line))
        canvas.text((56, line + 2), t(lang, "pic-zero-is-zero"), LABEL, TURN, True)
        return
    if view.laid is None or view.turn != view.seat:
        score = t(lang, "pic-zero-score", score=view.hand_score or 0)
        canvas.text((20, line), score, LABEL, INK, True)
    colours, values = group_sizes(cards)
    n_colour, n_value = max(colours), max(values)
    x = (
        WIDTH / 2
        + 20
        + canvas.text((WIDTH / 2 + 20, line + 2), t(lang, "pic-zero-toward"), SMALL, MUTED)
    )
    canvas.tile(icons.dot(24, COLOURS[colours.index(n_colour)]), (x + 12, line + 6))
    x += 40 + canvas.text((x + 40, line), f"×{n_colour}", LABEL, INK, True)
    canvas.text((x + 20, line), f"{values.index(n_value) + 1} ×{n_value}", LABEL, INK, True)
