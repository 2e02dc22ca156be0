"""User text made safe to show: no markdown of its own, no mentions, a bounded length."""

from __future__ import annotations

import re
import unicodedata

import discord

NAME_LIMIT = 32
"""Discord's own limit for a display name."""
ECHO_LIMIT = 60
"""What a refusal quotes of a member's input at most."""

_INVISIBLE = re.compile("[\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
"""Zero-width spaces and the controls of text direction: one left open reverses the rest of
its line (a score after a name), and an invisible one makes two names look the same. Joiners
that compose emoji and scripts stay."""
_UNESCAPED_BRACKET = re.compile(r"(?<!\\)([\[\]])")


def shown(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` as literal characters, on one line: markdown, mentions and Discord's own `<…>`
    syntax escaped, cut to `limit` characters.

    A display name such as `@everyone`, `[Free Nitro](https://…)` or `<t:0:R>` then reads as
    typed and pings, links or renders nothing; a line break in it cannot add a line of its own
    to a list of seats or results.
    """
    text = _INVISIBLE.sub("", text)
    text = "".join(" " if unicodedata.category(c) == "Cc" else c for c in text)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    text = discord.utils.escape_markdown(discord.utils.escape_mentions(text))
    # escape_markdown escapes only a whole masked link ([text](url)), and only its "[".
    return _UNESCAPED_BRACKET.sub(r"\\\1", text).replace("<", "\\<")
