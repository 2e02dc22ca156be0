"""Write docs/images/<slug>.png: each game's board above a player's hand, mid-game.

    python -m bot.pictures.gallery [--out docs/images] [--lang en]

Each picture is a game the AI plays from a fixed seed, stopped at a moment that shows what the
game's pictures draw (a burning pile and a signal, secret choices half made, a draw to bank, a
card laid beside the market), so the gallery changes only when the drawing does.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from PIL import Image

import engines
from bot.pictures import painter
from bot.pictures.base import TABLE, WIDTH
from bot.pictures.samples import playout, seats
from engines.core import StateBase

GAP = 16


@dataclass(frozen=True)
class Scene:
    """A moment of one game: its table, and the first public view that shows what we want."""

    players: int
    wanted: Callable[[Any], bool]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 7


SCENES = {
    "genial": Scene(3, lambda v: len(v.staging) >= 2 and any(map(any, v.lines))),
    "hourglass": Scene(4, lambda v: v.round == 2 and all(h is not None for h in v.holders)),
    "mindup": Scene(
        4,
        lambda v: v.round == 2 and v.turn >= 4 and sum(v.chosen) == 2,
        {"goals": "per_round", "goal_count": 2},
    ),
    "thegame": Scene(3, lambda v: bool(v.burning) and v.played == 1, {"on_fire": True}),
    "zero": Scene(3, lambda v: v.laid is not None and v.round == 2),
}


def moment(slug: str) -> StateBase:
    """The scene's state; The Game's team has also just asked for one pile to be spared."""
    scene = SCENES[slug]
    game = engines.game(slug)
    state = next(
        s
        for s in playout(slug, scene.players, scene.seed, **scene.options)
        if scene.wanted(game.view(s, None))
    )
    if slug == "thegame":
        signal = next(a for a in game.extra_actions(state, 1) if a.signal == "dont_play")
        state, _ = game.apply(state, 1, signal)
    return state


def picture(slug: str, lang: str) -> Image.Image:
    """The board, and under it the hand of a seat that must act now."""
    scene = SCENES[slug]
    game = engines.game(slug)
    state = moment(slug)
    seat = min(game.to_act(state))
    # The AI plays one of the others: the hand shown is a member's, whose turn it is.
    ai = max(s for s in range(scene.players) if s != seat)
    table = replace(seats(scene.players), ai=tuple(s == ai for s in range(scene.players)))
    board = painter(slug).board(game.view(state, None), table, lang)
    hand = painter(slug).hand(game.view(state, seat), table, lang)
    sheet = Image.new("RGB", (WIDTH, board.height + GAP + hand.height), TABLE)
    sheet.paste(board, (0, 0))
    sheet.paste(hand, (0, board.height + GAP))
    return sheet


def main(argv: list[str] | None = None) -> None:
    """Write the gallery, one PNG per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    parser.add_argument("--lang", default="en", choices=("en", "ru"))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for slug in engines.SLUGS:
        path = args.out / f"{slug}.png"
        picture(slug, args.lang).save(path, optimize=True)
        print(path)


if __name__ == "__main__":
    main()
