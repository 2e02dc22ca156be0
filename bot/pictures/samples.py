"""Whole games played by the AI, to draw without Discord: the gallery, the benchmark, the tests."""

from __future__ import annotations

import random
from typing import Any

import engines
from bot.pictures.base import Seats
from engines.core import StateBase

NAMES = ("Ada", "Boris", "Chloé", "Dima", "Eve", "Fyodor")
PLAYERS = {"genial": 3, "hourglass": 3, "mindup": 4, "thegame": 3, "zero": 3}
"""A usual table for each game."""


def playout(slug: str, players: int, seed: int, **options: Any) -> list[StateBase]:
    """Every state of one game, from the deal to its end, each seat's moves chosen by the AI."""
    game = engines.game(slug)
    state = game.setup(game.SPEC.Options(**options), players, seed)
    states = [state]
    rng = random.Random(seed)
    while game.outcome(state) is None:
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, game.ai_action(game.view(state, seat), legal, rng))
        states.append(state)
    return states


def seats(players: int, ai: int = 0, clock: bool = True) -> Seats:
    """A table of `players` named seats, the last `ai` of them played by the AI."""
    return Seats(
        names=NAMES[:players],
        ai=tuple(seat >= players - ai for seat in range(players)),
        clock=clock,
    )
