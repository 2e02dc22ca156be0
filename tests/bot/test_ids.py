"""Every custom_id parses back to what built it, fits Discord's 100 characters, and has its own prefix."""

from __future__ import annotations

import pytest

import engines
from cogs import ids
from engines.core import encode_action
from tests.bot.positions import running

LONGEST = {
    "game_id": "f" * 8,
    "verb": "cancel",
    "version": 999_999_999,
    "action": "x" * 70,
    "number": 4,
    "what": "leave",
    "on": True,
    "option": "o" * 40,
    "slug": "s" * 20,
    "key": "k" * 20,
    "page": 999_999,
}


@pytest.mark.parametrize("template", ids.TEMPLATES, ids=lambda t: t.layout)
def test_the_longest_id_fits_and_parses_back(template):
    parts = {name: LONGEST[name] for name in ids.PARTS if f"{{{name}}}" in template.layout}
    custom_id = template.format(**parts)
    assert len(custom_id) <= ids.MAX_LENGTH
    match = template.pattern.fullmatch(custom_id)
    assert match is not None and template.parse(match) == parts


def test_prefixes_are_unique_and_no_id_matches_another_kind():
    prefixes = [t.prefix for t in ids.TEMPLATES]
    assert len(set(prefixes)) == len(prefixes)
    for template in ids.TEMPLATES:
        parts = {name: LONGEST[name] for name in ids.PARTS if f"{{{name}}}" in template.layout}
        custom_id = template.format(**parts)
        assert [t for t in ids.TEMPLATES if t.pattern.fullmatch(custom_id)] == [template]


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_every_legal_action_of_a_real_game_fits_an_action_id(slug):
    session = running(slug, engines.game(slug).SPEC.max_players)
    game = session.game
    for seat in range(game.SPEC.max_players):
        for action in game.legal_actions(session.state, seat) + game.extra_actions(
            session.state, seat
        ):
            custom_id = ids.ACT.format(
                game_id=session.id, version=session.version, action=encode_action(action)
            )
            assert len(custom_id) <= ids.MAX_LENGTH and ids.ACT.pattern.fullmatch(custom_id)
