"""Knizia's Einfach Genial – Das riskante Sammelspiel (rules file shared/rules/genial.md), 2-4 players.

Russian Hobby World edition (seed rulebook).

Variants: per-colour target 6 instead of 7 with three players (original German edition), a
series of games scored by victory points with the start seat rotating (R25) and an optional
most-games-won tie-break, and the seat that starts (R3). Implementation rulings: the centre is
recycled into an empty reserve (R27) and a game stalls after 500 idle turns (R28).
"""

from __future__ import annotations

from engines.core import GameSpec
from engines.genial.ai import ai_action
from engines.genial.models import Action, Alternative, Bank, Draw, GameRecord, Options, State, View
from engines.genial.rules import apply, legal_actions, outcome, setup, to_act, view

SPEC = GameSpec(
    slug="genial",
    min_players=2,
    max_players=4,
    Options=Options,
    State=State,
    Action=Action,
    View=View,
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
    "legal_actions",
    "outcome",
    "setup",
    "to_act",
    "view",
]
