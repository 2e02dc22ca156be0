"""The catalogs: same keys in both languages, every key the code uses exists, real plurals."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from babel import Locale
from babel.numbers import format_decimal
from discord import app_commands
from fluent.syntax import FluentParser, ast, visitor
from fluent_compiler.types import FluentInt, FluentNumber

import engines
from bot.i18n import LANGUAGES, LOCALES_DIR, CommandTranslator, bundle, has, t
from bot.render import mindup as render_mindup
from cogs.config import ConfigCog
from cogs.games import GamesCog
from cogs.stats import StatsCog
from engines import mindup
from engines.core import Outcome
from tests.bot.conftest import make_bot

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


# --- Numbers and the nouns they count -------------------------------------------------------
#
# Every variable of every message (names of people and the like aside) is formatted as each of
# NUMBERS, in both languages; wherever a number is printed right before a noun that the catalogues
# count (optionally after one modifier: "1 more card", «2 призовых хода»), the noun must agree
# with it. A count outside a plural select ("Only { $score } cards left") is caught at 1; a select
# with the wrong Russian forms is caught because 1 and 21 (one), 2 (few) and 0, 5, 11 (many)
# must all fit one grammatical case of the same noun.

NUMBERS = (0, 1, 2, 5, 11, 21)
TEXT_ONLY = {"who", "winners", "name", "owner", "direction"}
"""Variables that always hold names of people or a direction sign (`⬆️ +`): never a number."""

EN_NOUNS = {
    "card": "cards",
    "colour": "colours",
    "game": "games",
    "goal": "goals",
    "hourglass": "hourglasses",
    "icon": "icons",
    "lobby": "lobbies",
    "minute": "minutes",
    "player": "players",
    "point": "points",
    "round": "rounds",
    "seat": "seats",
    "second": "seconds",
    "set": "sets",
    "timeout": "timeouts",
    "token": "tokens",
    "turn": "turns",
}
"""English nouns that the catalogues count: singular -> plural."""
EN_MODIFIERS = {"more", "open", "bonus", "reserve", "centre", "new"}

RU_FORMS = ("nom", "acc", "gen", "gen_pl", "dat", "dat_pl", "ins", "ins_pl", "prep", "prep_pl")
RU_NOUNS = {
    word.split()[0]: dict(zip(RU_FORMS, word.split(), strict=True))
    for word in (
        "карта карту карты карт карте картам картой картами карте картах",
        "карточка карточку карточки карточек карточке карточкам карточкой карточками карточке карточках",
        "жетон жетон жетона жетонов жетону жетонам жетоном жетонами жетоне жетонах",
        "очко очко очка очков очку очкам очком очками очке очках",
        "ход ход хода ходов ходу ходам ходом ходами ходе ходах",
        "секунда секунду секунды секунд секунде секундам секундой секундами секунде секундах",
        "минута минуту минуты минут минуте минутам минутой минутами минуте минутах",
        "партия партию партии партий партии партиям партией партиями партии партиях",
        "игрок игрока игрока игроков игроку игрокам игроком игроками игроке игроках",
        "сбор сбор сбора сборов сбору сборам сбором сборами сборе сборах",
        "раунд раунд раунда раундов раунду раундам раундом раундами раунде раундах",
        "пропуск пропуск пропуска пропусков пропуску пропускам пропуском пропусками пропуске пропусках",
        "цвет цвет цвета цветов цвету цветам цветом цветами цвете цветах",
        "цель цель цели целей цели целям целью целями цели целях",
        "набор набор набора наборов набору наборам набором наборами наборе наборах",
        "значок значок значка значков значку значкам значком значками значке значках",
        "место место места мест месту местам местом местами месте местах",
        "пас пас паса пасов пасу пасам пасом пасами пасе пасах",
    )
}
"""Russian nouns that the catalogues count, in the forms a number can ask for."""
RU_MODIFIERS = {"призовой", "призовых", "новых", "новые", "открытых", "лишних", "свободных"}
RU_CASES = {
    # CLDR category -> form of the noun, for each case a counted noun can stand in.
    "nominative": {"one": "nom", "few": "gen", "many": "gen_pl"},
    "accusative": {"one": "acc", "few": "gen", "many": "gen_pl"},
    "genitive": {"one": "gen", "few": "gen_pl", "many": "gen_pl"},
    "dative": {"one": "dat", "few": "dat_pl", "many": "dat_pl"},
    "instrumental": {"one": "ins", "few": "ins_pl", "many": "ins_pl"},
    "prepositional": {"one": "prep", "few": "prep_pl", "many": "prep_pl"},
    "distributive": {"one": "dat", "few": "gen", "many": "gen_pl"},  # по 1 карте, по 2 карты
}
RU_WORDS = {form: noun for noun, forms in RU_NOUNS.items() for form in forms.values()}
EN_WORDS = {form: noun for noun, plural in EN_NOUNS.items() for form in (noun, plural)}


def category(language: str, n: int) -> str:
    """The CLDR plural category of `n`: 1 and 21 are `one` in Russian, 2 `few`, 0, 5, 11 `many`."""
    return str(Locale.parse(language).plural_form(n))


class Marked(FluentInt):  # type: ignore[misc]
    """A number that selects plurals like any int, printed as ⟦n⟧ so the test can find it."""

    def __new__(cls, value: int) -> Marked:
        number = int.__new__(cls, value)
        number.options = FluentNumber.default_number_format_options
        return number

    def format(self, locale: object) -> str:
        return f"⟦{int(self)}⟧"


class _Variables(visitor.Visitor):  # type: ignore[misc]
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.names.add(node.id.name)


def messages(language: str) -> dict[str, ast.Message]:
    found = {}
    for path in sorted((LOCALES_DIR / language).glob("*.ftl")):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        found |= {e.id.name: e for e in resource.body if isinstance(e, ast.Message)}
    return found


def variables(message: ast.Message) -> set[str]:
    found = _Variables()
    found.visit(message)
    return found.names


WORDS = re.compile(r"[ \u00a0]+(\w+)(?:[ \u00a0]+(\w+))?")


def counted(language: str, rest: str) -> str | None:
    """The noun that a number just before `rest` counts, if the catalogues count it."""
    match = WORDS.match(rest)
    if match is None:
        return None
    first, second = match.group(1), match.group(2)
    words, modifiers = (EN_WORDS, EN_MODIFIERS) if language == "en" else (RU_WORDS, RU_MODIFIERS)
    if first in words:
        return first
    if first in modifiers and second in words:
        return second
    return None


def agrees(language: str, noun: str, numbers: dict[int, str]) -> bool:
    """Whether the forms of `noun` after each number are one case's forms for those numbers."""
    if language == "en":
        lemma = EN_WORDS[noun]
        return all(
            form == (lemma if category("en", n) == "one" else EN_NOUNS[lemma])
            for n, form in numbers.items()
        )
    forms = RU_NOUNS[RU_WORDS[noun]]
    return any(
        all(form == forms[case[category("ru", n)]] for n, form in numbers.items())
        for case in RU_CASES.values()
    )


