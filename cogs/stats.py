"""/stats, /leaderboard and /history: a server's record of finished games, as members read it.

Every answer is ephemeral: each is drawn for the member who asked (their own place on the
leaderboard), and the replays /history opens show every hand of a finished game.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import engines
from bot.client import TabletopBot
from bot.i18n import t
from bot.ratings import shown_rating
from bot.runtime import GameError
from bot.session import member_name, shown_names
from bot.stats import GameStats, Leaderboard, MemberStats, Stats, best
from bot.storage import PastGame, Recent, Skill, TeamRecord
from bot.text import NAME_LIMIT, shown
from cogs import ids, replay
from cogs.games import GAME_CHOICES
from cogs.items import Component
from cogs.messages import COLOUR, fitting, game_title, known, played_by
from cogs.permissions import reader
from cogs.replay import ReplayButton
from cogs.replies import Reply, guarded
from cogs.views import Button, detached


def when(timestamp: float) -> str:
    """A date as Discord shows it, in each reader's own locale and time zone."""
    return discord.utils.format_dt(datetime.fromtimestamp(timestamp, tz=UTC), "d")


def percent(part: int, whole: int) -> int:
    """`part` of `whole` in whole percent."""
    return round(100 * part / whole) if whole else 0


def cooperative(slug: str) -> bool:
    """Whether the game is played together against the game (no ratings, team results)."""
    return engines.game(slug).SPEC.cooperative


def rating_line(skill: Skill | None, lang: str) -> str:
    """A member's rating in one game, or that they have none yet."""
    if skill is None:
        return t(lang, "stats-unrated")
    return t(lang, "stats-rating", rating=shown_rating(skill.ordinal), games=skill.games)


def team_line(players: int, games: int, wins: int, best: int, lang: str) -> str:
    """A cooperative game's results for one player count."""
    return t(
        lang,
        "stats-team-line",
        players=players,
        games=games,
        wins=wins,
        rate=percent(wins, games),
        best=best,
    )


# --- /stats ---


def game_lines(game: GameStats, lang: str, ratings_on: bool) -> list[str]:
    """What a member did in one game: games, wins, and a rating or the team's results."""
    lines = [
        t(
            lang,
            "stats-games",
            games=game.games,
            wins=game.wins,
            rate=percent(game.wins, game.games),
        )
    ]
    if cooperative(game.slug):
        lower = engines.game(game.slug).SPEC.lower_is_better
        lines += [
            team_line(row.players, row.games, row.wins, best((row,), lower), lang)
            for row in game.by_players
        ]
        return lines
    if ratings_on or game.skill is not None:
        lines.append(rating_line(game.skill, lang))
    order = "low" if engines.game(game.slug).SPEC.lower_is_better else "high"
    lines.append(
        t(lang, "stats-scores", best=game.best, average=round(game.average, 1), order=order)
    )
    return lines


def recent_line(game: Recent, lang: str, named: bool) -> str:
    """One latest result; `named`: the list mixes games, so it names each."""
    if cooperative(game.slug):
        medal = "🎉" if game.won else "▫️"
        result = (
            t(lang, "stats-team-won") if game.won else t(lang, "stats-cards-left", count=game.score)
        )
        parts = [result, t(lang, "stats-players", count=game.players)]
    else:
        medal = "🏆" if game.won else "▫️"
        parts = [
            t(lang, "stats-place", place=game.place, players=game.players),
            t(lang, "score-points", points=game.score),
        ]
    title = [game_title(game.slug, lang)] if named else []
    return f"{medal} " + " · ".join([*title, *parts, when(game.finished_at)])


def stats_embed(
    name: str, slug: str | None, found: MemberStats, lang: str, ratings_on: bool
) -> discord.Embed:
    """A member's games on the server: of one kind, or of every kind they played."""
    title = game_title(slug, lang) if slug else t(lang, "stats-all-games")
    embed = discord.Embed(title=t(lang, "stats-title", name=name, game=title), colour=COLOUR)
    if not found.games:
        embed.description = (
            t(lang, "stats-none-game", name=name, game=game_title(slug, lang))
            if slug
            else t(lang, "stats-none", name=name)
        )
        return embed
    if slug is not None:
        (game,) = found.games
        embed.description = "\n".join(game_lines(game, lang, ratings_on))
    else:
        for game in found.games:
            embed.add_field(
                name=game_title(game.slug, lang),
                value="\n".join(game_lines(game, lang, ratings_on)),
                inline=False,
            )
    embed.add_field(
        name=t(lang, "stats-recent"),
        value="\n".join(recent_line(r, lang, slug is None) for r in found.recent),
        inline=False,
    )
    if any(game.skill is not None for game in found.games):
        embed.set_footer(text=t(lang, "rating-explained"))
    return embed


