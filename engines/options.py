"""A game's options as players choose them: the values each option allows, the options that name
a seat, and whether a choice fits the number of players.

Everything is read from the game's `Options` model (field types, bounds, validators and the
`SEAT` mark), so a game declares each variant once, in engines/<slug>/models.py, and the bot
offers it without knowing the game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from types import NoneType, UnionType
from typing import Any, Final, Literal, TypeVar, Union, get_args, get_origin

from annotated_types import Ge, Le
from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic.fields import FieldInfo

OptionValue = int | str | bool | None


class SeatNumber:
    """The mark of an int option that names a seat (`Annotated[int, SEAT]`).

    Seat 0 is the first; players see seats counted from 1. The seat must be one of the players'.
    """


SEAT: Final = SeatNumber()


class Misfit(BaseModel):
    """Why a choice of options cannot be played by some number of players."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    option: str
    code: Literal["seat", "players"]
    """`seat`: the seat the option names is not one of the players' (params `seat`, 0-based, and
    `players`); `players`: the option is a variant for exactly `players` players."""
    params: dict[str, int]

    def __str__(self) -> str:
        if self.code == "seat":
            return f"{self.option} {self.params['seat']} is not a seat of {self.params['players']} players"
        return f"{self.option} is a {self.params['players']}-player variant"


class GameOptions(BaseModel):
    """Base of every game's `Options`: defaults are the base game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def misfits(self, players: int) -> list[Misfit]:
        """What keeps these options from being played by `players` players (empty: nothing).

        Every seat option must name a seat that exists; a game with other limits adds its own.
        """
        return [
            Misfit(option=field.name, code="seat", params={"seat": value, "players": players})
            for field in option_fields(type(self))
            if field.seat and isinstance(value := getattr(self, field.name), int)
            if value >= players
        ]


def require_fit(options: GameOptions, players: int) -> None:
    """Refuse (ValueError) options that `players` players cannot play: a game's setup calls it."""
    found = options.misfits(players)
    if found:
        raise ValueError(str(found[0]))


@dataclass(frozen=True)
class OptionField:
    """One option of a game: its name (the model's field), every value it allows, its default."""

    name: str
    values: tuple[OptionValue, ...]
    default: OptionValue
    seat: bool
    """The value is a seat number (None, where allowed, means "no seat": drawn by lot)."""

    @property
    def toggle(self) -> bool:
        """A plain on/off option."""
        return self.values == (False, True)


@cache
def option_fields(options: type[GameOptions]) -> tuple[OptionField, ...]:
    """Every option of a game's Options model, in declaration order."""
    return tuple(_field(name, info) for name, info in options.model_fields.items())


def _field(name: str, info: FieldInfo) -> OptionField:
    annotation: Any = info.annotation
    nullable = False
    if get_origin(annotation) in (Union, UnionType):
        members = get_args(annotation)
        nullable = NoneType in members
        (annotation,) = [m for m in members if m is not NoneType]
    values: tuple[OptionValue, ...]
    if annotation is bool:
        values = (False, True)
    elif get_origin(annotation) is Literal:
        values = get_args(annotation)
    elif annotation is int:
        low = next(m.ge for m in info.metadata if isinstance(m, Ge) and isinstance(m.ge, int))
        high = next(m.le for m in info.metadata if isinstance(m, Le) and isinstance(m.le, int))
        values = tuple(range(low, high + 1))
    else:
        raise TypeError(f"option {name}: {annotation} does not list its values")
    return OptionField(
        name=name,
        values=(None, *values) if nullable else values,
        default=info.default,
        seat=any(isinstance(mark, SeatNumber) for mark in info.metadata),
    )


OptionsT = TypeVar("OptionsT", bound=GameOptions)


def fitted(
    options: OptionsT, changes: Mapping[str, OptionValue], players: int | None = None
) -> OptionsT | None:
    """`options` with `changes` made, or None when no valid options can hold them.

    An option declared after the first changed one gives way when the change needs it (goals
    turned on need a goal count they allow; expert turned off drops the expert endgame): it
    keeps its value if it can, else takes its default, else the first value that works. With
    `players`, a change that `players` players could not play is refused; a misfit that was
    there before and that the change does not touch is left for the start to report.
    """
    fields = option_fields(type(options))
    names = [field.name for field in fields]
    if not changes or not set(changes) <= set(names):
        return None
    first = min(names.index(name) for name in changes)
    base = {**options.model_dump(), **changes}

    def fits(data: dict[str, Any], touched: set[str]) -> OptionsT | None:
        try:
            candidate = type(options).model_validate(data)
        except ValidationError:
            return None
        if players is not None and any(m.option in touched for m in candidate.misfits(players)):
            return None
        return candidate

    found = fits(base, set(changes))
    for field in fields[first + 1 :]:
        if found is not None:
            break
        if field.name in changes:
            continue
        for value in _preferred(field, base[field.name]):
            found = fits({**base, field.name: value}, {*changes, field.name})
            if found is not None:
                break
    return found


def _preferred(field: OptionField, current: OptionValue) -> Iterator[OptionValue]:
    yield current
    yield field.default
    yield from field.values


def offered(options: GameOptions, name: str, players: int | None = None) -> list[OptionValue]:
    """The values of option `name` a player may choose now, given the others and `players`."""
    (field,) = [f for f in option_fields(type(options)) if f.name == name]
    return [value for value in field.values if fitted(options, {name: value}, players) is not None]
