"""The Game AI: legal, far better than random play, and careful with fire and signals."""

from __future__ import annotations

import random
import statistics

import pytest

from engines import thegame
from engines.thegame import Burning, Options, PileSignal, Play, State, Stop, ai_action, view
from tests.engines.playout import ai_choice, play, random_choice, steps

U1, U2, D1, D2 = 0, 1, 2, 3


def _left(players: int, seed: int, choosers: list, options: Options | None = None) -> int:
    final = play(thegame, players, seed, choosers, options)
    result = thegame.outcome(final)
    assert result is not None
    return result.scores[0]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_ai_team_leaves_far_fewer_cards_than_a_random_team(players: int) -> None:
    seeds = range(8)
    ai = [_left(players, s, [ai_choice] * players) for s in seeds]
    rnd = [_left(players, s, [random_choice] * players) for s in seeds]
    assert statistics.mean(ai) < 20 < 60 < statistics.mean(rnd)


def test_one_ai_seat_improves_a_random_partner() -> None:
    seeds = range(20)
    mixed = [_left(2, s, [ai_choice, random_choice]) for s in seeds]
    rnd = [_left(2, s, [random_choice, random_choice]) for s in seeds]
    assert statistics.mean(mixed) + 2 < statistics.mean(rnd)


def test_ai_wins_some_games() -> None:
    results = [_left(3, s, [ai_choice] * 3) for s in range(12)]
    assert 0 in results


@pytest.mark.parametrize(
    "options",
    [
        Options(),
        Options(on_fire=True),
        Options(expert=True, smaller_hands=True, expert_endgame_min=True),
    ],
    ids=["base", "fire", "expert"],
)
@pytest.mark.parametrize("players", [1, 3, 5])
def test_ai_only_returns_legal_actions(options: Options, players: int) -> None:
    rng = random.Random(players)
    for seed in range(2):
        for state, seat, _action in steps(thegame, players, seed, options=options):
            legal = thegame.legal_actions(state, seat)
            assert ai_action(view(state, seat), legal, rng) in legal


def _fire_state(
    players: int, hand: tuple[int, ...], burning: tuple[Burning, ...], **kw: object
) -> State:
    hands = (hand, *[(90 + i,) for i in range(players - 1)])
    return State(
        seed=0,
        options=Options(on_fire=True),
        players=players,
        hands=hands,
        deck=(80, 81, 82),
        active=0,
        minimum=2,
        burning=burning,
        **kw,  # type: ignore[arg-type]
    )


def test_ai_covers_a_fire_whose_deadline_is_this_turn() -> None:
    state = _fire_state(
        2,
        (30, 31, 32, 60),
        (Burning(pile=D1, card=66, deadline=2),),
        piles=((29,), (), (66,), ()),
        turn=2,
    )
    chosen = []
    while state.active == 0 and state.end is None:
        action = ai_action(view(state, 0), thegame.legal_actions(state, 0), random.Random(0))
        chosen.append(action)
        state, _ = thegame.apply(state, 0, action)
    assert Play(card=60, pile=D1) in chosen and state.end is None


def test_ai_solo_covers_the_fire_with_its_next_card() -> None:
    state = _fire_state(
        1, (23, 40, 50, 60), (Burning(pile=U1, card=22, deadline=None),), piles=((22,), (), (), ())
    )
    action = ai_action(view(state, 0), thegame.legal_actions(state, 0), random.Random(0))
    assert isinstance(action, Play) and action.pile == U1


def test_ai_respects_a_dont_play_signal_when_a_twin_pile_fits_as_well() -> None:
    base = State(
        seed=0,
        options=Options(),
        players=2,
        hands=((51, 52, 90, 91), (10, 11)),
        deck=(80, 81, 82),
        active=0,
        minimum=2,
        piles=((50,), (50,), (), ()),
    )
    first = ai_action(view(base, 0), thegame.legal_actions(base, 0), random.Random(0))
    assert first == Play(card=51, pile=U1)
    signalled = base.model_copy(
        update={"signals": (PileSignal(signal="dont_play", seat=1), None, None, None)}
    )
    second = ai_action(view(signalled, 0), thegame.legal_actions(signalled, 0), random.Random(0))
    assert second == Play(card=51, pile=U2)
    assert Stop() not in thegame.legal_actions(base, 0)
