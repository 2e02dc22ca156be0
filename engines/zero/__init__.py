"""Reiner Knizia's Zero (Russian Zvezda edition), 2-5 players; the lowest total wins.

Ruleset: docs/rules/zero.md. Variants (Options): beginner market of 7 cards (3-5 players), start
player of round 1, optional Zero declaration. The exchange is played in two steps (give a hand
card, then take a different market card) so that every choice stays small.
"""

from __future__ import annotations

from typing import Final

from engines.core import GameSpec
from engines.zero.ai import ai_action
from engines.zero.models import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    Declare,
    Give,
    Options,
    Pass,
    State,
    Take,
    View,
)
from engines.zero.rules import (
    apply,
    extra_actions,
    legal_actions,
    outcome,
    setup,
    to_act,
    view,
)
from engines.zero.undo import undoable

SPEC: Final = GameSpec(
    slug="zero",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    Options=Options,
    State=State,
    Action=Action,
    View=View,
    cooperative=False,
    simultaneous=False,
    lower_is_better=True,
)

__all__ = [
    "SPEC",
    "Action",
    "Declare",
    "Give",
    "Options",
    "Pass",
    "State",
    "Take",
    "View",
    "ai_action",
    "apply",
    "extra_actions",
    "legal_actions",
    "outcome",
    "setup",
    "to_act",
    "undoable",
    "view",
]
