"""Genial under random play: token conservation, turn-start invariants, secrecy, determinism."""

from __future__ import annotations

import json

import pytest

from engines import genial
from engines.genial.models import COLOURS, PER_COLOUR
from tests.engines.playout import play, steps

OPTIONS = [
    genial.Options(),
    genial.Options(three_player_target=6, games=2, start_seat=1, series_tiebreak_most_wins=True),
]


def held(state: genial.State) -> tuple[int, ...]:
    """Tokens per colour over reserve, centre, staging area and collections."""
    return tuple(
        state.reserve[c]
        + state.centre[c]
        + state.staging.count(c)
        + sum(collection[c] for collection in state.collections)
        for c in range(COLOURS)
    )


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_tokens_are_conserved_and_turns_start_clean(players: int, options: genial.Options) -> None:
    for seed in range(6):
        final = None
        for state, seat, action in steps(genial, players, seed, options=options):
            assert held(state) == (PER_COLOUR,) * COLOURS
            assert len(set(state.staging)) == len(state.staging)
            if state.phase == "start":
                # Section 15: a turn starts with an empty staging area, capped collections and
                # (R5) a centre of at least three tokens.
                assert state.staging == () and sum(state.centre) >= 3
                assert all(max(col) <= state.target for col in state.collections)
            else:
                assert all(state.centre[c] for c in state.staging)
            new, _ = genial.apply(state, seat, action)
            assert new.version == state.version + 1
            if new.game == state.game:
                assert all(
                    not before or after
                    for old, now in zip(state.lines, new.lines, strict=True)
                    for before, after in zip(old, now, strict=True)
                ), "a colour lost its earned bonus line"
            final = new
        assert final is not None and held(final) == (PER_COLOUR,) * COLOURS
        result = genial.outcome(final)
        assert result is not None
        assert len(final.history) == options.games
        assert len(result.round_scores) == (options.games if options.games > 1 else 0)
        assert all(max(col) <= final.target for col in final.collections)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_hold_no_secret_and_are_the_same_for_every_seat(players: int) -> None:
    for state, _seat, _action in steps(genial, players, 9):
        public = json.loads(genial.view(state, None).model_dump_json())
        assert public["reserve_count"] == sum(state.reserve)
        # The only secret is the future draws: no seed and no reserve contents or order.
        assert not {"seed", "reserve", "reserve_order", "deck"} & set(public)
        for seat in range(players):
            mine = json.loads(genial.view(state, seat).model_dump_json())
            assert mine.pop("seat") == seat
            assert mine == {k: v for k, v in public.items() if k != "seat"}


@pytest.mark.parametrize("players", [2, 4])
def test_same_seed_same_draws(players: int) -> None:
    def transcript(seed: int) -> list[str]:
        events = []
        for state, seat, action in steps(genial, players, seed):
            events += [e.model_dump_json() for e in genial.apply(state, seat, action)[1]]
        return events

    assert transcript(3) == transcript(3)
    assert transcript(3) != transcript(4)


def test_random_play_ends_every_game_with_a_winner_or_a_stall() -> None:
    for players in (2, 3, 4):
        for seed in range(10):
            result = genial.outcome(play(genial, players, seed))
            assert result is not None
            assert result.result in ("won", "stalled")
            if result.result == "won":
                target = genial.setup(genial.Options(), players, seed).target
                winner = result.winners[0]
                assert result.details["collections"][winner] == [target] * COLOURS
