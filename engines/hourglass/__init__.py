"""Hourglass: a 2-5 player set-stealing card game with "+/-" card holders (Russian edition).

Ruleset: /work/shared/rules/hourglass.md (hourglass counts are the PROPOSED default table of R4);
variants as Options: start seat, 5-player "deck used twice", pile-card tie-break, literal A1.
"""

from __future__ import annotations

from engines.core import GameSpec

from .ai import ai_action
from .models import (
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
from .rules import apply, legal_actions, outcome, setup, to_act, view

SPEC = GameSpec(
    slug="hourglass",
    min_players=2,
    max_players=5,
    Options=Options,
    State=State,
    Action=Action,
    View=View,
    cooperative=False,
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
    "ai_action",
    "apply",
    "legal_actions",
    "outcome",
    "setup",
    "to_act",
    "view",
]
