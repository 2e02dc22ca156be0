"""What the runtime needs from the Discord side: showing changes, never deciding them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from bot.session import GameSession
    from engines.core import Event


class Presenter(Protocol):
    """Shows a game's changes; called after the change is committed."""

    def board_changed(self, session: GameSession) -> None:
        """The public board must be redrawn (coalesced)."""

    def turn_changed(self, session: GameSession, events: list[Event]) -> None:
        """Announce what deserves a message and tell players whose turn began."""

    def game_closed(self, session: GameSession) -> None:
        """The game finished or was cancelled: final board and results."""
