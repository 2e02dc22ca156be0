"""Hourglass data tables and models: cards, hourglass counts, options, actions, state and view.

Ruleset: docs/rules/hourglass.md (63 cards Red/Purple 1-25 and odd Jokers, 3 "+/-" sets).
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import Field

from engines.core import ActionBase, Frozen, GameOptions, StateBase, ViewBase
from engines.options import SEAT, Misfit

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
HOLDERS: Final = 3
KEPT: Final = 2
"""Cards every hand keeps between rounds (R5, R17)."""
VARIANT_HAND: Final = 6
"""Fresh hand size after the 5-player reshuffle (R23)."""

# R4 - PROPOSED DEFAULT, not the printed values: the hourglasses per card, one row per colour.
# Red and Purple rows list values 1..25; the Joker row lists the odd values 1, 3, ..., 25.
# Replace these three rows when the real counts are known; nothing else depends on them.
HOURGLASS_TABLE: Final[dict[str, tuple[int, ...]]] = {
    "red":    (0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0),
    "purple": (0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0),
    "joker":  (0, 0, 0, 0, 1, 1, 2, 1, 1, 0, 0, 0, 0),
}  # fmt: skip

_VALUES: Final[dict[str, tuple[int, ...]]] = {
    "red": tuple(range(1, 26)),
    "purple": tuple(range(1, 26)),
    "joker": tuple(range(1, 26, 2)),
}

CARDS: Final[tuple[tuple[str, int], ...]] = tuple(
    (colour, value) for colour, values in _VALUES.items() for value in values
)
"""CARDS[card id] = (colour, value): ids 0-24 Red 1-25, 25-49 Purple 1-25, 50-62 Jokers 1-25."""
DECK_SIZE: Final = len(CARDS)
COLOUR: Final[tuple[str, ...]] = tuple(colour for colour, _ in CARDS)
VALUE: Final[tuple[int, ...]] = tuple(value for _, value in CARDS)
HOURGLASSES: Final[tuple[int, ...]] = tuple(
    HOURGLASS_TABLE[colour][_VALUES[colour].index(value)] for colour, value in CARDS
)
"""HOURGLASSES[card id]: the score of that card, read from HOURGLASS_TABLE."""
JOKER: Final = "joker"


def card_label(card: int) -> str:
    """Short name of a card: R5, P7, J3."""
    return f"{COLOUR[card][0].upper()}{VALUE[card]}"


def hand_size(players: int) -> int:
    """Cards in a full hand (R5)."""
    return 7 if players == 2 else 6


def refill_size(players: int) -> int:
    """Cards each player draws between rounds (R5)."""
    return hand_size(players) - KEPT


class Options(GameOptions):
    """Hourglass options: defaults are the base game as ruled in the rules file."""

    start_seat: Annotated[int | None, SEAT] = Field(
        None,
        ge=0,
        le=4,
        description="Seat that starts round 1 (R8, 'the youngest player'); None = drawn by lot.",
    )
    deck_twice: bool | None = Field(
        None,
        description="5-player variant (R23): play until the deck runs out twice, reshuffling all "
        "63 cards once. None = on with 5 players, off otherwise; True needs 5 players.",
    )
    tiebreak: Literal["shared", "pile_cards"] = Field(
        "shared",
        description="Ties on hourglasses (R21): shared victory, or more cards in the score pile "
        "first (then shared).",
    )
    exception_literal: bool = Field(
        False,
        description="A1 literal reading: a player who owns every set on the table must discard "
        "to the deck bottom even if an empty holder remains.",
    )
    open_scores: bool = Field(
        False,
        description="Show every player's hourglass total during the game (A8: score piles are "
        "face down by default, totals revealed at the end).",
    )

    def misfits(self, players: int) -> list[Misfit]:
        """Seat options as every game's, and R23: the deck goes round twice with 5 players only."""
        found = super().misfits(players)
        if self.deck_twice and players != MAX_PLAYERS:
            found.append(
                Misfit(option="deck_twice", code="players", params={"players": MAX_PLAYERS})
            )
        return found


class OpenSet(ActionBase):
    """A: open a set in an empty holder with one hand card, choosing its direction (R10)."""

    kind: Literal["open"] = "open"
    card: int
    ascending: bool


class TakeSet(ActionBase):
    """B: play a card on top of an opponent's set and take it (R11, R13)."""

    kind: Literal["take"] = "take"
    holder: int
    card: int


class FeedSet(ActionBase):
    """C: slide any hand card under an opponent's set; its owner keeps it (R12)."""

    kind: Literal["feed"] = "feed"
    holder: int
    card: int


class Discard(ActionBase):
    """D: forced discard of one hand card face down to the deck bottom (R15)."""

    kind: Literal["discard"] = "discard"
    card: int


Action = Annotated[OpenSet | TakeSet | FeedSet | Discard, Field(discriminator="kind")]


class CardSet(Frozen):
    """A holder in play: owner, direction and cards bottom to top (top = last, R13/R14)."""

    owner: int
    ascending: bool
    cards: tuple[int, ...]

    @property
    def top(self) -> int:
        """The card that decides what may be played next."""
        return self.cards[-1]


class RoundResult(Frozen):
    """What each seat collected at the end of one round (R18)."""

    round: int
    deck_pass: int
    hourglasses: tuple[int, ...]
    cards: tuple[int, ...]


class State(StateBase):
    """The whole match, secrets included; only view() reaches the players."""

    options: Options
    round: int = 1
    deck_pass: int = 1
    """1, or 2 after the 5-player reshuffle (R23)."""
    start: int
    """Start seat of the current round (R8, R19)."""
    current: int
    deck: tuple[int, ...]
    """Top of the deck first; forced discards go to the end (the bottom)."""
    hands: tuple[tuple[int, ...], ...]
    holders: tuple[CardSet | None, ...]
    piles: tuple[tuple[int, ...], ...]
    """Score piles of the current deck pass (emptied by the 5-player reshuffle)."""
    results: tuple[RoundResult, ...] = ()
    finished: bool = False


class View(ViewBase):
    """What one seat (or a spectator, seat None) may see."""

    options: Options
    round: int
    deck_pass: int
    start: int
    current: int | None
    """Seat on turn; None once the game is over."""
    finished: bool
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    deck_count: int
    holders: tuple[CardSet | None, ...]
    pile_counts: tuple[int, ...]
    """Cards each seat has collected over the whole game, both passes of the deck (R23): what
    R21's tie-break counts."""
    collected: tuple[int, ...]
    """Cards in all score piles of this pass (all were face up on the table before)."""
    scores: tuple[int | None, ...]
    """Hourglasses so far; other seats' totals are None unless open_scores or game over."""
    round_scores: tuple[tuple[int | None, ...], ...]
