"""Zero hand evaluation: cancellation, distinct-value scoring (R13-R15) and the Zero test (R10)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from engines.zero.models import COLOURS, GROUP, VALUES


def group_sizes(hand: Iterable[int]) -> tuple[list[int], list[int]]:
    """How many cards of each colour (by index) and of each value (by value - 1) a hand holds."""
    colours = [0] * COLOURS
    values = [0] * VALUES
    for card in hand:
        colours[card // VALUES] += 1
        values[card % VALUES] += 1
    return colours, values


def cancelled(hand: Iterable[int]) -> frozenset[int]:
    """The cards of a hand in a group of 5+ of one colour or one value: they score nothing (R13)."""
    cards = tuple(hand)
    colours, values = group_sizes(cards)
    return frozenset(
        card for card in cards if colours[card // VALUES] >= GROUP or values[card % VALUES] >= GROUP
    )


def hand_score(hand: Iterable[int]) -> int:
    """Points of a hand: distinct values among cards outside any group of 5+ (R13)."""
    cards = tuple(hand)
    dead = cancelled(cards)
    live = {card % VALUES for card in cards if card not in dead}
    return sum(live) + len(live)  # value = index + 1


@lru_cache(maxsize=1 << 12)
def is_zero(hand: tuple[int, ...]) -> bool:
    """Whether a hand holds 5+ of some colour and 5+ of some value (R10's equivalent test)."""
    # Cached: legality asks the same question for every candidate action of a turn.
    colours, values = group_sizes(hand)
    return max(colours) >= GROUP and max(values) >= GROUP
