"""Members (and admins) acting at the same moment: what each sees, the game in memory and the
database agree, nothing is said twice, and no error is logged.

SimCord runs one member action at a time and lets the bot finish it. To make actions meet, the
test keeps the game busy (it holds the game's lock, or lets a write wait) while they arrive;
each then goes as far as it can before it must wait for the game, as when members act within
the same few milliseconds.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable
from typing import Any

from cogs.messages import board_embed
from tests.bot.driver import (
    DeclaredLock,
    act_once,
    board,
    click_verb,
    components,
    held_writes,
    only_session,
    open_game,
    pictures_off,
    press,
    ready_move,
)


async def while_busy(world, session, *actions: Callable[[], Any]) -> list[Any]:
    """Each action arrives while the game is busy with something else (the test holds its
    lock), then the game gets to them in the order they came: what members see when they act
    within the same few milliseconds. Returns what each action returned (an InteractionResult
    for a click or a command)."""
    session.lock = DeclaredLock(world.env)
    await session.lock.acquire()
    results = []
    for action in actions:
        result = action()
        results.append(await result if inspect.isawaitable(result) else result)
    session.lock.release()
    await settled(world)
    return results


async def settled(world) -> None:
    """The bot finished with everything, the board edits it coalesces included."""
    await world.env.settle()
    await world.env.bot.presenter.shown()
    await world.env.settle()


def texts_of(result) -> list[str]:
    """What a click or command answered: its response, then its followups."""
    first = result.response.content if result.response else ""
    return [first, *(f.content for f in result.followups)]


def answered(result) -> None:
    """The member saw an answer, not "This interaction failed"."""
    assert result.acknowledged
    assert result.response is not None


def no_errors_logged(world, caplog) -> None:
    bad = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert bad == []
    assert world.env.errors == []


def public_texts(world, channel=None) -> list[str]:
    return [m.content for m in (channel or world.channel).history()]


def now(world, message_id: int, channel=None):
    """A message as it stands now in its channel."""
    return next(m for m in (channel or world.channel).history() if m.id == message_id)


def dms_of(member) -> list[str]:
    channel = member.user.dm_channel
    return [] if channel is None else [m.content for m in channel.history()]


def seats_of(session) -> list[tuple[str, bool, bool]]:
    return [(s.name, s.ai, s.kicked) for s in session.record.seats]


async def stored_like_memory(world) -> None:
    """After a restart, the database gives back the game as memory held it."""
    before = only_session(world)
    record, state = before.record, before.state
    await world.restart()
    after = only_session(world)
    assert seats_of(after) == [(s.name, s.ai, s.kicked) for s in record.seats]
    assert after.record.status == record.status
    assert after.record.message_id == record.message_id
    assert after.state == state


# --- /game kick ---


async def test_two_kicks_of_the_same_member_at_once_remove_them_once(world, caplog):
    alice, bob, carol = world.members
    await open_game(world, alice, "thegame", [bob, carol])
    session = only_session(world)
    before = len(world.channel.history())

    # The host and an admin both remove bob, at the same moment.
    by_host, by_admin = await while_busy(
        world,
        session,
        lambda: alice.slash(world.channel, "game kick", member=bob),
        lambda: world.admin.slash(world.channel, "game kick", member=bob),
    )

    answered(by_host)
    answered(by_admin)
    # The first is carried out; the second finds bob no longer playing.
    assert texts_of(by_host) == [f"The AI plays {bob.mention}'s seat now."]
    assert texts_of(by_admin) == ["That member is not playing in this game."]
    removed = f"🚪 {bob.mention} was removed from the game; the AI plays their seat to the end."
    assert public_texts(world)[before:].count(removed) == 1
    assert sum("You were removed" in text for text in dms_of(bob)) == 1
    assert seats_of(session)[1] == ("bob", True, True)
    no_errors_logged(world, caplog)
    await stored_like_memory(world)


# --- members who leave the server while something else happens to their seat ---


async def test_a_member_who_leaves_the_server_as_the_host_starts_is_played_by_the_ai(world, caplog):
    alice, bob, carol = world.members
    await alice.slash(world.channel, "newgame", game="thegame")
    lobby = world.channel.last_message
    await click_verb(bob, lobby, "join")
    await click_verb(carol, lobby, "join")
    (start,) = [c["custom_id"] for c in components(lobby) if c["custom_id"].endswith(":start")]

    # alice starts while bob leaves the server.
    started, _ = await while_busy(
        world,
        only_session(world),
        lambda: alice.click(lobby, custom_id=start),
        lambda: world.guild.remove_member(bob),
    )

    answered(started)
    session = only_session(world)
    assert session.running
    # The game started with bob's seat; he is gone, so the AI plays it and the channel says so.
    assert seats_of(session) == [
        ("alice", False, False),
        ("bob", True, False),
        ("carol", False, False),
    ]
    assert f"{bob.mention} has left the server; the AI plays their seat now." in public_texts(world)
    no_errors_logged(world, caplog)
    await stored_like_memory(world)


async def test_a_member_who_leaves_the_server_as_their_clock_runs_out_also_leaves_their_lobby(
    world, caplog
):
    alice, bob, carol = world.members
    await pictures_off(world)
    await world.env.bot.runtime.change_config(
        world.guild.id, lambda cfg: cfg.model_copy(update={"takeover_after": 1})
    )
    await open_game(world, alice, "thegame", [bob, carol])  # alice's move
    session = only_session(world)
    # alice also waits in bob's lobby in another channel.
    more = world.guild.create_text_channel("more")
    await bob.slash(more, "newgame", game="zero")
    lobby = more.last_message
    await click_verb(alice, lobby, "join")
    (waiting,) = [s for s in world.env.bot.runtime.sessions.values() if s.record.status == "lobby"]

    # alice's clock runs out (the AI takes her seat) just as she leaves the server: both wait
    # for the game, busy with something else.
    session.lock = DeclaredLock(world.env)
    await session.lock.acquire()
    await world.env.advance_time(121)
    world.guild.remove_member(alice)
    session.lock.release()
    await settled(world)

    assert session.record.seats[0].ai  # the AI plays her seat of the running game
    assert session.to_act() == {1}
    # Her seat in the lobby is free, as for any member who leaves the server.
    assert waiting.seat_of(alice.id) is None
    assert "alice" not in now(world, lobby.id, more).embeds[0].fields[0].value
    no_errors_logged(world, caplog)


async def test_a_member_who_leaves_the_server_as_they_are_kicked_is_removed_without_error(
    world, caplog
):
    alice, bob, carol = world.members
    await open_game(world, alice, "thegame", [bob, carol])
    session = only_session(world)

    kicked, _ = await while_busy(
        world,
        session,
        lambda: alice.slash(world.channel, "game kick", member=carol),
        lambda: world.guild.remove_member(carol),
    )

    assert texts_of(kicked) == [f"The AI plays {carol.mention}'s seat now."]
    assert seats_of(session)[2] == ("carol", True, True)
    removed = f"🚪 {carol.mention} was removed from the game; the AI plays their seat to the end."
    assert public_texts(world).count(removed) == 1
    no_errors_logged(world, caplog)
    await stored_like_memory(world)


# --- the board posted again ---


async def test_a_board_posted_again_while_a_member_is_kicked_is_the_one_kept_current(
    world, caplog, monkeypatch
):
    await pictures_off(world)
    alice, bob, carol = world.members
    await open_game(world, alice, "zero", [bob, carol])
    session = only_session(world)
    old = session.record.message_id

    # alice removes carol, and while that is being written she posts the board again (it
    # scrolled away): the board she posts must be the one the game keeps.
    session.lock = DeclaredLock(world.env)
    writes = held_writes(world, monkeypatch)
    await writes.acquire()
    kick = await alice.slash(world.channel, "game kick", member=carol)
    status = await alice.slash(world.channel, "game status")
    writes.release()
    await settled(world)
    answered(status)
    answered(kick)
    new = status.response.id
    assert new != old
    assert session.record.message_id == new  # the board the game edits from now on
    stored = await world.env.bot.runtime.storage.game(session.id)
    assert stored is not None and stored.message_id == new

    # alice moves from the new board: it shows her move; the old one only points down to it.
    assert await act_once(alice, now(world, new)) is not None
    await world.env.bot.presenter.shown()
    await world.env.settle()
    shown = now(world, new)
    assert shown.embeds[0].description == board_embed(session, "en").description
    pointer = now(world, old)
    assert pointer.content.startswith("⤵️ The board has moved down")
    assert pointer.embeds == [] and components(pointer) == []
    assert board(world).id == new
    no_errors_logged(world, caplog)
    await stored_like_memory(world)


# --- bursts that must keep working (pinned) ---


async def test_mind_up_choices_made_at_the_same_moment_reveal_once_and_survive_a_restart(
    world, caplog
):
    await pictures_off(world)
    players = world.members
    alice, bob, carol = players
    board_message = await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    panels = [(await m.click(board_message, label="My hand")).response for m in players]
    moves = [await ready_move(m, p) for m, p in zip(players, panels, strict=True)]

    chosen = await while_busy(
        world,
        session,
        *(lambda m=m, mv=mv: press(m, *mv) for m, mv in zip(players, moves, strict=True)),
    )

    for result, panel in zip(chosen, panels, strict=True):
        answered(result)
        assert result.response.id == panel.id and result.response.ephemeral  # redrawn in place
    assert session.version == 3  # three choices, one reveal among them
    reveals = [t for r in chosen for t in texts_of(r) if "revealed" in t]
    assert len(reveals) == 1  # the choice that completed the turn tells its member at once
    assert (
        now(world, board(world).id).embeds[0].description == board_embed(session, "en").description
    )
    no_errors_logged(world, caplog)
    await stored_like_memory(world)


async def test_joins_a_leave_and_an_ai_seat_at_the_same_moment_leave_one_lobby_everywhere(
    world, caplog
):
    alice, bob, carol = world.members
    dave, erin = world.member("dave"), world.member("erin")
    await alice.slash(world.channel, "newgame", game="zero")
    lobby = world.channel.last_message
    await click_verb(bob, lobby, "join")
    verbs = {c["custom_id"].rsplit(":", 1)[1]: c["custom_id"] for c in components(lobby)}

    clicks = await while_busy(
        world,
        only_session(world),
        lambda: carol.click(lobby, custom_id=verbs["join"]),
        lambda: bob.click(lobby, custom_id=verbs["leave"]),
        lambda: dave.click(lobby, custom_id=verbs["join"]),
        lambda: erin.click(lobby, custom_id=verbs["join"]),
        lambda: alice.click(lobby, custom_id=verbs["addai"]),
    )

    for click in clicks:
        answered(click)
    session = only_session(world)
    names = [s.name for s in session.record.seats]
    assert names == ["alice", "carol", "dave", "erin", "AI 1"]
    seats_shown = now(world, lobby.id).embeds[0].fields[0].value
    assert [line.split(". ", 1)[1] for line in seats_shown.splitlines()] == [
        "alice (host)",
        "carol",
        "dave",
        "erin",
        "🤖 AI 1",
    ]
    no_errors_logged(world, caplog)
    await world.restart()
    assert [s.name for s in only_session(world).record.seats] == names
