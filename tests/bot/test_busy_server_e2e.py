"""A busy server's day: several lobbies and games at once, in channels and in threads, members
in more than one of them, /game typed in the wrong place, settings changed between games.
"""

from __future__ import annotations

import logging

from simcord.enums import ChannelType

from tests.bot.driver import (
    click_verb,
    held_writes,
    open_game,
)


def errors(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def runtime(world):
    return world.env.bot.runtime


def texts_of(result) -> list[str]:
    first = result.response.content if result.response else ""
    return [first or "", *(f.content or "" for f in result.followups)]


async def threads_on(world) -> None:
    await world.admin.slash(world.channel, "config threads", value=True)


# --- threads ---


async def test_newgame_with_options_refused_by_the_server_leaves_no_empty_thread(world, caplog):
    """Threads on, and the admins keep options to themselves (`/config host-options
    value:False`). Alice types `/newgame game:zero options:...`: she is told only admins set
    options, and no lobby opens, so no thread named "Zero" may be left behind in #games."""
    await threads_on(world)
    await world.admin.slash(world.channel, "config host-options", value=False)
    alice = world.members[0]

    asked = await alice.slash(world.channel, "newgame", game="thegame", options="expert=yes")

    assert "On this server only admins set game options (/config)." in texts_of(asked)
    assert runtime(world).sessions == {}
    assert world.channel.threads == []  # no empty thread for a lobby that never opened
    assert errors(caplog) == []


async def test_a_second_newgame_while_the_first_lobby_is_written_keeps_the_members_cap(
    world, caplog, monkeypatch
):
    """Threads on, one open lobby per member (`/config lobbies per_member:1`). Alice sends
    `/newgame` twice in a row while the disk is slow (the first lobby is still being written).
    The second is refused ("You already host an open lobby here. Start or cancel it first.")
    and leaves no thread: she hosts one lobby, in one thread."""
    await threads_on(world)
    await world.admin.slash(world.channel, "config lobbies", per_member=1)
    alice = world.members[0]
    writes = held_writes(world, monkeypatch)
    await writes.acquire()
    first = await alice.slash(world.channel, "newgame", game="zero")
    second = await alice.slash(world.channel, "newgame", game="thegame")
    writes.release()
    await world.env.settle()

    assert texts_of(first)[-1].startswith("Your lobby is open in <#")
    assert "You already host an open lobby here. Start or cancel it first." in texts_of(second)
    assert len(runtime(world).sessions) == 1
    assert len(world.channel.threads) == 1
    assert errors(caplog) == []


# --- /game typed where another game is played ---


async def test_an_admin_who_plays_elsewhere_ends_the_game_of_the_channel_he_types_in(world, caplog):
    """The admin plays Zero with alice in #games. In #cards, bob and carol play Zero too, and
    the admin (Manage Server) types `/game end` there to stop it. He is asked about the game
    he typed it next to, and confirming ends #cards' game: not his own game in #games."""
    alice, bob, carol = world.members
    admin = world.admin
    games = world.channel
    await open_game(world, admin, "zero", [alice])
    cards = world.guild.create_text_channel("cards")
    world.channel = cards
    await open_game(world, bob, "zero", [carol])
    sessions = {s.record.channel_id: s for s in runtime(world).sessions.values()}
    mine, theirs = sessions[games.id], sessions[cards.id]

    asked = await admin.slash(cards, "game end")
    assert asked.response.content == "End **Zero** for everyone? No result will be recorded."
    await admin.click(asked.response.message, label="Yes, end it")

    assert theirs.record.status == "abandoned"
    assert mine.record.status == "running"  # the admin's own game goes on
    assert errors(caplog) == []


async def test_an_admin_who_plays_elsewhere_can_kick_from_the_channel_he_types_in(world, caplog):
    """The admin plays Zero with alice in #games; in #cards bob hosts Zero with carol, who is
    away. The admin types `/game kick member:@carol` in #cards: the AI takes carol's seat
    there, instead of "That member is not playing in this game." (about the admin's own)."""
    alice, bob, carol = world.members
    admin = world.admin
    await open_game(world, admin, "zero", [alice])
    cards = world.guild.create_text_channel("cards")
    world.channel = cards
    await open_game(world, bob, "zero", [carol])

    asked = await admin.slash(cards, "game kick", member=carol)

    assert asked.response.content == f"The AI plays <@{carol.id}>'s seat now."
    assert errors(caplog) == []


async def test_a_member_in_two_thread_lobbies_is_asked_which_one_she_leaves(world, caplog):
    """Threads on: alice's and bob's lobbies each have a thread of #games, and carol joined
    both. She types `/game leave` in #games itself (no game is played there): she is in two,
    so she is asked to use it in the thread of the one she means, as anywhere else on the
    server, instead of being silently taken out of one of them."""
    alice, bob, carol = world.members
    await threads_on(world)
    await alice.slash(world.channel, "newgame", game="zero")
    await bob.slash(world.channel, "newgame", game="zero")
    first, second = world.channel.threads
    await click_verb(carol, first.last_message, "join")
    await click_verb(carol, second.last_message, "join")

    asked = await carol.slash(world.channel, "game leave")

    places = ", ".join(sorted([f"<#{first.id}>", f"<#{second.id}>"]))
    assert asked.response.content == (
        "You are playing more than one game on this server: use this command in the channel "
        f"of the one you mean ({places})."
    )
    assert all(s.seat_of(carol.id) is not None for s in runtime(world).sessions.values())
    assert errors(caplog) == []


async def test_game_status_in_the_parent_channel_does_not_tell_a_non_player_of_his_game(world):
    """Threads on: bob and carol play Zero in a thread of #games. The admin, who plays
    nothing, types `/game status` in #games: he is not told "Your game is being played in
    <#thread>" (he has no game)."""
    bob, carol = world.members[1:]
    await threads_on(world)
    await bob.slash(world.channel, "newgame", game="zero")
    (thread,) = world.channel.threads
    await click_verb(carol, thread.last_message, "join")
    await click_verb(bob, thread.last_message, "start")

    asked = await world.admin.slash(world.channel, "game status")

    assert asked.ephemeral
    assert asked.response.content == "You have no game running here."


async def test_newgame_inside_a_game_thread_does_not_advise_turning_on_threads(world):
    """Threads are on; bob types `/newgame` inside the thread where alice's game is played.
    He is refused (the thread is the game's), but not told to "ask an admin to turn on threads"
    (they are on): the advice must fit a server whose games already get threads."""
    alice, bob = world.members[:2]
    await threads_on(world)
    await alice.slash(world.channel, "newgame", game="zero")
    (thread,) = world.channel.threads

    asked = await bob.slash(thread, "newgame", game="thegame")

    assert asked.response.content == (
        "This thread already has a game or a lobby. Type /newgame in the channel: each game "
        "gets a thread of its own."
    )


# --- /games ---


async def test_games_lists_a_game_in_a_private_thread_to_its_own_players(world, caplog):
    """Alice opens a private thread of #games, adds bob, and they play Zero there. Carol, who
    is not in the thread, does not see it in /games; alice and bob, its players, do."""
    alice, bob, carol = world.members
    backend = world.env.backend
    backend.create_thread(world.channel.id, "secret", alice.id, type=ChannelType.PRIVATE_THREAD)
    await world.env.settle()
    (thread,) = world.channel.threads
    backend.add_thread_member(thread.id, bob.id)
    await world.env.settle()
    await alice.slash(thread, "newgame", game="zero")
    await click_verb(bob, thread.last_message, "join")
    await click_verb(alice, thread.last_message, "start")

    seen = {
        member.name: (await member.slash(world.channel, "games")).response.embeds[0].description
        for member in (alice, bob, carol)
    }

    assert seen["carol"].startswith("No lobby is open")
    for player in ("alice", "bob"):
        assert seen[player].startswith("▶️ **Zero** · [game]("), seen[player]
        assert seen[player].endswith(f"in <#{thread.id}> · alice, bob")
    assert errors(caplog) == []


# --- /newgame options typed as members type them ---


async def test_the_options_syntax_hint_names_an_option_of_the_game_being_opened(world):
    """Ivan (Russian Discord) types `/newgame game:zero options:новички да` (a space instead of
    `=`). The refusal shows how to write options with an example of Zero's own, and the example,
    typed as shown, opens the lobby."""
    ivan = world.member("ivan", locale="ru")

    asked = await ivan.slash(world.channel, "newgame", game="zero", options="новички да")

    assert asked.response.content == (
        "Не удалось разобрать «новички». Пишите настройки в виде имя=значение, например новички=да."
    )
    await ivan.slash(world.channel, "newgame", game="zero", options="новички=да")
    (session,) = runtime(world).sessions.values()
    assert session.record.options["beginner_market"] is True
