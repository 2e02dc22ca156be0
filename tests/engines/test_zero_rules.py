"""Zero: one test per numbered rule of docs/rules/zero.md, its worked examples and options."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engines.core import IllegalAction
from engines.zero import (
    Declare,
    Give,
    Options,
    Pass,
    State,
    Take,
    apply,
    legal_actions,
    outcome,
    setup,
    to_act,
    view,
)
from engines.zero.models import DECK_SIZE, card_of, colour_of, value_of
from engines.zero.scoring import cancelled, hand_score, is_zero


def c(label: str) -> int:
    """Card from a label such as "A5" (colour letter A-G, value 1-8)."""
    return card_of(ord(label[0]) - ord("A"), int(label[1]))


def cards(labels: str) -> tuple[int, ...]:
    return tuple(sorted(c(label) for label in labels.split()))


def built(hands: list[str], market: str, options: Options | None = None, **update: object) -> State:
    """A round-1 state with the given hands and market; every other card is set aside."""
    held = [cards(h) for h in hands]
    shown = [c(label) for label in market.split()]
    used = {card for hand in held for card in hand} | set(shown)
    state = State(
        seed=1,
        options=options or Options(),
        players=len(hands),
        first_player=0,
        turn=0,
        hands=tuple(held),
        market=tuple(shown),
        deck=tuple(card for card in range(DECK_SIZE) if card not in used),
    )
    return state.model_copy(update=update)


def exchange(state: State, seat: int, give: int, take: int) -> State:
    state, _ = apply(state, seat, Give(card=give))
    state, _ = apply(state, seat, Take(card=take, declare=is_zero((*state.hands[seat], take))))
    return state


def any_exchange(state: State, seat: int) -> State:
    """Swap the seat's first hand card for the first market card."""
    return exchange(state, seat, state.hands[seat][0], state.market[0])


def passing(state: State, seat: int) -> State:
    return apply(state, seat, Pass())[0]


def refused(state: State, seat: int, action: object) -> str:
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as err:
        apply(state, seat, action)  # type: ignore[arg-type]
    assert state.model_dump_json() == before
    return err.value.code


# Hands used by several tests (worked examples 6, 7 and 9).
ZERO = "A1 A2 A3 A4 A8 B8 C8 D8 E8"
NEAR_MISS = "A1 A2 A3 A4 B8 C8 D8 E8 F2"
PLAIN = ["B1 B2 C3 C4 D5 D6 E7 F7 G1", "C1 C2 D3 D4 E5 E6 F8 G8 G2", "B3 B4 C5 C6 D7 E8 F1 F2 G3"]


def test_c1_deck_has_every_colour_value_pair_once() -> None:
    pairs = {(colour_of(card), value_of(card)) for card in range(DECK_SIZE)}
    assert len(pairs) == DECK_SIZE == 56
    assert {colour for colour, _ in pairs} == set(range(7))
    assert {value for _, value in pairs} == set(range(1, 9))


def test_r1_each_player_is_dealt_nine_hidden_cards() -> None:
    state = setup(Options(), 4, seed=3)
    assert [len(hand) for hand in state.hands] == [9, 9, 9, 9]
    assert view(state, 1).hand == state.hands[1]
    assert view(state, 1).hand_counts == (9, 9, 9, 9)


def test_r2_market_has_five_cards_or_seven_for_beginners_and_nine_for_two() -> None:
    assert len(setup(Options(), 3, seed=1).market) == 5
    assert len(setup(Options(beginner_market=True), 3, seed=1).market) == 7
    assert len(setup(Options(), 2, seed=1).market) == 9
    assert len(setup(Options(beginner_market=True), 2, seed=1).market) == 9


def test_r3_set_aside_cards_are_never_used() -> None:
    state = setup(Options(), 3, seed=2)
    assert view(state, None).unused_count == 56 - 27 - 5
    state = passing(any_exchange(state, 0), 1)
    assert state.deck == setup(Options(), 3, seed=2).deck


