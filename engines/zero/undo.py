"""Nothing is taken back in Zero (docs/rules/zero.md, R20)."""

from __future__ import annotations

from engines.zero.models import Action, State


def undoable(before: State, seat: int, action: Action, after: State) -> bool:
    """Every action shows something or hands the turn on: a given card lies face up in the
    market, a take ends the turn, a knock passes it, a Zero ends the round."""
    return False
