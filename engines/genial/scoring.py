"""Genial scoring: ranking within a game (R23-R24) and over a series (R25)."""

from __future__ import annotations

from engines.core import Outcome, places
from engines.genial.models import Counts, State


def rank_collections(collections: tuple[Counts, ...]) -> tuple[Counts, Counts, str | None]:
    """R23-R25: victory points, places and the tie-break code of one finished game.

    A completed collection has T in every colour, so the ascending-list comparison of R24 puts
    its owner first without a special case.
    """
    lists = [tuple(sorted(c)) for c in collections]
    ranking = places(lists)
    scores = tuple(lst[0] for lst in lists)
    return scores, ranking, "next_weakest_colour" if _separated(scores, ranking) else None


def _separated(scores: Counts, ranking: Counts) -> bool:
    """Whether a tie-break put two seats with equal scores on different places."""
    seats = range(len(scores))
    return any(scores[a] == scores[b] and ranking[a] != ranking[b] for a in seats for b in seats)


def series_totals(state: State) -> Counts:
    """Victory points per seat summed over the finished games (R25)."""
    return tuple(sum(r.scores[s] for r in state.history) for s in range(state.players))


def outcome(state: State) -> Outcome | None:
    """R23-R25: one game ranks by R24; a series ranks by victory-point totals."""
    if state.phase != "over":
        return None
    history = state.history
    details = {
        "collections": [list(c) for c in history[-1].collections],
        "games": [record.model_dump(mode="json") for record in history],
        "target": state.target,
    }
    result = "stalled" if any(r.result == "stalled" for r in history) else "won"
    if len(history) == 1:
        only = history[0]
        return Outcome(
            scores=only.scores,
            ranking=only.ranking,
            winners=only.winners,
            result=result,
            tiebreak=only.tiebreak,
            details=details,
        )
    totals = series_totals(state)
    wins = tuple(sum(s in r.winners for r in history) for s in range(state.players))
    details["games_won"] = list(wins)
    if state.options.series_tiebreak_most_wins:
        ranking = places(list(zip(totals, wins, strict=True)))
    else:
        ranking = places(totals)
    return Outcome(
        scores=totals,
        round_scores=tuple(r.scores for r in history),
        ranking=ranking,
        winners=tuple(s for s, place in enumerate(ranking) if place == 1),
        result=result,
        tiebreak="most_games_won" if _separated(totals, ranking) else None,
        details=details,
    )
