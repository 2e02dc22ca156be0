"""Zero under random play: card conservation, round bookkeeping and secrecy of hands."""

from __future__ import annotations

import random

import pytest

from engines import zero
from engines.zero.models import DECK_SIZE, State
from engines.zero.rules import market_size
from tests.engines.playout import play, steps

OPTION_SETS = [zero.Options(), zero.Options(beginner_market=True, zero_optional=True)]


def _all_cards(state: State) -> list[int]:
    held = [card for hand in state.hands for card in hand]
    laid = [] if state.laid is None else [state.laid]
    return sorted(held + list(state.market) + laid + list(state.deck))


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_cards_are_conserved_and_the_set_aside_pile_is_untouched(
    players: int, options: zero.Options
) -> None:
    size = market_size(options, players)
    for seed in range(8):
        it = steps(zero, players, seed, options=options)
        deck_of_round: dict[int, tuple[int, ...]] = {}
        for state, seat, _action in it:
            assert _all_cards(state) == list(range(DECK_SIZE))
            assert len(state.market) == size
            giver = seat if state.phase == "take" else None
            assert [len(h) for h in state.hands] == [8 if s == giver else 9 for s in range(players)]
            assert deck_of_round.setdefault(state.round, state.deck) == state.deck
        final = play(zero, players, seed, options=options)
        result = zero.outcome(final)
        assert result is not None and len(result.round_scores) == players
        assert all(0 <= points <= 36 for row in result.round_scores for points in row)
        assert result.scores == tuple(map(sum, zip(*result.round_scores, strict=True)))
        assert result.winners == tuple(s for s in range(players) if result.ranking[s] == 1)


def _shuffle_hidden(state: State, viewer: int | None, rng: random.Random) -> State:
    """Redistribute every card the viewer cannot see among the same hidden places."""
    hidden_seats = [s for s in range(state.players) if s != viewer]
    pool = [card for s in hidden_seats for card in state.hands[s]] + list(state.deck)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in hidden_seats:
        hands[s], pool = tuple(sorted(pool[: len(hands[s])])), pool[len(hands[s]) :]
    return state.model_copy(update={"hands": tuple(hands), "deck": tuple(pool)})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_views_do_not_depend_on_cards_the_viewer_cannot_see(players: int) -> None:
    rng = random.Random(players)
    for seed in range(3):
        for state, _seat, _action in steps(zero, players, seed):
            for viewer in [None, *range(players)]:
                seen = zero.view(state, viewer)
                assert zero.view(_shuffle_hidden(state, viewer, rng), viewer) == seen
                if viewer is not None:
                    assert seen.hand == state.hands[viewer]
                others = {c for s, hand in enumerate(state.hands) if s != viewer for c in hand}
                assert not others & set(seen.hand)
