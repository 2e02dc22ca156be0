"""/config: server defaults, for members with Manage Server only."""

from __future__ import annotations

import time

import pytest
from discord.app_commands import CheckFailure
from simcord import SetupError

from tests.bot.driver import act_once, board, only_session, open_game


async def test_config_is_hidden_from_members_without_manage_server(world):
    with pytest.raises(SetupError, match="default-member-permissions"):
        await world.members[0].slash(world.channel, "config show")


async def test_the_bot_refuses_config_to_a_non_admin_even_if_the_command_is_opened_to_all(world):
    commands = await world.env.bot.tree.fetch_commands()
    config = next(c for c in commands if c.name == "config")
    world.guild.set_command_permissions(config, {world.guild.default_role: True})
    result = await world.members[0].slash(world.channel, "config timer", turn_seconds=30)
    assert result.ephemeral
    assert "Manage Server" in result.response.content
    assert (await world.env.bot.runtime.config(world.guild.id)).turn_seconds == 120
    # discord.py reports the refused check to the tree, which answered it already.
    assert [type(e) for e in world.env.errors] == [CheckFailure]


async def test_admin_sets_defaults_that_new_games_use_and_show_lists_them(world):
    ada = world.admin
    saved = await ada.slash(
        world.channel, "config option", game="thegame", name="expert", value="yes"
    )
    assert saved.ephemeral and saved.response.content.startswith("Saved.")
    shown = await ada.slash(world.channel, "config show")
    assert "Expert: at least three cards a turn = yes" in shown.response.content
    await open_game(world, world.members[0], "thegame", [world.members[1]])
    (session,) = world.env.bot.runtime.sessions.values()
    assert session.state.options.expert is True
    assert session.state.minimum == 3


async def test_bad_config_values_get_a_clear_error_and_change_nothing(world):
    ada = world.admin
    bad = await ada.slash(
        world.channel, "config option", game="thegame", name="expert", value="perhaps"
    )
    assert (
        bad.response.content
        == "The option “Expert: at least three cards a turn” cannot be “perhaps”."
    )
    unknown = await ada.slash(world.channel, "config option", game="zero", name="colour", value="1")
    assert unknown.response.content == "This game has no option “colour”."
    cfg = await world.env.bot.runtime.config(world.guild.id)
    assert cfg.defaults == {}


async def test_public_language_and_turn_clock(world):
    ada = world.admin
    await ada.slash(world.channel, "config language", value="ru")
    await ada.slash(world.channel, "config timer", turn_seconds=0)
    board = await open_game(world, world.members[0], "thegame", [world.members[1]])
    embed = board.embeds[0]
    assert "Колода: 84 карты" in embed.description
    assert "<t:" not in "".join(f.value for f in embed.fields)


@pytest.mark.both_databases
async def test_a_running_game_takes_a_new_clock_from_its_next_turn_and_it_survives_restarts(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    assert session.record.deadline == pytest.approx(time.time() + 120, abs=2)

    await world.admin.slash(world.channel, "config timer", turn_seconds=30)
    while session.to_act() == {0}:  # alice plays her turn; bob's clock is the new one
        assert await act_once(alice, board(world)) is not None
    assert session.record.deadline == pytest.approx(time.time() + 30, abs=2)

    await world.restart()
    cfg = await world.env.bot.runtime.config(world.guild.id)
    assert cfg.turn_seconds == 30
