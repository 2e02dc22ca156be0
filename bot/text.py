"""User text made safe to show: no markdown of its own, no mentions, a bounded length."""

from __future__ import annotations

import discord

NAME_LIMIT = 32
"""Discord's own limit for a display name."""
ECHO_LIMIT = 60
"""What a refusal quotes of a member's input at most."""


def shown(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` as literal characters: markdown and mentions escaped, cut to `limit` characters.

    A display name such as `@everyone` or `[Free Nitro](https://…)` then reads as typed and
    pings or links nothing.
    """
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    text = discord.utils.escape_markdown(discord.utils.escape_mentions(text))
    # escape_markdown leaves masked links ([text](url)) alone.
    return text.replace("[", "\\[").replace("]", "\\]")
