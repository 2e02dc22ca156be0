"""Pure rules engines for the five games; see docs/architecture.md, "The engine contract"."""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from engines.core import AnyGame, Event, Game, GameSpec, IllegalAction, Outcome

if TYPE_CHECKING:
    # mypy's proof that each engine module satisfies the contract with its own types; at run time
    # the engines are imported one at a time, on first use, by game().
    from engines import genial, hourglass, mindup, thegame, zero

    _mindup: Game[mindup.Options, mindup.State, mindup.View, mindup.Action] = mindup
    _thegame: Game[thegame.Options, thegame.State, thegame.View, thegame.Action] = thegame
    _genial: Game[genial.Options, genial.State, genial.View, genial.Action] = genial
    _hourglass: Game[hourglass.Options, hourglass.State, hourglass.View, hourglass.Action] = (
        hourglass
    )
    _zero: Game[zero.Options, zero.State, zero.View, zero.Action] = zero

SLUGS = ("mindup", "thegame", "genial", "hourglass", "zero")


@cache
def game(slug: str) -> AnyGame:
    """The engine of one game, imported on first use (KeyError for an unknown slug)."""
    if slug not in SLUGS:
        raise KeyError(slug)
    # Every slug names one of the modules checked against Game above.
    return cast(AnyGame, importlib.import_module(f"engines.{slug}"))


def __getattr__(name: str) -> Any:
    # Loaded on first use so that importing one engine (or the core) does not import all five.
    if name == "GAMES":
        games = {slug: game(slug) for slug in SLUGS}
        globals()["GAMES"] = games
        return games
    raise AttributeError(name)


__all__ = [
    "GAMES",
    "SLUGS",
    "AnyGame",
    "Event",
    "Game",
    "GameSpec",
    "IllegalAction",
    "Outcome",
    "game",
]
