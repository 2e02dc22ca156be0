"""The contract of a game's renderer module (bot/render/<slug>.py)."""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from bot.i18n import t
from engines.core import Event, Outcome


class Step(NamedTuple):
    """An action chosen in two clicks: first `key` (its button says `first`, e.g. the card), then
    the action itself among those of the same key (its button says `second`, e.g. the pile)."""

    key: str
    first: str
    second: str


class Renderer(Protocol):
    """Turns one game's views, actions and events into localized text."""

    def board(self, view: Any, names: list[str], lang: str) -> list[str]:
        """Lines of the public board from the public view (nothing secret is in it)."""

    def hand(self, view: Any, names: list[str], lang: str) -> list[str]:
        """Lines of a player's private panel from that seat's view; `names` name every seat."""

    def sits_out(self, view: Any) -> bool:
        """Whether the seat has no more turns though the game goes on (The Game: a hand played
        out once the deck is empty): its panel says so instead of waiting for its move."""

    def revealed(self, view: Any, lang: str) -> list[str]:
        """What that seat held that the board does not show, worded for anyone: a finished
        game's replay shows every seat's (no advice, nothing addressed to "you")."""

    def label(self, action: Any, lang: str) -> str:
        """A short label (<= 80 characters) for a button or a select option."""

    def group(self, action: Any) -> str:
        """Actions with the same non-empty group are offered together (buttons in rows of their
        own, or a select when they are too many); "" makes a button among the others."""

    def step(self, action: Any, view: Any, lang: str) -> Step | None:
        """How to choose the action in two clicks, seen from the seat's view; None: one click."""

    def event(self, event: Event, names: list[str], lang: str) -> str | None:
        """One line narrating a public event, or None to leave it out of the board."""

    def announce(self, event: Event) -> bool:
        """Whether the event deserves its own channel message (a reveal, a round's end)."""

    def tiebreak_lines(
        self, outcome: Outcome, options: Any, names: list[str], lang: str
    ) -> list[str]:
        """Why players with equal scores were ranked apart (the results message), if they were."""


def first_place_tiebreak(slug: str, outcome: Outcome, lang: str) -> list[str]:
    """The rule that separated equal scores for first place (`Outcome.tiebreak`), if one did."""
    return [t(lang, f"tiebreak-{slug}-{outcome.tiebreak}")] if outcome.tiebreak else []
