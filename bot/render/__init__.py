"""Text rendering of each game's views, events and actions (no Discord objects here)."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from bot.render.base import Renderer


@cache
def renderer(slug: str) -> Renderer:
    """The renderer of a game (looked up once: every panel, board and announcement asks)."""
    return import_module(f"bot.render.{slug}")


__all__ = ["Renderer", "renderer"]
