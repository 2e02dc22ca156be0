"""The lobby, from /newgame to Start: what each member reads of it after each change made
elsewhere (by an admin's /config, a kick, the clock), and what a refusal tells them."""

from __future__ import annotations

from tests.bot.driver import click_verb, components

ADMINS_CHOOSE = "On this server the admins choose the options (/config option)."


def now(world, message, channel=None):
    """The message as it stands now in its channel."""
    return next(m for m in (channel or world.channel).history() if m.id == message.id)


def option_controls(message) -> list[dict]:
    """The lobby's toggles and selects of its variants."""
    return [c for c in components(message) if c["custom_id"].startswith(("tb:ltog:", "tb:lopt:"))]


def description(message) -> list[str]:
    return message.embeds[0].description.splitlines()


def said(world) -> list[str]:
    """What the bot posted as plain text in the channel."""
    return [m.content for m in world.channel.history() if m.content]


# --- /config host-options while a lobby is open ---


async def test_locking_the_options_redraws_an_open_lobby_that_already_plays_the_servers(world):
    """Alice opens Zero with the server's options (she changed nothing); the admin then keeps
    the options to the admins (/config host-options value:False). The lobby everyone sees
    must now say the admins choose, and no longer offer toggles and selects that only answer
    "On this server only admins set game options"."""
    alice = world.members[0]
    await alice.slash(world.channel, "newgame", game="zero")
    lobby = world.channel.last_message
    assert option_controls(lobby)

    await world.admin.slash(world.channel, "config host-options", value=False)
    await world.env.settle()

    lobby = now(world, lobby)
    assert description(lobby)[-1] == ADMINS_CHOOSE
    assert option_controls(lobby) == []


async def test_unlocking_the_options_gives_an_open_lobby_its_controls_back(world):
    """The admins keep the options; Alice's lobby says so and has no controls. The admin
    gives the choice back to the hosts (/config host-options value:True): the lobby must stop
    saying the admins choose and offer Alice its toggles and selects again."""
    alice = world.members[0]
    await world.admin.slash(world.channel, "config host-options", value=False)
    await alice.slash(world.channel, "newgame", game="zero")
    lobby = world.channel.last_message
    assert description(lobby)[-1] == ADMINS_CHOOSE and option_controls(lobby) == []

    await world.admin.slash(world.channel, "config host-options", value=True)
    await world.env.settle()

    lobby = now(world, lobby)
    assert ADMINS_CHOOSE not in description(lobby)
    assert option_controls(lobby)


# --- /config afk lobby_minutes while a lobby is open ---


async def test_an_open_lobby_closes_after_the_lobby_time_the_admin_set_since(world):
    """Alice's lobby opens under the default 15 minutes; the admin gives lobbies an hour
    (/config afk lobby_minutes:60), which /config show now states. Twenty minutes in, the
    lobby must still be open (it would be after a restart of the bot, which arms the expiry
    from the current setting), and it closes after the hour, saying so."""
    alice = world.members[0]
    await alice.slash(world.channel, "newgame", game="zero")
    await world.admin.slash(world.channel, "config afk", policy="ai", lobby_minutes=60)

    await world.env.advance_time(20 * 60)
    assert said(world) == []
    assert len(world.env.bot.runtime.sessions) == 1

    await world.env.advance_time(41 * 60)
    assert said(world) == ["The lobby has closed: nobody started the game within 60 minutes."]
    assert world.env.bot.runtime.sessions == {}


# --- /game kick in a lobby ---


async def test_an_admin_who_removes_the_only_member_of_a_lobby_is_told_it_closed(world):
    """Alice's lobby of The Game holds her and an AI seat. An admin removes her
    (/game kick member:@alice): nobody is left to host it, so the lobby closes. The admin must
    be told it closed, not that "alice's seat in the lobby is free again"."""
    alice = world.members[0]
    await alice.slash(world.channel, "newgame", game="thegame")
    lobby = world.channel.last_message
    await click_verb(alice, lobby, "addai")

    kicked = await world.admin.slash(world.channel, "game kick", member=alice)
    await world.env.settle()

    assert world.env.bot.runtime.sessions == {}
    assert description(now(world, lobby)) == ["This lobby was closed."]
    assert kicked.response.content == (
        f"{alice.mention} was the last member in the lobby, so it was closed."
    )


# --- typed options ---


async def test_a_typed_option_that_needs_another_is_refused_naming_what_it_needs(world):
    """Bob types one option, `goal_count=3` for Mind Up! (goal cards are off by default) or
    `expert_endgame_min=yes` for The Game (expert is off). Each is refused, naming the option
    it needs and how to type both."""
    bob = world.members[1]
    goals = await bob.slash(world.channel, "newgame", game="mindup", options="goal_count=3")
    assert goals.ephemeral and not world.env.bot.runtime.sessions
    assert goals.response.content == (
        "goal_count=3 goes only with goals=per_round: type both, `goals=per_round goal_count=3`."
    )

    endgame = await bob.slash(
        world.channel, "newgame", game="thegame", options="expert_endgame_min=yes"
    )
    assert endgame.ephemeral and not world.env.bot.runtime.sessions
    assert endgame.response.content == (
        "expert_endgame_min=yes goes only with expert=yes: type both, "
        "`expert=yes expert_endgame_min=yes`."
    )
