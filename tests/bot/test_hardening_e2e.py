"""A hostile member or a forged request cannot ping, inject markdown, flood, or act elsewhere."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.i18n import t
from bot.runtime import GameError
from cogs.games import known
from tests.bot.driver import board, components, only_session, open_game, ready_move, take_first

HALF_TURN = 61


def forge(world: Any, message: Any, custom_id: str) -> None:
    """Rewrite the first component of a message as a tampered client would send it."""
    stored = world.env.backend.get_message(message.channel.id, message.id)
    stored.components[0]["components"][0]["custom_id"] = custom_id


def public_messages(world: Any) -> list[discord.Message]:
    return world.channel.history()


async def test_names_are_shown_as_typed_and_ping_nobody(world):
    evil = world.member("@everyone [Nitro](https://x.co)")
    alice = world.members[0]
    await open_game(world, evil, "mindup", [alice], ai=1)
    for actor in (evil, alice):  # both choose: the reveal names everyone
        panel = (await actor.click(board(world), label="My hand")).response
        await take_first(actor, panel)

    latest = board(world).embeds[0]
    texts = [m.content for m in public_messages(world)]
    shown = "\n".join([*texts, latest.description or "", *(f.value for f in latest.fields)])
    assert "[Nitro](https://x.co)" not in shown
    assert "\\[Nitro\\]" in shown  # the name reads as typed, not as a link
    for message in public_messages(world):
        assert not message.mention_everyone and not message.role_mentions


async def test_a_reminder_pings_exactly_the_player_it_waits_for(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    await world.env.advance_time(HALF_TURN)
    reminder = world.channel.last_message
    assert reminder.content.startswith("⏳")
    assert [user.id for user in reminder.mentions] == [alice.id]
    assert not reminder.mention_everyone


async def test_a_huge_option_text_is_refused_briefly_and_quoted_short(world):
    alice = world.members[0]
    junk = "x" * 1950
    result = await alice.slash(world.channel, "newgame", game="zero", options=junk)
    assert result.ephemeral
    assert "Write options as name=value" in result.response.content
    assert len(result.response.content) < 300 and junk not in result.response.content
    assert world.env.errors == []
    assert world.env.bot.runtime.sessions == {}


def test_an_unknown_game_is_refused_with_a_reason():
    # Discord (and SimCord) offer only our games; a forged request may name any.
    with pytest.raises(GameError) as refused:
        known("chess")
    assert t("en", refused.value.key) == "There is no such game here. Pick one from the list."
    assert t("ru", refused.value.key) == "Такой игры здесь нет. Выберите игру из списка."


async def test_a_manager_of_another_server_cannot_end_a_game_here(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    # Another server, where the intruder may manage everything, with a game of its own.
    other = world.env.create_guild("Elsewhere")
    channel = other.create_text_channel("games")
    admins = other.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    intruder = other.add_member(world.env.create_user("mallory"), roles=[admins])
    await intruder.slash(channel, "newgame", game="zero")
    asked = await intruder.slash(channel, "game end")
    forge(world, asked.response.message, f"tb:ok:{session.id}:end")

    result = await intruder.click(asked.response.message, custom_id=f"tb:ok:{session.id}:end")

    assert result.response.content == "Only the host can do that."
    assert session.running and session.id in world.env.bot.runtime.sessions


async def test_a_panel_action_forged_onto_the_board_never_turns_the_board_into_a_panel(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    panel = (await alice.click(board_message, label="My hand")).response
    ready = await ready_move(alice, panel)
    assert ready is not None
    forged = ready[1]["custom_id"]  # a card on a pile
    forge(world, board_message, forged)

    result = await alice.click(board_message, custom_id=forged)

    assert session.state.version == 1  # the card was played: it was alice's to play
    assert result.ephemeral  # she got her panel privately
    shown = next(m for m in world.channel.history() if m.id == board_message.id)
    assert shown.embeds[0].title == "The Game"  # the board is still the board
    assert "Your cards" not in (shown.embeds[0].description or "")


@pytest.mark.both_databases
async def test_a_kicked_member_can_neither_take_the_seat_back_nor_play(world):
    alice, bob, carol = world.members
    await world.admin.slash(world.channel, "config afk", policy="ai", takeover_after=1)
    board_message = await open_game(world, alice, "thegame", [bob, carol])
    session = only_session(world)
    await world.env.advance_time(121)  # alice's clock runs out: the AI takes her seat
    notice = next(m for m in reversed(world.channel.history()) if m.content.startswith("🤖"))

    kicked = await alice.slash(world.channel, "game kick", member=bob)
    assert kicked.ephemeral and bob.mention in kicked.response.content
    await world.env.settle()
    seats = board(world).embeds[0].fields[0].value.splitlines()
    # For good, unlike alice's timeout; the host's seat says both.
    assert seats[:2] == [
        "1. alice (host · the AI plays for now)",
        "2. bob (the AI plays to the end)",
    ]

    removed = "You were removed from this game, so you can no longer play in it."
    for attempt in (
        await bob.click(notice, label="Take my seat back"),
        await bob.click(board_message, label="My hand"),
    ):
        assert attempt.ephemeral and attempt.response.content == removed
    assert [(s.ai, s.kicked) for s in session.record.seats][1] == (True, True)

    await world.restart()  # the kick is stored, not only remembered
    again = await bob.click(board_message, label="My hand")
    assert again.response.content == removed
    back = await alice.click(notice, label="Take my seat back")  # alice only timed out
    assert "You have your seat back" in back.response.content


async def test_the_host_cannot_kick_themselves_and_is_pointed_to_leaving(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    seats = list(session.record.seats)

    refused = await alice.slash(world.channel, "game kick", member=alice)

    assert refused.ephemeral and "/game leave" in refused.response.content
    assert session.running and session.record.seats == seats
    await world.env.settle()
    assert not any("removed" in m.content for m in world.channel.history())


async def test_open_lobbies_are_capped_per_member_and_per_server(world):
    alice, bob, carol = world.members
    await world.admin.slash(world.channel, "config lobbies", per_member=1, per_server=2)
    more = [world.guild.create_text_channel(f"games-{n}") for n in range(3)]
    await alice.slash(world.channel, "newgame", game="zero")

    again = await alice.slash(more[0], "newgame", game="zero")
    assert (
        again.response.content == "You already host an open lobby here. Start or cancel it first."
    )
    await bob.slash(more[0], "newgame", game="zero")
    third = await carol.slash(more[1], "newgame", game="zero")
    assert third.response.content.startswith("This server already has 2 open lobbies.")
    assert len(world.env.bot.runtime.sessions) == 2
    assert more[1].last_message is None and more[0].last_message is not None


async def test_a_leave_and_a_kick_are_announced_and_only_the_one_who_left_may_come_back(world):
    alice, bob, carol = world.members
    board_message = await open_game(world, alice, "thegame", [bob, carol])
    session = only_session(world)

    asked = await carol.slash(world.channel, "game leave")
    labels = [c["label"] for c in components(asked.response)]
    assert labels == ["Yes, leave", "Cancel"]
    kept = await carol.click(asked.response.message, label="Cancel")
    assert kept.response.content == "Nothing changed." and not components(kept.response)
    assert session.record.seats[2].ai is False
    asked = await carol.slash(world.channel, "game leave")
    await carol.click(asked.response.message, label="Yes, leave")
    left = world.channel.last_message
    assert left.content.startswith("🚪") and "left the game" in left.content

    await alice.slash(world.channel, "game kick", member=bob)
    kicked = world.channel.last_message
    assert kicked.content.startswith("🚪") and "was removed from the game" in kicked.content
    dms = [m.content for m in bob.user.dm_channel.history()]  # bob hears it privately too
    assert any("You were removed from **The Game**" in text for text in dms)

    back = await carol.click(left, label="Take my seat back")
    assert "You have your seat back" in back.response.content
    assert [s.ai for s in session.record.seats] == [False, True, False]
    refused = await bob.click(board_message, label="My hand")
    assert "You were removed from this game" in refused.response.content
