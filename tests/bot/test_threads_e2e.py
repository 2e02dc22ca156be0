"""Games played in threads, across a game's life: a thread Discord archives once it is quiet, a
lobby cancelled in the thread opened for it, the bot's permissions in threads taken away, and
"Play again" where a game already waits.

SimCord models a thread's `archived` flag as Discord announces it (THREAD_UPDATE, after which
discord.py drops the thread from its cache), but not what Discord refuses in an archived or a
locked thread (error 50083 on an edit, a locked thread refusing posts): those are not tested.
"""

from __future__ import annotations

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from tests.bot.driver import click_verb
from tests.bot.test_stats_e2e import zero_by_passing


async def threads_on(world) -> None:
    await world.admin.slash(world.channel, "config threads", value=True)


async def a_thread_of(world, owner, name: str = "zero night"):
    """A public thread of the channel, made by a member."""
    world.env.backend.create_thread(world.channel.id, name, owner.id)
    await world.env.settle()
    (thread,) = world.channel.threads
    return thread


async def auto_archived(world, thread) -> None:
    """Discord archives a thread after its inactivity period (a day by default): the thread is
    still there, readable by whoever sees its channel, under the channel's older threads."""
    world.env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})
    await world.env.settle()


def open_threads(world) -> list[str]:
    """The names of the channel's threads members see listed as open (not archived)."""
    active = world.env.backend.active_threads(world.guild.id)
    return [thread.name for thread in active if thread.parent_id == world.channel.id]


def deny_bot(world, channel, **permissions: bool) -> None:
    """The channel's settings take these permissions from the bot (its threads included)."""
    backend = world.env.backend
    denied = discord.Permissions(**permissions).value
    backend.set_overwrite(
        channel.id,
        Overwrite(target_id=backend.bot_user.id, type=OverwriteType.MEMBER, deny=denied),
    )


async def test_a_finished_game_in_a_thread_stays_in_history_once_discord_archives_the_thread(world):
    """Alice and Bob play Zero in "zero night", a public thread of #games that Alice made.
    A day later Discord archives the quiet thread. Carol, who reads #games and so the thread,
    still finds the game in /history, and the Replay button under its results (in the very
    thread she is reading) replays it for her: an archived public thread is not hidden (Discord
    drops it from the bot's cache, so the game is read as its channel's)."""
    alice, bob, carol = world.members
    parent = world.channel
    thread = await a_thread_of(world, alice)
    world.channel = thread  # zero_by_passing plays where world.channel is
    game_id = await zero_by_passing(world, alice, [bob])
    results = thread.last_message

    await auto_archived(world, thread)

    history = await carol.slash(parent, "history")
    listed = history.response.embeds[0].description
    assert game_id in listed, listed
    replay = await carol.click(results, label="Replay")
    assert replay.response.embeds, replay.response.content
    assert replay.response.embeds[0].title == "🎬 Zero — the start"


async def test_a_lobby_cancelled_in_its_own_thread_does_not_leave_the_thread_open(world):
    """Threads on: Alice opens a Zero lobby (the bot opens the thread "Zero" for it) and cancels
    it at once. Nothing will be played there: the bot archives the thread, so that /newgame
    then Cancel does not leave one more open thread in #games each time."""
    alice = world.members[0]
    await threads_on(world)
    await alice.slash(world.channel, "newgame", game="zero")
    (thread,) = world.channel.threads
    assert open_threads(world) == ["Zero"]

    await click_verb(alice, thread.last_message, "cancel")
    await world.env.settle()

    assert world.env.bot.runtime.sessions == {}
    assert open_threads(world) == []


async def test_play_again_in_the_channel_is_not_refused_as_a_busy_thread(world):
    """Zero was played in #games itself, then the admin turned threads on. Bob clicks
    "Play again" under the results: the rematch's lobby opens there, in #games. Alice clicks
    it a moment later and is refused, told of the channel she is in (not of a thread)."""
    alice, bob = world.members[:2]
    await zero_by_passing(world, alice, [bob])
    results = world.channel.last_message
    await threads_on(world)
    await bob.click(results, label="🔁 Play again")

    refused = await alice.click(results, label="🔁 Play again")

    assert refused.ephemeral
    text = refused.response.content
    assert text.startswith("This channel already has a game or a lobby."), text
    assert "thread already" not in text


async def test_the_host_told_the_bot_may_not_post_in_the_thread_is_sent_to_the_channels_settings(
    world,
):
    """Threads on: Alice and Bob play Zero in its thread. An admin takes Send Messages in
    Threads from the bot in #games, and Bob leaves the game (its notice cannot be posted).
    Alice, the host, gets a DM saying what is missing, and sends her to #games' settings, where
    thread permissions are set: a thread has no Permissions settings of its own."""
    alice, bob = world.members[:2]
    parent = world.channel
    await threads_on(world)
    await alice.slash(parent, "newgame", game="zero")
    (thread,) = parent.threads
    await click_verb(bob, thread.last_message, "join")
    await click_verb(alice, thread.last_message, "start")
    await world.env.settle()
    deny_bot(world, parent, send_messages_in_threads=True)
    await world.env.settle()

    asked = await bob.slash(thread, "game leave")
    await bob.click(asked.response.message, label="Yes, leave")
    await world.env.settle()

    told = alice.user.dm_channel.last_message.content
    assert "**Send Messages in Threads**" in told, told
    assert f"<#{parent.id}>" in told, told


async def test_a_thread_the_bot_opens_for_a_game_stays_listed_through_a_week_of_quiet(world):
    """A game may wait long on a slow player: the thread the bot opens for it is hidden by
    Discord only after a week without a message, the longest Discord allows."""
    await threads_on(world)
    await world.members[0].slash(world.channel, "newgame", game="zero")
    (thread,) = world.channel.threads
    assert world.env.backend.get_channel(thread.id).thread_metadata.auto_archive_duration == 10080
