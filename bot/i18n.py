"""Localization: Fluent catalogs (bot/locales/<lang>/*.ftl) with CLDR plural rules.

Replies follow the user's Discord locale; public messages follow the server's language.
Every key exists in both catalogs (a test checks it); a missing key falls back to English.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from fluent_compiler.bundle import FluentBundle
from fluent_compiler.types import FluentInt, FluentNumber

LANGUAGES = ("en", "ru")
DEFAULT = "en"
LOCALES_DIR = Path(__file__).parent / "locales"
PICTURE_CATALOGS = ("pictures", "thegame", "zero")
"""The catalogs whose words the pictures carry (their own, and two games' counts): all that the
AI worker, which draws them, compiles (a test draws every game's pictures with these alone)."""
_catalogs: tuple[str, ...] | None = None


def language_of(locale: discord.Locale | str | None) -> str:
    """Our catalog language for a Discord locale: Russian for ru, English otherwise."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return "ru" if value.startswith("ru") else DEFAULT


@cache
def bundle(language: str) -> FluentBundle:
    """The catalog of one language, compiled (Discord renders no bidi isolation marks).

    fluent_compiler turns every message into a Python function once, here: formatting is then
    several times faster than fluent.runtime's resolver, which was a good part of drawing a
    panel, and nothing is compiled in the middle of answering someone.
    """
    paths = sorted((LOCALES_DIR / language).glob("*.ftl"))
    if _catalogs is not None:
        paths = [path for path in paths if path.stem in _catalogs]
    return FluentBundle.from_files(language, [str(path) for path in paths], use_isolating=False)


def only_catalogs(names: tuple[str, ...]) -> None:
    """This process formats messages of these catalogs alone (the AI worker: the pictures'
    words): compiling all of them takes seconds of CPU at every start. Before any message is
    formatted."""
    global _catalogs
    _catalogs = names
    bundle.cache_clear()


def has(language: str, key: str) -> bool:
    """Whether the catalog of `language` defines `key`."""
    return bool(bundle(language).has_message(key))


def t(language: str, key: str, **params: Any) -> str:
    """The message `key` in `language`, formatted with `params` (plurals included)."""
    # Only messages without text parameters are remembered: those may carry what members
    # typed (names, option values), and every distinct one would stay in the cache.
    if not any(isinstance(value, str) for value in params.values()):
        try:
            return _remembered(language, key, tuple(sorted(params.items())))
        except TypeError:  # a parameter that cannot be a cache key
            pass
    return _format(language, key, params)


@lru_cache(maxsize=32768)
def _remembered(language: str, key: str, params: tuple[tuple[str, Any], ...]) -> str:
    # Boards and panels format the same few hundred strings over and over.
    return _format(language, key, dict(params))


def _format(language: str, key: str, params: dict[str, Any]) -> str:
    chosen = bundle(language if has(language, key) else DEFAULT)
    if not chosen.has_message(key):
        return key
    plain = {k: _PlainInt(v) if type(v) is int and 0 <= v < 1000 else v for k, v in params.items()}
    text, _errors = chosen.format(key, plain)
    return str(text)


class _PlainInt(FluentInt):  # type: ignore[misc]  # fluent_compiler ships no type hints
    """A number below 1000, which Fluent prints as Python does.

    CLDR writes 0-999 the same way in English and Russian (no grouping, no sign), and babel's
    locale-aware formatting of each number was most of a message's formatting time: a panel
    with a few fresh numbers spent more on them than on everything else in its text. Plural
    selection still sees the number; larger ones keep babel's grouping (1,000 and 1 000).
    """

    def __new__(cls, value: int) -> _PlainInt:
        number = int.__new__(cls, value)
        number.options = FluentNumber.default_number_format_options
        return number

    def format(self, locale: Any) -> str:
        """The digits."""
        return int.__repr__(self)


class CommandTranslator(app_commands.Translator):
    """Localizes slash command names and descriptions from the `cmd-` keys of the catalogs."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The Russian name or description of a command element, if the catalog has one."""
        key = string.extras.get("key")
        if key is None or locale is not discord.Locale.russian:
            return None
        return t("ru", key) if has("ru", key) else None
