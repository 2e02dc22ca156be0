"""Shared core of every rules engine: the contract (Game, GameSpec and the State, View and Action
bases), the actions codec, events, outcome, errors and randomness.

Engines are pure: no I/O, no clock, no global random. The bot and the tests rely on the names here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from random import Random
from typing import Any, ClassVar, Protocol, TypeAlias, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, TypeAdapter

from engines.options import GameOptions as GameOptions

JsonScalar = int | str | bool | None


class Frozen(BaseModel):
    """Base of every engine model: immutable, strict about unknown fields, JSON-safe."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class StateBase(Frozen):
    """The fields every game's `State` shares; a game narrows `options` to its own Options."""

    seed: int
    """The match seed; with `version`, the only source of randomness (`rng_for`). Never shown."""
    version: int = 0
    """Actions applied so far: `apply` adds 1, and panels carry it to detect stale clicks."""
    options: GameOptions
    players: int
    """Number of seats, numbered 0 to players - 1."""


class ViewBase(Frozen):
    """The fields every game's `View` shares; a game narrows `options` to its own Options."""

    seat: int | None
    """The seat this view was drawn for; None for a spectator (the public board)."""
    version: int
    """The version of the state it was drawn from."""
    to_act: tuple[int, ...]
    """The seats that must act now, ascending (several in a simultaneous phase)."""
    players: int
    options: GameOptions


class ActionBase(Frozen):
    """Base of every action: each member of a game's action union fixes `kind` to a literal."""

    kind: str
    reveals: ClassVar[bool] = False
    """Taking it shows everyone something hidden (a token drawn from the bag, a hand laid open):
    even when it is the only legal action it is a move of the game, never shown as forced."""


class GameSpec(Frozen):
    """What the bot needs to know about a game before it starts."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    slug: str
    min_players: int
    max_players: int
    Options: type[GameOptions]
    State: type[StateBase]
    Action: Any  # the game's discriminated union (a typing form, not a class) of ActionBase
    View: type[ViewBase]
    cooperative: bool
    """All seats play together against the game and share one score."""
    simultaneous: bool
    """Seats choose secretly and at the same time: `to_act` may hold several seats at once."""
    lower_is_better: bool
    """A lower score is a better result (then `Outcome.lower_is_better` says so too)."""


class IllegalAction(Exception):  # noqa: N818 - the name is part of the engine contract
    """An action the rules do not allow now; `code` and `params` feed localized messages."""

    def __init__(self, code: str, **params: JsonScalar) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        detail = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
        return f"{self.code}({detail})" if detail else self.code


class Event(Frozen):
    """Something that happened: public (visible_to None) or private to one seat.

    Kinds are `<slug>.<what>`. An engine whose turns take several actions emits `<slug>.turn`
    when a new turn begins, so the runtime knows where an absent player's turn ends.
    """

    kind: str
    seat: int | None = None
    params: dict[str, Any] = {}
    visible_to: int | None = None


class Outcome(Frozen):
    """The result of a finished match (all rounds)."""

    scores: tuple[int, ...]
    """Final total per seat (for a cooperative game every seat carries the shared score)."""
    round_scores: tuple[tuple[int, ...], ...] = ()
    """Per round, the score of each seat in that round (empty for single-round games)."""
    ranking: tuple[int, ...]
    """Place of each seat, 1 = best; tied seats share a place."""
    winners: tuple[int, ...]
    lower_is_better: bool = False
    cooperative: bool = False
    result: str = "finished"
    """Game-specific result code, e.g. thegame: won / excellent / ordinary / burned."""
    tiebreak: str | None = None
    """Code of the rule that separated seats with equal scores, if one was needed."""
    details: dict[str, Any] = {}


def rng_for(seed: int, version: int, salt: str = "") -> Random:
    """The only source of randomness: derived from the match seed and the state version."""
    return Random(f"{seed}:{version}:{salt}" if salt else f"{seed}:{version}")


def places(keys: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranking (1, 2, 2, 4) from per-seat sort keys where larger is better."""
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


# --- compact action codec: actions travel in Discord custom_ids (100 characters at most) ---

_SEP = "."
_LIST_SEP = "-"


@cache
def _members(action_type: Any) -> dict[str, type[ActionBase]]:
    union = (
        get_args(action_type)[0]
        if get_origin(action_type) is not None and hasattr(action_type, "__metadata__")
        else action_type
    )
    members = get_args(union) or (union,)
    result: dict[str, type[ActionBase]] = {}
    for member in members:
        kind = member.model_fields["kind"].default
        result[kind] = member
    return result


