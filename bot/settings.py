"""Runtime settings, read from the environment and `.env` (see .env.example)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DISCORD = "https://discord.com"
DISCORD_GLOBAL_PER_SECOND = 50
"""Requests a second Discord takes from one bot (interaction answers are not counted)."""


class Settings(BaseSettings):
    """Everything the bot process can be told; the names a server owner sets are in .env.example."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    discord_token: SecretStr | None = None
    database_url: str = "sqlite:///data/tabletop.db"
    dev_guild_id: int | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    discord_api_base: str = DISCORD
    """Where REST goes (`{base}/api/v10`): Discord, a REST proxy, or a local stand-in."""
    shard_count: int | None = Field(default=None, ge=1)
    board_edit_interval: float = Field(default=1.0, ge=0.0)
    """Minimum seconds between two edits of one game's board (latest state wins)."""
    rest_per_second: float = Field(default=40.0, ge=0.0, le=DISCORD_GLOBAL_PER_SECOND)
    """Our own REST calls (not interaction answers) per second, under Discord's global 50.

    0 sends at once: for the tests and the sandbox, whose simulated Discord has no global limit.
    """
    snapshot_every: int = Field(default=10, ge=1)
    """A full snapshot of a running game every this many actions, so restarts replay little."""
    ai_worker: bool = True
    """Whether the AIs think in a worker process (bot.ai_worker) instead of the bot's own."""

    @field_validator("database_url")
    @classmethod
    def _sqlite_only(cls, value: str) -> str:
        if not value.startswith("sqlite:///"):
            raise ValueError("only sqlite:///path databases are supported")
        return value

    @property
    def rest_burst(self) -> int:
        """Calls that may leave at once after a quiet spell, on top of `rest_per_second`.

        What the steady rate leaves of Discord's global limit, less one for safety, so that a
        burst and the steady rate together stay within the 50 of any second.
        """
        return max(int(DISCORD_GLOBAL_PER_SECOND - self.rest_per_second) - 1, 0)

    @property
    def database_path(self) -> Path:
        """The SQLite file behind database_url."""
        return Path(self.database_url.removeprefix("sqlite:///"))
