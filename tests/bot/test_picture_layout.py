"""Pictures at the worst cases: the most players, hostile names, Russian, the longest games.
Every text drawn stays on the picture and in its own place, and nothing is drawn as a box the
font lacks; text is measured where its ink lands."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from bot.pictures import base as picture_base
from bot.pictures import painter
from bot.pictures.base import Canvas, Seats, ink, placed, png
from bot.pictures.palettes import palette
from bot.pictures.samples import playout
from bot.render.mindup import met_goals

# --- measuring what a picture draws -------------------------------------------------------


class Drawn:
    """Every line of text and every panel drawn on a picture (not on its cards' own canvases),
    with where its ink lands."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[str, tuple[int, int, int, int]]] = []
        self.tiles: list[tuple[int, int, int, int]] = []
        self.panels: list[tuple[int, int, int, int]] = []
        text, tile, panel = Canvas.text, Canvas.tile, Canvas.panel
        table = Canvas.table.__func__  # type: ignore[attr-defined]
        drawn = self

        def on_table(cls: Any, height: int) -> Canvas:
            canvas = table(cls, height)
            canvas.main = True  # type: ignore[attr-defined]
            return canvas

        def on_text(
            self: Canvas,
            xy: Any,
            t: str,
            size: int = picture_base.LABEL,
            colour: Any = picture_base.INK,
            bold: bool = False,
            anchor: str = "lt",
        ) -> int:
            width = text(self, xy, t, size, colour, bold, anchor)
            if t and getattr(self, "main", False):
                shape = ink(t, size, bold)
                box = shape.mask.getbbox()
                if box:
                    x, y = placed(shape, xy, anchor)
                    drawn.texts.append((t, (x + box[0], y + box[1], x + box[2], y + box[3])))
            return width

        def on_tile(self: Canvas, image: Any, xy: Any) -> None:
            tile(self, image, xy)
            box = image.getbbox()
            if box and getattr(self, "main", False):
                x, y = round(xy[0]), round(xy[1])
                drawn.tiles.append((x + box[0], y + box[1], x + box[2], y + box[3]))

        def on_panel(self: Canvas, box: Any, *args: Any, **kwargs: Any) -> None:
            panel(self, box, *args, **kwargs)
            if getattr(self, "main", False):
                drawn.panels.append(tuple(round(v) for v in box))  # type: ignore[arg-type]

        monkeypatch.setattr(Canvas, "table", classmethod(on_table))
        monkeypatch.setattr(Canvas, "text", on_text)
        monkeypatch.setattr(Canvas, "tile", on_tile)
        monkeypatch.setattr(Canvas, "panel", on_panel)

    def clear(self) -> None:
        self.texts.clear()
        self.tiles.clear()
        self.panels.clear()

    def text(self, starts: str) -> list[tuple[str, tuple[int, int, int, int]]]:
        return [(t, box) for t, box in self.texts if t.startswith(starts)]


def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def table_of(players: int, names: tuple[str, ...], ai: int = 1) -> Seats:
    return Seats(
        names=tuple(names[s % len(names)] for s in range(players)),
        ai=tuple(s >= players - ai for s in range(players)),
        clock=True,
    )


PLAIN = ("Ada", "Boris", "Chloé", "Dima", "Eve", "Fyodor")


# --- crowded tables -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_game_at_five_players_draws_each_hand_size_inside_its_players_place(monkeypatch, lang):
    """The Game, five players: "6 cards" / "6 карт" does not fit a player's place, so the place
    shows the number alone, inside it (not in the next one's, nor off the picture)."""
    drawn = Drawn(monkeypatch)
    game = engines.game("thegame")
    state = playout("thegame", 5, 3)[0]
    painter("thegame").board(game.view(state, None), table_of(5, PLAIN), lang)
    places = [p for p in drawn.panels if p[1] == 342 and p[0] >= 126]  # the players' places
    assert len(places) == 5
    counts = [box for t, box in drawn.texts if t[0].isdigit() and box[1] > 390 and box[0] > 126]
    assert len(counts) == 5
    for box, place in zip(sorted(counts), sorted(places), strict=True):
        assert inside(box, place), (box, place)


def test_genial_drawn_by_a_long_name_stays_on_the_picture_clear_of_the_bonus_turn(monkeypatch):
    """Genial: "Drawn by <name>" is cut to fit, so a long name (or a Russian one of ordinary
    length) neither runs off the picture nor over "Bonus turn ★"."""
    drawn = Drawn(monkeypatch)
    game = engines.game("genial")
    states = playout("genial", 4, 1)
    state = next(s for s in states if game.view(s, None).staging and game.view(s, None).bonus_turn)
    names = ("Александра Константинопольская",)  # 30 characters, a real name
    image = painter("genial").board(game.view(state, None), table_of(4, names), "ru")
    (drawn_by,) = drawn.text("Зона сбора")
    (bonus,) = drawn.text("Призовой ход")
    assert drawn_by[1][2] <= image.width
    assert not overlap(drawn_by[1], bonus[1])


def test_zero_final_board_keeps_each_players_round_scores_clear_of_their_last_hand(
    monkeypatch,
):
    """Zero, game over with five players (five rounds): the round scores "8 + 3 + 0 + 7 + 13 ="
    and the Zero stars go under the last hand when they would not fit beside it."""
    drawn = Drawn(monkeypatch)
    game = engines.game("zero")
    final = playout("zero", 5, 3)[-1]
    painter("zero").board(game.view(final, None), table_of(5, PLAIN), "en")
    cards = [box for box in drawn.tiles if box[0] >= 196 and (box[2] - box[0]) in (35, 36)]
    history = [box for t, box in drawn.texts if t.endswith(" =")]
    assert history and cards
    covered = [(h, c) for h in history for c in cards if overlap(h, c)]
    assert covered == []


def test_genial_a_large_centre_and_the_tokens_drawn_stay_on_the_picture(monkeypatch):
    """Genial late in a four-player game: the centre holds 31 tokens and two have just been
    drawn. Every token, the drawn ones and "bank: +N" are on the picture, none over another,
    as the text beside it lists them."""
    drawn = Drawn(monkeypatch)
    game = engines.game("genial")
    state = next(s for s in playout("genial", 4, 12) if s.version == 142)
    view = game.view(state, None)
    assert sum(view.centre) == 31 and len(view.staging) == 2
    image = painter("genial").board(view, table_of(4, PLAIN), "en")
    # the tokens above the odds line: round, so their ink is square (the bonus star is not)
    tokens = [box for box in drawn.tiles if box[2] - box[0] == box[3] - box[1] and box[1] < 140]
    assert len(tokens) == 31 + 2
    assert all(box[2] <= image.width for box in tokens), sorted(tokens)[-3:]
    assert all(box[2] - box[0] >= 20 for box in tokens)  # still readable at phone size
    (bank,) = drawn.text("bank: +")
    (drawn_by,) = drawn.text("Drawn by")
    assert bank[1][2] <= image.width and drawn_by[1][2] <= image.width
    for n, box in enumerate(tokens):
        assert not any(overlap(box, other) for other in tokens[n + 1 :]), box
        assert not overlap(box, bank[1]) and not overlap(box, drawn_by[1]), box
    (odds,) = drawn.text("Next draw")
    assert all(box[3] <= odds[1][1] for box in tokens)


def test_genial_russian_alternative_draw_label_does_not_cover_the_safe_colours(monkeypatch):
    """Genial in Russian: «или взять 1 из центра», the longest label of the table, covers no
    token (those of the odds line «Следующий жетон совпадёт: 68% — ● ● ●» among them)."""
    drawn = Drawn(monkeypatch)
    game = engines.game("genial")
    states = playout("genial", 4, 3)
    found = []
    for state in states:
        view = game.view(state, None)
        if view.alternative is None:
            continue
        drawn.clear()
        painter("genial").board(view, table_of(4, PLAIN), "ru")
        (label,) = drawn.text("или взять")
        found += [box for box in drawn.tiles if overlap(box, label[1])]
    assert found == []


def test_a_name_led_by_a_combining_mark_fits_its_place_and_marks_alone_are_a_seat_number(
    monkeypatch,
):
    """Names are cut to fit by their ink, not their advance width: a name that starts with a
    combining mark (the mark hangs left of the first letter) stays in its place. A name of
    combining marks alone is "Seat n", as a blank or emoji-only name is."""
    drawn = Drawn(monkeypatch)
    game = engines.game("thegame")
    state = playout("thegame", 5, 3)[0]
    # seat 1 acts (a clock beside its name) and seat 5 is the AI (a robot before it)
    names = ("\u0300Ada", "\u0301\u0302\u0303\u0304", "\u0301" + "W" * 30, " \u0308 ", "Eve")
    painter("thegame").board(game.view(state, None), table_of(5, names), "en")
    places = sorted(p for p in drawn.panels if p[1] == 342 and p[0] >= 126)
    labels = sorted(
        ((t, box) for t, box in drawn.texts if 342 < box[1] < 380 and box[0] > 126),
        key=lambda label: label[1],
    )
    assert len(places) == len(labels) == 5
    for (text, box), place in zip(labels, places, strict=True):
        assert inside(box, (place[0] + 12, place[1], place[2] - 12, place[3])), (text, box, place)
    assert [text for text, _ in labels][1::2] == ["Seat 2", "Seat 4"]
    assert picture_base.fitted("\u0301\u0302", picture_base.LABEL, True, 100) == ""


# --- hostile names ---------------------------------------------------------------------

HOSTILE_NAMES = (
    "W" * 32,
    "🎲 Ada 😀🔥👍🏽 👨‍👩‍👧",
    "王小明の麻雀クラブ",
    "محمد العربي",
    "Z̷̢̛̛̤̗̹̰̲̦̩̜̀̅̉̃̓̿̈̅a̵̡̛̜̺̖̪͋͗̒̀̏̌̚ͅl̶̡̡̘͎̲͈̩̉̈́̎̓̀g̸̛̪̖̮̥̟̬̖̽̌̾̈́͗̚o̷̧̤̬̳̺͔̒͐͋̑́",
    "\u200b\u200c\u200d\u2060",
    "   \u3000 ",
    "Ыыыыыыыыыыыыыыыыыыыыыыыыыыыыыыы",
)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("slug", engines.SLUGS)
def test_hostile_names_at_the_most_players_draw_small_pngs_inside_the_picture(
    monkeypatch, slug, lang
):
    """Emoji, CJK, Arabic, zalgo, zero-width, blank and 32-W names at a full table:
    every picture of a whole game draws, its PNG stays under 200 KB, and no name is drawn
    off the picture or as a box the font lacks (each name is drawn as its fitted self or
    "Seat n")."""
    drawn = Drawn(monkeypatch)
    game = engines.game(slug)
    most = game.SPEC.max_players
    seats = table_of(most, HOSTILE_NAMES)
    states = playout(slug, most, 5)
    for state in [*states[::7], states[-1]]:
        for seat in (None, 0):
            drawn.clear()
            view = game.view(state, seat)
            pictures = painter(slug)
            image = (
                pictures.board(view, seats, lang)
                if seat is None
                else pictures.hand(view, seats, lang)
            )
            assert image.width == 800 and image.height <= 800
            assert len(png(image, palette(slug))) <= 200 * 1024
            for text, box in drawn.texts:
                assert box[0] >= 0 and box[2] <= image.width, (text, box)
                assert all(picture_base.has_glyph(c) or c.isspace() for c in text), text


# --- lines under a place, goals beside the points, a fire card's flame --------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_genial_series_at_four_players_keeps_each_weakest_and_points_line_in_its_place(
    monkeypatch, lang
):
    """Genial, a series of games (`games=3`) at four players: "weakest: 0 · points: 0"
    («минимум: 0 · очки: 0») is wider than a place 185 pixels wide, so each line stays inside
    its player's place instead of running into the next one and off the picture."""
    drawn = Drawn(monkeypatch)
    game = engines.game("genial")
    state = playout("genial", 4, 1, games=3)[0]
    image = painter("genial").board(game.view(state, None), table_of(4, PLAIN, ai=0), lang)
    start = "weakest" if lang == "en" else "минимум"
    lines = [box for text, box in drawn.texts if text.startswith(start)]
    places = sorted(p for p in drawn.panels if p[3] == image.height - 12)
    assert len(lines) == len(places) == 4
    for box, place in zip(sorted(lines), places, strict=True):
        assert inside(box, place), (box, place)


