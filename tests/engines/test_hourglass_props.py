"""Hourglass under random play: card conservation, turn bookkeeping, scores, secrecy."""

from __future__ import annotations

import json
import random

import pytest

from engines import hourglass as hg
from engines.hourglass.models import HOURGLASSES, State, hand_size
from tests.engines.playout import steps

PLAYERS = [2, 3, 4, 5]


def _all_cards(state: State) -> list[int]:
    table = [c for s in state.holders if s is not None for c in s.cards]
    hands = [c for h in state.hands for c in h]
    piles = [c for p in state.piles for c in p]
    return sorted([*state.deck, *hands, *table, *piles])


def _run(players: int, seed: int) -> State:
    it = steps(hg, players, seed)
    state = None
    try:
        while True:
            state, seat, action = next(it)
            after, events = hg.apply(state, seat, action)
            assert _all_cards(after) == list(range(63)), "a card appeared or vanished"
            assert after.version == state.version + 1
            if after.round != state.round and not after.finished:
                full = hand_size(players) if after.deck_pass == state.deck_pass else 6
                assert [len(h) for h in after.hands] == [full] * players
                assert after.holders == (None, None, None)
            for event in events:
                if event.kind in ("hourglass.drew", "hourglass.discarded", "hourglass.round_score"):
                    assert event.visible_to == event.seat
    except StopIteration as stop:
        return stop.value
    raise AssertionError("unreachable")


@pytest.mark.parametrize("players", PLAYERS)
def test_cards_are_conserved_and_scores_equal_the_piles(players: int) -> None:
    for seed in range(60):
        final = _run(players, seed)
        result = hg.outcome(final)
        assert result is not None
        pile_hourglasses = tuple(sum(HOURGLASSES[c] for c in p) for p in final.piles)
        if final.deck_pass == 1:
            assert result.scores == pile_hourglasses
        else:
            first = [r.hourglasses for r in final.results if r.deck_pass == 1]
            assert sum(map(sum, first)) <= 60
            recorded = [sum(col) for col in zip(*first, strict=True)]
            assert result.scores == tuple(
                a + b for a, b in zip(recorded, pile_hourglasses, strict=True)
            )
        assert sum(HOURGLASSES[c] for p in final.piles for c in p) <= 60


def _reshuffle_others(state: State, seat: int, rng: random.Random) -> State:
    """The same table with every card hidden from `seat` dealt differently."""
    secret = [c for p, h in enumerate(state.hands) if p != seat for c in h] + list(state.deck)
    rng.shuffle(secret)
    hands, rest = [], secret
    for p, h in enumerate(state.hands):
        if p == seat:
            hands.append(h)
        else:
            hands.append(tuple(sorted(rest[: len(h)])))
            rest = rest[len(h) :]
    return state.model_copy(update={"hands": tuple(hands), "deck": tuple(rest), "seed": 99})


@pytest.mark.parametrize("players", PLAYERS)
def test_views_do_not_depend_on_hidden_cards(players: int) -> None:
    rng = random.Random(players)
    for seed in range(3):
        for state, _seat, _action in steps(hg, players, seed):
            for seat in [None, *range(players)]:
                other = _reshuffle_others(state, -1 if seat is None else seat, rng)
                mine = hg.view(state, seat)
                assert mine == hg.view(other, seat), f"view of {seat} leaks hidden cards"
                dumped = json.loads(mine.model_dump_json())
                if seat is not None:
                    assert dumped["hand"] == list(state.hands[seat])
                else:
                    assert dumped["hand"] == []
