"""Hourglass: one test per numbered rule (R1-R24), the worked examples E1-E7, every option."""

from __future__ import annotations

import pydantic
import pytest

from engines import hourglass as hg
from engines.core import IllegalAction
from engines.hourglass.models import (
    COLOUR,
    DECK_SIZE,
    HOURGLASSES,
    VALUE,
    CardSet,
    Discard,
    FeedSet,
    OpenSet,
    Options,
    State,
    TakeSet,
    card_label,
)
from engines.hourglass.rules import can_place
from engines.options import offered
from tests.engines.playout import play, steps


def red(v: int) -> int:
    return v - 1


def purple(v: int) -> int:
    return 24 + v


def joker(v: int) -> int:
    return 50 + (v - 1) // 2


def table(
    hands: list[list[int]],
    holders: list[CardSet | None] | None = None,
    current: int = 0,
    start: int = 0,
    deck: list[int] | None = None,
    options: Options | None = None,
    **update: object,
) -> State:
    """A hand-built state; by default every card not placed elsewhere is in the deck."""
    holders = (holders or []) + [None] * (3 - len(holders or []))
    used = {c for h in hands for c in h} | {c for s in holders if s for c in s.cards}
    state = State(
        seed=1,
        options=options or Options(),
        players=len(hands),
        start=start,
        current=current,
        deck=tuple(deck if deck is not None else (c for c in range(DECK_SIZE) if c not in used)),
        hands=tuple(tuple(sorted(h)) for h in hands),
        holders=tuple(holders),
        piles=((),) * len(hands),
    )
    return state.model_copy(update=update)


def cs(owner: int, ascending: bool, *cards: int) -> CardSet:
    return CardSet(owner=owner, ascending=ascending, cards=cards)


def refused(state: State, seat: int, action: object) -> str:
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as err:
        hg.apply(state, seat, action)
    assert state.model_dump_json() == before
    return err.value.code


# --- 1. Components -------------------------------------------------------------------------


def test_r1_deck_has_red_purple_1_to_25_and_odd_jokers() -> None:
    assert DECK_SIZE == 63
    for colour in ("red", "purple"):
        assert sorted(VALUE[c] for c in range(63) if COLOUR[c] == colour) == list(range(1, 26))
    assert sorted(VALUE[c] for c in range(63) if COLOUR[c] == "joker") == list(range(1, 26, 2))
    assert {HOURGLASSES[c] for c in range(63)} == {0, 1, 2, 3}
    assert [card_label(c) for c in (red(5), purple(25), joker(3))] == ["R5", "P25", "J3"]


def test_r2_open_offers_both_directions_and_keeps_the_chosen_one() -> None:
    state = table([[red(5), red(9)], [red(1), red(2)]])
    legal = hg.legal_actions(state, 0)
    assert OpenSet(card=red(5), ascending=True) in legal
    assert OpenSet(card=red(5), ascending=False) in legal
    after, _ = hg.apply(state, 0, OpenSet(card=red(5), ascending=False))
    assert after.holders[0] == cs(0, False, red(5))


def test_r3_at_most_three_sets() -> None:
    sets = [cs(1, True, red(3)), cs(1, True, red(4)), cs(1, True, red(5))]
    state = table([[purple(1), purple(2)], [red(1), red(2)]], sets)
    assert not any(a.kind == "open" for a in hg.legal_actions(state, 0))
    assert refused(state, 0, OpenSet(card=purple(1), ascending=True)) == "no_empty_holder"


def test_r4_hourglass_table_is_the_proposed_default() -> None:
    assert HOURGLASSES[red(13)] == HOURGLASSES[purple(13)] == 3
    assert HOURGLASSES[red(1)] == HOURGLASSES[purple(25)] == 0
    assert [HOURGLASSES[red(v)] for v in (4, 5, 8, 9, 12, 14, 17, 18, 21, 22)] == [
        0, 1, 1, 2, 2, 2, 2, 1, 1, 0,
    ]  # fmt: skip
    assert [HOURGLASSES[joker(v)] for v in (7, 9, 11, 13, 15, 17, 19)] == [0, 1, 1, 2, 1, 1, 0]
    assert sum(HOURGLASSES) == 60
    counts = [sum(1 for h in HOURGLASSES if h == k) for k in range(4)]
    assert counts == [24, 20, 17, 2]


