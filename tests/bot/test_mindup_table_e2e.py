"""Mind Up! as a table plays it through Discord, against docs/rules/mindup.md.

Rare positions are set up by replacing the running game's state, as
tests/bot/test_rules_at_the_table_e2e.py does.
"""

from __future__ import annotations

from tests.bot.driver import board, only_session, open_game, pictures_off


def description(message) -> str:
    return message.embeds[0].description


async def test_r25_a_negative_round_score_is_written_with_the_same_minus_as_its_goal(world):
    """R25/R26 (A5): with goal G5 (C −2: nobody has fewer 🩷 than you, zero counts) active,
    every player meets it before any card is taken, so each one's round so far is −2. The
    board's line and the panel write that score as the goal and the icons are written, "−2"
    with a real minus sign (not a hyphen beside the goal's minus)."""
    await pictures_off(world)
    alice, bob, carol = world.members[:3]
    await open_game(world, alice, "mindup", [bob, carol], goals="per_round", goal_count=1)
    session = only_session(world)
    session.state = session.state.model_copy(update={"goals": (5,)})
    panel = (await alice.click(board(world), label="My hand")).response
    text = description(panel)
    assert "🎯 Goals you meet now: C −2" in text
    assert "📊 This round so far: −2" in text, text
