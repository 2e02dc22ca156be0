"""Random-play properties every engine must satisfy, for every player count."""

from __future__ import annotations

import json
import random

import pytest

from engines import GAMES, IllegalAction
from tests.engines.playout import play, steps

SEEDS = range(12)
CASES = [
    (slug, players)
    for slug, game in GAMES.items()
    for players in range(game.SPEC.min_players, game.SPEC.max_players + 1)
]
SECRET_KEYS = {"seed", "deck", "hands", "hidden", "choices", "reserve_order"}


def _keys(obj: object) -> set[str]:
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in _keys(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in _keys(v)}
    return set()


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_random_play_terminates_and_every_offered_action_applies(slug: str, players: int) -> None:
    game = GAMES[slug]
    for seed in SEEDS:
        final = play(game, players, seed)
        result = game.outcome(final)
        assert result is not None
        assert len(result.scores) == players and len(result.ranking) == players
        assert game.to_act(final) == frozenset()


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_apply_never_mutates_and_state_round_trips_json(slug: str, players: int) -> None:
    game = GAMES[slug]
    for seed in SEEDS[:4]:
        for state, seat, action in steps(game, players, seed):
            before = state.model_dump_json()
            game.apply(state, seat, action)
            assert state.model_dump_json() == before, "apply mutated its input"
            again = type(state).model_validate_json(before)
            assert again == state
            assert game.legal_actions(again, seat) == game.legal_actions(state, seat)


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_same_seed_same_game(slug: str, players: int) -> None:
    game = GAMES[slug]
    random.seed(1)
    first = play(game, players, 5).model_dump_json()
    random.seed(2)
    random.random()
    assert play(game, players, 5).model_dump_json() == first


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_views_hide_secrets_and_seats_not_acting_have_no_actions(slug: str, players: int) -> None:
    game = GAMES[slug]
    for state, _seat, _action in steps(game, players, 3):
        acting = game.to_act(state)
        for seat in [None, *range(players)]:
            dumped = json.loads(game.view(state, seat).model_dump_json())
            assert not (_keys(dumped) & SECRET_KEYS), f"secret field in view of seat {seat}"
            if seat is not None and seat not in acting:
                assert game.legal_actions(state, seat) == []


@pytest.mark.parametrize("slug", list(GAMES))
def test_actions_not_offered_are_refused_and_state_unchanged(slug: str) -> None:
    game = GAMES[slug]
    state = game.setup(game.SPEC.Options(), game.SPEC.min_players, 11)
    before = state.model_dump_json()
    acting = game.to_act(state)
    idle = [s for s in range(game.SPEC.min_players) if s not in acting]
    legal = game.legal_actions(state, next(iter(acting)))
    if idle:
        with pytest.raises(IllegalAction):
            game.apply(state, idle[0], legal[0])
    with pytest.raises(IllegalAction):
        game.apply(state, 99, legal[0])
    final = play(game, game.SPEC.min_players, 11)
    with pytest.raises(IllegalAction):
        game.apply(final, 0, legal[0])
    assert state.model_dump_json() == before
