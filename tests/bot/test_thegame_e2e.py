"""The Game played end to end through Discord by simulated players."""

from __future__ import annotations

from tests.bot.driver import (
    components,
    finished,
    open_game,
    play_to_end,
    press,
    ready_move,
)


async def test_two_players_and_an_ai_play_the_game_to_its_result(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob], ai=1)
    assert "⬆️1 **1**" in board_message.embeds[0].description
    panels = await play_to_end(world, [alice, bob])
    assert finished(world)
    results = world.channel.last_message.content
    assert "The Game" in results
    final = world.channel.history()[-2]
    assert final.embeds and "Final result" in [f.name for f in final.embeds[0].fields]
    # Every panel was private to its owner and never visible to the other player.
    # Both played from panels that play_to_end saw private to their owner when shown.
    assert {actor.id for actor, _ in panels} == {alice.id, bob.id}


async def test_my_hand_shows_only_the_clickers_cards(world):
    alice, bob, carol = world.members
    board_message = await open_game(world, alice, "thegame", [bob])
    session = next(iter(world.env.bot.runtime.sessions.values()))
    alice_cards = session.state.hands[0]
    shown = await alice.click(board_message, label="My hand")
    assert shown.ephemeral
    text = shown.response.embeds[0].description
    assert all(f"**{c}**" in text for c in alice_cards)
    bob_view = await bob.click(board_message, label="My hand")
    assert not any(
        f"**{c}**" in bob_view.response.embeds[0].description.split("Your cards:")[1]
        for c in alice_cards
    )
    board_text = board_message.embeds[0].description
    assert "Your cards" not in board_text
    refused = await carol.click(board_message, label="My hand")
    assert refused.ephemeral and refused.response.content == "You are not in this game."
    assert not components(refused.response)


def todo(panel):
    """The panel's line that says what its member must do now, if any."""
    lines = panel.embeds[0].description.splitlines()
    return next((line for line in lines if line.startswith("👉")), None)


async def test_r8_r10_the_panel_counts_down_the_cards_left_to_play_this_turn(world):
    alice = world.members[0]
    ivan = world.member("ivan", locale="ru")
    board_message = await open_game(world, alice, "thegame", [ivan])  # alice starts
    panel = (await alice.click(board_message, label="My hand")).response
    assert todo(panel) == "👉 Your turn: play at least 2 cards, then end your turn."
    waiting = (await ivan.click(board_message, label="My hand")).response
    assert todo(waiting) is None

    panel = (await press(alice, *await ready_move(alice, panel))).response
    assert todo(panel) == "👉 Play one more card before you end your turn."
    panel = (await press(alice, *await ready_move(alice, panel))).response
    assert todo(panel) == (
        "👉 You have played this turn's minimum: play another card, or end your turn."
    )
    await alice.click(panel.message, label="End turn")

    panel = (await ivan.click(board_message, label="My hand")).response
    assert todo(panel) == "👉 Ваш ход: сыграйте не меньше 2 карт, потом закончите ход."
    panel = (await press(ivan, *await ready_move(ivan, panel))).response
    assert todo(panel) == "👉 Сыграйте ещё 1 карту, и тогда можно будет закончить ход."
