"""The Game: one test per numbered rule (R1-R26) and per worked example of the rules file."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engines.core import IllegalAction, decode_action, encode_action
from engines.thegame import (
    SPEC,
    Burning,
    Options,
    Play,
    Signal,
    State,
    Stop,
    apply,
    extra_actions,
    legal_actions,
    outcome,
    setup,
    to_act,
    view,
)

U1, U2, D1, D2 = 0, 1, 2, 3


def make(
    hands: tuple[tuple[int, ...], ...],
    *,
    deck: tuple[int, ...] = (),
    piles: tuple[tuple[int, ...], ...] = ((), (), (), ()),
    active: int = 0,
    minimum: int | None = None,
    played: int = 0,
    options: Options | None = None,
    burning: tuple[Burning, ...] = (),
    turn: int = 1,
) -> State:
    """A hand-built position; minimum defaults to what R8 gives for the deck."""
    options = options or Options()
    if minimum is None:
        minimum = (3 if options.expert else 2) if deck else 1
    return State(
        seed=0,
        options=options,
        players=len(hands),
        piles=piles,
        hands=tuple(tuple(sorted(h)) for h in hands),
        deck=deck,
        active=active,
        minimum=minimum,
        played=played,
        burning=burning,
        turn=turn,
    )


def run(state: State, *moves: tuple[int, int] | None) -> State:
    """Apply plays (card, pile) and stops (None) for whoever is active."""
    for move in moves:
        action = Stop() if move is None else Play(card=move[0], pile=move[1])
        state, _ = apply(state, state.active, action)
    return state


def refused(state: State, seat: int, action: Play | Stop | Signal) -> str:
    with pytest.raises(IllegalAction) as err:
        apply(state, seat, action)
    return err.value.code


def pile_options(state: State, card: int) -> set[int]:
    return {
        a.pile for a in legal_actions(state, state.active) if isinstance(a, Play) and a.card == card
    }


# --- setup ---------------------------------------------------------------------------------


def test_r1_four_piles_start_at_1_1_100_100() -> None:
    v = view(setup(Options(), 3, 1), None)
    assert v.tops == (1, 1, 100, 100)
    assert v.piles == ((), (), (), ())


def test_r2_98_distinct_cards_2_to_99_shuffled_by_seed() -> None:
    a, b = setup(Options(), 2, 1), setup(Options(), 2, 2)
    cards = sorted([c for h in a.hands for c in h] + list(a.deck))
    assert cards == list(range(2, 100))
    assert a.deck != b.deck
    assert setup(Options(), 2, 1) == a


@pytest.mark.parametrize(("players", "size"), [(1, 8), (2, 7), (3, 6), (4, 6), (5, 6)])
def test_r3_hand_size_by_player_count(players: int, size: int) -> None:
    state = setup(Options(), players, 4)
    assert [len(h) for h in state.hands] == [size] * players


def test_r4_undealt_cards_form_the_hidden_deck() -> None:
    state = setup(Options(), 4, 9)
    assert view(state, 0).deck_count == 98 - 4 * 6 == len(state.deck)
    assert not set(state.deck) & {c for h in state.hands for c in h}


def test_r5_start_seat_is_a_parameter_checked_against_players() -> None:
    assert to_act(setup(Options(start_seat=2), 3, 1)) == {2}
    assert to_act(setup(Options(), 3, 1)) == {0}
    with pytest.raises(ValueError, match="start_seat"):
        setup(Options(start_seat=3), 3, 1)
    with pytest.raises(ValidationError, match="start_seat"):
        Options(start_seat=5)


# --- placement -----------------------------------------------------------------------------


def test_r6_placement_direction_and_exact_ten_back() -> None:
    state = make(((37, 36, 48, 75, 85, 64),), deck=(2,), piles=((47,), (), (65,), ()))
    assert {37, 48} <= {
        a.card for a in legal_actions(state, 0) if a.kind == "play" and a.pile == U1
    }
    assert U1 not in pile_options(state, 36)
    assert D1 in pile_options(state, 75) and D1 not in pile_options(state, 85)
    assert D1 in pile_options(state, 64) and U1 not in pile_options(state, 36)
    assert refused(state, 0, Play(card=36, pile=U1)) == "not_legal"
    assert refused(state, 0, Play(card=85, pile=D1)) == "not_legal"


def test_r7_tricks_repeat_in_a_turn_and_apply_to_fire_cards() -> None:
    state = make(((61, 51, 41, 9, 8),), deck=(2,), piles=((58,), (), (), ()))
    state = run(state, (61, U1), (51, U1), (41, U1))
    assert view(state, 0).tops[U1] == 41
    fire = make(
        ((44, 9), (8, 7)), deck=(2,), piles=((54,), (), (), ()), options=Options(on_fire=True)
    )
    after, events = apply(fire, 0, Play(card=44, pile=U1))
    assert events[0].params == {"card": 44, "pile": U1, "trick": True, "fire": True}
    assert view(after, 0).burning[0].pile == U1


# --- turn structure ------------------------------------------------------------------------


def test_r8_minimum_two_with_deck_one_without() -> None:
    state = setup(Options(), 2, 3)
    assert state.minimum == 2 and Stop() not in legal_actions(state, 0)
    assert refused(state, 0, Stop()) == "minimum_not_met"
    late = make(((10, 20, 25), (30, 40)), deck=(50,), piles=((5,), (), (), ()))
    late = run(late, (10, U1), (20, U1), None)
    assert late.deck == () and late.minimum == 1


def test_r9_cards_go_one_at_a_time_on_any_pile() -> None:
    state = make(((10, 90, 50), (3, 4)), deck=(60, 61, 62))
    state = run(state, (10, U1), (90, D2))
    assert view(state, 0).tops == (10, 1, 100, 90) and state.played == 2


def test_r10_after_the_minimum_the_player_may_stop_or_continue() -> None:
    state = run(make(((10, 20, 30, 40), (3, 4)), deck=(60, 61, 62)), (10, U1), (20, U1))
    actions = legal_actions(state, 0)
    assert Stop() in actions and Play(card=30, pile=U1) in actions
    state = run(state, (30, U1), None)
    assert state.hands[0] == (40, 60, 61, 62) and to_act(state) == {1}


def test_r11_no_legal_card_before_the_minimum_ends_the_game() -> None:
    state = make(((48, 40, 41), (50, 51, 52)), deck=(60,), piles=((47,), (47,), (39,), (39,)))
    state, events = apply(state, 0, Play(card=48, pile=U1))
    assert state.end == "blocked" and to_act(state) == frozenset()
    assert view(state, None).tops[U1] == 48 and events[-1].params["end"] == "blocked"
    # a turn that begins with no legal card ends the game before anyone is asked to act
    start = make(((10, 11, 12), (40, 41)), piles=((47,), (47,), (39,), (39,)), minimum=1)
    start = run(start, (12, D1), None)
    assert start.end == "blocked" and legal_actions(start, 1) == []


def test_r11_the_outcome_of_a_blocked_game_names_the_seat_that_could_not_play() -> None:
    state = make(((48, 40, 41), (50, 51, 52)), deck=(60,), piles=((47,), (47,), (39,), (39,)))
    state, _ = apply(state, 0, Play(card=48, pile=U1))
    result = outcome(state)
    assert result is not None and result.details["stuck_seat"] == 0
    # a game lost to a burning pile, or won, names nobody
    won = make(((), (50,)), piles=((47,), (47,), (39,), (39,)), active=1, minimum=1)
    won, _ = apply(won, 1, Play(card=50, pile=U1))
    assert won.end == "all_played" and outcome(won).details["stuck_seat"] is None  # type: ignore[union-attr]


def test_r12_refill_draws_as_many_as_played_deck_permitting() -> None:
    state = make(((10, 20, 30, 40), (3, 4, 5, 6)), deck=(60, 61, 62))
    state, events = apply(run(state, (10, U1), (20, U1)), 0, Stop())
    assert state.hands[0] == (30, 40, 60, 61) and state.deck == (62,)
    draw = next(e for e in events if e.kind == "thegame.draw")
    assert draw.visible_to == 0 and draw.params == {"cards": [60, 61]}


def test_r13_empty_deck_means_no_draws_and_minimum_one() -> None:
    state = make(((10, 20, 30), (3, 4)), deck=(60,))
    state = run(state, (10, U1), (20, U1), None)
    state = run(state, (3, U2), None)
    assert state.hands == ((30, 60), (4,)) and state.minimum == 1


def test_r14_empty_handed_players_are_skipped() -> None:
    state = make(((10,), (), (30, 31)), piles=((5,), (), (), ()))
    state, events = apply(state, 0, Play(card=10, pile=U1))
    assert to_act(state) == {2}
    assert next(e for e in events if e.kind == "thegame.turn").params["skipped"] == [1]


def test_r15_turn_passes_clockwise() -> None:
    state = make(((10, 11, 12), (20, 21, 22), (30, 31, 32)), deck=(90, 91, 92, 93), active=1)
    state = run(state, (20, U1), (21, U1), None)
    assert to_act(state) == {2}
    state = run(state, (30, U1), (31, U1), None)
    assert to_act(state) == {0}


# --- information ---------------------------------------------------------------------------


def test_r16_views_hide_other_hands_and_signals_are_public() -> None:
    state = setup(Options(), 3, 5)
    mine = view(state, 1)
    assert mine.hand == state.hands[1] and mine.hand_counts == (6, 6, 6)
    assert not {c for h in (state.hands[0], state.hands[2]) for c in h} & set(mine.hand)
    assert view(state, None).hand == ()
    # any seat, not only the active one, may signal; signals are never legal_actions
    signal = Signal(pile=D2, signal="dont_play")
    assert signal in extra_actions(state, 2) and signal not in legal_actions(state, 0)
    after, events = apply(state, 2, signal)
    assert after.version == state.version + 1 and events[0].kind == "thegame.signal"
    for seat in (None, 0, 1, 2):
        assert view(after, seat).signals[D2].model_dump() == {"signal": "dont_play", "seat": 2}
    assert refused(after, 0, signal) == "not_legal"  # already standing
    cleared, _ = apply(after, 0, Signal(pile=D2, signal="clear"))
    assert cleared.signals[D2] is None
    assert refused(state, 0, Signal(pile=7, signal="big_jump")) == "illegal_pile"
    assert decode_action(SPEC.Action, encode_action(signal)) == signal


def test_r16_a_solo_player_has_nobody_to_signal_to() -> None:
    solo = setup(Options(), 1, 5)
    assert extra_actions(solo, 0) == []
    assert refused(solo, 0, Signal(pile=D2, signal="dont_play")) == "not_legal"
    assert extra_actions(setup(Options(), 2, 5), 1)


# --- end and scoring -----------------------------------------------------------------------


def test_r17_playing_all_98_cards_ends_the_game() -> None:
    state = make(((98,), ()), piles=((97,), (), (), ()))
    state, events = apply(state, 0, Play(card=98, pile=U1))
    assert to_act(state) == frozenset() and legal_actions(state, 0) == []
    assert events[-1].kind == "thegame.game_over" and events[-1].params["end"] == "all_played"
    assert refused(state, 0, Stop()) == "game_over"


@pytest.mark.parametrize(
    ("left", "result"), [(0, "won"), (1, "excellent"), (9, "excellent"), (10, "ordinary")]
)
def test_r18_score_is_cards_in_hands_plus_deck(left: int, result: str) -> None:
    held = tuple(range(50, 50 + left))
    state = make((held,), piles=((99,), (99,), (2,), (2,))).model_copy(update={"end": "blocked"})
    if left == 0:
        state = state.model_copy(update={"end": "all_played"})
    got = outcome(state)
    assert got is not None and got.scores == (left,) and got.result == result
    assert got.lower_is_better and got.cooperative


def test_r19_burned_is_a_loss_whatever_the_score() -> None:
    state = make(((50,), ()), piles=((22,), (), (), ()), options=Options(on_fire=True))
    got = outcome(state.model_copy(update={"end": "burned"}))
    assert got is not None and got.result == "burned" and got.winners == ()
    assert got.details["burned"] is True and got.scores == (1, 1)


def test_r20_one_shared_score_no_tiebreak() -> None:
    state = make(((50, 60), (), (70,))).model_copy(update={"end": "blocked"})
    got = outcome(state)
    assert got is not None
    assert got.scores == (3, 3, 3) and got.ranking == (1, 1, 1) and got.tiebreak is None


# --- variants ------------------------------------------------------------------------------


def test_r21_expert_minimum_three_while_the_deck_lasts() -> None:
    state = setup(Options(expert=True), 3, 2)
    state = run(state, *[(c, D1) for c in sorted(state.hands[0], reverse=True)[:2]])
    assert Stop() not in legal_actions(state, 0) and state.minimum == 3
    assert setup(Options(expert=True), 1, 2).minimum == 3


def test_r22_smaller_hands_deal_one_fewer_and_refill_to_it() -> None:
    state = setup(Options(expert=True, smaller_hands=True), 2, 3)
    assert [len(h) for h in state.hands] == [6, 6] and len(state.deck) == 86
    hand = sorted(state.hands[0], reverse=True)
    state = run(state, (hand[0], D1), (hand[1], D1), (hand[2], D1), None)
    assert len(state.hands[0]) == 6
    assert len(setup(Options(smaller_hands=True), 1, 3).hands[0]) == 7


def test_r23_on_fire_flags_six_cards_and_keeps_98() -> None:
    state = setup(Options(on_fire=True), 2, 1)
    assert view(state, 0).fire_cards == (22, 33, 44, 55, 66, 77)
    assert view(setup(Options(), 2, 1), 0).fire_cards == ()
    assert sorted([c for h in state.hands for c in h] + list(state.deck)) == list(range(2, 100))


def _fire_two_players(**kw: object) -> State:
    return make(
        ((44, 43, 42, 10, 11), (54, 12, 13, 14, 15)),
        deck=tuple(range(80, 90)),
        piles=((), (), (52,), ()),
        options=Options(on_fire=True),
        **kw,  # type: ignore[arg-type]
    )


def test_r24_burning_pile_must_be_covered_by_the_end_of_the_next_turn() -> None:
    state = run(_fire_two_players(), (44, D1), (10, U1), None)
    assert view(state, 1).burning[0].model_dump() == {
        "pile": D1, "card": 44, "deadline_turn": 2, "until_seat": 1
    }  # fmt: skip
    lost = run(state, (12, U1), (13, U1), None)
    assert lost.end == "burned" and outcome(lost).result == "burned"  # type: ignore[union-attr]
    saved = run(state, (12, U1), (13, U1), (14, D1), None)
    assert saved.end is None and saved.burning == ()
    own = run(_fire_two_players(), (44, D1), (43, D1), None)  # covered in the same turn
    assert own.burning == ()
    # several piles may burn at once, each with its own deadline
    two = make(
        ((44, 33, 10, 11), (20, 21, 22, 23)),
        deck=tuple(range(80, 90)),
        piles=((), (30,), (52,), ()),
        options=Options(on_fire=True),
    )
    two = run(two, (44, D1), (33, U2), None)
    assert [(b.pile, b.deadline) for b in two.burning] == [(D1, 2), (U2, 2)]


def test_r24_next_turn_actually_taken_skips_empty_hands() -> None:
    state = make(((44, 90), (), (54, 60)), piles=((), (), (52,), ()), options=Options(on_fire=True))
    state = run(state, (44, D1), None)
    assert to_act(state) == {2} and state.burning[0].deadline == 2
    assert run(state, (60, U1), None).end == "burned"


def test_r25_solo_next_card_must_cover_the_fire() -> None:
    solo = make(
        ((20, 22, 23, 12, 90, 91, 92, 93),), deck=(70, 71, 72), options=Options(on_fire=True)
    )
    state = run(solo, (20, U1), (22, U1), None)
    assert state.burning[0].deadline is None and view(state, 0).burning[0].until_seat is None
    assert run(state, (23, U1)).burning == ()
    assert run(state, (12, U1)).burning == ()  # a backwards trick covers too
    assert run(state, (93, D1)).end == "burned"
    # the fire is the first card and nothing can cover it although the minimum needs a second
    stuck = make(
        ((22, 5, 6, 7, 8, 9, 11, 13),),
        deck=(70, 71),
        piles=((10,), (), (), ()),
        options=Options(on_fire=True),
    )
    assert run(stuck, (22, U1)).end == "burned"


def test_r26_fire_as_last_card_wins_and_blocked_beats_burned() -> None:
    last = make(((22,), ()), piles=((21,), (), (), ()), options=Options(on_fire=True))
    won, _ = apply(last, 0, Play(card=22, pile=U1))
    assert outcome(won).result == "won"  # type: ignore[union-attr]
    blocked = make(
        ((44, 43), (61, 71)), piles=((90,), (90,), (52,), (50,)), options=Options(on_fire=True)
    )
    blocked = run(blocked, (44, D1), None)
    assert blocked.end == "blocked" and outcome(blocked).result != "burned"  # type: ignore[union-attr]


# --- options and refusals ------------------------------------------------------------------


def test_option_expert_endgame_min_keeps_three_or_the_whole_hand() -> None:
    with pytest.raises(ValidationError, match="expert_endgame_min"):
        Options(expert_endgame_min=True)
    with pytest.raises(ValidationError):
        Options(colour="red")  # type: ignore[call-arg]
    opts = Options(expert=True, expert_endgame_min=True)
    state = make(((10, 11, 12, 13), (20, 21, 22, 23, 24), (30, 31)), deck=(90,), options=opts)
    state = run(state, (10, U1), (11, U1), (12, U1), None)
    assert state.deck == () and state.minimum == 3
    state = run(state, (20, U1), (21, U1), (22, U1), None)
    assert state.active == 2 and state.minimum == 2  # fewer than three cards: all of them
    plain = run(
        make(((10, 11, 12, 13), (20, 21, 22)), deck=(90,), options=Options(expert=True)),
        (10, U1),
        (11, U1),
        (12, U1),
        None,
    )
    assert plain.minimum == 1


def test_option_expert_endgame_min_the_empty_deck_says_which_minimum_follows() -> None:
    def emptied(options: Options) -> int:
        state = make(((10, 11, 12, 13), (20, 21, 22)), deck=(90,), options=options)
        state = run(state, (10, U1), (11, U1), (12, U1))
        _, events = apply(state, 0, Stop())
        return next(e for e in events if e.kind == "thegame.deck_empty").params["minimum"]

    assert emptied(Options(expert=True, expert_endgame_min=True)) == 3
    assert emptied(Options(expert=True)) == 1  # R13


def test_refusals_carry_codes_and_leave_the_state_untouched() -> None:
    state = make(((10, 20, 30), (40, 50)), deck=(60, 61), piles=((25,), (), (), ()))
    before = state.model_dump_json()
    assert refused(state, 1, Play(card=40, pile=U1)) == "not_your_turn"
    assert refused(state, 5, Stop()) == "no_such_seat"
    assert refused(state, 0, Play(card=40, pile=U1)) == "not_in_hand"
    assert refused(state, 0, Play(card=30, pile=4)) == "illegal_pile"
    assert refused(state, 0, Play(card=20, pile=U1)) == "not_legal"
    assert state.model_dump_json() == before
    assert legal_actions(state, 1) == []


# --- worked examples (section 11) ----------------------------------------------------------


@pytest.mark.parametrize(
    "history", [(3, 11, 12, 13, 18, 20, 34, 35, 51), (2, 7, 19, 25, 28, 29, 49)]
)
def test_example_1_valid_ascending_histories(history: tuple[int, ...]) -> None:
    state = run(make((history,)), *[(c, U1) for c in history])
    assert view(state, None).piles[U1] == history and outcome(state).result == "won"  # type: ignore[union-attr]


@pytest.mark.parametrize("history", [(94, 90, 78, 61, 60, 57), (98, 97, 88, 83, 81)])
def test_example_2_valid_descending_histories(history: tuple[int, ...]) -> None:
    state = run(make((history,)), *[(c, D2) for c in history])
    assert view(state, None).piles[D2] == history


def test_example_3_ascending_top_47() -> None:
    state = make((tuple(range(2, 100)),), piles=((47,), (99,), (2,), (2,)))
    fits_u1 = {a.card for a in legal_actions(state, 0) if a.kind == "play" and a.pile == U1}
    assert fits_u1 == set(range(48, 100)) | {37}


def test_example_4_descending_top_65() -> None:
    state = make((tuple(range(2, 100)),), piles=((99,), (99,), (65,), (2,)))
    fits_d1 = {a.card for a in legal_actions(state, 0) if a.kind == "play" and a.pile == D1}
    assert fits_d1 == set(range(2, 65)) | {75}


def test_example_5_linus_plays_four_and_draws_four() -> None:
    state = make(
        ((30, 10, 12, 80, 90), (5, 6)), deck=(40, 41, 42, 43, 44), piles=((20,), (5,), (), ())
    )
    state, events = apply(run(state, (30, U1), (10, U2), (12, U2), (80, D1)), 0, Stop())
    assert state.hands[0] == (40, 41, 42, 43, 90) and state.deck == (44,)
    assert events[0].params == {"played": 4, "drew": 4}


def test_example_6_tim_or_sara_must_cover_the_44() -> None:
    tim = make(
        ((44, 10, 11), (50, 51, 43)), piles=((), (), (60,), ()), options=Options(on_fire=True)
    )
    after_tim = run(tim, (44, D1), None)
    assert run(after_tim, (50, U1), None).end == "burned"
    assert run(after_tim, (50, U1), (43, D1), None).end is None  # Sara covers in her turn
    assert run(tim, (44, D1), (11, D1), None).burning == ()  # Tim covers in his own turn


def test_example_7_legal_move_table() -> None:
    state = make(((2, 48, 61, 70, 81, 95),), piles=((58,), (12,), (71,), (93,)))
    expected = {
        2: {U2, D1, D2},
        48: {U1, U2, D1, D2},
        61: {U1, U2, D1, D2},
        70: {U1, U2, D1, D2},
        81: {U1, U2, D1, D2},
        95: {U1, U2},
    }
    assert {card: pile_options(state, card) for card in expected} == expected


def test_example_8_self_made_trick() -> None:
    state = run(make(((61, 51, 90),), deck=(5,), piles=((58,), (), (), ())), (61, U1), (51, U1))
    assert view(state, 0).tops[U1] == 51 and state.played == 2


def test_example_9_refill_with_a_short_deck() -> None:
    state = make(((10, 11, 12, 13, 50, 51, 52), tuple(range(60, 67))), deck=(90, 91, 92))
    state = run(state, (10, U1), (11, U1), (12, U1), (13, U1), None)
    assert len(state.hands[0]) == 6 and state.deck == () and state.minimum == 1
    state = run(state, (60, U2), None, (50, U1), None)
    assert len(state.hands[0]) == 5


def test_example_10_skipping_and_the_win() -> None:
    state = make(((10, 20), (), (30, 40)))
    order = []
    for card in (10, 30, 20, 40):
        order.append(state.active)
        state = run(state, (card, U1), *([None] if state.hands[state.active] != (card,) else []))
    assert order == [0, 2, 0, 2] and outcome(state).result == "won"  # type: ignore[union-attr]


def test_example_11_blocked_at_turn_start_scores_three() -> None:
    state = make(((45, 46), (), (42, 30)), piles=((60,), (60,), (20,), (39,)), active=2)
    state = run(state, (30, D2), None)
    got = outcome(state)
    assert state.end == "blocked" and got is not None
    assert got.scores == (3, 3, 3) and got.result == "excellent"


def test_example_12_blocked_mid_turn_counts_hands_and_deck() -> None:
    others = [tuple(range(21 + 6 * i, 27 + 6 * i)) for i in range(3)]
    hands = ((40, 16, 17, 18, 19, 20), *others)
    state = make(hands, deck=tuple(range(61, 91)), piles=((39,), (60,), (14,), (13,)))
    state = run(state, (40, U1))
    assert state.end == "blocked" and outcome(state).scores[0] == 53  # type: ignore[union-attr]
    assert view(state, None).tops[U1] == 40


def test_example_13_fire_covered_by_a_trick() -> None:
    state = make(((44, 90), (54, 91)), piles=((), (), (52,), ()), options=Options(on_fire=True))
    state = run(state, (44, D1), None)
    state, events = apply(state, 1, Play(card=54, pile=D1))
    assert state.burning == () and events[1].kind == "thegame.covered"


def test_example_14_fire_chain() -> None:
    state = make(((44, 55, 90), (10, 11)), piles=((), (40,), (), ()), options=Options(on_fire=True))
    state = run(state, (44, U2), (55, U2), None)
    assert [(b.pile, b.card, b.deadline) for b in state.burning] == [(U2, 55, 2)]
    assert view(state, None).burning[0].until_seat == 1


def test_example_15_solo_fire() -> None:
    solo = make(
        ((20, 22, 12, 23, 60, 61, 62, 63),), deck=(80, 81, 82), options=Options(on_fire=True)
    )
    state = run(solo, (20, U1), (22, U1), None)
    assert len(state.hands[0]) == 8 and len(state.deck) == 1
    assert run(state, (23, U1)).end is None and run(state, (12, U1)).end is None
    assert run(state, (60, D1)).end == "burned"


def test_example_16_expert_set_up_four_players() -> None:
    state = setup(Options(expert=True, smaller_hands=True), 4, 8)
    assert [len(h) for h in state.hands] == [5] * 4 and len(state.deck) == 78 and state.minimum == 3


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("smaller", [False, True])
def test_example_17_initial_deck_sizes(players: int, smaller: bool) -> None:
    size = {1: 8, 2: 7, 3: 6, 4: 6, 5: 6}[players] - smaller
    state = setup(Options(smaller_hands=smaller), players, 1)
    assert len(state.deck) == 98 - players * size
