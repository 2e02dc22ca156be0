"""Turn DMs and the other DMs of a game, as the members who get them read them: which game a DM
is about, whom the bot writes to once a member is out of the game, and what a DM still says
after the game moved on or ended."""

from __future__ import annotations

import sys

from cogs.live_panels import PLAYING
from tests.bot.driver import (
    DeclaredLock,
    act_once,
    board,
    click_verb,
    components,
    game_link,
    only_session,
    open_game,
    turn_dm,
)
from tests.bot.test_permissions_e2e import deny_bot
from tests.bot.test_while_games_run_e2e import on_discords_clock


def dms_of(member) -> list:
    """Every DM the bot sent the member, oldest first."""
    channel = member.user.dm_channel
    return [] if channel is None else channel.history()


async def settled(world) -> None:
    await world.env.settle()
    await world.env.bot.presenter.shown()
    await world.env.settle()


async def play_elsewhere(world, member, slug: str, ai: int) -> None:
    """The member starts a game with AI seats on another server of theirs."""
    other = world.env.create_guild("Other")
    elsewhere = other.create_text_channel("play")
    there = other.add_member(member.user)
    await there.slash(elsewhere, "newgame", game=slug)
    for _ in range(ai):
        await click_verb(there, elsewhere.last_message, "addai")
    await click_verb(there, elsewhere.last_message, "start")


async def test_a_host_removed_from_the_game_is_not_the_one_told_it_can_no_longer_be_shown(world):
    """An admin removes Alice, the host, from her game (`/game kick`): she is out of it. When
    a moderator then takes Send Messages from the bot there, the DM that says the game can no
    longer be shown goes to a member still playing it, as when a host leaves the server."""
    alice, bob, carol = world.members
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)
    await open_game(world, alice, "mindup", [bob, carol])
    await world.admin.slash(world.channel, "game kick", member=alice)
    await settled(world)
    assert "You were removed from **Mind Up!**" in dms_of(alice)[-1].content

    deny_bot(world, send_messages=True)
    asked = await carol.slash(world.channel, "game leave")  # a notice the channel refuses
    await carol.click(asked.response.message, label="Yes, leave")
    await settled(world)

    def told(member) -> list[str]:
        return [m.content for m in dms_of(member) if "I am not allowed to post" in m.content]

    assert told(alice) == []
    assert len(told(bob)) == 1 and f"<#{world.channel.id}>" in told(bob)[0]


async def test_a_turn_dm_of_a_game_that_ended_still_says_which_game_it_was(world):
    """Alice plays The Game here and Zero on another server, each with a turn DM. The Game is
    ended early: its DM says so and keeps its link to the game (where the board is), so that
    she can tell which of her games ended."""
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob], start_seat=1)
    await play_elsewhere(world, alice, "zero", ai=1)
    await settled(world)
    assert len(dms_of(alice)) == 2  # her move in each game
    the_game_dm = next(m for m in dms_of(alice) if game_link(world, board_message) in m.content)

    asked = await alice.slash(world.channel, "game end")
    await alice.click(asked.response.message, label="Yes, end it")
    await settled(world)

    ended = next(m for m in dms_of(alice) if m.id == the_game_dm.id)
    assert not components(ended)  # nothing left to play
    assert "ended early" in ended.content
    assert game_link(world, board_message) in ended.content


async def test_the_dm_telling_a_member_they_were_removed_says_from_which_game(world):
    """Alice plays Mind Up! here and Mind Up! on another server. An admin here removes her from
    this one: the DM that tells her so links to the game, as her turn DMs do, so that she
    knows which of her two games the AI now plays for her."""
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "mindup", [bob], ai=1)
    await play_elsewhere(world, alice, "mindup", ai=2)

    await world.admin.slash(world.channel, "game kick", member=alice)
    await settled(world)

    (removed,) = [m for m in dms_of(alice) if m.content.startswith("You were removed")]
    assert game_link(world, board_message) in removed.content


async def test_a_turn_dm_that_stops_updating_keeps_its_link_to_the_game(world):
    """Alice picks a card in her turn DM and then looks away. Fifteen minutes later the DM
    says it no longer updates itself and to press “My hand”, a button in the game's channel:
    it keeps its link to the game, so that she finds it."""
    alice, bob = world.members[:2]
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)  # no one times out
    board_message = await open_game(world, alice, "thegame", [bob], start_seat=1)
    dm = await turn_dm(world, alice)
    assert game_link(world, board_message) in dm.content
    card = next(c for c in components(dm) if c["custom_id"].startswith("tb:pick:"))
    await alice.user.click(dm, custom_id=card["custom_id"])

    await world.env.advance_time(15 * 60)
    await settled(world)

    now = alice.user.dm_channel.last_message
    assert now.id == dm.id and "no longer updates itself" in now.content
    assert game_link(world, board_message) in now.content


