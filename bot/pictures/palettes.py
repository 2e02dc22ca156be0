"""Each game's 256 colours for its PNGs, chosen once from pictures of whole games.

    python -m bot.pictures.palettes     (after a change to what a game's pictures draw)

A PNG of at most 256 colours is small and quick to compress, but choosing the colours for each
picture took twice as long as drawing it. A game draws from a fixed set of colours (its theme,
its cards, the smooth edges between them), all of which its pictures of whole games show, so
the colours are chosen once from such pictures (every table size, the variants that add
colours, both languages) and kept in `palettes.json`. Mapping a picture to them is three times
quicker than choosing its own, and as faithful: tests/bot/test_pictures.py checks pictures of
other games against their drawing, and fails, naming this command, once they drift.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image

import engines
from bot.pictures import painter
from bot.pictures.samples import PLAYERS, playout, seats

PALETTES = Path(__file__).with_name("palettes.json")
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "mindup": [{}, {"goals": "per_round", "goal_count": 2}],
    "thegame": [{}, {"on_fire": True}],
}
"""The options whose pictures draw colours the base game's do not (goal cards, fire cards)."""
SEED = 1
EVERY = 6
"""One state in this many of each game (and its end) is drawn: enough to show every colour."""


def table_sizes(slug: str) -> list[int]:
    """The fewest, the usual and the most players of a game."""
    spec = engines.game(slug).SPEC
    return sorted({spec.min_players, PLAYERS[slug], spec.max_players})


def pictures_of_games(slug: str, seed: int) -> list[Image.Image]:
    """Boards and hands of whole AI games of `slug` from `seed`: every table size and colour
    variant, English and Russian in turn."""
    game = engines.game(slug)
    pictures = painter(slug)
    drawn = []
    for options in VARIANTS.get(slug, [{}]):
        for players in table_sizes(slug):
            table = seats(players, ai=1)
            states = playout(slug, players, seed, **options)
            for index, state in enumerate([*states[::EVERY], states[-1]]):
                lang = ("en", "ru")[index % 2]
                seat = min(game.to_act(state) or {0})
                drawn.append(pictures.board(game.view(state, None), table, lang))
                drawn.append(pictures.hand(game.view(state, seat), table, lang))
    return drawn


def choose(slug: str) -> bytes:
    """The game's colours (RGB triples), chosen from all its sample pictures at once."""
    drawn = pictures_of_games(slug, SEED)
    sheet = Image.new("RGB", (max(p.width for p in drawn), sum(p.height for p in drawn)))
    top = 0
    for picture in drawn:
        sheet.paste(picture, (0, top))
        top += picture.height
    chosen = sheet.quantize(256, Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return bytes(chosen.getpalette() or [])


@cache
def palette(slug: str) -> Image.Image:
    """The game's colours as Pillow takes them: a palette image."""
    colours = bytes.fromhex(json.loads(PALETTES.read_text())[slug])
    image = Image.new("P", (1, 1))
    image.putpalette(colours)
    return image


def main() -> None:
    """Choose every game's colours again and write them."""
    chosen = {slug: choose(slug).hex() for slug in engines.SLUGS}
    PALETTES.write_text(json.dumps(chosen, indent=1) + "\n")
    print(PALETTES)


if __name__ == "__main__":
    main()
