"""Nothing is taken back in Hourglass (docs/rules/hourglass.md, R25)."""

from __future__ import annotations

from engines.hourglass.models import Action, State


def undoable(before: State, seat: int, action: Action, after: State) -> bool:
    """Every action lays a hand card face up on the table (a set opened, taken or fed, or a
    discard) and draws, so each one reveals what was hidden."""
    return False
