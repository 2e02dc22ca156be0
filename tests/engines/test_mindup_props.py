"""Mind Up! under random play: card conservation, well-formed collections, and secrecy."""

from __future__ import annotations

from collections import Counter

import pytest

from engines import mindup
from engines.mindup import Options, State, View
from engines.mindup.models import COLOUR, GOALS
from engines.mindup.scoring import score_round
from tests.engines.playout import play, steps

VARIANTS = [
    Options(),
    Options(goals="per_round"),
    Options(goals="per_round", goal_count=5, tiebreak2="net_icons"),
    Options(goals="fixed", goal_count=4),
]


def _cards(columns) -> list[int]:
    return [c for cards in columns for c in cards]


def _check(state: State) -> None:
    everything = [*state.deck, *state.central]
    for seat in range(state.players):
        everything += [*state.hands[seat], *_cards(state.collections[seat])]
    assert Counter(everything) == Counter(range(1, 61)), "a number card appeared or vanished"
    goals = state.goals + state.goal_deck + state.goal_aside + state.goal_discard
    assert sorted(goals) == ([] if state.options.goals == "off" else list(range(1, 15)))
    assert len({GOALS[g].letter for g in state.goals}) == len(state.goals)
    assert len(state.central) == state.players and list(state.central) == sorted(state.central)
    running = mindup.outcome(state) is None
    for seat in range(state.players):
        columns = state.collections[seat]
        filled = [bool(cards) for cards in columns]
        assert filled == sorted(filled, reverse=True), "an empty column left of a filled one"
        assert all(len({COLOUR[c] for c in cards}) <= 1 for cards in columns)
        assert len({COLOUR[cards[0]] for cards in columns if cards}) == sum(filled)
        if running:
            assert len(state.hands[seat]) + len(_cards(columns)) == 6 + state.round
            choice = state.choices[seat]
            assert choice is None or choice in state.hands[seat]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_cards_are_conserved_and_collections_stay_well_formed(players: int) -> None:
    for seed in range(8):
        options = VARIANTS[seed % len(VARIANTS)]
        count = 0
        for state, _seat, _action in steps(mindup, players, seed, options=options):
            _check(state)
            count += 1
        assert count == players * (6 + 7 + 8)  # one choice per seat per turn


@pytest.mark.parametrize("players", [3, 6])
def test_final_scores_match_a_recount(players: int) -> None:
    for seed in range(6):
        options = VARIANTS[seed % len(VARIANTS)]
        final = play(mindup, players, seed, options=options)
        _check(final)
        out = mindup.outcome(final)
        assert out is not None
        recount = score_round(final.collections, final.order, final.goals)
        assert final.results[-1] == recount
        assert out.round_scores[-1] == recount.scores
        assert out.scores == tuple(sum(r[s] for r in out.round_scores) for s in range(players))
        assert sum(len(_cards(c)) for c in final.collections) == 9 * players


CARD_FIELDS = ("hand", "central", "last_played", "last_taken")


def _visible_cards(view: View) -> set[int]:
    cards = {c for name in CARD_FIELDS for c in getattr(view, name)}
    cards |= {c for cols in view.collections for c in _cards(cols)}
    cards |= {c for cols in view.round_start_collections for c in _cards(cols)}
    cards |= {c for log in view.played_this_round for c in log}
    if view.my_choice is not None:
        cards.add(view.my_choice)
    return cards


def _secret_of(state: State, seat: int) -> set[int]:
    """Cards in a seat's hand that no public record shows (round 1 hand, the drawn card)."""
    known = set(_cards(state.round_start_collections[seat])) if state.round > 1 else set()
    return set(state.hands[seat]) - known


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_views_never_leak_other_hands_deck_or_hidden_choices(players: int) -> None:
    for seed in range(3):
        options = VARIANTS[seed % len(VARIANTS)]
        for state, _seat, _action in steps(mindup, players, 100 + seed, options=options):
            for viewer in [None, *range(players)]:
                view = mindup.view(state, viewer)
                secret = set(state.deck)
                for other in range(players):
                    if other != viewer:
                        secret |= _secret_of(state, other)
                assert not (_visible_cards(view) & secret)
                assert "goal_deck" not in view.model_dump()
                # The view is the same whatever card another seat has locked in.
                for other, choice in enumerate(state.choices):
                    if other == viewer or choice is None:
                        continue
                    alternative = next(c for c in state.hands[other] if c != choice)
                    swapped = state.model_copy(
                        update={
                            "choices": tuple(
                                alternative if s == other else c
                                for s, c in enumerate(state.choices)
                            )
                        }
                    )
                    assert mindup.view(swapped, viewer) == view


@pytest.mark.parametrize("players", [3, 5])
def test_private_events_reach_only_their_owner(players: int) -> None:
    for state, seat, action in steps(mindup, players, 7):
        _after, events = mindup.apply(state, seat, action)
        for event in events:
            if event.kind in ("mindup.chosen_card", "mindup.drew"):
                assert event.visible_to == event.seat
            else:
                assert event.visible_to is None
            if event.kind == "mindup.chosen":
                assert event.params == {}
