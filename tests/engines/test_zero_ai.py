"""Zero AI: it beats random play, finishes Zeros, and only ever returns legal actions."""

from __future__ import annotations

import random
import statistics

import pytest

from engines import zero
from engines.zero.models import card_of
from tests.engines.playout import ai_choice, play, random_choice, steps


@pytest.mark.parametrize("players", [2, 4])
def test_ai_seat_clearly_beats_random_seats(players: int) -> None:
    wins, ai_totals, random_totals = 0, [], []
    for seed in range(100):
        seat = seed % players
        choosers = [random_choice] * players
        choosers[seat] = ai_choice
        result = zero.outcome(play(zero, players, seed, choosers))
        assert result is not None
        wins += seat in result.winners
        ai_totals.append(result.scores[seat])
        random_totals.append(result.scores[(seat + 1) % players])
    assert wins >= 90
    assert statistics.mean(ai_totals) < 0.6 * statistics.mean(random_totals)


@pytest.mark.parametrize(
    "options", [zero.Options(), zero.Options(beginner_market=True, zero_optional=True)]
)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_ai_only_returns_legal_actions(players: int, options: zero.Options) -> None:
    for seed in range(3):
        for state, seat, action in steps(zero, players, seed, [ai_choice] * players, options):
            assert action in zero.legal_actions(state, seat)


def test_ai_completes_and_declares_a_zero_from_the_market() -> None:
    a, b = 0, 1
    hand = [card_of(a, v) for v in (1, 2, 3, 4, 5)] + [card_of(col, 6) for col in (1, 2, 3, 4)]
    market = (card_of(5, 1), card_of(a, 6), card_of(6, 8), card_of(b, 1), card_of(5, 3))
    base = zero.setup(zero.Options(zero_optional=True), 3, seed=1)
    rest = [c for c in range(56) if c not in hand and c not in market]
    state = base.model_copy(
        update={
            "hands": (tuple(sorted(hand)), tuple(rest[:9]), tuple(rest[9:18])),
            "market": market,
            "deck": tuple(rest[18:]),
        }
    )
    rng = random.Random(0)
    give = ai_choice(zero, state, 0, rng)
    # Any of the five A cards can go: A6 then joins both the A group and the four 6s.
    assert give in [zero.Give(card=card_of(a, v)) for v in (1, 2, 3, 4, 5)]
    state, _ = zero.apply(state, 0, give)
    take = ai_choice(zero, state, 0, rng)
    assert take == zero.Take(card=card_of(a, 6), declare=True)


def test_ai_fast_scoring_agrees_with_the_rules() -> None:
    from engines.zero.ai import _mask, _score
    from engines.zero.scoring import hand_score

    rng = random.Random(4)
    for _ in range(2000):
        hand = tuple(rng.sample(range(56), 9))
        assert _score(_mask(hand)) == hand_score(hand)
