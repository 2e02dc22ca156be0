"""Pictures on Discord: the board's and the hand's embed image, drawn from the shown state."""

from __future__ import annotations

import dataclasses
import io
import logging
import re
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

import cogs.pictures
import engines
from bot.pictures import pool
from bot.render import renderer
from tests.bot.driver import (
    act_once,
    components,
    only_session,
    open_game,
    press,
    ready_move,
)

BOARD_SIZES = {
    "genial": (800, 500),
    "hourglass": (800, 470),
    "mindup": (800, 506),
    "thegame": (800, 450),
    "zero": (800, 454),
}
"""With three seats (two members and an AI), while the game runs."""
HAND_HEIGHTS = {"genial": 480, "hourglass": 420, "mindup": 520, "thegame": 440, "zero": 460}


NAMES = {"board": r"board\.png", "hand": r"hand-[0-9a-f]{8}\.png"}
"""A hand's picture is named after the moment it was drawn from (a panel keeps it until then)."""


async def picture(message: Any, kind: str) -> Image.Image:
    """The message's one attachment, checked to be the embed's image and a PNG."""
    (attachment,) = message.attachments
    assert re.fullmatch(NAMES[kind], attachment.filename)
    assert message.embeds[0].image.url.endswith(attachment.filename)
    data = await attachment.read()
    assert data.startswith(b"\x89PNG") and len(data) <= 200 * 1024
    return Image.open(io.BytesIO(data))


def board_text(session: Any) -> str:
    """What the text renderer says of the public board (the picture shows the same view)."""
    view = session.game.view(session.state, None)
    lines = renderer(session.record.slug).board(
        view, session.names(session.record.language), session.record.language
    )
    return "\n".join(lines)


def shown(world: Any, message: Any) -> Any:
    """The message as it is now."""
    return next(m for m in world.channel.history() if m.id == message.id)


def board_edits(world: Any, message: Any) -> list[Any]:
    path = f"/messages/{message.id}"
    return [r for r in world.env.http_requests if r.method == "PATCH" and r.path.endswith(path)]


@pytest.mark.parametrize("slug", engines.SLUGS)
async def test_every_game_shows_its_board_and_hand_as_pictures_beside_the_text(world, slug):
    alice, bob = world.members[:2]
    message = await open_game(world, alice, slug, [bob], ai=1)
    session = only_session(world)
    assert (await picture(message, "board")).size == BOARD_SIZES[slug]
    assert message.embeds[0].description == board_text(session)
    panel = (await alice.click(message, label=components(message)[0]["label"])).response
    assert panel.ephemeral
    assert (await picture(panel, "hand")).size == (800, HAND_HEIGHTS[slug])
    assert panel.id not in [m.id for m in world.channel.history(viewer=bob)]  # alice's alone


async def test_pictures_are_described_for_screen_readers_in_each_readers_language(world):
    alice = world.members[0]
    ivan = world.member("ivan", locale="ru")
    message = await open_game(world, alice, "zero", [ivan])
    board_picture = message.attachments[0]
    assert board_picture.description == (
        "A picture of the table in Zero; the text above says the same."
    )
    panel = (await ivan.click(message, label="My hand")).response
    assert panel.attachments[0].description == (
        "Ваши карты в игре «Зеро» на картинке; в тексте выше сказано то же самое."
    )


async def test_a_move_redraws_the_board_picture_in_its_one_edit(world):
    alice, bob = world.members[:2]
    message = await open_game(world, alice, "thegame", [bob])
    before = (await picture(message, "board")).tobytes()
    session = only_session(world)
    starter = alice if session.record.seats[min(session.to_act())].user_id == alice.id else bob
    await act_once(starter, message)
    await world.env.settle()
    assert len(board_edits(world, message)) == 1
    now = shown(world, message)
    assert (await picture(now, "board")).tobytes() != before
    assert now.embeds[0].description == board_text(session)


async def test_the_player_to_move_gets_the_hand_picture_in_the_turn_dm(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])  # seat 0, the host, starts
    dm = alice.user.dm_channel.last_message
    assert dm.content.startswith("Your move!")
    assert (await picture(dm, "hand")).size == (800, HAND_HEIGHTS["thegame"])


async def test_a_mind_up_choice_is_redrawn_in_the_players_own_picture(world):
    alice, bob = world.members[:2]
    message = await open_game(world, alice, "mindup", [bob], ai=1)
    panel = (await alice.click(message, label="My hand")).response
    before = (await picture(panel, "hand")).tobytes()
    chosen = await act_once(alice, message)
    after = chosen.response
    assert after.ephemeral and "Your secret card" in after.embeds[0].description
    assert (await picture(after, "hand")).tobytes() != before


