"""Games never get stuck: the turn clock, AI takeover, leaving, lobby expiry, restarts, sweeping."""

from __future__ import annotations

import copy
import time

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from tests.bot.driver import (
    act_once,
    board,
    click_verb,
    components,
    game_link,
    message_of,
    only_session,
    open_game,
    press,
    ready_move,
    turn_dm,
)

TURN = 120


async def finish_turn(actor, world, seat):
    session = only_session(world)
    while session.running and seat in session.to_act():
        assert await act_once(actor, board(world)) is not None


async def test_at_the_deadline_the_ai_moves_for_the_absent_player(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    assert session.to_act() == {0}
    assert "<t:" in board(world).embeds[0].fields[1].value

    await world.env.advance_time(TURN + 1)

    assert session.to_act() == {1}
    assert session.state.version >= 3  # at least two cards and the end of the turn
    assert session.record.seats[0].ai is False  # one timeout: the seat stays alice's


async def test_half_time_reminder_mentions_the_player(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    await world.env.advance_time(TURN / 2 + 1)
    last = world.channel.last_message.content
    assert last.startswith("⏳") and alice.mention in last


async def test_repeated_timeouts_hand_the_seat_to_the_ai_until_the_player_takes_it_back(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    await world.env.advance_time(TURN + 1)
    await finish_turn(bob, world, 1)
    await world.env.advance_time(TURN + 1)

    notice = next(m for m in reversed(world.channel.history()) if m.content.startswith("🤖"))
    assert alice.mention in notice.content and "AI plays their seat" in notice.content
    assert session.record.seats[0].ai is True
    assert session.to_act() == {1}  # the AI finished alice's turn; the game waits for bob

    stranger = await bob.click(notice, label="Take my seat back")
    assert stranger.response.content == "The AI is not playing your seat."
    back = await alice.click(notice, label="Take my seat back")
    assert back.ephemeral and "You have your seat back" in back.response.content
    assert session.record.seats[0].ai is False


async def test_afk_policy_end_ends_the_game_as_abandoned(world):
    await world.admin.slash(world.channel, "config afk", policy="end")
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    await world.env.advance_time(TURN + 1)
    assert world.env.bot.runtime.sessions == {}
    contents = [m.content for m in world.channel.history()]
    assert any(c.startswith("⌛") and alice.mention in c for c in contents)
    stored = await world.env.bot.runtime.storage.games(("abandoned",))
    assert len(stored) == 1


async def test_a_member_leaving_the_server_hands_their_seat_to_the_ai(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    world.guild.remove_member(bob)
    await world.env.settle()
    assert session.record.seats[1].ai is True
    assert "left the server" in world.channel.last_message.content or any(
        "left the server" in m.content for m in world.channel.history()
    )


async def test_the_host_leaving_a_lobby_passes_it_on_and_kick_frees_a_seat(world):
    alice, bob, carol = world.members
    await alice.slash(world.channel, "newgame", game="zero")
    lobby = world.channel.last_message
    await click_verb(bob, lobby, "join")
    await click_verb(carol, lobby, "join")
    await click_verb(alice, lobby, "leave")
    session = only_session(world)
    assert session.record.host_id == bob.id
    assert "bob (host)" in world.channel.last_message.embeds[0].fields[0].value
    kicked = await bob.slash(world.channel, "game kick", member=carol)
    assert kicked.ephemeral
    assert session.seat_of(carol.id) is None


async def test_a_lobby_nobody_starts_closes_itself(world):
    await world.members[0].slash(world.channel, "newgame", game="zero")
    await world.env.advance_time(15 * 60 + 1)
    assert world.env.bot.runtime.sessions == {}
    assert any("The lobby has closed" in m.content for m in world.channel.history())


@pytest.mark.both_databases
async def test_a_pending_deadline_survives_a_restart(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    await world.restart()
    session = only_session(world)
    assert session.to_act() == {0}
    await world.env.advance_time(TURN + 1)
    assert session.to_act() == {1}


@pytest.mark.both_databases
async def test_a_deadline_that_passed_while_the_bot_was_down_fires_once_at_start(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    session.record.deadline = time.time() - 5
    await world.env.bot.runtime.storage.save_game(session.record)
    await world.restart()
    session = only_session(world)
    assert session.to_act() == {1}
    assert [seat.timeouts for seat in session.record.seats] == [1, 0]


async def test_a_click_racing_the_deadline_is_applied_once(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    panel = (await alice.click(board_message, label="My hand")).response
    ready = await ready_move(alice, panel)  # a card picked, its pile not yet
    assert ready is not None
    shown = message_of(ready[0])
    in_client = copy.deepcopy(world.env.backend.get_message(shown.channel.id, shown.id).components)
    await world.env.advance_time(TURN + 1)
    # The click left alice's client before the deadline's move redrew her panel there.
    world.env.backend.get_message(shown.channel.id, shown.id).components = in_client
    session = only_session(world)
    version = session.state.version
    late = await press(alice, *ready)
    assert "out of date" in late.response.content
    assert session.state.version == version


async def test_a_deleted_channel_closes_its_game(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    world.env.backend.delete_channel(world.channel.id)
    await world.env.settle()
    assert world.env.bot.runtime.sessions == {}
    stored = await world.env.bot.runtime.storage.games(("abandoned",))
    assert len(stored) == 1


async def test_a_server_that_removes_the_bot_has_its_games_and_lobbies_ended_at_once(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    await bob.slash(world.guild.create_text_channel("lobbies"), "newgame", game="zero")
    elsewhere = world.env.create_guild("Elsewhere")
    zed = elsewhere.add_member(world.env.create_user("zed"))
    await zed.slash(elsewhere.create_text_channel("games"), "newgame", game="mindup")
    runtime = world.env.bot.runtime
    assert len(runtime.sessions) == 3

    world.env.backend.remove_guild(world.guild.id)  # kicked from the server
    await world.env.settle()

    assert [s.record.guild_id for s in runtime.sessions.values()] == [elsewhere.id]
    ended = await runtime.storage.games(("abandoned",))
    assert sorted(g.slug for g in ended) == ["thegame", "zero"]


async def test_a_server_that_removed_the_bot_while_it_was_down_has_its_games_ended_at_start(
    world,
):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    runtime = world.env.bot.runtime
    # A lobby in a server the bot is no longer in (it left while nobody was watching), whose
    # channel Discord keeps from the bot as it does any server's it is not in.
    gone_channel = world.channel.id + 1000
    world.env.inject_error("GET", f"/channels/{gone_channel}", status=403, code=50001, times=None)
    await runtime.open_lobby(
        guild_id=world.guild.id + 1000,
        channel_id=gone_channel,
        thread=None,
        host_id=alice.id,
        host_name="alice",
        host_lang="en",
        slug="zero",
        options={},
    )

    await world.restart()

    runtime = world.env.bot.runtime
    assert [s.record.guild_id for s in runtime.sessions.values()] == [world.guild.id]
    ended = await runtime.storage.games(("abandoned",))
    assert [g.slug for g in ended] == ["zero"]


async def test_a_channel_locked_for_a_while_keeps_its_game(world):
    alice, bob = world.members[:2]
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    bot_id = world.env.bot.user.id
    no_posting = discord.Permissions(send_messages=True).value
    world.env.backend.set_overwrite(
        world.channel.id, Overwrite(target_id=bot_id, type=OverwriteType.MEMBER, deny=no_posting)
    )

    await world.env.advance_time(15 * 60)  # the sweeper runs meanwhile
    assert session.running and session.id in world.env.bot.runtime.sessions

    world.env.backend.delete_overwrite(world.channel.id, bot_id)
    assert await act_once(alice, board_message) is not None  # the game goes on
    assert session.running and session.state.version == 1


async def test_the_host_is_told_once_by_dm_when_the_bot_may_no_longer_post_in_the_channel(world):
    alice, bob, carol = world.members
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)
    await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    bot_id = world.env.bot.user.id
    no_posting = discord.Permissions(send_messages=True).value
    world.env.backend.set_overwrite(
        world.channel.id, Overwrite(target_id=bot_id, type=OverwriteType.MEMBER, deny=no_posting)
    )
    before = len(alice.user.dm_channel.history())

    for member in (bob, carol):  # each leaving is a notice the channel refuses
        asked = await member.slash(world.channel, "game leave")
        await member.click(asked.response.message, label="Yes, leave")
    await world.env.settle()

    told = alice.user.dm_channel.history()[before:]
    assert [m.content for m in told if "not allowed to post" in m.content] == [
        f"I am not allowed to post in <#{world.channel.id}>, where your game of Mind Up! is "
        "played, so its updates, board and results cannot be shown there. I am missing the "
        "**Send Messages** permission there: an admin can give it back in the channel's "
        "settings, under Permissions. The game goes on meanwhile."
    ]
    assert session.running


async def test_a_refusal_the_channels_permissions_do_not_explain_still_reaches_the_host(world):
    alice, bob, carol = world.members
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)
    await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    # Discord refuses the bot's posts there though the permissions the bot knows of allow
    # them: nothing can be named, so the host is pointed to the channel's settings.
    path = f"/channels/{world.channel.id}/messages"
    world.env.inject_error("POST", path, status=403, code=50013, times=None)
    before = len(alice.user.dm_channel.history())

    for member in (bob, carol):
        asked = await member.slash(world.channel, "game leave")
        await member.click(asked.response.message, label="Yes, leave")
    await world.env.settle()

    told = [m.content for m in alice.user.dm_channel.history()[before:] if "<#" in m.content]
    assert told == [
        f"I am not allowed to post in <#{world.channel.id}>, where your game of Mind Up! is "
        "played, so its updates, board and results cannot be shown there. An admin can check my "
        "permissions in the channel's settings. The game goes on meanwhile."
    ]
    assert session.running


async def everyone_times_out(world):
    """Alice and Bob let their clocks run out; with takeover after one timeout, the AI holds
    every seat once Bob's runs out too."""
    await world.admin.slash(world.channel, "config afk", policy="ai", takeover_after=1)
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    await world.env.advance_time(TURN + 1)  # alice's seat goes to the AI, which ends her turn
    assert session.record.seats[0].ai and not session.paused
    await world.env.advance_time(TURN + 1)  # and bob's
    return session


async def test_a_game_with_nobody_left_pauses_then_ends_without_a_result(world):
    alice, bob = world.members[:2]
    session = await everyone_times_out(world)
    assert session.paused
    notice = world.channel.last_message
    assert notice.content.startswith("⏸️") and "the game is paused" in notice.content
    assert alice.mention in notice.content and bob.mention in notice.content
    assert "30 minutes" in notice.content
    await world.env.settle()
    (paused,) = [f for f in board(world).embeds[0].fields if f.name == "⏸️ Paused"]
    assert paused.value.startswith("nobody is at the table") and "<t:" in paused.value
    assert "Waiting for" not in [f.name for f in board(world).embeds[0].fields]
    link = game_link(world, board(world))
    version = session.state.version

    await world.restart()  # a pause survives a restart, and the AI still does not play alone
    await world.env.advance_time(29 * 60)
    session = only_session(world)
    assert session.paused and session.state.version == version

    await world.env.advance_time(60 + 1)
    assert world.env.bot.runtime.sessions == {}
    # The pause's notice said the game would end so: the end is said once.
    said = [m.content for m in world.channel.history()]
    assert said[-1] == "**The Game** was ended early; no result was recorded."
    assert [c for c in said if "result" in c][-2].startswith("⏸️")
    assert len(await world.env.bot.runtime.storage.games(("abandoned",))) == 1
    # Their turn DMs, sent before the restart, say it too, and offer nothing to click.
    for member in (alice, bob):
        dm = await turn_dm(world, member)
        assert dm.content == f"The game was ended early.\nGame: {link}" and components(dm) == []


async def test_a_turn_dm_of_a_game_ended_early_has_no_results_to_point_to(world):
    alice, bob = world.members[:2]
    await everyone_times_out(world)
    await world.env.settle()
    link = game_link(world, board(world))
    await world.env.advance_time(30 * 60 + 1)
    for member in (alice, bob):
        dm = await turn_dm(world, member)
        assert dm.content == f"The game was ended early.\nGame: {link}" and components(dm) == []


async def test_a_paused_game_goes_on_when_a_member_resumes_it(world):
    alice = world.members[0]
    session = await everyone_times_out(world)
    notice = world.channel.last_message
    carol = world.members[2]
    stranger = await carol.click(notice, label="Resume")
    assert stranger.ephemeral and session.paused  # not a player: nothing changes

    back = await alice.click(notice, label="Resume")
    assert back.ephemeral and "You have your seat back" in back.response.content
    assert not session.paused and session.record.seats[0].ai is False
    assert world.channel.last_message.content.startswith("▶️")
    await world.env.settle()
    assert session.to_act() == {0}  # the AI played bob's waiting turn; now it is alice's


async def test_the_pause_time_is_a_server_setting(world):
    await world.admin.slash(world.channel, "config afk", policy="ai", pause_minutes=5)
    session = await everyone_times_out(world)
    assert "5 minutes" in world.channel.last_message.content
    await world.env.advance_time(5 * 60 + 1)
    assert not session.running
