"""What the AI worker process needs loaded before its first decision or picture."""

from __future__ import annotations

import engines
from bot.i18n import LANGUAGES, PICTURE_CATALOGS, bundle, only_catalogs
from bot.pictures import painter
from bot.pictures.palettes import palette
from bot.pictures.pool import Sketch
from bot.pictures.samples import PLAYERS, playout, seats


def load_drawing() -> None:
    """The engines, and every game's pictures and colours."""
    for slug in engines.SLUGS:
        engines.game(slug)
        painter(slug)
        palette(slug)


def draw_samples() -> None:
    """Each game's board and a hand halfway through a game, in every language.

    A process's first pictures load the fonts and draw the card faces, labels and shapes that
    every later picture reuses: 20-80 ms each instead of about 3, past the tenth of a second a
    member's panel waits for its picture. Drawn here once, in the fork server, every worker is
    forked with all of that ready, the first one and any started again after a crash.
    """
    for slug in engines.SLUGS:
        game, players = engines.game(slug), PLAYERS[slug]
        states = playout(slug, players, seed=1)
        halfway = states[len(states) // 2]
        board, hand = game.view(halfway, None), game.view(halfway, 0)
        for lang in LANGUAGES:
            Sketch("sample", slug, "board", board, seats(players), lang).draw()
            Sketch("sample", slug, "hand", hand, seats(players), lang).draw()


def load_worker() -> None:
    """The drawing, and the compiled catalogs of the pictures' words alone, in every language
    (compiling takes CPU, which a first picture would wait for; all the catalogs, several times
    as much, which the worker never formats); then sample pictures, to start warm."""
    only_catalogs(PICTURE_CATALOGS)
    load_drawing()
    for language in LANGUAGES:
        bundle(language)
    draw_samples()
