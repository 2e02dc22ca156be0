"""Knizia's Einfach Genial – Das riskante Sammelspiel (Russian Hobby World edition), 2-4 players.

Ruleset: docs/rules/genial.md. Variants (Options): per-colour target 6 instead of 7 with three
players (original German edition), a series of games scored by victory points with the start seat
rotating (R25) and an optional most-games-won tie-break, and the seat that starts (R3).
Implementation rulings: the centre is recycled into an empty reserve (R27), a game ends at once in a
dead position, where no collection can ever change again (R29), and as a last safeguard a game
stalls after 500 idle turns (R28).
"""

from __future__ import annotations

from typing import Final

from engines.core import GameSpec
from engines.genial.ai import ai_action
from engines.genial.models import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    Alternative,
    Bank,
    Draw,
    GameRecord,
    Options,
    State,
    View,
)
from engines.genial.rules import (
    apply,
    dead_position,
    extra_actions,
    legal_actions,
    outcome,
    setup,
    to_act,
    view,
)
from engines.genial.undo import undoable

SPEC: Final = GameSpec(
    slug="genial",
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
    "Alternative",
    "Bank",
    "Draw",
    "GameRecord",
    "Options",
    "State",
    "View",
    "ai_action",
    "apply",
    "dead_position",
    "extra_actions",
    "legal_actions",
    "outcome",
    "setup",
    "to_act",
    "undoable",
    "view",
]
