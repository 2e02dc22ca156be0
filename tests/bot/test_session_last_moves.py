"""The board's last moves: worded when a board is drawn, the same as if worded move by move."""

from __future__ import annotations

import random

import pytest

import engines
from bot.session import LAST_MOVES, UNWORDED_KEPT
from tests.bot.positions import running


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_last_moves_read_the_same_whether_boards_are_drawn_after_every_move_or_rarely(slug):
    drawn_often, drawn_rarely = running(slug, 3), running(slug, 3)
    rng = random.Random(3)
    for moves in range(1, 120):
        to_act = sorted(drawn_often.to_act())
        if not to_act:
            break
        seat = to_act[0]
        action = rng.choice(drawn_often.game.legal_actions(drawn_often.state, seat))
        for session in (drawn_often, drawn_rarely):
            session.accept(session.play(seat, action, by_ai=False))
        often = list(drawn_often.recent)  # a board drawn after every move
        assert len(drawn_rarely._unworded) <= UNWORDED_KEPT  # kept small between drawings
        if moves % 37 == 0:
            assert list(drawn_rarely.recent) == often
    assert moves > 10
    assert list(drawn_rarely.recent) == list(drawn_often.recent)
    assert 0 < len(drawn_rarely.recent) <= LAST_MOVES
