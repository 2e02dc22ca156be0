"""What the runtime and the bot need from the Discord side: showing changes, never deciding them."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from bot.session import GameSession
    from engines.core import Event


class PrivatePanel(Protocol):
    """A member's own panel that the bot may still redraw: an ephemeral message (or one in
    their DMs) reached through the interaction that last showed it."""

    message_id: int
    ephemeral: bool

    async def redraw(self, **fields: Any) -> None:
        """Edit the panel (message fields as `Message.edit` takes them)."""

    async def remove(self) -> None:
        """Delete the panel."""


@dataclass(frozen=True)
class ShownPanel:
    """A member's private panel of a game, as it was just shown to them."""

    session: GameSession
    seat: int
    user_id: int
    lang: str
    panel: PrivatePanel
    shows: Hashable
    """What the seat could do when the panel's text was drawn (the game may have moved on while
    its picture was drawn and it was sent); the Discord side compares it to redraw the panel."""
    picture_follows: bool = False
    """It went out as text, its picture not drawn in time: it is redrawn once it is."""
    picked: str | None = None
    """The first click of a two-click move it shows made (a card picked, its piles offered)."""


class Presenter(Protocol):
    """Shows a game's changes; called after the change is committed."""

    def board_changed(self, session: GameSession) -> None:
        """The public board must be redrawn (coalesced)."""

    def turn_changed(self, session: GameSession, events: list[Event]) -> None:
        """Announce what deserves a message and tell players whose turn began."""

    def notice(self, session: GameSession, key: str, **params: Any) -> None:
        """A public message about the game; `seats` become mentions, `reclaim` adds a button."""

    def tell(self, session: GameSession, user_id: int, key: str) -> None:
        """A private message to one member about this game (a DM, where theirs are open)."""

    def remind(self, session: GameSession, seats: list[int], by_dm: bool) -> None:
        """Half the time is gone: remind these seats, in the channel or by DM."""

    def game_closed(self, session: GameSession) -> None:
        """The game finished or was cancelled: final board and results."""

    def lobby_changed(self, session: GameSession) -> None:
        """A lobby's seats changed without a click on it (a kick, a member who left the
        server): redraw its message."""

    def board_moved(self, session: GameSession, old_message_id: int) -> None:
        """The board was posted again below: the old message points to the new one."""

    def panel_shown(self, shown: ShownPanel) -> None:
        """A member was just shown their panel: keep it current while Discord allows, and
        retire the one they had before."""

    def answering(
        self, game_id: str, user_id: int, clicked: int | None
    ) -> AbstractContextManager[None]:
        """A member's click on a game is being answered (`clicked`: the message it was on, None
        for a command): their panel is redrawn by that answer, not meanwhile."""

    def member_seen(self, user_id: int, lang: str) -> None:
        """A member used the bot in `lang`: what is later sent to them alone uses it too."""

    def posted_again(self, session: GameSession) -> None:
        """Post a game's lobby or board anew: its message is gone (`Runtime.message_lost`)."""

    def game_restored(self, session: GameSession, sent: Mapping[int, int | None]) -> None:
        """A running game resumed after a restart; `sent`: the version each member's latest
        turn DM was sent at (those to act who were not told of their turn are told now)."""

    def dms_reopened(self, user_id: int) -> None:
        """The member asks for turn DMs: their DMs are tried again, even if found closed."""

    def closed_dms_news(self, user_id: int) -> bool:
        """Whether the member's DMs turned out closed and they were not told yet (now they are)."""

    async def shown(self) -> None:
        """Return once everything asked for so far is on Discord (boards, notices, DMs)."""

    async def close(self) -> None:
        """The bot is stopping: send nothing more."""