def formatted(language: str, key: str, params: dict[str, object]) -> str:
    text, errors = bundle(language).format(key, params)
    assert not errors, (language, key, errors)
    return str(text).replace("*", "")  # bold marks sit between numbers and nouns


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_number_agrees_with_the_noun_it_counts(language):
    problems = []
    for key, message in messages(language).items():
        names = variables(message)
        # Literal numbers ("all 63 cards") are checked once, with every variable left as text.
        plain = formatted(language, key, {v: f"‹{v}›" for v in names})
        for match in re.finditer(r"(?<![\w⟦.,])(\d+)(?![\w⟧.,])", plain):
            noun = counted(language, plain[match.end() :])
            if noun and not agrees(language, noun, {int(match.group(1)): noun}):
                problems.append(f"{key}: {match.group(1)} {noun}")
        for name in sorted(names - TEXT_ONLY):
            seen: dict[tuple[int, str], dict[int, str]] = {}
            for n in NUMBERS:
                params: dict[str, object] = {v: f"‹{v}›" for v in names}
                params[name] = Marked(n)
                text = formatted(language, key, params)
                for index, match in enumerate(re.finditer(rf"⟦{n}⟧", text)):
                    noun = counted(language, text[match.end() :])
                    if noun is not None:
                        lemma = EN_WORDS[noun] if language == "en" else RU_WORDS[noun]
                        seen.setdefault((index, lemma), {})[n] = noun
            for (_index, _lemma), forms in seen.items():
                if not agrees(language, next(iter(forms.values())), forms):
                    shown_forms = ", ".join(f"{n} {form}" for n, form in forms.items())
                    problems.append(f"{key} (${name}): {shown_forms}")
    assert not problems, "\n".join(problems)


