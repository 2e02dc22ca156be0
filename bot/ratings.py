"""Ratings: OpenSkill's Plackett-Luce model, per game and per server.

Every competitive game rates the members who played it, by the places the engine gave them:
shared places are ties, and Zero's ranking already puts the lowest total first. AI seats are not
rated (a member's seat that the AI finished still is: leaving does not dodge a loss), abandoned
games have no result, and The Game is cooperative: its team results are kept instead.

A member is shown one number, `shown_rating`: the conservative estimate mu - 3 sigma (what they
are at least, with 99.7 % confidence), scaled so that everyone starts at 1000.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from openskill.models import PlackettLuce

from bot.storage import SeatRecord, SeatResult, Skill
from engines.core import Outcome

MODEL = PlackettLuce()
"""OpenSkill's defaults: a newcomer has mu 25 and sigma 25/3, so mu - 3 sigma = 0."""
SHOWN_START = 1000
SHOWN_SCALE = 40
"""Shown rating = 1000 + 40 x (mu - 3 sigma): 1000 at first, about 1600-2000 for players who
play often, in the range chess ratings made familiar."""


def shown_rating(ordinal: float) -> int:
    """The number a member reads for a conservative estimate mu - 3 sigma (halves round up, so
    that `shown_above` is its exact edge)."""
    return math.floor(SHOWN_START + SHOWN_SCALE * ordinal + 0.5)


def shown_above(rating: int) -> float:
    """The least mu - 3 sigma shown as more than `rating`: members read their places from the
    shown ratings, so those shown alike share a place."""
    return (rating + 0.5 - SHOWN_START) / SHOWN_SCALE


def rate(prior: Mapping[int, Skill], seats: Sequence[SeatResult]) -> list[Skill]:
    """The new ratings of a game's rated seats, from their ratings before it.

    A game needs two rated members to say anything about them; with fewer it rates nobody.
    """
    rated = [seat for seat in seats if seat.rated and seat.user_id is not None]
    if len(rated) < 2:
        return []
    before = [prior.get(seat.user_id) for seat in rated if seat.user_id is not None]
    teams = [
        [MODEL.rating() if skill is None else MODEL.rating(mu=skill.mu, sigma=skill.sigma)]
        for skill in before
    ]
    after = MODEL.rate(teams, ranks=[seat.place for seat in rated])
    skills = []
    for seat, old, (new,) in zip(rated, before, after, strict=True):
        assert seat.user_id is not None
        skills.append(
            Skill(
                user_id=seat.user_id,
                name=seat.name,
                mu=new.mu,
                sigma=new.sigma,
                ordinal=new.ordinal(),
                games=(old.games if old else 0) + 1,
                wins=(old.wins if old else 0) + int(seat.won),
            )
        )
    return skills


def seat_results(
    seats: Sequence[SeatRecord], outcome: Outcome, *, rated: bool
) -> tuple[SeatResult, ...]:
    """Each seat's result; `rated`: the game counts for ratings (competitive, ratings on).

    Members' seats are rated, the AI's own are not, nor a kicked member's (the host took it).
    """
    return tuple(
        SeatResult(
            seat=index,
            user_id=seat.user_id,
            name=seat.name,
            score=outcome.scores[index],
            place=outcome.ranking[index],
            won=index in outcome.winners,
            rated=rated and seat.user_id is not None and not seat.kicked,
        )
        for index, seat in enumerate(seats)
    )
