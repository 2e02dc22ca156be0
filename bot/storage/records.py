"""What is stored, as the rest of the bot sees it: games, seats, logged actions, restore points."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

Status = Literal["lobby", "running", "finished", "cancelled", "abandoned"]
ACTIVE: tuple[Status, ...] = ("lobby", "running")


class StorageError(Exception):
    """A write did not land: nothing of it was stored, and the caller must change nothing."""


class ShardTakenError(StorageError):
    """Another live process already runs a shard this one was told to run."""


class SeatRecord(BaseModel):
    """Who plays a seat: a member, or the AI (an AI seat, or a seat the AI took over)."""

    user_id: int | None
    name: str
    ai: bool
    kicked: bool = False
    """The host or a manager removed the member: the AI keeps the seat to the end."""
    ready: bool = True
    """False while a rematch's lobby waits for the member to confirm; such seats do not play."""
    lang: str | None = None
    """The member's language when they took the seat (their DMs about the game are in it);
    None for the AI, and for seats taken before the bot kept it."""
    timeouts: int = 0
    """Turns in a row on which the clock ran out on the member (the AI moved for them)."""


class GameRecord(BaseModel):
    """Everything about a game except its rules state."""

    id: str
    guild_id: int
    channel_id: int
    thread_id: int | None = None
    message_id: int | None = None
    slug: str
    options: dict[str, Any]
    seed: int
    status: Status
    host_id: int
    language: str
    deadline: float | None = None
    created_at: float
    seats: list[SeatRecord] = []

    @property
    def play_channel_id(self) -> int:
        """Where the game's messages live: its thread if it has one."""
        return self.thread_id or self.channel_id


class LoggedAction(BaseModel):
    """One line of the action log."""

    seq: int
    seat: int
    action: str
    by_ai: bool


class _Keep:
    """The stored value stays as it is."""


KEEP = _Keep()


@dataclass
class RestorePoint:
    """Where a running game resumes: the state after action `seq`, then `actions`."""

    seq: int
    state: str
    last_moves: tuple[str, ...] = ()
    """The board's last moves at the snapshot, worded in the game's language."""
    actions: list[LoggedAction] = field(default_factory=list)


@dataclass(frozen=True)
class TurnDm:
    """The latest turn DM a member got for a game: where it is, and in which language."""

    user_id: int
    channel_id: int
    message_id: int
    lang: str
    version: int | None = None
    """The game's version when it was sent (None: sent by a bot that did not keep it)."""
