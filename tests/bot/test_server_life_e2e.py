"""Server life around games, as admins, moderators and members live it: threads members make,
private channels, settings changed between games, messages a moderator deletes."""

from __future__ import annotations

import logging

import discord

from tests.bot.driver import (
    board,
    click_verb,
    components,
    only_session,
    open_game,
    play_to_end,
    private_channel,
)
from tests.bot.test_stats_e2e import zero_by_passing


def moderator(world):
    """A member who may delete others' messages (and nothing else)."""
    role = world.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    return world.guild.add_member(world.env.create_user("mod"), roles=[role])


def errors(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def embed_text(embed) -> str:
    return "\n".join(
        [embed.title or "", embed.description or ""]
        + [f"{f.name}\n{f.value}" for f in embed.fields]
    )


async def a_thread_of(world, owner):
    """A public thread of the channel, made by a member (as members make them every day)."""
    world.env.backend.create_thread(world.channel.id, "zero night", owner.id)
    await world.env.settle()
    (thread,) = world.channel.threads
    return thread


async def test_a_game_started_inside_a_public_thread_is_listed_and_replayable(world):
    """/newgame typed in a public thread (threads setting off): the game plays in the thread,
    /games lists it, and whoever reads the thread may replay it and finds it in /history."""
    alice, bob, carol = world.members
    parent = world.channel
    thread = await a_thread_of(world, alice)
    world.channel = thread  # zero_by_passing plays where world.channel is

    await alice.slash(thread, "newgame", game="zero")
    listed = await alice.slash(parent, "games")
    assert "**Zero**" in listed.response.embeds[0].description  # her own lobby
    await alice.click(thread.last_message, label="Cancel")

    game_id = await zero_by_passing(world, alice, [bob])
    results = thread.last_message
    replay = await carol.click(results, label="Replay")  # carol sees the thread and its results
    assert replay.ephemeral and replay.response.embeds, replay.response.content
    assert replay.response.embeds[0].title == "🎬 Zero — the start"
    history = await carol.slash(parent, "history")
    assert game_id in history.response.embeds[0].description


async def test_stats_do_not_reveal_a_game_played_in_a_channel_the_reader_cannot_see(world):
    """Alice and Bob play Zero in #staff, which Carol cannot see: neither /history nor
    `/stats member:@alice` shows Carol that game, Alice's place, score or its date."""
    alice, bob, carol = world.members
    world.channel = private_channel(world, "staff", alice, bob)
    await zero_by_passing(world, alice, [bob])
    chat = world.guild.create_text_channel("chat")

    assert (await carol.slash(chat, "history")).response.embeds[0].description == (
        "No game has finished on this server yet."
    )
    shown = await carol.slash(chat, "stats", member=alice)

    embed = shown.response.embeds[0]
    assert "Zero" not in embed_text(embed).replace(embed.title, "")
    assert embed.description == "alice has not finished a game on this server yet."


async def test_play_again_on_a_server_whose_admins_keep_the_options_uses_the_servers(world):
    """A host played Mind Up! with fixed goals; the admin then keeps options to admins
    (`/config host-options value:False`: "the server's defaults apply"). "Play again" opens a
    lobby with the server's options, as it says, not the old host's."""
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1, goals="fixed")
    await play_to_end(world, [alice, bob])
    results = world.channel.last_message
    await world.admin.slash(world.channel, "config host-options", value=False)

    again = next(c for c in components(results) if c["custom_id"].startswith("tb:again:"))
    await alice.click(results, custom_id=again["custom_id"])

    lobby = world.channel.last_message
    text = lobby.embeds[0].description
    assert "On this server the admins choose the options (/config option)." in text
    assert only_session(world).record.options["goals"] == "off"  # the server's default
    assert "the same goals all game" not in text


async def test_a_lobby_whose_message_a_moderator_deleted_can_be_posted_again(world):
    """A moderator deletes a lobby message (spam clean-up): the lobby still holds the channel
    until it expires, so `/game status` posts it again, and members can join."""
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="zero")
    await moderator(world).delete(world.channel.last_message)
    await world.env.settle()

    asked = await alice.slash(world.channel, "game status")

    lobby = world.channel.last_message
    assert not asked.ephemeral and asked.response.message.id == lobby.id
    assert lobby.embeds[0].title == "🎲 Zero — lobby"
    await click_verb(bob, lobby, "join")
    assert "bob" in embed_text(world.channel.last_message.embeds[0])
    assert len(only_session(world).record.seats) == 2


async def test_game_status_after_a_moderator_deleted_the_board_logs_no_error(world, caplog):
    """A moderator deletes a running game's board, then a player types `/game status`: the
    board comes back, and the deleted one (nothing to turn into a "moved" line) is no error."""
    alice, bob = world.members[:2]
    deleted = await open_game(world, alice, "thegame", [bob])
    await world.env.settle()
    await moderator(world).delete(deleted)
    await world.env.settle()

    await bob.slash(world.channel, "game status")
    await world.env.settle()

    assert board(world).id != deleted.id
    assert errors(caplog) == []


# --- settings changed while a lobby is open ---


async def test_a_default_changed_while_a_lobby_is_open_reaches_the_next_lobby_only(world, caplog):
    """The admin turns on Expert while a lobby is open; that lobby keeps what
    it shows (and starts with it), the next lobby opens with Expert."""
    alice, bob, carol = world.members
    await alice.slash(world.channel, "newgame", game="thegame")
    first = world.channel.last_message
    panel = (await world.admin.slash(world.channel, "config option", game="thegame")).response
    expert = next(c for c in components(panel) if c["custom_id"].split(":")[3] == "expert")
    await world.admin.click(panel.message, custom_id=expert["custom_id"])

    joined = await click_verb(bob, first, "join")
    assert "Expert: at least three cards a turn: **no**" in (joined.response.embeds[0].description)
    await click_verb(alice, first, "start")
    assert only_session(world).state.options.expert is False

    other = world.guild.create_text_channel("other")
    await carol.slash(other, "newgame", game="thegame")
    assert "Expert: at least three cards a turn: **yes**" in (
        other.last_message.embeds[0].description
    )
    assert errors(caplog) == []
