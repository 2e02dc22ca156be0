"""Commands and clicks at the wrong moment, by the wrong member, or twice: each member is told
what happened, in their language, and the game stays as it was."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import pytest

from cogs.replies import ACK_AFTER
from tests.bot.driver import (
    DeclaredLock,
    board,
    click_verb,
    components,
    only_session,
    open_game,
    pictures_off,
    play_to_end,
    press,
    private_channel,
    ready_move,
    turn_dm,
)

STALE = "That panel was out of date, so nothing was played. Here is the current one."
AI_PLAYS = (
    "The AI is playing your seat. To play again, take it back: open “My hand” and press "
    "“Take my seat back”."
)


def texts_of(result) -> list[str]:
    """What a click or command answered: its response, then its followups."""
    first = result.response.content if result.response else ""
    return [first, *(f.content for f in result.followups)]


def lobby_seats(message) -> str:
    return message.embeds[0].fields[0].value


def now(world, message, channel=None):
    """The message as it stands now in its channel."""
    return next(m for m in (channel or world.channel).history() if m.id == message.id)


def no_errors_logged(caplog) -> None:
    bad = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert bad == []


async def while_busy(world, session, *clicks: Callable[[], Awaitable[Any]]) -> list[Any]:
    """The clicks, each arriving while the game is busy (its lock held), then all answered."""
    session.lock = DeclaredLock(world.env)
    await session.lock.acquire()
    done = [await click() for click in clicks]
    session.lock.release()
    await world.env.settle()
    return done


async def lobby_of_two(world):
    """A lobby of Zero that alice opened and bob joined: (alice, bob, its message)."""
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="zero")
    lobby = world.channel.last_message
    await click_verb(bob, lobby, "join")
    return alice, bob, lobby


async def leave(member, channel) -> None:
    asked = await member.slash(channel, "game leave")
    await member.click(asked.response.message, label="Yes, leave")


# --- The Game's signals, sent twice ---


@pytest.mark.simcord(settle_timeout=ACK_AFTER * 0.9)
async def test_a_signal_chosen_twice_at_once_is_sent_once_and_the_second_says_so(world, caplog):
    await pictures_off(world)
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    panel = (await bob.click(board_message, label="My hand")).response
    signals = next(c for c in components(panel) if c["custom_id"].startswith("tb:x:"))
    # A double click: both reach the bot while the game is busy, before the panel is redrawn.
    choose = partial(
        bob.select, panel.message, ["signal.2.dont_play"], custom_id=signals["custom_id"]
    )
    first, second = await while_busy(world, session, choose, choose)
    # Whichever the game takes first is sent; the other finds the panel out of date, and the
    # panel (both clicks answer on it) ends saying so.
    assert first.acknowledged and texts_of(second) == [STALE]
    assert session.version == 1
    no_errors_logged(caplog)


async def test_the_same_signal_sent_by_two_players_at_once_is_sent_once(world, caplog):
    """Alice and Bob put "don't play" on the same pile at the same moment: the first is sent,
    the second is told its panel was out of date (that signal is gone; "clear" replaced it)."""
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    alice_panel = (await alice.click(board_message, label="My hand")).response
    bob_panel = (await bob.click(board_message, label="My hand")).response
    a_signal = next(c for c in components(alice_panel) if c["custom_id"].startswith("tb:x:"))
    b_signal = next(c for c in components(bob_panel) if c["custom_id"].startswith("tb:x:"))
    version = session.version
    _, late = await while_busy(
        world,
        session,
        lambda: alice.select(
            alice_panel.message, ["signal.1.dont_play"], custom_id=a_signal["custom_id"]
        ),
        lambda: bob.select(
            bob_panel.message, ["signal.1.dont_play"], custom_id=b_signal["custom_id"]
        ),
    )
    assert texts_of(late) == [STALE]
    assert session.version == version + 1
    no_errors_logged(caplog)


# --- /game leave ---


async def test_game_leave_in_a_lobby_leaves_it_at_once_and_redraws_it(world):
    _, bob, lobby = await lobby_of_two(world)
    session = only_session(world)
    left = await bob.slash(world.channel, "game leave")
    assert left.ephemeral and left.response.content == "You left the lobby."
    assert not components(left.response)
    await world.env.settle()
    assert session.seat_of(bob.id) is None
    assert "bob" not in lobby_seats(now(world, lobby))


async def test_a_stranger_is_told_at_once_they_have_no_seat_to_leave(world):
    alice, bob, carol = world.members
    await open_game(world, alice, "thegame", [bob])
    asked = await carol.slash(world.channel, "game leave")
    assert asked.ephemeral and asked.response.content == "You are not in this game."
    assert not components(asked.response)


async def test_a_member_who_left_cannot_leave_again_and_ping_the_channel_twice(world):
    alice, bob, carol = world.members
    await open_game(world, alice, "thegame", [bob, carol])
    await leave(carol, world.channel)
    await world.env.settle()
    notices = len(world.channel.history())
    again = await carol.slash(world.channel, "game leave")
    await world.env.settle()
    assert again.ephemeral and again.response.content == AI_PLAYS
    assert not components(again.response)
    assert len(world.channel.history()) == notices


async def test_leaving_a_paused_game_again_neither_pings_everyone_nor_restarts_its_pause(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    for member in (alice, bob):
        await leave(member, world.channel)
    await world.env.settle()
    assert session.paused
    due, messages = session.record.deadline, len(world.channel.history())
    await world.env.advance_time(600)
    again = await bob.slash(world.channel, "game leave")
    await world.env.settle()
    assert again.response.content == AI_PLAYS
    assert (len(world.channel.history()), session.record.deadline) == (messages, due)


# --- a seat the AI plays after its member left ---


async def test_my_hand_of_a_member_who_left_offers_their_seat_back_and_no_moves(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    await leave(bob, world.channel)
    await world.env.settle()
    opened = await bob.click(board(world), label="My hand")
    panel = opened.response
    assert opened.ephemeral
    assert panel.embeds[0].footer.text == "The AI is playing your seat. Take it back to play again."
    assert [c.get("label") for c in components(panel)] == ["Take my seat back"]
    back = await bob.click(panel.message, label="Take my seat back")
    assert "You have your seat back" in texts_of(back)[0]
    assert not session.record.seats[1].ai


async def test_a_move_from_a_turn_dm_of_before_leaving_is_refused_while_the_ai_plays(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "zero", [bob])
    session = only_session(world)
    dm = await turn_dm(world, alice)
    give = next(c for c in components(dm) if c["custom_id"].startswith("tb:act:"))
    # Both leave: nobody is at the table, so the game pauses (and ends if nobody comes back).
    for member in (bob, alice):
        await leave(member, world.channel)
    await world.env.settle()
    assert session.paused
    version, due = session.version, session.record.deadline
    refused = await alice.user.click(dm, custom_id=give["custom_id"])
    assert texts_of(refused) == [AI_PLAYS]
    assert (session.version, session.paused, session.record.deadline) == (version, True, due)
    await world.env.advance_time(31 * 60)
    assert world.env.bot.runtime.sessions == {}, "the paused game did not end on time"


# --- /game kick in a lobby ---


async def test_kicking_a_member_from_a_lobby_frees_their_seat_and_redraws_the_lobby(world):
    alice, bob, lobby = await lobby_of_two(world)
    kicked = await alice.slash(world.channel, "game kick", member=bob)
    assert kicked.response.content == f"<@{bob.id}>'s seat in the lobby is free again."
    await world.env.settle()
    assert only_session(world).seat_of(bob.id) is None
    assert "bob" not in lobby_seats(now(world, lobby))


async def test_kicking_someone_who_is_not_in_the_lobby_says_so(world):
    alice, bob, _ = await lobby_of_two(world)
    carol = world.members[2]
    refused = await alice.slash(world.channel, "game kick", member=carol)
    assert refused.response.content == "That member is not playing in this game."
    assert [s.user_id for s in only_session(world).record.seats] == [alice.id, bob.id]


# --- a host removed by a moderator ---


async def test_a_host_removed_by_a_moderator_can_neither_end_the_game_nor_remove_others(world):
    alice, bob, carol = world.members
    await open_game(world, alice, "thegame", [bob, carol])
    session = only_session(world)
    await world.admin.slash(world.channel, "game kick", member=alice)
    assert session.record.seats[0].kicked
    removed = "You were removed from this game, so you can no longer play in it."
    asked = await alice.slash(world.channel, "game end")
    assert asked.response.content == removed and not components(asked.response)
    kick = await alice.slash(world.channel, "game kick", member=bob)
    assert kick.response.content == removed
    assert session.running and not session.record.seats[1].kicked


# --- lobbies and the members who leave the server ---


async def test_a_lobby_member_who_leaves_the_server_is_gone_from_the_lobby_message(world):
    _, bob, lobby = await lobby_of_two(world)
    world.guild.remove_member(bob)
    await world.env.settle()
    assert only_session(world).seat_of(bob.id) is None
    assert "bob" not in lobby_seats(now(world, lobby))


async def test_a_lobby_host_who_leaves_the_server_hands_it_on_and_the_lobby_says_so(world):
    alice, bob, lobby = await lobby_of_two(world)
    world.guild.remove_member(alice)
    await world.env.settle()
    assert only_session(world).record.host_id == bob.id
    seats = lobby_seats(now(world, lobby))
    assert "alice" not in seats and "bob (host)" in seats


# --- rematches ---


async def test_play_again_counts_against_the_cap_on_a_members_open_lobbies(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    await play_to_end(world, [alice, bob])
    results = world.channel.last_message
    await world.admin.slash(world.channel, "config lobbies", per_member=1, per_server=5)
    await alice.slash(world.guild.create_text_channel("more"), "newgame", game="zero")
    again = await alice.click(results, label="🔁 Play again")
    assert again.ephemeral
    assert (
        again.response.content == "You already host an open lobby here. Start or cancel it first."
    )
    assert len(world.env.bot.runtime.sessions) == 1


async def test_a_rematch_host_who_leaves_hands_the_lobby_to_a_player_who_confirmed(world):
    alice, bob, carol = world.members
    await open_game(world, alice, "mindup", [bob, carol])
    await play_to_end(world, [alice, bob, carol])
    await alice.click(world.channel.last_message, label="🔁 Play again")
    lobby = world.channel.last_message
    await click_verb(carol, lobby, "join")  # carol confirms; bob has not answered yet
    await click_verb(alice, world.channel.last_message, "leave")
    # The lobby goes to carol, who is here, not to bob who may never answer.
    assert only_session(world).record.host_id == carol.id


# --- /game status away from the game's channel ---


async def test_game_status_in_another_channel_points_to_the_games_own(world):
    alice, bob = world.members[:2]
    table = private_channel(world, "table", alice, bob)
    await alice.slash(table, "newgame", game="thegame")
    await click_verb(bob, table.last_message, "join")
    await click_verb(alice, table.last_message, "start")
    session = only_session(world)
    board_id = session.record.message_id
    general = world.guild.create_text_channel("general")
    refused = await alice.slash(general, "game status")
    await world.env.settle()
    assert refused.ephemeral
    assert (
        refused.response.content
        == f"Your game is being played in <#{table.id}>: use this command there."
    )
    assert general.history() == [] and session.record.message_id == board_id


# --- a lobby closed a moment before a click ---


@pytest.mark.simcord(settle_timeout=ACK_AFTER * 0.9)
async def test_a_join_that_lands_just_after_the_host_cancelled_is_told_the_lobby_closed(world):
    await pictures_off(world)
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="thegame")
    lobby = world.channel.last_message
    cancel, join = await while_busy(
        world,
        only_session(world),
        partial(click_verb, alice, lobby, "cancel"),
        partial(click_verb, bob, lobby, "join"),
    )
    assert world.env.bot.runtime.sessions == {} and cancel.acknowledged
    assert texts_of(join) == ["This lobby has closed."]


# --- what already behaves, kept as guards ---


@pytest.mark.simcord(settle_timeout=ACK_AFTER * 0.9)
async def test_start_pressed_twice_at_once_starts_one_game_and_explains_the_second(world):
    await pictures_off(world)
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="thegame")
    lobby = world.channel.last_message
    await click_verb(bob, lobby, "join")
    lobby = world.channel.last_message
    session = only_session(world)
    start = partial(click_verb, alice, lobby, "start")
    first, second = await while_busy(world, session, start, start)
    assert session.running and session.version == 0
    assert texts_of(second) == ["The game has already started."]
    assert first.acknowledged and world.env.errors == []


async def test_kicking_the_member_to_move_lets_the_ai_play_and_refuses_their_turn_dm(world):
    alice, bob, carol = world.members
    await open_game(world, alice, "thegame", [bob, carol])
    session = only_session(world)
    assert session.to_act() == {0}
    dm = await turn_dm(world, alice)
    assert dm is not None and components(dm)
    await world.admin.slash(world.channel, "game kick", member=alice)
    await world.env.settle()
    assert 0 not in session.to_act()  # the AI finished her turn, the game goes on
    version = session.version
    first = next(c for c in components(dm) if c["custom_id"].startswith(("tb:pick:", "tb:act:")))
    late = await alice.user.click(dm, custom_id=first["custom_id"])
    assert texts_of(late) == ["You were removed from this game, so you can no longer play in it."]
    assert session.version == version


async def test_an_open_panel_says_the_game_is_over_once_the_host_ends_it(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    opened = await bob.click(board_message, label="My hand")
    asked = await alice.slash(world.channel, "game end")
    await alice.click(asked.response.message, label="Yes, end it")
    await world.env.settle()
    panel = opened.response
    assert not components(panel) and panel.content
    assert session.version == 0 and world.env.errors == []


async def test_mind_up_undo_stays_while_others_choose_and_leaves_the_panel_at_the_reveal(world):
    """Alice's panel keeps its Undo while Bob chooses (R36), and loses it, by itself, once
    Carol's choice reveals them all."""
    alice, bob, carol = world.members
    board_message = await open_game(world, alice, "mindup", [bob, carol])
    opened = (await alice.click(board_message, label="My hand")).response
    chosen = await press(alice, *(await ready_move(alice, opened)))
    assert any(c["custom_id"].startswith("tb:undo:") for c in components(chosen.response))
    for other in (bob, carol):
        panel = (await other.click(board_message, label="My hand")).response
        await press(other, *(await ready_move(other, panel)))
        await world.env.settle()
        undo_shown = any(c["custom_id"].startswith("tb:undo:") for c in components(chosen.response))
        assert undo_shown == (other is bob)
    again = (await alice.click(board(world), label="My hand")).response
    assert not any(c["custom_id"].startswith("tb:undo:") for c in components(again))


