"""A click that has to wait (a busy game) is acknowledged in time and still answered.

Discord gives an interaction 3 seconds for its first answer; after that the click shows "This
interaction failed" and every later answer is refused. SimCord enforces the same deadline on its
virtual clock, so these tests hold the game's lock, let more than 3 virtual seconds pass, and
check that the click was acknowledged before that and that its answer still arrives afterwards.

The game's lock is swapped for an `asyncio.Lock` that tells SimCord a wait on it is intended
(`env.external_wait`); SimCord would otherwise report the waiting click as a bot that never
settles. It locks and unlocks exactly like the lock it replaces.
"""

from __future__ import annotations

import pytest

from cogs.replies import ACK_AFTER
from tests.bot.driver import (
    DeclaredLock,
    components,
    only_session,
    open_game,
    pictures_off,
    ready_move,
)

DISCORD_DEADLINE = 3.0
"""Seconds Discord waits for the first answer to an interaction."""

# SimCord fires timers due within its settle timeout on the wall clock. Below ACK_AFTER, the
# acknowledgement timer waits for advance_time() instead, so the click returns still unanswered.
pytestmark = pytest.mark.simcord(settle_timeout=ACK_AFTER * 0.9)


@pytest.fixture(autouse=True)
async def text_only(world):
    """Boards and panels without pictures (these tests time acknowledgements)."""
    await pictures_off(world)


async def held_game(world):
    """A running game of thegame (alice to move) whose lock the test now holds."""
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    assert session.to_act() == {0}
    session.lock = DeclaredLock(world.env)
    panel = (await alice.click(board_message, label="My hand")).response
    await session.lock.acquire()
    return session, panel


async def first_card(actor, panel):
    """The panel's first card picked (a click that plays nothing): the panel showing its piles,
    the custom_id of the first pile's button, and that card as the panel shows it."""
    ready = await ready_move(actor, panel)
    assert ready is not None
    picked, pile = ready
    card = pile["custom_id"].split(":")[-1].split(".")[1]  # play.<card>.<pile>
    return picked, pile["custom_id"], f"**{card}**"


def cards_line(panel):
    return next(line for line in panel.embeds[0].description.splitlines() if "Your cards" in line)


async def test_a_click_waiting_on_a_busy_game_is_acknowledged_in_time_then_applied(world):
    alice = world.members[0]
    session, panel = await held_game(world)
    picked, cid, shown = await first_card(alice, panel)
    before = cards_line(panel)
    assert shown in before

    click = await alice.click(picked.message, custom_id=cid)

    assert not click.acknowledged  # still waiting for the lock, not yet slow
    await world.env.advance_time(ACK_AFTER + 0.1)
    assert ACK_AFTER + 0.1 < DISCORD_DEADLINE
    assert click.acknowledged and click.deferred  # a deferred update: no "interaction failed"
    assert session.version == 0  # nothing was played while the lock is held

    # Well past Discord's 3 seconds: only the acknowledgement keeps the panel editable.
    await world.env.advance_time(DISCORD_DEADLINE + 2)
    session.lock.release()
    await world.env.settle()

    assert session.version == 1
    assert session.last_acted == {0: 1}
    assert click.response.id == panel.id  # the clicked panel itself was redrawn, in place
    assert click.response.ephemeral
    after = cards_line(click.response)
    assert shown not in after
    assert click.followups == []
    assert world.env.errors == []


async def test_a_refusal_after_the_acknowledgement_reaches_only_the_clicker(world):
    alice = world.members[0]
    session, panel = await held_game(world)
    picked, cid, _ = await first_card(alice, panel)
    asked = await alice.slash(world.channel, "game end")
    # Both wait for the lock: first the end of the game, then the card.
    ending = await alice.click(asked.response.message, label="Yes, end it")
    click = await alice.click(picked.message, custom_id=cid)
    await world.env.advance_time(ACK_AFTER + 0.1)
    assert ending.acknowledged and click.acknowledged

    await world.env.advance_time(DISCORD_DEADLINE + 2)
    session.lock.release()
    await world.env.settle()

    assert world.env.bot.runtime.sessions == {}
    assert session.version == 0  # the card came too late to be played
    (refusal,) = click.followups
    assert refusal.content == "This game is already over."
    assert refusal.ephemeral
    assert click.response.id == panel.id and cards_line(click.response) == cards_line(panel)
    public = [m.content for m in world.channel.history()]
    assert "This game is already over." not in public
    assert "ended early" in world.channel.last_message.content
    assert world.env.errors == []


async def test_a_quick_click_is_answered_directly_without_an_early_acknowledgement(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    panel = (await alice.click(board_message, label="My hand")).response
    picked, cid, shown = await first_card(alice, panel)
    click = await alice.click(picked.message, custom_id=cid)
    assert click.acknowledged and not click.deferred
    assert only_session(world).version == 1
    assert shown not in cards_line(click.response)


async def test_a_failed_early_acknowledgement_still_lets_the_click_be_answered(world):
    alice = world.members[0]
    session, panel = await held_game(world)
    picked, cid, shown = await first_card(alice, panel)
    world.env.inject_error(
        "POST", "/interactions/*/callback", status=400, code=50035, message="Invalid Form Body"
    )

    click = await alice.click(picked.message, custom_id=cid)
    await world.env.advance_time(ACK_AFTER + 0.1)
    assert not click.acknowledged  # the acknowledgement was refused
    session.lock.release()
    await world.env.settle()

    # Still inside Discord's 3 seconds: the handler answers the usual way, in place.
    assert session.version == 1
    assert click.acknowledged and not click.deferred
    assert click.response.id == panel.id
    assert shown not in cards_line(click.response)
    assert click.followups == []


async def test_a_clock_that_runs_out_while_the_turn_is_being_ended_leaves_the_next_player_alone(
    world,
):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    for _ in range(2):  # The Game: at least two cards, then the turn may end
        panel = (await alice.click(board_message, label="My hand")).response
        picked, cid, _ = await first_card(alice, panel)
        await alice.click(picked.message, custom_id=cid)
    panel = (await alice.click(board_message, label="My hand")).response
    (end_turn,) = [c for c in components(panel) if c.get("custom_id", "").endswith(":stop")]
    session.lock = DeclaredLock(world.env)
    await session.lock.acquire()

    # alice ends her turn, but the game is busy; meanwhile her clock runs out.
    await alice.click(panel.message, custom_id=end_turn["custom_id"])
    await world.env.advance_time(121)
    session.lock.release()
    await world.env.settle()

    assert session.to_act() == {1}  # bob's turn, and bob's alone to play
    assert session.state.version == 3  # two cards and the end of the turn, nothing by the AI
    assert [seat.timeouts for seat in session.record.seats] == [0, 0]
    assert [s.ai for s in session.record.seats] == [False, False]
    assert world.env.errors == []
