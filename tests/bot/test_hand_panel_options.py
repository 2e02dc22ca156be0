"""A hand panel offers exactly the seat's legal actions, each worded in the panel's language."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from bot.render import renderer
from cogs.hand import hand_panel
from engines.core import encode_action
from tests.bot.positions import running


def offered(view: Any) -> dict[str, str]:
    """What the panel's buttons and selects offer: action (custom_id form) to label."""
    offers = {}
    for row in view.to_components():
        for component in row["components"]:  # the message's components as Discord gets them
            if "options" in component:
                offers.update({o["value"]: o["label"] for o in component["options"]})
            elif component["custom_id"].startswith("tb:act:"):
                action = component["custom_id"].split(":", 4)[4]
                offers[action] = component["label"]
    return offers


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_each_language_gets_its_own_labels_when_panels_alternate(slug):
    session = running(slug, 3)
    seat = sorted(session.to_act())[0]
    game = session.game
    offers = game.legal_actions(session.state, seat) + game.extra_actions(session.state, seat)
    worded = {
        lang: {encode_action(a): renderer(slug).label(a, lang) for a in offers}
        for lang in ("en", "ru")
    }
    for lang in ("en", "ru", "en", "ru"):
        assert offered(hand_panel(session, seat, lang)["view"]) == worded[lang]


def test_the_languages_word_actions_differently():
    # Without this, the test above could not tell one language's labels from the other's.
    session = running("hourglass", 3)
    seat = sorted(session.to_act())[0]
    labels = {
        lang: set(offered(hand_panel(session, seat, lang)["view"]).values())
        for lang in ("en", "ru")
    }
    assert labels["en"].isdisjoint(labels["ru"])
