"""Taking a move back: the moves made since the last one that cannot be taken back, and the game
without one of them.

A seat takes back its own last move while every move since can be taken back too (the game's
`undoable`). In a sequential game those are the seat's own moves within its turn; in a
simultaneous phase they are everyone's secret choices, made in any order: a player changes
their choice until the last one reveals them all, whoever chose in between (Mind Up!, A13).
The others' moves then stand as they were made, so `undoable` moves must not depend on each
other (docs/adding-a-game.md). Live games (`bot.session`) and replays (`bot.replay`) follow
the log through here alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engines.core import AnyGame


@dataclass(frozen=True)
class Pending:
    """A move that can still be taken back by someone, or stands beside those that can."""

    seat: int
    action: Any
    own: bool
    """Its seat may take it back: a member's move (the AI does not take moves back), and not
    one made before a move that seat took back (one move back, not the whole turn)."""


@dataclass(frozen=True)
class Window:
    """The state before the first move that can still be taken back, and the moves since."""

    start: Any
    moves: tuple[Pending, ...]

    def open_for(self, seat: int) -> bool:
        """Whether `seat` may take a move back now: its latest move is its own (not the AI's,
        made for it while it was away, which must not be left standing on what it took back)."""
        return _latest(self, seat) is not None


def after_move(
    window: Window | None,
    game: AnyGame,
    before: Any,
    seat: int,
    action: Any,
    after: Any,
    *,
    by_ai: bool,
) -> Window | None:
    """The window once `seat` moved from `before` to `after` (None: nothing may be taken back)."""
    if not game.undoable(before, seat, action, after):
        return None
    start, moves = (before, ()) if window is None else (window.start, window.moves)
    return _kept(start, (*moves, Pending(seat, action, own=not by_ai)))


def taken_back(
    window: Window | None, game: AnyGame, seat: int, version: int
) -> tuple[Any, Window | None] | None:
    """The game once `seat`'s last move is taken back, at `version`, and the window then (None
    if the seat has nothing to take back). The others' moves since are made again."""
    last = None if window is None else _latest(window, seat)
    if window is None or last is None:
        return None
    rest = tuple(
        replace(move, own=False) if move.seat == seat else move
        for i, move in enumerate(window.moves)
        if i != last
    )
    state = window.start
    for move in rest:
        state, _ = game.apply(state, move.seat, move.action)
    return state.model_copy(update={"version": version}), _kept(window.start, rest)


def _latest(window: Window, seat: int) -> int | None:
    """Where the seat's latest move is in the window, if the seat may take it back."""
    mine = [i for i, move in enumerate(window.moves) if move.seat == seat]
    return mine[-1] if mine and window.moves[mine[-1]].own else None


def _kept(start: Any, moves: tuple[Pending, ...]) -> Window | None:
    return Window(start, moves) if any(move.own for move in moves) else None
