"""What every message's components are made of: views sent once, and the parts of a select."""

from __future__ import annotations

from typing import Any

import discord

ROWS = 5
"""Action rows of a message."""

Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]


def detached(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view to send once: our items dispatch by custom_id, so discord.py need not keep it."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


def select_options(options: list[tuple[str, str]] | None) -> list[discord.SelectOption]:
    """(label, value) pairs as a select's options; a rebuilt select needs none (Discord sends
    the chosen value with the click), but a select must hold one."""
    return [
        discord.SelectOption(label=label, value=value) for label, value in options or [("-", "-")]
    ]


def chosen(interaction: discord.Interaction) -> str:
    """The value a member chose in a select ("" if the click carried none)."""
    data: Any = interaction.data or {}
    values = data.get("values") or [""]
    return str(values[0])
