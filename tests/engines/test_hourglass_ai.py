"""Hourglass AI: clearly better than random play, and only ever returns a legal action."""

from __future__ import annotations

import random
import statistics

import pytest

from engines import hourglass as hg
from tests.engines.playout import ai_choice, play, random_choice, steps

GAMES = 80


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ai_beats_random_seats(players: int) -> None:
    wins, ai_scores, random_scores = 0.0, [], []
    for seed in range(GAMES):
        ai_seat = seed % players
        choosers = [ai_choice if s == ai_seat else random_choice for s in range(players)]
        result = hg.outcome(play(hg, players, seed, choosers))
        assert result is not None
        if ai_seat in result.winners:
            wins += 1 / len(result.winners)
        ai_scores.append(result.scores[ai_seat])
        random_scores.append(result.scores[(ai_seat + 1) % players])
    assert wins / GAMES > 1 / players + 0.4, "the AI should win far above its fair share"
    assert statistics.mean(ai_scores) > 2 * statistics.mean(random_scores)


@pytest.mark.parametrize("players", [2, 5])
def test_ai_only_returns_legal_actions(players: int) -> None:
    choosers = [ai_choice] * players
    for seed in range(3):
        for state, seat, _action in steps(hg, players, seed, choosers):
            legal = hg.legal_actions(state, seat)
            assert hg.ai_action(hg.view(state, seat), legal, random.Random(seed)) in legal