# --- 2. Setup ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hand"), [(2, 7), (3, 6), (4, 6), (5, 6)])
def test_r5_hand_size_depends_on_player_count(players: int, hand: int) -> None:
    state = hg.setup(Options(), players, 4)
    assert [len(h) for h in state.hands] == [hand] * players


def test_r6_holders_start_empty() -> None:
    state = hg.setup(Options(), 3, 4)
    assert state.holders == (None, None, None)
    assert hg.view(state, None).holders == (None, None, None)


def test_r7_all_63_cards_dealt_or_in_deck_once() -> None:
    state = hg.setup(Options(), 4, 9)
    cards = [c for h in state.hands for c in h] + list(state.deck)
    assert sorted(cards) == list(range(63))
    assert len(state.deck) == 63 - 24
    assert hg.setup(Options(), 4, 10).deck != state.deck


def test_r8_start_player_configurable_else_drawn_and_play_goes_clockwise() -> None:
    state = hg.setup(Options(start_seat=2), 3, 1)
    assert state.start == state.current == 2
    assert {hg.setup(Options(), 4, seed).start for seed in range(40)} == {0, 1, 2, 3}
    after, _ = hg.apply(state, 2, hg.legal_actions(state, 2)[0])
    assert hg.to_act(after) == frozenset({0})


# --- 3. Turn -------------------------------------------------------------------------------


def test_r9_every_action_removes_exactly_one_card() -> None:
    for state, seat, action in steps(hg, 3, 2):
        after, _ = hg.apply(state, seat, action)
        if after.round == state.round:
            assert len(after.hands[seat]) == len(state.hands[seat]) - 1
            assert action.card not in after.hands[seat]


def test_r10_open_puts_the_set_in_front_of_the_player() -> None:
    state = table([[purple(8), red(2)], [red(1), red(3)]], [cs(1, True, red(4))])
    after, events = hg.apply(state, 0, OpenSet(card=purple(8), ascending=True))
    assert after.holders[1] == cs(0, True, purple(8))
    assert events[0].kind == "hourglass.open" and events[0].params["card"] == purple(8)


def test_r11_take_moves_the_set_and_never_on_own_set() -> None:
    state = table([[red(6), red(2)], [red(9), red(3)]], [cs(1, True, red(4)), cs(0, True, red(5))])
    after, events = hg.apply(state, 0, TakeSet(holder=0, card=red(6)))
    assert after.holders[0] == cs(0, True, red(4), red(6))
    assert events[0].params["from_seat"] == 1
    assert TakeSet(holder=1, card=red(6)) not in hg.legal_actions(state, 0)
    assert refused(state, 0, TakeSet(holder=1, card=red(6))) == "own_set"
    assert refused(state, 0, FeedSet(holder=1, card=red(6))) == "own_set"


def test_r12_feed_goes_under_and_is_always_allowed_on_an_opponent_set() -> None:
    state = table([[red(6), purple(13)], [red(9), red(3)]], [cs(1, True, red(4))])
    legal = hg.legal_actions(state, 0)
    assert TakeSet(holder=0, card=red(6)) in legal and OpenSet(card=red(6), ascending=True) in legal
    assert FeedSet(holder=0, card=purple(13)) in legal
    after, _ = hg.apply(state, 0, FeedSet(holder=0, card=purple(13)))
    assert after.holders[0] == cs(1, True, purple(13), red(4))
    assert after.holders[0].top == red(4)


def test_r13_placement_legality() -> None:
    # swap overrides direction, both ways round, on + and - sets
    assert can_place(joker(7), red(7), True) and can_place(joker(7), purple(7), False)
    assert can_place(red(7), joker(7), True) and can_place(purple(7), joker(7), False)
    # direction and equal values
    assert can_place(red(8), red(7), True) and not can_place(red(8), red(7), False)
    assert not can_place(purple(7), red(7), True) and not can_place(purple(7), red(7), False)
    # colour must match between coloured cards, never checked with a joker on either side
    assert not can_place(purple(9), red(7), True)
    assert can_place(joker(9), red(7), True) and can_place(purple(9), joker(7), True)
    assert not can_place(joker(5), red(7), True)  # jokers obey the direction
    assert can_place(joker(9), joker(7), True) and not can_place(joker(9), joker(7), False)
    state = table([[purple(9), red(9)], [red(1), red(2)]], [cs(1, True, red(7))], current=0)
    assert refused(state, 0, TakeSet(holder=0, card=purple(9))) == "not_legal"


