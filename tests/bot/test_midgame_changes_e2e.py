"""Things that change under a running game: the bot's permissions in the game's channel, its
host leaving the server.

Each test takes something away (or gives it back) as an admin or Discord would while a lobby or
a game is open, and checks what the members see.
"""

from __future__ import annotations

import logging

from cogs.messages import board_embed
from tests.bot.driver import (
    act_once,
    click_verb,
    only_session,
    open_game,
    open_lobby,
    take_first,
)
from tests.bot.test_permissions_e2e import deny_bot


def allow_bot_again(world) -> None:
    """The channel's settings give the bot back what they took."""
    world.env.backend.delete_overwrite(world.channel.id, world.env.backend.bot_user.id)


def errors(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def stored_board(world, message_id: int) -> dict:
    """The board message as Discord holds it now (its embed as a dict)."""
    return world.env.backend.get_message(world.channel.id, message_id).embeds[0]


async def settled(world) -> None:
    await world.env.settle()
    await world.env.bot.presenter.shown()
    await world.env.settle()


async def test_a_channel_locked_against_posting_keeps_its_board_up_to_date(world, caplog):
    """A moderator takes Send Messages from the bot: editing its own board is still allowed, so
    the board keeps up with the game where it is. Notices the channel refused do not bury it
    (they were never posted), and a board that cannot be posted again below is edited in place;
    nothing is logged as an error."""
    alice = world.members[0]
    first = await open_game(world, alice, "mindup", [], ai=2)
    session = only_session(world)
    deny_bot(world, send_messages=True)

    for _ in range(12):  # each turn's reveal is a notice the channel refuses
        assert await act_once(alice, first) is not None
        await settled(world)

    assert session.running and session.record.message_id == first.id
    assert stored_board(world, first.id)["description"] == board_embed(session, "en").description
    assert errors(caplog) == []


async def test_a_board_deleted_while_the_channel_is_locked_is_named_to_the_host(world, caplog):
    """The board's message is gone and the bot may not post a new one: the host is told once,
    by DM, what the bot is missing, and nothing is logged as an error."""
    alice, bob = world.members[:2]
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)
    first = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    deny_bot(world, send_messages=True)
    world.env.backend.delete_message(world.channel.id, first.id)  # a moderator's cleanup
    await world.env.settle()
    before = len(alice.user.dm_channel.history())

    for _ in range(3):
        actor = alice if 0 in session.to_act() else bob
        hand = await actor.slash(world.channel, "game hand")
        assert await take_first(actor, hand.response) is not None
        await settled(world)

    told = [m.content for m in alice.user.dm_channel.history()[before:] if "<#" in m.content]
    assert told == [
        f"I am not allowed to post in <#{world.channel.id}>, where your game of The Game is "
        "played, so its updates, board and results cannot be shown there. I am missing the "
        "**Send Messages** permission there: an admin can give it back in the channel's "
        "settings, under Permissions. The game goes on meanwhile."
    ]
    assert errors(caplog) == []


async def test_the_host_cannot_start_a_game_where_the_bot_may_no_longer_post(world):
    """A lobby opened before a moderator locked the channel: Start is refused as /newgame would
    be, naming the permission, so that no game starts only to fall silent (notices, reminders
    and results could not reach the channel). The lobby stays open."""
    alice, bob = world.members[:2]
    lobby = await open_lobby(world, alice, "thegame", [bob])
    deny_bot(world, send_messages=True)

    started = await click_verb(alice, lobby, "start")

    assert started.ephemeral
    assert started.response.content == (
        "I cannot run a game here: I am missing the **Send Messages** permission. An admin can "
        "grant it in the channel's settings, under Permissions."
    )
    assert only_session(world).record.status == "lobby"


async def test_a_host_who_left_the_server_leaves_the_game_to_the_players_still_there(world):
    """The host leaves the server mid-game: the AI takes their seat and the game passes to the
    next member still playing, as a lobby does. Bob may end it, and he is the one told by DM
    when the bot may no longer post there (Discord would not deliver a DM to a member who
    shares no server with the bot)."""
    alice, bob, carol = world.members
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)
    await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    world.guild.remove_member(alice)
    await world.env.settle()
    assert session.record.seats[0].ai  # the AI plays alice's seat

    deny_bot(world, send_messages=True)
    asked = await carol.slash(world.channel, "game leave")  # a notice the channel refuses
    await carol.click(asked.response.message, label="Yes, leave")
    await settled(world)

    told = [m.content for m in bob.user.dm_channel.history() if "not allowed" in m.content]
    assert len(told) == 1 and f"<#{world.channel.id}>" in told[0]
    ending = await bob.slash(world.channel, "game end")
    assert ending.response.content != "Only the host can do that."


async def test_once_the_bot_may_see_the_channel_again_its_board_shows_the_game_as_it_is(world):
    """A moderator hides the channel from the bot for a while; moves go on meanwhile (their
    board edits are refused). Once the bot sees the channel again its board shows the game as
    it is (bob's turn), without waiting for somebody to move."""
    alice, bob = world.members[:2]
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)
    first = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    deny_bot(world, view_channel=True)
    while 0 in session.to_act():
        assert await act_once(alice, first) is not None
    await settled(world)

    allow_bot_again(world)
    await settled(world)

    shown = stored_board(world, first.id)
    waiting = next(f for f in shown["fields"] if f["name"] == "Waiting for")
    assert waiting["value"] == "bob"
    assert shown["description"] == board_embed(session, "en").description


async def test_game_status_where_the_bot_cannot_see_the_channel_logs_no_error(world, caplog):
    """/game status answers with the board (an interaction's answer); the old board's edit into
    a line pointing down to it is refused (Missing Access): the host is told, as for any
    refusal, and nothing is logged as an error."""
    alice, bob = world.members[:2]
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)
    await open_game(world, alice, "thegame", [bob])
    deny_bot(world, view_channel=True)

    status = await bob.slash(world.channel, "game status")
    await settled(world)

    assert status.response.embeds[0].title == "The Game"
    assert errors(caplog) == []
