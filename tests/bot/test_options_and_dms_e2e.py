"""Variants typed or chosen in the lobby, Undo against the clock, and turn DMs, as members
meet them."""

from __future__ import annotations

import logging
import sys

from tests.bot.driver import (
    DeclaredLock,
    board,
    click_verb,
    components,
    finish_turn,
    message_of,
    only_session,
    open_game,
    press,
    ready_move,
    turn_dm,
)

PLAYING = 90.0
"""cogs.live_panels.PLAYING: a member who clicked within this long gets no turn DM."""


def control(lobby, option):
    """The toggle or select of one option on a lobby message."""
    return next(
        c
        for c in components(lobby)
        if c.get("custom_id", "").startswith(("tb:ltog:", "tb:lopt:"))
        and c["custom_id"].split(":")[3] == option
    )


def undo_button(panel):
    return next((c for c in components(panel) if c["custom_id"].startswith("tb:undo:")), None)


def labels(message):
    return [c.get("label", c.get("placeholder")) for c in components(message)]


def errors(caplog):
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


async def choose_first_card(actor, world):
    """Open "My hand" and choose the first card (Mind Up!); the panel as redrawn."""
    opened = (await actor.click(board(world), label="My hand")).response
    panel, card = await ready_move(actor, opened)
    return (await press(actor, panel, card)).response


# --- variants ---


async def test_a_solo_host_can_fix_a_first_player_seat_that_no_longer_exists(world):
    """Alice and bob in a lobby of The Game; alice makes bob (seat 2) play first; bob leaves.
    Start is refused because seat 2 does not exist, and alice can pick seat 1 instead."""
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="thegame")
    lobby = world.channel.last_message
    lobby = (await click_verb(bob, lobby, "join")).response
    lobby = (
        await alice.select(lobby, ["1"], custom_id=control(lobby, "start_seat")["custom_id"])
    ).response
    lobby = (await click_verb(bob, lobby, "leave")).response
    assert "⚠️ Who plays first: there is no seat 2 in a 1-player game" in (
        lobby.embeds[0].description
    )
    refused = await click_verb(alice, lobby, "start")
    assert refused.response.content.startswith("These options do not work")

    select = control(lobby, "start_seat")
    assert not select["disabled"]
    fixed = await alice.select(lobby, ["0"], custom_id=select["custom_id"])
    await click_verb(alice, fixed.response, "start")
    assert only_session(world).running


async def test_turn_dms_come_again_once_a_member_opens_their_dms(world, monkeypatch):
    """Alice's DMs were closed when her first turn DM went out; she opens them and `/game dms`
    promises a DM on her move: her next move brings one."""
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: 3)
    alice, bob = world.members[:2]
    world.env.inject_error(
        "POST", f"/channels/{alice.user.dm_channel.id}/messages", status=403, code=50007, times=1
    )
    await open_game(world, alice, "thegame", [bob])  # alice moves first: the DM bounces
    await world.env.settle()
    dms = alice.user.dm_channel
    assert dms.history() == []

    asked = await alice.slash(world.channel, "game dms")  # she has opened her DMs since
    assert asked.response.content == (
        "When it is your move in a game, I will send you a DM to play from."
    )
    players = {alice.id: alice, bob.id: bob}
    await finish_turn(world, players)
    await world.env.advance_time(PLAYING + 1)  # she looks away: a DM should come now
    await finish_turn(world, players)
    await world.env.settle()
    assert only_session(world).to_act() == {0}
    assert [m.content[:10] for m in dms.history()] == ["Your move!"]


async def test_the_turn_dm_keeps_its_link_and_its_no_more_turn_dms_button_once_clicked(world):
    """A turn DM clicked (a card picked) keeps its "No more turn DMs" button and its link to
    the game: it is still a turn DM, not a channel panel."""
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    dm = await turn_dm(world, alice)
    assert dm.content.startswith("Your move! Game: https://discord.com/channels/")
    assert "No more turn DMs" in labels(dm)

    card = next(c for c in components(dm) if c["custom_id"].startswith("tb:pick:"))
    picked = await alice.user.click(dm, custom_id=card["custom_id"])
    assert "No more turn DMs" in labels(picked.response)
    assert picked.response.content.startswith("Your move! Game: https://discord.com/channels/")


