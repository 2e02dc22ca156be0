"""Restarts at awkward moments: each member sees the game as it was, told once, clocks kept."""

from __future__ import annotations

import logging

import pytest

from tests.bot.driver import (
    act_once,
    board,
    click_verb,
    components,
    finished,
    only_session,
    open_game,
    play_to_end,
)
from tests.bot.test_while_games_run_e2e import on_discords_clock


def dms(member) -> list:
    channel = member.user.dm_channel
    return [] if channel is None else channel.history()


@pytest.fixture
def errors(caplog):
    caplog.set_level(logging.WARNING)
    yield lambda: [r for r in caplog.records if r.levelno >= logging.ERROR]


# Members told it is their move before a restart are not told again after it.
async def test_mind_up_a_turn_dm_sent_before_a_restart_is_not_sent_again_after_it(world, errors):
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    await world.env.settle()
    before = len(dms(alice))
    assert before == 1  # her turn DM for the first choice

    await world.restart()
    assert await act_once(bob, board(world)) is not None  # bob chooses; alice has not yet
    await world.env.settle()

    assert len(dms(alice)) == before, [m.content for m in dms(alice)]
    assert errors() == []


async def seen(world, members) -> dict:
    """What the board says, and what each member's "My hand" says, right now."""
    await world.env.settle()
    shown = board(world)
    shown = next(m for m in world.channel.history() if m.id == shown.id)
    out = {"board": _words(shown.embeds[0])}
    for member in members:
        panel = (await member.click(shown, label="My hand")).response
        out[member.name] = (_words(panel.embeds[0]), [c.get("label") for c in components(panel)])
    return out


def _words(embed) -> tuple:
    return (embed.title, embed.description, [(f.name, f.value) for f in embed.fields])


# A simultaneous choice's clock is everyone's, across a restart too.
async def test_mind_up_undo_after_a_restart_keeps_the_clock_and_reminds_once(world, errors):
    await on_discords_clock(world)
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    session = only_session(world)
    deadline = session.record.deadline
    await world.env.advance_time(31)  # past half time: one reminder for both
    reminders = lambda: [m for m in world.channel.history() if m.content.startswith("⏳")]  # noqa: E731
    assert len(reminders()) == 1
    assert await act_once(bob, board(world)) is not None  # bob chooses

    await on_discords_clock(world)
    session = only_session(world)
    assert session.record.deadline == deadline
    panel = (await bob.click(board(world), label="My hand")).response
    undo = next(c for c in components(panel) if c.get("custom_id", "").startswith("tb:undo:"))
    await bob.click(panel.message, custom_id=undo["custom_id"])  # bob changes his mind
    assert session.seat_of(bob.id) in session.to_act()

    # The choice's clock is the one it had: bob taking his choice back does not restart it,
    # so nobody is pinged at half time a second time, and the clock runs out when it said.
    await world.env.advance_time(20)  # 51 s into the choice's 60
    assert [m.content for m in reminders()][1:] == []
    assert session.record.deadline == deadline
    cards = len(session.state.hands[0])
    await world.env.advance_time(10)  # and it runs out when it said it would: cards revealed
    assert len(session.state.hands[0]) == cards - 1
    assert errors() == []


# A clock mid-turn is neither reset nor lost, and reminds once.
async def test_the_game_clock_mid_turn_holds_across_a_restart(world, errors):
    await on_discords_clock(world)
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    deadline = session.record.deadline
    assert await act_once(alice, board(world)) is not None  # one card played, turn goes on
    await world.env.advance_time(70)  # the reminder went out
    reminders = lambda: [m for m in world.channel.history() if m.content.startswith("⏳")]  # noqa: E731
    assert len(reminders()) == 1
    before = await seen(world, [alice, bob])

    await on_discords_clock(world)
    session = only_session(world)
    assert session.record.deadline == deadline
    assert await seen(world, [alice, bob]) == before
    await world.env.advance_time(45)  # still hers: 115 s of 120
    assert session.to_act() == {0}
    await world.env.advance_time(10)
    assert session.to_act() == {1}
    assert len(reminders()) == 1
    assert session.record.seats[0].timeouts == 1
    assert errors() == []


# Half an exchange (give done, take pending) survives, board and hands alike.
async def test_zero_give_done_take_pending_survives_a_restart(world, errors):
    alice, bob = world.members[:2]
    await open_game(world, alice, "zero", [bob], ai=1)
    session = only_session(world)
    players = {alice.id: alice, bob.id: bob}
    await world.env.settle()
    seat = next(iter(session.to_act()))
    actor = players.get(session.record.seats[seat].user_id)
    assert actor is not None
    panel = (await actor.click(board(world), label="My hand")).response
    give = next(c for c in components(panel) if ":give." in c.get("custom_id", ""))
    await actor.click(panel.message, custom_id=give["custom_id"])
    state = session.state
    before = await seen(world, [alice, bob])

    await world.restart()
    session = only_session(world)
    assert session.state == state
    assert await seen(world, [alice, bob]) == before
    await play_to_end(world, [alice, bob])
    assert finished(world)
    assert errors() == []


# A rematch's unconfirmed seats survive a restart and confirm after it.
async def test_a_rematch_lobby_waiting_for_a_confirmation_survives_a_restart(world, errors):
    from tests.bot.test_stats_e2e import zero_by_passing

    alice, bob, carol = world.members
    await zero_by_passing(world, alice, [bob, carol])
    results = world.channel.last_message
    await alice.click(results, label="🔁 Play again")
    lobby = world.channel.last_message
    seats_before = lobby.embeds[0].fields[0].value
    assert "⏳ bob (not confirmed yet)" in seats_before

    await world.restart()
    joined = await click_verb(bob, lobby, "join")  # confirms after the restart
    assert joined.response is not None or joined.followups
    session = only_session(world)
    assert [s.ready for s in session.record.seats] == [True, True, False]
    await world.env.settle()
    lobby = next(m for m in world.channel.history() if m.id == lobby.id)
    assert "⏳ carol (not confirmed yet)" in lobby.embeds[0].fields[0].value
    await click_verb(alice, lobby, "start")
    session = only_session(world)
    assert session.running and [s.user_id for s in session.record.seats] == [alice.id, bob.id]
    assert errors() == []


# --- the sandbox ---