def test_r14_joker_on_top_makes_the_set_colourless_until_the_next_card() -> None:
    state = table(
        [
            [joker(9), purple(3), red(1), red(2)],
            [purple(11), red(12), red(3), red(4)],
            [red(5)] * 4,
        ],
        [cs(2, True, red(7))],
    )
    state, _ = hg.apply(state, 0, TakeSet(holder=0, card=joker(9)))
    legal = hg.legal_actions(state, 1)
    assert TakeSet(holder=0, card=purple(11)) in legal and TakeSet(holder=0, card=red(12)) in legal
    state, _ = hg.apply(state, 1, TakeSet(holder=0, card=purple(11)))
    assert can_place(purple(12), state.holders[0].top, True)
    assert not can_place(red(12), state.holders[0].top, True)


def test_r15_forced_discard_goes_to_the_deck_bottom_face_down() -> None:
    sets = [cs(0, True, red(3)), cs(0, True, red(4)), cs(0, False, red(5))]
    state = table([[purple(1), purple(2), purple(3)], [red(9), red(10), red(11)]], sets)
    legal = hg.legal_actions(state, 0)
    assert legal == [Discard(card=purple(1)), Discard(card=purple(2)), Discard(card=purple(3))]
    after, events = hg.apply(state, 0, Discard(card=purple(2)))
    assert after.deck[-1] == purple(2) and len(after.deck) == len(state.deck) + 1
    public = [e for e in events if e.visible_to is None]
    assert all("card" not in e.params for e in public)
    assert any(e.visible_to == 0 and e.params["card"] == purple(2) for e in events)
    free = table([[purple(1), purple(2)], [red(9), red(10)]], [cs(1, True, red(3))])
    assert refused(free, 0, Discard(card=purple(1))) == "discard_not_forced"


def test_r16_first_player_of_a_round_must_open() -> None:
    state = hg.setup(Options(), 4, 3)
    legal = hg.legal_actions(state, state.start)
    assert len(legal) == 12 and {a.kind for a in legal} == {"open"}


# --- 4. End of a round ---------------------------------------------------------------------


def _play_round(state: State) -> State:
    """Apply the first legal action until the round number changes."""
    start_round = state.round
    while state.round == start_round and not state.finished:
        seat = state.current
        state, _ = hg.apply(state, seat, hg.legal_actions(state, seat)[0])
    return state


def test_r17_round_ends_when_every_hand_is_down_to_two() -> None:
    state = hg.setup(Options(start_seat=0), 3, 5)
    turns = 0
    while state.round == 1:
        seat = state.current
        before = state
        state, events = hg.apply(state, seat, hg.legal_actions(state, seat)[0])
        turns += 1
    assert turns == 3 * 4
    assert [len(h) for h in before.hands] == [2, 2, 3]
    assert any(e.kind == "hourglass.round_end" for e in events)
    kept = before.hands[0]
    assert set(kept) <= set(state.hands[0]) and len(state.hands[0]) == 6


def test_r18_owners_collect_their_sets_and_holders_return() -> None:
    sets = [cs(0, True, purple(13), red(9)), cs(1, False, red(12))]
    state = table([[red(1), red(2)], [purple(1), purple(2), purple(3)]], sets, current=1)
    after, events = hg.apply(state, 1, FeedSet(holder=0, card=purple(3)))
    assert after.holders == (None, None, None)
    assert sorted(after.piles[0]) == sorted([purple(13), red(9), purple(3)])
    assert after.piles[1] == (red(12),)
    end = next(e for e in events if e.kind == "hourglass.round_end")
    assert end.params["cards"] == [3, 1] and "hourglasses" not in end.params
    private = {e.visible_to: e.params["hourglasses"] for e in events if e.kind.endswith("score")}
    assert private == {0: 3 + 2 + 0, 1: 2}
    opened = state.model_copy(update={"options": Options(open_scores=True)})
    _, events = hg.apply(opened, 1, FeedSet(holder=0, card=purple(3)))
    end = next(e for e in events if e.kind == "hourglass.round_end")
    assert end.visible_to is None and end.params["hourglasses"] == [5, 2]


