"""One live running game: its record, its rules state, its lock and the log discipline.

Every action goes lock -> freshness check -> play (engine.apply on a copy) -> commit -> accept;
only then is it shown.
"""

from __future__ import annotations

import asyncio
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import Any

import engines
from bot.ai_worker import decide
from bot.i18n import t
from bot.render import renderer
from bot.storage import GameRecord, LoggedAction, SeatRecord
from bot.takeback import Window, after_move, taken_back
from bot.text import NAME_LIMIT, looks, shown
from engines.core import AnyGame, Event, action_adapter, decode_action

UNDO = '{"undo": true}'
"""The log line of a move taken back (never an engine action: engines know nothing of it)."""
LAST_MOVES = 6
"""Lines of the last public moves the board shows."""
UNWORDED_KEPT = 16
"""Public events a game keeps unworded at most, between two drawings of its board."""


class StaleAction(Exception):  # noqa: N818 - the name style.md gives it
    """The click came from a panel drawn before this seat last acted, or no longer applies."""


TURN_OVER = (".turn", ".round_end", ".reveal")
"""Endings of event kinds after which a seat's turn is over, even if the same seat acts next
(a solo player's or a bonus turn; a new round that opens with them; a simultaneous choice
revealed, after which everyone chooses again)."""


AI_MARK = "🤖"
"""What names the AI's seats as the AI's."""


def turn_ended(events: list[Event]) -> bool:
    """Whether a move's events end the turn of the seat that made it (engines' contract,
    docs/adding-a-game.md)."""
    return any(event.kind.endswith(TURN_OVER) for event in events)


def typed_names(seats: Sequence[SeatRecord], lang: str) -> list[str]:
    """Each seat's name as typed: its member's, or the AI's in `lang`, numbered in seat order
    ("AI 2", «ИИ 2»), whoever reads it and whatever language the game was opened in.

    🤖 marks the AI's seats wherever they are named: a member's own is left out, so that nobody
    passes for the AI. Members whose names look the same (two "Alex") are told apart by their
    seats' numbers, as the lobby and the board list them: "Alex #1", "Alex #3".
    """
    number = count(1)
    names = [
        t(lang, "ai-name", number=next(number)) if s.user_id is None else member_name(s.name)
        for s in seats
    ]
    members = [name for seat, name in zip(seats, names, strict=True) if seat.user_id is not None]
    twins = {look for look, n in Counter(map(looks, members)).items() if n > 1}
    return [
        _numbered(name, index) if seat.user_id is not None and looks(name) in twins else name
        for index, (seat, name) in enumerate(zip(seats, names, strict=True))
    ]


def member_name(name: str) -> str:
    """A member's name as the bot shows it: without 🤖, which marks only the AI's seats."""
    return name.replace(AI_MARK, "").strip() or "?"


def _numbered(name: str, index: int) -> str:
    """A name with its seat's number, within Discord's length for a name (the number kept)."""
    suffix = f" #{index + 1}"
    room = NAME_LIMIT - len(suffix)
    return (name if len(name) <= room else name[: room - 1] + "…") + suffix


def shown_names(seats: Sequence[SeatRecord], lang: str) -> list[str]:
    """Seats as every board, panel, announcement and result in `lang` names them: the member's
    name (escaped: never markdown or a ping), or 🤖 and the AI's. Embeds never carry mentions:
    Discord shows them raw on some clients."""
    return [
        shown(name, NAME_LIMIT) if seat.user_id is not None else f"{AI_MARK} {name}"
        for seat, name in zip(seats, typed_names(seats, lang), strict=True)
    ]


@dataclass(frozen=True)
class Move:
    """An applied action before its commit: the state after it, its events and its log line."""

    seat: int
    state: Any
    events: list[Event]
    entry: LoggedAction
    window: Window | None = None
    """What may be taken back once this move is the game's (None: nothing)."""


