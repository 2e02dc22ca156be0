"""Pictures of Genial (Ingenious: Risky Collecting): six colour tracks per player, the centre.

Every player's collection is six tracks, one per colour, as tall as the goal T, filled as far as
the count and starred once the colour earned its bonus turn. Above them: the centre, the tokens
drawn this turn, and the chance that the next draw succeeds.
"""

from __future__ import annotations

from PIL import Image

from bot.i18n import t
from bot.pictures import icons, parts
from bot.pictures.base import (
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
    measure,
    rounded,
    seat_name,
)
from bot.render.genial import bank_gain, reserve_counts, safe_colours
from engines.genial import View
from engines.genial.models import COLOUR_NAMES

COLOURS = tuple(HUES[name] for name in COLOUR_NAMES)
TOKEN = 34
BOARD_HEIGHT = 500
HAND_HEIGHT = 480
LABEL_ROOM = 240
"""Room kept for "Drawn by <name>" when the centre is crowded."""


def _tokens(
    canvas: Canvas, colours: list[int], x: float, y: float, size: int = TOKEN, gap: int = 6
) -> float:
    """Tokens in a row from `x`; returns where the row ends."""
    for colour in colours:
        canvas.tile(icons.dot(size, COLOURS[colour]), (x, y))
        x += size + gap
    return x