async def test_a_stranger_clicking_play_again_twice_never_opens_a_lobby(world):
    alice, bob, carol = world.members
    await open_game(world, alice, "mindup", [bob], ai=1)
    await play_to_end(world, [alice, bob])
    results = world.channel.last_message
    for _ in range(2):
        refused = await carol.click(results, label="🔁 Play again")
        assert refused.ephemeral
        assert refused.response.content == "Only the players of that game can start a rematch."
    assert world.env.bot.runtime.sessions == {}


async def test_after_a_restart_an_old_turn_dm_and_a_strangers_click_still_answer(world):
    alice, bob, carol = world.members
    board_message = await open_game(world, alice, "thegame", [bob])
    dm = await turn_dm(world, alice)
    panel = (await alice.click(board_message, label="My hand")).response
    await press(alice, *(await ready_move(alice, panel)))  # the turn DM is now out of date
    await world.restart()
    first = next(c for c in components(dm) if c["custom_id"].startswith(("tb:pick:", "tb:act:")))
    picked = await alice.user.click(dm, custom_id=first["custom_id"])
    assert picked.response is not None and components(picked.response)
    stranger = await carol.click(board(world), label="My hand")
    assert stranger.ephemeral and stranger.response.content == "You are not in this game."
    assert world.env.errors == []


