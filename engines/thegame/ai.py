"""The Game AI: plan the rest of the turn by a memoised search over the cards in hand.

A move's cost counts the cards still in play (held or unseen, i.e. not on any pile: card memory)
that it makes unreachable on that pile, each weighted by how many other piles still take it; a
backwards trick has a negative cost (it frees cards again). The planner searches every order of
the cheapest candidate cards that reaches the turn's minimum, then keeps playing greedily while a
card (or a card and its trick partner) costs less than a per-card "reach" bonus, and returns the
first move of that plan. Playing a card alone while holding its trick partner costs extra (it
wastes the pair). Fire cards add a penalty while they burn; standing pile signals from
other seats make a pile dearer. In solo, once the deck is empty, an exact search clears the hand.
Card sets are bitmasks over card values, so counting a gap is a few popcounts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from engines.thegame.models import (
    FIRE_CARDS,
    HIGHEST,
    LOWEST,
    TRICK,
    UP_PILES,
    Action,
    Play,
    Stop,
    View,
)
from engines.thegame.rules import fits

if TYPE_CHECKING:
    # Only the type: randomness comes from the seeded generator (engines.core.rng_for).
    from random import Random

Move = tuple[int, int]
"""(card, pile)"""
Tops = tuple[int, ...]

_NEAREST: Final = 2
"""Ordinary placements considered per pile and node: the closest cards to the top."""
_SETUPS: Final = 2
"""Further placements per pile considered because a trick partner could follow them."""
_MUST: Final = 1000.0
"""Value of a plan that misses the minimum or lets a fire deadline pass."""
_SOLVER_BUDGET: Final = 3000
"""Positions the solo endgame solver may visit before falling back to the planner."""
_ALL: Final = sum(1 << v for v in range(LOWEST, HIGHEST + 1))
_SPAN: Final = HIGHEST + TRICK + 2
_OPEN: Final = [
    [(1 << high) - (1 << (low + 1)) if high > low else 0 for high in range(_SPAN)]
    for low in range(_SPAN)
]
"""_OPEN[low][high]: the card values strictly between low and high."""
_TAKES: Final = (
    [((1 << t) - 1) & _ALL for t in range(_SPAN)],
    [_ALL & ~((1 << (t + 1)) - 1) for t in range(_SPAN)],
)
"""_TAKES[ascending][top]: the card values a pile with that top takes without a trick."""


@dataclass(frozen=True)
class Params:
    """Weights of the planner, tuned by self-play over seeded games (units: skipped cards)."""

    homes: tuple[float, float, float, float]
    """Cost of one skipped card by how many other piles still take it (0, 1, 2, 3)."""
    reach: float
    """Optional plays are made while a card costs less than this (deck not empty)."""
    reach_endgame: float
    """The same once the deck is empty (larger values starve the other hands)."""
    jump_tiebreak: float = 0.01
    """Per step of the raw jump: prefers the smaller jump among equal costs."""
    group_waste: float = 1.0
    """Extra cost of playing a card alone while holding its trick partner (wastes the pair)."""
    fire_risk: float = 4.0
    """Cost of leaving a fire card burning for the next turn."""
    dont_play: float = 3.0
    """Extra cost of a card placed on a pile another seat asked not to play on."""
    big_jump: float = 2.0
    """Cost factor of skipped cards on a pile another seat warned about big jumps."""
    card_memory: bool = True
    """Whether the AI remembers every card played (the view shows them). Without it, only the
    piles' tops are known, as for the published strategies it is compared with."""


_CAREFUL = Params(homes=(1.0, 0.3, 0.2, 0.1), reach=0.3, reach_endgame=0.5)
_CROWDED = Params(homes=(1.0, 0.5, 0.3, 0.2), reach=0.5, reach_endgame=0.5)
PARAMS: Final = {1: _CAREFUL, 2: _CAREFUL, 3: _CAREFUL, 4: _CROWDED, 5: _CROWDED}
"""Per player count: with more players, each hand is smaller and extra plays pay off more."""


def _bits(cards: tuple[int, ...] | set[int]) -> int:
    return sum(1 << c for c in cards)


def _signalled(view: View, signal: str) -> set[int]:
    """Piles carrying this hint from another seat (the AI never sends hints itself)."""
    return {
        p
        for p, s in enumerate(view.signals)
        if s is not None and s.seat != view.seat and s.signal == signal
    }


def _place(tops: Tops, pile: int, card: int) -> Tops:
    return (*tops[:pile], card, *tops[pile + 1 :])


