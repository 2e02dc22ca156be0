"""Mind Up! collection placement (R18), goal conditions (R4) and round scoring (R23-R26)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engines.mindup.models import COLOUR, COLOURS, COLUMNS, GOALS, MODIFIER, Columns, RoundResult

EMPTY_COLLECTION: Columns = ((),) * COLUMNS


def target_column(columns: Columns, card: int) -> int:
    """The column a card goes to: its colour's column, else the leftmost empty one (R18)."""
    colour = COLOUR[card]
    first_empty = -1
    for index, cards in enumerate(columns):
        if cards and COLOUR[cards[0]] == colour:
            return index
        if not cards and first_empty < 0:
            first_empty = index
    return first_empty


def place(columns: Columns, card: int) -> tuple[Columns, int]:
    """Put a card into a collection (R18); returns the new collection and the column used."""
    index = target_column(columns, card)
    updated = tuple((*cards, card) if i == index else cards for i, cards in enumerate(columns))
    return updated, index


def colour_counts(columns: Columns) -> dict[str, int]:
    """Number of cards of each colour in a collection."""
    counts = dict.fromkeys(COLOURS, 0)
    for cards in columns:
        if cards:
            counts[COLOUR[cards[0]]] += len(cards)
    return counts


def _column_of(columns: Columns, colour: str) -> int | None:
    for index, cards in enumerate(columns):
        if cards and COLOUR[cards[0]] == colour:
            return index
    return None


class Collection:
    """A collection seen by the goal conditions: its cards, the column values and the opponents."""

    def __init__(self, columns: Columns, order: Sequence[int], others: Sequence[Columns]) -> None:
        self.columns = columns
        self.order = order
        self.counts = colour_counts(columns)
        self.other_counts = [colour_counts(other) for other in others]

    def value_of(self, colour: str) -> int | None:
        """Value of the collection card holding `colour`, None if absent."""
        index = _column_of(self.columns, colour)
        return None if index is None else self.order[index]

    def colours(self) -> int:
        """How many colours are present."""
        return sum(1 for n in self.counts.values() if n)

    def fewest(self, colour: str) -> bool:
        """No opponent has fewer cards of `colour` (ties count)."""
        return all(self.counts[colour] <= other[colour] for other in self.other_counts)

    def most(self, colour: str) -> bool:
        """No opponent has more cards of `colour` (ties count)."""
        return all(self.counts[colour] >= other[colour] for other in self.other_counts)

    def green_rightmost(self) -> bool:
        """Green is present and no non-empty column lies to its right (A7)."""
        index = _column_of(self.columns, "green")
        return index is not None and not any(self.columns[index + 1 :])


GOAL_MET: dict[int, Callable[[Collection], bool]] = {
    1: lambda c: c.counts["orange"] in (1, 3),
    2: lambda c: c.value_of("orange") in (1, 2),
    3: lambda c: c.counts["blue"] in (2, 4),
    4: lambda c: c.counts["blue"] >= 1 and c.counts["blue"] == max(c.counts.values()),
    5: lambda c: c.fewest("pink"),
    6: lambda c: c.most("pink"),
    7: lambda c: c.green_rightmost(),
    8: lambda c: c.value_of("green") in (4, 5),
    9: lambda c: c.counts["purple"] >= 1 and c.counts["purple"] >= c.counts["orange"],
    10: lambda c: c.most("purple"),
    11: lambda c: c.colours() == len(COLOURS),
    12: lambda c: c.colours() == 3,
    13: lambda c: any(len(cards) == 3 for cards in c.columns),
    14: lambda c: any(len(cards) == 4 for cards in c.columns),
}
"""R4: goal id -> condition on one player's final collection."""


def goal_points(collection: Collection, goals: Sequence[int]) -> int:
    """Sum of the values of the active goals this collection meets (R25)."""
    return sum(GOALS[gid].points for gid in goals if GOAL_MET[gid](collection))


def column_points(columns: Columns, order: Sequence[int]) -> int:
    """Collection-card value times the number of cards on it, summed (R23)."""
    return sum(value * len(cards) for value, cards in zip(order, columns, strict=True))


def icon_points(columns: Columns) -> int:
    """Net sum of the icons on the collection's number cards (R24)."""
    return sum(MODIFIER[card] for cards in columns for card in cards)


def bonus_icons(columns: Columns) -> int:
    """Sum of the +1/+2 icons only, penalties ignored (R29 tie-break)."""
    return sum(max(MODIFIER[card], 0) for cards in columns for card in cards)


def score_round(
    collections: Sequence[Columns], order: Sequence[int], goals: tuple[int, ...]
) -> RoundResult:
    """Score every seat's collection at the end of a round (R23-R26)."""
    columns = tuple(column_points(c, order) for c in collections)
    icons = tuple(icon_points(c) for c in collections)
    goal = tuple(
        goal_points(Collection(c, order, [*collections[:i], *collections[i + 1 :]]), goals)
        for i, c in enumerate(collections)
    )
    return RoundResult(
        goals=goals,
        column_points=columns,
        icon_points=icons,
        goal_points=goal,
        bonus_icons=tuple(bonus_icons(c) for c in collections),
        scores=tuple(a + b + c for a, b, c in zip(columns, icons, goal, strict=True)),
    )
