"""Genial: one test per numbered rule of docs/rules/genial.md, its worked examples, its options."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from pydantic import ValidationError

from engines import genial
from engines.core import Event, IllegalAction, decode_action, encode_action
from engines.genial import rules
from engines.genial.ai import _reserve_counts
from engines.genial.models import COLOURS, PER_COLOUR, STALL_TURNS
from engines.genial.rules import dead_position
from engines.genial.scoring import rank_collections

R, O, Y, G, B, P = range(COLOURS)  # noqa: E741 - the rules file's colour letters
DRAW, BANK = genial.Draw(), genial.Bank()


def bag(*colours: int) -> tuple[int, ...]:
    """Six counts from a list of colours."""
    return tuple(colours.count(c) for c in range(COLOURS))


def make(
    players: int = 2,
    centre: tuple[int, ...] = bag(R, B, Y),
    collections: tuple[tuple[int, ...], ...] | None = None,
    staging: tuple[int, ...] = (),
    turn: int = 0,
    options: genial.Options | None = None,
    lines: tuple[int, ...] = (),
    **extra: object,
) -> genial.State:
    """A state at the given position (`lines`: seat 0's colours that had their bonus turn);
    the reserve holds every other token."""
    collections = collections or ((0,) * COLOURS,) * players
    reserve = tuple(
        PER_COLOUR - centre[c] - staging.count(c) - sum(col[c] for col in collections)
        for c in range(COLOURS)
    )
    return genial.State(
        seed=7,
        options=options or genial.Options(),
        players=players,
        first_seat=0,
        turn=turn,
        phase="drawing" if staging else "start",
        reserve=reserve,
        centre=centre,
        staging=staging,
        collections=collections,
        lines=(tuple(c in lines for c in range(COLOURS)),) + ((False,) * COLOURS,) * (players - 1),
        **extra,
    )


def apply_with(
    state: genial.State, action: genial.Action, wanted: Callable[[list[Event]], bool]
) -> tuple[genial.State, list[Event]]:
    """Apply `action` at the first state version whose random draws give `wanted` events."""
    for version in range(state.version, state.version + 2000):
        new, events = genial.apply(
            state.model_copy(update={"version": version}), state.turn, action
        )
        if wanted(events):
            return new, events
    raise AssertionError("no version gives the wanted draws")


def draw_as(state: genial.State, colour: int) -> tuple[genial.State, list[Event]]:
    """Apply a draw that reveals `colour`."""
    return apply_with(state, DRAW, lambda events: drawn(events) == colour)


def drawn(events: list[Event]) -> int:
    return next(e for e in events if e.kind == "genial.draw").params["colour"]


def result_of(events: list[Event]) -> str:
    return next(e for e in events if e.kind == "genial.draw").params["result"]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def held(state: genial.State) -> tuple[int, ...]:
    """Tokens per colour over every zone."""
    return tuple(
        state.reserve[c]
        + state.centre[c]
        + state.staging.count(c)
        + sum(col[c] for col in state.collections)
        for c in range(COLOURS)
    )


# --- components and setup ---


def test_c1_126_tokens_21_of_each_of_six_colours() -> None:
    state = genial.setup(genial.Options(), 3, seed=1)
    assert held(state) == (21,) * 6 and sum(held(state)) == 126
    with pytest.raises(ValidationError, match="tokens"):
        state.model_validate({**state.model_dump(), "centre": (4, 0, 0, 0, 0, 0)})


def test_r1_reserve_starts_full_and_stays_face_down() -> None:
    state = genial.setup(genial.Options(), 2, seed=2)
    assert sum(state.reserve) == 123
    public = genial.view(state, None)
    assert public.reserve_count == 123
    assert "reserve" not in public.model_dump()


def test_r2_three_tokens_face_up_in_the_centre() -> None:
    for seed in range(20):
        state = genial.setup(genial.Options(), 4, seed)
        assert sum(state.centre) == 3
        assert genial.view(state, 1).centre == state.centre
    assert len({genial.setup(genial.Options(), 2, s).centre for s in range(20)}) > 1


def test_r3_start_seat_parameter_and_clockwise_turns() -> None:
    assert genial.to_act(genial.setup(genial.Options(), 3, 1)) == {0}
    state = genial.setup(genial.Options(start_seat=2), 3, 1)
    assert genial.to_act(state) == {2}
    state = make(3, centre=bag(R, B, Y), turn=2)
    state, _ = draw_as(state, G)  # no match: the turn passes clockwise to seat 0
    assert genial.to_act(state) == {0}
    with pytest.raises(ValueError, match="start_seat"):
        genial.setup(genial.Options(start_seat=3), 3, 1)


def test_r4_bonus_turn_is_a_turn_of_the_same_player() -> None:
    collections = ((6, 0, 0, 0, 0, 0), (0,) * 6)
    state = make(collections=collections, staging=(R,), centre=bag(R, B, B, Y))
    state, events = genial.apply(state, 0, BANK)
    assert "genial.bonus" in kinds(events) and state.centre == bag(B, B, Y)
    assert state.turn == 0 and state.bonus_turn and state.phase == "start"
    state, _ = draw_as(state, G)  # a miss ends the bonus turn: now seat 1, a normal turn
    assert state.turn == 1 and not state.bonus_turn


def test_r5_centre_check_refills_to_three_before_each_turn() -> None:
    state = make(centre=bag(R, R, B))
    state, events = draw_as(state, R)
    state, events = genial.apply(state, 0, BANK)  # centre left {B}
    assert sum(state.centre) == 3 and state.centre[B] >= 1
    refill = next(e for e in events if e.kind == "genial.refill")
    assert len(refill.params["colours"]) == 2
    big = make(centre=bag(R, P, G, Y, Y))
    big, events = draw_as(big, O)  # miss: centre grows to 6, no refill
    assert sum(big.centre) == 6 and "genial.refill" not in kinds(events)


def test_r6_turn_offers_draw_or_eligible_alternative() -> None:
    assert genial.legal_actions(make(), 0) == [DRAW]
    weak = make(collections=((0, 1, 1, 1, 1, 1), (0,) * 6), centre=bag(R, B, Y))
    assert genial.legal_actions(weak, 0) == [genial.Alternative(colour=R), DRAW]
    assert genial.legal_actions(weak, 1) == []


def test_r7_drawn_token_goes_to_the_staging_area() -> None:
    state, events = draw_as(make(centre=bag(R, B, Y)), B)
    assert state.staging == (B,)
    assert sum(state.reserve) == sum(make().reserve) - 1
    assert genial.view(state, None).staging == (B,)
    assert events[0].visible_to is None


def test_r8_success_needs_centre_colour_not_yet_staged() -> None:
    state, events = draw_as(make(centre=bag(R, B, Y)), Y)
    assert result_of(events) == "success" and state.phase == "drawing"
    assert genial.to_act(state) == {0}


def test_r9_no_match_is_a_miss() -> None:
    state, events = draw_as(make(centre=bag(R, B, Y)), P)
    assert result_of(events) == "no_match"
    assert state.turn == 1 and state.centre == bag(R, B, Y, P)


def test_r10_conflict_in_the_staging_area_is_a_miss() -> None:
    state, events = draw_as(make(centre=bag(R, B, Y), staging=(R,)), R)
    assert result_of(events) == "conflict"
    assert state.turn == 1


def test_r11_miss_returns_every_staged_token_to_the_centre() -> None:
    state = make(centre=bag(R, B, Y), staging=(R, B))
    state, events = draw_as(state, G)
    assert state.centre == bag(R, B, Y, R, B, G)
    assert state.staging == () and state.collections[0] == (0,) * 6
    assert next(e for e in events if e.kind == "genial.miss").params["returned"] == [R, B, G]


def test_r12_after_a_success_the_player_banks_or_draws_on() -> None:
    state = make(centre=bag(R, B, Y), staging=(R,))
    assert genial.legal_actions(state, 0) == [BANK, DRAW]
    state, _ = draw_as(state, B)
    assert state.staging == (R, B) and state.phase == "drawing"


def test_r13_bank_takes_staging_and_every_matching_centre_token() -> None:
    state = make(centre=bag(R, R, B, Y, P, P), staging=(R, Y))
    state, events = genial.apply(state, 0, BANK)
    assert state.collections[0] == bag(R, R, R, Y, Y)
    assert state.centre == bag(B, P, P)
    assert next(e for e in events if e.kind == "genial.bank").params["gained"] == list(
        bag(R, R, R, Y, Y)
    )
    with pytest.raises(IllegalAction) as err:
        genial.apply(make(), 0, BANK)
    assert err.value.code == "bank_without_success"


def test_r14_completing_the_collection_ends_the_game_at_once() -> None:
    state = make(collections=((7, 7, 7, 7, 7, 6), (3,) * 6), staging=(P,), centre=bag(P, R))
    state, events = genial.apply(state, 0, BANK)
    assert genial.to_act(state) == frozenset() and state.phase == "over"
    assert "genial.game_over" in kinds(events)
    result = genial.outcome(state)
    assert result is not None and result.winners == (0,) and result.result == "won"


def test_r15_cap_returns_the_excess_to_the_reserve_at_turn_end() -> None:
    state = make(collections=((7, 2, 2, 2, 2, 2), (0,) * 6), staging=(R,), centre=bag(R, R, B))
    reserve = state.reserve[R]
    state, events = genial.apply(state, 0, BANK)
    assert state.collections[0][R] == 7
    assert state.reserve[R] + state.centre[R] == reserve + 3
    assert next(e for e in events if e.kind == "genial.capped").params["returned"][R] == 3


def test_r16_cap_stops_at_t_and_other_collections_are_untouched() -> None:
    other = (1, 2, 3, 4, 5, 6)
    state = make(collections=((5, 2, 2, 2, 2, 2), other), staging=(R,), centre=bag(R, R, R, B))
    state, _ = genial.apply(state, 0, BANK)
    assert state.collections[0][R] == 7 and state.collections[1] == other


def test_r17_each_colour_earns_its_bonus_only_once() -> None:
    state = make(collections=((6, 0, 0, 0, 0, 0), (0,) * 6), staging=(R,), centre=bag(R, B))
    state, _ = genial.apply(state, 0, BANK)
    assert state.lines[0][R] and state.bonus_turn and state.bonus_pending == 0
    again = make(
        collections=((7, 0, 0, 0, 0, 0), (0,) * 6), staging=(R,), centre=bag(R, B), lines=(R,)
    )
    again, events = genial.apply(again, 0, BANK)
    assert "genial.bonus" not in kinds(events) and again.turn == 1


def test_r18_one_bonus_turn_per_colour_reaching_t_in_one_bank() -> None:
    state = make(collections=((6, 6, 6, 0, 0, 0), (0,) * 6), staging=(R, O, Y), centre=bag(R, O, Y))
    state, events = genial.apply(state, 0, BANK)
    assert next(e for e in events if e.kind == "genial.bonus").params["colours"] == [R, O, Y]
    assert state.turn == 0 and state.bonus_turn and state.bonus_pending == 2


def test_r19_bonus_turns_follow_at_once_and_may_be_alternative_moves() -> None:
    collections = ((6, 5, 5, 5, 5, 4), (0,) * 6)
    state = make(collections=collections, staging=(R,), centre=bag(R, P, P, B))
    state, _ = genial.apply(state, 0, BANK)  # R reaches 7: one bonus turn, centre {P, P, B}
    assert state.turn == 0 and state.bonus_turn and state.centre == bag(P, P, B)
    assert genial.legal_actions(state, 0) == [genial.Alternative(colour=P), DRAW]
    state, _ = genial.apply(state, 0, genial.Alternative(colour=P))
    assert state.collections[0] == (7, 5, 5, 5, 5, 5) and state.turn == 1
    assert not state.bonus_turn


def test_r20_alternative_needs_a_unique_weakest_colour_in_the_centre() -> None:
    eligible = make(collections=((3, 4, 4, 5, 4, 6), (0,) * 6), centre=bag(R, G, P))
    assert genial.Alternative(colour=R) in genial.legal_actions(eligible, 0)
    absent = make(collections=((3, 4, 4, 5, 4, 6), (0,) * 6), centre=bag(O, G, P))
    assert genial.legal_actions(absent, 0) == [DRAW]
    tied = make(collections=((3, 3, 4, 5, 4, 6), (0,) * 6), centre=bag(R, O, P))
    assert genial.legal_actions(tied, 0) == [DRAW]
    with pytest.raises(IllegalAction) as err:
        genial.apply(tied, 0, genial.Alternative(colour=R))
    assert err.value.code == "alternative_not_allowed"
    with pytest.raises(IllegalAction):
        genial.apply(eligible, 0, genial.Alternative(colour=O))  # not the weakest colour


def test_r21_alternative_takes_exactly_one_token_and_ends_the_turn() -> None:
    state = make(collections=((3, 4, 4, 5, 4, 6), (0,) * 6), centre=bag(R, R, G, P))
    state, events = genial.apply(state, 0, genial.Alternative(colour=R))
    assert state.collections[0] == (4, 4, 4, 5, 4, 6)
    assert state.centre[R] >= 1 and state.turn == 1
    assert "genial.alternative" in kinds(events)


def test_r22_alternative_only_as_the_first_action() -> None:
    state = make(collections=((0, 1, 1, 1, 1, 1), (0,) * 6), centre=bag(R, B, Y), staging=(B,))
    assert genial.legal_actions(state, 0) == [BANK, DRAW]
    with pytest.raises(IllegalAction) as err:
        genial.apply(state, 0, genial.Alternative(colour=R))
    assert err.value.code == "alternative_after_draw"


def test_r23_first_completed_collection_is_first_place() -> None:
    collections = ((2,) * 6, (4, 4, 4, 4, 4, 3), (7,) * 5 + (6,))
    state = make(3, collections=collections, turn=2, staging=(P,), centre=bag(P, R))
    state, _ = genial.apply(state, 2, BANK)
    result = genial.outcome(state)
    assert result is not None
    assert result.ranking == (3, 2, 1) and result.winners == (2,)
    assert result.scores == (2, 3, 7)


def test_r24_others_ranked_by_ascending_counts_lexicographically() -> None:
    scores, ranking, tiebreak = rank_collections(
        ((5,) * 6, (3, 5, 5, 5, 5, 5), (3, 4, 5, 5, 5, 5), (3, 5, 5, 5, 5, 5))
    )
    assert ranking == (1, 2, 4, 2) and scores == (5, 3, 3, 3)
    assert tiebreak == "next_weakest_colour"
    _, ranking, tiebreak = rank_collections(((5,) * 6, (2, 5, 5, 5, 5, 5), (3, 3, 3, 3, 3, 3)))
    assert ranking == (1, 3, 2) and tiebreak is None


def test_r25_series_scores_weakest_colour_and_rotates_the_start_seat() -> None:
    options = genial.Options(games=3)
    state = genial.setup(options, 3, seed=4)
    starts = []
    for game in range(3):
        starts.append(state.first_seat)
        assert state.game == game and genial.outcome(state) is None
        winner = state.turn
        done = make(
            3,
            collections=tuple((7,) * 5 + (6,) if s == winner else (s + 1,) * 6 for s in range(3)),
            staging=(P,),
            centre=bag(P, R),
            turn=winner,
            options=options,
            game=game,
            history=state.history,
        )
        state, events = genial.apply(done, winner, BANK)
        assert "genial.game_over" in kinds(events)
    assert starts == [0, 1, 2]
    result = genial.outcome(state)
    assert result is not None
    assert result.round_scores == ((7, 2, 3), (1, 7, 3), (1, 2, 7))
    assert result.scores == (9, 11, 13)
    assert result.ranking == (3, 2, 1) and result.winners == (2,)
    assert result.details["games_won"] == [1, 1, 1]


def test_r25_series_tie_is_shared_unless_most_wins_breaks_it() -> None:
    def finish(options: genial.Options, *records: genial.GameRecord) -> genial.Outcome:
        state = make(options=options).model_copy(update={"history": records, "phase": "over"})
        result = genial.outcome(state)
        assert result is not None
        return result

    shared = finish(genial.Options(games=2), _record((7, 4), (0,)), _record((4, 7), (1,)))
    assert shared.scores == (11, 11) and shared.ranking == (1, 1) and shared.winners == (0, 1)
    assert shared.tiebreak is None
    games = (_record((7, 5), (0,)), _record((7, 5), (0,)), _record((3, 7), (1,)))
    plain = finish(genial.Options(games=3), *games)
    assert plain.scores == (17, 17) and plain.ranking == (1, 1)
    flagged = finish(genial.Options(games=3, series_tiebreak_most_wins=True), *games)
    assert flagged.ranking == (1, 2) and flagged.winners == (0,)
    assert flagged.tiebreak == "most_games_won"


def _record(scores: tuple[int, ...], winners: tuple[int, ...]) -> genial.GameRecord:
    ranking = tuple(1 if s in winners else 2 for s in range(len(scores)))
    return genial.GameRecord(
        result="won" if winners else "stalled",
        scores=scores,
        ranking=ranking,
        winners=winners,
        tiebreak=None,
        collections=tuple((n,) * 6 for n in scores),
        turns=40,
    )


def test_r26_only_the_weakest_colour_scores() -> None:
    scores, ranking, _ = rank_collections(((7,) * 6, (2, 6, 6, 6, 6, 6), (2, 2, 2, 2, 2, 2)))
    assert scores == (7, 2, 2)
    assert ranking == (1, 2, 3)  # the fuller collection only breaks the tie, it scores no more


def test_r27_empty_reserve_recycles_the_centre_and_the_draw_misses() -> None:
    # 3 players, T = 7, each holding 41 tokens: only the centre {P, P} and one staged P remain.
    state = make(3, collections=((7,) * 5 + (6,),) * 3, centre=bag(P, P), staging=(P,))
    assert sum(state.reserve) == 0
    state, events = genial.apply(state, 0, DRAW)
    assert kinds(events)[:3] == ["genial.recycled", "genial.draw", "genial.miss"]
    assert result_of(events) == "no_match"
    assert state.recycles == 1 and state.turn == 1
    assert state.centre == bag(P, P, P) and sum(state.reserve) == 0


def test_r28_stall_safeguard_after_500_idle_turns() -> None:
    state = make(collections=((3, 4, 4, 4, 4, 4), (2, 5, 5, 5, 5, 5)), idle_turns=STALL_TURNS - 1)
    state, _ = draw_as(state, G)  # a miss: the 500th turn without a collection change
    assert state.phase == "over" and genial.to_act(state) == frozenset()
    result = genial.outcome(state)
    assert result is not None and result.result == "stalled"
    assert result.winners == (0,) and result.scores == (3, 2)
    busy = make(idle_turns=STALL_TURNS - 1, staging=(R,), centre=bag(R, B, Y))
    busy, _ = genial.apply(busy, 0, BANK)
    assert busy.idle_turns == 0 and busy.phase == "start"


def test_r28_banking_only_beyond_the_cap_counts_as_idle() -> None:
    collections = ((7, 2, 2, 2, 2, 2), (0,) * 6)
    state = make(collections=collections, staging=(R,), centre=bag(R, B), lines=(R,), idle_turns=4)
    state, _ = genial.apply(state, 0, BANK)
    assert state.idle_turns == 5


# R28's position: each seat holds two colours at 6, each colour has one token outside.
DEAD = ((6, 6, 7, 7, 7, 7), (7, 7, 6, 6, 7, 7), (7, 7, 7, 7, 6, 6))


def full_lines(collections: tuple[tuple[int, ...], ...]) -> tuple[tuple[bool, ...], ...]:
    """Every colour at T earned its bonus turn (R17)."""
    return tuple(tuple(n == 7 for n in col) for col in collections)


@pytest.mark.parametrize("how", ["alternative", "bank"])
def test_r29_dead_position_ends_the_game_at_once(how: str) -> None:
    # Example 13. C (seat 2) lacks blue; it ends the turn with blue at 6, leaving the issue's
    # position: 3 players, T = 7, each seat two colours at 6, each colour one token outside.
    if how == "alternative":
        before = (*DEAD[:2], (7, 7, 7, 7, 5, 6))  # two blue outside: one in the centre
        state = make(3, collections=before, centre=bag(R, G, B), turn=2)
        assert state.reserve == bag(O, Y, B, P)
        action: genial.Action = genial.Alternative(colour=B)
    else:
        before = (*DEAD[:2], (7, 7, 7, 7, 4, 6))  # three blue outside: staged, centre, reserve
        state = make(3, collections=before, centre=bag(R, G, B), staging=(B,), turn=2)
        assert state.reserve == bag(O, Y, B, P)
        action = BANK
    state = state.model_copy(update={"lines": full_lines(before)})
    assert genial.legal_actions(state, 2)[0] == action
    state, events = genial.apply(state, 2, action)
    assert state.collections == DEAD
    assert state.phase == "over" and genial.to_act(state) == frozenset()
    assert kinds(events)[-3:] == ["genial.deadlock", "genial.game_over", "genial.match_over"]
    deadlock = next(e for e in events if e.kind == "genial.deadlock")
    assert deadlock.params == {"game": 1, "outside": [1] * 6, "lacking": [[R, O], [Y, G], [B, P]]}
    result = genial.outcome(state)
    assert result is not None and result.result == "deadlock"
    assert state.history[-1].result == "deadlock"
    # R24 ranks every seat; here every ascending list is [6, 6, 7, 7, 7, 7], so all share 1st.
    scores, ranking, tiebreak = rank_collections(DEAD)
    assert (result.scores, result.ranking, result.tiebreak) == (scores, ranking, tiebreak)
    assert result.ranking == (1, 1, 1) and result.winners == (0, 1, 2) and result.scores == (6,) * 3


def test_r29_in_a_series_the_next_game_starts() -> None:
    options = genial.Options(games=2)
    before = (*DEAD[:2], (7, 7, 7, 7, 5, 6))
    state = make(3, collections=before, centre=bag(R, G, B), turn=2, options=options)
    state, events = genial.apply(state, 2, genial.Alternative(colour=B))
    assert kinds(events).index("genial.deadlock") < kinds(events).index("genial.game_started")
    assert state.game == 1 and state.phase == "start" and genial.outcome(state) is None
    assert state.history[0].result == "deadlock" and state.history[0].scores == (6, 6, 6)
    assert state.collections == ((0,) * 6,) * 3


def test_r29_a_similar_live_position_goes_on() -> None:
    # C had blue 4: the alternative move leaves blue 5 with two blue tokens outside, which C can
    # still bank (one in the centre, one drawn).
    before = (*DEAD[:2], (7, 7, 7, 7, 4, 6))
    state = make(3, collections=before, centre=bag(R, G, B), turn=2)
    state, events = genial.apply(state, 2, genial.Alternative(colour=B))
    assert state.collections[2] == (7, 7, 7, 7, 5, 6)
    assert not dead_position(state.collections, 7)
    assert "genial.deadlock" not in kinds(events)
    assert state.phase == "start" and state.turn == 0 and genial.outcome(state) is None
    # Not a dead end: with one blue in the centre C draws the other one and banks both.
    state = make(3, collections=state.collections, centre=bag(B, O, Y), turn=2)
    state, _ = draw_as(state, B)
    state, _ = genial.apply(state, 2, BANK)
    assert state.collections[2][B] == 7 and state.phase == "start"
    # One 6 as the only weakest colour: its token can still be taken by the alternative move.
    single = ((6, 6, 7, 7, 7, 7), (7, 7, 6, 7, 7, 7), (7, 7, 7, 6, 6, 6))
    assert rules.outside(single) == (1,) * 6 and not dead_position(single, 7)
    state = make(3, collections=single, centre=bag(Y, R, G), turn=1)
    state, _ = genial.apply(state, 1, genial.Alternative(colour=Y))
    result = genial.outcome(state)
    assert result is not None and result.result == "won" and result.winners == (1,)


def test_r29_with_three_players_and_t7_only_the_issue_position_is_dead() -> None:
    # (a) allows at most one token outside in a lacked colour: 7 + 7 + 6 or 7 + 7 + 7. Among all
    # 4^6 such splits, dead = every seat has exactly two colours at 6 (90 positions).
    splits = [(7, 7, 7), (6, 7, 7), (7, 6, 7), (7, 7, 6)]
    dead = []
    for choice in itertools.product(splits, repeat=COLOURS):
        collections = tuple(tuple(split[s] for split in choice) for s in range(3))
        if any(min(col) == 7 for col in collections):
            continue  # somebody has won (R14)
        if dead_position(collections, 7):
            dead.append(collections)
    assert len(dead) == 90
    assert all(sorted(col) == [6, 6, 7, 7, 7, 7] for position in dead for col in position)


@pytest.mark.parametrize(("players", "target"), [(2, 7), (4, 5), (3, 6)], ids=["2p", "4p", "3p-t6"])
def test_r29_cannot_arise_with_other_counts_or_target_six(players: int, target: int) -> None:
    # Outside tokens per colour are at least 21 - players * T; (a) needs at most 1 for a lacked
    # colour, which these player counts reach only when every seat holds T of it.
    for position in range(2000):
        rng = random.Random(position)
        collections = tuple(
            tuple(rng.choice([target, target, target - 1, target - 2]) for _ in range(COLOURS))
            for _ in range(players)
        )
        if all(min(col) < target for col in collections):
            assert not dead_position(collections, target)


# --- worked examples (section 13) ---


def test_example_1_bank_one_blue_takes_the_centre_blue() -> None:
    state, _ = draw_as(make(centre=bag(R, B, Y)), B)
    state, events = genial.apply(state, 0, BANK)
    assert state.collections[0] == bag(B, B)
    refill = next(e for e in events if e.kind == "genial.refill").params["colours"]
    assert state.centre == tuple(a + b for a, b in zip(bag(R, Y), bag(*refill), strict=True))
    assert state.turn == 1


def test_example_2_refill_then_yellow_then_green_misses() -> None:
    state, _ = draw_as(make(centre=bag(R, B, Y)), B)
    state, _ = apply_with(
        state,
        BANK,
        lambda ev: any(e.params.get("colours") == [P] for e in ev if e.kind == "genial.refill"),
    )
    assert state.turn == 1 and state.centre == bag(R, Y, P)
    state, events = draw_as(state, Y)
    assert result_of(events) == "success"
    state, events = draw_as(state, G)
    assert result_of(events) == "no_match"
    assert state.centre == bag(R, Y, P, Y, G) and state.turn == 0


def test_example_3_conflict_returns_three_tokens_to_the_centre() -> None:
    state = make(centre=bag(R, P, G, Y, Y))
    state, events = draw_as(state, R)
    assert result_of(events) == "success" and sum(state.centre) == 5
    state, events = draw_as(state, P)
    assert result_of(events) == "success"
    state, events = draw_as(state, R)
    assert result_of(events) == "conflict"
    assert state.centre == bag(R, R, R, P, P, Y, Y, G)


def test_example_4_bank_green_and_red_takes_two_green_four_red() -> None:
    state = make(centre=bag(R, R, R, P, P, Y, Y, G))
    state, _ = draw_as(state, G)
    state, _ = draw_as(state, R)
    state, _ = genial.apply(state, 0, BANK)
    assert state.collections[0] == bag(G, G, R, R, R, R)
    assert state.centre == bag(P, P, Y, Y)


@pytest.mark.parametrize(
    ("counts", "weakest", "allowed"),
    [
        ((0, 1, 1, 1, 1, 1), R, True),
        ((3, 3, 3, 2, 3, 3), G, True),
        ((1, 1, 1, 0, 0, 1), G, False),
        ((3, 3, 2, 2, 3, 3), G, False),
    ],
)
def test_example_5_alternative_eligibility(
    counts: tuple[int, ...], weakest: int, allowed: bool
) -> None:
    state = make(collections=(counts, (0,) * 6), centre=bag(R, G, B))
    assert (genial.Alternative(colour=weakest) in genial.legal_actions(state, 0)) is allowed


def test_example_6_four_player_ranking_and_series_points() -> None:
    a = (5,) * 6
    b = (5, 5, 4, 3, 4, 4)  # green 3; blue, yellow, purple 4
    c = (4, 4, 4, 4, 3, 3)  # blue and purple 3
    d = (5, 5, 2, 5, 5, 5)  # yellow 2
    scores, ranking, tiebreak = rank_collections((a, b, c, d))
    assert ranking == (1, 2, 3, 4)
    assert scores == (5, 3, 3, 2)
    assert tiebreak == "next_weakest_colour"


def test_example_7_two_colours_reach_t_two_bonus_turns_and_cap() -> None:
    collections = ((5, 2, 2, 2, 6, 2), (0,) * 6)
    state = make(collections=collections, centre=bag(R, R, B, B, B, G))
    reserve = state.reserve
    state, _ = draw_as(state, R)
    state, _ = draw_as(state, B)
    state, events = genial.apply(state, 0, BANK)
    assert next(e for e in events if e.kind == "genial.bank").params["gained"] == [3, 0, 0, 0, 4, 0]
    capped = next(e for e in events if e.kind == "genial.capped").params["returned"]
    assert capped == [1, 0, 0, 0, 3, 0]
    assert state.collections[0] == (7, 2, 2, 2, 7, 2)
    assert state.turn == 0 and state.bonus_turn and state.bonus_pending == 1
    refill = next(e for e in events if e.kind == "genial.refill").params["colours"]
    assert len(refill) == 2 and state.centre[G] >= 1
    assert sum(state.reserve) == sum(reserve) - 2 + 4 - 2


def test_example_8_no_second_bonus_for_the_same_colour() -> None:
    state = make(
        collections=((7, 3, 3, 3, 3, 3), (0,) * 6), staging=(R,), centre=bag(R, B, Y), lines=(R,)
    )
    state, events = genial.apply(state, 0, BANK)
    assert state.collections[0][R] == 7
    assert "genial.bonus" not in kinds(events) and state.turn == 1


def test_example_9_cap_does_not_block_collecting_a_full_colour() -> None:
    state = make(collections=((7, 3, 3, 3, 3, 3), (0,) * 6), centre=bag(R, R, B), lines=(R,))
    state, events = draw_as(state, R)
    assert result_of(events) == "success" and BANK in genial.legal_actions(state, 0)
    state, _ = genial.apply(state, 0, BANK)
    assert state.collections[0][R] == 7 and state.centre[R] + state.reserve[R] == 21 - 7


def test_example_10_alternative_with_three_player_target_six() -> None:
    options = genial.Options(three_player_target=6)
    state = make(
        3,
        collections=((3, 4, 4, 5, 4, 6), (0,) * 6, (0,) * 6),
        centre=bag(R, G, P),
        options=options,
    )
    assert state.target == 6
    state, _ = genial.apply(state, 0, genial.Alternative(colour=R))
    assert state.collections[0] == (4, 4, 4, 5, 4, 6) and state.turn == 1
    tied = make(3, collections=((3, 3, 4, 5, 4, 6), (0,) * 6, (0,) * 6), options=options)
    assert genial.legal_actions(tied, 0) == [DRAW]


def test_example_11_win_voids_pending_bonus_turns() -> None:
    counts = (5, 5, 5, 5, 4, 3)
    state = make(4, collections=(counts, (0,) * 6, (0,) * 6, (0,) * 6), centre=bag(B, P, P))
    assert state.target == 5
    state, _ = draw_as(state, P)
    state, _ = draw_as(state, B)
    state, events = genial.apply(state, 0, BANK)
    # Both lines are completed, but the win voids their bonus turns: none is announced.
    assert state.lines[0][B] and state.lines[0][P]
    assert "genial.bonus" not in kinds(events)
    assert state.phase == "over" and state.bonus_pending == 0
    assert state.collections[0] == (5,) * 6
    result = genial.outcome(state)
    assert result is not None and result.winners == (0,) and result.ranking == (1, 2, 2, 2)


def test_example_12_draw_chances_follow_the_public_reserve() -> None:
    # Reserve 10 R, 10 G, 10 B, 10 P; centre {R, G}; all other tokens in collections.
    collections = ((3, 6, 6, 3, 3, 3), (3, 5, 5, 3, 3, 3), (2, 5, 5, 2, 3, 3), (2, 5, 5, 2, 2, 2))
    state = make(4, collections=collections, centre=bag(R, G))
    assert state.reserve == (10, 0, 0, 10, 10, 10)
    assert _reserve_counts(genial.view(state, 0)) == state.reserve
    hits = sum(
        genial.apply(state.model_copy(update={"version": v}), 0, DRAW)[0].phase == "drawing"
        for v in range(2000)
    )
    assert 0.45 < hits / 2000 < 0.55
    staged, _ = draw_as(state, R)
    assert _reserve_counts(genial.view(staged, 0)) == (9, 0, 0, 10, 10, 10)
    hits = sum(
        genial.apply(staged.model_copy(update={"version": v}), 0, DRAW)[0].phase == "drawing"
        for v in range(2000)
    )
    assert 10 / 39 - 0.04 < hits / 2000 < 10 / 39 + 0.04


# --- options, refusals, actions ---


def test_option_three_player_target_applies_only_to_three_players() -> None:
    six = genial.Options(three_player_target=6)
    assert [genial.setup(six, n, 1).model_copy().target for n in (2, 3, 4)] == [7, 6, 5]
    assert [genial.setup(genial.Options(), n, 1).target for n in (2, 3, 4)] == [7, 7, 5]
    assert genial.view(genial.setup(six, 3, 1), None).target == 6


@pytest.mark.parametrize(
    ("field", "value"),
    [("three_player_target", 5), ("games", 0), ("games", 13), ("start_seat", 4), ("colour", 1)],
)
def test_invalid_options_name_the_field(field: str, value: int) -> None:
    with pytest.raises(ValidationError, match=field):
        genial.Options(**{field: value})


def test_player_count_outside_two_to_four_is_refused() -> None:
    for seats in (1, 5):
        with pytest.raises(ValueError, match="2-4 players"):
            genial.setup(genial.Options(), seats, 1)


def test_refusals_have_codes_and_leave_the_state_alone() -> None:
    state = make()
    before = state.model_dump_json()
    for seat, action, code in [
        (1, DRAW, "not_your_turn"),
        (5, DRAW, "bad_seat"),
        (0, BANK, "bank_without_success"),
        (0, genial.Alternative(colour=R), "alternative_not_allowed"),
    ]:
        with pytest.raises(IllegalAction) as err:
            genial.apply(state, seat, action)
        assert err.value.code == code
    over = state.model_copy(update={"phase": "over"})
    with pytest.raises(IllegalAction) as err:
        genial.apply(over, 0, DRAW)
    assert err.value.code == "game_over" and genial.legal_actions(over, 0) == []
    assert state.model_dump_json() == before


def test_actions_are_short_codes() -> None:
    for action, text in [
        (DRAW, "draw"),
        (BANK, "bank"),
        (genial.Alternative(colour=P), "alternative.5"),
    ]:
        assert encode_action(action) == text
        assert decode_action(genial.SPEC.Action, text) == action
    with pytest.raises(IllegalAction):
        decode_action(genial.SPEC.Action, "alternative.6")