def test_r19_refill_and_next_start_player_else_the_game_ends() -> None:
    sets = [cs(0, True, red(9))]
    hands = [[red(1), red(2)], [purple(1), purple(2), purple(3)]]
    deck = [red(20 + i) for i in range(5)] + [purple(20 + i) for i in range(5)]
    state = table(hands, sets, current=1, start=0, deck=deck)
    after, events = hg.apply(state, 1, FeedSet(holder=0, card=purple(3)))
    assert after.deck == () and [len(h) for h in after.hands] == [7, 7]
    assert after.start == after.current == 1 and after.round == 2
    assert any(e.kind == "hourglass.drew" and e.visible_to == 1 for e in events)
    short = table(hands, sets, current=1, start=0, deck=deck[:9])
    ended, events = hg.apply(short, 1, FeedSet(holder=0, card=purple(3)))
    assert ended.finished and [len(h) for h in ended.hands] == [2, 2] and len(ended.deck) == 9
    assert events[-1].kind == "hourglass.game_over"
    # a forced discard is part of the deck for the check: 9 + 1 = 10 cards refill two players
    owned = [cs(0, True, red(9)), cs(0, True, red(10)), cs(0, True, red(11))]
    discard = table([[red(1), red(2), red(3)], [purple(1), purple(2)]], owned, deck=deck[:9])
    refilled, _ = hg.apply(discard, 0, Discard(card=red(3)))
    assert not refilled.finished and refilled.deck == ()


# --- 5. End of game and scoring ------------------------------------------------------------


def test_r19_r20_every_seat_is_told_whether_the_round_ends_the_game() -> None:
    sets = [cs(0, True, red(9))]
    hands = [[red(1), red(2)], [purple(1), purple(2), purple(3)]]
    deck = [red(20 + i) for i in range(5)] + [purple(20 + i) for i in range(5)]
    # Ten cards refill two hands of five: the round ends in a refill.
    assert hg.after_round(hg.view(table(hands, sets, current=1, deck=deck), 0)) == "refill"
    # Eight, and the one turn left (a card that a forced discard would put back) cannot make
    # ten: the game ends with the round.
    short = table(hands, sets, current=1, deck=deck[:8])
    assert hg.after_round(hg.view(short, 0)) == hg.after_round(hg.view(short, 1)) == "end"
    # Nine: a forced discard in the turn left would make ten, so nobody can tell yet.
    maybe = table(hands, sets, current=1, deck=deck[:9])
    assert hg.after_round(hg.view(maybe, None)) == "unsure"


def test_r20_score_is_the_hourglasses_in_the_pile_not_in_hand() -> None:
    sets = [cs(0, True, red(13))]
    hands = [[purple(13), joker(13)], [purple(12), purple(11), purple(1)]]
    state = table(hands, sets, current=1, deck=[])
    state, _ = hg.apply(state, 1, FeedSet(holder=0, card=purple(1)))
    result = hg.outcome(state)
    assert result is not None and result.scores == (3, 0)
    assert result.winners == (0,) and result.ranking == (1, 2)
    assert result.round_scores == ((3, 0),)


def test_r21_ties_are_shared_unless_the_pile_card_tiebreak_is_chosen() -> None:
    def end(options: Options) -> State:
        sets = [cs(0, True, red(13)), cs(1, True, purple(1), purple(4), purple(13))]
        hands = [[red(1), red(2)], [purple(2), purple(3), purple(5)]]
        state = table(hands, sets, current=1, deck=[], options=options)
        return hg.apply(state, 1, FeedSet(holder=0, card=purple(2)))[0]

    shared = hg.outcome(end(Options()))
    assert shared is not None and shared.scores == (3, 3)
    assert shared.winners == (0, 1) and shared.ranking == (1, 1) and shared.tiebreak is None
    broken = hg.outcome(end(Options(tiebreak="pile_cards")))
    assert broken is not None and broken.scores == (3, 3)
    assert broken.winners == (1,) and broken.ranking == (2, 1) and broken.tiebreak == "pile_cards"
    assert broken.details["pile_cards"] == [2, 3]


@pytest.mark.parametrize(("players", "rounds"), [(2, 5), (3, 4), (4, 3), (5, 4)])
def test_r22_round_count_without_forced_discards(players: int, rounds: int) -> None:
    checked = 0
    for seed in range(30):
        state = hg.setup(Options(), players, seed)
        discards = 0
        while not state.finished:
            seat = state.current
            legal = hg.legal_actions(state, seat)
            discards += legal[0].kind == "discard"
            preferred = [a for kind in ("take", "feed") for a in legal if a.kind == kind]
            state, _ = hg.apply(state, seat, (preferred or legal)[0])
        # each discard returns a card to the deck and can buy at most one extra round
        assert rounds <= len(state.results) <= rounds + discards
        checked += discards == 0
    assert checked >= 1


