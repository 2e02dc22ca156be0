"""The seam between processes for clicks: a process hands a click to the process that runs the
clicked game (implemented by the `cogs.relay` extension when shards run in several processes)."""

from __future__ import annotations

from typing import Protocol

import discord


class ClickRelay(Protocol):
    """Hands clicks on other processes' games over to them."""

    async def hand_over(self, interaction: discord.Interaction, game_id: str) -> bool:
        """Whether the click went to (or was answered for) another process: if so, it is done."""
        ...
