"""Genial models: colours, per-count targets, options, actions, state and view.

Colours are ints 0..5 (C1): red, orange, yellow, green, blue, purple. Every multiset of tokens
(reserve, centre, a collection) is a tuple of six counts indexed by colour.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Final, Literal

from pydantic import Field, model_validator

from engines.core import ActionBase, Frozen, GameOptions, StateBase, ViewBase
from engines.options import SEAT

COLOUR_NAMES: Final = ("red", "orange", "yellow", "green", "blue", "purple")
COLOURS: Final = len(COLOUR_NAMES)
PER_COLOUR: Final = 21
"""Tokens of each colour (C1): 126 in all."""
CENTRE_SIZE: Final = 3
"""The centre is refilled to this many tokens before every turn (R2, R5)."""
STALL_TURNS: Final = 500
"""R28: this many consecutive turns without a collection change stop a game as stalled (a last
safeguard: a dead position, R29, ends the game as soon as it arises)."""
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4

Counts = tuple[int, ...]
"""Six token counts, indexed by colour."""


class Options(GameOptions):
    """Genial options: defaults are the Russian edition's single game, seat 0 starting."""

    three_player_target: Literal[6, 7] = Field(
        7,
        description="Per-colour target with three players (section 1): 7 as in the Russian "
        "rulebook, or 6 as in the original German edition.",
    )
    games: int = Field(
        1,
        ge=1,
        le=12,
        description="Games in the series (R25); 1 plays a single game. The start seat rotates "
        "clockwise from game to game.",
    )
    series_tiebreak_most_wins: bool = Field(
        False,
        description="In a series, equal victory-point totals are separated by the number of "
        "games won (R25); otherwise they share the place. Ignored for a single game.",
    )
    start_seat: Annotated[int, SEAT] = Field(
        0,
        ge=0,
        le=MAX_PLAYERS - 1,
        description="Seat that starts the first game (R3, the youngest player); must be below "
        "the player count.",
    )


def target_for(options: Options, players: int) -> int:
    """T(n), the per-colour goal, bonus line length and cap (section 1)."""
    if players == MAX_PLAYERS:
        return 5
    return options.three_player_target if players == 3 else 7


class Draw(ActionBase):
    """Draw a token from the reserve into the staging area (R7): start or continue a sequence."""

    kind: Literal["draw"] = "draw"
    reveals: ClassVar[bool] = True


class Bank(ActionBase):
    """Bank the staged tokens and the matching centre tokens (R13); only after a success."""

    kind: Literal["bank"] = "bank"


class Alternative(ActionBase):
    """Take one token of one's unique weakest colour from the centre (R20-R22)."""

    kind: Literal["alternative"] = "alternative"
    colour: int = Field(ge=0, le=COLOURS - 1)


Action = Annotated[Draw | Bank | Alternative, Field(discriminator="kind")]

Phase = Literal["start", "drawing", "over"]
"""start: a turn's first choice (draw or alternative); drawing: after a success; over: match ended."""

GameResult = Literal["won", "deadlock", "stalled"]
"""won: somebody completed a collection (R23); deadlock: no collection could ever change again
(R29); stalled: stopped by the R28 safeguard."""


class GameRecord(Frozen):
    """One finished game of the match (a single game, or one game of a series)."""

    result: GameResult
    scores: Counts
    """Victory points per seat: the count of the weakest colour (the winner's is T) (R25)."""
    ranking: Counts
    """Places per seat by R23/R24."""
    winners: tuple[int, ...]
    tiebreak: str | None
    """'next_weakest_colour' when R24 separated seats with equal weakest colours."""
    collections: tuple[Counts, ...]
    turns: int


class State(StateBase):
    """The whole match; the reserve is an unordered multiset, drawn at random when needed."""

    options: Options
    game: int = 0
    """Index of the game being played within the series (0-based)."""
    first_seat: int
    """Seat that started the current game."""
    turn: int
    phase: Phase = "start"
    bonus_turn: bool = False
    """Whether the current turn is a bonus turn (R19)."""
    bonus_pending: int = 0
    """Bonus turns the active player still has queued after the current one (R18-R19)."""
    reserve: Counts
    centre: Counts
    staging: tuple[int, ...] = ()
    """Colours drawn this turn, in drawing order (R7)."""
    collections: tuple[Counts, ...]
    lines: tuple[tuple[bool, ...], ...]
    """Per seat and colour: whether that colour already earned its bonus turn this game (R17)."""
    turns: int = 0
    """Turns completed in the current game, bonus turns included."""
    idle_turns: int = 0
    """Consecutive turns that left every collection unchanged (R28)."""
    recycles: int = 0
    """How often the centre was turned into a new reserve in the current game (R27)."""
    history: tuple[GameRecord, ...] = ()

    @property
    def target(self) -> int:
        """T for this match (section 1)."""
        return target_for(self.options, self.players)

    @model_validator(mode="after")
    def _tokens_conserved(self) -> State:
        # Section 15 invariant: 21 tokens of each colour across all zones, always.
        for colour in range(COLOURS):
            held = self.reserve[colour] + self.centre[colour] + self.staging.count(colour)
            held += sum(collection[colour] for collection in self.collections)
            if held != PER_COLOUR:
                raise ValueError(f"colour {colour} has {held} tokens, not {PER_COLOUR}")
        return self


class View(ViewBase):
    """What one seat (or a spectator, seat None) may see: everything but the seed."""

    options: Options
    target: int
    game: int
    """Number of the current game, 1-based."""
    games: int
    first_seat: int
    turn: int
    phase: Phase
    bonus_turn: bool
    bonus_pending: int
    reserve_count: int
    centre: Counts
    staging: tuple[int, ...]
    collections: tuple[Counts, ...]
    lines: tuple[tuple[bool, ...], ...]
    alternative: int | None
    """The colour the active player may take by an alternative move now, if any."""
    idle_turns: int
    scores: Counts
    """Victory points summed over the finished games of the series."""
    round_scores: tuple[Counts, ...]
    results: tuple[GameRecord, ...]