# --- 6. Five-player variant ----------------------------------------------------------------


def test_r23_five_players_reshuffle_everything_once_then_end() -> None:
    state = hg.setup(Options(start_seat=0), 5, 8)
    state = _play_round(state)
    assert state.round == 2 and state.deck_pass == 1 and len(state.deck) == 13
    state = _play_round(state)
    assert not state.finished and state.deck_pass == 2 and state.round == 3
    assert [len(h) for h in state.hands] == [6] * 5 and state.piles == ((),) * 5
    assert sorted([*state.deck, *(c for h in state.hands for c in h)]) == list(range(63))
    assert state.start == 2 and len(state.results) == 2
    state = _play_round(_play_round(state))
    assert state.finished and len(state.results) == 4
    result = hg.outcome(state)
    assert result is not None
    assert result.scores == tuple(sum(r[p] for r in result.round_scores) for p in range(5))
    off = _play_round(_play_round(hg.setup(Options(deck_twice=False), 5, 8)))
    assert off.finished and len(off.results) == 2
    with pytest.raises(ValueError, match="5-player"):
        hg.setup(Options(deck_twice=True), 4, 1)
    assert not _play_round(_play_round(hg.setup(Options(deck_twice=True), 5, 3))).finished


def test_r23_the_first_pass_of_the_deck_ends_in_new_hands_not_the_games_end() -> None:
    state = _play_round(hg.setup(Options(start_seat=0), 5, 8))
    told = set()
    while state.round == 2:
        told.add(hg.after_round(hg.view(state, 0)))
        state, _ = hg.apply(state, state.current, hg.legal_actions(state, state.current)[0])
    # 13 cards cannot refill five hands: once the turns left cannot make up the rest, every
    # seat is told that new hands come, and they do.
    assert told == {"unsure", "reshuffle"}
    assert state.deck_pass == 2 and hg.after_round(hg.view(state, 0)) == "refill"


def test_r23_r21_the_cards_collected_count_across_the_reshuffle() -> None:
    first = _play_round(hg.setup(Options(start_seat=0), 5, 8))
    before = hg.view(first, 0).pile_counts
    assert before == tuple(len(p) for p in first.piles) and sum(before) > 0
    state = _play_round(first)
    assert state.deck_pass == 2 and state.piles == ((),) * 5  # the reshuffle took the piles
    after = hg.view(state, 0).pile_counts
    # What was collected before the reshuffle still counts (R21), with the round after it.
    assert after == tuple(b + c for b, c in zip(before, state.results[-1].cards, strict=True))


def test_r23_the_deck_goes_round_twice_only_with_five_players_and_says_so() -> None:
    (misfit,) = Options(deck_twice=True).misfits(4)
    assert (misfit.option, misfit.code, misfit.params) == ("deck_twice", "players", {"players": 5})
    assert Options(deck_twice=True).misfits(5) == []
    assert Options(deck_twice=None).misfits(4) == Options(deck_twice=False).misfits(4) == []
    assert offered(Options(), "deck_twice", 4) == [None, False]
    assert offered(Options(), "deck_twice", 5) == [None, False, True]


# --- 7. Information ------------------------------------------------------------------------


def test_r24_views_show_sets_but_not_hands_deck_or_other_scores() -> None:
    sets = [cs(0, True, purple(3), red(13))]
    state = table([[red(1), red(2)], [purple(5), purple(6)]], sets, current=1)
    state = state.model_copy(
        update={
            "results": (hg.RoundResult(round=1, deck_pass=1, hourglasses=(4, 2), cards=(3, 1)),)
        }
    )
    mine = hg.view(state, 1)
    assert mine.hand == (purple(5), purple(6)) and mine.hand_counts == (2, 2)
    assert mine.holders[0] == sets[0] and mine.deck_count == len(state.deck)
    assert mine.scores == (None, 2) and mine.round_scores == ((None, 2),)
    public = hg.view(state, None)
    assert public.hand == () and public.scores == (None, None)
    opened = state.model_copy(update={"options": Options(open_scores=True)})
    assert hg.view(opened, None).scores == (4, 2)


# --- 9. Rulings with options ---------------------------------------------------------------


