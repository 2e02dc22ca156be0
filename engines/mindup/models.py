"""Mind Up! data tables and models: card table, goal cards, options, actions, state and view."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import Field, ValidationInfo, field_validator

from engines.core import ActionBase, Frozen, GameOptions, StateBase, ViewBase

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 6
COLOURS: Final = ("orange", "blue", "green", "purple", "pink")
COLUMNS: Final = 5
DECK_SIZE: Final = 60
ROUNDS: Final = 3
FIRST_HAND: Final = 7

# R2: number -> (colour, modifier), recovered from the BGA adaptation and checked against the art.
_CARD_TABLE: Final[tuple[tuple[int, str, int], ...]] = (
    (1, "orange", -1), (21, "blue", 1), (41, "purple", 0),
    (2, "pink", 0), (22, "purple", 2), (42, "pink", -1),
    (3, "blue", 1), (23, "orange", 1), (43, "blue", 0),
    (4, "green", 2), (24, "blue", 0), (44, "green", 1),
    (5, "green", 1), (25, "green", -1), (45, "orange", 2),
    (6, "pink", 0), (26, "purple", 0), (46, "orange", 1),
    (7, "purple", -1), (27, "pink", 1), (47, "green", 0),
    (8, "orange", 0), (28, "blue", 2), (48, "blue", -1),
    (9, "purple", 1), (29, "pink", 1), (49, "green", 0),
    (10, "pink", 2), (30, "orange", 0), (50, "purple", 1),
    (11, "purple", 1), (31, "orange", 0), (51, "pink", 2),
    (12, "green", 0), (32, "pink", 1), (52, "purple", 1),
    (13, "blue", -1), (33, "blue", 2), (53, "orange", 0),
    (14, "green", 0), (34, "pink", 1), (54, "purple", -1),
    (15, "orange", 1), (35, "purple", 0), (55, "pink", 0),
    (16, "orange", 2), (36, "green", -1), (56, "green", 1),
    (17, "green", 1), (37, "blue", 0), (57, "green", 2),
    (18, "blue", 0), (38, "orange", 1), (58, "blue", 1),
    (19, "pink", -1), (39, "purple", 2), (59, "pink", 0),
    (20, "purple", 0), (40, "blue", 1), (60, "orange", -1),
)  # fmt: skip

_BY_NUMBER: Final = {n: (colour, mod) for n, colour, mod in _CARD_TABLE}
COLOUR: Final[tuple[str, ...]] = ("", *(_BY_NUMBER[n][0] for n in range(1, DECK_SIZE + 1)))
"""COLOUR[n]: colour of number card n (index 0 unused)."""
MODIFIER: Final[tuple[int, ...]] = (0, *(_BY_NUMBER[n][1] for n in range(1, DECK_SIZE + 1)))
"""MODIFIER[n]: icon of number card n, -1/0/+1/+2 (index 0 unused)."""


class Goal(Frozen):
    """One goal card of the variant (R4); its condition lives in scoring.py under the same id."""

    id: int
    letter: str
    points: int


# R4: the 14 goal cards (id, letter, points).
GOALS: Final[dict[int, Goal]] = {
    gid: Goal(id=gid, letter=letter, points=points)
    for gid, letter, points in (
        (1, "A", 2), (2, "A", -2), (3, "B", 2), (4, "B", 2), (5, "C", -2), (6, "C", 2),
        (7, "D", 2), (8, "D", 2), (9, "E", 2), (10, "E", -2), (11, "F", 2), (12, "F", 2),
        (13, "G", -2), (14, "G", 2),
    )
}  # fmt: skip


class Options(GameOptions):
    """Mind Up! options: defaults are the base game without goal cards."""

    goals: Literal["off", "per_round", "fixed"] = Field(
        "off",
        description="Goal cards: off (base game), per_round (new goals every round, R32/R33) "
        "or fixed (the same goals for the whole game, R34).",
    )
    goal_count: int = Field(
        1,
        ge=1,
        le=5,
        validate_default=True,
        description="Active goals at once, distinct letters: 1-5 per round, 3-5 when fixed; "
        "must stay 1 when goals are off.",
    )
    tiebreak2: Literal["bonus_only", "net_icons"] = Field(
        "bonus_only",
        description="Second tie-break (R29): sum of bonus icons only, or the net icon sum "
        "(bonuses minus penalties) over the three rounds.",
    )

    @field_validator("goal_count")
    @classmethod
    def _count_fits_mode(cls, value: int, info: ValidationInfo) -> int:
        mode = info.data.get("goals")
        if mode == "off" and value != 1:
            raise ValueError("goal_count must be 1 when goals are off")
        if mode == "fixed" and value < 3:
            raise ValueError("fixed goals need goal_count between 3 and 5")
        return value


class Play(ActionBase):
    """Secretly choose one hand card for this turn (R15)."""

    kind: Literal["play"] = "play"
    card: int


Action = Annotated[Play, Field(discriminator="kind")]

Columns = tuple[tuple[int, ...], ...]
"""One collection: the number cards on each collection card, left to right in column order."""


class RoundResult(Frozen):
    """The scoring of one round (R23-R26), one entry per seat."""

    goals: tuple[int, ...]
    column_points: tuple[int, ...]
    icon_points: tuple[int, ...]
    goal_points: tuple[int, ...]
    bonus_icons: tuple[int, ...]
    scores: tuple[int, ...]


class State(StateBase):
    """The whole match, secrets included; only view() reaches the players."""

    options: Options
    round: int = 1
    order: tuple[int, ...]
    """Values of the collection cards, left to right (shared by every player, R10)."""
    deck: tuple[int, ...]
    central: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    choices: tuple[int | None, ...]
    """The card each seat has locked in this turn (hidden until the reveal)."""
    collections: tuple[Columns, ...]
    goal_deck: tuple[int, ...] = ()
    goal_aside: tuple[int, ...] = ()
    goal_discard: tuple[int, ...] = ()
    goals: tuple[int, ...] = ()
    results: tuple[RoundResult, ...] = ()
    last_played: tuple[int, ...] = ()
    last_taken: tuple[int, ...] = ()
    played_this_round: tuple[tuple[int, ...], ...]
    """Cards each seat has revealed this round, in turn order (public record)."""
    round_start_collections: tuple[Columns, ...] = ()
    """Every seat's collection at the end of the previous round (public; it became the hand)."""


class View(ViewBase):
    """What one seat (or a spectator, seat None) may see."""

    options: Options
    round: int
    turn: int
    """Turn within the round, 1-based; 0 once the game is over."""
    game_over: bool
    order: tuple[int, ...]
    central: tuple[int, ...]
    collections: tuple[Columns, ...]
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    chosen: tuple[bool, ...]
    my_choice: int | None
    deck_count: int
    goals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    totals: tuple[int, ...]
    last_played: tuple[int, ...]
    last_taken: tuple[int, ...]
    played_this_round: tuple[tuple[int, ...], ...]
    round_start_collections: tuple[Columns, ...]
