"""Mind Up! AI: one-ply expected gain of each playable card against uniformly guessed opponents.

For every card it could play, the AI estimates the distribution of its rank among the played
cards (each opponent plays a card from its hand, known cards from the public record, unknown
ones from the unseen pool) and so the chance to receive each central card; a central card is
worth its column points, its icon, the change in goal points and a small term for how opening a
new colour shifts the next free column.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engines.mindup.models import COLUMNS, DECK_SIZE, MODIFIER, Columns, Play, View
from engines.mindup.scoring import Collection, goal_points, place, target_column

if TYPE_CHECKING:
    # Only the type: randomness comes from the seeded generator (engines.core.rng_for).
    from random import Random

# Weight of the "next free column" shift when a new colour is opened (tuned by self-play).
_SHIFT_WEIGHT = 0.4


def _cards(columns: Columns) -> list[int]:
    return [card for cards in columns for card in cards]


def _gain(view: View, columns: Columns, card: int, others: Sequence[Columns], left: int) -> float:
    """Projected score change from adding `card` with `left` more cards still to come."""
    index = target_column(columns, card)
    gain: float = view.order[index] + MODIFIER[card]
    if not columns[index] and index + 1 < COLUMNS:
        absent = sum(1 for cards in columns if not cards) - 1
        shift = view.order[index + 1] - view.order[index]
        gain += _SHIFT_WEIGHT * shift * left * absent / COLUMNS
    if view.goals:
        after, _index = place(columns, card)
        gain += goal_points(Collection(after, view.order, others), view.goals) - goal_points(
            Collection(columns, view.order, others), view.goals
        )
    return gain


def _opponent_hands(view: View, me: int) -> list[tuple[list[int], int, list[int]]]:
    """Per opponent: its known hand cards, its number of unknown cards, and the unseen pool."""
    seen = set(view.hand) | set(view.central)
    for columns in view.collections:
        seen.update(_cards(columns))
    known: list[list[int]] = []
    for seat in range(view.players):
        if seat == me or not view.round_start_collections:
            known.append([])
            continue
        played = set(view.played_this_round[seat])
        known.append([c for c in _cards(view.round_start_collections[seat]) if c not in played])
    for cards in known:
        seen.update(cards)
    pool = [c for c in range(1, DECK_SIZE + 1) if c not in seen]
    return [
        (known[s], view.hand_counts[s] - len(known[s]), pool)
        for s in range(view.players)
        if s != me
    ]


def _rank_distribution(card: int, opponents: list[tuple[list[int], int, list[int]]]) -> list[float]:
    """P(exactly k opponents play lower than `card`), k = 0..opponents."""
    dist = [1.0]
    for known, unknown, pool in opponents:
        size = len(known) + unknown
        below_pool = sum(1 for c in pool if c < card) / len(pool) if pool else 0.0
        p = (sum(1 for c in known if c < card) + unknown * below_pool) / size if size else 0.0
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


def ai_action(view: View, legal: list[Play], rng: Random) -> Play:
    """Play the card with the best expected gain; ties broken at random."""
    me = view.seat
    if me is None or len(legal) == 1:
        return legal[0]
    columns = view.collections[me]
    others = [c for s, c in enumerate(view.collections) if s != me]
    left = len(view.hand) - 1
    opponents = _opponent_hands(view, me)
    claim = [_gain(view, columns, c, others, left) for c in view.central]
    best: list[Play] = []
    best_value = float("-inf")
    for action in legal:
        dist = _rank_distribution(action.card, opponents)
        if len(view.hand) == 2:
            # The card kept now is placed straight into the collection at the round's end (R20).
            kept = next(c for c in view.hand if c != action.card)
            values = [
                claim[k] + _gain(view, place(columns, central)[0], kept, others, 0)
                for k, central in enumerate(view.central)
            ]
        else:
            values = claim
        value = sum(p * v for p, v in zip(dist, values, strict=True))
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value > best_value - 1e-9:
            best.append(action)
    return rng.choice(best)