async def test_options_autocomplete_suggests_only_values_the_command_accepts(world):
    """Typing `goals=fixed goal_count=` suggests only 3 to 5: fixed goals are 3-5 (R34), and
    /newgame would refuse 1 or 2 ("These options do not go together")."""
    alice = world.members[0]
    suggested = await alice.autocomplete(
        world.channel, "newgame", "options", "goals=fixed goal_count=", game="mindup"
    )
    values = [c["value"] for c in suggested]
    assert values == [f"goals=fixed goal_count={n}" for n in (3, 4, 5)]


async def test_an_option_typed_twice_is_refused_not_silently_overwritten(world):
    """`expert=yes эксперт=нет` names one option twice with two values: refused, naming it,
    rather than a lobby opened with whichever came last."""
    alice = world.members[0]
    typed = await alice.slash(
        world.channel, "newgame", game="thegame", options="expert=yes эксперт=нет"
    )
    assert typed.ephemeral and typed.response.content == (
        "The option “Expert: at least three cards a turn” is given twice with different values:"
        " give it once."
    )
    assert not world.env.bot.runtime.sessions


# --- two games, and the clock ---


async def test_a_member_in_two_games_on_two_servers_plays_each_from_its_own_dm(world, caplog):
    """PASSES: each turn DM acts on its own game, whichever is clicked first."""
    alice, bob = world.members[:2]
    other = world.env.create_guild("Other")
    elsewhere = other.create_text_channel("play")
    alice_there = other.add_member(alice.user)
    await open_game(world, alice, "thegame", [bob])
    await alice_there.slash(elsewhere, "newgame", game="zero")
    await click_verb(alice_there, elsewhere.last_message, "addai")
    await click_verb(alice_there, elsewhere.last_message, "start")
    await world.env.settle()
    the_game_dm, zero_dm = alice.user.dm_channel.history()
    sessions = {s.record.slug: s for s in world.env.bot.runtime.sessions.values()}

    await press(alice.user, *(await ready_move(alice.user, zero_dm)))
    assert (sessions["zero"].version, sessions["thegame"].version) == (1, 0)
    await press(alice.user, *(await ready_move(alice.user, the_game_dm)))
    assert (sessions["zero"].version, sessions["thegame"].version) == (1, 1)
    assert not errors(caplog)


async def test_undo_a_second_before_the_clock_runs_out_then_the_ai_finishes_the_turn(world, caplog):
    """PASSES: a card played from the turn DM, taken back from the channel panel one second
    before the deadline; the DM's Undo goes too, and the AI then plays a whole turn for her."""
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    before = session.state
    dm = await turn_dm(world, alice)
    await press(alice.user, *(await ready_move(alice.user, dm)))
    channel_panel = (await alice.click(board(world), label="My hand")).response
    clock = world.env.bot.runtime.clock
    await world.env.advance_time(session.record.deadline - clock() - 1)
    await alice.click(message_of(channel_panel), custom_id=undo_button(channel_panel)["custom_id"])
    assert session.state.hands == before.hands and session.state.piles == before.piles
    await world.env.settle()
    assert undo_button(alice.user.dm_channel.last_message) is None

    await world.env.advance_time(5)
    await world.env.settle()
    assert session.state.active == 1
    played = sum(len(p) for p in session.state.piles) - sum(len(p) for p in before.piles)
    assert played >= 2  # the minimum, or more (A4)
    assert len(session.state.hands[0]) == len(before.hands[0])  # as many drawn as played
    assert not errors(caplog)


async def test_a_turn_dm_on_its_way_when_the_game_ends_offers_nothing_to_play(
    world, caplog, monkeypatch
):
    """Alice's first turn DM is still being drawn (its picture) when she ends the game with
    `/game end`: no DM with her cards to click arrives after the end (each click would only
    answer "This game is already over.")."""
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: 3)  # alice moves first
    drawing = DeclaredLock(world.env)
    presenter = sys.modules["cogs.presenter"]  # as the bot loaded it
    draw_now = presenter.hand_picture

    async def draw_later(*args, **kwargs):
        async with drawing:
            return await draw_now(*args, **kwargs)

    monkeypatch.setattr(presenter, "hand_picture", draw_later)
    alice, bob = world.members[:2]
    await drawing.acquire()
    await open_game(world, alice, "thegame", [bob])  # her turn DM waits for its picture
    asked = await alice.slash(world.channel, "game end")
    await alice.click(asked.response.message, label="Yes, end it")
    await world.env.settle()
    drawing.release()
    await world.env.settle()

    dms = [] if alice.user.dm_channel is None else alice.user.dm_channel.history()
    assert [labels(m) for m in dms if labels(m)] == []
    assert errors(caplog) == []
