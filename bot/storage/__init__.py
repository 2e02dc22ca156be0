"""Persistence: the only package that speaks SQL. SQLite is embedded; PostgreSQL serves many
processes. See `store` for what is stored, `database` for the contract with a backend."""

from bot.storage.records import (
    ACTIVE,
    KEEP,
    GameRecord,
    LoggedAction,
    RestorePoint,
    SeatRecord,
    ShardTakenError,
    Status,
    StorageError,
    TurnDm,
)
from bot.storage.sqlite import backup
from bot.storage.stats import (
    FinishedGame,
    PastGame,
    Reader,
    Recent,
    SeatResult,
    Skill,
    Standings,
    StatsStore,
    TeamRecord,
    Totals,
)
from bot.storage.store import Storage, prepare

__all__ = [
    "ACTIVE",
    "KEEP",
    "FinishedGame",
    "GameRecord",
    "LoggedAction",
    "PastGame",
    "Reader",
    "Recent",
    "RestorePoint",
    "SeatRecord",
    "SeatResult",
    "ShardTakenError",
    "Skill",
    "Standings",
    "StatsStore",
    "Status",
    "Storage",
    "StorageError",
    "TeamRecord",
    "Totals",
    "TurnDm",
    "backup",
    "prepare",
]
