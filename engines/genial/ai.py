"""Genial AI: optimal stopping over the draw sequence, from the public reserve composition.

The reserve's contents are public knowledge (21 of each colour minus every face-up token), so the
chance of each colour on the next draw is exact. A sequence can stage each centre colour at most
once, so the AI solves "bank now or draw again" exactly over the at most 64 staged sets, valuing a
bank by how much it advances the collection (weak colours weigh more, as they decide both the win
and the R24 ranking), plus the worth of bonus turns and of a completed collection.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.genial.models import COLOURS, PER_COLOUR, Action, Alternative, Bank, Counts, View

if TYPE_CHECKING:
    # Only the type: randomness comes from the seeded generator (engines.core.rng_for).
    from random import Random

WEAK_WEIGHT = 1.0
"""Extra worth of a token in an empty colour over one that completes a colour."""
BONUS_TURN = 6.0
"""Worth of a bonus turn (tuned in self-play: above one turn's average progress)."""
WIN = 1000.0


def _reserve_counts(view: View) -> Counts:
    """The reserve multiset: every token not face up somewhere (C1)."""
    return tuple(
        PER_COLOUR
        - view.centre[c]
        - view.staging.count(c)
        - sum(collection[c] for collection in view.collections)
        for c in range(COLOURS)
    )


class _Planner:
    """Values of banking and of drawing on, for one position of the active seat."""

    def __init__(self, view: View, seat: int) -> None:
        self.target = view.target
        self.collection = view.collections[seat]
        self.lines = view.lines[seat]
        self.centre = view.centre
        self.reserve = _reserve_counts(view)
        self.staged = sum(1 << c for c in view.staging)
        self.weights = tuple(
            1.0 + WEAK_WEIGHT * (self.target - k) / self.target for k in range(self.target)
        )
        # A dict, not functools.cache on a bound method: that would be a reference cycle, and
        # a planner per AI move would wait for the garbage collector.
        self._best_of: dict[int, float] = {}

    def gain_value(self, gained: Counts) -> float:
        """Worth of adding `gained` to the collection (capped at T, R15)."""
        total, complete = 0.0, True
        for c in range(COLOURS):
            have = self.collection[c]
            after = have + gained[c]
            total += sum(self.weights[have : min(after, self.target)])
            if after >= self.target and not self.lines[c]:
                total += BONUS_TURN
            complete = complete and after >= self.target
        return WIN if complete else total

    def bank_value(self, mask: int) -> float:
        """Worth of banking the staged colours `mask` (R13)."""
        gained = tuple(1 + self.centre[c] if mask >> c & 1 else 0 for c in range(COLOURS))
        return self.gain_value(gained)

    def draw_value(self, mask: int) -> float:
        """Expected worth of one more draw with `mask` staged, playing on optimally."""
        fresh = mask & ~self.staged
        reserve = [self.reserve[c] - (fresh >> c & 1) for c in range(COLOURS)]
        total = sum(reserve)
        if not total:
            return 0.0  # R27: the centre becomes the reserve, so the draw is a certain miss
        value = 0.0
        for c in range(COLOURS):
            if self.centre[c] and not mask >> c & 1 and reserve[c]:
                value += reserve[c] * self.best(mask | 1 << c)
        return value / total  # a miss gains nothing

    def best(self, mask: int) -> float:
        """Worth of the better of banking and drawing on with `mask` staged (remembered)."""
        value = self._best_of.get(mask)
        if value is None:
            value = self._best_of[mask] = max(self.bank_value(mask), self.draw_value(mask))
        return value


def ai_action(view: View, legal: list[Action], rng: Random) -> Action:
    """Bank, draw on, or take the alternative move, whichever is worth most."""
    if len(legal) == 1 or view.seat is None:
        return legal[0]
    planner = _Planner(view, view.seat)
    mask = planner.staged
    scored: list[tuple[float, float, Action]] = []
    for action in legal:
        if isinstance(action, Bank):
            worth = planner.bank_value(mask)
        elif isinstance(action, Alternative):
            worth = planner.gain_value(tuple(int(c == action.colour) for c in range(COLOURS)))
        else:
            worth = planner.draw_value(mask)
        scored.append((worth, rng.random(), action))
    return max(scored, key=lambda item: item[:2])[2]
