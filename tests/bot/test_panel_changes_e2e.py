"""The private "My hand" panel at its extremes, as members see it: a two-click move kept while
others act, what the panel promises about the cards a round leaves in hand, and a turn DM
played from once the AI has taken the seat."""

from __future__ import annotations

from typing import Any

from engines.hourglass.models import refill_size
from tests.bot.driver import board, components, only_session, open_game, pictures_off


def controls(panel: Any, *kinds: str) -> list[dict[str, Any]]:
    return [c for c in components(panel) if c.get("custom_id", "").startswith(kinds)]


def description(panel: Any) -> str:
    return panel.embeds[0].description or ""


# --- The Game: a card picked, then a teammate's signal ---


async def test_a_card_picked_stays_picked_when_a_teammate_sends_a_signal(world):
    """Alice clicks a card and is about to choose its pile; Bob puts a signal on a pile. Her
    card and its piles are still hers to play, so her panel keeps them (with Bob's signal)."""
    await pictures_off(world)
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])  # alice, the host, starts
    session = only_session(world)
    assert session.to_act() == {0}

    panel = (await alice.click(board_message, label="My hand")).response
    card = controls(panel, "tb:pick:")[0]
    picked = (await alice.click(panel.message, custom_id=card["custom_id"])).response
    piles = [c["label"] for c in controls(picked, "tb:act:")]
    assert piles  # the card's piles, ready for the second click

    bobs = (await bob.click(board(world), label="My hand")).response
    (signals,) = controls(bobs, "tb:x:")
    await bob.select(bobs.message, ["signal.1.dont_play"], custom_id=signals["custom_id"])
    await world.env.settle()

    # Alice's panel shows Bob's signal, and still the card she picked with its piles.
    assert "please don't play here" in description(picked)
    assert [c["label"] for c in controls(picked, "tb:act:")] == piles


# --- Hourglass: the last round keeps no cards for a next one ---


def last_turn_of_the_last_round(game: Any, state: Any) -> Any:
    """Play the first legal move until the last turn of the game's last round: the seat to
    move holds 3 cards, everyone else 2, and the deck cannot refill every hand (even with the
    card a forced discard would put back)."""
    while True:
        seat = state.current
        hands = [len(h) for s, h in enumerate(state.hands) if s != seat]
        short = len(state.deck) + 1 < state.players * refill_size(state.players)
        if short and len(state.hands[seat]) == 3 and set(hands) == {2}:
            return state
        state, _ = game.apply(state, seat, game.legal_actions(state, seat)[0])
        assert not state.finished


async def test_the_last_round_does_not_promise_the_cards_left_in_hand_a_next_round(world):
    """R19/R20: when the deck cannot refill the hands, the game ends with this round and the
    2 cards left in hand score nothing: the panel says so, and promises no next round."""
    await pictures_off(world)
    alice, bob, carol = world.members
    await open_game(world, alice, "hourglass", [bob, carol])
    session = only_session(world)
    start = session.game.setup(session.game.SPEC.Options(start_seat=0), 3, seed=1)
    session.state = last_turn_of_the_last_round(session.game, start)
    seat = session.state.current
    mover = next(m for m in (alice, bob, carol) if session.seat_of(m.id) == seat)

    panel = (await mover.click(board(world), label="My hand")).response
    assert (
        "You play 1 more card this round, the game's last: the 2 left in your hand then score "
        "nothing." in description(panel)
    )


# --- a turn DM played from, then the seat handed to the AI ---


async def leave(member: Any, channel: Any) -> None:
    asked = await member.slash(channel, "game leave")
    await member.click(asked.response.message, label="Yes, leave")


async def test_a_turn_dm_played_from_stops_saying_it_is_your_move_once_the_ai_has_the_seat(
    world,
):
    """Bob starts his turn from his turn DM (he picks a card), then leaves the game: the AI
    takes his seat and plays his turn at once. His DM no longer tells him it is his move above
    a hand he no longer plays: it says the AI plays his seat, and how to take it back."""
    await pictures_off(world)
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob], start_seat=2)  # bob starts
    session = only_session(world)
    await world.env.settle()
    dm = bob.user.dm_channel.last_message
    assert dm.content.startswith("Your move!")
    card = controls(dm, "tb:pick:")[0]
    await bob.user.click(dm, custom_id=card["custom_id"])  # now the panel he plays from

    await leave(bob, world.channel)
    await world.env.settle()
    assert session.record.seats[1].ai and 1 not in session.to_act()  # the AI played his turn

    dm = bob.user.dm_channel.last_message
    assert not controls(dm, "tb:") and dm.embeds == []
    assert dm.content.startswith(
        "The AI is playing your seat. To play again, take it back: open “My hand” and press "
        "“Take my seat back”.\nGame: https://discord.com/channels/"
    )
