"""The shared engine core: the contract, action codec, ranking, randomness."""

from __future__ import annotations

import importlib
import pkgutil
import random
from typing import Annotated, Literal

import pytest
from pydantic import Field

import engines
from engines import GAMES
from engines.core import (
    Frozen,
    IllegalAction,
    StateBase,
    ViewBase,
    decode_action,
    encode_action,
    places,
    rng_for,
)


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


# What each rules file says about the kind of play: (cooperative, simultaneous, lower_is_better).
KINDS = {
    "mindup": (False, True, False),  # R15: every player chooses simultaneously and secretly
    "thegame": (True, False, True),  # R18: one shared score, cards left, lower is better
    "genial": (False, False, False),  # R23-R25: most of the weakest colour / victory points
    "hourglass": (False, False, False),  # R20: most hourglasses
    "zero": (False, False, True),  # R19: lowest total wins
}


def test_every_game_has_its_kind_of_play() -> None:
    assert set(KINDS) == set(engines.SLUGS)


@pytest.mark.parametrize("slug", list(KINDS))
def test_spec_states_the_kind_of_play_the_rules_give(slug: str) -> None:
    spec = GAMES[slug].SPEC
    assert (spec.cooperative, spec.simultaneous, spec.lower_is_better) == KINDS[slug]


@pytest.mark.parametrize("slug", list(KINDS))
def test_play_and_outcome_agree_with_the_spec(slug: str) -> None:
    from tests.engines.playout import play, steps

    game = GAMES[slug]
    players = game.SPEC.max_players
    widest = max(len(game.to_act(state)) for state, _seat, _action in steps(game, players, 2))
    assert (widest == players) if game.SPEC.simultaneous else (widest == 1)
    result = game.outcome(play(game, players, 2))
    assert result is not None
    assert result.cooperative == game.SPEC.cooperative
    assert result.lower_is_better == game.SPEC.lower_is_better


@pytest.mark.parametrize("slug", list(GAMES))
def test_states_and_views_share_the_base_fields(slug: str) -> None:
    game = GAMES[slug]
    state = game.setup(game.SPEC.Options(), game.SPEC.min_players, 4)
    assert isinstance(state, StateBase) and isinstance(state, game.SPEC.State)
    assert (state.seed, state.version, state.players) == (4, 0, game.SPEC.min_players)
    for seat in (None, 0):
        shown = game.view(state, seat)
        assert isinstance(shown, ViewBase) and isinstance(shown, game.SPEC.View)
        assert (shown.seat, shown.version, shown.players) == (seat, 0, game.SPEC.min_players)
        assert shown.to_act == tuple(sorted(game.to_act(state)))
        assert shown.options == state.options


@pytest.mark.parametrize("slug", [slug for slug in GAMES if slug != "thegame"])
def test_games_without_actions_outside_the_turn_order_offer_none(slug: str) -> None:
    from tests.engines.playout import steps

    game = GAMES[slug]
    players = game.SPEC.min_players
    for state, _seat, _action in steps(game, players, 6):
        assert all(game.extra_actions(state, seat) == [] for seat in range(players))


def test_thegame_extra_actions_are_signals_any_seat_may_give_while_the_game_runs() -> None:
    from tests.engines.playout import play

    game = GAMES["thegame"]
    state = game.setup(game.SPEC.Options(), 3, 8)
    for seat in range(3):
        offered = game.extra_actions(state, seat)
        assert offered and {action.kind for action in offered} == {"signal"}
        for action in offered:
            game.apply(state, seat, action)
    assert game.extra_actions(play(game, 3, 8), 0) == []
