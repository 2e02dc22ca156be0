"""Zero (Reiner Knizia) models: card encoding, options, actions, state and view.

Cards are ints 0..55: colour index `card // 8` (labels A-G, C1) and value `card % 8 + 1`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Final, Literal

from pydantic import Field, model_validator

from engines.core import ActionBase, GameOptions, StateBase, ViewBase
from engines.options import SEAT

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
COLOURS: Final = 7
VALUES: Final = 8
DECK_SIZE: Final = COLOURS * VALUES
HAND_SIZE: Final = 9
GROUP: Final = 5
"""Cards of one colour or one value that cancel (R13) and make half of a Zero (R10)."""


def colour_of(card: int) -> int:
    """Colour index 0..6 (A..G) of a card."""
    return card // VALUES


def value_of(card: int) -> int:
    """Face value 1..8 of a card."""
    return card % VALUES + 1


def card_of(colour: int, value: int) -> int:
    """The card id of colour index 0..6 and value 1..8."""
    return colour * VALUES + value - 1


class Options(GameOptions):
    """Zero options: defaults are the standard game (market of 5, Zero declared at once)."""

    beginner_market: bool = Field(
        False,
        description="Beginner market of 7 cards instead of 5 with 3-5 players (R2); "
        "ignored with 2 players, who always use 9.",
    )
    start_player: Annotated[int, SEAT] = Field(
        0,
        ge=0,
        le=4,
        description="Seat that is first player in round 1 (R4); must be below the player count.",
    )
    zero_optional: bool = Field(
        False,
        description="Players may decline to declare a Zero instead of ending the round at once "
        "(R11).",
    )


class Give(ActionBase):
    """First half of an exchange: lay this hand card face up into the market (R6)."""

    kind: Literal["give"] = "give"
    card: int


class Take(ActionBase):
    """Second half of an exchange: take this market card; `declare` calls Zero with it (R11)."""

    kind: Literal["take"] = "take"
    card: int
    declare: bool = False


class Pass(ActionBase):
    """Knock instead of exchanging (R7); the round's second pass triggers the end (R8)."""

    kind: Literal["pass"] = "pass"


class Declare(ActionBase):
    """Call Zero at the start of one's turn with a hand that already is one (R11)."""

    kind: Literal["zero"] = "zero"
    reveals: ClassVar[bool] = True


Action = Annotated[Give | Take | Pass | Declare, Field(discriminator="kind")]

Phase = Literal["turn", "take", "over"]
"""turn: give, pass or declare; take: finish the exchange after a give; over: game ended."""


class State(StateBase):
    """The whole match, secrets included; only view() reaches the players."""

    options: Options
    round: int = 1
    first_player: int
    turn: int
    phase: Phase = "turn"
    hands: tuple[tuple[int, ...], ...]
    market: tuple[int, ...]
    laid: int | None = None
    """The card given in the current exchange, face up beside the market until the take."""
    deck: tuple[int, ...]
    """Cards set aside face down this round, never used (R3)."""
    passes: int = 0
    trigger: int | None = None
    """The second passer of the round (R8), once there is one."""
    owed: tuple[int, ...] = ()
    """Seats still owed a final turn after the current one, in playing order."""
    round_scores: tuple[tuple[int, ...], ...] = ()
    zero_by: tuple[int | None, ...] = ()
    """Per finished round: the seat that declared Zero, or None if the passes ended it."""
    shown: tuple[tuple[int, ...], ...] = ()
    """Every seat's hand as revealed when the previous round was scored."""

    @model_validator(mode="after")
    def _cards_conserved(self) -> State:
        # A stored state must hold each of the 56 cards exactly once (section 12 invariant).
        cards = [c for hand in self.hands for c in hand] + list(self.market) + list(self.deck)
        if self.laid is not None:
            cards.append(self.laid)
        if sorted(cards) != list(range(DECK_SIZE)):
            raise ValueError("hands, market, laid card and deck must hold the 56 cards once")
        return self


class View(ViewBase):
    """What one seat (or a spectator, seat None) may see."""

    options: Options
    round: int
    rounds: int
    first_player: int
    turn: int
    phase: Phase
    hand: tuple[int, ...]
    """The viewer's own hand (empty for a spectator)."""
    hand_score: int | None
    """What the viewer's hand would score now (R13), None for a spectator."""
    hand_counts: tuple[int, ...]
    market: tuple[int, ...]
    laid: int | None
    unused_count: int
    passes: int
    trigger: int | None
    final_turns_left: tuple[int, ...]
    """Seats still owed a final turn after the current one."""
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    zero_by: tuple[int | None, ...]
    shown: tuple[tuple[int, ...], ...]
