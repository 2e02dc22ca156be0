"""Pictures of the table: each game's board and hands drawn with Pillow (no Discord here)."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from bot.pictures.base import Painter, Seats


@cache
def painter(slug: str) -> Painter:
    """The pictures of a game (looked up once)."""
    return import_module(f"bot.pictures.{slug}")


__all__ = ["Painter", "Seats", "painter"]
