"""Taking a move back, as players see it: "Undo" on their own panel while the rules allow it."""

from __future__ import annotations

import pytest

from engines.core import encode_action
from engines.thegame import Stop
from tests.bot.driver import (
    board,
    components,
    message_of,
    only_session,
    open_game,
    press,
    ready_move,
)
from tests.bot.test_races_e2e import answered, while_busy


def undo_button(panel):
    return next((c for c in components(panel) if c["custom_id"].startswith("tb:undo:")), None)


async def choose(world, actor, index: int = 0):
    """The member opens "My hand" and chooses the index-th card offered; the redrawn panel."""
    opened = (await actor.click(board(world), label="My hand")).response
    cards = [c for c in components(opened) if c["custom_id"].startswith("tb:act:")]
    return (await press(actor, opened, cards[index])).response


async def take_back(actor, panel):
    """The member clicks Undo on the panel; what the click answered."""
    return await actor.click(message_of(panel), custom_id=undo_button(panel)["custom_id"])


async def play_a_card(actor, world):
    """Alice opens her hand and plays a card (a card, then its pile); her redrawn panel."""
    opened = (await actor.click(board(world), label="My hand")).response
    panel, pile = await ready_move(actor, opened)
    return (await press(actor, panel, pile)).response


@pytest.mark.both_databases
async def test_the_game_a_card_is_taken_back_before_the_draw_even_after_a_restart(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    before = session.state
    panel = await play_a_card(alice, world)
    assert session.state.hands[0] != before.hands[0]
    assert undo_button(panel)["label"] == "↩️ Undo"

    await world.restart()  # mid-turn: the card stays played and may still be taken back
    session = only_session(world)
    assert session.state.hands[0] != before.hands[0]
    opened = (await alice.click(board(world), label="My hand")).response
    back = await alice.click(message_of(opened), custom_id=undo_button(opened)["custom_id"])

    assert session.state.hands == before.hands and session.state.piles == before.piles
    assert session.state.version > before.version  # a move of its own in the log
    assert undo_button(back.response) is None  # one card back, not the turn
    await world.env.settle()
    assert any("took their last move back" in line for line in session.recent)

    await world.restart()  # the log replays the undo: the same state again
    again = only_session(world)
    assert again.state.hands == before.hands and again.state.version == session.state.version


async def test_the_game_nothing_is_taken_back_once_the_turn_ended_with_the_draw(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    runtime = world.env.bot.runtime
    for _ in range(2):
        panel = await play_a_card(alice, world)
    with_undo = panel
    stop = next(a for a in session.game.legal_actions(session.state, 0) if isinstance(a, Stop))
    await runtime.act(session, alice.id, encode_action(stop), session.version)
    assert session.state.active == 1  # drawn, and it is bob's turn
    drawn = session.state

    late = await alice.click(message_of(with_undo), custom_id=undo_button(with_undo)["custom_id"])
    assert "out of date" in late.response.content
    assert session.state is drawn
    fresh = (await alice.click(board(world), label="My hand")).response
    assert undo_button(fresh) is None


async def test_the_game_undo_clicked_twice_at_once_takes_back_one_card(world):
    """A double click on Undo: the first takes the last card back; the second, from the same
    panel, is refused as out of date (the card before it stays played) on the current panel."""
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    await play_a_card(alice, world)
    after_one = session.state
    panel = await play_a_card(alice, world)
    undo_id = undo_button(panel)["custom_id"]

    first, second = await while_busy(
        world,
        session,
        lambda: alice.click(message_of(panel), custom_id=undo_id),
        lambda: alice.click(message_of(panel), custom_id=undo_id),
    )

    answered(first)
    answered(second)
    assert session.state.hands == after_one.hands and session.state.piles == after_one.piles
    assert second.response.content.startswith("That panel was out of date")
    assert second.response.id == panel.id and undo_button(second.response) is None
    assert second.followups == []


async def test_the_game_a_signal_from_another_player_ends_the_chance_to_take_back(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    await play_a_card(alice, world)
    signal = session.game.extra_actions(session.state, 1)[0]
    await world.env.bot.runtime.act_extra(session, bob.id, encode_action(signal))
    assert session.take_back(0) is None
    panel = (await alice.click(board(world), label="My hand")).response
    assert undo_button(panel) is None


async def test_mind_up_a_secret_choice_is_changed_until_everyone_has_chosen(world):
    alice, bob, carol = world.members
    await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    chosen = await choose(world, alice)
    assert session.state.choices[0] is not None
    back = await take_back(alice, chosen)
    assert session.state.choices[0] is None
    assert undo_button(back.response) is None
    assert any(c["custom_id"].startswith("tb:act:") for c in components(back.response))


@pytest.mark.both_databases
async def test_r36_mind_up_a_choice_is_changed_after_others_chose_since_until_the_reveal(world):
    """Alice chooses, then Bob: Alice may still take her card back (A13: no change after the
    reveal only), from the panel her choice left her; Bob's choice stands, also after a
    restart, and the reveal shows the card she chose instead."""
    alice, bob, carol = world.members
    await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    chosen = await choose(world, alice)
    first_card = session.state.choices[0]
    await choose(world, bob)
    bobs = session.state.choices[1]
    assert bobs is not None

    back = await take_back(alice, chosen)

    assert "out of date" not in (back.response.content or "")
    assert session.state.choices[0] is None and session.state.choices[1] == bobs
    assert first_card in session.state.hands[0]
    await world.env.settle()
    assert "⏳ **alice**" in board(world).embeds[0].description
    await world.restart()
    session = only_session(world)
    assert session.state.choices[0] is None and session.state.choices[1] == bobs
    opened = (await alice.click(board(world), label="My hand")).response
    assert undo_button(opened) is None  # one take-back: her card is back in her hand
    cards = [c for c in components(opened) if c["custom_id"].startswith("tb:act:")]
    await press(alice, opened, cards[1])  # not the card she chose first (the lowest)
    second_card = session.state.choices[0]
    assert second_card != first_card
    opened = (await carol.click(board(world), label="My hand")).response
    await press(carol, *(await ready_move(carol, opened)))
    assert session.state.choices == (None, None, None)  # revealed
    assert second_card not in session.state.hands[0] and first_card in session.state.hands[0]


async def test_r36_mind_up_the_ais_choice_does_not_end_a_members_chance_to_change(world):
    """Beside an AI seat that chooses at once, Alice still changes her choice."""
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    session = only_session(world)
    opened = (await alice.click(board(world), label="My hand")).response
    chosen = (await press(alice, *(await ready_move(alice, opened)))).response
    await world.env.settle()
    assert session.state.choices[2] is not None  # the AI chose too

    back = await alice.click(message_of(chosen), custom_id=undo_button(chosen)["custom_id"])

    assert session.state.choices[0] is None and session.state.choices[2] is not None
    assert undo_button(back.response) is None
