"""Variants in the lobby: every option listed with its value, changed with toggles and selects by
the host (or every player, where the server allows it), only as far as they fit the players."""

from __future__ import annotations

from tests.bot.driver import board, click_verb, components, only_session


def lines(lobby):
    return lobby.embeds[0].description.splitlines()


def control(lobby, option):
    """The toggle or select of one option on the lobby message."""
    return next(
        c
        for c in components(lobby)
        if c["custom_id"].startswith(("tb:ltog:", "tb:lopt:"))
        and c["custom_id"].split(":")[3] == option
    )


def choices(lobby, option):
    return [o["label"] for o in control(lobby, option)["options"]]


async def choose(actor, lobby, option, value):
    """Choose a value in the lobby's select; the lobby as it is redrawn."""
    custom_id = control(lobby, option)["custom_id"]
    return (await actor.select(lobby, [value], custom_id=custom_id)).response


async def toggle(actor, lobby, option):
    """Click the lobby's toggle; the answer (the lobby redrawn, or a refusal)."""
    return await actor.click(lobby, custom_id=control(lobby, option)["custom_id"])


async def verb(actor, lobby, what):
    """Click a lobby button; the answer (the lobby redrawn, or a refusal)."""
    return await click_verb(actor, lobby, what)


async def open_lobby(world, host, slug, **given):
    await host.slash(world.channel, "newgame", game=slug, **given)
    return world.channel.last_message


async def test_the_host_changes_two_variants_in_the_lobby_and_the_game_starts_with_them(world):
    alice, bob = world.members[:2]
    lobby = await open_lobby(world, alice, "thegame")
    assert lines(lobby) == [
        "Base game rules.",
        "• Expert: at least three cards a turn: **no**",
        "• One card fewer in hand: **no**",
        "• On Fire expansion: **no**",
        "• Expert minimum after the deck runs out: **no**",
        "• Who plays first: **seat 1**",
    ]
    assert control(lobby, "on_fire")["label"] == "⬜ On Fire expansion"
    assert control(lobby, "expert_endgame_min")["disabled"]  # only with expert (A5)
    assert choices(lobby, "start_seat") == ["Who plays first: seat 1"]  # alice alone so far
    lobby = (await verb(bob, lobby, "join")).response
    assert choices(lobby, "start_seat") == ["Who plays first: seat 1", "Who plays first: seat 2"]

    lobby = (await toggle(alice, lobby, "on_fire")).response
    assert "• On Fire expansion: **yes**" in lines(lobby)
    assert control(lobby, "on_fire")["label"] == "✅ On Fire expansion"
    lobby = await choose(alice, lobby, "start_seat", "1")
    assert "• Who plays first: **seat 2**" in lines(lobby)
    assert "Base game rules." not in lines(lobby)

    await world.restart()  # stored with the lobby, not only in memory
    await verb(alice, lobby, "start")

    session = only_session(world)
    assert session.state.options.on_fire and session.state.options.start_seat == 1
    assert session.to_act() == {1}
    waiting_for = {f.name: f.value for f in board(world).embeds[0].fields}["Waiting for"]
    assert waiting_for.startswith("bob")


async def test_a_russian_host_changes_two_variants_and_the_game_starts_with_them(world):
    await world.admin.slash(world.channel, "config language", value="ru")
    olga = world.member("olga", locale="ru")
    lobby = await open_lobby(world, olga, "mindup")
    assert lobby.embeds[0].title == "🎲 Mind Up! — сбор игроков"
    assert lines(lobby)[1:] == [
        "• Карты целей: **без целей**",
        "• Сколько целей действует одновременно: **1**",
        "• Второй показатель при ничьей: **бонусные значки ⁺¹/⁺²**",
    ]
    assert choices(lobby, "goals") == [
        "Карты целей: без целей",
        "Карты целей: новые цели каждый раунд",
        "Карты целей: одни и те же на всю игру",
    ]
    await verb(olga, lobby, "addai")
    lobby = (await verb(olga, lobby, "addai")).response

    lobby = await choose(olga, lobby, "goals", "per_round")
    assert len(choices(lobby, "goal_count")) == 5  # 1–5 once goals are on (R33)
    lobby = await choose(olga, lobby, "goal_count", "3")
    assert "• Сколько целей действует одновременно: **3**" in lines(lobby)
    await verb(olga, lobby, "start")

    options = only_session(world).state.options
    assert (options.goals, options.goal_count) == ("per_round", 3)


async def test_only_the_host_changes_variants_unless_the_server_lets_every_player(world):
    alice, bob = world.members[:2]
    lobby = await open_lobby(world, alice, "zero")
    lobby = (await verb(bob, lobby, "join")).response
    refused = await toggle(bob, lobby, "zero_optional")
    assert refused.ephemeral and refused.response.content == "Only the host can do that."
    assert only_session(world).record.options["zero_optional"] is False

    await world.admin.slash(world.channel, "config host-options", value=True, players=True)
    lobby = (await toggle(bob, lobby, "zero_optional")).response
    assert only_session(world).record.options["zero_optional"] is True
    assert "• A Zero may be kept quiet instead of called at once: **yes**" in lines(lobby)


