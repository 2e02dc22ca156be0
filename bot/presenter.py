"""What the runtime needs from the Discord side: showing changes, never deciding them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from bot.session import GameSession
    from engines.core import Event


class Presenter(Protocol):
    """Shows a game's changes; called after the change is committed."""

    def board_changed(self, session: GameSession) -> None:
        """The public board must be redrawn (coalesced)."""

    def turn_changed(self, session: GameSession, events: list[Event]) -> None:
        """Announce what deserves a message and tell players whose turn began."""

    def notice(self, session: GameSession, key: str, **params: Any) -> None:
        """A public message about the game; `seats` become mentions, `reclaim` adds a button."""

    def remind(self, session: GameSession, seats: list[int], by_dm: bool) -> None:
        """Half the time is gone: remind these seats, in the channel or by DM."""

    def game_closed(self, session: GameSession) -> None:
        """The game finished or was cancelled: final board and results."""
