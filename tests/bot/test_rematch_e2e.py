"""Playing again: the results offer a rematch with the same game, options and seats."""

from __future__ import annotations

from tests.bot.driver import click_verb, finished, only_session, open_game, play_to_end
from tests.bot.test_stats_e2e import zero_by_passing


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


async def test_a_rematch_host_who_was_only_invited_is_seated_by_starting_it(world):
    """Alice opens the rematch and leaves it: it passes to Bob, invited and not yet confirmed.
    His Start confirms him: he plays, not two AIs on their own."""
    alice, bob, _ = world.members
    await zero_by_passing(world, alice, [bob], ai=1)
    await alice.click(world.channel.last_message, label="🔁 Play again")
    session = only_session(world)
    await click_verb(alice, world.channel.last_message, "leave")
    assert session.record.host_id == bob.id and not session.record.seats[0].ready
    await click_verb(bob, world.channel.last_message, "addai")

    await click_verb(bob, world.channel.last_message, "start")

    assert session.running
    seats = session.record.seats
    assert [s.user_id for s in seats] == [bob.id, None, None] and all(s.ready for s in seats)


async def test_a_rematch_left_by_its_host_passes_to_the_first_player_who_comes(world):
    """Alice opens the rematch and leaves before anyone confirmed: it passes to Bob, who never
    answers. Carol confirms her seat: the lobby is hers to fill and start, not Bob's to hold
    until it expires."""
    alice, bob, carol = world.members
    await zero_by_passing(world, alice, [bob, carol])
    await alice.click(world.channel.last_message, label="🔁 Play again")
    session = only_session(world)
    await click_verb(alice, world.channel.last_message, "leave")

    await click_verb(carol, world.channel.last_message, "join")

    assert session.record.host_id == carol.id
    added = await click_verb(carol, world.channel.last_message, "addai")
    assert not added.ephemeral  # the lobby redrawn, not "Only the host can do that."
    await click_verb(carol, world.channel.last_message, "start")
    assert session.running
    assert [s.user_id for s in session.record.seats] == [carol.id, None]  # Bob never came
