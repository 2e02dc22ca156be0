"""/config: per-server defaults, for members with Manage Server only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands
from pydantic import ValidationError

import engines
from bot import variants
from bot.client import TabletopBot
from bot.guild_config import GuildConfig
from bot.i18n import language_of, t
from bot.runtime import GameError, Runtime
from cogs.defaults import defaults_panel
from cogs.games import GAME_CHOICES
from cogs.messages import ON_OFF, game_title, known, named_choices, value_text
from cogs.replies import Reply, guarded


async def _no_threads(_: Reply) -> None:
    raise GameError("error-config-no-threads")


@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
class ConfigCog(
    commands.GroupCog,
    group_name=_("config", key="cmd-config"),
    group_description=_("Server settings for games (admins)", key="cmd-config-desc"),
):
    """Server settings."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def runtime(self) -> Runtime:
        """The bot's runtime."""
        return self.bot.runtime

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Manage Server is needed even where the command's default permissions were changed."""
        member = interaction.user
        if isinstance(member, discord.Member) and member.guild_permissions.manage_guild:
            return True
        await Reply(interaction).answer(
            t(language_of(interaction.locale), "error-config-admin-only")
        )
        return False

    async def _update(self, interaction: discord.Interaction, **given: Any) -> None:
        """Store the settings the admin gave (an option left out keeps its value)."""
        changes = {name: value for name, value in given.items() if value is not None}
        await guarded(
            interaction, lambda reply: self._save(reply, lambda data: {**data, **changes})
        )

    async def _save(self, reply: Reply, change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        """Validate and store changed settings, then show them all."""
        guild_id = reply.interaction.guild_id
        assert guild_id is not None  # the cog is guild_only

        def changed(current: GuildConfig) -> GuildConfig:
            try:
                return GuildConfig.model_validate(change(current.model_dump()))
            except ValidationError as exc:
                raise GameError("error-config-invalid", detail=str(exc.errors()[0]["msg"])) from exc

        updated = await self.runtime.change_config(guild_id, changed)
        await reply.answer(
            t(reply.lang, "config-saved") + "\n" + self._describe(updated, reply.lang)
        )

    def _describe(self, cfg: GuildConfig, lang: str) -> str:
        lines = [
            t(lang, "config-language", value=t(lang, f"language-{cfg.language}")),
            t(lang, "config-threads", value=value_text(cfg.threads, lang)),
            t(lang, "config-images", value=value_text(cfg.images, lang)),
            t(lang, "config-turn-seconds", seconds=cfg.turn_seconds),
            t(lang, "config-choice-seconds", seconds=cfg.choice_seconds),
            t(lang, "config-host-options", value=value_text(cfg.hosts_change_options, lang)),
            # Players choose only where hosts may: the setting waits, but does nothing now.
            t(
                lang,
                "config-players-options",
                value=value_text(cfg.players_change_options and cfg.hosts_change_options, lang),
            ),
            t(lang, f"config-afk-{cfg.afk_policy}", count=cfg.takeover_after),
            t(lang, f"config-reminder-{cfg.reminder}"),
            t(lang, "config-lobby-minutes", minutes=cfg.lobby_minutes),
            t(lang, "config-pause-minutes", minutes=cfg.pause_minutes),
            t(
                lang,
                "config-lobbies",
                member=cfg.lobbies_per_member,
                server=cfg.lobbies_per_server,
            ),
            t(
                lang,
                "config-ratings",
                value=value_text(cfg.ratings, lang),
                games=cfg.leaderboard_games,
            ),
        ]
        for slug in engines.SLUGS:
            options = cfg.options_for(slug)
            base = engines.game(slug).SPEC.Options()
            changed = [
                f"{variants.option_name(slug, f, lang)} = "
                + variants.value_label(slug, f, getattr(options, f.name), lang)
                for f in variants.fields(slug)
                if getattr(options, f.name) != getattr(base, f.name)
            ]
            lines.append(
                f"**{game_title(slug, lang)}**: " + ("; ".join(changed) or t(lang, "options-base"))
            )
        return "\n".join(lines)

    @app_commands.command(
        name=_("show", key="cmd-config-show"),
        description=_("Show this server's settings", key="cmd-config-show-desc"),
    )
    async def show(self, interaction: discord.Interaction) -> None:
        """List every setting."""

        async def work(reply: Reply) -> None:
            assert interaction.guild_id is not None
            cfg = await self.runtime.config(interaction.guild_id)
            await reply.answer(self._describe(cfg, reply.lang))

        await guarded(interaction, work)

    @app_commands.command(
        name=_("language", key="cmd-config-language"),
        description=_("Language of public game messages", key="cmd-config-language-desc"),
    )
    @app_commands.describe(
        value=_("English or Russian", key="cmd-config-language-value"),
    )
    @app_commands.rename(value=_("value", key="cmd-arg-value"))
    @app_commands.choices(value=named_choices({"en": "language-en", "ru": "language-ru"}))
    async def language(self, interaction: discord.Interaction, value: str) -> None:
        """Set the language of boards and announcements."""
        await self._update(interaction, language=value)

    @app_commands.command(
        name=_("threads", key="cmd-config-threads"),
        description=_("Open each game in its own thread", key="cmd-config-threads-desc"),
    )
    @app_commands.describe(
        value=_(
            "True: every game gets its own thread; False: games are played in the channel",
            key="cmd-config-threads-value",
        ),
    )
    @app_commands.rename(value=_("value", key="cmd-arg-value"))
    async def threads(self, interaction: discord.Interaction, value: bool) -> None:
        """Turn game threads on or off."""
        if value and not self.bot.settings.game_threads:
            await guarded(interaction, _no_threads)
            return
        await self._update(interaction, threads=value)

    @app_commands.command(
        name=_("images", key="cmd-config-images"),
        description=_("Pictures of the table on boards and hands", key="cmd-config-images-desc"),
    )
    @app_commands.describe(
        value=_(
            "yes: boards and hands show a picture of the table; no: text only",
            key="cmd-config-images-value",
        ),
    )
    @app_commands.rename(value=_("value", key="cmd-arg-value"))
    @app_commands.choices(value=ON_OFF)
    async def images(self, interaction: discord.Interaction, value: str) -> None:
        """Turn the pictures of boards and hands on or off."""
        await self._update(interaction, images=value == "on")

    @app_commands.command(
        name=_("timer", key="cmd-config-timer"),
        description=_(
            "Seconds per turn and per secret choice (0 = off)", key="cmd-config-timer-desc"
        ),
    )
    @app_commands.describe(
        turn_seconds=_("Seconds for each turn (0 = no clock)", key="cmd-config-timer-turn"),
        choice_seconds=_(
            "Seconds for a secret choice, as in Mind Up! (0 = no clock); unchanged if left out",
            key="cmd-config-timer-choice",
        ),
    )
    @app_commands.rename(
        turn_seconds=_("turn_seconds", key="cmd-arg-turn-seconds"),
        choice_seconds=_("choice_seconds", key="cmd-arg-choice-seconds"),
    )
    async def timer(
        self,
        interaction: discord.Interaction,
        turn_seconds: app_commands.Range[int, 0, 86_400],
        choice_seconds: app_commands.Range[int, 0, 86_400] | None = None,
    ) -> None:
        """Set the turn clock."""
        await self._update(interaction, turn_seconds=turn_seconds, choice_seconds=choice_seconds)

    @app_commands.command(
        name=_("afk", key="cmd-config-afk"),
        description=_(
            "What happens when a player lets the clock run out", key="cmd-config-afk-desc"
        ),
    )
    @app_commands.describe(
        policy=_("What happens when the clock runs out", key="cmd-config-afk-policy"),
        takeover_after=_(
            "After this many timeouts in a row the AI keeps the seat (1–20)",
            key="cmd-config-afk-takeover",
        ),
        reminder=_(
            "A reminder when half the time is up, and how it is sent",
            key="cmd-config-afk-reminder",
        ),
        lobby_minutes=_(
            "Minutes after which a lobby that nobody started closes (1–1440)",
            key="cmd-config-afk-lobby-minutes",
        ),
        pause_minutes=_(
            "Minutes a game with nobody left at the table waits before it ends (1–1440)",
            key="cmd-config-afk-pause-minutes",
        ),
    )
    @app_commands.rename(
        policy=_("policy", key="cmd-arg-policy"),
        takeover_after=_("takeover_after", key="cmd-arg-takeover-after"),
        reminder=_("reminder", key="cmd-arg-reminder"),
        lobby_minutes=_("lobby_minutes", key="cmd-arg-lobby-minutes"),
        pause_minutes=_("pause_minutes", key="cmd-arg-pause-minutes"),
    )
    @app_commands.choices(
        policy=named_choices({"ai": "choice-afk-ai", "end": "choice-afk-end"}),
        reminder=named_choices({r: f"choice-reminder-{r}" for r in ("off", "mention", "dm")}),
    )
    async def afk(
        self,
        interaction: discord.Interaction,
        policy: str,
        takeover_after: app_commands.Range[int, 1, 20] | None = None,
        reminder: str | None = None,
        lobby_minutes: app_commands.Range[int, 1, 1440] | None = None,
        pause_minutes: app_commands.Range[int, 1, 1440] | None = None,
    ) -> None:
        """AFK policy, AI takeover, half-time reminders, lobby expiry and abandoned pauses."""
        await self._update(
            interaction,
            afk_policy=policy,
            takeover_after=takeover_after,
            reminder=reminder,
            lobby_minutes=lobby_minutes,
            pause_minutes=pause_minutes,
        )

    @app_commands.command(
        name=_("lobbies", key="cmd-config-lobbies"),
        description=_("How many lobbies may be open at once", key="cmd-config-lobbies-desc"),
    )
    @app_commands.rename(
        per_member=_("per_member", key="cmd-arg-per-member"),
        per_server=_("per_server", key="cmd-arg-per-server"),
    )
    @app_commands.describe(
        per_member=_(
            "How many open lobbies one member may host (1–25)", key="cmd-config-lobbies-member"
        ),
        per_server=_(
            "How many lobbies may be open in this server in all (1–200)",
            key="cmd-config-lobbies-server",
        ),
    )
    async def lobbies(
        self,
        interaction: discord.Interaction,
        per_member: app_commands.Range[int, 1, 25],
        per_server: app_commands.Range[int, 1, 200] | None = None,
    ) -> None:
        """Cap the open lobbies per member and per server."""
        await self._update(
            interaction, lobbies_per_member=per_member, lobbies_per_server=per_server
        )

    @app_commands.command(
        name=_("ratings", key="cmd-config-ratings"),
        description=_("Rate competitive games; leaderboards", key="cmd-config-ratings-desc"),
    )
    @app_commands.describe(
        value=_(
            "yes: finished games change the players' ratings; no: they do not",
            key="cmd-config-ratings-value",
        ),
        min_games=_(
            "Rated games a member needs to be on a leaderboard (1–1000)",
            key="cmd-config-ratings-min-games",
        ),
    )
    @app_commands.rename(
        value=_("value", key="cmd-arg-value"), min_games=_("min_games", key="cmd-arg-min-games")
    )
    @app_commands.choices(value=ON_OFF)
    async def ratings(
        self,
        interaction: discord.Interaction,
        value: str,
        min_games: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        """Turn ratings on or off; how many rated games put a member on a leaderboard."""
        await self._update(interaction, ratings=value == "on", leaderboard_games=min_games)

    @app_commands.command(
        name=_("host-options", key="cmd-config-host-options"),
        description=_("Whether hosts may change game options", key="cmd-config-host-options-desc"),
    )
    @app_commands.describe(
        value=_(
            "True: hosts may choose options in /newgame; False: the server's defaults apply",
            key="cmd-config-host-options-value",
        ),
        players=_(
            "True: every player in a lobby may change its options, not only the host",
            key="cmd-config-host-options-players",
        ),
    )
    @app_commands.rename(
        value=_("value", key="cmd-arg-value"), players=_("players", key="cmd-arg-players")
    )
    async def host_options(
        self, interaction: discord.Interaction, value: bool, players: bool | None = None
    ) -> None:
        """Allow or forbid changing a game's options in /newgame and its lobby."""
        await self._update(interaction, hosts_change_options=value, players_change_options=players)

    @app_commands.command(
        name=_("option", key="cmd-config-option"),
        description=_(
            "A game's default options on this server, chosen from lists",
            key="cmd-config-option-desc",
        ),
    )
    @app_commands.describe(
        game=_("The game whose default options you set", key="cmd-config-option-game"),
    )
    @app_commands.rename(game=_("game", key="cmd-arg-game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def option(self, interaction: discord.Interaction, game: str) -> None:
        """A game's defaults with a select or toggle for each option."""

        async def work(reply: Reply) -> None:
            known(game)
            assert interaction.guild_id is not None  # the cog is guild_only
            cfg = await self.runtime.config(interaction.guild_id)
            await reply.answer(**defaults_panel(cfg, game, reply.lang))

        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    """Loaded by name by the bot (bot.client.EXTENSIONS)."""
    if not isinstance(bot, TabletopBot):
        raise TypeError("the config cog runs in the tabletop bot")
    await bot.add_cog(ConfigCog(bot))
