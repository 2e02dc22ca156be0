"""Runtime settings, read from the environment and `.env` (see .env.example)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.collector import YOUNG_EVERY

DISCORD = "https://discord.com"
DISCORD_GLOBAL_PER_SECOND = 50
"""Requests a second Discord takes from one bot, all its processes together (interaction
answers are not counted)."""


class Settings(BaseSettings):
    """Everything the bot process can be told; names match .env.example."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    discord_token: SecretStr | None = None
    database_url: str = "sqlite:///data/tabletop.db"
    dev_guild_id: int | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    discord_api_base: str = DISCORD
    shard_count: int | None = Field(default=None, ge=1)
    processes: int = Field(default=1, ge=1, le=64)
    """Bot processes, each running some of the shards (bot.cluster): one per core to use."""
    board_edit_interval: float = Field(default=1.0, ge=0.0)
    rest_per_second: float = Field(default=40.0, ge=0.0, le=DISCORD_GLOBAL_PER_SECOND)
    """Our own REST calls (not interaction answers) per second: under Discord's global 50.

    0 sends at once, without bot.global_limit either: for the tests and the sandbox, whose
    simulated Discord has no global limit.
    """
    snapshot_every: int = Field(default=10, ge=1)
    ai_worker: bool = True
    """Whether the AIs think in a worker process (bot.ai_worker) instead of the bot's own."""
    collector_every: float = Field(default=YOUNG_EVERY, ge=0.0)
    """Seconds between two young garbage-collection passes (bot.collector); 0 leaves them to
    Python's own thresholds."""

    @field_validator("database_url")
    @classmethod
    def _sqlite_only(cls, value: str) -> str:
        if not value.startswith("sqlite:///"):
            raise ValueError("only sqlite:///path databases are supported")
        return value

    @model_validator(mode="after")
    def _processes_can_run(self) -> Settings:
        if self.shard_count is not None and self.shard_count < self.processes:
            raise ValueError(f"SHARD_COUNT must be at least PROCESSES ({self.processes})")
        if self.processes > 1 and sys.platform == "win32":
            raise ValueError("PROCESSES above 1 needs Linux or macOS")
        return self

    @property
    def rest_share(self) -> float:
        """This process's share of REST_PER_SECOND: Discord's global limit is per bot."""
        return self.rest_per_second / self.processes

    @property
    def rest_limit(self) -> float:
        """This process's share of Discord's global limit, calls a second, enforced as they
        leave (bot.global_limit)."""
        return DISCORD_GLOBAL_PER_SECOND / self.processes

    @property
    def rest_burst(self) -> int:
        """Calls this process may make at once after a quiet spell, on top of its share.

        In any second a process starts at most its burst, one more, and its share of
        REST_PER_SECOND (cogs.outbox). The bursts split what REST_PER_SECOND leaves of
        Discord's global limit, so that up to eight processes stay within it even when they all
        burst in the same second; bot.global_limit holds any call beyond it as it leaves.
        """
        spare = (DISCORD_GLOBAL_PER_SECOND - self.rest_per_second) / self.processes
        return max(int(spare) - 1, 0)

    @property
    def database_path(self) -> Path:
        """The SQLite file behind database_url."""
        return Path(self.database_url.removeprefix("sqlite:///"))
