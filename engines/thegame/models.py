"""The Game (NSV 2015) with the On Fire expansion: constants, options, actions, state and view."""

from __future__ import annotations

from typing import Annotated, Final, Literal, Self

from pydantic import Field, model_validator

from engines.core import ActionBase, Frozen, GameOptions, StateBase, ViewBase
from engines.options import SEAT

MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 5
LOWEST: Final = 2
HIGHEST: Final = 99
CARD_COUNT: Final = HIGHEST - LOWEST + 1
PILES: Final = 4
UP_PILES: Final = (0, 1)
"""Piles 0 and 1 ascend from 1; piles 2 and 3 descend from 100 (R1)."""
START_TOPS: Final = (1, 1, 100, 100)
TRICK: Final = 10
FIRE_CARDS: Final = frozenset({22, 33, 44, 55, 66, 77})
EXCELLENT_BELOW: Final = 10
# R3: hand size by player count, standard and with smaller hands (R22).
HAND_SIZE: Final = {1: 8, 2: 7, 3: 6, 4: 6, 5: 6}
SignalId = Literal["big_jump", "clear", "dont_play"]
EndReason = Literal["all_played", "blocked", "burned"]


class Options(GameOptions):
    """The Game options: defaults are the base game (minimum two, full hands, no fire)."""

    expert: bool = Field(
        False, description="Expert (R21): play at least three cards per turn while the deck lasts."
    )
    smaller_hands: bool = Field(
        False, description="Smaller hands (R22): deal one card fewer (8/7/6 become 7/6/5)."
    )
    on_fire: bool = Field(
        False,
        description="On Fire (R23-R26): 22, 33, 44, 55, 66, 77 are fire cards that must be "
        "covered in time or the team loses.",
    )
    expert_endgame_min: bool = Field(
        False,
        description="With expert only (A5 override): keep the minimum of three after the deck "
        "runs out (a player holding fewer cards must play them all) instead of dropping to one.",
    )
    start_seat: Annotated[int, SEAT] = Field(
        0, ge=0, le=4, description="Seat that takes the first turn (R5); must be below players."
    )

    @model_validator(mode="after")
    def _endgame_min_needs_expert(self) -> Self:
        if self.expert_endgame_min and not self.expert:
            raise ValueError("expert_endgame_min requires expert")
        return self


class Play(ActionBase):
    """Place one hand card on a pile: 0 and 1 ascend, 2 and 3 descend (R6, R9)."""

    kind: Literal["play"] = "play"
    card: int
    pile: int


class Stop(ActionBase):
    """End the turn after the minimum and draw as many cards as were played (R10, R12)."""

    kind: Literal["stop"] = "stop"


class Signal(ActionBase):
    """A public non-numeric hint about a pile, sendable by any seat at any time (R16)."""

    kind: Literal["signal"] = "signal"
    pile: int
    signal: SignalId


Action = Annotated[Play | Stop | Signal, Field(discriminator="kind")]


class Burning(Frozen):
    """A fire card on top of a pile (R24/R25)."""

    pile: int
    card: int
    deadline: int | None
    """Turn number at whose end the pile must be covered; None in solo: the very next card."""


class PileSignal(Frozen):
    """The hint currently standing on a pile and who gave it."""

    signal: SignalId
    seat: int


class State(StateBase):
    """The whole game, secrets included; only view() reaches the players."""

    options: Options
    piles: tuple[tuple[int, ...], ...]
    """Cards placed on each pile, oldest first; the start cards (1, 1, 100, 100) are implied."""
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    """Draw order: the next card drawn is deck[0]."""
    active: int
    turn: int = 1
    """Number of the turn being played, 1-based, counting only turns actually taken (R14)."""
    minimum: int
    """Cards the active player must play this turn (R8, fixed at the start of the turn)."""
    played: int = 0
    burning: tuple[Burning, ...] = ()
    signals: tuple[PileSignal | None, ...] = (None,) * PILES
    end: EndReason | None = None


class BurningView(Frozen):
    """A burning pile as the players see it, with the seat whose turn end is the deadline."""

    pile: int
    card: int
    deadline_turn: int | None
    """None in solo: the very next card must cover it."""
    until_seat: int | None


class View(ViewBase):
    """What one seat (or a spectator, seat None) may see."""

    options: Options
    active: int
    turn: int
    minimum: int
    played: int
    tops: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    deck_count: int
    fire_cards: tuple[int, ...]
    burning: tuple[BurningView, ...]
    signals: tuple[PileSignal | None, ...]
    cards_left: int
    """The shared score so far: cards in all hands plus the deck (R18)."""
    scores: tuple[int, ...]
    game_over: bool
    end: EndReason | None
    result: str | None
