"""Changing one's secret choice (docs/rules/mindup.md, R36): until everyone has chosen, whoever
chose in between (the runtime, `bot/takeback.py`, makes the others' choices again)."""

from __future__ import annotations

from engines.mindup.models import Action, State


def undoable(before: State, seat: int, action: Action, after: State) -> bool:
    """A chosen card stays hidden until every seat has chosen; the last choice reveals them
    all, and a revealed card cannot be taken back."""
    return after.choices[seat] is not None
