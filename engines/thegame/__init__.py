"""The Game (Steffen Benndorf, NSV 2015) with the On Fire expansion: cooperative, 1-5 players.

Ruleset: docs/rules/thegame.md. The team plays every card onto four piles; the shared score is
the number of cards left, lower is better (R18). Variants (Options): expert (minimum three),
smaller hands, On Fire (fire cards 22-77 must be covered in time), expert minimum in the endgame,
chosen start seat. Public pile signals, the game's extra actions, model the table talk of R16.
"""

from __future__ import annotations

from typing import Final

from engines.core import GameSpec
from engines.thegame.ai import ai_action
from engines.thegame.models import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    Burning,
    BurningView,
    Options,
    PileSignal,
    Play,
    Signal,
    State,
    Stop,
    View,
)
from engines.thegame.rules import (
    apply,
    extra_actions,
    fits,
    legal_actions,
    outcome,
    setup,
    to_act,
    view,
)
from engines.thegame.undo import undoable

SPEC: Final = GameSpec(
    slug="thegame",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    Options=Options,
    State=State,
    Action=Action,
    View=View,
    cooperative=True,
    simultaneous=False,
    lower_is_better=True,
)

__all__ = [
    "SPEC",
    "Action",
    "Burning",
    "BurningView",
    "Options",
    "PileSignal",
    "Play",
    "Signal",
    "State",
    "Stop",
    "View",
    "ai_action",
    "apply",
    "extra_actions",
    "fits",
    "legal_actions",
    "outcome",
    "setup",
    "to_act",
    "undoable",
    "view",
]
