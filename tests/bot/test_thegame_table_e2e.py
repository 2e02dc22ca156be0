"""The Game at the table: what members are told about signals, the end of a turn and an empty
hand (docs/rules/thegame.md R10, R11, R14, R16), played through SimCord.

A position the dealing would rarely reach is set up by replacing the running game's state, as
tests/bot/test_rules_at_the_table_e2e.py does.
"""

from __future__ import annotations

import pytest

from tests.bot.driver import board, components, only_session, open_game, pictures_off


def description(message) -> str:
    return message.embeds[0].description


async def open_hand(actor, world):
    return (await actor.click(board(world), label="My hand")).response


async def play_on(actor, world, card: int, pile_prefix: str):
    """Pick `card` on the actor's panel, then the pile whose button starts with `pile_prefix`."""
    panel = await open_hand(actor, world)
    picked = (await actor.click(panel.message, label=str(card))).response
    pile = next(c for c in components(picked) if c.get("label", "").startswith(pile_prefix))
    return await actor.click(picked.message, custom_id=pile["custom_id"])


def todo(panel) -> str | None:
    """The panel's line that says what its member must do now, if any."""
    return next((line for line in description(panel).splitlines() if line.startswith("👉")), None)


def signals_select(panel) -> dict:
    return next(c for c in components(panel) if c["custom_id"].startswith("tb:x:"))


@pytest.mark.parametrize(
    ("locale", "on_board", "off_board"),
    [
        ("en-US", "Your signal is on the board.", "Your signal is off the board."),
        ("ru", "Ваш сигнал показан на поле.", "Ваш сигнал снят с поля."),
    ],
)
async def test_r16_a_signal_taken_back_is_confirmed_as_gone_from_the_board(
    world, locale, on_board, off_board
):
    """R16: a player who takes their pile signal back is told the signal is gone, as the board
    shows no signal on that pile any more."""
    await pictures_off(world)
    alice, bob = world.members[:2]
    member = world.member("mira", locale=locale)
    await open_game(world, alice, "thegame", [bob, member])
    panel = await open_hand(member, world)
    select = signals_select(panel)
    dont_play = next(o for o in select["options"] if o["value"] == "signal.0.dont_play")
    sent = await member.select(panel.message, [dont_play["value"]], custom_id=select["custom_id"])
    assert sent.response.content == on_board  # the signal is on the board: right

    select = signals_select(sent.response)
    clear = next(o for o in select["options"] if o["value"] == "signal.0.clear")
    cleared = await member.select(
        sent.response.message, [clear["value"]], custom_id=select["custom_id"]
    )

    await world.env.settle()
    assert description(board(world)).splitlines()[0] == "⬆️1 **1**"  # no signal left there
    assert description(cleared.response).splitlines()[0] == "⬆️1 **1**"
    assert cleared.response.content == off_board


async def test_r11_with_the_minimum_played_and_no_card_that_fits_the_panel_asks_only_to_end(
    world,
):
    """R10/R11: once the minimum is played and no card in hand fits any pile, the only move is
    End turn (the button says "No card can be played"), and the panel's instruction says only
    that."""
    await pictures_off(world)
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    piles = ((90,), (91,), (10,), (11,))
    hands = ((5, 95, 40, 41, 42, 43, 44), (50, 51, 52, 53, 54, 55, 56))
    session.state = session.state.model_copy(update={"piles": piles, "hands": hands})
    await play_on(alice, world, 95, "⬆️1")
    await play_on(alice, world, 5, "⬇️1")

    panel = await open_hand(alice, world)
    moves = [c.get("label") for c in components(panel) if c["custom_id"].startswith("tb:act:")]
    assert moves == ["No card can be played: end your turn"]
    assert todo(panel) == "👉 No card in your hand fits a pile: end your turn."


async def test_r14_a_player_whose_hand_is_played_out_is_told_the_team_plays_on(world):
    """R14: once the deck is empty, a player who has played every card is skipped for the rest
    of the game. Their panel says so, instead of promising a move that never comes."""
    await pictures_off(world)
    alice, bob, carol = world.members
    await open_game(world, alice, "thegame", [bob, carol])
    session = only_session(world)
    piles = ((10,), (30,), (90,), (91,))
    hands = ((40, 41), (), (50, 51))
    session.state = session.state.model_copy(
        update={"piles": piles, "hands": hands, "deck": (), "minimum": 1}
    )
    await play_on(alice, world, 40, "⬆️1")
    panel = await open_hand(alice, world)
    await alice.click(panel.message, label="End turn")
    await world.env.settle()
    assert "bob: 0 cards" in description(board(world))  # carol plays next: bob is skipped

    shown = await open_hand(bob, world)
    assert "Your cards: —" in description(shown)
    assert shown.embeds[0].footer.text == (
        "You have played all your cards: the team plays on to the end without you."
    )
