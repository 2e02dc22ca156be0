"""Taking a move back: each game's undo point (the R-numbers of the undo rulings)."""

from __future__ import annotations

from random import Random

import engines
from engines.mindup import Play as Choose
from engines.thegame import Play, Stop


def playout(slug: str, players: int, seed: int, moves: int = 400):
    """(before, seat, action, after) for every move of a seeded random game."""
    game = engines.game(slug)
    state = game.setup(game.SPEC.Options(), players, seed)
    rng = Random(seed)
    for _ in range(moves):
        waiting = sorted(game.to_act(state))
        if not waiting:
            return
        seat = rng.choice(waiting)
        action = rng.choice(game.legal_actions(state, seat))
        after, _ = game.apply(state, seat, action)
        yield state, seat, action, after
        state = after


def test_r27_thegame_a_card_played_this_turn_may_be_taken_back_until_the_turn_ends() -> None:
    game = engines.game("thegame")
    seen_play = False
    for before, seat, action, after in playout("thegame", 3, seed=5):
        expected = isinstance(action, Play) and after.end is None and after.active == seat
        assert game.undoable(before, seat, action, after) is expected
        seen_play |= expected
        if isinstance(action, Stop):  # ending the turn (and drawing) is final
            assert not game.undoable(before, seat, action, after)
    assert seen_play


def test_r27_thegame_alone_the_card_that_empties_the_hand_ends_the_turn_for_good() -> None:
    """Solo, the last card of the hand ends the turn with the draw, and the next turn is the
    same player's: the card is final, or taking it back would return cards already seen."""
    game = engines.game("thegame")
    state = game.setup(game.SPEC.Options(), 1, 7)
    hand = sorted(state.hands[0])
    for card in hand:  # lowest first on a rising pile: every card fits
        after, _ = game.apply(state, 0, Play(card=card, pile=0))
        last = card == hand[-1]
        assert after.turn == state.turn + last and after.active == 0
        assert game.undoable(state, 0, Play(card=card, pile=0), after) is not last
        state = after


def test_r36_mindup_a_secret_choice_may_be_changed_until_everyone_has_chosen() -> None:
    game = engines.game("mindup")
    state = game.setup(game.SPEC.Options(), 3, 1)
    first = Choose(card=state.hands[0][0])
    after, _ = game.apply(state, 0, first)
    assert game.undoable(state, 0, first, after)  # hidden: the others have not chosen
    second_state, _ = game.apply(after, 1, Choose(card=after.hands[1][0]))
    last = Choose(card=second_state.hands[2][0])
    revealed, _ = game.apply(second_state, 2, last)
    assert not game.undoable(second_state, 2, last, revealed)  # the last choice reveals all


def nothing_taken_back(slug: str, players: int) -> None:
    game = engines.game(slug)
    moves = list(playout(slug, players, seed=3))
    assert len(moves) > 20
    assert not any(game.undoable(*move) for move in moves)


def test_r20_zero_nothing_is_taken_back() -> None:
    nothing_taken_back("zero", 3)


def test_r25_hourglass_nothing_is_taken_back() -> None:
    nothing_taken_back("hourglass", 3)


def test_r30_genial_nothing_is_taken_back() -> None:
    nothing_taken_back("genial", 2)