@cache
def _encoded_fields(model: type[ActionBase]) -> tuple[str, ...]:
    """The fields an encoded action lists after its kind, in declaration order."""
    # Cached: pydantic's model_fields is a property, and panels encode every legal action.
    return tuple(name for name in model.model_fields if name != "kind")


def encode_action(action: ActionBase) -> str:
    """`play.37.2`: the kind, then every other field in declaration order."""
    parts = [action.kind]
    for name in _encoded_fields(type(action)):
        value = getattr(action, name)
        if isinstance(value, tuple | list | frozenset):
            parts.append(_LIST_SEP.join(str(v) for v in value) or "~")
        elif value is None:
            parts.append("_")
        elif isinstance(value, bool):
            parts.append("1" if value else "0")
        else:
            parts.append(str(value))
    return _SEP.join(parts)


def decode_action(action_type: Any, text: str) -> ActionBase:
    """Inverse of `encode_action`; raises IllegalAction('malformed') on anything else."""
    kind, *values = text.split(_SEP)
    member = _members(action_type).get(kind)
    if member is None:
        raise IllegalAction("malformed")
    fields = _encoded_fields(member)
    if len(fields) != len(values):
        raise IllegalAction("malformed")
    data: dict[str, Any] = {"kind": kind}
    for name, raw in zip(fields, values, strict=True):
        annotation = member.model_fields[name].annotation
        if get_origin(annotation) in (tuple, list, frozenset):
            data[name] = [] if raw == "~" else raw.split(_LIST_SEP)
        elif raw == "_":
            data[name] = None
        else:
            data[name] = raw
    try:
        return member.model_validate(data)
    except ValueError as exc:
        raise IllegalAction("malformed") from exc


@cache
def action_adapter(action_type: Any) -> TypeAdapter[Any]:
    """A cached validator for a game's action union (JSON in the action log)."""
    return TypeAdapter(action_type)


OptionsT_contra = TypeVar("OptionsT_contra", bound=GameOptions, contravariant=True)
StateT = TypeVar("StateT", bound=StateBase)
ViewT = TypeVar("ViewT", bound=ViewBase)
ActionT = TypeVar("ActionT", bound=ActionBase)


class Game(Protocol[OptionsT_contra, StateT, ViewT, ActionT]):
    """The engine contract every game module satisfies (docs/architecture.md).

    Generic in the game's own Options, State, View and Action, so that mypy checks each module
    against its own types (engines/__init__.py holds that check).
    """

    @property
    def SPEC(self) -> GameSpec:  # noqa: N802 - a module constant; read-only, so Final satisfies it
        """What the bot needs before the game starts."""

    def setup(self, options: OptionsT_contra, seats: int, seed: int) -> StateT:
        """A new match for `seats` players, everything random drawn from `seed`."""

    def to_act(self, state: StateT) -> frozenset[int]:
        """The seats that must act now (several in a simultaneous phase, none once over)."""

    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]:
        """Every action `seat` may take in the turn order now, in a stable order."""

    def extra_actions(self, state: StateT, seat: int) -> list[ActionT]:
        """Actions outside the turn order that a seated player may take at any time while the
        game runs (public signals); `apply` accepts them like the others."""

    def apply(self, state: StateT, seat: int, action: ActionT) -> tuple[StateT, list[Event]]:
        """A new state (version + 1) and what happened; raises IllegalAction, never mutates."""

    def view(self, state: StateT, seat: int | None) -> ViewT:
        """What `seat` may see (None: a spectator, nothing secret)."""

    def undoable(self, before: StateT, seat: int, action: ActionT, after: StateT) -> bool:
        """Whether `seat` may take `action` back, returning to `before`: it revealed nothing the
        rules keep hidden and the seat's turn goes on (Board Game Arena's policy). Pure: a
        restored game decides it again from its log."""

    def outcome(self, state: StateT) -> Outcome | None:
        """The result once the match is over; None while it runs."""

    def ai_action(self, view: ViewT, legal: list[ActionT], rng: Random) -> ActionT:
        """The AI's choice among `legal`, knowing only its own seat's view."""


AnyGame: TypeAlias = Game[Any, Any, Any, Any]
"""Any one of the games, as the bot holds them: each has its own State, View and Action types."""
