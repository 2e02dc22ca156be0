"""What every message's components are made of: the views that carry them once, and the parts
of a select.

A view and its items refer to each other, so a view that is dropped waits for the garbage
collector, with everything it holds; the collector's passes then stall every click in flight.
Ours are sent once and never kept (our items find their way back by custom_id), so once sent,
a view lets go of its items (`sending`) and reference counting frees it at once. The view
discord.py builds of each clicked message, to find the item clicked, does the same once the
click is answered (cogs/items.py:Component.answer).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
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


@contextmanager
def sending(fields: Mapping[str, Any]) -> Iterator[None]:
    """Around the last send of a message's `fields`: then their view (of `detached`) lets go of
    its items. A view released too early sends no components, so release it only where the
    message is done with; one never released is left to the collector."""
    try:
        yield
    finally:
        view = fields.get("view")
        if isinstance(view, discord.ui.View):
            view.clear_items()


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
