"""Genial (Ingenious: Risky Collecting) at the table, against docs/rules/genial.md: what the
board, the panels, the announcements and the results tell the players in rare positions, set up
by replacing the running game's state."""

from __future__ import annotations

import pytest

from tests.bot.driver import board, finished, only_session, open_game, pictures_off
from tests.bot.test_genial_e2e import craft, fields, posts

SEED = 40


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: SEED)


async def open_hand(actor, world):
    return (await actor.click(board(world), label="My hand")).response


async def test_r29_a_series_whose_first_game_deadlocked_is_not_ranked_by_collections(world):
    """R29/R25: in a series a dead position ends only that game ("in a series the next game
    starts as usual"), and the series is ranked by its victory-point totals. The final result
    does not say that "the game ended at once in a dead position" and that "places follow the
    collections": the last game was won, and places follow the series points."""
    await pictures_off(world)
    alice, bob, carol = world.members[:3]
    await open_game(world, alice, "genial", [bob, carol], games=2, start_seat=3)
    session = only_session(world)
    # Example 13: carol takes her only weakest colour (blue) and the position is dead.
    session.state = craft(
        session.state,
        centre=(1, 0, 0, 1, 1, 0),
        collections=((6, 6, 7, 7, 7, 7), (7, 7, 6, 6, 7, 7), (7, 7, 7, 7, 5, 6)),
    )
    panel = await open_hand(carol, world)
    await carol.click(panel.message, label="↩️ Take 1 🟦 from the centre")
    assert any("Game 1 is over: a dead position" in p for p in posts(world))
    state = session.state
    assert state.game == 1 and state.phase == "start"

    # Game 2: alice (who starts it) banks her last purple and completes every colour.
    session.state = craft(
        state,
        centre=(0, 0, 0, 0, 0, 1),
        collections=((7, 7, 7, 7, 7, 6), (3, 4, 4, 4, 4, 4), (2, 2, 2, 2, 2, 2)),
        staging=(5,),
        turn=0,
    )
    panel = await open_hand(alice, world)
    await alice.click(panel.message, label="💰 Bank")
    assert finished(world)
    final = next(m for m in reversed(world.channel.history()) if m.embeds)
    result = fields(final)["Final result"]
    lines = result.splitlines()
    assert lines[0].startswith("🏆 alice") and lines[0].endswith("— 13 points (6 + 7)")
    assert lines[1].startswith("2. bob") and lines[1].endswith("— 9 points (6 + 3)")
    assert lines[2].startswith("3. carol") and lines[2].endswith("— 8 points (6 + 2)")
    # The series was ranked by its points, and its last game was won: nothing else applies.
    assert "Places follow the collections" not in result
    assert "The game ended at once in a dead position" not in result


async def test_r29_a_bank_that_makes_the_position_dead_promises_no_bonus_turn(world):
    """R17/R29: a dead position ends the game at once, so a bonus turn earned by the bank that
    created it is never taken (as with a win, B9). The channel announces no "bonus turn!" in the
    same breath as the end of the game."""
    await pictures_off(world)
    alice, bob, carol = world.members[:3]
    await open_game(world, alice, "genial", [bob, carol], start_seat=3)
    session = only_session(world)
    # carol has drawn green (a match) and the centre holds one more: banking takes green from
    # 5 to 7, her first line of green, and leaves one token of each colour outside the
    # collections, every colour lacked only by a player with two colours at 6 (example 13).
    session.state = craft(
        session.state,
        centre=(1, 1, 0, 1, 0, 0),
        collections=((6, 6, 7, 7, 7, 7), (7, 7, 6, 6, 7, 7), (7, 7, 7, 5, 6, 6)),
        staging=(3,),
        lines=[[False] * 6] * 3,
    )
    panel = await open_hand(carol, world)
    await carol.click(panel.message, label="💰 Bank")
    assert finished(world)
    said = posts(world)[-2]  # the announcement before the results
    assert "⛔ No collection can change any more." in said
    assert "bonus turn" not in said


@pytest.mark.parametrize("locale", ["en-US", "ru"])
async def test_r23_a_single_game_is_not_announced_as_game_1(world, locale):
    """R23: a match of one game (the default, option games = 1) ends when a collection is
    completed. The board speaks of "the game" then, never "Game 1 of 1"; nor does the
    announcement of its end call it "Game 1", as if a series went on."""
    await pictures_off(world)
    alice = world.member("alice2", locale=locale)
    bob = world.members[1]
    await open_game(world, alice, "genial", [bob])
    session = only_session(world)
    session.state = craft(
        session.state,
        centre=(0, 0, 0, 0, 0, 1),
        collections=((7, 7, 7, 7, 7, 6), (3, 4, 4, 4, 4, 4)),
        staging=(5,),
    )
    panel = await open_hand(alice, world)
    bank = {"en-US": "💰 Bank", "ru": "💰 Забрать в коллекцию"}[locale]
    done = await alice.click(panel.message, label=bank)
    assert finished(world)
    # What alice reads over her panel, in her language, then what the channel reads.
    said_to_alice = done.response.content
    assert said_to_alice.startswith("🏆 ")
    assert "Game 1" not in said_to_alice and "Партия 1" not in said_to_alice
    said_in_channel = posts(world)[-2]
    assert said_in_channel.startswith("🏆 ") and "Game 1" not in said_in_channel
