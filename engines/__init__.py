"""Pure rules engines for the five games; see shared/design.md, "Engines: the contract"."""

from __future__ import annotations

import importlib
from typing import Any

from engines.core import Event, Game, GameSpec, IllegalAction, Outcome

SLUGS = ("mindup", "thegame", "genial", "hourglass", "zero")


def __getattr__(name: str) -> Any:
    # Loaded on first use so that importing one engine (or the core) does not import all five.
    if name == "GAMES":
        games: dict[str, Game] = {
            slug: importlib.import_module(f"engines.{slug}")  # type: ignore[misc]
            for slug in SLUGS
        }
        globals()["GAMES"] = games
        return games
    raise AttributeError(name)


__all__ = ["GAMES", "SLUGS", "Event", "Game", "GameSpec", "IllegalAction", "Outcome"]
