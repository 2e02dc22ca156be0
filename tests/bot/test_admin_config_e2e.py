"""What a server admin meets in /config: every subcommand at its edges, in English and Russian,
and whether what /config says afterwards is what the server then does."""

from __future__ import annotations

from tests.bot.driver import (
    click_verb,
    components,
    only_session,
    open_game,
    open_lobby,
)


def control(message, option):
    """A lobby's or defaults panel's toggle or select of one option."""
    return next(
        c for c in components(message) if c.get("custom_id", "").split(":")[3:4] == [option]
    )


def reminders(world) -> list[str]:
    """The half-time reminders posted in the channel."""
    return [m.content for m in world.channel.history() if m.content.startswith("⏳")]


async def show(world, actor=None):
    return (await (actor or world.admin).slash(world.channel, "config show")).response.content


async def test_config_show_does_not_promise_players_a_say_the_server_gives_nobody(world):
    """An admin let every player change a lobby's options, then locked options to the admins
    (`/config host-options value:False`, `players` left out). Bob, seated in a lobby, is no
    longer offered the options, and /config show says players may not change them."""
    ada = world.admin
    alice, bob = world.members[:2]
    await ada.slash(world.channel, "config host-options", value=True, players=True)
    lobby = await open_lobby(world, alice, "thegame", [bob])
    locked = await ada.slash(world.channel, "config host-options", value=False)
    assert "Hosts may change game options: no" in locked.response.content

    assert control(lobby, "expert")
    await world.env.settle()
    redrawn = next(m for m in world.channel.history() if m.id == lobby.id)
    assert [c for c in components(redrawn) if c["custom_id"].startswith("tb:ltog:")] == []
    assert only_session(world).record.options["expert"] is False

    assert "Every player in a lobby may change its options: no" in await show(world)


async def test_a_lobby_open_when_admins_lock_the_options_takes_the_servers(world):
    """Alice opens The Game with expert and On Fire; before it starts the admin keeps options
    to the admins (/config host-options value:False), where The Game is played by the base
    rules. The lobby now shows them, says the admins choose, and the game starts with them (as
    a rematch would)."""
    ada = world.admin
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="thegame", options="expert=yes on_fire=yes")
    lobby = world.channel.last_message
    await ada.slash(world.channel, "config host-options", value=False)
    assert "**The Game**: Base game rules." in await show(world)

    await click_verb(bob, lobby, "join")
    lobby = world.channel.last_message
    description = lobby.embeds[0].description.splitlines()
    assert description[0] == "Base game rules."
    assert "• Expert: at least three cards a turn: **no**" in description
    assert description[-1] == "On this server the admins choose the options (/config option)."
    await click_verb(alice, lobby, "start")
    options = only_session(world).state.options
    assert (options.expert, options.on_fire) == (False, False)


async def test_after_the_clock_is_turned_off_and_a_restart_nobody_is_told_half_their_time_is_up_as_it_runs_out(
    world,
):
    """Alice's first turn of The Game has the 120 s clock; the admin turns the clock off
    (/config timer turn_seconds:0, which the running turn keeps, by design) and the bot restarts.
    Her turn runs out at 120 s and the AI plays it; nobody is told then that "half your time
    is up"."""
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    deadline = int(only_session(world).record.deadline)
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)
    await world.restart()

    await world.env.advance_time(60)
    assert reminders(world) == []  # no reminder at half time: it is no longer scheduled there
    await world.env.advance_time(61)
    await world.env.settle()
    assert only_session(world).record.seats[0].timeouts == 1  # her turn ran out, the AI played it
    assert reminders(world) == [], f"told at the deadline <t:{deadline}:R> that half the time is up"


async def test_where_admins_keep_the_options_newgame_suggests_none_it_would_refuse(world):
    """With /config host-options value:False, alice typing `options` in /newgame is offered no
    variant: each would be refused ("On this server only admins set game options")."""
    alice = world.members[0]
    await world.admin.slash(world.channel, "config host-options", value=False)
    suggested = await alice.autocomplete(world.channel, "newgame", "options", "exp", game="thegame")
    assert suggested == []
