"""/games: where on the server a member can join a lobby or watch a game."""

from __future__ import annotations

import discord

from cogs.messages import server_games_embed
from tests.bot.driver import click_verb, only_session, open_game, private_channel
from tests.bot.positions import running


def link(world, channel, message) -> str:
    return f"https://discord.com/channels/{world.guild.id}/{channel.id}/{message.id}"


async def test_games_lists_the_open_lobbies_first_then_the_games_with_links_to_them(world):
    alice, bob, carol = world.members
    board = await open_game(world, alice, "zero", [bob])
    playing = world.channel
    lobbies = world.guild.create_text_channel("lobbies")
    await bob.slash(lobbies, "newgame", game="thegame")
    lobby = lobbies.last_message

    listed = await carol.slash(world.guild.create_text_channel("chat"), "games")

    assert listed.ephemeral
    embed = listed.response.embeds[0]
    assert embed.title == "🎲 Games on this server"
    assert embed.description.split("\n") == [
        f"🟢 **The Game** · [lobby]({link(world, lobbies, lobby)}) in <#{lobbies.id}> "
        "· 1 of 5 seats taken: bob",
        f"▶️ **Zero** · [game]({link(world, playing, board)}) in <#{playing.id}> · alice, bob",
    ]

    await click_verb(carol, lobby, "join")  # the link led her there
    again = await carol.slash(lobbies, "games")
    assert "· 2 of 5 seats taken: bob, carol" in again.response.embeds[0].description


async def test_games_says_how_to_start_one_on_a_quiet_server_in_the_members_language(world):
    ivan = world.member("ivan", locale="ru")
    listed = await ivan.slash(world.channel, "games")
    embed = listed.response.embeds[0]
    assert embed.title == "🎲 Игры на этом сервере"
    assert embed.description == (
        "На этом сервере сейчас нет ни сборов, ни партий. Начните новую командой `/новая-игра`."
    )


async def test_a_paused_game_is_listed_as_paused_after_the_games_being_played(world):
    alice, bob = world.members[:2]
    first = world.channel
    await open_game(world, alice, "thegame", [bob])
    paused = only_session(world)
    world.channel = world.guild.create_text_channel("second")
    await open_game(world, alice, "zero", [bob])
    for member in (alice, bob):  # both leave the first game: nobody is at that table
        asked = await member.slash(first, "game leave")
        await member.click(asked.response.message, label="Yes, leave")
    assert paused.paused

    listed = await alice.slash(world.channel, "games")

    lines = listed.response.embeds[0].description.split("\n")
    assert [line.split(" ")[0] for line in lines] == ["▶️", "⏸️"]
    assert lines[1].startswith("⏸️ **The Game** · [paused](")


async def test_a_game_in_a_channel_hidden_from_a_member_is_not_listed_to_them(world):
    alice, bob, carol = world.members
    staff = private_channel(world, "staff", alice, bob)
    world.channel = staff
    await open_game(world, alice, "zero", [bob])

    seen_by_carol = await carol.slash(world.guild.create_text_channel("chat"), "games")
    seen_by_bob = await bob.slash(staff, "games")

    assert seen_by_carol.response.embeds[0].description.startswith("No lobby is open")
    assert seen_by_bob.response.embeds[0].description.startswith("▶️ **Zero** · [game](")


def test_a_busy_server_lists_what_fits_and_counts_the_rest():
    sessions = []
    for n in range(60):
        session = running("zero", 5)
        session.record.id = f"{n:08x}"
        session.record.message_id = 10**18 + n
        sessions.append(session)

    embed = server_games_embed(discord.Client(intents=discord.Intents.none()), sessions, "en")

    lines = embed.description.split("\n")
    assert len(embed.description) <= 4096
    shown = len(lines) - 1
    assert 0 < shown < 60 and lines[-1] == f"…and {60 - shown} more."
