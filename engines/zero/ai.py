"""Zero AI: the exchange minimising hand score plus a discounted one-exchange lookahead.

A hand is valued at its score (R13) lowered by GAMMA times the gain of the best exchange the
market would offer it next turn; on the last turn (or when a pass would end the round) only the
score counts. Cards are handled as 56-bit masks so that thousands of hands score in a millisecond.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from engines.zero.models import COLOURS, GROUP, VALUES, Action, Declare, Give, Pass, Take, View

if TYPE_CHECKING:
    # Only the type: randomness comes from the seeded generator (engines.core.rng_for).
    from random import Random

GAMMA = 0.5
"""Weight of next turn's best exchange: the market card may be gone or the round may end."""

SHORTLIST = 20
"""Candidates (best immediate scores first) that get the lookahead: bounds the decision time."""

_COLOUR_ROWS = tuple(((1 << VALUES) - 1) << (VALUES * c) for c in range(COLOURS))
_VALUE_COLUMNS = tuple(sum(1 << (VALUES * c + v) for c in range(COLOURS)) for v in range(VALUES))
_DISTINCT_SUM = tuple(sum(v + 1 for v in range(VALUES) if bits >> v & 1) for bits in range(256))


def _mask(cards: tuple[int, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _singles(mask: int) -> list[int]:
    """The one-card masks making up `mask`."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


@lru_cache(maxsize=1 << 15)
def _score(mask: int) -> int:
    """hand_score on a mask (same rule, R13), cached: lookahead hands recur across candidates."""
    dead = 0
    for row in _COLOUR_ROWS:
        if (mask & row).bit_count() >= GROUP:
            dead |= row
    for column in _VALUE_COLUMNS:
        if (mask & column).bit_count() >= GROUP:
            dead |= column
    live = mask & ~dead
    folded = 0
    while live:
        folded |= live & 0xFF
        live >>= VALUES
    return _DISTINCT_SUM[folded]


def _value(hand: int, market: int, final: bool) -> float:
    """Score, minus GAMMA times what the best exchange with `market` would save next turn."""
    now = _score(hand)
    if final or now == 0:
        return now
    takes = _singles(market)
    best = min(_score(hand ^ g | t) for g in _singles(hand) for t in takes)
    return now - GAMMA * max(0, now - best)


def _best_exchange(
    hand: int, market: int, gives: list[int], final: bool, rng: Random
) -> tuple[float, int, int]:
    """The (value, give, take) single-card masks minimising the value after the swap."""
    # Candidates by immediate score: the lookahead lowers a value by at most GAMMA * score,
    # so once (1 - GAMMA) * score cannot beat the best value, no later candidate can either.
    candidates = sorted(
        (_score(hand ^ g | t), rng.random(), g, t) for g in gives for t in _singles(market)
    )
    best = (float("inf"), 0, 0)
    for now, _tie, g, t in candidates[:SHORTLIST]:
        if (1 - GAMMA) * now >= best[0]:
            break
        value = _value(hand ^ g | t, market ^ t | g, final)
        if value < best[0]:
            best = (value, g, t)
    return best


def ai_action(view: View, legal: list[Action], rng: Random) -> Action:
    """Declare any Zero; else the best-valued exchange, or pass when nothing beats standing."""
    for action in legal:
        if isinstance(action, Declare):
            return action
    hand = _mask(view.hand)
    market = _mask(view.market)
    # The trigger seat never acts again, so a set trigger means this is our last turn (R8).
    final = view.trigger is not None
    if view.laid is not None:
        laid = 1 << view.laid
        take = _best_exchange(hand | laid, market, [laid], final, rng)[2]
        card = take.bit_length() - 1
        return max((a for a in legal if isinstance(a, Take) and a.card == card), key=_declares)
    value, give, _take = _best_exchange(hand, market, _singles(hand), final, rng)
    # A pass that triggers the end (or comes on our last turn) freezes the hand as it is.
    stay = _score(hand) if final or view.passes == 1 else _value(hand, market, final)
    return Give(card=give.bit_length() - 1) if value < stay else Pass()


def _declares(action: Take) -> bool:
    return action.declare