async def test_a_server_that_keeps_the_options_to_its_admins_shows_them_without_controls(world):
    await world.admin.slash(world.channel, "config host-options", value=False)
    lobby = await open_lobby(world, world.members[0], "zero")
    assert "On this server the admins choose the options (/config option)." in lines(lobby)
    assert not [c for c in components(lobby) if c["custom_id"].startswith(("tb:ltog:", "tb:lopt:"))]
    elsewhere = world.guild.create_text_channel("elsewhere")
    refused = await world.members[0].slash(
        elsewhere, "newgame", game="thegame", options="expert=yes"
    )
    assert refused.response.content == "On this server only admins set game options (/config)."


async def test_a_variant_for_five_players_is_offered_with_five_and_refused_with_the_reason_after(
    world,
):
    alice = world.members[0]
    lobby = await open_lobby(world, alice, "hourglass")
    assert choices(lobby, "deck_twice") == [
        "Go through the deck twice: with 5 players",
        "Go through the deck twice: no",
    ]
    for _ in range(4):
        lobby = (await verb(alice, lobby, "addai")).response
    assert choices(lobby, "deck_twice")[-1] == "Go through the deck twice: yes"
    lobby = await choose(alice, lobby, "deck_twice", "1")
    lobby = (await verb(alice, lobby, "rmai")).response  # four now: R23 is for 5 players

    assert "⚠️ Go through the deck twice: only for 5 players" in lines(lobby)
    refused = await verb(alice, lobby, "start")
    assert refused.response.content == (
        "These options do not work with this number of players: "
        "Go through the deck twice: only for 5 players"
    )
    assert only_session(world).record.status == "lobby"


async def test_power_users_type_variants_in_their_own_language_with_suggestions(world):
    ivan = world.member("ivan", locale="ru")
    suggested = await ivan.autocomplete(
        world.channel, "newgame", "options", "эксперт=да ог", game="thegame"
    )
    assert [c["value"] for c in suggested] == ["эксперт=да огонь=нет", "эксперт=да огонь=да"]
    assert suggested[1]["name"] == "эксперт=да огонь=да — Дополнение «Игра с огнём»: да"
    seats = await ivan.autocomplete(world.channel, "newgame", "options", "первый_ход=", game="zero")
    assert [c["value"] for c in seats] == [f"первый_ход={n}" for n in range(1, 6)]

    unknown = await ivan.slash(world.channel, "newgame", game="thegame", options="скорость=9")
    assert unknown.response.content == (
        "У этой игры нет настройки «скорость». "
        "Её настройки: эксперт, меньше_карт, огонь, эксперт_до_конца, первый_ход."
    )
    wrong = await ivan.slash(world.channel, "newgame", game="thegame", options="эксперт=может")
    assert wrong.response.content == (
        "Настройка «Эксперт: не меньше трёх карт за ход» не может иметь значение «может». "
        "Выберите одно из: нет, да."
    )
    await ivan.slash(world.channel, "newgame", game="thegame", options="эксперт=да первый_ход=1")
    options = only_session(world).record.options
    assert options["expert"] is True and options["start_seat"] == 0


async def test_typed_variants_that_do_not_go_together_are_refused_naming_them(world):
    alice = world.members[0]
    clash = await alice.slash(
        world.channel, "newgame", game="mindup", options="goal_count=4 goals=off"
    )
    assert clash.response.content == "These options do not go together: goal_count=4, goals=off."
    fixed = await alice.slash(world.channel, "newgame", game="mindup", options="goals=fixed")
    assert not fixed.ephemeral  # the goal count follows the goals: 3, the least fixed allows
    assert only_session(world).record.options["goal_count"] == 3


async def test_rules_list_each_games_variants(world):
    alice = world.members[0]
    english = await alice.slash(world.channel, "rules", game="hourglass")
    (variants,) = english.response.embeds[0].fields
    assert variants.name == "Variants"
    assert variants.value.splitlines()[:2] == [
        "• **Who starts round 1**: drawn by lot / seat 1 – seat 5 · `start_seat=1`",
        "• **Go through the deck twice**: with 5 players / no / yes · `deck_twice=no`",
    ]
    ivan = world.member("ivan", locale="ru")
    russian = await ivan.slash(world.channel, "rules", game="thegame")
    (variants,) = russian.response.embeds[0].fields
    assert variants.name == "Варианты"
    assert "• **Дополнение «Игра с огнём»**: нет / да · `огонь=да`" in variants.value