def test_r4_start_player_is_an_option_defaulting_to_seat_0() -> None:
    assert to_act(setup(Options(), 3, seed=1)) == {0}
    assert to_act(setup(Options(start_player=2), 3, seed=1)) == {2}
    with pytest.raises(ValueError, match="start_player"):
        setup(Options(start_player=3), 3, seed=1)
    with pytest.raises(ValidationError, match="start_player"):
        Options(start_player=5)


def test_r5_turns_pass_clockwise() -> None:
    state = setup(Options(start_player=1), 3, seed=4)
    order = []
    for _ in range(4):
        seat = next(iter(to_act(state)))
        order.append(seat)
        state = any_exchange(state, seat)
    assert order == [1, 2, 0, 1]


def test_r6_exchange_swaps_one_hand_card_with_a_different_market_card() -> None:
    state = built(PLAIN, "A2 A5 A7 B8 E1")
    state, events = apply(state, 0, Give(card=c("B1")))
    assert events[0].kind == "zero.give" and events[0].params == {"card": c("B1")}
    assert refused(state, 0, Take(card=c("B1"))) == "take_back"
    assert refused(state, 0, Pass()) == "must_take"
    state, _ = apply(state, 0, Take(card=c("A5")))
    assert c("A5") in state.hands[0] and c("B1") not in state.hands[0]
    assert len(state.hands[0]) == 9 and len(state.market) == 5
    assert c("B1") in state.market and to_act(state) == {1}


def test_r7_pass_changes_no_cards() -> None:
    state = built(PLAIN, "A2 A5 A7 B8 E1")
    after, events = apply(state, 0, Pass())
    assert after.hands == state.hands and after.market == state.market
    assert events[0].kind == "zero.pass" and not events[0].params["triggers"]
    assert to_act(after) == {1}


def test_r8_second_pass_gives_everyone_else_one_final_turn() -> None:
    state = passing(built(PLAIN, "A2 A5 A7 B8 E1"), 0)
    state, events = apply(state, 1, Pass())
    assert events[0].params == {"passes": 2, "triggers": True, "final_turns": [2, 0]}
    assert to_act(state) == {2} and state.trigger == 1
    state = passing(state, 2)  # a pass after the trigger has no further effect
    assert to_act(state) == {0}
    state = any_exchange(state, 0)
    assert state.round == 2 and state.round_scores != ()


def test_r9_final_turn_exchanges_are_normal() -> None:
    state = built(PLAIN, "A2 A5 A7 B8 E1", trigger=2, passes=2, owed=(1,))
    state = exchange(state, 0, c("G1"), c("E1"))
    assert state.round == 1 and to_act(state) == {1}
    assert c("E1") in state.hands[0] and c("G1") in state.market


def test_r10_zero_is_five_of_a_colour_and_five_of_a_value() -> None:
    assert is_zero(cards(ZERO))
    assert not is_zero(cards(NEAR_MISS))
    assert not is_zero(cards("A1 A2 A3 A4 A5 B6 C6 D6 E6"))
    assert not is_zero(cards("A3 B3 C3 D3 E3 F3 A7 B7 G8"))


def test_r11_zero_after_an_exchange_ends_the_round_at_once() -> None:
    state = built([NEAR_MISS, *PLAIN[:2]], "A8 A5 A7 B5 E1")
    state, _ = apply(state, 0, Give(card=c("F2")))
    assert Take(card=c("A8"), declare=True) in legal_actions(state, 0)
    assert refused(state, 0, Take(card=c("A8"))) == "must_declare"
    state, events = apply(state, 0, Take(card=c("A8"), declare=True))
    assert [e.kind for e in events][:3] == ["zero.take", "zero.zero", "zero.round_end"]
    assert state.round_scores == ((0, 28, 29),) and state.zero_by == (0,)
    assert state.round == 2 and to_act(state) == {1}


def test_r11_a_dealt_zero_is_declared_at_the_start_of_its_turn() -> None:
    state = built([PLAIN[0], ZERO, PLAIN[1]], "A5 A6 A7 B5 E1", turn=1)
    assert legal_actions(state, 1) == [Declare()]
    assert refused(state, 1, Pass()) == "must_declare"
    state, events = apply(state, 1, Declare())
    assert events[0].params == {"hand": list(cards(ZERO))}
    assert state.zero_by == (1,) and state.round_scores[0][1] == 0


