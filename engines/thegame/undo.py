"""Taking a card back (docs/rules/thegame.md, R27): a card played this turn, before the draw."""

from __future__ import annotations

from engines.thegame.models import Action, Play, State


def undoable(before: State, seat: int, action: Action, after: State) -> bool:
    """A card played in one's own turn may be taken back until the turn ends with the draw,
    unless it ended the game; ending the turn (the draw) and signals cannot be. Nor can the
    card that emptied the hand: the turn ended with it and the new cards are seen (alone at the
    table, the next turn is the same player's)."""
    return (
        isinstance(action, Play)
        and after.end is None
        and after.active == seat
        and after.turn == before.turn
    )
