"""Playing again: the results offer a rematch with the same game, options and seats."""

from __future__ import annotations

from tests.bot.driver import click_verb, finished, only_session, open_game, play_to_end


async def finished_game(world):
    """Alice, Bob and an AI finish a Mind Up! game with a goal variant; the results message."""
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1, goals="per_round")
    options = only_session(world).record.options
    await play_to_end(world, [alice, bob])
    assert finished(world)
    return world.channel.last_message, options


async def test_a_rematch_starts_with_the_same_options_and_whoever_confirmed(world):
    alice, bob, carol = world.members
    results, options = await finished_game(world)
    assert any(c.label == "🔁 Play again" for row in results.components for c in row.children)

    stranger = await carol.click(results, label="🔁 Play again")
    assert stranger.ephemeral and "Only the players" in stranger.response.content

    await bob.click(results, label="🔁 Play again")
    lobby = world.channel.last_message
    session = only_session(world)
    assert session.record.options == options and session.record.host_id == bob.id
    assert alice.mention in lobby.content and "Rematch" in lobby.content
    seats = lobby.embeds[0].fields[0].value
    assert "⏳ alice (not confirmed yet)" in seats and "bob (host)" in seats and "AI 1" in seats

    again = await alice.click(results, label="🔁 Play again")
    assert "already" in again.response.content  # one game at a time in this channel

    await click_verb(alice, lobby, "join")  # one click confirms her seat
    assert session.record.seats[0].ready and session.record.seats[0].user_id == alice.id
    confirmed = world.channel.last_message
    assert confirmed.content == ""  # nobody left to call
    await click_verb(bob, confirmed, "start")
    assert session.running and session.record.options == options
    started = world.channel.last_message
    assert started.id == confirmed.id and started.embeds[0].title == "Mind Up!"
    assert started.content == ""
    assert [s.user_id for s in session.record.seats if not s.ai] == [alice.id, bob.id]


async def test_the_host_starts_a_rematch_without_those_who_did_not_confirm(world):
    alice, bob = world.members[:2]
    results, _ = await finished_game(world)
    await alice.click(results, label="🔁 Play again")
    # Alice and the AI have confirmed; Mind Up! needs three, so she adds an AI and starts.
    await click_verb(alice, world.channel.last_message, "addai")
    await click_verb(alice, world.channel.last_message, "start")
    session = only_session(world)
    assert session.running and bob.id not in [s.user_id for s in session.record.seats]
    assert world.channel.last_message.content == ""  # the call to bob went with the lobby
    assert [s.ai for s in session.record.seats] == [False, True, True]