# --- /leaderboard ---


class PageButton(Component, discord.ui.DynamicItem[Button], layout=ids.LEADERBOARD):
    """Previous and Next under a leaderboard: the page drawn anew for whoever clicked."""

    def __init__(self, slug: str, page: int, label: str = "", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or str(page + 1),
                style=discord.ButtonStyle.secondary,
                custom_id=ids.LEADERBOARD.format(slug=slug, page=page),
                disabled=disabled,
            )
        )
        self.slug, self.page = slug, page

    async def callback(self, interaction: discord.Interaction) -> None:
        """Redraw the leaderboard at this page."""

        async def work(reply: Reply) -> None:
            known(self.slug)
            await reply.edit(**await leaderboard_message(reply, self.slug, self.page))

        await self.answer(interaction, work)


ITEMS = (PageButton, *replay.ITEMS)


def board_lines(board: Leaderboard, user_id: int, lang: str) -> list[str]:
    """The page's members, best first; the reader's own line is marked."""
    return [
        ("👉 " if entry.skill.user_id == user_id else "")
        + t(
            lang,
            "leaderboard-line",
            place=entry.place,
            name=shown(member_name(entry.skill.name), NAME_LIMIT),
            rating=shown_rating(entry.skill.ordinal),
            games=entry.skill.games,
        )
        for entry in board.entries
    ]


def mine_text(board: Leaderboard, lang: str) -> str:
    """Where the reader stands, on this page or not."""
    mine = board.mine
    if mine is None:
        return t(lang, "leaderboard-mine-none")
    if board.my_place is None:
        return t(lang, "leaderboard-mine-few", games=mine.games, needed=board.min_games)
    rating = shown_rating(mine.ordinal)
    return t(lang, "leaderboard-mine", place=board.my_place, rating=rating, games=mine.games)


def leaderboard_embed(slug: str, board: Leaderboard, user_id: int, lang: str) -> discord.Embed:
    """One page of a game's leaderboard, and the reader's own place."""
    lines = board_lines(board, user_id, lang)
    embed = discord.Embed(
        title=t(lang, "leaderboard-title", game=game_title(slug, lang)),
        description="\n".join(lines) or t(lang, "leaderboard-empty", min=board.min_games),
        colour=COLOUR,
    )
    embed.add_field(name=t(lang, "leaderboard-you"), value=mine_text(board, lang), inline=False)
    page = t(lang, "leaderboard-page", page=board.page + 1, pages=board.pages, min=board.min_games)
    embed.set_footer(text=page + "\n" + t(lang, "rating-explained"))
    return embed


def teams_embed(slug: str, records: list[TeamRecord], lang: str) -> discord.Embed:
    """A cooperative game's team results on the server, per player count."""
    lines = [team_line(r.players, r.games, r.wins, r.best, lang) for r in records]
    embed = discord.Embed(
        title=t(lang, "teams-title", game=game_title(slug, lang)),
        description="\n".join(lines) or t(lang, "teams-empty"),
        colour=COLOUR,
    )
    embed.set_footer(text=t(lang, "teams-footer"))
    return embed


async def leaderboard_message(reply: Reply, slug: str, page: int) -> dict[str, Any]:
    """The leaderboard at `page` (or a cooperative game's team results) for the reader."""
    guild_id = reply.interaction.guild_id
    if guild_id is None:
        raise GameError("error-server-only")
    runtime = reply.bot.runtime
    if cooperative(slug):
        return {"embed": teams_embed(slug, await runtime.stats.teams(guild_id, slug), reply.lang)}
    cfg = await runtime.config(guild_id)
    if not cfg.ratings:
        raise GameError("error-ratings-off")
    board = await runtime.stats.leaderboard(
        guild_id, slug, page, reply.user_id, cfg.leaderboard_games
    )
    buttons = [
        PageButton(
            slug, max(board.page - 1, 0), t(reply.lang, "leaderboard-previous"), board.page == 0
        ),
        PageButton(
            slug,
            board.page + 1,
            t(reply.lang, "leaderboard-next"),
            board.page + 1 >= board.pages,
        ),
    ]
    embed = leaderboard_embed(slug, board, reply.user_id, reply.lang)
    return {"embed": embed, "view": detached(*buttons)}


# --- /history ---