@dataclass
class GameSession:
    """A game in the lobby or running, with everything needed to act on it."""

    record: GameRecord
    state: Any = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    last_acted: dict[int, int] = field(default_factory=dict)
    _worded: deque[str] = field(default_factory=lambda: deque(maxlen=LAST_MOVES))
    _unworded: list[Event] = field(default_factory=list)
    """Public events not worded yet: only a board draws them, and boards are drawn far less
    often than moves are made (the edits are paced), so most are never worded at all."""
    takeback: Window | None = None
    """The moves that may still be taken back (`bot.takeback`), if any."""
    waiting: frozenset[int] = frozenset()
    """The human seats the current deadline is for."""
    turn_began: dict[int, int] = field(default_factory=dict)
    """The version at which each acting seat's current turn began, where known (not for a turn
    that began before the snapshot a restart resumed from): a restart tells by it whether the
    seat's latest turn DM announced this turn."""

    @property
    def game(self) -> AnyGame:
        """The rules engine of this game."""
        return engines.game(self.record.slug)

    @property
    def id(self) -> str:
        """The game's id (also in every custom_id)."""
        return self.record.id

    @property
    def version(self) -> int:
        """The state version (0 before the start)."""
        return 0 if self.state is None else int(self.state.version)

    @property
    def running(self) -> bool:
        """Whether the game has started and not ended."""
        return self.record.status == "running"

    def seat_of(self, user_id: int) -> int | None:
        """The seat a member plays, if any (also when the AI stands in for them)."""
        for index, seat in enumerate(self.record.seats):
            if seat.user_id == user_id:
                return index
        return None

    def names(self, lang: str) -> list[str]:
        """The seats' names as messages in `lang` show them (`shown_names`)."""
        return shown_names(self.record.seats, lang)

    def may_take_back(self, seat: int) -> bool:
        """Whether the seat may take its last move back now."""
        return self.takeback is not None and self.takeback.open_for(seat)

    def to_act(self) -> frozenset[int]:
        """Seats that must act now (empty outside a running game)."""
        return self.game.to_act(self.state) if self.running else frozenset()

    @property
    def paused(self) -> bool:
        """Nobody is at the table: the AI holds every seat, and a member may take one back.

        The AI does not play a game on its own; it waits for a member to resume it.
        """
        seats = self.record.seats
        return (
            self.running
            and all(s.ai for s in seats)
            and any(s.user_id is not None and not s.kicked for s in seats)
        )

    def ai_seats_to_act(self) -> list[int]:
        """Seats the AI plays that must act now (none while the game is paused)."""
        if self.paused:
            return []
        return sorted(s for s in self.to_act() if self.record.seats[s].ai)

    def ai_choice(self, seat: int) -> Any:
        """The AI's action for `seat`, from that seat's view only, decided in this process."""
        return decide(self.record.slug, self.state, seat, self.record.seed)

    def decode(self, text: str) -> Any:
        """An action from its custom_id form (IllegalAction('malformed') if it is not one)."""
        return decode_action(self.game.SPEC.Action, text)

    def acted_since(self, seat: int, drawn_version: int) -> bool:
        """Whether the seat has acted since a panel of `drawn_version` was drawn (or the version
        is one the game never had): what that panel offered may be gone."""
        return drawn_version > self.version or self.last_acted.get(seat, -1) > drawn_version

    def check_fresh(self, seat: int, drawn_version: int, action: Any) -> None:
        """Refuse a click from a panel the seat has acted on since, or whose action is gone.

        A panel stays valid while its seat has not acted since it was drawn: in a simultaneous
        phase the others' choices change the version but not what this seat may do.
        """
        if self.acted_since(seat, drawn_version):
            raise StaleAction
        if drawn_version != self.version and action not in self.game.legal_actions(
            self.state, seat
        ):
            raise StaleAction

    def play(self, seat: int, action: Any, *, by_ai: bool) -> Move:
        """Apply a checked action to a copy of the state; nothing changes until `accept`."""
        new_state, events, window = self._applied(seat, action, by_ai=by_ai)
        entry = LoggedAction(
            seq=new_state.version,
            seat=seat,
            action=action_adapter(self.game.SPEC.Action).dump_json(action).decode(),
            by_ai=by_ai,
        )
        return Move(seat, new_state, events, entry, window)

    def _applied(
        self, seat: int, action: Any, *, by_ai: bool
    ) -> tuple[Any, list[Event], Window | None]:
        """The state after the action, its events, and what may be taken back then."""
        new_state, events = self.game.apply(self.state, seat, action)
        window = after_move(
            self.takeback, self.game, self.state, seat, action, new_state, by_ai=by_ai
        )
        return new_state, events, window

    def take_back(self, seat: int) -> Move | None:
        """The seat's last move taken back, as a move of its own (None if it may not be).

        The game goes back to how it stood without that move (`bot.takeback`); its version
        still moves on, so the seat's panels drawn since are stale and the log's numbers keep
        rising.
        """
        taken = taken_back(self.takeback, self.game, seat, self.state.version + 1)
        if taken is None:
            return None
        state, window = taken
        entry = LoggedAction(seq=state.version, seat=seat, action=UNDO, by_ai=False)
        return Move(seat, state, [], entry, window)

    @property
    def recent(self) -> deque[str]:
        """The board's last moves, worded in the game's language."""
        if self._unworded:
            self._word(self._unworded)
            self._unworded = []
        return self._worded

    def accept(self, move: Move) -> None:
        """Make a committed move the game's state (the caller holds the lock)."""
        self._advance(move.seat, move.state, move.events)
        self.takeback = move.window
        self._remember(move.events)
        if move.entry.action == UNDO:
            self._word(self._unworded)
            self._unworded = []
            self._worded.append(self._undo_line(move.seat))

    def restore(self, state: Any, last_moves: Sequence[str], actions: list[LoggedAction]) -> None:
        """A snapshot's state and the board's last moves then, and the actions logged after it
        (no I/O: committed already).

        Who moved before the snapshot is not in it: every seat counts as having moved at it,
        so a panel drawn before it is refused as out of date instead of trusted.
        """
        self.state = state
        self.last_acted = dict.fromkeys(range(state.players), state.version)
        self._worded.extend(last_moves)
        adapter = action_adapter(self.game.SPEC.Action)
        public: list[Event] = []
        for entry in actions:
            if entry.action == UNDO:
                move = self.take_back(entry.seat)
                if move is None:
                    raise LookupError(f"game {self.id} logs a take-back with nothing to take back")
                state, events, window = move.state, move.events, move.window
                self._word(public)
                public = []
                self._worded.append(self._undo_line(entry.seat))
            else:
                action = adapter.validate_json(entry.action)
                state, events, window = self._applied(entry.seat, action, by_ai=entry.by_ai)
                public += events
            self._advance(entry.seat, state, events)
            self.takeback = window
        # Worded at once: a restored game may wait long for its next move, and words take
        # less memory than events. Only the last few lines are kept.
        self._word(public)

    def _undo_line(self, seat: int) -> str:
        lang = self.record.language
        return t(lang, "board-undo", who=self.names(lang)[seat])

    def _advance(self, seat: int, state: Any, events: list[Event]) -> None:
        before = self.to_act()
        self.state = state
        self.last_acted[seat] = state.version
        # A new turn (the turn DMs announce each): a seat comes to act, or acts on after a move
        # of its own (the AI's, when its clock ran out) that ended its turn or made a
        # simultaneous choice; another card of the same turn begins none.
        turn_over = self.game.SPEC.simultaneous or turn_ended(events)
        for acting in self.to_act():
            if acting not in before or (turn_over and acting == seat):
                self.turn_began[acting] = state.version

    def _remember(self, events: list[Event]) -> None:
        """Keep the public events for the board's last moves, to be worded when it is drawn."""
        self._unworded += [event for event in events if event.visible_to is None]
        if len(self._unworded) > UNWORDED_KEPT:  # a board not drawn for long: keep memory small
            self._word(self._unworded)
            self._unworded = []

    def last_moves_after(self, move: Move) -> list[str]:
        """The board's last moves once `move` is the game's (kept with a snapshot)."""
        lines = deque(self.recent, maxlen=LAST_MOVES)
        lines.extend(self._lines(move.events))
        if move.entry.action == UNDO:
            lines.append(self._undo_line(move.seat))
        return list(lines)

    def _word(self, events: list[Event]) -> None:
        """Word the newest public events, only as many lines as the board keeps."""
        self._worded.extend(self._lines(events))

    def _lines(self, events: list[Event]) -> list[str]:
        render = renderer(self.record.slug)
        lang = self.record.language
        names = self.names(lang)
        lines: list[str] = []
        for event in reversed(events):
            if len(lines) == LAST_MOVES:
                break
            if event.visible_to is None and (line := render.event(event, names, lang)):
                lines.append(line)
        return lines[::-1]