def test_r11_zero_optional_lets_a_player_decline_and_declare_later() -> None:
    options = Options(zero_optional=True)
    state = built([NEAR_MISS, *PLAIN[:2]], "A8 A5 A7 B5 E1", options)
    state, _ = apply(state, 0, Give(card=c("F2")))
    offered = [a for a in legal_actions(state, 0) if isinstance(a, Take) and a.card == c("A8")]
    assert offered == [Take(card=c("A8")), Take(card=c("A8"), declare=True)]
    state = passing(passing(apply(state, 0, Take(card=c("A8")))[0], 1), 2)
    assert state.round == 1 and is_zero(state.hands[0])
    assert Declare() in legal_actions(state, 0) and Pass() in legal_actions(state, 0)
    state, _ = apply(state, 0, Declare())
    assert state.zero_by == (0,)


def test_r12_false_zero_claims_are_refused() -> None:
    state = built(PLAIN, "A2 A5 A7 B8 E1")
    assert refused(state, 0, Declare()) == "not_zero"
    state, _ = apply(state, 0, Give(card=c("B1")))
    assert refused(state, 0, Take(card=c("A5"), declare=True)) == "not_zero"


def test_r13_groups_of_five_cancel_and_values_count_once() -> None:
    assert hand_score(cards("A1 B1 C1 D2 E2 F3 G4 A5 B6")) == 1 + 2 + 3 + 4 + 5 + 6
    assert hand_score(cards("A1 A2 A3 A4 A5 B7 C7 D7 E8")) == 15
    assert hand_score(cards("A6 B6 C6 D6 E6 F7 G7 F8 G1")) == 16
    assert cancelled(cards("A1 B1 C1 D2 E2 F3 G4 A5 B6")) == frozenset()
    assert cancelled(cards("A1 A2 A3 A4 A5 B7 C7 D7 E8")) == set(cards("A1 A2 A3 A4 A5"))
    assert cancelled(cards("A6 B6 C6 D6 E6 F7 G7 F8 G1")) == set(cards("A6 B6 C6 D6 E6"))


def test_r14_a_cancelled_card_value_still_scores_through_an_uncancelled_card() -> None:
    assert hand_score(cards("A1 A2 A3 A4 A5 B5 C6 D6 E6")) == 11
    assert hand_score(cards(ZERO)) == 0
    assert cancelled(cards("A1 A2 A3 A4 A5 B5 C6 D6 E6")) == set(cards("A1 A2 A3 A4 A5"))
    assert cancelled(cards(ZERO)) == set(cards(ZERO))


def test_r15_scores_range_from_0_to_36() -> None:
    assert hand_score(cards("A1 B2 C3 D4 E5 F6 G7 A8 B1")) == 36
    for seed in range(30):
        assert all(0 <= hand_score(hand) <= 36 for hand in setup(Options(), 5, seed).hands)


def test_r16_each_round_score_is_recorded() -> None:
    state = passing(passing(built(PLAIN, "A2 A5 A7 B8 E1"), 0), 1)
    state, events = apply(passing(state, 2), 0, Pass())
    scores = [hand_score(cards(h)) for h in PLAIN]
    end = next(e for e in events if e.kind == "zero.round_end")
    assert end.visible_to is None and end.params["scores"] == scores
    assert end.params["shown"] == [list(cards(h)) for h in PLAIN] and end.params["zero_by"] is None
    assert state.round_scores == (tuple(scores),)
    assert view(state, None).totals == state.round_scores[0]
    assert view(state, None).shown == tuple(cards(h) for h in PLAIN)


