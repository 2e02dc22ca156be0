"""Changing one's secret choice (docs/rules/mindup.md, R36): until everyone has chosen (the
runtime takes back only the table's last move: not once another player has chosen since)."""

from __future__ import annotations

from engines.mindup.models import Action, State


def undoable(before: State, seat: int, action: Action, after: State) -> bool:
    """A chosen card stays hidden until every seat has chosen; the last choice reveals them
    all, and a revealed card cannot be taken back."""
    return after.choices[seat] is not None
