"""Pure rules engines for the five games; see shared/design.md, "Engines: the contract"."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from engines.core import Event, Game, GameSpec, IllegalAction, Outcome

SLUGS = ("mindup", "thegame", "genial", "hourglass", "zero")


@cache
def game(slug: str) -> Game:
    """The engine of one game, imported on first use (KeyError for an unknown slug)."""
    if slug not in SLUGS:
        raise KeyError(slug)
    return importlib.import_module(f"engines.{slug}")  # type: ignore[return-value]


def __getattr__(name: str) -> Any:
    # Loaded on first use so that importing one engine (or the core) does not import all five.
    if name == "GAMES":
        games = {slug: game(slug) for slug in SLUGS}
        globals()["GAMES"] = games
        return games
    raise AttributeError(name)


__all__ = ["GAMES", "SLUGS", "Event", "Game", "GameSpec", "IllegalAction", "Outcome", "game"]
