"""Each game's own flows at the edges of a turn: stale first clicks of two-click moves, old
panels, turn DMs and channel panels used in turn, and the clock running out at a round's end."""

from __future__ import annotations

import logging
import random

import pytest

from bot.ai_worker import decide
from engines.core import encode_action
from tests.bot.driver import (
    act_once,
    board,
    components,
    finished,
    only_session,
    open_game,
    turn_dm,
)

TURN = 120
"""The default turn clock, in seconds."""
CHOICE_SECONDS = 60
"""The default clock of a secret choice (Mind Up!)."""
STALE = "That panel was out of date, so nothing was played. Here is the current one."


def texts_of(result):
    """What a click answered: its response's text, then its followups'."""
    first = result.response.content if result.response else ""
    return [first, *(f.content for f in result.followups)]


def no_errors_logged(caplog) -> None:
    bad = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert bad == []


async def play_text(actor, world, text):
    """The member opens "My hand" and plays the action `text` (a button, or a select's option)."""
    panel = (await actor.click(board(world), label="My hand")).response
    for comp in components(panel):
        cid = comp.get("custom_id", "")
        if cid.startswith("tb:act:") and cid.endswith(":" + text):
            return await actor.click(panel.message, custom_id=cid)
        if cid.startswith("tb:sel:") and text in [o["value"] for o in comp["options"]]:
            return await actor.select(panel.message, [text], custom_id=cid)
    raise AssertionError(f"{text} is not offered")


def ai_ends_the_round_and_starts_the_next(session) -> bool:
    """Whether the AI, finishing the current turn for its seat, would end the round and that
    same seat would be first to play in the next one (the seat to the left of the last start)."""
    game, state, slug = session.game, session.state, session.record.slug
    (seat,) = game.to_act(state)
    while True:
        action = decide(slug, state, seat, session.record.seed)
        state, events = game.apply(state, seat, action)
        if any(e.kind.endswith(".round_end") for e in events):
            return game.to_act(state) == {seat}
        if game.to_act(state) != {seat}:
            return False


# --- the clock finishes an absent member's turn, and no more ---


@pytest.mark.parametrize("slug", ["zero", "hourglass"])
async def test_a_timeout_that_ends_the_round_does_not_also_play_the_next_rounds_first_turn(
    world, monkeypatch, slug
):
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: 2)
    alice, bob = world.members[:2]
    await open_game(world, alice, slug, [bob])
    session = only_session(world)
    members = {0: alice, 1: bob}
    # Both play what the AI would, until the AI finishing a turn would end the round with that
    # same seat first to play in the next round.
    for _ in range(300):
        if ai_ends_the_round_and_starts_the_next(session):
            break
        (seat,) = session.to_act()
        action = decide(slug, session.state, seat, session.record.seed)
        await play_text(members[seat], world, encode_action(action))
    else:
        raise AssertionError("no round ended on the seat that starts the next")
    (seat,) = session.to_act()
    rounds, version = session.state.round, session.version

    await world.env.advance_time(TURN + 1)  # the member to move is away: their clock runs out

    # The AI finished the turn that timed out (the round's last), and only that turn: the new
    # round waits for the member, with a fresh clock, as the board says.
    assert session.state.round == rounds + 1
    assert session.to_act() == {seat}
    assert session.version == version + 1
    assert session.last_acted[seat] == version + 1


# --- a stale first click of The Game's card-then-pile ---


async def test_a_card_picked_on_an_old_turn_dm_after_it_was_played_says_the_panel_was_out_of_date(
    world, caplog
):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    dm = await turn_dm(world, alice)
    # She plays her first card from "My hand" in the channel: a card, then a pile.
    hand = (await alice.click(board(world), label="My hand")).response
    card = next(c for c in components(hand) if c["custom_id"].startswith("tb:pick:"))
    picked = (await alice.click(hand.message, custom_id=card["custom_id"])).response
    pile = next(c for c in components(picked) if c["custom_id"].startswith("tb:act:"))
    await alice.click(picked.message, custom_id=pile["custom_id"])
    played = int(card["label"].rstrip("🔥"))
    assert played not in session.state.hands[0]
    version = session.version

    # Then, in the turn DM drawn before that, she clicks the same card.
    late = await alice.user.click(dm, custom_id=card["custom_id"])

    # She is told the DM was out of date (as a stale pile click would say), not shown a panel
    # where the card she just clicked has silently vanished.
    stale, link = texts_of(late)[0].split("\n")
    assert stale == STALE and link.startswith("Your move! Game: https://discord.com/channels/")
    assert session.version == version
    no_errors_logged(caplog)


# --- what Undo may take back ---