async def test_stats_history_and_leaderboards_answer_on_a_server_with_no_games(world):
    alice = world.members[0]
    stats = await alice.slash(world.channel, "stats")
    assert stats.ephemeral and "has not finished a game" in stats.response.embeds[0].description
    history = await alice.slash(world.channel, "history")
    assert history.ephemeral and not components(history.response)
    assert history.response.embeds[0].description == "No game has finished on this server yet."
    ranked = await alice.slash(world.channel, "leaderboard", game="zero")
    assert ranked.ephemeral and all(c.get("disabled") for c in components(ranked.response))
    team = await alice.slash(world.channel, "leaderboard", game="thegame")
    assert "played this game to the end" in team.response.embeds[0].description
    games = await alice.slash(world.channel, "games")
    assert games.ephemeral and world.env.errors == []


HOSTILE = "@everyone <@&123456789012345678> **bold** `x` " + "W" * 80


def unpinged(text: str) -> str:
    """`text` without the mentions our escaping neutralized."""
    return text.replace("@\u200beveryone", "")


async def test_a_hostile_long_name_is_escaped_and_cut_short_wherever_it_is_shown(world):
    evil = world.member(HOSTILE)
    alice = world.members[0]
    await evil.slash(world.channel, "newgame", game="mindup")
    lobby = world.channel.last_message
    seats = lobby_seats(lobby)
    assert "@everyone" not in unpinged(seats) and "W" * 40 not in seats
    await click_verb(alice, lobby, "join")
    listed = (await alice.slash(world.channel, "games")).response.embeds[0].description
    assert "W" * 40 not in listed and "@everyone" not in unpinged(listed)
    await click_verb(evil, world.channel.last_message, "addai")
    await click_verb(evil, world.channel.last_message, "start")
    await play_to_end(world, [evil, alice])
    assert "@everyone" not in unpinged(world.channel.last_message.content)
    for message in world.channel.history():
        assert not message.mention_everyone and not message.role_mentions
    title = (await alice.slash(world.channel, "stats", member=evil)).response.embeds[0].title
    assert len(title) <= 256 and "W" * 40 not in title
    text = (await alice.slash(world.channel, "history")).response.embeds[0].description
    assert "W" * 40 not in text and "@everyone" not in unpinged(text)
    assert "<@&123456789012345678>" not in text


async def test_a_russian_stranger_is_refused_in_russian_on_every_button(world):
    alice, bob = world.members[:2]
    ivan = world.member("ivan", locale="ru")
    await alice.slash(world.channel, "newgame", game="thegame")
    await click_verb(bob, world.channel.last_message, "join")
    await click_verb(alice, world.channel.last_message, "addai")
    lobby = world.channel.last_message
    answers = [await click_verb(ivan, lobby, verb) for verb in ("leave", "start", "cancel")]
    toggle = next(c for c in components(lobby) if c["custom_id"].startswith("tb:ltog:"))
    answers.append(await ivan.click(lobby, custom_id=toggle["custom_id"]))
    await click_verb(alice, world.channel.last_message, "start")
    answers.append(await ivan.click(board(world), label="My hand"))
    host_only = "Это может сделать только создатель игры."
    assert [a.response.content for a in answers] == [
        "Вас нет среди игроков.",
        host_only,
        host_only,
        host_only,
        "Вы не участвуете в этой игре.",
    ]
