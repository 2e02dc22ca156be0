"""User text made safe to show: no markdown of its own, no mentions, a bounded length."""

from __future__ import annotations

import re

import discord

NAME_LIMIT = 32
"""Discord's own limit for a display name."""
ECHO_LIMIT = 60
"""What a refusal quotes of a member's input at most."""

_INVISIBLE = [0x200B, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2060, 0x2065)]
_INVISIBLE += [*range(0x2066, 0x206A), 0xFEFF]
_ONE_LINE = {c: " " for c in [*range(0x20), *range(0x7F, 0xA0)]} | dict.fromkeys(_INVISIBLE)
"""Control characters (a line break, a tab) become spaces. Zero-width spaces and the controls
of text direction go: one left open reverses the rest of its line (a score after a name), and
an invisible one makes two names look the same. Joiners that compose emoji and scripts stay."""
_UNESCAPED_BRACKET = re.compile(r"(?<!\\)((?:\\\\)*)([\[\]])")
"""A bracket after an even number of backslashes (each pair one escaped backslash)."""


def looks(text: str) -> str:
    """What `text` looks like to a reader once shown: two names that give the same are told
    apart by their seats (case and runs of spaces do not tell names apart on screen)."""
    return " ".join(text.translate(_ONE_LINE).split()).casefold()


def shown(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` as literal characters, on one line: markdown, mentions and Discord's own `<…>`
    syntax escaped, cut to `limit` characters.

    A display name such as `@everyone`, `[Free Nitro](https://…)` or `<t:0:R>` then reads as
    typed and pings, links or renders nothing; a line break in it cannot add a line of its own
    to a list of seats or results.
    """
    text = text.translate(_ONE_LINE)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    text = discord.utils.escape_markdown(discord.utils.escape_mentions(text))
    # escape_markdown escapes only a whole masked link ([text](url)), and only its "[".
    return _UNESCAPED_BRACKET.sub(r"\1\\\2", text).replace("<", "\\<")