async def test_solo_the_last_card_of_the_hand_ends_the_turn_with_the_draw_and_cannot_be_taken_back(
    world,
):
    alice = world.members[0]
    await open_game(world, alice, "thegame", [])
    session = only_session(world)
    dealt, turn = session.state.hands[0], session.state.turn
    # She plays her whole hand, lowest card first, on the first rising pile: every card fits.
    panel = (await alice.click(board(world), label="My hand")).response
    for card in dealt:
        pick = next(c for c in components(panel) if c["custom_id"].endswith(f":{card}"))
        picked = (await alice.click(panel.message, custom_id=pick["custom_id"])).response
        pile = next(c for c in components(picked) if c["custom_id"].endswith(f":play.{card}.0"))
        panel = (await alice.click(picked.message, custom_id=pile["custom_id"])).response
    # Her last card emptied her hand: the turn ended and she drew a new hand from the deck.
    assert session.state.turn == turn + 1 and len(session.state.hands[0]) == len(dealt)
    drawn = session.state.hands[0]
    assert all(f"**{c}**" in panel.embeds[0].description for c in drawn)

    # R27: a card is taken back only before the turn ends with the draw, so no Undo is offered:
    # taking it back would put the cards she has just seen back on top of the deck.
    assert not any(c["custom_id"].startswith("tb:undo:") for c in components(panel))


# --- turn DMs after a timeout ---


async def test_mind_up_a_member_whose_clock_ran_out_is_dmed_when_the_next_choice_is_theirs(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    session = only_session(world)
    await world.env.settle()
    assert [m.content.startswith("Your move!") for m in bob.user.dm_channel.history()] == [True]
    # Alice chooses her card; bob is away.
    panel = (await alice.click(board(world), label="My hand")).response
    card = next(
        c
        for c in components(panel)
        if c["custom_id"].startswith("tb:act:") and not c.get("disabled")
    )
    await alice.click(panel.message, custom_id=card["custom_id"])
    turn = len(session.state.hands[1])

    await world.env.advance_time(CHOICE_SECONDS + 1)  # bob's clock runs out

    # The AI chose for bob, the cards were revealed, and the next choice is bob's again: like
    # the first one, it comes to him in a DM (he has not clicked anything of this game).
    assert len(session.state.hands[1]) == turn - 1 and 1 in session.to_act()
    await world.env.settle()
    dms = [m.content for m in bob.user.dm_channel.history()]
    assert len(dms) == 2 and dms[1].startswith("Your move!")


# --- every old component, clicked through whole games ---

SORRY = "Sorry, something went wrong"
SPAMMED = ("tb:hand:", "tb:act:", "tb:sel:", "tb:pick:", "tb:undo:", "tb:x:", "tb:rules:")
"""What a member may click on any message they can still see: boards, panels, turn DMs."""


def clickable(world, actor):
    """Every game component on a message the member can see now, in the channel or in DMs."""
    seen = [(actor, m) for m in world.channel.history(viewer=actor)]
    if actor.user.dm_channel is not None:
        seen += [(actor.user, m) for m in actor.user.dm_channel.history()]
    return [
        (clicker, message, comp)
        for clicker, message in seen
        for comp in components(message)
        if comp.get("custom_id", "").startswith(SPAMMED)
    ]


@pytest.mark.parametrize("slug", ["thegame", "mindup", "zero", "genial", "hourglass"])
async def test_members_clicking_every_old_component_still_finish_the_game(world, caplog, slug):
    rng = random.Random(7)
    alice, bob = world.members[:2]
    await open_game(world, alice, slug, [bob], ai=1)
    session = only_session(world)
    players = [alice, bob]
    for step in range(4000):
        if finished(world):
            break
        actor = rng.choice(players)
        clicker, message, comp = rng.choice(clickable(world, actor))
        seat = session.seat_of(actor.id)
        version, acted = session.version, dict(session.last_acted)
        cid = comp["custom_id"]
        if comp.get("type") == 3:
            value = rng.choice(comp["options"])["value"]
            result = await clicker.select(message, [value], custom_id=cid)
        else:
            result = await clicker.click(message, custom_id=cid)
        # Every click is answered, never with an apology.
        assert result.acknowledged, cid
        assert result.response is not None or result.followups, cid
        assert not any(SORRY in (text or "") for text in texts_of(result)), cid
        # A move from a panel drawn before the member's last move plays nothing.
        if cid.startswith(("tb:act:", "tb:sel:")) and acted.get(seat, -1) > int(cid.split(":")[3]):
            assert session.version == version, cid
        if step % 7 == 0:  # and the game moves on, through fresh panels
            for member in players:
                if not finished(world):
                    await act_once(member, board(world))
    assert finished(world)
    await world.env.settle()
    no_errors_logged(caplog)