class _Counted(visitor.Visitor):  # type: ignore[misc]
    """Words right after the number that a plural select chooses on, in each of its variants."""

    def __init__(self) -> None:
        self.words: set[str] = set()

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:  # noqa: N802
        selector = node.selector
        if isinstance(selector, ast.VariableReference):
            for variant in node.variants:
                elements = variant.value.elements
                for element, after in itertools.pairwise(elements):
                    if (
                        isinstance(element, ast.Placeable)
                        and isinstance(element.expression, ast.VariableReference)
                        and element.expression.id.name == selector.id.name
                        and isinstance(after, ast.TextElement)
                    ):
                        word = re.match(r"[\s*]*(\w*)", after.value)
                        if word and word.group(1):
                            self.words.add(word.group(1))
        self.generic_visit(node)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_grammar_check_knows_every_noun_the_catalogs_count(language):
    # A plural select counts some noun; the check above can only check nouns it knows.
    found = _Counted()
    for message in messages(language).values():
        found.visit(message)
    known = set(EN_WORDS) | EN_MODIFIERS if language == "en" else set(RU_WORDS) | RU_MODIFIERS
    assert found.words <= known, sorted(found.words - known)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_grammar_check_catches_a_count_outside_a_plural(language):
    # The check itself: a noun after a bare number is wrong at 1 (English) or 2 (Russian).
    assert not agrees("en", "cards", {1: "cards"})
    assert agrees("en", "cards", {0: "cards", 1: "card", 2: "cards", 21: "cards"})
    assert agrees("ru", "карта", {1: "карта", 2: "карты", 5: "карт", 11: "карт", 21: "карта"})
    assert agrees("ru", "пропуска", {1: "пропуска", 2: "пропусков", 5: "пропусков"})  # genitive
    assert agrees("ru", "карте", {1: "карте", 2: "карты", 5: "карт"})  # по 1 карте, по 2 карты
    assert not agrees("ru", "карт", {1: "карта", 2: "карт", 5: "карт"})
    assert not agrees("ru", "карта", {1: "карта", 21: "карт"})
    assert counted("en", " more cards left") == "cards"
    assert counted("ru", " призовых хода") == "хода"
    assert counted(language, " ‹x›") is None


# --- Slash commands ---------------------------------------------------------------------------

PLACEHOLDER = "…"  # what discord.py sends for an option nobody described
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


async def command_payloads(tmp_path: Path) -> list[dict[str, Any]]:
    """The commands as the bot syncs them to Discord, localizations included."""
    bot = make_bot(f"sqlite:///{tmp_path / 'games.db'}")
    await bot.add_cog(GamesCog(bot))
    await bot.add_cog(ConfigCog(bot))
    await bot.add_cog(StatsCog(bot))
    translator = CommandTranslator()
    return [
        await command.get_translated_payload(bot.tree, translator)
        for command in bot.tree.get_commands()
    ]


