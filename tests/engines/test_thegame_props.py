"""The Game under random play: conservation invariants of section 13 and secrecy of views."""

from __future__ import annotations

import random

import pytest

from engines import thegame
from engines.thegame import Options, State, apply, legal_actions, to_act, view
from engines.thegame.rules import hand_size
from tests.engines.playout import steps

VARIANTS = [
    Options(),
    Options(on_fire=True),
    Options(expert=True, smaller_hands=True, expert_endgame_min=True, start_seat=0),
]
SEEDS = range(15)


def _cards(state: State) -> list[int]:
    return (
        [c for h in state.hands for c in h] + list(state.deck) + [c for p in state.piles for c in p]
    )


@pytest.mark.parametrize("options", VARIANTS, ids=["base", "fire", "expert"])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_play_keeps_the_section_13_invariants(options: Options, players: int) -> None:
    size = hand_size(players, options)
    for seed in SEEDS:
        game = steps(thegame, players, seed, options=options)
        while True:
            try:
                state, seat, action = next(game)
            except StopIteration as stop:
                final: State = stop.value
                break
            assert sorted(_cards(state)) == list(range(2, 100)), "a card appeared or vanished"
            assert legal_actions(state, seat), "to_act shows a seat with nothing to do"
            if state.played == 0 and state.deck:
                assert [len(h) for h in state.hands] == [size] * players
            after, events = apply(state, seat, action)
            assert after.version == state.version + 1
            for pile in range(4):
                before, now = view(state, None).tops[pile], view(after, None).tops[pile]
                if (pile < 2 and now < before) or (pile >= 2 and now > before):
                    assert abs(now - before) == 10, "a pile went backwards by more than a trick"
            for event in events:
                if event.kind == "thegame.draw":
                    assert event.visible_to == seat
        assert sorted(_cards(final)) == list(range(2, 100))
        result = thegame.outcome(final)
        assert result is not None and result.scores[0] == len(final.deck) + sum(
            map(len, final.hands)
        )
        if not options.on_fire:
            assert result.result != "burned"


def _reshuffle_hidden(state: State, seat: int | None, rng: random.Random) -> State:
    """The same public position with the cards this seat cannot see dealt differently."""
    hidden_seats = [s for s in range(state.players) if s != seat]
    pool = list(state.deck) + [c for s in hidden_seats for c in state.hands[s]]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in hidden_seats:
        hands[s], pool = tuple(sorted(pool[: len(hands[s])])), pool[len(hands[s]) :]
    return state.model_copy(update={"hands": tuple(hands), "deck": tuple(pool)})


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_views_do_not_depend_on_cards_the_seat_cannot_see(players: int) -> None:
    rng = random.Random(players)
    for state, _seat, _action in steps(thegame, players, 21, options=Options(on_fire=True)):
        for seat in [None, *range(players)]:
            other = _reshuffle_hidden(state, seat, rng)
            assert view(other, seat) == view(state, seat)
            if seat is not None:
                mine = view(state, seat)
                assert mine.hand == state.hands[seat]
                assert not set(mine.hand) & {
                    c for s, h in enumerate(state.hands) if s != seat for c in h
                }
        assert to_act(state) == {state.active}
