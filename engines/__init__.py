"""Pure rules engines for the five games; see shared/design.md, "Engines: the contract"."""

from engines import genial, hourglass, mindup, thegame, zero
from engines.core import Event, Game, GameSpec, IllegalAction, Outcome

GAMES: dict[str, Game] = {
    game.SPEC.slug: game for game in (mindup, thegame, genial, hourglass, zero)
}

__all__ = ["GAMES", "Event", "Game", "GameSpec", "IllegalAction", "Outcome"]
