"""Playing through Discord, whatever the game: restarts, stale and double clicks, refusals, DMs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord
import pytest
import simcord.http.router as simcord_router
import simcord.http.routes.interactions as simcord_routes

from bot.runtime import GameError
from bot.session import LAST_MOVES
from cogs.live_panels import PLAYING
from tests.bot.driver import (
    act_once,
    board,
    click_verb,
    components,
    finish_turn,
    game_link,
    only_session,
    open_game,
    press,
    ready_move,
    take_first,
    turn_dm,
)


def runtime(world):
    return world.env.bot.runtime


@pytest.mark.both_databases
async def test_restart_mid_game_resumes_the_same_state_and_old_buttons_work(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    panel = (await alice.click(board_message, label="My hand")).response
    await take_first(alice, panel)
    before = only_session(world).state

    await world.restart()

    after = only_session(world).state
    assert after == before
    again = await alice.click(board_message, label="My hand")
    assert again.ephemeral and "Your cards" in again.response.embeds[0].description
    await take_first(alice, again.response)
    assert only_session(world).state.version == before.version + 1


async def test_a_click_on_an_older_panel_is_refused_as_stale_and_applies_nothing(world):
    alice, bob, carol = world.members
    board_message = await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    await world.env.settle()
    # Two panels of the same choice: the turn DM, and the one "My hand" opens in the channel.
    older = await ready_move(alice.user, alice.user.dm_channel.last_message)
    newer = await ready_move(alice, (await alice.click(board_message, label="My hand")).response)
    assert older is not None and newer is not None
    await press(alice, *newer)
    version = session.state.version

    # The same card again from the panel drawn before that choice: a double click in effect.
    second = await press(alice.user, *older)

    assert session.state.version == version
    assert "out of date" in second.response.content
    assert "Your collection" in second.response.embeds[0].description


async def test_a_player_cannot_act_out_of_turn_and_strangers_are_told_they_are_not_playing(world):
    alice, bob, carol = world.members
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    waiting = bob if 0 in session.to_act() else alice
    panel = (await waiting.click(board_message, label="My hand")).response
    assert not [
        c for c in components(panel) if c.get("custom_id", "").startswith(("tb:sel:", "tb:act:"))
    ]
    assert "Not your move" in panel.embeds[0].footer.text
    stranger = await carol.click(board_message, label="My hand")
    assert stranger.response.content == "You are not in this game."


async def test_only_the_host_starts_and_a_second_game_in_the_channel_is_refused(world):
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="zero")
    lobby = world.channel.last_message
    await bob.click(lobby, label="Join")
    refused = await bob.click(lobby, label="Start")
    assert refused.response.content == "Only the host can do that."
    second = await bob.slash(world.channel, "newgame", game="thegame")
    assert (
        second.ephemeral and "This channel already has a game or a lobby" in second.response.content
    )


@pytest.mark.both_databases
async def test_a_lobbys_seats_survive_a_restart_and_the_game_starts_with_them(world):
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="mindup")
    lobby = world.channel.last_message
    await click_verb(bob, lobby, "join")
    await click_verb(alice, lobby, "addai")

    await world.restart()

    await click_verb(alice, lobby, "start")
    players = {f.name: f.value for f in board(world).embeds[0].fields}["Players"]
    assert players.splitlines() == [
        "1. alice (host)",
        "2. bob",
        "3. 🤖 AI 1",
    ]


@pytest.mark.both_databases
async def test_the_channel_stays_taken_after_a_restart_and_is_free_once_the_game_is_over(world):
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="zero")
    lobby = world.channel.last_message

    await world.restart()

    refused = await bob.slash(world.channel, "newgame", game="thegame")
    assert "This channel already has a game or a lobby" in refused.response.content
    await click_verb(alice, lobby, "cancel")
    opened = await bob.slash(world.channel, "newgame", game="thegame")
    assert not opened.ephemeral
    assert world.channel.last_message.embeds[0].title == "🎲 The Game — lobby"


async def test_a_members_game_is_found_from_anywhere_in_the_server_until_it_is_over(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    lounge = world.guild.create_text_channel("lounge")

    await world.restart()

    found = await alice.slash(lounge, "game hand")
    assert found.ephemeral and "Your cards" in found.response.embeds[0].description
    world.guild.remove_member(bob)
    await world.env.settle()
    assert only_session(world).record.seats[1].ai is True
    asked = await alice.slash(lounge, "game end")
    await alice.click(asked.response.message, label="Yes, end it")
    gone = await alice.slash(lounge, "game hand")
    assert gone.ephemeral and gone.response.content == "You have no game running here."


async def test_invalid_options_are_refused_with_the_option_named(world):
    alice = world.members[0]
    result = await alice.slash(world.channel, "newgame", game="thegame", options="expert=maybe")
    assert result.ephemeral
    assert "Expert: at least three cards a turn" in result.response.content
    unknown = await alice.slash(world.channel, "newgame", game="thegame", options="speed=9")
    assert "no option “speed”" in unknown.response.content
    assert runtime(world).sessions == {}


async def test_the_player_to_move_gets_a_dm_and_can_play_from_it(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])  # seat 0, the host, starts
    dm = alice.user.dm_channel.last_message
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{board_message.id}"
    deadline = int(only_session(world).record.deadline)
    assert dm is not None and dm.content == f"Your move! Game: {link} · ⏰ <t:{deadline}:R>"
    assert "Your cards" in dm.embeds[0].description
    assert bob.user.dm_channel.last_message is None
    await take_first(alice.user, dm)
    assert only_session(world).state.version == 1


@pytest.mark.both_databases
async def test_turn_dms_speak_the_members_language_from_the_lobby_on_and_after_a_restart(world):
    ivan = world.member("ivan", locale="ru")
    alice = world.members[0]
    # An English server; ivan hosts and moves first, before he has opened any panel.
    await open_game(world, ivan, "thegame", [alice])
    first = ivan.user.dm_channel.last_message
    assert first.content.startswith("Ваш ход!")
    assert "Ваши карты" in first.embeds[0].description
    players = {ivan.id: ivan, alice.id: alice}
    await finish_turn(world, players)  # ivan's turn

    await world.restart()
    await finish_turn(world, players)  # alice's; ivan has clicked nothing since the restart
    await world.env.settle()
    again = ivan.user.dm_channel.last_message
    assert again.id != first.id
    assert again.content.startswith("Ваш ход!")
    assert "Ваши карты" in again.embeds[0].description
    assert alice.user.dm_channel.last_message.content.startswith("Your move!")


async def test_a_turn_dm_never_clicked_says_the_game_is_over_once_it_ends(world):
    alice, bob = world.members[:2]
    link = game_link(world, await open_game(world, alice, "thegame", [bob]))  # alice first
    dm = await turn_dm(world, alice)
    assert dm.content.startswith("Your move!") and components(dm)

    asked = await alice.slash(world.channel, "game end")
    await alice.click(asked.response.message, label="Yes, end it")
    await world.env.settle()
    ended = alice.user.dm_channel.last_message
    assert ended.id == dm.id  # the same message, no new one
    # Ended, so no results to read; which game it was stays said.
    assert ended.content == f"The game was ended early.\nGame: {link}"
    assert components(ended) == [] and not ended.embeds and not ended.attachments


async def test_no_turn_dm_pings_a_member_playing_from_their_panel(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    players = {alice.id: alice, bob.id: bob}
    dms = alice.user.dm_channel
    assert len(dms.history()) == 1  # her first move: she had clicked nothing yet

    await finish_turn(world, players)  # alice plays from "My hand"
    await finish_turn(world, players)  # and bob, within a minute and a half
    await world.env.settle()

    assert only_session(world).to_act() == {0}
    assert len(dms.history()) == 1  # her panel, which redraws itself, shows her move
    mine = [m for m in world.channel.history(viewer=alice) if m.flags.ephemeral]
    assert "👉 Your turn" in mine[-1].embeds[0].description


async def test_a_member_turns_turn_dms_off_from_one_and_back_on_with_game_dms(world, monkeypatch):
    # A deal that four turns of first offered moves do not lose.
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: 3)
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])  # alice moves first: her turn DM
    dms = alice.user.dm_channel
    off = await alice.user.click(await turn_dm(world, alice), label="No more turn DMs")
    assert off.response.content == (
        "No more turn DMs. You can still play with “My hand” in the channel, "
        "and `/game dms` turns them back on."
    )
    assert [c["label"] for c in components(off.response)] == ["Turn DMs back on"]

    players = {alice.id: alice, bob.id: bob}
    await finish_turn(world, players)
    await world.env.advance_time(PLAYING + 1)  # she looks away: a DM would come now
    await finish_turn(world, players)
    await world.env.settle()
    assert only_session(world).to_act() == {0}
    assert len(dms.history()) == 1  # no new one

    asked = await alice.slash(world.channel, "game dms")
    assert asked.ephemeral
    assert asked.response.content.startswith("Turn DMs are off")
    on = await alice.click(asked.response, label="Turn DMs back on")
    assert on.response.content == "You will get a DM when it is your move."
    assert [c["label"] for c in components(on.response)] == ["No more turn DMs"]
    await finish_turn(world, players)
    await world.env.advance_time(PLAYING + 1)
    await finish_turn(world, players)
    await world.env.settle()
    assert only_session(world).to_act() == {0}
    assert len(dms.history()) == 2
    assert dms.last_message.content.startswith("Your move!")


async def test_game_dms_speaks_russian_to_a_russian_member(world):
    ivan = world.member("ivan", locale="ru")
    asked = await ivan.slash(world.channel, "game dms")
    assert asked.response.content.startswith("Когда в игре наступает ваш ход")
    assert [c["label"] for c in components(asked.response)] == ["Не писать мне о ходах"]
    off = await ivan.click(asked.response, label="Не писать мне о ходах")
    assert off.response.content.startswith("Больше не буду писать о ходах.")
    assert [c["label"] for c in components(off.response)] == ["Снова писать мне о ходах"]


async def test_a_players_dm_channel_is_opened_once_however_many_players_the_bot_dms(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])  # alice moves first: her first turn DM
    # Since then the bot has opened DM channels with 128 other players, as many as discord.py
    # remembers, so it has forgotten alice's.
    for i in range(128):
        await world.env.bot.create_dm(world.env.create_user(f"player{i}"))
    since = len(world.env.http_requests)

    players = {alice.id: alice, bob.id: bob}
    await finish_turn(world, players)
    await world.env.advance_time(PLAYING + 1)  # alice looks away: her next turn brings a DM
    await finish_turn(world, players)

    assert alice.user.dm_channel.last_message.content.startswith("Your move!")
    assert len(alice.user.dm_channel.history()) == 2
    opened_for = {
        str(r.json["recipient_id"])
        for r in world.env.http_requests[since:]
        if r.method == "POST" and r.path.endswith("/users/@me/channels")
    }
    assert str(alice.user.id) not in opened_for


async def test_closed_dms_break_nothing_and_are_explained_once(world):
    alice, bob = world.members[:2]
    world.env.inject_error(
        "POST", f"/channels/{alice.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    board_message = await open_game(world, alice, "thegame", [bob])
    first = await alice.click(board_message, label="My hand")
    assert "Your cards" in first.response.embeds[0].description
    assert [f.content for f in first.followups] == [
        "I could not send you a direct message, so play from the channel with the “My hand” button."
    ]
    second = await alice.click(board_message, label="My hand")
    assert second.followups == []
    await take_first(alice, second.response)
    assert only_session(world).state.version == 1


async def test_a_russian_player_reads_russian_and_an_english_player_english(world):
    alice = world.members[0]
    ivan = world.member("ivan", locale="ru")
    board_message = await open_game(world, alice, "thegame", [ivan])
    russian = await ivan.click(board_message, label="My hand")
    english = await alice.click(board_message, label="My hand")
    assert "Ваши карты:" in russian.response.embeds[0].description
    assert "Your cards:" in english.response.embeds[0].description
    rules = await ivan.slash(world.channel, "rules", game="thegame")
    assert rules.ephemeral and "Все играют вместе" in rules.response.embeds[0].description


async def test_slash_commands_carry_russian_names(world):
    commands = {c.name: c for c in await world.env.bot.tree.fetch_commands()}
    assert commands["newgame"].name_localizations[discord.Locale.russian] == "новая-игра"
    assert commands["rules"].description_localizations[discord.Locale.russian] == "Как играть"


async def test_leaving_hands_the_seat_to_the_ai_after_a_confirmation(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    asked = await bob.slash(world.channel, "game leave")
    assert asked.ephemeral and "The AI will take your seat" in asked.response.content
    assert session.record.seats[1].ai is False
    done = await bob.click(asked.response.message, label="Yes, leave")
    assert "AI plays your seat" in done.response.content
    assert session.record.seats[1].ai is True
    assert "(the AI plays for now)" in board(world).embeds[0].fields[0].value


async def test_only_the_host_or_a_manager_ends_a_game(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    refused = await bob.slash(world.channel, "game end")  # no confirmation to refuse after
    assert refused.ephemeral and refused.response.content == "Only the host can do that."
    assert components(refused.response) == []
    with pytest.raises(GameError):  # nor would the runtime end it for him
        await runtime(world).end(only_session(world), bob.id, manager=False)
    assert runtime(world).sessions
    asked = await alice.slash(world.channel, "game end")
    await alice.click(asked.response.message, label="Yes, end it")
    assert runtime(world).sessions == {}
    assert "ended early" in world.channel.last_message.content
    stored = await runtime(world).storage.games(("abandoned",))
    assert [g.status for g in stored] == ["abandoned"]


async def test_thegame_signals_reach_the_board_for_everyone(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    panel = (await bob.click(board_message, label="My hand")).response
    signals = next(c for c in components(panel) if c["custom_id"].startswith("tb:x:"))
    choice = next(o for o in signals["options"] if o["value"] == "signal.2.dont_play")
    await bob.select(panel.message, [choice["value"]], custom_id=signals["custom_id"])
    assert "⬇️1 **100** · please don't play here" in board(world).embeds[0].description


async def test_with_threads_each_game_opens_in_its_own_thread(world):
    await world.admin.slash(world.channel, "config threads", value=True)
    alice, bob = world.members[:2]
    first = await alice.slash(world.channel, "newgame", game="thegame")
    second = await bob.slash(world.channel, "newgame", game="zero")
    for answered in (first, second):
        assert answered.ephemeral and "Your lobby is open in" in answered.response.content
    threads = world.channel.threads
    assert len(threads) == 2
    lobby = threads[0].last_message
    assert lobby.embeds[0].title == "🎲 The Game — lobby"
    assert len(runtime(world).sessions) == 2


async def test_game_status_posts_the_board_again(world):
    alice, bob = world.members[:2]
    first = await open_game(world, alice, "thegame", [bob])
    await bob.slash(world.channel, "game status")
    again = board(world)
    assert again.id != first.id and again.embeds[0].title == "The Game"
    assert only_session(world).record.message_id == again.id
    # The old board says where the board went, and offers nothing to click any more.
    await world.env.settle()
    (old,) = [m for m in world.channel.history() if m.id == first.id]
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{again.id}"
    assert old.content == f"⤵️ The board has moved down: {link}"
    assert old.embeds == [] and components(old) == []


@pytest.mark.both_databases
async def test_after_a_restart_the_board_words_the_replayed_moves_as_before(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    players = {m.id: m for m in (alice, bob)}
    for _ in range(14):  # past a snapshot, so the restart replays the moves after it
        seat = next(iter(session.to_act()))
        assert await act_once(players[session.record.seats[seat].user_id], board(world))
    before = list(session.recent)
    assert len(before) == LAST_MOVES

    await world.restart()

    # The moves before the last snapshot are kept with it; those after it are replayed.
    assert list(only_session(world).recent) == before


def board_edits(world, board_message):
    """The REST edits of the board message (a click's own answer is not one of them)."""
    path = f"/messages/{board_message.id}"
    return [r for r in world.env.http_requests if r.method == "PATCH" and r.path.endswith(path)]


async def test_the_start_button_draws_the_board_and_no_edit_draws_it_again(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    await world.env.settle()

    assert "My hand" in [c.get("label") for c in components(board_message)]
    assert board_edits(world, board_message) == []

    session = only_session(world)
    starter = alice if session.record.seats[min(session.to_act())].user_id == alice.id else bob
    await act_once(starter, board_message)
    await world.env.settle()
    assert len(board_edits(world, board_message)) == 1  # a move is shown by an edit


@contextmanager
def callbacks_without_the_message_id() -> Iterator[None]:
    """Discord's answer to an interaction callback may leave out the id of the message it made
    (`response_message_id` is optional in its API); SimCord always names it."""
    routes = simcord_router._ROUTES["POST"]
    index = next(
        i for i, (_, handler) in enumerate(routes) if handler is simcord_routes.interaction_callback
    )
    template, callback = routes[index]

    def without_the_id(ctx: Any) -> Any:
        response = callback(ctx)
        response["interaction"]["response_message_id"] = None
        return response

    routes[index] = (template, without_the_id)
    try:
        yield
    finally:
        routes[index] = (template, callback)


async def test_the_lobby_is_kept_when_discord_does_not_name_the_message_it_made(world):
    alice, bob = world.members[:2]
    with callbacks_without_the_message_id():
        board_message = await open_game(world, alice, "thegame", [bob])
        session = only_session(world)
        assert session.record.message_id == board_message.id

        starter = alice if session.record.seats[min(session.to_act())].user_id == alice.id else bob
        await act_once(starter, board_message)
        await world.env.settle()

    # The move redraws the lobby-turned-board in place; no second board is posted.
    assert len(board_edits(world, board_message)) == 1
    assert board(world).id == board_message.id


async def test_private_panels_name_the_other_players_as_the_board_does(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "hourglass", [bob], start_seat=1)
    await act_once(alice, board_message)  # alice opens a set: it stands in front of her
    panel = (await bob.click(board_message, label="My hand")).response
    text = panel.embeds[0].description
    assert "alice" in text and "player 1" not in text.lower()


async def test_game_commands_used_away_from_two_games_point_to_their_channels(world):
    alice, bob = world.members[:2]
    first = world.channel
    await open_game(world, alice, "thegame", [bob])
    world.channel = second = world.guild.create_text_channel("more-games")
    await open_game(world, alice, "zero", [bob])
    elsewhere = world.guild.create_text_channel("chat")

    asked = await alice.slash(elsewhere, "game hand")

    places = sorted(f"<#{c.id}>" for c in (first, second))
    assert asked.ephemeral and asked.response.content == (
        "You are playing more than one game on this server: use this command in the channel "
        f"of the one you mean ({', '.join(places)})."
    )
    here = await alice.slash(second, "game hand")  # where it is used tells which
    assert "Your cards" in here.response.embeds[0].description


async def test_the_lobby_and_the_board_explain_the_rules_and_the_variants_of_that_game(world):
    alice, bob = world.members[:2]
    ivan = world.member("ivan", locale="ru")
    await alice.slash(world.channel, "newgame", game="thegame", options="expert=yes")
    lobby = world.channel.last_message

    asked = await ivan.click(lobby, label="📖 Rules")  # a newcomer, before joining

    assert asked.ephemeral
    rules = asked.response.embeds[0]
    assert rules.title == "The Game" and rules.description.startswith("Все играют вместе")
    fields = {f.name: f.value for f in rules.fields}
    assert fields["В этой партии"].startswith("• Эксперт: не меньше трёх карт за ход: **да**")
    assert "`эксперт=да`" in fields["Варианты"]

    await click_verb(bob, lobby, "join")
    await click_verb(alice, world.channel.last_message, "start")
    on_board = await bob.click(board(world), label="📖 Rules")
    fields = {f.name: f.value for f in on_board.response.embeds[0].fields}
    assert fields["In this game"].startswith("• Expert: at least three cards a turn: **yes**")
