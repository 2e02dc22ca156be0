"""Mind Up! AI: legal, sensible and clearly better than random play."""

from __future__ import annotations

import random
import statistics

import pytest

from engines import mindup
from engines.mindup import Options, Play, State
from engines.mindup.scoring import EMPTY_COLLECTION, place
from tests.engines.playout import ai_choice, play, random_choice


def _checked_ai(game, state, seat, rng):
    legal = game.legal_actions(state, seat)
    action = game.ai_action(game.view(state, seat), legal, rng)
    assert action in legal
    return action


@pytest.mark.parametrize(
    "options",
    [Options(), Options(goals="per_round", goal_count=3), Options(goals="fixed", goal_count=5)],
)
def test_ai_only_returns_legal_actions(options: Options) -> None:
    for players in (3, 4, 5, 6):
        final = play(mindup, players, players, [_checked_ai] * players, options)
        assert mindup.outcome(final) is not None


@pytest.mark.parametrize("players", [3, 5])
def test_ai_beats_random_seats(players: int) -> None:
    games, wins = 60, 0.0
    ai_scores, random_scores = [], []
    for game in range(games):
        seat = game % players
        choosers = [random_choice] * players
        choosers[seat] = ai_choice
        out = mindup.outcome(play(mindup, players, 500 + game, choosers))
        assert out is not None
        wins += (seat in out.winners) / len(out.winners)
        ai_scores.append(out.scores[seat])
        random_scores += [s for i, s in enumerate(out.scores) if i != seat]
    assert wins / games > 0.5  # fair share is 1/players
    assert statistics.mean(ai_scores) > statistics.mean(random_scores) + 6


def test_ai_uses_its_sure_lowest_card_to_take_the_best_central_card() -> None:
    # Seat 0 holds 1 (certain to be lowest) and 60 (certain to be highest). The lowest central
    # card (16, orange +2) joins its orange on the 5 column; the highest (60, -1) would not.
    columns, _ = place(EMPTY_COLLECTION, 8)
    state = State(
        seed=1,
        options=Options(),
        players=3,
        order=(5, 1, 2, 3, 4),
        deck=tuple(c for c in range(2, 60) if c not in (8, 16, 30, 42, 3, 4, 5, 6)),
        central=(16, 30, 42),
        hands=((1, 60), (3, 4), (5, 6)),
        choices=(None, None, None),
        collections=(columns, EMPTY_COLLECTION, EMPTY_COLLECTION),
        played_this_round=((), (), ()),
    )
    view = mindup.view(state, 0)
    legal = mindup.legal_actions(state, 0)
    picks = {mindup.ai_action(view, legal, random.Random(i)) for i in range(5)}
    assert picks == {Play(card=1)}
