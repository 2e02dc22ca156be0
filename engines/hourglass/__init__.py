"""Hourglass: a 2-5 player set-stealing card game with "+/-" card holders (Russian edition).

Ruleset: docs/rules/hourglass.md (hourglass counts are the PROPOSED default table of R4).
Variants (Options): start seat, 5-player "deck used twice", pile-card tie-break, literal A1,
open scores.
"""

from __future__ import annotations

from typing import Final

from engines.core import GameSpec
from engines.hourglass.ai import ai_action
from engines.hourglass.models import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    CardSet,
    Discard,
    FeedSet,
    OpenSet,
    Options,
    RoundResult,
    State,
    TakeSet,
    View,
)
from engines.hourglass.rules import (
    after_round,
    apply,
    extra_actions,
    legal_actions,
    may_open,
    outcome,
    setup,
    to_act,
    view,
)
from engines.hourglass.undo import undoable

SPEC: Final = GameSpec(
    slug="hourglass",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    Options=Options,
    State=State,
    Action=Action,
    View=View,
    cooperative=False,
    simultaneous=False,
    lower_is_better=False,
)

__all__ = [
    "SPEC",
    "Action",
    "CardSet",
    "Discard",
    "FeedSet",
    "OpenSet",
    "Options",
    "RoundResult",
    "State",
    "TakeSet",
    "View",
    "after_round",
    "ai_action",
    "apply",
    "extra_actions",
    "legal_actions",
    "may_open",
    "outcome",
    "setup",
    "to_act",
    "undoable",
    "view",
]