async def test_members_who_turned_turn_dms_off_share_one_half_time_reminder(world):
    """Reminders go by DM on this server; Alice and Bob turned their turn DMs off, Carol did
    not. At half time of a Mind Up! choice, Carol gets her DM, and the channel mentions the
    other two, as `/config afk reminder:mention` would: in one message, not one each."""
    await on_discords_clock(world)
    await world.admin.slash(world.channel, "config afk", policy="ai", reminder="dm")
    alice, bob, carol = world.members
    for member in (alice, bob):
        asked = await member.slash(world.channel, "game dms")
        await member.click(asked.response.message, label="No more turn DMs")
    await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    await settled(world)
    deadline = int(session.record.deadline)

    await world.env.advance_time(31)  # past half of the choice's 60 s
    await settled(world)

    assert dms_of(carol)[-1].content.startswith("⏳ Half your time is up")
    reminders = [m.content for m in world.channel.history() if m.content.startswith("⏳")]
    assert reminders == [
        f"⏳ {alice.mention}, {bob.mention}, half your time is up: the clock runs out "
        f"⏰ <t:{deadline}:R>."
    ]


async def test_a_turn_dm_on_its_way_when_the_bot_restarts_still_comes_after_it(world, monkeypatch):
    """Alice plays Zero from her turn DMs. Bob ends his turn and it is her move again; her turn
    DM is still on its way (its picture being drawn) when the bot restarts, say for an update.
    After the restart it comes, once: she would otherwise wait for it in vain."""
    alice, bob = world.members[:2]
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)
    await open_game(world, alice, "zero", [bob], start_player=1)  # alice moves first
    session = only_session(world)
    await settled(world)
    assert [m.content.startswith("Your move!") for m in dms_of(alice)] == [True]
    while session.to_act() == {0}:
        assert await act_once(alice, board(world)) is not None
    await world.env.advance_time(PLAYING + 1)  # she looks away: her next move comes by DM
    drawing = DeclaredLock(world.env)
    presenter = sys.modules["cogs.presenter"]  # as this bot loaded it (a restart loads anew)
    draw_now = presenter.hand_picture

    async def draw_later(*args, **kwargs):
        async with drawing:
            return await draw_now(*args, **kwargs)

    monkeypatch.setattr(presenter, "hand_picture", draw_later)
    await drawing.acquire()
    while session.to_act() == {1}:
        assert await act_once(bob, board(world)) is not None
    before = len(dms_of(alice))
    await world.restart()
    drawing.release()
    await settled(world)

    assert only_session(world).to_act() == {0}
    (move,) = dms_of(alice)[before:]
    assert move.content.startswith("Your move!") and components(move)


async def test_a_restart_sends_no_second_turn_dm_for_a_turn_already_told(world):
    """Alice got her turn DM, then the bot restarts before she moves: she is not told again."""
    alice, bob = world.members[:2]
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)
    await open_game(world, alice, "zero", [bob], start_player=2)
    session = only_session(world)
    while session.to_act() == {1}:
        assert await act_once(bob, board(world)) is not None
    await settled(world)
    assert len([m for m in dms_of(alice) if m.content.startswith("Your move!")]) == 1

    await world.restart()
    await settled(world)

    assert len([m for m in dms_of(alice) if m.content.startswith("Your move!")]) == 1


async def test_a_restart_mid_turn_sends_no_second_turn_dm_for_that_turn(world):
    """Alice was DMed when her turn of The Game began and has played one card of it; her turn
    goes on. A restart does not DM her "Your move!" again for the turn she is in the middle of."""
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    await settled(world)
    before = [m.content for m in dms_of(alice)]
    assert len(before) == 1
    session = only_session(world)
    assert await act_once(alice, board(world)) is not None  # one card; her turn goes on
    assert session.to_act() == {0}
    await settled(world)
    assert [m.content for m in dms_of(alice)] == before

    await world.restart()
    await settled(world)

    assert [m.content for m in dms_of(alice)] == before
