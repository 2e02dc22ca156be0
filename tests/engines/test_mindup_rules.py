"""Mind Up!: one test per numbered rule (R1-R35) and per worked example (E1-E6)."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

from engines import mindup
from engines.core import IllegalAction
from engines.mindup import Options, Play, RoundResult, State
from engines.mindup.models import COLOUR, COLOURS, GOALS, MODIFIER, Columns
from engines.mindup.scoring import (
    EMPTY_COLLECTION,
    Collection,
    column_points,
    goal_points,
    icon_points,
    place,
    score_round,
)

ORANGE, BLUE, GREEN, PURPLE, PINK = (
    [n for n in range(1, 61) if COLOUR[n] == colour] for colour in COLOURS
)


def collect(*cards: int) -> Columns:
    """A collection built by placing the cards in the given order (R18)."""
    columns = EMPTY_COLLECTION
    for card in cards:
        columns, _index = place(columns, card)
    return columns


def make(
    hands: tuple[tuple[int, ...], ...],
    central: tuple[int, ...],
    *,
    order: tuple[int, ...] = (1, 2, 3, 4, 5),
    collections: tuple[Columns, ...] | None = None,
    round_: int = 1,
    options: Options | None = None,
    results: tuple[RoundResult, ...] = (),
) -> State:
    """A hand-built running state; the deck holds every card not used elsewhere."""
    players = len(hands)
    collections = collections or (EMPTY_COLLECTION,) * players
    used = set(central) | {c for h in hands for c in h}
    used |= {c for cols in collections for cards in cols for c in cards}
    return State(
        seed=1,
        options=options or Options(),
        players=players,
        round=round_,
        order=order,
        deck=tuple(c for c in range(1, 61) if c not in used),
        central=central,
        hands=hands,
        choices=(None,) * players,
        collections=collections,
        played_this_round=((),) * players,
        results=results,
    )


def play_turn(state: State, cards: list[int]) -> tuple[State, list]:
    """Every seat locks in its card; returns the state after the reveal and all events."""
    events = []
    for seat, card in enumerate(cards):
        state, evs = mindup.apply(state, seat, Play(card=card))
        events += evs
    return state, events


def result(scores: tuple[int, ...], bonus: tuple[int, ...] | None = None, icons=None):
    n = len(scores)
    return RoundResult(
        goals=(),
        column_points=scores,
        icon_points=icons or (0,) * n,
        goal_points=(0,) * n,
        bonus_icons=bonus or (0,) * n,
        scores=scores,
    )


def random_game(players: int, seed: int, options: Options | None = None):
    """All states and events of one game where every seat plays its lowest card."""
    state = mindup.setup(options or Options(), players, seed)
    states, events = [state], []
    while mindup.to_act(state):
        seat = min(mindup.to_act(state))
        state, evs = mindup.apply(state, seat, mindup.legal_actions(state, seat)[0])
        states.append(state)
        events += evs
    return states, events


# --- 1. Components ---


def test_r1_sixty_number_cards_five_colours_of_twelve() -> None:
    assert Counter(COLOUR[1:]) == dict.fromkeys(COLOURS, 12)
    assert set(MODIFIER[1:]) == {-1, 0, 1, 2} and len(MODIFIER) == 61


def test_r2_card_table_matches_closed_form_and_invariants() -> None:
    def closed(n: int) -> int:
        n = n if n <= 30 else 61 - n
        return {1: -1, 2: 0, 3: 1, 4: 2, 5: 1, 0: 0}[n % 6]

    assert all(MODIFIER[n] == closed(n) for n in range(1, 61))
    for colour in COLOURS:
        mods = Counter(MODIFIER[n] for n in range(1, 61) if COLOUR[n] == colour)
        assert mods == {-1: 2, 0: 4, 1: 4, 2: 2}
    assert ORANGE == [1, 8, 15, 16, 23, 30, 31, 38, 45, 46, 53, 60]
    assert PINK == [2, 6, 10, 19, 27, 29, 32, 34, 42, 51, 55, 59]
    assert (COLOUR[46], MODIFIER[46], COLOUR[37], MODIFIER[37]) == ("orange", 1, "blue", 0)


def test_r3_each_collection_card_scores_its_value_per_number_card() -> None:
    columns = collect(8, 30, 12)  # orange x2 in column 1, green in column 2
    assert column_points(columns, (5, 1, 2, 3, 4)) == 5 * 2 + 1 * 1
    state = mindup.setup(Options(), 5, 3)
    assert sorted(state.order) == [1, 2, 3, 4, 5]


def test_r4_goal_cards_letters_and_values() -> None:
    assert len(GOALS) == 14
    assert Counter(g.letter for g in GOALS.values()) == dict.fromkeys("ABCDEFG", 2)
    # Ten goals are worth +2 and four are worth -2 (R4).
    assert sum(g.points for g in GOALS.values()) == 12
    assert {g.id for g in GOALS.values() if g.points < 0} == {2, 5, 10, 13}


NONE: tuple[Columns, ...] = ()
GOAL_CASES = [
    (1, collect(8), NONE, True),
    (1, collect(8, 30), NONE, False),
    (1, collect(8, 30, 15), NONE, True),
    (2, collect(12, 8), NONE, True),  # orange in column 2, value 2 with order 1-5
    (2, collect(12, 3, 8), NONE, False),
    (3, collect(3, 13), NONE, True),
    (3, collect(3), NONE, False),
    (4, collect(3, 13, 8), NONE, True),
    (4, collect(3, 8, 30), NONE, False),
    (4, collect(8), NONE, False),  # no blue at all
    (5, collect(8), (collect(2),), True),  # 0 pink, opponent 1
    (5, collect(2), (collect(8),), False),
    (5, collect(2), (collect(6),), True),  # tie counts
    (6, collect(2, 6), (collect(10),), True),
    (6, collect(2), (collect(10, 6),), False),
    (7, collect(2, 12), NONE, True),
    (7, collect(2, 12, 3), NONE, False),
    (8, collect(2, 3, 8, 12), NONE, True),  # green in column 4 -> value 4
    (8, collect(12), NONE, False),
    (9, collect(7), NONE, True),
    (9, collect(7, 8, 30), NONE, False),
    (9, collect(), NONE, False),  # ruling A6: purple must be present
    (10, collect(7), (collect(9),), True),
    (10, collect(7), (collect(9, 11),), False),
    (11, collect(8, 3, 12, 7, 2), NONE, True),
    (11, collect(8, 3, 12, 7), NONE, False),
    (12, collect(8, 3, 12), NONE, True),
    (12, collect(8, 3), NONE, False),
    (13, collect(8, 30, 15), NONE, True),
    (13, collect(8, 30, 15, 16), NONE, False),
    (14, collect(8, 30, 15, 16), NONE, True),
    (14, collect(8, 30, 15), NONE, False),
]


@pytest.mark.parametrize(("gid", "columns", "others", "met"), GOAL_CASES)
def test_r4_goal_conditions(gid: int, columns: Columns, others, met: bool) -> None:
    points = goal_points(Collection(columns, (1, 2, 3, 4, 5), others), (gid,))
    assert points == (GOALS[gid].points if met else 0)


def test_r5_score_pad_keeps_every_round_score() -> None:
    states, _events = random_game(4, 8)
    final = mindup.outcome(states[-1])
    assert final is not None and len(final.round_scores) == 3
    assert final.scores == tuple(sum(r[s] for r in final.round_scores) for s in range(4))


# --- 2. Players and setup ---


@pytest.mark.parametrize("players", [2, 7])
def test_r6_three_to_six_players(players: int) -> None:
    with pytest.raises(ValueError, match="3-6 players"):
        mindup.setup(Options(), players, 1)
    assert (mindup.SPEC.min_players, mindup.SPEC.max_players) == (3, 6)


def test_r7_deck_is_shuffled_per_seed() -> None:
    a, b = mindup.setup(Options(), 3, 1), mindup.setup(Options(), 3, 2)
    assert a.hands != b.hands
    assert a == mindup.setup(Options(), 3, 1)


def test_r8_one_empty_collection_set_per_player() -> None:
    state = mindup.setup(Options(), 5, 1)
    assert state.collections == (EMPTY_COLLECTION,) * 5


@pytest.mark.parametrize("players", [3, 6])
def test_r9_central_row_has_n_cards_ascending(players: int) -> None:
    state = mindup.setup(Options(), players, 4)
    assert len(state.central) == players and list(state.central) == sorted(state.central)


def test_r10_column_order_is_one_shared_random_permutation() -> None:
    orders = {mindup.setup(Options(), 3, seed).order for seed in range(30)}
    assert all(sorted(o) == [1, 2, 3, 4, 5] for o in orders) and len(orders) > 5
    view = mindup.view(mindup.setup(Options(), 3, 1), 2)
    assert len(view.order) == 5  # one order for the whole table


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r11_seven_cards_each_and_deck_of_60_minus_8n(players: int) -> None:
    state = mindup.setup(Options(), players, 2)
    assert [len(h) for h in state.hands] == [7] * players
    assert len(state.deck) == 60 - 8 * players


def test_r12_goal_deck_only_in_the_variant() -> None:
    plain = mindup.setup(Options(), 3, 1)
    assert plain.goals == () and plain.goal_deck == ()
    variant = mindup.setup(Options(goals="per_round"), 3, 1)
    assert len(variant.goals) == 1
    assert sorted(variant.goals + variant.goal_deck + variant.goal_aside) == list(range(1, 15))


# --- 3./4. Structure and turns ---


def test_r13_three_rounds_with_hands_of_7_8_9() -> None:
    states, _events = random_game(4, 5)
    sizes = {}
    for state in states:
        sizes.setdefault(state.round, len(state.hands[0]))
    assert sizes == {1: 7, 2: 8, 3: 9}


def test_r14_rounds_have_hand_minus_one_turns() -> None:
    _states, events = random_game(3, 6)
    reveals = [e.params["turn"] for e in events if e.kind == "mindup.reveal"]
    assert len(reveals) == 6 + 7 + 8 and max(reveals) == 8


def test_r15_choices_are_simultaneous_and_secret() -> None:
    state = mindup.setup(Options(), 3, 1)
    assert mindup.to_act(state) == {0, 1, 2}
    card = state.hands[1][3]
    after, events = mindup.apply(state, 1, Play(card=card))
    assert mindup.to_act(after) == {0, 2} and mindup.legal_actions(after, 1) == []
    assert mindup.view(after, 1).my_choice == card
    for seat in (None, 0, 2):
        view = mindup.view(after, seat)
        assert view.my_choice is None and view.chosen == (False, True, False)
    public = [e for e in events if e.visible_to is None]
    assert public and all("card" not in e.params for e in public)
    with pytest.raises(IllegalAction) as err:
        mindup.apply(after, 1, Play(card=state.hands[1][0]))
    assert err.value.code == "already_chosen"
    with pytest.raises(IllegalAction) as err:
        mindup.apply(after, 0, Play(card=card))
    assert err.value.code == "not_in_hand"


def test_r16_revealed_cards_are_sorted_ascending() -> None:
    state = make(((50, 1), (3, 2), (40, 4)), (10, 20, 30))
    after, _ = play_turn(state, [50, 3, 40])
    assert after.central == (3, 40, 50)


def test_r17_ith_lowest_card_takes_ith_central_card() -> None:
    state = make(((50, 1, 5), (3, 2, 6), (40, 4, 7)), (10, 20, 30))
    after, events = play_turn(state, [50, 3, 40])
    reveal = next(e for e in events if e.kind == "mindup.reveal")
    assert reveal.params["taken"] == [30, 10, 20]
    assert reveal.params["played"] == [50, 3, 40]
    assert after.collections[1][0] == (10,)


def test_r18_same_colour_stacks_new_colour_goes_leftmost_empty() -> None:
    columns = collect(8, 3)  # orange, blue
    same, index = place(columns, 15)
    assert index == 0 and same[0] == (8, 15)
    new, index = place(columns, 12)
    assert index == 2 and new[2] == (12,)


def test_r19_played_cards_become_the_new_central_row() -> None:
    state = make(((50, 1, 5), (3, 2, 6), (40, 4, 7)), (10, 20, 30))
    after, _ = play_turn(state, [50, 3, 40])
    assert after.central == (3, 40, 50)
    taken = {c for cols in after.collections for cards in cols for c in cards}
    assert taken == {10, 20, 30}


def test_r20_last_card_goes_straight_into_the_collection() -> None:
    state = make(((50, 1), (3, 2), (40, 4)), (10, 20, 30))
    after, events = play_turn(state, [50, 3, 40])
    last = next(e for e in events if e.kind == "mindup.last_cards")
    assert last.params["cards"] == [1, 2, 4]
    # Round 2 hands = round-1 collection (claimed card + last card) + 1 drawn.
    assert {30, 1} <= set(after.hands[0]) and len(after.hands[0]) == 3
    assert after.central == (3, 40, 50)


def test_r21_round_is_scored_when_it_ends() -> None:
    state = make(((50, 1), (3, 2), (40, 4)), (10, 20, 30))
    after, events = play_turn(state, [50, 3, 40])
    scored = next(e for e in events if e.kind == "mindup.round_scored")
    # Seat 0: orange 30 (0) column 1 + orange 1 (-1) column 1 = 2 - 1.
    assert scored.params["scores"][0] == 1 and after.results[0].scores[0] == 1


def test_r22_next_round_keeps_row_returns_collection_draws_one_new_order() -> None:
    state = make(((50, 1), (3, 2), (40, 4)), (10, 20, 30), options=Options(goals="per_round"))
    state = state.model_copy(update={"goals": (1,), "goal_deck": tuple(range(2, 15))})
    top = state.deck[:3]
    after, events = play_turn(state, [50, 3, 40])
    assert after.round == 2 and after.central == (3, 40, 50)
    assert after.hands == (
        tuple(sorted((30, 1, top[0]))),
        tuple(sorted((10, 2, top[1]))),
        tuple(sorted((20, 4, top[2]))),
    )
    assert after.collections == (EMPTY_COLLECTION,) * 3
    assert after.round_start_collections == (collect(30, 1), collect(10, 2), collect(20, 4))
    assert after.goals == (2,) and after.goal_discard == (1,)
    drew = [e for e in events if e.kind == "mindup.drew"]
    assert [(e.visible_to, e.params["card"]) for e in drew] == list(enumerate(top))
    orders = set()
    for seed in range(20):
        moved, _ = play_turn(state.model_copy(update={"seed": seed}), [50, 3, 40])
        orders.add(moved.order)
    assert len(orders) > 5


# --- 6. Scoring ---


def test_r23_column_points_value_times_cards() -> None:
    columns = collect(8, 30, 15, 3, 12)
    assert column_points(columns, (3, 5, 1, 2, 4)) == 3 * 3 + 5 * 1 + 1 * 1


def test_r24_icon_points_sum_modifiers() -> None:
    assert icon_points(collect(1, 4, 5, 12)) == -1 + 2 + 1 + 0


def test_r25_goal_points_evaluated_for_every_player_against_opponents() -> None:
    collections = (collect(2, 6), collect(10, 8), collect(8))
    scored = score_round(collections, (1, 2, 3, 4, 5), (6, 5))
    # Goal 6 (+2 most pink): seat 0 only. Goal 5 (-2 fewest pink): seat 2 only.
    assert scored.goal_points == (2, 0, -2)


def test_r26_round_score_sums_parts_and_game_score_sums_rounds() -> None:
    scored = score_round((collect(1, 4), collect(10), collect(2)), (1, 2, 3, 4, 5), (6,))
    assert scored.scores == tuple(
        c + i + g
        for c, i, g in zip(
            scored.column_points, scored.icon_points, scored.goal_points, strict=True
        )
    )
    assert scored.scores == (1 + 2 + 1, 1 + 2 + 2, 1 + 0 + 2)


# --- 7. End of game ---


def test_r27_game_ends_after_round_three_highest_total_wins() -> None:
    states, events = random_game(3, 9)
    final = states[-1]
    assert final.round == 3 and mindup.to_act(final) == frozenset()
    assert all(mindup.legal_actions(final, s) == [] for s in range(3))
    with pytest.raises(IllegalAction) as err:
        mindup.apply(final, 0, Play(card=1))
    assert err.value.code == "game_over"
    out = mindup.outcome(final)
    assert out is not None and events[-1].kind == "mindup.game_over"
    best = max(out.scores)
    assert all(out.scores[w] == best for w in out.winners)
    assert mindup.outcome(states[-2]) is None


def finished(rounds, options: Options | None = None) -> State:
    state = make(((), (), ()), (1, 2, 3), options=options)
    return state.model_copy(update={"results": tuple(rounds)})


def test_r28_tie_broken_by_round_three_score() -> None:
    out = mindup.outcome(
        finished([result((30, 20, 10)), result((20, 30, 10)), result((10, 20, 5))])
    )
    assert out is not None and out.scores == (60, 70, 25)
    out = mindup.outcome(
        finished([result((30, 20, 10)), result((20, 20, 10)), result((10, 20, 5))])
    )
    assert out is not None and out.scores == (60, 60, 25)
    assert out.winners == (1,) and out.ranking == (2, 1, 3) and out.tiebreak == "round3_score"


def test_r29_then_by_bonus_icons_over_three_rounds() -> None:
    rounds = [
        result((20, 20, 5), bonus=(3, 5, 0), icons=(3, -1, 0)),
        result((20, 20, 5), bonus=(3, 0, 0), icons=(3, 0, 0)),
        result((20, 20, 5), bonus=(0, 2, 0), icons=(0, 1, 0)),
    ]
    out = mindup.outcome(finished(rounds))
    assert out is not None and out.winners == (1,) and out.tiebreak == "bonus_icons"
    assert out.details["bonus_icons"] == [6, 7, 0]
    # Option: net icon sum instead (6 vs 0): seat 0 wins.
    out = mindup.outcome(finished(rounds, Options(tiebreak2="net_icons")))
    assert out is not None and out.winners == (0,) and out.tiebreak == "net_icons"


def test_r30_still_tied_is_a_shared_victory() -> None:
    rounds = [result((20, 20, 5), bonus=(1, 1, 0))] * 3
    out = mindup.outcome(finished(rounds))
    assert out is not None and out.winners == (0, 1) and out.ranking == (1, 1, 3)
    assert out.tiebreak == "shared_victory"


# --- 8. Information ---


def test_r31_collections_are_public_hands_are_not() -> None:
    state = make(((50, 1, 5), (3, 2, 6), (40, 4, 7)), (10, 20, 30))
    after, _ = play_turn(state, [50, 3, 40])
    for seat in (None, 0, 1, 2):
        view = mindup.view(after, seat)
        assert view.collections == after.collections and view.hand_counts == (2, 2, 2)
    assert mindup.view(after, 0).hand == (1, 5) and mindup.view(after, None).hand == ()


# --- 9. Goal variant ---


def test_r32_one_goal_per_round_replaced_each_round() -> None:
    states, events = random_game(3, 2, Options(goals="per_round"))
    per_round = {s.round: s.goals for s in states[:-1]}
    assert all(len(g) == 1 for g in per_round.values())
    assert len({g[0] for g in per_round.values()}) == 3
    scored = [e.params["goals"] for e in events if e.kind == "mindup.round_scored"]
    assert scored == [list(per_round[r]) for r in (1, 2, 3)]


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_r33_k_goals_per_round_with_distinct_letters(count: int) -> None:
    for seed in range(6):
        states, _ = random_game(3, seed, Options(goals="per_round", goal_count=count))
        rounds = {s.round: s.goals for s in states}
        for goals in rounds.values():
            assert len(goals) == count and len({GOALS[g].letter for g in goals}) == count
        assert rounds[1] != rounds[2] != rounds[3]
        last = states[-1]
        pool = last.goals + last.goal_deck + last.goal_aside + last.goal_discard
        assert sorted(pool) == list(range(1, 15))


@pytest.mark.parametrize("count", [3, 4, 5])
def test_r34_fixed_goals_for_the_whole_game(count: int) -> None:
    states, _ = random_game(4, 1, Options(goals="fixed", goal_count=count))
    goals = {s.goals for s in states}
    assert len(goals) == 1
    (active,) = goals
    assert len(active) == count and len({GOALS[g].letter for g in active}) == count
    assert all(r.goals == active for r in states[-1].results)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"goals": "off", "goal_count": 2}, "goal_count"),
        ({"goals": "fixed", "goal_count": 2}, "goal_count"),
        ({"goals": "fixed"}, "goal_count"),
        ({"goals": "per_round", "goal_count": 6}, "goal_count"),
        ({"goals": "per_round", "goal_count": 0}, "goal_count"),
        ({"goals": "sometimes"}, "goals"),
        ({"tiebreak2": "coin"}, "tiebreak2"),
    ],
)
def test_r35_goal_configuration_is_validated(kwargs: dict, field: str) -> None:
    with pytest.raises(ValidationError) as err:
        Options(**kwargs)
    assert err.value.errors()[0]["loc"] == (field,)
    assert Options(goals="per_round", goal_count=5).goal_count == 5


# --- 10. Worked examples ---


def test_example_1_four_players_setup() -> None:
    state = mindup.setup(Options(), 4, 12)
    assert [len(h) for h in state.hands] == [7] * 4 and len(state.central) == 4
    view = mindup.view(state, 0)
    assert sorted(view.order) == [1, 2, 3, 4, 5] and view.to_act == (0, 1, 2, 3)


def test_example_2_claims_go_to_existing_colour_or_leftmost_empty() -> None:
    kristina, maxim = collect(8), collect(2)  # Kristina has orange; Maxim only pink
    state = make(
        ((45, 58, 60), (30, 31, 56), (11, 50, 51), (1, 13, 14)),
        (5, 37, 46, 49),
        collections=(kristina, EMPTY_COLLECTION, maxim, EMPTY_COLLECTION),
    )
    after, events = play_turn(state, [45, 56, 11, 1])  # 1 < 11 < 45 < 56
    taken = next(e for e in events if e.kind == "mindup.reveal").params["taken"]
    assert taken == [46, 49, 37, 5]
    assert after.collections[0][0] == (8, 46)  # Kristina: onto her orange
    assert after.collections[2][:2] == ((2,), (37,))  # Maxim: leftmost empty


def test_example_3_round_score_25() -> None:
    # Acquired purple, blue, green, orange; icons +2 -1 (purple), -1 (blue), +1 (orange).
    columns = collect(22, 13, 12, 15, 7, 8, 30)
    scored = score_round((columns, EMPTY_COLLECTION, EMPTY_COLLECTION), (2, 4, 1, 5, 3), ())
    assert sum(len(c) for c in columns) == 7
    assert scored.column_points[0] == 24 and scored.icon_points[0] == 1
    assert scored.scores[0] == 25


def test_example_4_equal_totals_round_three_decides() -> None:
    out = mindup.outcome(
        finished([result((25, 30, 10)), result((30, 30, 10)), result((30, 25, 9))])
    )
    assert out is not None and out.scores[0] == out.scores[1] == 85
    assert out.winners == (0,) and out.tiebreak == "round3_score"


def test_example_5_six_players_empty_the_deck() -> None:
    states, _ = random_game(6, 3)
    deck_at_start = {}
    for state in states:
        deck_at_start.setdefault(state.round, len(state.deck))
    assert deck_at_start == {1: 12, 2: 6, 3: 0}


def test_example_6_green_rightmost_goal() -> None:
    order = (3, 1, 5, 2, 4)
    not_met = collect(2, 12, 3)  # pink, green, blue
    met = collect(2, 12)
    assert goal_points(Collection(not_met, order, ()), (7,)) == 0
    assert goal_points(Collection(met, order, ()), (7,)) == 2
