"""Turn panels as members see them: The Game's card then pile, no signals alone, and a forced
move as one button that says why."""

from __future__ import annotations

import discord

from tests.bot.driver import components, only_session, open_game

NOTHING_FITS = {"piles": ((98,), (99,), (3,), (2,)), "played": 2}
"""The Game: every pile closed to alice's cards below, after the two cards she had to play."""


def controls(panel, *kinds):
    return [c for c in components(panel) if c["custom_id"].startswith(kinds)]


async def test_the_game_is_a_card_then_a_pile_that_shows_how_far_it_moves(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    hands = ((14, 40, 70, 85, 90, 91, 92), session.state.hands[1])
    session.state = session.state.model_copy(
        update={"piles": ((10,), (), (60,), ()), "hands": hands}
    )

    panel = (await alice.click(board_message, label="My hand")).response
    assert [c["label"] for c in controls(panel, "tb:pick:")] == [str(c) for c in hands[0]]
    assert not controls(panel, "tb:act:", "tb:sel:")  # no End turn before two cards
    (card,) = [c for c in controls(panel, "tb:pick:") if c["label"] == "70"]
    picked = (await alice.click(panel.message, custom_id=card["custom_id"])).response
    assert [c["label"] for c in controls(picked, "tb:act:")] == [
        "⬆️1 +60",
        "⬆️2 +69",
        "⬇️1 −10 ↺",
        "⬇️2 +30",
    ]
    assert session.state.version == 0  # picking a card plays nothing
    (back,) = [c for c in controls(picked, "tb:act:") if c["label"] == "⬇️1 −10 ↺"]
    await alice.click(picked.message, custom_id=back["custom_id"])
    assert session.state.piles[2] == (60, 70) and 70 not in session.state.hands[0]


async def test_a_player_alone_has_no_signals_to_send(world):
    alice, bob = world.members[:2]
    solo = await open_game(world, alice, "thegame", [])
    panel = (await alice.click(solo, label="My hand")).response
    assert controls(panel, "tb:pick:") and not controls(panel, "tb:x:")
    asked = await alice.slash(world.channel, "game end")
    await alice.click(asked.response.message, label="Yes, end it")
    team = await open_game(world, alice, "thegame", [bob])
    panel = (await alice.click(team, label="My hand")).response
    assert controls(panel, "tb:x:")


async def test_a_forced_move_is_one_button_that_says_why_in_each_language(world):
    alice = world.members[0]
    ivan = world.member("ivan", locale="ru")
    board_message = await open_game(world, alice, "thegame", [ivan], start_seat=2)
    session = only_session(world)
    # alice can go on after ivan: 88 and 89 go back by ten on the up piles.
    hands = ((5, 20, 30, 88, 89), (50, 60, 70, 80, 95))
    session.state = session.state.model_copy(update={**NOTHING_FITS, "hands": hands})

    panel = (await ivan.click(board_message, label="My hand")).response
    (only,) = controls(panel, "tb:act:", "tb:pick:", "tb:sel:")
    assert only["label"] == "Ни одной карты сыграть нельзя — закончите ход"
    assert only["style"] == discord.ButtonStyle.success.value
    await ivan.click(panel.message, custom_id=only["custom_id"])
    assert session.to_act() == {0}

    session.state = session.state.model_copy(
        update={**NOTHING_FITS, "hands": ((50, 60, 70, 80, 95), hands[1])}
    )
    panel = (await alice.click(board_message, label="My hand")).response
    (only,) = controls(panel, "tb:act:", "tb:pick:", "tb:sel:")
    assert only["label"] == "No card can be played: end your turn"