class _Planner:
    """Search state for one decision: what is known, and a memo of evaluated positions."""

    def __init__(self, view: View, params: Params) -> None:
        self.hand = view.hand
        played = (c for pile in view.piles for c in (pile if params.card_memory else pile[-1:]))
        placed = _bits(set(played))
        self.unseen = _ALL & ~placed & ~_bits(view.hand)
        self.params = params
        self.floor, self.ceiling = min(params.homes), max(params.homes)
        self.reach = params.reach if view.deck_count else params.reach_endgame
        self.solo = view.players == 1
        self.fire = FIRE_CARDS if view.options.on_fire else frozenset()
        self.start = view.tops
        self.due_now = {b.pile for b in view.burning if b.deadline_turn == view.turn}
        self.dont_play = _signalled(view, "dont_play")
        self.big_jump = _signalled(view, "big_jump")
        self.twins = {
            p
            for p in (1, 3)
            if (p in self.dont_play) == (p - 1 in self.dont_play)
            and (p in self.big_jump) == (p - 1 in self.big_jump)
        }
        self.memo: dict[tuple[Tops, int, int], tuple[float, Move | None]] = {}

    def cost(self, pile: int, top: int, card: int, held: int, tops: Tops) -> float:
        """Weighted cards in play made unreachable (negative: freed by a trick) by the move."""
        low, high = (top, card) if card > top else (card, top)
        gap = (self.unseen | held) & _OPEN[low][high]
        a, b, c = (_TAKES[p in UP_PILES][t] for p, t in enumerate(tops) if p != pile)
        w0, w1, w2, w3 = self.params.homes
        value = (
            w0 * gap.bit_count()
            + (w1 - w0) * (gap & (a | b | c)).bit_count()
            + (w2 - w1) * (gap & (a & b | c & (a | b))).bit_count()
            + (w3 - w2) * (gap & a & b & c).bit_count()
        )
        if (card > top) != (pile in UP_PILES):
            return -value
        if pile in self.big_jump:
            value *= self.params.big_jump
        extra = self.params.dont_play if pile in self.dont_play else 0.0
        partner = card + TRICK if pile in UP_PILES else card - TRICK
        if 0 < partner < _SPAN and held >> partner & 1:
            extra += self.params.group_waste
        return value + extra + self.params.jump_tiebreak * (high - low)

    def _hopeless(
        self, pile: int, top: int, card: int, partner: int, held: int, best: float
    ) -> bool:
        """Cheap bound: an ordinary move (and its trick partner) that cannot beat `best`."""
        if top in self.fire or (card > top) != (pile in UP_PILES):
            return False
        live = self.unseen | held
        low, high = (top, card) if card > top else (card, top)
        floor = self.floor * (live & _OPEN[low][high]).bit_count() - self.reach
        if partner:
            low, high = (partner, card) if card > partner else (card, partner)
            floor -= self.ceiling * (live & _OPEN[low][high]).bit_count() + self.reach
        return floor + self.params.jump_tiebreak * abs(card - top) >= best

    def burning(self, tops: Tops) -> float:
        """Penalty for the fire cards on top if the turn ended now."""
        if not self.fire:
            return 0.0
        penalty = 0.0
        for pile, top in enumerate(tops):
            if top in self.fire:
                due = pile in self.due_now and top == self.start[pile]
                penalty += _MUST if due else self.params.fire_risk
        return penalty

    def moves(self, tops: Tops, held: int) -> list[tuple[int, int, int]]:
        """(card, pile, partner) worth considering; partner is the card a backwards trick
        could put on top right after (0 if none)."""
        cards = [c for c in self.hand if held >> c & 1]
        piles = list(enumerate(tops))
        if self.solo and any(t in self.fire for t in tops):
            piles = [(p, t) for p, t in piles if t in self.fire]  # R25: the next card covers
        result = []
        for pile, top in piles:
            if pile in self.twins and tops[pile - 1] == top:
                continue  # same top and signals as its twin pile: identical options
            up = pile in UP_PILES
            step = -TRICK if up else TRICK
            if top + step > 0 and held >> (top + step) & 1:
                result.append((top + step, pile, 0))
            near = setups = 0
            for c in cards if up else cards[::-1]:
                if c > top if up else c < top:
                    partner = c + step if c + step > 0 and held >> (c + step) & 1 else 0
                    if near < _NEAREST:
                        result.append((c, pile, partner))
                    elif partner and setups < _SETUPS:
                        result.append((c, pile, partner))
                        setups += 1
                    near += 1
        return result

    def extras(self, tops: Tops, held: int) -> tuple[float, Move | None]:
        """Greedy optional plays: the best unit (a card, or a card and its trick partner)
        while it costs less than the reach bonus per card; then the turn ends."""
        total, first = 0.0, None
        fire_now = self.burning(tops)
        while True:
            best, fire_after = 0.0, fire_now
            unit: tuple[Move, ...] = ()
            for card, pile, partner in self.moves(tops, held):
                if self._hopeless(pile, tops[pile], card, partner, held, best):
                    continue
                after = _place(tops, pile, card)
                fire = self.burning(after)
                cost = self.cost(pile, tops[pile], card, held, tops) - self.reach
                if cost + fire - fire_now < best:
                    best, unit, fire_after = cost + fire - fire_now, ((card, pile),), fire
                if partner:
                    rest = held & ~(1 << card)
                    pair = cost + self.cost(pile, card, partner, rest, after) - self.reach
                    fire = self.burning(_place(after, pile, partner))
                    if pair + fire - fire_now < best:
                        best, unit = pair + fire - fire_now, ((card, pile), (partner, pile))
                        fire_after = fire
            if not unit:
                return total + fire_now, first
            total += best - (fire_after - fire_now)
            fire_now = fire_after
            first = first or unit[0]
            for card, pile in unit:
                held &= ~(1 << card)
                tops = _place(tops, pile, card)

    def search(self, tops: Tops, held: int, need: int) -> tuple[float, Move | None]:
        """Best (value, first move) from here; a None move means stop."""
        key = (tops, held, need)
        found = self.memo.get(key)
        if found is not None:
            return found
        if need == 0:
            best = self.extras(tops, held)
        else:
            best = (_MUST * need, None)
            for card, pile, _partner in self.moves(tops, held):
                cost = self.cost(pile, tops[pile], card, held, tops)
                child = self.search(_place(tops, pile, card), held & ~(1 << card), need - 1)
                if cost + child[0] < best[0]:
                    best = (cost + child[0], (card, pile))
        self.memo[key] = best
        return best


