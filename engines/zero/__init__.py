"""Reiner Knizia's Zero (Russian Zvezda edition, rules file shared/rules/zero.md), 2-5 players.

Variants: beginner market of 7 cards (3-5 players), start player of round 1, optional Zero
declaration. The exchange is played in two steps (give a hand card, then take a different market
card) so that every choice stays small.
"""

from __future__ import annotations

from engines.core import GameSpec
from engines.zero.ai import ai_action
from engines.zero.models import Action, Declare, Give, Options, Pass, State, Take, View
from engines.zero.rules import apply, legal_actions, outcome, setup, to_act, view

SPEC = GameSpec(
    slug="zero",
    min_players=2,
    max_players=5,
    Options=Options,
    State=State,
    Action=Action,
    View=View,
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
    "legal_actions",
    "outcome",
    "setup",
    "to_act",
    "view",
]
