"""The Game (Steffen Benndorf, NSV 2015) with the On Fire expansion: cooperative, 1-5 players.

Variants: expert (minimum three), smaller hands, On Fire (fire cards 22-77 must be covered in time),
expert minimum in the endgame, chosen start seat. Public pile signals model the table talk of R16.
"""

from __future__ import annotations

from typing import Final

from engines.core import GameSpec
from engines.thegame.ai import ai_action
from engines.thegame.models import (
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
    legal_actions,
    outcome,
    setup,
    signal_actions,
    to_act,
    view,
)

SPEC: Final = GameSpec(
    slug="thegame",
    min_players=1,
    max_players=5,
    Options=Options,
    State=State,
    Action=Action,
    View=View,
    cooperative=True,
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
    "legal_actions",
    "outcome",
    "setup",
    "signal_actions",
    "to_act",
    "view",
]