def test_a1_owner_of_every_set_opens_unless_the_literal_exception_is_chosen() -> None:
    sets = [cs(0, True, red(3))]
    hands = [[purple(1), purple(2)], [red(9), red(10)]]
    assert {a.kind for a in hg.legal_actions(table(hands, sets), 0)} == {"open"}
    literal = table(hands, sets, options=Options(exception_literal=True))
    assert {a.kind for a in hg.legal_actions(literal, 0)} == {"discard"}
    assert {a.kind for a in hg.legal_actions(literal.model_copy(update={"current": 1}), 1)} >= {
        "open",
        "take",
        "feed",
    }


def test_options_are_validated() -> None:
    with pytest.raises(pydantic.ValidationError, match="start_seat"):
        Options(start_seat=5)
    with pytest.raises(pydantic.ValidationError, match="tiebreak"):
        Options(tiebreak="coin")
    with pytest.raises(pydantic.ValidationError):
        Options(colours=3)
    with pytest.raises(ValueError, match="start_seat"):
        hg.setup(Options(start_seat=3), 3, 1)
    with pytest.raises(ValueError, match="2-5"):
        hg.setup(Options(), 6, 1)


def test_refusals_have_stable_codes() -> None:
    state = table([[red(6), red(2)], [red(9), red(3)]], [cs(1, True, red(4))])
    assert refused(state, 1, FeedSet(holder=0, card=red(9))) == "not_your_turn"
    assert refused(state, 7, FeedSet(holder=0, card=red(9))) == "bad_seat"
    assert refused(state, 0, FeedSet(holder=0, card=red(9))) == "not_in_hand"
    assert refused(state, 0, FeedSet(holder=2, card=red(6))) == "no_such_set"
    assert refused(state, 0, TakeSet(holder=0, card=red(2))) == "not_legal"
    final = play(hg, 2, 3)
    assert refused(final, 0, Discard(card=final.hands[0][0])) == "game_over"


# --- 8. Worked examples (players: Artyom 0, Misha 1, Nina 2, Liza 3) ----------------------


def _examples() -> list[State]:
    hands = [
        [red(5), red(20), red(21), red(19)],
        [red(3), red(22), red(23), red(18)],
        [purple(7), purple(20), purple(21), purple(19)],
        [joker(3), purple(22), purple(23), purple(18)],
    ]
    state = table(hands, [cs(3, False, red(24)), cs(3, True, red(25))], current=0, start=3)
    states = [state]
    for seat, action in (
        (0, OpenSet(card=red(5), ascending=False)),
        (1, TakeSet(holder=2, card=red(3))),
        (2, FeedSet(holder=2, card=purple(7))),
        (3, TakeSet(holder=2, card=joker(3))),
    ):
        state, _ = hg.apply(state, seat, action)
        states.append(state)
    return states


def test_example_1_artyom_opens_a_descending_red_5() -> None:
    assert _examples()[1].holders[2] == cs(0, False, red(5))


def test_example_2_misha_takes_with_red_3() -> None:
    assert _examples()[2].holders[2] == cs(1, False, red(5), red(3))


def test_example_3_nina_feeds_purple_7_under_mishas_set() -> None:
    before, after = _examples()[2:4]
    assert not any(a.kind in ("open", "take") for a in hg.legal_actions(before, 2))
    assert after.holders[2] == cs(1, False, purple(7), red(5), red(3))


def test_example_4_liza_swaps_joker_3_on_red_3() -> None:
    after = _examples()[4]
    assert after.holders[2].owner == 3 and after.holders[2].top == joker(3)
    assert COLOUR[after.holders[2].top] == "joker"


def test_example_5_what_beats_a_descending_joker_3() -> None:
    top = _examples()[4].holders[2].top
    legal = {c for c in range(63) if can_place(c, top, False)}
    assert legal == {red(1), red(2), purple(1), purple(2), joker(1), red(3), purple(3)}
    assert red(4) not in legal


def test_example_6_blocking_plus_sets() -> None:
    assert {c for c in range(63) if can_place(c, purple(24), True)} == {purple(25), joker(25)}
    assert {c for c in range(63) if can_place(c, red(25), True)} == {joker(25)}


def test_example_7_three_players_play_four_rounds() -> None:
    state = hg.setup(Options(), 3, 12)
    assert len(state.deck) == 45
    decks = []
    while not state.finished:
        state = _play_round(state)
        decks.append(len(state.deck))
    assert decks == [33, 21, 9, 9] and len(state.results) == 4
