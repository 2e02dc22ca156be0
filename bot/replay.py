"""Replays and exports of finished games, rebuilt by the engines from the action log.

A game is its seed, options, seats and action log: the engines are deterministic, so they
rebuild every step and no board is stored per step. Building a replay runs the whole log once,
checks that it ends in exactly the stored result, and keeps the state at every `CHECKPOINT`-th
step; any step is then at most `CHECKPOINT` engine moves from a kept state. The latest `KEPT`
replays stay built, so stepping through one costs a few moves and the drawing of the text.

Only finished games are replayed or exported: a running game's log holds what its players may
not see yet. Once a game is over nothing of it is secret, so a replay shows every hand.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import engines
from bot.runtime import GameError
from bot.session import UNDO
from bot.storage import FinishedGame, GameRecord, LoggedAction, Reader, Storage
from bot.takeback import Window, after_move, taken_back
from engines.core import AnyGame, Event, Outcome, action_adapter

CHECKPOINT = 8
"""Steps between two kept states (a step costs at most this many engine moves)."""
KEPT = 32
"""Replays kept built, the most recently used."""
PACKAGE = "tabletop-bot"
EXPORT_FORMAT = 1


@dataclass(frozen=True)
class Step:
    """The game after one step of its log."""

    number: int
    """0 for the deal, then one per logged action."""
    state: Any
    seat: int | None
    """Who acted (None for the deal)."""
    events: tuple[Event, ...]
    undo: bool = False
    """The seat took its last move back."""


class Replay:
    """A finished game, rebuilt step by step."""

    def __init__(self, finished: FinishedGame) -> None:
        if finished.outcome is None:
            raise GameError("error-replay-unfinished")
        self.record: GameRecord = finished.record
        self.game: AnyGame = engines.game(self.record.slug)
        self.entries: list[LoggedAction] = finished.actions
        adapter = action_adapter(self.game.SPEC.Action)
        self._actions = [
            None if entry.action == UNDO else adapter.validate_json(entry.action)
            for entry in self.entries
        ]
        options = self.game.SPEC.Options.model_validate(self.record.options)
        dealt = self.game.setup(options, len(self.record.seats), self.record.seed)
        self._kept: dict[int, tuple[Window | None, Any]] = {0: (None, dealt)}
        """Per kept step: what could be taken back after it, and the state after it."""
        window, state = None, dealt
        for number in range(1, self.steps + 1):
            state, _, window = self._next(number, window, state)
            if number % CHECKPOINT == 0:
                self._kept[number] = (window, state)
        outcome = self.game.outcome(state)
        # Rules that changed since the game was played would replay it into another game.
        if outcome is None or outcome != Outcome.model_validate_json(finished.outcome):
            raise GameError("error-replay-changed")
        self.outcome: Outcome = outcome

    @property
    def steps(self) -> int:
        """How many steps follow the deal."""
        return len(self.entries)

    def _next(
        self, number: int, window: Window | None, state: Any
    ) -> tuple[Any, list[Event], Window | None]:
        """The state after step `number`, its events and what could be taken back then, from
        the state after step `number - 1` and what could be taken back then."""
        action, seat = self._actions[number - 1], self.entries[number - 1].seat
        if action is None:
            taken = taken_back(window, self.game, seat, state.version + 1)
            if taken is None:  # a log that the rules as they are now do not play
                raise GameError("error-replay-changed")
            back, window = taken
            return back, [], window
        after, events = self.game.apply(state, seat, action)
        by_ai = self.entries[number - 1].by_ai
        return after, events, after_move(window, self.game, state, seat, action, after, by_ai=by_ai)

    def step(self, number: int) -> Step:
        """The game after step `number` (clamped to the deal and the end)."""
        number = max(0, min(number, self.steps))
        if number == 0:
            return Step(number=0, state=self._kept[0][1], seat=None, events=())
        start = (number - 1) // CHECKPOINT * CHECKPOINT
        window, state = self._kept[start]
        for passed in range(start + 1, number):
            state, _, window = self._next(passed, window, state)
        after, events, _ = self._next(number, window, state)
        entry = self.entries[number - 1]
        return Step(
            number=number,
            state=after,
            seat=entry.seat,
            events=tuple(events),
            undo=self._actions[number - 1] is None,
        )


class Replays:
    """The finished games of this process's servers, replayed and exported on request."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._built: OrderedDict[str, Replay] = OrderedDict()

    async def _finished(self, game_id: str, reader: Reader) -> FinishedGame:
        """A finished game the reader may read; a refusal for anything else."""
        found = await self.storage.stats.finished_game(game_id)
        if found is None:
            raise GameError("error-replay-unknown")
        readable(found.record, reader)
        if found.record.status in ("lobby", "running"):
            raise GameError("error-replay-running")
        if found.outcome is None:
            raise GameError("error-replay-unfinished")
        return found

    async def replay(self, game_id: str, reader: Reader) -> Replay:
        """The replay of a finished game the reader may read (built, or kept from before)."""
        built = self._built.get(game_id)
        if built is None:
            finished = await self._finished(game_id, reader)
            # The one pass over the log (a tenth of a second for a series of twelve Genial
            # games) on a thread of its own: the loop answers other clicks meanwhile.
            built = await asyncio.to_thread(Replay, finished)
            self._built[game_id] = built
            if len(self._built) > KEPT:
                self._built.popitem(last=False)
        else:
            readable(built.record, reader)
        self._built.move_to_end(game_id)
        return built

    async def export(self, game_id: str, reader: Reader) -> str:
        """A finished game the reader may read, as JSON (docs/replays.md replays it)."""
        return exported(await self._finished(game_id, reader))


def readable(record: GameRecord, reader: Reader) -> None:
    """Refuse a game of another server (as if unknown), or one played where the reader
    cannot look."""
    if record.guild_id != reader.guild_id:
        raise GameError("error-replay-unknown")
    if not reader.may_read(record):
        raise GameError("error-replay-hidden")


@cache
def engine_version() -> str:
    """The version of the bot, whose engines played the game."""
    try:
        return version(PACKAGE)
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def exported(finished: FinishedGame) -> str:
    """The JSON of a finished game: engine version, seed, options, seats, actions, result."""
    record = finished.record
    assert finished.outcome is not None
    data = {
        "format": EXPORT_FORMAT,
        "engine": {"package": PACKAGE, "version": engine_version()},
        "id": record.id,
        "game": record.slug,
        "seed": record.seed,
        "options": record.options,
        "seats": [{"name": seat.name, "ai": seat.user_id is None} for seat in record.seats],
        "actions": [
            {"seat": entry.seat, "action": json.loads(entry.action), "by_ai": entry.by_ai}
            for entry in finished.actions
        ],
        "result": json.loads(finished.outcome),
    }
    return json.dumps(data, ensure_ascii=False, indent=1)
