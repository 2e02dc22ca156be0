"""Pictures of the table: every game's board and hands drawn from its views (bot.pictures)."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import itertools
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import fontpkg_noto_sans
import pytest
from PIL import Image, ImageChops, ImageStat

import engines
from bot.i18n import t
from bot.pictures import base, painter, parts, pool
from bot.pictures.base import HEADER, Canvas, Seats, font, has_glyph, ink, png, seat_name
from bot.pictures.palettes import palette, pictures_of_games
from bot.pictures.pool import Pictures, Sketch, board_sketch, hand_sketch, seats_of
from bot.pictures.samples import PLAYERS, playout, seats
from engines.core import StateBase
from tests.bot.driver import components, only_session, open_game
from tests.bot.positions import running

BOARD_SIZES = {
    "genial": ((800, 500), (800, 500)),
    "hourglass": ((800, 470), (800, 470)),
    "mindup": ((800, 578), (800, 428)),
    "thegame": ((800, 450), (800, 450)),
    "zero": ((800, 454), (800, 316)),
}
"""Per game, with its usual table (PLAYERS): the board while it runs, and once it is over."""
HAND_SIZES = {"genial": 480, "hourglass": 420, "mindup": 520, "thegame": 440, "zero": 460}
PNG_LIMIT = 200 * 1024

Box = tuple[int, int, int, int]


@cache
def states(slug: str) -> list[StateBase]:
    """One whole game with the usual table, The Game with its fire cards."""
    options = {"on_fire": True} if slug == "thegame" else {}
    return playout(slug, PLAYERS[slug], 11, **options)


def positions(slug: str) -> list[StateBase]:
    """The deal, two moments of the game, and its end."""
    game = states(slug)
    return [game[0], game[len(game) // 3], game[2 * len(game) // 3], game[-1]]


def public(slug: str, state: StateBase) -> Any:
    return engines.game(slug).view(state, None)


def board(slug: str, state: StateBase, lang: str = "en") -> Image.Image:
    return painter(slug).board(public(slug, state), seats(PLAYERS[slug], ai=1), lang)


def hand(slug: str, state: StateBase, seat: int, lang: str = "en") -> Image.Image:
    view = engines.game(slug).view(state, seat)
    return painter(slug).hand(view, seats(PLAYERS[slug], ai=1), lang)


def png_of(slug: str, image: Image.Image) -> bytes:
    return base.png(image, palette(slug))


def differs(a: Image.Image, b: Image.Image, box: Box) -> bool:
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_every_board_is_a_png_of_its_size_from_the_deal_to_the_end(slug):
    running_size, over_size = BOARD_SIZES[slug]
    for state in positions(slug):
        over = engines.game(slug).outcome(state) is not None
        picture = board(slug, state)
        assert picture.size == (over_size if over else running_size)
        data = png_of(slug, picture)
        assert len(data) <= PNG_LIMIT
        assert Image.open(io.BytesIO(data)).size == picture.size


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_every_seats_hand_is_a_png_of_its_size_through_the_game(slug):
    for state in positions(slug):
        for seat in range(PLAYERS[slug]):
            picture = hand(slug, state, seat)
            assert picture.size == (800, HAND_SIZES[slug])
            assert len(png_of(slug, picture)) <= PNG_LIMIT


def worst_channel(drawn: Image.Image, sent: Image.Image) -> list[int]:
    """How far each pixel of the PNG is from the drawing, in the channel that is furthest
    off, as a histogram (index: levels off, 0-255)."""
    red, green, blue = ImageChops.difference(drawn, sent.convert("RGB")).split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue).histogram()


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_the_png_keeps_the_colours_of_the_drawing(slug):
    # Games from another seed than the one the colours were chosen from: every table size,
    # the colour variants, both languages. Off by a few levels is invisible; a colour the
    # drawing gained since (bot.pictures.palettes) would be far off.
    for drawn in pictures_of_games(slug, seed=7)[::3]:
        sent = Image.open(io.BytesIO(png_of(slug, drawn)))
        off = worst_channel(drawn, sent)
        pixels = sum(off)
        assert sum(levels * count for levels, count in enumerate(off)) / pixels < 1.0
        beyond = sum(off[17:])
        assert beyond / pixels < 0.001, "run `python -m bot.pictures.palettes`"


@pytest.mark.parametrize("slug", engines.SLUGS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_pictures_are_drawn_not_blank(slug, lang):
    for state in positions(slug):
        for picture in (board(slug, state, lang), hand(slug, state, 0, lang)):
            colours = picture.getcolors(maxcolors=1 << 16)
            assert colours is not None and len(colours) > 20
            assert min(ImageStat.Stat(picture).stddev) > 10


def step(slug: str, changed: Callable[[Any, Any], bool]) -> tuple[StateBase, StateBase]:
    """The first two states in a row of the game whose public views differ as `changed` says."""
    game = states(slug)
    for before, after in itertools.pairwise(game):
        if changed(public(slug, before), public(slug, after)):
            return before, after
    raise AssertionError(f"no such step in {slug}")


def test_the_game_shows_a_played_card_on_its_pile():
    before, after = step("thegame", lambda a, b: a.tops != b.tops)
    assert differs(board("thegame", before), board("thegame", after), (0, 66, 800, 304))


def test_mind_up_shows_who_has_chosen_and_nothing_of_the_choice():
    before, after = step("mindup", lambda a, b: sum(a.chosen) == 0 and sum(b.chosen) == 1)
    seat = public("mindup", after).chosen.index(True)
    first, second = board("mindup", before), board("mindup", after)
    row = 278 + seat * 72
    assert differs(first, second, (12, row, 56, row + 66))  # the tick
    # Nothing else changes: the card chosen stays secret.
    assert not differs(first, second, (0, 0, 800, row))
    assert not differs(first, second, (0, row + 67, 800, 578))
    mine = hand("mindup", after, seat)
    assert differs(hand("mindup", before, seat), mine, (640, 64, 800, 230))  # the card, lifted


def test_mind_up_shows_the_new_central_row_after_a_reveal():
    before, after = step("mindup", lambda a, b: a.central != b.central and not b.game_over)
    assert differs(board("mindup", before), board("mindup", after), (0, 64, 520, 200))


def test_genial_shows_a_drawn_token_in_the_staging_area():
    before, after = step("genial", lambda a, b: len(b.staging) > len(a.staging))
    assert differs(board("genial", before), board("genial", after), (300, 64, 800, 130))


def test_genial_fills_the_track_of_a_banked_colour():
    before, after = step("genial", lambda a, b: a.collections != b.collections)
    assert differs(board("genial", before), board("genial", after), (0, 182, 800, 490))


def test_hourglass_shows_the_sets_as_they_change():
    before, after = step("hourglass", lambda a, b: a.holders != b.holders)
    assert differs(board("hourglass", before), board("hourglass", after), (0, 64, 800, 290))


def test_zero_shows_the_card_laid_beside_the_market():
    before, after = step("zero", lambda a, b: a.laid is None and b.laid is not None)
    assert differs(board("zero", before), board("zero", after), (560, 56, 800, 200))
    assert not differs(board("zero", before), board("zero", after), (0, 56, 540, 200))


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_the_end_of_a_game_is_drawn_differently(slug):
    game = states(slug)
    last, end = board(slug, game[-2]), board(slug, game[-1])
    assert differs(last, end, (0, 0, 800, 52))  # the header says it is over


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_the_words_on_a_picture_are_in_the_table_language(slug):
    state = positions(slug)[1]
    assert differs(board(slug, state, "en"), board(slug, state, "ru"), (0, 0, 800, 52))


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_a_board_is_drawn_from_the_public_view_and_a_hand_from_its_seat(slug):
    session = running(slug, PLAYERS[slug])
    shown = board_sketch(session, "ru")
    assert shown.kind == "board" and shown.view == session.game.view(session.state, None)
    assert shown.view.seat is None
    own = hand_sketch(session, 1, "ru")
    assert own.kind == "hand" and own.view == session.game.view(session.state, 1)


def test_the_font_is_the_bundled_noto_sans_with_latin_and_cyrillic():
    bundled = Path(fontpkg_noto_sans.__file__).parent
    assert Path(font(26).path).is_relative_to(bundled)
    assert Path(font(26, bold=True).path).is_relative_to(bundled)
    for char in "AzЖщЁё€№":
        assert has_glyph(char), char
    assert ink("Ход", 26).mask.size != ink("Hod", 26).mask.size


def test_emoji_the_font_lacks_are_left_out_of_names():
    assert not has_glyph("🤖")
    table = Seats(("🎲 Ada 🎲", "🐈‍⬛"), (False, True), clock=False)
    assert seat_name(table, 0, "en") == "Ada"
    assert seat_name(table, 1, "en") == "Seat 2"
    assert seat_name(table, 1, "ru") == "Место 2"


def test_an_ai_seat_has_its_robot_drawn():
    state = positions("thegame")[1]
    view = public("thegame", state)
    people = Seats(("Ada", "Boris", "Chloé"), (False, False, False), clock=False)
    robots = Seats(("Ada", "Boris", "Chloé"), (False, False, True), clock=False)
    drawn = [painter("thegame").board(view, table, "en") for table in (people, robots)]
    assert differs(*drawn, (560, 342, 800, 450))
    assert not differs(*drawn, (0, 342, 560, 450))


async def test_pictures_are_drawn_in_the_pool_not_on_the_event_loop(monkeypatch):
    threads: list[str] = []

    class Recording:
        def board(self, view: Any, table: Seats, lang: str) -> Image.Image:
            threads.append(threading.current_thread().name)
            return painter("zero").board(view, table, lang)

    monkeypatch.setattr(pool, "painter", lambda slug: Recording())
    pictures = Pictures(2)
    try:
        sketch = Sketch("g1", "zero", "board", public("zero", states("zero")[3]), seats(3), "en")
        drawn = await asyncio.gather(*(pictures.draw(sketch) for _ in range(4)))
    finally:
        pictures.close()
    assert all(png is not None and png.startswith(b"\x89PNG") for png in drawn)
    assert threads and all(name.startswith("pictures") for name in threads)


async def test_a_picture_that_cannot_be_drawn_is_none_with_one_warning(monkeypatch, caplog):
    class Broken:
        def board(self, view: Any, table: Seats, lang: str) -> Image.Image:
            raise ValueError("no ink")

    monkeypatch.setattr(pool, "painter", lambda slug: Broken())
    pictures = Pictures(1)
    try:
        sketch = Sketch("g1", "zero", "board", public("zero", states("zero")[0]), seats(3), "en")
        assert await pictures.draw(sketch) is None
    finally:
        pictures.close()
    warnings = [r for r in caplog.records if r.name == "bot.pictures.pool"]
    assert [r.levelname for r in warnings] == ["WARNING"]
    assert "g1" in warnings[0].getMessage()


async def test_a_picture_later_than_the_deadline_is_given_up_for_the_text(monkeypatch, caplog):
    class Slow:
        def board(self, view: Any, table: Seats, lang: str) -> Image.Image:
            time.sleep(0.3)
            return painter("zero").board(view, table, lang)

    monkeypatch.setattr(pool, "painter", lambda slug: Slow())
    monkeypatch.setattr(pool, "DEADLINE", 0.05)
    pictures = Pictures(1)
    try:
        sketch = Sketch("g2", "zero", "board", public("zero", states("zero")[0]), seats(3), "en")
        assert await pictures.draw(sketch) is None
    finally:
        pictures.close()
    warnings = [r for r in caplog.records if r.name == "bot.pictures.pool"]
    assert len(warnings) == 1 and "g2" in warnings[0].getMessage()


async def test_a_panel_waits_for_its_picture_only_a_moment_and_gets_it_when_drawn(
    monkeypatch, caplog
):
    drawn: list[str] = []

    class Slow:
        def hand(self, view: Any, table: Seats, lang: str) -> Image.Image:
            drawn.append(threading.current_thread().name)
            time.sleep(0.3)
            return painter("zero").hand(view, table, lang)

    monkeypatch.setattr(pool, "painter", lambda slug: Slow())
    monkeypatch.setattr(pool, "WAITING_DEADLINE", 0.05)
    pictures = Pictures(1)
    try:
        view = engines.game("zero").view(states("zero")[0], 0)
        sketch = Sketch("g3", "zero", "hand", view, seats(3), "en")
        started = time.monotonic()
        assert await pictures.draw(sketch, waiting=True) is None
        assert time.monotonic() - started < 0.25  # the member is not kept waiting
        # The late picture is still being drawn; the edit that brings it waits for that drawing.
        assert pictures.drawing(sketch)
        png = await pictures.draw(sketch)
        assert png is not None and png.startswith(b"\x89PNG")
        assert len(drawn) == 1 and not pictures.drawing(sketch)
    finally:
        pictures.close()
    # Expected under a burst of clicks: noted, not warned about.
    assert not [r for r in caplog.records if r.levelname == "WARNING"]


async def test_behind_many_members_pictures_a_panel_goes_as_text_without_one(monkeypatch):
    class Slow:
        def hand(self, view: Any, table: Seats, lang: str) -> Image.Image:
            time.sleep(0.2)
            return painter("zero").hand(view, table, lang)

    monkeypatch.setattr(pool, "painter", lambda slug: Slow())
    pictures = Pictures(1)
    try:
        view = engines.game("zero").view(states("zero")[0], 0)
        sketches = [
            Sketch(f"g{i}", "zero", "hand", view, seats(3), "en")
            for i in range(pool.WAITING_QUEUE + 2)
        ]
        queue = [
            asyncio.ensure_future(pictures.draw(sketch, waiting=True)) for sketch in sketches[:-2]
        ]
        await asyncio.sleep(0)
        started = time.monotonic()
        assert await pictures.draw(sketches[-2], waiting=True) is None
        assert time.monotonic() - started < 0.01
        assert not pictures.drawing(sketches[-2])  # not drawn at all: no picture follows
        # Nor is a hand nobody waits for (a turn DM, a panel redrawn as the game moves on).
        assert await pictures.draw(sketches[-1]) is None
        assert time.monotonic() - started < 0.01
        await asyncio.gather(*queue)
    finally:
        pictures.close()


async def test_boards_being_drawn_do_not_keep_a_panel_from_its_picture(monkeypatch):
    class SlowBoards:
        def board(self, view: Any, table: Seats, lang: str) -> Image.Image:
            time.sleep(0.3)
            return painter("zero").board(view, table, lang)

        def hand(self, view: Any, table: Seats, lang: str) -> Image.Image:
            return painter("zero").hand(view, table, lang)

    monkeypatch.setattr(pool, "painter", lambda slug: SlowBoards())
    pictures = Pictures(pool.WAITING_QUEUE + 1)
    try:
        state = states("zero")[0]
        board = Sketch("g4", "zero", "board", public("zero", state), seats(3), "en")
        hand = Sketch("g4", "zero", "hand", engines.game("zero").view(state, 0), seats(3), "en")
        # Fonts and shapes loaded first (the suite may run this test first in its process): a
        # cold first drawing alone can pass the tenth of a second a member waits.
        assert await pictures.draw(dataclasses.replace(hand, game_id="warm")) is not None
        boards = [asyncio.ensure_future(pictures.draw(board)) for _ in range(pool.WAITING_QUEUE)]
        await asyncio.sleep(0.02)
        panel = await pictures.draw(hand, waiting=True)
        assert panel is not None and panel.startswith(b"\x89PNG")
        assert all(png is not None for png in await asyncio.gather(*boards))
    finally:
        pictures.close()


# --- what a board or hand says against the text beside it (through Discord) ---------------


def shown(world: Any, message: Any) -> Any:
    """The message as it is now."""
    return next(m for m in world.channel.history() if m.id == message.id)


async def image_of(message: Any) -> Image.Image:
    (attachment,) = message.attachments
    return Image.open(io.BytesIO(await attachment.read())).convert("RGB")


def top_line(picture: Image.Image) -> Image.Image:
    return picture.crop((0, 0, base.WIDTH, HEADER + 1))


def header_strip(slug: str, left: str, right: str = "") -> Image.Image:
    """A picture's top line as the painters draw it, through the game's PNG palette."""
    canvas = Canvas.table(HEADER + 1)
    canvas.header(left, right)
    return Image.open(io.BytesIO(png(canvas.image, palette(slug)))).convert("RGB")


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


def minimum(view: Any) -> str:
    return t("en", "pic-thegame-minimum", minimum=view.minimum, played=view.played)


async def leave_both(world: Any, *members: Any) -> None:
    for member in members:  # both leave: the AI holds every seat, the game pauses
        asked = await member.slash(world.channel, "game leave")
        await member.click(asked.response.message, label="Yes, leave")
    await world.env.settle()


async def test_a_game_ended_early_no_longer_shows_whose_turn_it_was_on_its_board(world):
    """The host ends a game of The Game early (alice to move). The board's text says "The game
    was ended early." with no "Waiting for" nor a "My hand" button; its picture no longer reads
    "Turn: alice" in its top line either."""
    alice, bob = world.members[:2]
    board = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    assert session.to_act() == {0}
    asked = await alice.slash(world.channel, "game end")
    await alice.click(asked.response.message, label="Yes, end it")
    await world.env.settle()

    ended = shown(world, board)
    fields = {f.name: f.value for f in ended.embeds[0].fields}
    assert "The game was ended early." in fields.values()
    assert "Waiting for" not in fields and components(ended) == []
    view = session.game.view(session.state, None)
    turn = header_strip(
        "thegame", parts.turn_line(seats_of(session, "en"), (0,), "en"), minimum(view)
    )
    assert not same(top_line(await image_of(ended)), turn), "the picture still says 'Turn: alice'"


async def test_a_paused_boards_picture_does_not_say_whose_turn_it_is(world):
    """Both players of The Game leave: the game is paused, waiting for a "Resume". The board's
    text says "⏸️ Paused" (nobody is waited for), and its picture no longer reads "Turn: bob"."""
    alice, bob = world.members[:2]
    board = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    await leave_both(world, alice, bob)  # the AI plays alice's turn, then bob's waits
    assert session.paused and session.to_act() == {1}

    now = shown(world, board)
    fields = {f.name: f.value for f in now.embeds[0].fields}
    assert "⏸️ Paused" in fields and "Waiting for" not in fields
    view = session.game.view(session.state, None)
    turn = header_strip(
        "thegame", parts.turn_line(seats_of(session, "en"), (1,), "en"), minimum(view)
    )
    assert not same(top_line(await image_of(now)), turn), "the picture says 'Turn: bob'"


async def test_my_hand_for_a_seat_the_ai_holds_does_not_say_your_turn_on_its_picture(world):
    """Bob left The Game (the AI holds his seat; with alice gone too it waits, paused, on bob's
    turn). His "My hand" says "The AI is playing your seat. Take it back to play again." and
    offers only "Take my seat back"; its picture does not say "Your turn" either."""
    alice, bob = world.members[:2]
    board = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    await leave_both(world, alice, bob)
    assert session.to_act() == {1} and session.record.seats[1].ai

    panel = (await bob.click(shown(world, board), label="My hand")).response
    assert panel.embeds[0].footer.text == "The AI is playing your seat. Take it back to play again."
    assert [c["label"] for c in components(panel)] == ["Take my seat back"]
    view = session.game.view(session.state, 1)
    yours = header_strip("thegame", t("en", "pic-your-turn"), minimum(view))
    assert not same(top_line(await image_of(panel)), yours), "the picture says 'Your turn'"


async def test_names_that_differ_only_by_an_emoji_get_their_seats_numbers_on_the_picture(world):
    """ "🎲 Sam" and "🎯 Sam" play The Game. The text tells them apart ("Waiting for: 🎲 Sam");
    the picture leaves out the emoji its font lacks, so it tells them apart by their seats'
    numbers, as names typed alike are: "Sam #1", "Sam #2", its top line included."""
    dice = world.member("🎲 Sam")
    target = world.member("🎯 Sam")
    board = await open_game(world, dice, "thegame", [target])
    session = only_session(world)
    fields = {f.name: f.value for f in board.embeds[0].fields}
    assert fields["Waiting for"].startswith("🎲 Sam")
    seats = seats_of(session, "en")
    view = session.game.view(session.state, None)
    turn = header_strip("thegame", parts.turn_line(seats, (0,), "en"), minimum(view))
    assert same(top_line(await image_of(board)), turn)
    drawn = [seat_name(seats, seat, "en") for seat in range(2)]
    assert drawn[0] != drawn[1], f"both seats are drawn as {drawn[0]!r}"
    assert drawn == ["Sam #1", "Sam #2"]


WORKER_DRAWS = """
import dataclasses
import engines
import bot.i18n as i18n
from bot.pictures import painter
from bot.pictures.samples import PLAYERS, playout, seats
from bot.worker_load import load_worker

