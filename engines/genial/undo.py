"""Nothing is taken back in Genial (docs/rules/genial.md, R30)."""

from __future__ import annotations

from engines.genial.models import Action, State


def undoable(before: State, seat: int, action: Action, after: State) -> bool:
    """A placed tile comes from the hidden rack and scores at once; an exchange draws."""
    return False
