"""Genial scoring: ranking within a game (R23-R24) and victory points over a series (R25)."""

from __future__ import annotations

from engines.core import places
from engines.genial.models import Counts, State


def rank_collections(collections: tuple[Counts, ...]) -> tuple[Counts, Counts, str | None]:
    """R23-R25: victory points, places and the tie-break code of one finished game.

    A completed collection has T in every colour, so the ascending-list comparison of R24 puts
    its owner first without a special case.
    """
    lists = [tuple(sorted(c)) for c in collections]
    ranking = places(lists)
    scores = tuple(lst[0] for lst in lists)
    return scores, ranking, "next_weakest_colour" if separated(scores, ranking) else None


def separated(scores: Counts, ranking: Counts) -> bool:
    """Whether a tie-break put two seats with equal scores on different places."""
    seats = range(len(scores))
    return any(scores[a] == scores[b] and ranking[a] != ranking[b] for a in seats for b in seats)


def series_totals(state: State) -> Counts:
    """Victory points per seat summed over the finished games (R25)."""
    return tuple(sum(r.scores[s] for r in state.history) for s in range(state.players))