async def test_picking_a_card_keeps_the_hand_picture_and_playing_it_draws_a_new_one(world):
    alice, bob = world.members[:2]
    message = await open_game(world, alice, "thegame", [bob])  # seat 0, the host, starts
    panel = (await alice.click(message, label="My hand")).response
    before = await picture(panel, "hand")
    (sent,) = panel.attachments
    picked, pile = await ready_move(alice, panel)
    assert "tb:pick:" not in pile["custom_id"]
    # Choosing the card changes the buttons only: the very same picture stays, not sent again.
    assert [a.id for a in picked.attachments] == [sent.id]
    assert (await picture(picked, "hand")).tobytes() == before.tobytes()
    played = (await press(alice, picked, pile)).response
    assert played.attachments[0].id != sent.id
    assert (await picture(played, "hand")).tobytes() != before.tobytes()


async def test_with_pictures_off_boards_and_hands_are_the_text_alone(world):
    saved = await world.admin.slash(world.channel, "config images", value="off")
    assert "Pictures of the table on boards and hands: no" in saved.response.content
    alice, bob = world.members[:2]
    message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    assert message.attachments == [] and message.embeds[0].image.url is None
    assert message.embeds[0].description == board_text(session)
    panel = (await alice.click(message, label="My hand")).response
    assert panel.attachments == [] and panel.embeds[0].image.url is None
    starter = alice if session.record.seats[min(session.to_act())].user_id == alice.id else bob
    await act_once(starter, message)
    await world.env.settle()
    now = shown(world, message)
    assert now.attachments == [] and now.embeds[0].description == board_text(session)


async def test_pictures_come_back_when_turned_on_again(world):
    await world.admin.slash(world.channel, "config images", value="off")
    await world.admin.slash(world.channel, "config images", value="on")
    alice, bob = world.members[:2]
    message = await open_game(world, alice, "zero", [bob])
    assert (await picture(message, "board")).size == (800, 386)


async def test_a_board_that_cannot_be_drawn_goes_out_as_text_with_one_warning(
    world, monkeypatch, caplog
):
    failures: list[str] = []

    def broken(sketch: Callable[..., pool.Sketch]) -> Callable[..., pool.Sketch]:
        # A sketch no painter can draw: it fails where pictures are drawn (the worker process).
        def sketched(*args: Any) -> pool.Sketch:
            failures.append("picture")
            return dataclasses.replace(sketch(*args), slug="no such game")

        return sketched

    monkeypatch.setattr(cogs.pictures, "board_sketch", broken(pool.board_sketch))
    monkeypatch.setattr(cogs.pictures, "hand_sketch", broken(pool.hand_sketch))
    caplog.set_level(logging.WARNING, logger="bot.pictures.pool")
    alice, bob = world.members[:2]
    message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    assert message.attachments == [] and message.embeds[0].image.url is None
    assert message.embeds[0].description == board_text(session)
    warnings = [r for r in caplog.records if r.name == "bot.pictures.pool"]
    assert failures and len(warnings) == len(failures)
    assert all(r.levelname == "WARNING" and session.id in r.getMessage() for r in warnings)


def answers(world: Any, since: int) -> list[Any]:
    """The bot's answers to interactions (their callbacks) since request number `since`."""
    return [r for r in world.env.http_requests[since:] if r.path.endswith("/callback")]


def panel_edits(world: Any, since: int) -> list[Any]:
    """Edits of private panels through interaction tokens since request number `since`."""
    requests = world.env.http_requests[since:]
    return [r for r in requests if r.method == "PATCH" and r.path.startswith("/webhooks/")]


async def test_a_hand_picture_not_drawn_in_time_follows_on_the_same_panel(world, monkeypatch):
    # No member waits for a picture: the panel goes out as text at once and gets its picture in
    # one edit once drawn, after the first panel as after a move.
    monkeypatch.setattr(pool, "WAITING_DEADLINE", 0.0)
    alice, bob = world.members[:2]
    message = await open_game(world, alice, "thegame", [bob])  # seat 0, the host, starts
    since = len(world.env.http_requests)
    panel = (await alice.click(message, label="My hand")).response
    (answer,) = answers(world, since)
    assert "image" not in answer.json["data"]["embeds"][0]
    assert len(panel_edits(world, since)) == 1
    before = await picture(panel, "hand")
    assert before.size == (800, HAND_HEIGHTS["thegame"])

    since = len(world.env.http_requests)
    picked, pile = await ready_move(alice, panel)
    played = (await press(alice, picked, pile)).response
    assert played.id == panel.id
    assert answers(world, since)[-1].json["data"]["attachments"] == []  # its old one, taken off
    assert (await picture(played, "hand")).tobytes() != before.tobytes()
