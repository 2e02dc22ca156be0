"""The catalogs: same keys in both languages, every key the code uses exists, real plurals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.numbers import format_decimal
from fluent.syntax import FluentParser, ast

import engines
from bot.i18n import LANGUAGES, LOCALES_DIR, t

ROOT = Path(__file__).resolve().parents[2]


def keys(language: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((LOCALES_DIR / language).glob("*.ftl")):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        junk = [e for e in resource.body if isinstance(e, ast.Junk)]
        assert not junk, f"{path}: {junk[0].annotations}"
        found[path.name] = {e.id.name for e in resource.body if isinstance(e, ast.Message)}
    return found


def test_both_catalogs_have_the_same_files_and_keys():
    english, russian = keys("en"), keys("ru")
    assert english.keys() == russian.keys()
    for name in english:
        assert english[name] == russian[name], name


def all_keys() -> set[str]:
    return {k for names in keys("en").values() for k in names}


def test_every_literal_key_used_in_the_code_exists():
    used: set[str] = set()
    pattern = re.compile(r"""\bt\(\s*[\w.]+,\s*"([a-z][\w-]+)\"""")
    for folder in ("bot", "cogs"):
        for path in (ROOT / folder).rglob("*.py"):
            used |= set(pattern.findall(path.read_text(encoding="utf-8")))
        for path in (ROOT / folder).rglob("*.py"):
            used |= set(
                re.findall(r'GameError\(\s*"([a-z][\w-]+)"', path.read_text(encoding="utf-8"))
            )
    missing = sorted(used - all_keys())
    assert not missing


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_every_game_has_its_name_rules_and_option_labels(slug):
    present = all_keys()
    assert f"game-{slug}" in present and f"rules-{slug}" in present
    for field in engines.game(slug).SPEC.Options.model_fields:
        assert f"opt-{slug}-{field}" in present


def test_russian_plurals_follow_the_cldr_forms():
    assert [t("ru", "score-points", points=n) for n in (1, 2, 5, 11, 21, 22, 25)] == [
        "1 очко",
        "2 очка",
        "5 очков",
        "11 очков",
        "21 очко",
        "22 очка",
        "25 очков",
    ]
    assert t("en", "score-points", points=1) == "1 point"
    assert t("en", "score-points", points=2) == "2 points"


@pytest.mark.parametrize("language", LANGUAGES)
def test_numbers_read_as_the_locale_writes_them(language):
    # Below 1000 the bot prints digits itself; above, CLDR groups them (1,500 and 1 500).
    for n in [*range(1000), 1000, 1500, 23456]:
        written = format_decimal(n, locale=language)
        assert t(language, "score-points", points=n).startswith(f"{written} "), n
    assert t("en", "score-points", points=1500) == "1,500 points"