def past_line(number: int, game: PastGame, lang: str) -> str:
    """One finished game: what, when, its id, and its players with their results."""
    head = t(lang, "history-line", number=number, game=game_title(game.slug, lang), id=game.game_id)
    head += f" · {when(game.finished_at)}"
    seats = [seat for seat, _ in game.seats]
    names = [
        name + played_by(seat, lang)
        for seat, name in zip(seats, shown_names(seats, lang), strict=True)
    ]
    results = [result for _, result in game.seats]
    if cooperative(game.slug):
        first = results[0]
        result = (
            t(lang, "stats-team-won")
            if first.won
            else t(lang, "stats-cards-left", count=first.score)
        )
        players = ", ".join(names)
        return f"{head}\n{'🎉' if first.won else '▫️'} {result} — {players}"
    ranked = sorted(
        zip(names, results, strict=True), key=lambda pair: (pair[1].place, pair[1].seat)
    )
    players = " · ".join(
        f"{'🏆 ' if result.won else ''}{name} **{result.score}**" for name, result in ranked
    )
    return f"{head}\n{players}"


def history_message(games: list[PastGame], slug: str | None, lang: str) -> dict[str, Any]:
    """The server's latest finished games, with a Replay button for each: as many as the
    embed holds (long names at full tables may fill it before the last)."""
    title = (
        t(lang, "history-title-game", game=game_title(slug, lang))
        if slug
        else t(lang, "history-title")
    )
    lines = fitting(past_line(n, g, lang) for n, g in enumerate(games, 1))
    games = games[: len(lines)]
    empty = (
        t(lang, "history-empty-game", game=game_title(slug, lang))
        if slug
        else t(lang, "history-empty")
    )
    embed = discord.Embed(title=title, description="\n".join(lines) or empty, colour=COLOUR)
    if not games:
        return {"embed": embed}
    embed.set_footer(text=t(lang, "history-footer"))
    buttons = [
        ReplayButton(game.game_id, t(lang, "history-replay", number=number))
        for number, game in enumerate(games, 1)
    ]
    return {"embed": embed, "view": detached(*buttons)}


# --- the commands ---


class StatsCog(commands.Cog):
    """/stats, /leaderboard and /history, and the buttons of their answers and of replays."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Clicks on leaderboard pages and replays reach them from now on, after restarts too."""
        self.bot.add_dynamic_items(*ITEMS)

    async def cog_unload(self) -> None:
        """No more clicks for the components of this cog."""
        self.bot.remove_dynamic_items(*ITEMS)

    @property
    def stats(self) -> Stats:
        """The server records of finished games."""
        return self.bot.runtime.stats

    @app_commands.command(
        name=_("stats", key="cmd-stats"),
        description=_("A member's games and rating on this server", key="cmd-stats-desc"),
    )
    @app_commands.describe(
        member=_("Whose games (you, if left out)", key="cmd-stats-member"),
        game=_("One game (every game, if left out)", key="cmd-stats-game"),
    )
    @app_commands.rename(
        member=_("member", key="cmd-arg-member"), game=_("game", key="cmd-arg-game")
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats_command(
        self,
        interaction: discord.Interaction,
        member: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        """A member's games, wins, rating, scores and latest results on this server.

        `member` is a user, not only a member: someone who has left the server keeps the games
        they played here, and Discord then sends them without their membership.
        """

        async def work(reply: Reply) -> None:
            if game is not None:
                known(game)
            who = member or reply.user
            asking = reader(interaction)
            found = await self.stats.member(asking, who.id, game)
            cfg = await self.bot.runtime.config(asking.guild_id)
            name = shown(member_name(who.display_name), NAME_LIMIT)
            await reply.answer(embed=stats_embed(name, game, found, reply.lang, cfg.ratings))

        await guarded(interaction, work)

    @app_commands.command(
        name=_("leaderboard", key="cmd-leaderboard"),
        description=_("The best players of a game on this server", key="cmd-leaderboard-desc"),
    )
    @app_commands.describe(game=_("The game to rank", key="cmd-leaderboard-game"))
    @app_commands.rename(game=_("game", key="cmd-arg-game"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        """Page one of the game's leaderboard, with the reader's own place."""

        async def work(reply: Reply) -> None:
            known(game)
            await reply.answer(**await leaderboard_message(reply, game, 0))

        await guarded(interaction, work)

    @app_commands.command(
        name=_("history", key="cmd-history"),
        description=_("The latest finished games on this server", key="cmd-history-desc"),
    )
    @app_commands.describe(game=_("One game (every game, if left out)", key="cmd-history-game"))
    @app_commands.rename(game=_("game", key="cmd-arg-game"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The server's latest finished games, each with a Replay button."""

        async def work(reply: Reply) -> None:
            if game is not None:
                known(game)
            games = await self.stats.history(reader(interaction), game)
            await reply.answer(**history_message(games, game, reply.lang))

        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    """Loaded by name by the bot (bot.client.EXTENSIONS)."""
    if not isinstance(bot, TabletopBot):
        raise TypeError("the stats cog runs in the tabletop bot")
    await bot.add_cog(StatsCog(bot))
