"""What our buttons and selects share: how each is found again from its custom_id, and how it
answers a click."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Self

import discord

from cogs.ids import Template
from cogs.replies import Reply, guarded


class Component(discord.ui.Item[discord.ui.View]):
    """What our buttons and selects share; mixed in before `discord.ui.DynamicItem`, with the
    `layout` of the custom_id (cogs.ids) that the item is found by and rebuilt from."""

    layout: ClassVar[Template]

    def __init_subclass__(cls, *, layout: Template | None = None, **kwargs: Any) -> None:
        if layout is not None:
            cls.layout = layout
            kwargs["template"] = layout.pattern
        super().__init_subclass__(**kwargs)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """The item again, from a clicked custom_id (a select's chosen value comes with the
        click, not in the custom_id)."""
        return cls(**cls.layout.parse(match))

    async def answer(
        self,
        interaction: discord.Interaction,
        work: Callable[[Reply], Awaitable[None]],
        *,
        game_id: str = "-",
    ) -> None:
        """Answer the click with `work` (cogs.replies.guarded); then the view discord.py built
        of the clicked message to find this item lets go of its items."""
        try:
            await guarded(interaction, work, game_id=game_id)
        finally:
            if self.view is not None:
                self.view.clear_items()
