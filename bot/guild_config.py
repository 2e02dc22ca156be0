"""Per-server settings that admins change with /config."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

import engines


class GuildConfig(BaseModel):
    """A server's defaults; an unset server gets these."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    language: Literal["en", "ru"] = "en"
    threads: bool = False
    images: bool = True
    """Boards and hands carry a picture of the table; off, they are text only."""
    turn_seconds: int = Field(default=120, ge=0, le=86_400)
    """Seconds per turn-based decision; 0 turns the clock off."""
    choice_seconds: int = Field(default=60, ge=0, le=86_400)
    """Seconds for a simultaneous secret choice; 0 turns the clock off."""
    hosts_change_options: bool = True
    players_change_options: bool = False
    """Every player in a lobby may change its options, not only the host."""
    afk_policy: Literal["ai", "end"] = "ai"
    """At a deadline the AI moves for the absent player, or the game ends as abandoned."""
    takeover_after: int = Field(default=2, ge=1, le=20)
    """After this many timeouts in a row the AI keeps the seat until the player takes it back."""
    reminder: Literal["off", "mention", "dm"] = "mention"
    """How the player is reminded at half time."""
    lobby_minutes: int = Field(default=15, ge=1, le=1440)
    """A lobby not started within this time closes itself."""
    pause_minutes: int = Field(default=30, ge=1, le=1440)
    """A game paused because nobody is left at the table ends as abandoned after this time."""
    lobbies_per_member: int = Field(default=2, ge=1, le=25)
    """Lobbies one member may have open at once in this server."""
    lobbies_per_server: int = Field(default=20, ge=1, le=200)
    """Lobbies open at once in this server, all members together."""
    ratings: bool = True
    """Competitive games finished from now on change the players' ratings (bot.ratings)."""
    leaderboard_games: int = Field(default=3, ge=1, le=1000)
    """Rated games a member needs to be listed on a leaderboard."""
    defaults: dict[str, dict[str, Any]] = {}
    """Per game slug, option values that differ from the base game."""

    @model_validator(mode="after")
    def _defaults_are_valid_options(self) -> GuildConfig:
        for slug, values in self.defaults.items():
            engines.game(slug).SPEC.Options(**values)
        return self

    def options_for(self, slug: str, overrides: dict[str, Any] | None = None) -> Any:
        """The game's Options: base game, then the server's defaults, then the host's choices."""
        values = {**self.defaults.get(slug, {}), **(overrides or {})}
        return engines.game(slug).SPEC.Options(**values)

    def seconds_for(self, simultaneous: bool) -> int:
        """The clock for the current decision (0 = no clock)."""
        return self.choice_seconds if simultaneous else self.turn_seconds