load_worker()
missing = set()
format_ = i18n._format


def checked(language, key, params):
    if not i18n.bundle(language).has_message(key):
        missing.add(key)
    return format_(language, key, params)


i18n._format = checked
for slug in engines.SLUGS:
    game = engines.game(slug)
    spec = game.SPEC
    for players in sorted({PLAYERS[slug], spec.max_players}):
        states = playout(slug, players, seed=3)
        table = seats(players, ai=1)
        tables = [table, dataclasses.replace(table, clock=False)]
        tables += [dataclasses.replace(table, halted=why) for why in ("paused", "abandoned")]
        for index, state in enumerate(states):
            if index % 12 and index != len(states) - 1:
                continue
            for lang in i18n.LANGUAGES:
                for drawn in tables:
                    painter(slug).board(game.view(state, None), drawn, lang)
                    painter(slug).hand(game.view(state, index % players), drawn, lang)
print(sorted(missing))
"""


def test_the_worker_draws_every_picture_with_the_words_it_loads():
    """The AI worker compiles only the pictures' catalogs (bot.i18n.PICTURE_CATALOGS): every
    word on every game's boards and hands, at each table size, in both languages, through a
    whole game, is found there (a missing one would be drawn as its key)."""
    drawn = subprocess.run(
        [sys.executable, "-c", WORKER_DRAWS], capture_output=True, text=True, timeout=240
    )
    assert drawn.returncode == 0, drawn.stderr[-2000:]
    assert drawn.stdout.strip() == "[]", drawn.stdout
