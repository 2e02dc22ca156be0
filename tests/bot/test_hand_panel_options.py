"""A hand panel offers exactly the seat's legal actions, each worded in the panel's language,
in as few clicks as its rows allow, never two controls alike, and a forced move as one button."""

from __future__ import annotations

from typing import Any

import discord
import pytest

import engines
from bot.render import renderer
from bot.takeback import Pending, Window
from cogs.hand import DmToggle, hand_panel
from cogs.panel import plan
from engines.core import encode_action
from engines.genial import Draw
from engines.hourglass import Discard
from engines.thegame import Play, Stop
from tests.bot.positions import running
from tests.engines.playout import steps


def components(view: Any) -> list[dict[str, Any]]:
    """The panel's components as Discord gets them."""
    return [component for row in view.to_components() for component in row["components"]]


def offered(view: Any, signals: bool = True) -> dict[str, str]:
    """What the panel offers at once: action (custom_id form) to label."""
    offers = {}
    for component in components(view):
        if not signals and component["custom_id"].startswith("tb:x:"):
            continue
        if "options" in component:
            offers.update({o["value"]: o["label"] for o in component["options"]})
        elif component["custom_id"].startswith("tb:act:"):
            offers[component["custom_id"].split(":", 4)[4]] = component["label"]
    return offers


def picks(view: Any) -> dict[str, str]:
    """The first clicks of two-click choices: key to label."""
    return {
        c["custom_id"].split(":", 4)[4]: c["label"]
        for c in components(view)
        if c["custom_id"].startswith("tb:pick:")
    }


def reachable(session: Any, seat: int, lang: str) -> dict[str, str]:
    """Everything the panel offers, at once or after a first click."""
    first = hand_panel(session, seat, lang)["view"]
    offers = offered(first)
    for key in picks(first):
        offers.update(offered(hand_panel(session, seat, lang, picked=key)["view"]))
    return offers


def worded(session: Any, seat: int, lang: str, action: Any) -> str:
    render = renderer(session.record.slug)
    step = render.step(action, session.game.view(session.state, seat), lang)
    return step.second if step else render.label(action, lang)


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_each_language_gets_its_own_labels_when_panels_alternate(slug):
    session = running(slug, 3)
    seat = sorted(session.to_act())[0]
    game = session.game
    offers = game.legal_actions(session.state, seat) + game.extra_actions(session.state, seat)
    expected = {
        lang: {encode_action(a): worded(session, seat, lang, a) for a in offers}
        for lang in ("en", "ru")
    }
    for lang in ("en", "ru", "en", "ru"):
        assert reachable(session, seat, lang) == expected[lang]


def test_the_languages_word_actions_differently():
    # Without this, the test above could not tell one language's labels from the other's.
    session = running("hourglass", 3)
    seat = sorted(session.to_act())[0]
    labels = {lang: set(reachable(session, seat, lang).values()) for lang in ("en", "ru")}
    assert labels["en"].isdisjoint(labels["ru"])


TABLES = [
    (slug, players)
    for slug in engines.SLUGS
    for players in {engines.game(slug).SPEC.min_players, 2, engines.game(slug).SPEC.max_players}
    if engines.game(slug).SPEC.min_players <= players
]


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_no_panel_shows_two_controls_alike_or_leaves_no_row_for_the_dm_button(slug, players):
    game = engines.game(slug)
    session = running(slug, players)
    for number, (state, seat, _action) in enumerate(steps(game, players, seed=3)):
        if number % 3:
            continue  # every third position keeps the test quick
        session.state = state
        for key in [None, *picks(hand_panel(session, seat, "en")["view"])]:
            view = hand_panel(session, seat, "en", picked=key)["view"]
            shown = [
                (c.get("placeholder"), c.get("label"), str(c.get("options")))
                for c in components(view)
            ]
            assert len(shown) == len(set(shown)), shown
            view.add_item(DmToggle(False, "DM off"))  # what a turn DM adds: there is room


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_every_move_stays_on_the_panel_beside_undo_and_the_turn_dms_button(slug, players):
    """However crowded (a turn DM, Undo, the signals, a card picked), a panel drops no move:
    ending the turn among them."""
    game = engines.game(slug)
    session = running(slug, players)
    for number, (state, seat, _action) in enumerate(steps(game, players, seed=2)):
        if number % 3:
            continue
        session.state = state
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        steps_of = {a: renderer(slug).step(a, view, "en") for a in legal}
        single = {encode_action(a) for a, step in steps_of.items() if step is None}
        for dm in (False, True):
            for undo in (False, True):
                session.takeback = Window(state, (Pending(seat, None, own=True),)) if undo else None
                first = hand_panel(session, seat, "en", dm=dm)["view"]
                shown = set(offered(first))
                for key in picks(first):
                    again = hand_panel(session, seat, "en", picked=key, dm=dm)["view"]
                    later = set(offered(again))
                    assert single <= later, (dm, undo, key, single - later)
                    shown |= later
                assert {encode_action(a) for a in legal} <= shown, (dm, undo)


