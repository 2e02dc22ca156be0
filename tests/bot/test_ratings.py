"""Ratings: OpenSkill's Plackett-Luce over the places a game gave, human seats only."""

from __future__ import annotations

import engines
from bot.ratings import MODEL, rate, seat_results, shown_above, shown_rating
from bot.storage import SeatRecord, SeatResult, Skill
from engines.core import Outcome

ALICE, BOB, CAROL = 11, 12, 13


def seat(index: int, user_id: int | None, place: int, rated: bool = True) -> SeatResult:
    return SeatResult(
        seat=index,
        user_id=user_id,
        name=f"m{user_id}",
        score=10 * place,
        place=place,
        won=place == 1,
        rated=rated and user_id is not None,
    )


def by_member(skills: list[Skill]) -> dict[int, Skill]:
    return {skill.user_id: skill for skill in skills}


def test_a_newcomer_starts_at_1000_and_a_win_over_a_newcomer_raises_it():
    fresh = MODEL.rating()
    assert shown_rating(fresh.ordinal()) == 1000
    after = by_member(rate({}, [seat(0, ALICE, 1), seat(1, BOB, 2)]))
    assert after[ALICE].mu > fresh.mu > after[BOB].mu
    assert shown_rating(after[ALICE].ordinal) > 1000
    assert (after[ALICE].games, after[ALICE].wins, after[BOB].wins) == (1, 1, 0)


def test_shared_places_are_ties_and_move_tied_ratings_alike():
    after = by_member(rate({}, [seat(0, ALICE, 1), seat(1, BOB, 1), seat(2, CAROL, 3)]))
    assert after[ALICE].mu == after[BOB].mu and after[ALICE].sigma == after[BOB].sigma
    assert after[ALICE].mu > after[CAROL].mu
    both = rate({}, [seat(0, ALICE, 1), seat(1, BOB, 1)])
    assert both[0].mu == both[1].mu == MODEL.rating().mu  # a draw between equals moves no mu


def test_ai_seats_are_not_rated_and_the_members_keep_their_order():
    with_ai = by_member(rate({}, [seat(0, ALICE, 1), seat(1, None, 2), seat(2, BOB, 3)]))
    without = by_member(rate({}, [seat(0, ALICE, 1), seat(1, BOB, 2)]))
    assert with_ai.keys() == {ALICE, BOB}
    assert with_ai == without  # the AI between them changes nothing


def test_a_game_with_fewer_than_two_rated_members_rates_nobody():
    assert rate({}, [seat(0, ALICE, 1), seat(1, None, 2)]) == []
    assert rate({}, [seat(0, ALICE, 1), seat(1, BOB, 2, rated=False)]) == []


def test_ratings_grow_from_the_ones_before():
    first = by_member(rate({}, [seat(0, ALICE, 1), seat(1, BOB, 2)]))
    second = by_member(rate(first, [seat(0, ALICE, 1), seat(1, BOB, 2)]))
    assert second[ALICE].games == 2 and second[ALICE].wins == 2
    assert second[ALICE].mu > first[ALICE].mu and second[ALICE].sigma < first[ALICE].sigma


def test_zero_ranks_the_lowest_total_first_and_the_members_seats_follow_it():
    zero = engines.game("zero")
    state = zero.setup(zero.SPEC.Options(), 2, 1)
    while (outcome := zero.outcome(state)) is None:
        turn = min(zero.to_act(state))
        passing = [a for a in zero.legal_actions(state, turn) if a.kind == "pass"]
        state, _ = zero.apply(state, turn, passing[0])
    seats = [
        SeatRecord(user_id=ALICE, name="a", ai=False),
        SeatRecord(user_id=BOB, name="b", ai=False),
    ]
    results = seat_results(seats, outcome, rated=True)
    lower = min(range(2), key=lambda s: outcome.scores[s])
    assert results[lower].place == 1 and results[lower].won
    after = by_member(rate({}, results))
    winner = seats[lower].user_id
    assert winner is not None and after[winner].mu > 25


def test_kicked_members_and_cooperative_games_are_not_rated():
    outcome = Outcome(scores=(3, 3), ranking=(1, 1), winners=(), cooperative=True)
    seats = [
        SeatRecord(user_id=ALICE, name="a", ai=False),
        SeatRecord(user_id=BOB, name="b", ai=True, kicked=True),
    ]
    assert [r.rated for r in seat_results(seats, outcome, rated=True)] == [True, False]
    assert not any(r.rated for r in seat_results(seats, outcome, rated=False))


def test_members_shown_the_same_rating_are_told_apart_by_nothing_else():
    """The leaderboard's places come from the shown ratings: `shown_above` is exactly where the
    next one starts."""
    for rating in (875, 999, 1000, 1161, 1600):
        edge = shown_above(rating)
        assert shown_rating(edge + 1e-9) == rating + 1
        assert shown_rating(edge - 1e-9) == rating
