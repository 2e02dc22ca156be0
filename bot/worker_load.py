"""What the AI worker process needs loaded before its first decision or picture."""

from __future__ import annotations

import engines
from bot.i18n import LANGUAGES, bundle
from bot.pictures import painter
from bot.pictures.palettes import palette


def load_worker() -> None:
    """The engines, every game's pictures and colours, and the compiled catalogs (pictures
    carry words; compiling both takes seconds of CPU, which a first picture would wait for)."""
    for slug in engines.SLUGS:
        engines.game(slug)
        painter(slug)
        palette(slug)
    for language in LANGUAGES:
        bundle(language)
