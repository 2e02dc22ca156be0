"""Hourglass AI: one-ply search scored by who is likely to own each set when the round ends.

For every legal move the resulting table is valued by a small Markov model over the owner of each
set: on each remaining turn of the round a seat takes the set with the chance that it holds a
legal card: known for the AI's own hand, estimated for opponents from the unseen cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engines.hourglass.models import (
    COLOUR,
    DECK_SIZE,
    HOURGLASSES,
    JOKER,
    KEPT,
    Action,
    CardSet,
    FeedSet,
    OpenSet,
    TakeSet,
    View,
)
from engines.hourglass.rules import BEATERS

if TYPE_CHECKING:
    # Only the type: randomness comes from the seeded generator (engines.core.rng_for).
    from random import Random

_AGGRESSION: Final = 0.5
"""How often an opponent holding a legal card is assumed to take the set."""
_SELF_TAKE: Final = 0.9
_KEEP_HOURGLASS: Final = 0.25
"""Option value of an unplayed card per hourglass it could still bank later."""
_KEEP_JOKER: Final = 0.4


def _turns(view: View, me: int) -> list[tuple[int, int]]:
    """Remaining (seat, hand size) turns of the round after the AI's move, in play order."""
    left = [count - KEPT for count in view.hand_counts]
    left[me] -= 1
    size = list(view.hand_counts)
    size[me] -= 1
    order: list[tuple[int, int]] = []
    seat = me
    while any(c > 0 for c in left):
        seat = (seat + 1) % view.players
        if left[seat] > 0:
            order.append((seat, size[seat]))
            left[seat] -= 1
            size[seat] -= 1
    return order


class _Model:
    """The AI's beliefs for one decision: unseen cards and the turns left in the round."""

    def __init__(self, view: View, me: int) -> None:
        known = set(view.hand) | set(view.collected)
        for s in view.holders:
            if s is not None:
                known.update(s.cards)
        self.unseen = frozenset(range(DECK_SIZE)) - known
        self.me = me
        self.players = view.players
        self.turns = _turns(view, me)
        self.weight = 1.0 / (view.players - 1)

    def value(self, owner: int, beaters: frozenset[int], pot: int, mine: bool) -> float:
        """Expected hourglasses of one set for the AI minus a share of the opponents'."""
        # Chance that one unseen card fits; an opponent holding k cards misses with miss**k.
        miss = 1.0 - len(beaters & self.unseen) / len(self.unseen) if self.unseen else 1.0
        own = [0.0] * self.players
        own[owner] = 1.0
        for seat, size in self.turns:
            if seat == self.me:
                t = _SELF_TAKE if mine else 0.0
            else:
                t = _AGGRESSION * (1.0 - miss**size)
            if t:
                stay = own[seat]
                own = [p * (1.0 - t) for p in own]
                own[seat] = stay + t * (1.0 - stay)
        return pot * (own[self.me] - self.weight * (1.0 - own[self.me]))


def _keep_value(card: int) -> float:
    return _KEEP_HOURGLASS * HOURGLASSES[card] + (_KEEP_JOKER if COLOUR[card] == JOKER else 0.0)


def _pot(s: CardSet) -> int:
    return sum(HOURGLASSES[c] for c in s.cards)


def ai_action(view: View, legal: list[Action], rng: Random) -> Action:
    """Pick the move with the best expected end-of-round hourglass balance."""
    me = view.seat
    assert me is not None and legal
    model = _Model(view, me)
    sets = {h: s for h, s in enumerate(view.holders) if s is not None}
    cache: dict[tuple[int, bool], float] = {}

    def set_value(owner: int, ascending: bool, top: int, pot: int, hand: tuple[int, ...]) -> float:
        beaters = BEATERS[ascending][top]
        return model.value(owner, beaters, pot, any(c in beaters for c in hand))

    def unchanged(skip: int | None, hand: tuple[int, ...]) -> float:
        total = 0.0
        for h, s in sets.items():
            if h == skip:
                continue
            # The played card only matters here through the AI's own chance to retake.
            beaters = BEATERS[s.ascending][s.top]
            key = (h, any(c in beaters for c in hand))
            if key not in cache:
                cache[key] = model.value(s.owner, beaters, _pot(s), key[1])
            total += cache[key]
        return total

    best: list[Action] = []
    best_score = float("-inf")
    for action in legal:
        card = action.card
        hand = tuple(c for c in view.hand if c != card)
        changed = 0.0
        skip: int | None = None
        if isinstance(action, OpenSet):
            changed = set_value(me, action.ascending, card, HOURGLASSES[card], hand)
        elif isinstance(action, TakeSet):
            skip, s = action.holder, sets[action.holder]
            changed = set_value(me, s.ascending, card, _pot(s) + HOURGLASSES[card], hand)
        elif isinstance(action, FeedSet):
            skip, s = action.holder, sets[action.holder]
            changed = set_value(s.owner, s.ascending, s.top, _pot(s) + HOURGLASSES[card], hand)
        score = changed + unchanged(skip, hand) - _keep_value(card)
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif score > best_score - 1e-9:
            best.append(action)
    return rng.choice(best)
