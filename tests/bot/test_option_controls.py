"""Options as Discord shows them, for every game: the lobby's and /config's controls fit a
message, the text form reads both languages and refuses the rest naming what is valid."""

from __future__ import annotations

import pytest

import engines
from bot.guild_config import GuildConfig
from bot.i18n import LANGUAGES, has
from bot.runtime import GameError
from bot.storage import SeatRecord
from bot.variants import fields, key_word
from cogs.defaults import defaults_panel
from cogs.lobby import lobby_message
from cogs.options import decode, parse_options, suggestions
from tests.bot.positions import running


def lobby(slug: str, seated: int):
    """A lobby of `slug` with `seated` members in it."""
    session = running(slug, engines.game(slug).SPEC.min_players)
    session.record.status = "lobby"
    session.state = None
    session.record.seats = [
        SeatRecord(user_id=i + 1, name=f"p{i}", ai=False) for i in range(seated)
    ]
    return session


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_every_lobby_and_defaults_panel_has_a_control_for_each_option_within_five_rows(slug):
    spec = engines.game(slug).SPEC
    options = set(spec.Options.model_fields)
    for seated in (1, spec.max_players):
        view = lobby_message(lobby(slug, seated), "ru", editable=True)["view"]
        rows = view.to_components()
        assert len(rows) <= 5
        ids = [c["custom_id"] for row in rows for c in row["components"]]
        assert {i.split(":")[3] for i in ids if i.startswith(("tb:ltog:", "tb:lopt:"))} == options
    panel = defaults_panel(GuildConfig(), slug, "en")["view"].to_components()
    assert len(panel) <= 5
    assert {c["custom_id"].split(":")[3] for row in panel for c in row["components"]} == options


def test_a_lobby_whose_options_are_the_admins_has_only_its_buttons():
    view = lobby_message(lobby("thegame", 2), "en", editable=False)["view"]
    ids = [c["custom_id"] for row in view.to_components() for c in row["components"]]
    # Join, Leave, Add AI, Remove AI, Start, Cancel, and the rules: no option controls.
    assert [i.split(":")[1] for i in ids] == ["lobby"] * 6 + ["rules"]


def test_the_text_form_reads_either_language_and_the_games_own_names():
    assert parse_options("thegame", "эксперт=да, ON_FIRE=Yes первый_ход=2", "ru") == {
        "expert": True,
        "on_fire": True,
        "start_seat": 1,
    }
    assert parse_options("hourglass", "start_seat=lot deck_twice=авто ничья=по_картам", "en") == {
        "start_seat": None,
        "deck_twice": None,
        "tiebreak": "pile_cards",
    }
    assert parse_options("zero", "", "en") == {}


@pytest.mark.parametrize(
    ("text", "key", "params"),
    [
        ("expert", "error-options-syntax", {"part": "expert"}),
        ("=yes", "error-options-syntax", {"part": "=yes"}),
        ("@everyone=1", "error-option-unknown", {"option": "@\u200beveryone"}),
        ("start_seat=0", "error-option-invalid", {"values": "1, 2, 3, 4, 5"}),
        ("expert=maybe", "error-option-invalid", {"values": "no, yes", "value": "maybe"}),
    ],
)
def test_the_text_form_refuses_what_it_cannot_read_and_names_what_is_valid(text, key, params):
    with pytest.raises(GameError) as refused:
        parse_options("thegame", text, "en")
    assert refused.value.key == key
    assert params.items() <= refused.value.params.items()


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_suggestions_fit_discords_limits_and_complete_only_the_last_word(slug):
    for lang in ("en", "ru"):
        offered = suggestions(slug, "", lang, engines.game(slug).SPEC.Options())
        assert 0 < len(offered) <= 25
        for name, value in offered:
            assert len(name) <= 100 and len(value) <= 100 and "=" in value
            assert parse_options(slug, value, lang)  # every suggestion reads back


def test_a_component_value_an_option_does_not_have_is_refused():
    assert decode("zero", "start_player", "2")[1] == 2
    for option, value in (("start_player", "9"), ("colour", "1"), ("zero_optional", "maybe")):
        with pytest.raises(GameError) as refused:
            decode("zero", option, value)
        assert refused.value.key == "error-unexpected"


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_every_option_and_named_value_has_its_words_in_both_languages(slug):
    for lang in LANGUAGES:
        for field in fields(slug):
            assert has(lang, f"opt-{slug}-{field.name}") and has(
                lang, f"optkey-{slug}-{field.name}"
            )
            for value in field.values:
                if value is None or isinstance(value, str):
                    assert has(lang, f"optval-{slug}-{field.name}-{value}")
                    assert has(lang, f"optword-{slug}-{field.name}-{value}")
        words = [key_word(slug, f, lang) for f in fields(slug)]
        assert len(set(words)) == len(words) and all(" " not in w and "=" not in w for w in words)
