"""Hourglass at the table: what members read against docs/rules/hourglass.md, in rare positions
set up by replacing the running game's state, as tests/bot/test_rules_at_the_table_e2e.py does."""

from __future__ import annotations

from engines.hourglass import CardSet, RoundResult
from engines.hourglass.models import HOURGLASSES
from tests.bot.driver import act_once, board, finished, only_session, open_game, pictures_off


def seeded(monkeypatch, seed: int) -> None:
    """Every game of the test is dealt from `seed`."""
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: seed)


def description(message) -> str:
    return message.embeds[0].description


def final_board(world):
    return next(m for m in reversed(world.channel.history()) if m.embeds)


def done(number: int, deck_pass: int, **counts) -> RoundResult:
    """A round already played: what each seat collected."""
    return RoundResult(round=number, deck_pass=deck_pass, **counts)


def line_of(text: str, name: str) -> str:
    return next(line for line in text.split("\n") if line.startswith(f"**{name}**"))


async def test_r23_r21_final_board_counts_the_collected_cards_the_tiebreak_counted(
    world, monkeypatch
):
    """R23 with R21's pile-card tie-break: alice and bob end on 6 hourglasses each; alice
    collected 12 cards (all in the first deck pass), bob 6 (in the second). The results rightly
    give alice the win "by who collected more cards", so the final board, which lists what each
    player collected, must say alice collected 12 and bob 6, not 0 and 6 (the score piles of
    the first pass were shuffled back into the deck, but their cards still count)."""
    seeded(monkeypatch, 3)
    await pictures_off(world)
    alice, bob, carol = world.members
    dave, erin = world.member("dave"), world.member("erin")
    await open_game(world, alice, "hourglass", [bob, carol, dave, erin], tiebreak="pile_cards")
    session = only_session(world)
    state = session.state
    zeros = [c for c in range(63) if HOURGLASSES[c] == 0]
    ones = [c for c in range(63) if HOURGLASSES[c] == 1]
    bob_pile = tuple(ones[:6])  # 6 hourglasses in 6 cards
    erin_pile = tuple(zeros[:14])
    in_sets = zeros[14:24] + ones[6:10]  # erin owns all three sets: 4 hourglasses
    sets = (
        CardSet(owner=4, ascending=True, cards=tuple(in_sets[:5])),
        CardSet(owner=4, ascending=False, cards=tuple(in_sets[5:10])),
        CardSet(owner=4, ascending=True, cards=tuple(in_sets[10:])),
    )
    used = set(bob_pile) | set(erin_pile) | set(in_sets)
    rest = [c for c in range(63) if c not in used]
    hands = (*(tuple(rest[i : i + 2]) for i in range(0, 8, 2)), tuple(rest[8:11]))
    deck = tuple(rest[11:])
    assert len(deck) == 18  # 19 after erin's discard: fewer than 5 x 4, so the game ends
    session.state = state.model_copy(
        update={
            "round": 4,
            "deck_pass": 2,
            "start": 0,
            "current": 4,
            "deck": deck,
            "hands": hands,
            "holders": sets,
            "piles": ((), bob_pile, (), (), erin_pile),
            "results": (
                done(1, 1, hourglasses=(6, 0, 1, 0, 0), cards=(12, 0, 8, 0, 0)),
                done(2, 1, hourglasses=(0, 0, 0, 2, 0), cards=(0, 0, 0, 20, 0)),
                done(3, 2, hourglasses=(0, 6, 0, 0, 0), cards=(0, 6, 0, 0, 14)),
            ),
        }
    )
    await act_once(erin, board(world))  # she owns every set: her only move is the discard
    assert finished(world)
    results = world.channel.last_message.content
    assert "🏆 alice" in results and "decided by who collected more cards" in results
    text = description(final_board(world))
    assert "📥 12 cards collected · ⏳ **6**" in line_of(text, "alice")
    assert "📥 6 cards collected · ⏳ **6**" in line_of(text, "bob")