def test_the_game_is_a_card_then_a_pile_that_shows_how_far_the_pile_moves():
    session = running("thegame", 2)
    session.state = session.state.model_copy(
        update={
            "piles": ((10,), (), (60,), ()),
            "hands": ((14, 40, 70), (3, 4, 5)),
            "active": 0,
            "played": 0,
        }
    )
    first = hand_panel(session, 0, "en")["view"]
    assert picks(first) == {"14": "14", "40": "40", "70": "70"}
    assert not offered(first, signals=False)  # a single click plays nothing
    piles = offered(hand_panel(session, 0, "en", picked="70")["view"], signals=False)
    assert piles == {
        "play.70.0": "⬆️1 +60",
        "play.70.1": "⬆️2 +69",
        "play.70.2": "⬇️1 −10 ↺",
        "play.70.3": "⬇️2 +30",
    }
    piles = offered(hand_panel(session, 0, "en", picked="40")["view"], signals=False)
    assert piles["play.40.0"] == "⬆️1 +30" and piles["play.40.2"] == "⬇️1 +20"


def test_end_turn_is_offered_only_once_the_minimum_is_played():
    session = running("thegame", 2)
    assert encode_action(Stop()) not in offered(hand_panel(session, 0, "en")["view"])
    card = session.state.hands[0][0]
    session.state, _ = session.game.apply(session.state, 0, Play(card=card, pile=0))
    card = session.state.hands[0][0]
    session.state, _ = session.game.apply(session.state, 0, Play(card=card, pile=0))
    assert offered(hand_panel(session, 0, "en")["view"], signals=False) == {"stop": "End turn"}


def test_a_solo_game_has_no_signals_and_a_team_game_has_them():
    solo = hand_panel(running("thegame", 1), 0, "en")["view"]
    assert not [c for c in components(solo) if c["custom_id"].startswith("tb:x:")]
    team = hand_panel(running("thegame", 2), 0, "en")["view"]
    assert [c for c in components(team) if c["custom_id"].startswith("tb:x:")]


def test_a_forced_move_is_one_prominent_button_saying_why():
    session = running("thegame", 2)
    session.state = session.state.model_copy(
        update={"piles": ((98,), (98,), (3,), (3,)), "hands": ((50, 60), (4, 5)), "played": 2}
    )
    for lang, text in (
        ("en", "No card can be played: end your turn"),
        ("ru", "Ни одной карты сыграть нельзя — закончите ход"),
    ):
        (button, *others) = components(hand_panel(session, 0, lang)["view"])
        assert (button["label"], button["style"]) == (text, discord.ButtonStyle.success.value)
        assert button["custom_id"].endswith(":stop")
        assert [c["custom_id"].split(":")[1] for c in others] == ["x"]  # the signals stay


def test_a_move_that_shows_something_hidden_is_never_called_forced():
    session = running("genial", 2)
    assert session.game.legal_actions(session.state, 0) == [Draw()]  # a turn's first draw
    (button,) = components(hand_panel(session, 0, "en")["view"])
    assert button["label"] == renderer("genial").label(Draw(), "en")


def test_a_group_too_large_for_one_select_is_split_into_selects_that_say_which_part():
    many = [Discard(card=c) for c in range(30)]  # more than a select holds
    slots = plan("hourglass", None, many, None, 4, "en")
    assert [(s.kind, s.placeholder, len(s.choices)) for s in slots] == [
        ("select", "No move possible: put a card at the bottom of the deck… (1/2)", 25),
        ("select", "No move possible: put a card at the bottom of the deck… (2/2)", 5),
    ]
