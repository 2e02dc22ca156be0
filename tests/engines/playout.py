"""Random playouts shared by the engine property tests and the benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from engines.core import Game

MAX_STEPS = 20_000


def random_choice(game: Game, state: Any, seat: int, rng: random.Random) -> Any:
    """A uniformly random legal action: the baseline every AI must beat."""
    return rng.choice(game.legal_actions(state, seat))


def ai_choice(game: Game, state: Any, seat: int, rng: random.Random) -> Any:
    """The game's AI, given only its own seat's view."""
    return game.ai_action(game.view(state, seat), game.legal_actions(state, seat), rng)


Chooser = Callable[[Game, Any, int, random.Random], Any]


def steps(
    game: Game, players: int, seed: int, choosers: list[Chooser] | None = None, options: Any = None
) -> Iterator[tuple[Any, int, Any]]:
    """Yield (state before, seat, action) until the game ends; the last state via StopIteration."""
    rng = random.Random(seed * 7919 + players)
    state = game.setup(options or game.SPEC.Options(), players, seed)
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            return state
        acting = sorted(game.to_act(state))
        assert acting, "a running game must have someone to act"
        seat = rng.choice(acting)
        chooser = choosers[seat] if choosers else random_choice
        action = chooser(game, state, seat, rng)
        yield state, seat, action
        state, _events = game.apply(state, seat, action)
    raise AssertionError(f"{game.SPEC.slug} did not end within {MAX_STEPS} actions")


def play(
    game: Game, players: int, seed: int, choosers: list[Chooser] | None = None, options: Any = None
) -> Any:
    """Play one whole game and return its final state."""
    it = steps(game, players, seed, choosers, options)
    while True:
        try:
            next(it)
        except StopIteration as stop:
            return stop.value
