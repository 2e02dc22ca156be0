"""Text rendering of each game's views, events and actions (no Discord objects here)."""

from __future__ import annotations

from importlib import import_module

from bot.render.base import Renderer


def renderer(slug: str) -> Renderer:
    """The renderer of a game."""
    return import_module(f"bot.render.{slug}")  # type: ignore[return-value]


__all__ = ["Renderer", "renderer"]
