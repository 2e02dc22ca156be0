"""Shared core of every rules engine: spec, actions codec, events, outcome, errors, randomness.

Engines are pure: no I/O, no clock, no global random. The bot and the tests rely on the names here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from random import Random
from typing import Any, Protocol, get_args, get_origin

from pydantic import BaseModel, ConfigDict, TypeAdapter

JsonScalar = int | str | bool | None


class Frozen(BaseModel):
    """Base of every engine model: immutable, strict about unknown fields, JSON-safe."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class GameOptions(Frozen):
    """Base of every game's `Options`: defaults are the base game."""


class GameSpec(Frozen):
    """What the bot needs to know about a game before it starts."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    slug: str
    min_players: int
    max_players: int
    Options: type[GameOptions]
    State: type[BaseModel]
    Action: Any  # the game's discriminated union of action models (field `kind`)
    View: type[BaseModel]
    cooperative: bool = False


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
def _members(action_type: Any) -> dict[str, type[BaseModel]]:
    union = (
        get_args(action_type)[0]
        if get_origin(action_type) is not None and hasattr(action_type, "__metadata__")
        else action_type
    )
    members = get_args(union) or (union,)
    result: dict[str, type[BaseModel]] = {}
    for member in members:
        kind = member.model_fields["kind"].default
        result[kind] = member
    return result


@cache
def _encoded_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields an encoded action lists after its kind, in declaration order."""
    # Cached: pydantic's model_fields is a property, and panels encode every legal action.
    return tuple(name for name in model.model_fields if name != "kind")


def encode_action(action: BaseModel) -> str:
    """`play.37.2`: the kind, then every other field in declaration order."""
    parts = [str(action.kind)]
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


def decode_action(action_type: Any, text: str) -> BaseModel:
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


class Game(Protocol):
    """The engine contract every game module satisfies (see shared/design.md)."""

    SPEC: GameSpec
    setup: Callable[..., Any]
    to_act: Callable[[Any], frozenset[int]]
    legal_actions: Callable[[Any, int], list[Any]]
    apply: Callable[[Any, int, Any], tuple[Any, list[Event]]]
    view: Callable[[Any, int | None], Any]
    outcome: Callable[[Any], Outcome | None]
    ai_action: Callable[[Any, list[Any], Random], Any]
