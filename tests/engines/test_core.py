"""The shared engine core: action codec, ranking, randomness."""

from __future__ import annotations

import importlib
import pkgutil
import random
from typing import Annotated, Literal

import pytest
from pydantic import Field

import engines
from engines import GAMES
from engines.core import Frozen, IllegalAction, decode_action, encode_action, places, rng_for


class _Play(Frozen):
    kind: Literal["play"] = "play"
    card: int
    pile: int


class _Take(Frozen):
    kind: Literal["take"] = "take"
    cards: tuple[int, ...]
    joker: int | None = None


_Action = Annotated[_Play | _Take, Field(discriminator="kind")]


@pytest.mark.parametrize(
    "action", [_Play(card=37, pile=2), _Take(cards=(1, 2, 3)), _Take(cards=(), joker=4)]
)
def test_action_codec_round_trips(action: Frozen) -> None:
    assert decode_action(_Action, encode_action(action)) == action


@pytest.mark.parametrize("text", ["", "fly", "play.1", "play.x.2", "play.1.2.3"])
def test_malformed_action_text_is_refused(text: str) -> None:
    with pytest.raises(IllegalAction) as err:
        decode_action(_Action, text)
    assert err.value.code == "malformed"


def test_places_share_ties() -> None:
    assert places([3, 5, 5, 1]) == (3, 1, 1, 4)


def test_rng_depends_only_on_seed_and_version() -> None:
    assert rng_for(5, 2).random() == rng_for(5, 2).random() != rng_for(5, 3).random()


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_offered_action_fits_a_custom_id(slug: str) -> None:
    from tests.engines.playout import steps

    game = GAMES[slug]
    for players in (game.SPEC.min_players, game.SPEC.max_players):
        for state, seat, _action in steps(game, players, 1):
            for action in game.legal_actions(state, seat):
                text = encode_action(action)
                assert len(text) <= 60
                assert decode_action(game.SPEC.Action, text) == action


def _engine_modules() -> list[str]:
    return [info.name for info in pkgutil.walk_packages(engines.__path__, "engines.")]


SEEDED_GENERATOR = {"engines.core": ["Random"]}
"""The one module that holds the generator class: rng_for seeds every instance there."""


@pytest.mark.parametrize("name", _engine_modules())
def test_engines_take_randomness_only_from_the_seeded_generator(name: str) -> None:
    module = importlib.import_module(name)
    global_random = [
        key
        for key, value in vars(module).items()
        if value is random or getattr(value, "__module__", None) == "random"
    ]
    assert global_random == SEEDED_GENERATOR.get(name, [])