def _packed(count: int, width: int, height: int) -> tuple[int, int, int]:
    """Size, gap and tokens per row of the largest tokens that lay `count` in `width` by
    `height`: one row of full-size tokens while they fit, then smaller ones, in more rows once
    they are small enough to stack."""
    for size in range(TOKEN, 1, -1):
        gap = max(2, size * 6 // TOKEN)
        across = (width + gap) // (size + gap)
        rows = -(-count // max(across, 1))
        if across and rows * (size + gap) - gap <= height:
            return size, gap, max(1, -(-count // max(rows, 1)))
    return 1, 1, count


def _spread(counts: tuple[int, ...]) -> list[int]:
    """A multiset of tokens as one colour per token."""
    return [colour for colour, n in enumerate(counts) for _ in range(n)]


def _header(view: View, lang: str) -> str:
    if view.phase == "over":
        return t(lang, "pic-genial-over", count=view.games)
    if view.games > 1:
        return t(lang, "pic-genial-series", game=view.game, games=view.games, target=view.target)
    return t(lang, "pic-genial-goal", target=view.target)


def _table(canvas: Canvas, view: View, seats: Seats, top: int, lang: str) -> None:
    """Centre, the draws of this turn (or the alternative move), the next draw's chance, a
    bonus."""
    canvas.text((20, top), t(lang, "pic-genial-centre"), SMALL, MUTED)
    right = WIDTH - 20
    if view.bonus_turn:
        canvas.tile(icons.star(30, TURN), (WIDTH - 50, top))
        bonus = t(lang, "pic-genial-bonus")
        right -= 48 + canvas.text((WIDTH - 56, top + 2), bonus, SMALL, TURN, True, "rt")
    label, aside, note = "", list(view.staging), ""
    if view.staging:
        label = t(lang, "pic-genial-drawn", who=seat_name(seats, view.turn, lang))
        note = t(lang, "pic-genial-bank", count=len(_spread(bank_gain(view))))
    elif view.alternative is not None:
        # At a turn's start the staging area is empty: the other way to use the centre goes there.
        label, aside = t(lang, "pic-genial-alternative"), [view.alternative]
    centre = _spread(view.centre)
    staged, room = 0, WIDTH - 40
    if aside:
        row = len(aside) * (TOKEN + 6) + 8 + measure(note, SMALL, True)
        # The label's room is kept for a short name; a long one is cut rather than the centre.
        need = max(row, min(measure(label, SMALL), LABEL_ROOM) + WIDTH - 20 - right)
        staged = max(300, min(20 + len(centre) * (TOKEN + 6) + 30, WIDTH - 20 - need))
        room = staged - 36 - 20
    # Rows of the centre fill the space down to the odds line; a crowded centre takes smaller
    # tokens rather than running under the staging area or off the picture.
    size, gap, across = _packed(len(centre), room, 48)
    for start in range(0, len(centre), across):
        y = top + 30 + start // across * (size + gap)
        _tokens(canvas, centre[start : start + across], 20, y, size, gap)
    if aside:
        canvas.draw.line((staged - 16, top + 6, staged - 16, top + 64), fill=PANEL_LIT, width=3)
        canvas.fit((staged, top), label, right - staged, SMALL, MUTED)
        end = _tokens(canvas, aside, staged, top + 30)
        canvas.text((end + 8, top + 30 + TOKEN / 2), note, SMALL, TURN, True, "lm")
    line = top + 80
    safe = safe_colours(view)
    if view.reserve_count == 0:
        canvas.text((20, line), t(lang, "pic-genial-recycle"), SMALL, MUTED)
    elif not safe:
        canvas.text((20, line), t(lang, "pic-genial-sure-miss"), SMALL, MUTED)
    else:
        reserve = reserve_counts(view)
        percent = round(100 * sum(reserve[c] for c in safe) / view.reserve_count)
        x = 20 + canvas.text((20, line), t(lang, "pic-genial-odds", percent=percent), SMALL, INK)
        _tokens(canvas, safe, x + 10, line + 3, 22)


def _tracks(
    canvas: Canvas, view: View, seat: int, box: tuple[int, int, int, int], cell: int
) -> None:
    """A collection as six vertical tracks of T cells, a star over each bonus earned."""
    left, top, right, bottom = box
    span = (right - left) // 6
    width = min(span - 6, 40)
    for colour in range(6):
        x = left + colour * span + (span - width) // 2
        count = view.collections[seat][colour]
        if view.lines[seat][colour]:
            canvas.centred(icons.star(22, TURN), (x + width / 2, top + 11))
        for level in range(view.target):
            y = bottom - (level + 1) * (cell + 3)
            filled = level < count
            canvas.tile(
                rounded(
                    width,
                    cell,
                    COLOURS[colour] if filled else PANEL,
                    None if filled else PANEL_LIT,
                    radius=4,
                ),
                (x, y),
            )


def _results(canvas: Canvas, view: View, seats: Seats, top: int, lang: str) -> None:
    """How the last games of the match ended: who completed every colour, or why it stopped."""
    shown = list(enumerate(view.results, start=1))[-3:]
    for line, (number, record) in enumerate(shown):
        y = top + line * 36
        winners = ", ".join(seat_name(seats, s, lang) for s in record.winners)
        text = t(lang, f"pic-genial-{record.result}", winners=winners, count=len(record.winners))
        if view.games > 1:
            text = t(lang, "pic-genial-game", game=number) + " " + text
        canvas.tile(icons.trophy(26, TURN), (20, y + 2))
        canvas.fit((56, y), text, WIDTH - 76, LABEL, INK, True)


def board(view: View, seats: Seats, lang: str) -> Image.Image:
    """Goal, centre, draws and odds, then each player's six tracks; whose turn."""
    canvas = Canvas.table(BOARD_HEIGHT)
    reserve = t(lang, "pic-genial-reserve", count=view.reserve_count)
    if view.phase == "over":
        canvas.header(_header(view, lang))
        _results(canvas, view, seats, HEADER + 12, lang)
    else:
        canvas.header(parts.stands(seats, lang, _header(view, lang)), reserve)
        _table(canvas, view, seats, HEADER + 12, lang)
    top = HEADER + 130
    players = view.players
    width = (WIDTH - 24 - 12 * (players - 1)) // players
    standings = [_standing(view, seat, lang) for seat in range(players)]
    # A crowded table has no room for "weakest: 0 · points: 0" on one line: each on its own,
    # the tracks a line shorter, rather than lines running into the next place.
    if not any(measure(" · ".join(words), SMALL) > width - 16 for words in standings):
        standings = [[" · ".join(words)] for words in standings]
    bottom = BOARD_HEIGHT - 60 - 26 * (max(map(len, standings)) - 1)
    cell = min(26, (bottom - top - 70) // view.target - 3)
    to_act = parts.acting(seats, view.to_act)
    for seat in range(players):
        x = 12 + seat * (width + 12)
        box = (x, top, x + width, BOARD_HEIGHT - 12)
        parts.place(canvas, box, seats, seat, lang, seat in to_act)
        _tracks(canvas, view, seat, (x + 8, top + 44, x + width - 8, bottom), cell)
        for row, line in enumerate(standings[seat]):
            y = bottom + 24 + row * 26
            canvas.fit((x + width / 2, y), line, width - 16, SMALL, MUTED, anchor="mm")
    return canvas.image


def _standing(view: View, seat: int, lang: str) -> list[str]:
    """A player's weakest colour, and in a series their points."""
    words = [t(lang, "pic-genial-weakest", count=min(view.collections[seat]))]
    if view.games > 1:
        words.append(t(lang, "pic-genial-points", points=view.scores[seat]))
    return words


def hand(view: View, seats: Seats, lang: str) -> Image.Image:
    """The table as above, and the seat's own tracks large, with what banking now would add."""
    seat = view.seat
    assert seat is not None
    canvas = Canvas.table(HAND_HEIGHT)
    halted = parts.halted(seats, lang, seat)
    yours = seat in view.to_act and not halted
    if view.phase == "over":
        canvas.header(_header(view, lang))
    elif halted:
        canvas.header(halted, _header(view, lang))
    elif yours:
        canvas.header(
            t(lang, f"pic-genial-now-{view.phase}"),
            t(lang, "pic-genial-reserve", count=view.reserve_count),
        )
    else:
        canvas.header(parts.turn_line(seats, view.to_act, lang), _header(view, lang))
    if view.phase != "over":
        _table(canvas, view, seats, HEADER + 12, lang)
    top = HEADER + 130
    canvas.text(
        (20, top), t(lang, "pic-genial-yours", count=min(view.collections[seat])), SMALL, MUTED
    )
    gain = bank_gain(view) if yours and view.phase == "drawing" else (0,) * 6
    for colour in range(6):
        y = top + 30 + colour * 36
        canvas.tile(icons.dot(28, COLOURS[colour]), (20, y + 2))
        count = view.collections[seat][colour]
        for level in range(view.target):
            x = 64 + level * 58
            if level < count:
                tile = rounded(52, 30, COLOURS[colour], radius=6)
            elif level < count + gain[colour]:
                tile = rounded(52, 30, PANEL_LIT, COLOURS[colour], radius=6, border=3)
            else:
                tile = rounded(52, 30, PANEL, PANEL_LIT, radius=6)
            canvas.tile(tile, (x, y))
        x = 64 + view.target * 58 + 8
        canvas.text((x, y + 15), f"{count}/{view.target}", LABEL, INK, True, "lm")
        if view.lines[seat][colour]:
            canvas.tile(icons.star(26, TURN), (x + 70, y + 2))
    if any(gain):
        canvas.text((20, HAND_HEIGHT - 36), t(lang, "pic-genial-preview"), SMALL, TURN, True)
    return canvas.image
