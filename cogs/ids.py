"""custom_id templates: one format per kind of component, the pattern that parses it derived from it.

A custom_id carries `tb:<kind>:<game id>[:<version>][:<args>]` and nothing secret; who acts is
always the member who clicked. Each `DynamicItem` is registered with its template's `pattern`
and builds its custom_id with `format`, so writing and reading an id can never disagree.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

MAX_LENGTH = 100
"""Discord's limit for a custom_id."""

PARTS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "game_id": (r"[0-9a-f]{8}", str),
    "verb": (r"[a-z]+", str),
    "version": (r"\d{1,9}", int),
    "action": (r"[\w.~-]{1,70}", str),
    "number": (r"\d", int),
    "what": (r"leave|end", str),
    "on": (r"[01]", lambda digit: digit == "1"),
    "option": (r"[a-z][a-z0-9_]{0,39}", str),
    "slug": (r"[a-z]{1,20}", str),
    "key": (r"\w{1,20}", str),
    "page": (r"\d{1,6}", int),
}
"""What each named part of a custom_id may hold, and how it is read back."""

_PART = re.compile(r"\{(\w+)\}")


class Template:
    """`Template("tb:act:{game_id}:{version}:{action}")`: build ids with `format`, parse with `pattern`."""

    def __init__(self, layout: str) -> None:
        self.layout = layout
        self.prefix = layout.split("{", 1)[0]
        self.pattern = re.compile(
            _PART.sub(lambda part: f"(?P<{part[1]}>{PARTS[part[1]][0]})", layout)
        )

    def format(self, **parts: Any) -> str:
        """The custom_id of a component with these parts."""
        values = {
            name: int(value) if isinstance(value, bool) else value for name, value in parts.items()
        }
        return self.layout.format_map(values)

    def parse(self, match: re.Match[str]) -> dict[str, Any]:
        """The parts of a matched custom_id, read back to their types."""
        groups: Mapping[str, str] = match.groupdict()
        return {name: PARTS[name][1](value) for name, value in groups.items()}


LOBBY = Template("tb:lobby:{game_id}:{verb}")
HAND = Template("tb:hand:{game_id}")
ACT = Template("tb:act:{game_id}:{version}:{action}")
SELECT = Template("tb:sel:{game_id}:{version}:{number}")
EXTRA = Template("tb:x:{game_id}")
CONFIRM = Template("tb:ok:{game_id}:{what}")
CANCEL = Template("tb:no:{game_id}:{what}")
DM = Template("tb:dm:{on}")
RECLAIM = Template("tb:back:{game_id}")
PICK = Template("tb:pick:{game_id}:{version}:{key}")
UNDO = Template("tb:undo:{game_id}:{version}")
REMATCH = Template("tb:again:{game_id}")
LOBBY_OPTION = Template("tb:lopt:{game_id}:{option}")
LOBBY_TOGGLE = Template("tb:ltog:{game_id}:{option}:{on}")
DEFAULT_OPTION = Template("tb:dopt:{slug}:{option}")
DEFAULT_TOGGLE = Template("tb:dtog:{slug}:{option}:{on}")
LEADERBOARD = Template("tb:lb:{slug}:{page}")
REPLAY = Template("tb:rp:{game_id}")
REPLAY_STEP = Template("tb:rs:{game_id}:{version}:{key}")
RULES = Template("tb:rules:{slug}:{game_id}")

TEMPLATES = (
    LOBBY,
    HAND,
    ACT,
    SELECT,
    EXTRA,
    CONFIRM,
    CANCEL,
    DM,
    RECLAIM,
    PICK,
    UNDO,
    REMATCH,
    LOBBY_OPTION,
    LOBBY_TOGGLE,
    DEFAULT_OPTION,
    DEFAULT_TOGGLE,
    LEADERBOARD,
    REPLAY,
    REPLAY_STEP,
    RULES,
)