def test_r17_next_round_starts_left_of_the_last_first_player_with_a_fresh_deal() -> None:
    state = setup(Options(start_player=2), 3, seed=8)
    first_deal = state.hands
    state, events = apply(passing(state, 2), 0, Pass())
    state, events = apply(passing(state, 1), 2, Pass())
    assert state.round == 2 and state.first_player == 0 and to_act(state) == {0}
    assert state.hands != first_deal and state.passes == 0 and state.trigger is None
    deals = [e for e in events if e.kind == "zero.deal"]
    assert [(e.seat, e.visible_to, tuple(e.params["hand"])) for e in deals] == [
        (s, s, hand) for s, hand in enumerate(state.hands)
    ]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r18_the_game_lasts_one_round_per_player_each_first_once(players: int) -> None:
    state = setup(Options(), players, seed=players)
    firsts = [state.first_player]
    while outcome(state) is None:
        seat = next(iter(to_act(state)))
        state, events = apply(state, seat, Pass())
        if state.round > len(firsts):
            firsts.append(state.first_player)
    assert sorted(firsts) == list(range(players))
    result = outcome(state)
    assert result is not None and events[-1].kind == "zero.game_over"
    assert events[-1].params == {"totals": list(result.scores), "winners": list(result.winners)}
    assert len(state.round_scores) == players and legal_actions(state, 0) == []
    assert refused(state, 0, Pass()) == "game_over"


def test_r19_lowest_total_wins_and_ties_share() -> None:
    state = built(PLAIN, "A2 A5 A7 B8 E1", phase="over", round=3)
    result = outcome(state.model_copy(update={"round_scores": ((5, 9, 5), (3, 0, 3), (1, 4, 1))}))
    assert result is not None and result.lower_is_better
    assert result.scores == (9, 13, 9) and result.winners == (0, 2)
    assert result.ranking == (1, 3, 1) and result.result == "shared_victory"


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        ("A7 B1 B2 C3 D4 E5 F6 G8 G1", 36),  # example 1: a single 7
        ("A7 B7 C7 D7 B2 C3 D4 E5 F6", 27),  # example 1: four 7s still count 7 once
        ("A7 B7 C7 D7 E7 B1 C1 D2 F2", 3),  # example 1: five 7s give nothing
    ],
)
def test_example_1_copies_of_a_value_count_once_until_five(hand: str, points: int) -> None:
    assert hand_score(cards(hand)) == points


def test_example_2_bgg_session_report() -> None:
    assert hand_score(cards("A1 B1 C1 D3 A4 B4 C4 D4 E4")) == 4


def test_example_3_polish_review() -> None:
    assert hand_score(cards("A1 A2 A3 A4 A6 B1 C5 D5 E5")) == 6


def test_example_4_colour_group_cancels_a5_but_5_still_scores() -> None:
    assert hand_score(cards("A1 A2 A3 A4 A5 B5 C5 D7 E8")) == 20


def test_example_5_six_of_a_colour() -> None:
    assert hand_score(cards("A1 A2 A3 A4 A5 A6 B5 C5 D7")) == 12


def test_example_6_zero_scores_nothing() -> None:
    assert is_zero(cards(ZERO)) and hand_score(cards(ZERO)) == 0


def test_example_7_near_miss() -> None:
    assert not is_zero(cards(NEAR_MISS)) and hand_score(cards(NEAR_MISS)) == 18


def test_example_8_six_of_a_value() -> None:
    assert hand_score(cards("A3 B3 C3 D3 E3 F3 A7 B7 G8")) == 15


def test_example_9_colour_group_plus_four_of_a_kind() -> None:
    hand = cards("A1 A2 A3 A4 A5 B6 C6 D6 E6")
    assert hand_score(hand) == 6
    swapped = tuple(sorted(set(hand) - {c("A1")} | {c("A6")}))
    assert is_zero(swapped)


def test_example_10_maximum() -> None:
    assert hand_score(cards("A1 B2 C3 D4 E5 F6 G7 A8 B1")) == 36


def test_example_11_given_card_takes_the_place_of_the_taken_one() -> None:
    state = built(["F5 B1 C3 C4 D5 D6 E7 F7 G1", *PLAIN[1:]], "A2 B5 C7 D8 E1")
    state, _ = apply(state, 0, Give(card=c("F5")))
    assert refused(state, 0, Take(card=c("F5"))) == "take_back"
    state, events = apply(state, 0, Take(card=c("B5")))
    assert state.market == tuple(c(x) for x in ("A2", "F5", "C7", "D8", "E1"))
    assert events[0].params == {"card": c("B5"), "gave": c("F5")}


