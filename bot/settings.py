"""Runtime settings, read from the environment and `.env` (see .env.example)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict
from yarl import URL

from bot.shards import Shards

DISCORD = "https://discord.com"
DISCORD_GLOBAL_PER_SECOND = 50
"""Requests a second Discord takes from one bot (interaction answers are not counted)."""
DEFAULT_REST = 40.0
"""The bot's own requests a second, in all its processes: room is left under Discord's limit."""


class Settings(BaseSettings):
    """Everything the bot process can be told; the names a server owner sets are in .env.example."""

    # An empty line of .env (as .env.example leaves them) means the default, not "".
    model_config = SettingsConfigDict(env_file=".env", extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr | None = None
    database_url: str = "sqlite:///data/tabletop.db"
    dev_guild_id: int | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    discord_api_base: str = DISCORD
    """Where REST goes (`{base}/api/v10`): Discord, a REST proxy, or a local stand-in."""
    shard_count: int | None = Field(default=None, ge=1)
    """How many shards the bot has in all (every process the same); unset asks Discord."""
    # NoDecode: the variable is `0,1`, not JSON.
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    """The shards this process runs (e.g. `SHARD_IDS=0,1`); unset runs every shard."""
    board_edit_interval: float = Field(default=1.25, ge=0.0)
    """Minimum seconds between two edits of one game's board (latest state wins).

    Discord allows 5 edits per 5 s in a channel; four of them for the board leave room for the
    game's other edits there (a board that moved down, the lobby) without waiting on that limit.
    """
    board_repost_after: int = Field(default=6, ge=0)
    """The bot's own messages (moves, notices) under a game's board after which the board is
    posted again at the bottom; 0 never does. Members' chat is not counted: the bot does not
    read messages."""
    rest_per_second: float = Field(default=DEFAULT_REST, ge=0.0, le=DISCORD_GLOBAL_PER_SECOND)
    """Our own REST calls (not interaction answers) per second, under Discord's global 50.

    0 sends at once: for the tests and the sandbox, whose simulated Discord has no global limit.
    """
    snapshot_every: int = Field(default=10, ge=1)
    """A full snapshot of a running game every this many actions, so restarts replay little."""
    ai_worker: bool = True
    """Whether the AIs think in a worker process (bot.ai_worker) instead of the bot's own."""
    game_threads: bool = True
    """Whether `/config threads` may give each game a thread of its own. The sandbox says no:
    its page shows one channel, and a game in a thread could not be reached from it."""
    render_threads: int = Field(default=1, ge=1, le=32)
    """Threads that draw the pictures of boards and hands when there is no worker process
    (AI_WORKER=false); with one, they are drawn there, off the core that answers clicks."""

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: str) -> str:
        if not value.startswith(("sqlite:///", "postgresql://", "postgres://")):
            raise ValueError("use sqlite:///path/to/file.db or postgresql://user@host/database")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return [int(part) for part in value.split(",") if part.strip()] or None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT: the number of shards in all")
        if not self.shard_ids or any(not 0 <= i < self.shard_count for i in self.shard_ids):
            raise ValueError(f"SHARD_IDS must be shards from 0 to {self.shard_count - 1}")
        if self.sqlite and set(self.shard_ids) != set(range(self.shard_count)):
            raise ValueError(
                "SQLite serves one process, which must run every shard: leave SHARD_IDS unset, "
                "or use PostgreSQL (DATABASE_URL=postgresql://...) to run shards in several "
                "processes"
            )
        return self

    @property
    def shards(self) -> Shards:
        """The shards this process runs (every shard, when SHARD_IDS is unset)."""
        count = self.shard_count or 1
        return Shards(count, tuple(self.shard_ids or range(count)))

    @property
    def sqlite(self) -> bool:
        """Whether the database is the embedded SQLite file."""
        return self.database_url.startswith("sqlite:///")

    @property
    def rest_burst(self) -> int:
        """Calls that may leave at once after a quiet spell, on top of `rest_per_second`.

        Half of what this process's share of Discord's global limit leaves above its steady
        rate: a burst and the steady rate together stay within the 50 of any second with room
        to spare, since a request that discord.py holds for its route's own limit leaves later
        than its slot. The share is in proportion to the rate (the default is the whole bot's;
        with N processes each runs at 1/N of it, docs/deploying.md), so processes that burst
        together stay within the limit too.
        """
        return max(int(self.rest_share - self.rest_per_second) // 2, 0)

    @property
    def rest_share(self) -> float:
        """This process's share of Discord's global limit, in proportion to its rate."""
        rate = self.rest_per_second
        return min(DISCORD_GLOBAL_PER_SECOND, rate * DISCORD_GLOBAL_PER_SECOND / DEFAULT_REST)

    @property
    def rest_budget(self) -> int:
        """The most of this process's own requests that may leave in any second (bot.rest_budget):
        its share less a tenth, for requests that take longer than others on the way."""
        return int(self.rest_share * 0.9)

    @property
    def database_shown(self) -> str:
        """The database as a log line may show it: a PostgreSQL password is left out."""
        if self.sqlite:
            return str(self.database_path)
        url = URL(self.database_url)
        return str(url.with_password("***") if url.password else url)

    @property
    def database_path(self) -> Path:
        """The SQLite file behind database_url."""
        return Path(self.database_url.removeprefix("sqlite:///"))
