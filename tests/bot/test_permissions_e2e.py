"""A channel where the bot may not post: no game starts there, and the member is told why.

The answers to clicks and commands reach members whatever the channel allows; the bot's own
posts (notices, results) do not, so a game there would fall silent. Each test takes one of the
bot's permissions away in the channel, as an admin would in its settings.
"""

from __future__ import annotations

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.client import INVITE_PERMISSIONS
from bot.guild_config import GuildConfig
from cogs.permissions import needed
from tests.bot.test_rematch_e2e import finished_game


def deny_bot(world, **permissions: bool) -> None:
    """The channel's settings take these permissions from the bot."""
    backend = world.env.backend
    denied = discord.Permissions(**permissions).value
    backend.set_overwrite(
        world.channel.id,
        Overwrite(target_id=backend.bot_user.id, type=OverwriteType.MEMBER, deny=denied),
    )


async def test_no_lobby_opens_where_the_bot_cannot_post_and_the_member_is_told_what_is_missing(
    world,
):
    deny_bot(world, send_messages=True, embed_links=True)
    alice = world.members[0]

    asked = await alice.slash(world.channel, "newgame", game="thegame")

    assert asked.ephemeral
    assert asked.response.content == (
        "I cannot run a game here: I am missing these permissions: **Send Messages**, "
        "**Embed Links**. An admin can grant them in the channel's settings, under Permissions."
    )
    assert world.env.bot.runtime.sessions == {}
    assert world.channel.history() == []


async def test_a_russian_member_reads_the_missing_permissions_as_discord_names_them(world):
    deny_bot(world, view_channel=True)
    ivan = world.member("ivan", locale="ru")

    asked = await ivan.slash(world.channel, "newgame", game="zero")

    # Without it nothing else is allowed: it is the one to grant.
    assert asked.response.content == (
        "Здесь я не могу провести игру: у меня нет права **Просматривать канал**. "
        "Администратор может выдать его в настройках канала, в разделе «Права доступа»."
    )
    assert world.env.bot.runtime.sessions == {}


async def test_without_attach_files_the_pictures_can_be_turned_off_and_the_game_plays(world):
    deny_bot(world, attach_files=True)
    alice = world.members[0]

    refused = await alice.slash(world.channel, "newgame", game="thegame")
    assert "missing the **Attach Files** permission" in refused.response.content
    assert "`/config images value:no`" in refused.response.content
    assert world.env.bot.runtime.sessions == {}

    await world.admin.slash(world.channel, "config images", value="off")
    opened = await alice.slash(world.channel, "newgame", game="thegame")
    assert not opened.ephemeral and opened.response.embeds[0].title == "🎲 The Game — lobby"
    assert len(world.env.bot.runtime.sessions) == 1


async def test_with_threads_on_the_bot_needs_to_open_threads_and_post_in_them(world):
    await world.admin.slash(world.channel, "config threads", value=True)
    deny_bot(world, create_public_threads=True, send_messages=True)
    alice = world.members[0]

    asked = await alice.slash(world.channel, "newgame", game="thegame")

    # Its posts go to the game's thread, so the channel's own Send Messages is not needed.
    assert "missing the **Create Public Threads** permission. An admin" in asked.response.content
    assert world.env.bot.runtime.sessions == {}
    assert world.channel.threads == []  # no empty thread left behind


async def test_a_rematch_is_refused_once_the_bot_may_no_longer_post_there(world):
    results, _ = await finished_game(world)
    deny_bot(world, send_messages=True)
    bob = world.members[1]

    again = await bob.click(results, label="🔁 Play again")

    assert again.ephemeral and "**Send Messages**" in again.response.content
    assert world.env.bot.runtime.sessions == {}
    assert world.channel.last_message.id == results.id


def test_the_invite_asks_for_everything_a_game_needs_in_a_channel_or_its_threads():
    channel = object()  # a text channel's kind does not matter once the thread is asked for
    for cfg in (GuildConfig(), GuildConfig(images=False)):
        for new_thread in (False, True):
            assert needed(channel, cfg, new_thread=new_thread) <= INVITE_PERMISSIONS
