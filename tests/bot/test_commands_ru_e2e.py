"""The slash commands as a Russian-speaking server uses them: /игра …, /история, /статистика and
/новая-игра's suggestions, each answered in Russian with what is true and what /новая-игра takes."""

from __future__ import annotations

from tests.bot.driver import click_verb, only_session, open_game
from tests.bot.test_stats_e2e import zero_by_passing


async def russian_server(world) -> None:
    await world.admin.slash(world.channel, "config language", value="ru")


async def test_kicking_a_player_who_left_the_server_hands_the_seat_to_the_ai_for_good(world):
    """Olga leaves the server mid-game (the AI takes her seat, and she could take it back if she
    returned). Ivan, the host, hands her seat to the AI for good with /игра исключить: Discord
    sends her without a membership, since she is no longer a member. Ivan is told the kick was
    done."""
    await russian_server(world)
    ivan = world.member("ivan", locale="ru")
    olga = world.member("olga", locale="ru")
    petr = world.member("petr", locale="ru")
    await open_game(world, ivan, "zero", [olga, petr])
    world.guild.remove_member(olga)
    await world.env.settle()

    kicked = await ivan.slash(world.channel, "game kick", member=olga.user)

    assert kicked.response.content == f"Теперь вместо игрока <@{olga.id}> играет ИИ."
    assert only_session(world).record.seats[1].kicked


# --- /история and /статистика of one game ----------------------------------------------------


async def test_history_of_one_game_nobody_finished_says_so_of_that_game(world):
    """A game of Zero has finished on the server. /история игра:Mind Up! has nothing to list,
    and says so of Mind Up!, not of every game (one has finished)."""
    await russian_server(world)
    ivan = world.member("ivan", locale="ru")
    olga = world.member("olga", locale="ru")
    await zero_by_passing(world, ivan, [olga])
    everything = (await ivan.slash(world.channel, "history")).response.embeds[0]
    assert "Зеро" in everything.description  # the server has a finished game

    mindup = (await ivan.slash(world.channel, "history", game="mindup")).response.embeds[0]

    assert mindup.title == "📜 Последние партии: Mind Up!"
    assert mindup.description == "На этом сервере ещё не закончилась ни одна партия в «Mind Up!»."


async def test_stats_of_a_game_not_played_say_so_of_that_game(world):
    """Ivan has finished a game of Zero. /статистика игра:Mind Up! has nothing to show, and
    says so of Mind Up!, not of every game (he has finished one of another)."""
    await russian_server(world)
    ivan = world.member("ivan", locale="ru")
    olga = world.member("olga", locale="ru")
    await zero_by_passing(world, ivan, [olga])
    everything = (await ivan.slash(world.channel, "stats")).response.embeds[0]
    assert everything.fields[0].name == "Зеро"  # he has a finished game here

    mindup = (await ivan.slash(world.channel, "stats", game="mindup")).response.embeds[0]

    assert mindup.title == "📊 ivan — Mind Up!"
    assert mindup.description == "ivan: законченных партий в «Mind Up!» на этом сервере пока нет."


# --- /игра поле in a lobby --------------------------------------------------------------------


async def test_a_lobby_posted_again_says_the_lobby_moved(world):
    """/игра поле during a lobby posts the lobby again below; the old lobby message becomes a
    line linking down to it. No game has started, so the line speaks of the lobby («сбор
    игроков»), not of a board («поле»)."""
    await russian_server(world)
    ivan = world.member("ivan", locale="ru")
    await ivan.slash(world.channel, "newgame", game="zero")
    first = world.channel.last_message

    await ivan.slash(world.channel, "game status")
    await world.env.settle()

    old = next(m for m in world.channel.history() if m.id == first.id)
    assert old.content.startswith("⤵️ Сбор игроков перенесён ниже: https://discord.com/channels/")


# --- /новая-игра настройки: suggestions after a comma ------------------------------------------


async def test_an_option_typed_before_a_comma_is_not_suggested_again(world):
    """/новая-игра reads «эксперт=да,огонь=да» as two options (a comma separates them as a space
    does). Typing on after it, the suggestions offer «огонь» no more: /новая-игра would refuse
    it as the same option given twice."""
    ivan = world.member("ivan", locale="ru")
    accepted = await ivan.slash(
        world.channel, "newgame", game="thegame", options="эксперт=да,огонь=да"
    )
    assert not accepted.ephemeral  # the lobby opened: the comma form is understood
    options = only_session(world).record.options
    assert options["expert"] is True and options["on_fire"] is True
    await click_verb(ivan, world.channel.last_message, "cancel")

    suggested = await ivan.autocomplete(
        world.channel, "newgame", "options", "эксперт=да,огонь=да ", game="thegame"
    )

    offered = [choice["value"] for choice in suggested]
    assert offered, "nothing suggested"
    assert all(value.startswith("эксперт=да,огонь=да ") for value in offered), offered
    assert [value for value in offered if value.count("огонь=") > 1] == []
