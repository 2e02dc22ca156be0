"""Genial AI: it beats random play, weighs the next draw's risk, and only returns legal actions."""

from __future__ import annotations

import random
import statistics

import pytest

from engines import genial
from tests.engines.playout import ai_choice, play, random_choice, steps

R, B, Y, P = 0, 4, 2, 5


@pytest.mark.parametrize(("players", "min_wins"), [(2, 62), (4, 40)])
def test_ai_seat_clearly_beats_random_seats(players: int, min_wins: int) -> None:
    wins, ai_places, random_places = 0, [], []
    for seed in range(100):
        seat = seed % players
        choosers = [random_choice] * players
        choosers[seat] = ai_choice
        result = genial.outcome(play(genial, players, seed, choosers))
        assert result is not None
        wins += seat in result.winners
        ai_places.append(result.ranking[seat])
        random_places.append(result.ranking[(seat + 1) % players])
    assert wins >= min_wins
    assert statistics.mean(ai_places) < statistics.mean(random_places) - 0.3


@pytest.mark.parametrize(
    "options", [genial.Options(), genial.Options(three_player_target=6, games=2)]
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_ai_only_returns_legal_actions(players: int, options: genial.Options) -> None:
    for state, seat, action in steps(genial, players, 1, [ai_choice] * players, options):
        assert action in genial.legal_actions(state, seat)


def _decide(state: genial.State) -> genial.Action:
    legal = genial.legal_actions(state, state.turn)
    return genial.ai_action(genial.view(state, state.turn), legal, random.Random(0))


def _state(
    collection: tuple[int, ...],
    centre: tuple[int, ...],
    staging: tuple[int, ...],
    others: tuple[tuple[int, ...], ...] = ((0,) * 6,),
) -> genial.State:
    """Seat 0 to move with `collection`; the reserve holds every token not shown."""
    collections = (collection, *others)
    reserve = tuple(
        21 - centre[c] - staging.count(c) - sum(col[c] for col in collections) for c in range(6)
    )
    return genial.State(
        seed=1,
        options=genial.Options(),
        players=len(collections),
        first_seat=0,
        turn=0,
        phase="drawing" if staging else "start",
        reserve=reserve,
        centre=centre,
        staging=staging,
        collections=collections,
        lines=tuple(tuple(n >= 7 for n in col) for col in collections),
    )


def test_ai_banks_when_the_next_draw_must_miss() -> None:
    # Every centre colour is staged: any further draw is a conflict or a no-match.
    state = _state((1, 1, 1, 1, 1, 1), (1, 0, 0, 0, 1, 0), (R, B))
    assert _decide(state) == genial.Bank()


def test_ai_draws_on_when_the_bank_is_worthless() -> None:
    # Red is already full: banking it gains nothing, while blue or yellow may still follow.
    state = _state((7, 1, 1, 1, 1, 1), (1, 0, 1, 0, 1, 0), (R,))
    assert _decide(state) == genial.Draw()


def test_ai_takes_the_alternative_that_completes_its_collection() -> None:
    state = _state((7, 7, 7, 7, 7, 6), (1, 0, 1, 0, 0, 1), ())
    assert _decide(state) == genial.Alternative(colour=P)


def test_ai_stops_earlier_when_the_reserve_is_poor_in_centre_colours() -> None:
    # The same table (centre R, Y, G, B, P; blue staged); only what the others hold differs,
    # and with it the public reserve: rich in the centre colours (77 % success) or poor (31 %).
    centre, mine = (1, 0, 1, 1, 1, 1), (2, 2, 2, 2, 2, 2)
    rich = _state(mine, centre, (B,), others=((0, 7, 0, 0, 0, 0),) * 2)
    poor = _state(mine, centre, (B,), others=((7, 0, 7, 7, 0, 7),) * 2)
    assert _decide(rich) == genial.Draw()
    assert _decide(poor) == genial.Bank()
