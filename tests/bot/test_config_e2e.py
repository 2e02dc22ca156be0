"""/config: server defaults, for members with Manage Server only."""

from __future__ import annotations

import time

import pytest
from discord.app_commands import CheckFailure
from simcord import SetupError

from tests.bot.driver import act_once, board, components, only_session, open_game


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


def control(panel, option):
    """The toggle or select of one option in a defaults panel."""
    return next(c for c in components(panel) if c["custom_id"].split(":")[3] == option)


async def test_admin_sets_defaults_from_the_lists_and_new_games_use_them(world):
    ada = world.admin
    asked = await ada.slash(world.channel, "config option", game="thegame")
    panel = asked.response
    assert asked.ephemeral and panel.embeds[0].title == "The Game: this server's default options"
    expert = control(panel, "expert")
    assert expert["label"] == "⬜ Expert: at least three cards a turn"
    saved = await ada.click(panel.message, custom_id=expert["custom_id"])
    assert "Expert: at least three cards a turn: **yes**" in saved.response.embeds[0].description
    assert control(saved.response, "expert")["label"] == "✅ Expert: at least three cards a turn"
    shown = await ada.slash(world.channel, "config show")
    assert "Expert: at least three cards a turn = yes" in shown.response.content
    await open_game(world, world.members[0], "thegame", [world.members[1]])
    (session,) = world.env.bot.runtime.sessions.values()
    assert session.state.options.expert is True
    assert session.state.minimum == 3


async def test_defaults_offer_only_what_every_table_of_the_game_can_play(world):
    ada = world.admin
    panel = (await ada.slash(world.channel, "config option", game="mindup")).response
    count = control(panel, "goal_count")
    assert count["disabled"] and [o["label"] for o in count["options"]] == [
        "Goals active at once: 1"
    ]
    goals = control(panel, "goals")
    fixed = await ada.select(panel.message, ["fixed"], custom_id=goals["custom_id"])
    assert [o["value"] for o in control(fixed.response, "goal_count")["options"]] == ["3", "4", "5"]
    assert "Goals active at once: **3**" in fixed.response.embeds[0].description
    zero = (await ada.slash(world.channel, "config option", game="zero")).response
    assert [o["label"] for o in control(zero, "start_player")["options"]] == [
        "Who plays first in round 1: seat 1",
        "Who plays first in round 1: seat 2",
    ]  # Zero is played by two at least: a third seat might not exist
    cfg = await world.env.bot.runtime.config(world.guild.id)
    assert cfg.defaults == {"mindup": {"goals": "fixed", "goal_count": 3}}


async def test_public_language_and_turn_clock(world):
    ada = world.admin
    saved = await ada.slash(world.channel, "config language", value="ru")
    # The admin reads the setting in their own language, by its name.
    assert "Language of public messages: Russian" in saved.response.content
    await ada.slash(world.channel, "config timer", turn_seconds=0)
    board = await open_game(world, world.members[0], "thegame", [world.members[1]])
    embed = board.embeds[0]
    assert "Колода: 84 карты" in embed.description
    assert "<t:" not in "".join(f.value for f in embed.fields)


@pytest.mark.both_databases
async def test_a_running_game_takes_a_new_clock_from_its_next_turn_and_it_survives_restarts(world):
    alice, bob = world.members[:2]
    started = time.time()
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    assert started + 120 <= session.record.deadline <= time.time() + 120

    await world.admin.slash(world.channel, "config timer", turn_seconds=30)
    while session.to_act() == {0}:  # alice plays her turn; bob's clock is the new one
        started = time.time()
        assert await act_once(alice, board(world)) is not None
    assert started + 30 <= session.record.deadline <= time.time() + 30

    await world.restart()
    cfg = await world.env.bot.runtime.config(world.guild.id)
    assert cfg.turn_seconds == 30