def elements(payloads: list[dict[str, Any]], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every command, subcommand and option of the payloads, with its path for messages."""
    found = []
    for payload in payloads:
        here = f"{path} {payload['name']}".strip()
        found.append((here, payload))
        found += elements(payload.get("options", []), here)
    return found


async def test_every_command_and_option_is_described_in_both_languages(tmp_path):
    payloads = await command_payloads(tmp_path)
    described = elements(payloads)
    assert {"newgame", "rules", "game kick member", "config afk reminder"} <= {
        path for path, _ in described
    }
    russian = discord.Locale.russian.value
    for path, element in described:
        names = [element["name"], *(element.get("name_localizations") or {}).values()]
        descriptions = [
            element["description"],
            *(element.get("description_localizations") or {}).values(),
        ]
        assert russian in (element.get("name_localizations") or {}), path
        assert russian in (element.get("description_localizations") or {}), path
        for name in names:
            assert COMMAND_NAME.match(name) and name == name.lower(), (path, name)
        for description in descriptions:
            assert 1 <= len(description) <= 100, (path, description)
            assert description.strip(" .…") and description != PLACEHOLDER, (path, description)
        assert element["description_localizations"][russian] != element["description"], path


async def test_the_english_catalog_says_what_the_commands_say(tmp_path):
    # Discord shows the code's own strings in English; the catalog must not drift from them.
    bot = make_bot(f"sqlite:///{tmp_path / 'games.db'}")
    await bot.add_cog(GamesCog(bot))
    await bot.add_cog(ConfigCog(bot))
    await bot.add_cog(StatsCog(bot))
    strings: list[app_commands.locale_str] = []

    def collect(command: Any) -> None:
        strings.extend([command._locale_name, command._locale_description])
        for parameter in getattr(command, "_params", {}).values():
            strings.extend([parameter._rename, parameter.description])
        for child in getattr(command, "commands", []):
            collect(child)

    for command in bot.tree.get_commands():
        collect(command)
    keyed = [s for s in strings if isinstance(s, app_commands.locale_str)]
    assert len(keyed) > 40
    for string in keyed:
        key = string.extras.get("key")
        assert key is not None, string.message
        assert t("en", key) == string.message, key
        assert has("ru", key), key


# --- Wording that the grammar check cannot see ---------------------------------------------


@pytest.mark.parametrize(
    "key", ["results-title", "results-abandoned", "leave-confirm", "end-confirm"]
)
def test_game_names_read_as_titles(key):
    for slug in engines.SLUGS:
        english, russian = t("en", f"game-{slug}"), t("ru", f"game-{slug}")
        assert f"**{english}**" in t("en", key, game=english)
        assert "game of" not in t("en", key, game=english).lower()  # no "the game of The Game"
        assert f"«{russian}»" in t("ru", key, game=russian)
    assert t("en", "results-abandoned", game="The Game") == (
        "**The Game** was ended early; no result was recorded."
    )


def test_russian_never_guesses_a_members_gender():
    # Who missed a turn or left is only a mention: no «не успел», «сделал(а)» about them.
    for key in ("notice-takeover", "notice-afk-ended", "notice-member-left", "notice-reminder"):
        text = t("ru", key, who="@ivan", count=1, when="через минуту")
        assert "(а)" not in text and "успел" not in text, key
    assert t("ru", "lobby-join") == "Присоединиться"
    assert t("ru", "seat-host") == "создатель игры"
    assert t("ru", "result-thegame-won").startswith("🎉 Вы обыграли игру")
    everything = "".join(
        Path(p).read_text(encoding="utf-8") for p in (LOCALES_DIR / "ru").glob("*")
    )
    assert "хозяин" not in everything.lower()


def test_genial_speaks_of_tokens_not_cards():
    for language in LANGUAGES:
        texts = [t(language, key) for key in messages(language) if key.startswith("genial-")]
        assert not any(word in text.lower() for text in texts for word in ("card", "карт", "🂠"))
        assert "🂠" not in t(language, "genial-reserve", count=5)
    assert t("en", "hand-title-genial", game="Ingenious") == "Ingenious — your collection"
    assert t("ru", "hand-title-genial", game="Совершенно гениально").endswith("ваша коллекция")


def mindup_outcome(last_round: tuple[int, ...], ranking: tuple[int, ...], **icons: list[int]):
    return Outcome(
        scores=(60, 50, 50),
        round_scores=((20, 20, 20), (20, 15, 20), last_round),
        ranking=ranking,
        winners=(0,),
        details={"bonus_icons": [9, 8, 7], "net_icons": [5, 4, 3], **icons},
    )


def test_mind_up_explains_a_tie_break_below_first_place():
    names = ["@alice", "@bob", "@carol"]
    # bob and carol have 50 each; bob scored more in round 3 (R28).
    outcome = mindup_outcome((20, 15, 10), (1, 2, 3))
    assert outcome.tiebreak is None  # the first place was never tied
    lines = render_mindup.tiebreak_lines(outcome, mindup.Options(), names, "en")
    assert lines == [t("en", "tiebreak-mindup-round3_score")]
    assert "round 3" in lines[0]
    # Equal in round 3 too: the bonus icons decide (R29), and the counts are shown.
    outcome = mindup_outcome((20, 12, 12), (1, 2, 3))
    (line,) = render_mindup.tiebreak_lines(outcome, mindup.Options(), names, "ru")
    assert "бонусных значков" in line and "(@bob 8, @carol 7)" in line
    net = mindup.Options(tiebreak2="net_icons")
    (line,) = render_mindup.tiebreak_lines(outcome, net, names, "en")
    assert "icon sum" in line and "(@bob 4, @carol 3)" in line
    # Players who share a place, or no tie at all: nothing to explain.
    shared = mindup_outcome((20, 12, 12), (1, 2, 2))
    assert render_mindup.tiebreak_lines(shared, net, names, "en") == []
    untied = Outcome(scores=(3, 2, 1), ranking=(1, 2, 3), winners=(0,), round_scores=((3, 2, 1),))
    assert render_mindup.tiebreak_lines(untied, net, names, "en") == []


def test_mind_up_shows_goals_that_cancel_each_other_out():
    state = mindup.setup(mindup.Options(goals="fixed", goal_count=3), 3, 5)
    view = mindup.view(state, 0)
    # One orange card (goal 1, +2) on collection card 1 or 2 (goal 2, −2): 0 points in all.
    column = next(i for i, value in enumerate(view.order) if value in (1, 2))
    mine = tuple((1,) if i == column else () for i in range(len(view.order)))
    view = view.model_copy(update={"goals": (1, 2), "collections": (mine, *view.collections[1:])})
    assert render_mindup.met_goals(view, 0) == [1, 2]
    assert "🎯 Goals you meet now: A +2, A −2" in render_mindup.hand(
        view, ["alice", "bob", "carol"][: view.players], "en"
    )
    board = "\n".join(render_mindup.board(view, ["alice", "bob", "carol"], "ru"))
    assert "цели: A +2, A −2" in board and "цели: ни одной" in board