def test_mind_up_letters_of_the_goals_met_stay_clear_of_a_players_points(monkeypatch):
    """Mind Up! with five fixed goals, three players: the letters of the goals a collection
    meets ("CDFB" here) and the round's points are both drawn, neither over the other."""
    drawn = Drawn(monkeypatch)
    game = engines.game("mindup")
    state = next(s for s in playout("mindup", 3, 1, goals="fixed", goal_count=5) if s.version == 36)
    view = game.view(state, None)
    assert len(met_goals(view, 1)) == 4
    painter("mindup").board(view, table_of(3, PLAIN, ai=0), "en")
    letters = [(t, box) for t, box in drawn.texts if t.isalpha() and t.isupper() and len(t) >= 4]
    numbers = [(t, box) for t, box in drawn.texts if t.isdigit() and box[0] > 600]
    assert letters and numbers
    covered = [(a, b) for a in letters for b in numbers if overlap(a[1], b[1])]
    assert covered == []


def test_the_game_flame_of_a_first_fire_card_leaves_your_cards_readable(monkeypatch):
    """The Game on fire, bob's hand starts with a fire card (33): its flame is drawn clear of
    the label "Your cards" above the hand."""
    drawn = Drawn(monkeypatch)
    game = engines.game("thegame")
    state = next(s for s in playout("thegame", 2, 1, on_fire=True) if s.version == 22)
    view = game.view(state, 1)
    assert view.hand[0] in view.fire_cards
    painter("thegame").hand(view, table_of(2, PLAIN, ai=0), "en")
    ((_, label),) = [(t, box) for t, box in drawn.texts if t == "Your cards"]
    assert [box for box in drawn.tiles if overlap(box, label)] == []