def test_example_12_second_pass_by_p2_leaves_final_turns_to_p3_then_p1() -> None:
    state = built(PLAIN, "A2 A5 A7 B8 E1")
    state = any_exchange(passing(any_exchange(state, 0), 1), 2)
    state = passing(any_exchange(state, 0), 1)
    assert to_act(state) == {2} and view(state, None).final_turns_left == (0,)
    state = any_exchange(state, 2)
    assert to_act(state) == {0} and state.round == 1
    state = any_exchange(state, 0)
    assert state.round == 2 and len(state.round_scores) == 1


def test_example_13_the_first_passer_still_gets_a_final_turn() -> None:
    state = passing(passing(any_exchange(built(PLAIN, "A2 A5 A7 B8 E1"), 0), 1), 2)
    assert to_act(state) == {0}
    state = any_exchange(state, 0)
    assert to_act(state) == {1} and state.round == 1
    state = passing(state, 1)
    assert state.round == 2


def test_example_14_two_players_p1_gets_the_last_turn() -> None:
    state = passing(passing(setup(Options(), 2, seed=5), 0), 1)
    assert to_act(state) == {0} and state.round == 1
    state = any_exchange(state, 0)
    assert state.round == 2 and len(state.round_scores) == 1


def test_example_15_zero_in_final_turns_cancels_the_remaining_ones() -> None:
    state = built([PLAIN[0], PLAIN[1], NEAR_MISS], "A8 A5 A7 B5 E1", trigger=1, passes=2, turn=2)
    state = state.model_copy(update={"owed": (0,)})
    state = exchange(state, 2, c("F2"), c("A8"))
    assert state.zero_by == (2,) and state.round_scores[0][2] == 0
    assert state.round == 2 and to_act(state) == {1}


def test_example_16_game_total() -> None:
    scores = ((12, 7, 20), (0, 15, 4), (9, 6, 0))
    state = built(PLAIN, "A2 A5 A7 B8 E1", phase="over", round=3, round_scores=scores)
    result = outcome(state.model_copy(update={"zero_by": (None, 0, 2)}))
    assert result is not None
    assert result.scores == (21, 28, 24) and result.winners == (0,) and result.ranking == (1, 3, 2)
    assert result.round_scores == scores
    assert result.details == {"zeros": [{"round": 2, "seat": 0}, {"round": 3, "seat": 2}]}


def test_example_17_card_budget() -> None:
    five = setup(Options(beginner_market=True), 5, seed=1)
    assert len(five.market) == 7 and len(five.deck) == 4
    two = setup(Options(), 2, seed=1)
    assert len(two.market) == 9 and len(two.deck) == 29


def test_options_reject_unknown_fields_and_bad_player_counts() -> None:
    with pytest.raises(ValidationError, match="market_size"):
        Options(market_size=6)  # type: ignore[call-arg]
    for seats in (1, 6):
        with pytest.raises(ValueError, match="2-5 players"):
            setup(Options(), seats, seed=1)


def test_refusals_name_the_reason() -> None:
    state = built(PLAIN, "A2 A5 A7 B8 E1")
    assert refused(state, 1, Pass()) == "not_your_turn"
    assert refused(state, 7, Pass()) == "bad_seat"
    assert refused(state, 0, Give(card=c("A2"))) == "not_in_hand"
    assert refused(state, 0, Take(card=c("A2"))) == "nothing_laid"
    assert refused(state, 0, object()) == "not_legal"
    state, _ = apply(state, 0, Give(card=c("B1")))
    assert refused(state, 0, Take(card=c("G8"))) == "not_in_market"


def test_views_show_the_laid_card_and_own_score_only() -> None:
    state = built(PLAIN, "A2 A5 A7 B8 E1")
    state, _ = apply(state, 0, Give(card=c("B1")))
    public = view(state, None)
    assert public.laid == c("B1") and public.hand == () and public.hand_score is None
    assert public.hand_counts == (8, 9, 9) and public.phase == "take"
    assert view(state, 2).hand_score == hand_score(cards(PLAIN[2]))
