"""Mind Up! (Maxime Rambourg, Catch Up Games 2023; Russian edition) for 3-6 players.

Ruleset: docs/rules/mindup.md. Base game: 3 rounds of simultaneous secret card choices claiming
cards from a central row, column and icon scoring, tie-breaks on round-3 score then bonus icons.
Variants (Options): goal cards off / k per round (1-5, distinct letters) / k fixed for the game
(3-5); second tie-break on bonus icons only or on the net icon sum.
"""

from __future__ import annotations

from typing import Final

from engines.core import GameSpec
from engines.mindup.ai import ai_action
from engines.mindup.models import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    Options,
    Play,
    RoundResult,
    State,
    View,
)
from engines.mindup.rules import (
    apply,
    extra_actions,
    legal_actions,
    outcome,
    setup,
    to_act,
    view,
)
from engines.mindup.undo import undoable

SPEC: Final = GameSpec(
    slug="mindup",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    Options=Options,
    State=State,
    Action=Action,
    View=View,
    cooperative=False,
    simultaneous=True,
    lower_is_better=False,
)

__all__ = [
    "SPEC",
    "Action",
    "Options",
    "Play",
    "RoundResult",
    "State",
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