class _BudgetSpentError(Exception):
    """The solo solver gave up; the planner decides instead."""


class _Solver:
    """Exact search for an order that places every held card (solo with the deck empty: the
    rest of the game is known and one player may play any number of cards per turn)."""

    def __init__(self, hand: tuple[int, ...], budget: int, fire: frozenset[int]) -> None:
        self.hand = hand
        self.budget = budget
        self.fire = fire
        self.dead: set[tuple[Tops, int]] = set()

    def clear(self, tops: Tops, held: int) -> list[Move] | None:
        """A sequence placing all held cards, or None if there is none."""
        if not held:
            return []
        if (tops, held) in self.dead:
            return None
        self.budget -= 1
        if self.budget < 0:
            raise _BudgetSpentError
        burning = [p for p, t in enumerate(tops) if t in self.fire]
        cards = [c for c in self.hand if held >> c & 1]
        moves = []
        for pile, top in enumerate(tops):
            if (pile in (1, 3) and tops[pile - 1] == top) or (burning and pile not in burning):
                continue
            up = pile in UP_PILES
            moves += [(c - top if up else top - c, c, pile) for c in cards if fits(c, pile, top)]
        for _jump, card, pile in sorted(moves):
            rest = self.clear(_place(tops, pile, card), held & ~(1 << card))
            if rest is not None:
                return [(card, pile), *rest]
        self.dead.add((tops, held))
        return None


def plan_move(view: View, params: Params | None = None) -> Move | None:
    """The first (card, pile) of the best plan for the rest of this turn, or None to stop."""
    fire = FIRE_CARDS if view.options.on_fire else frozenset()
    if view.players == 1 and not view.deck_count:
        try:
            sequence = _Solver(view.hand, _SOLVER_BUDGET, fire).clear(view.tops, _bits(view.hand))
        except _BudgetSpentError:
            sequence = None
        if sequence:
            return sequence[0]
    planner = _Planner(view, params or PARAMS[view.players])
    need = max(view.minimum - view.played, 0)
    return planner.search(view.tops, _bits(view.hand), need)[1]


def ai_action(view: View, legal: list[Action], rng: Random) -> Action:
    """Follow the planner's first move; the first legal action if the plan has none."""
    del rng  # the planner is deterministic; equal plans are rare and need no variety
    return action_for(plan_move(view), legal)


def action_for(move: Move | None, legal: list[Action]) -> Action:
    """The legal action that makes `move` (None: end the turn), else the first legal one."""
    for action in legal:
        if isinstance(action, Play) and move == (action.card, action.pile):
            return action
        if isinstance(action, Stop) and move is None:
            return action
    return legal[0]
