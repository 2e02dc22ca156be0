"""What the AI worker process needs loaded before its first decision or picture."""

from __future__ import annotations

import engines
from bot.i18n import LANGUAGES, PICTURE_CATALOGS, bundle, only_catalogs
from bot.pictures import painter
from bot.pictures.palettes import palette


def load_drawing() -> None:
    """The engines, and every game's pictures and colours."""
    for slug in engines.SLUGS:
        engines.game(slug)
        painter(slug)
        palette(slug)


def load_worker() -> None:
    """The drawing, and the compiled catalogs of the pictures' words alone, in every language
    (compiling takes CPU, which a first picture would wait for; all the catalogs, several times
    as much, which the worker never formats)."""
    only_catalogs(PICTURE_CATALOGS)
    load_drawing()
    for language in LANGUAGES:
        bundle(language)
