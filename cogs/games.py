"""Slash commands of players: /newgame, /games, /game hand|status|leave|end|kick|dms|log,
/rules."""

from __future__ import annotations

import logging
from contextlib import suppress

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import engines
from bot.client import TabletopBot
from bot.i18n import language_of, t
from bot.runtime import GameError, Runtime
from bot.session import GameSession
from cogs import defaults, hand, lobby, permissions, seats
from cogs.hand import board_message, show_hand, turn_dms_message
from cogs.lobby import lobby_again, lobby_message
from cogs.messages import game_title, known, named_choices, rules_embed, server_games_embed
from cogs.options import parse_options, resolve, suggestions
from cogs.pictures import board_picture, with_picture
from cogs.replay import export_log
from cogs.replies import Reply, guarded
from cogs.seats import confirmation, is_manager
from cogs.views import sending

log = logging.getLogger(__name__)

GAME_CHOICES = named_choices({slug: f"game-{slug}" for slug in engines.SLUGS})


COMPONENTS = (*lobby.ITEMS, *hand.ITEMS, *seats.ITEMS, *defaults.ITEMS)
"""Every button and select of a game's messages; they dispatch by custom_id, after restarts too."""


def readers_channel(channel: discord.abc.Snowflake) -> int:
    """The channel whose readers may read a game typed in `channel`: a public thread's parent
    (Discord drops an archived thread from the bot's cache, and it would hide the game from
    /history), else the channel or private thread itself."""
    if isinstance(channel, discord.Thread) and channel.type is discord.ChannelType.public_thread:
        return channel.parent_id
    return channel.id


class GamesCog(commands.Cog):
    """Player commands, and the components of the messages they open."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Clicks on our components reach them from now on."""
        self.bot.add_dynamic_items(*COMPONENTS)

    async def cog_unload(self) -> None:
        """No more clicks for the components of this cog."""
        self.bot.remove_dynamic_items(*COMPONENTS)

    @property
    def runtime(self) -> Runtime:
        """The bot's runtime."""
        return self.bot.runtime

    @app_commands.command(
        name=_("newgame", key="cmd-newgame"),
        description=_("Open a lobby for a new game here", key="cmd-newgame-desc"),
    )
    @app_commands.describe(
        game=_("The game to play", key="cmd-newgame-game"),
        options=_(
            "Rule variants as name=value (suggested as you type); the lobby offers them too",
            key="cmd-newgame-options",
        ),
    )
    @app_commands.rename(
        game=_("game", key="cmd-arg-game"), options=_("options", key="cmd-arg-options")
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def newgame(
        self, interaction: discord.Interaction, game: str, options: str | None = None
    ) -> None:
        """Open a lobby."""
        await guarded(interaction, lambda reply: self._newgame(reply, game, options))

    async def _newgame(self, reply: Reply, slug: str, options_text: str | None) -> None:
        interaction, lang = reply.interaction, reply.lang
        known(slug)
        assert interaction.guild is not None and interaction.channel is not None
        cfg = await self.runtime.config(interaction.guild.id)
        channel = interaction.channel
        new_thread = cfg.threads and isinstance(channel, discord.TextChannel)
        permissions.require(interaction, cfg, new_thread=new_thread)
        changes = parse_options(slug, options_text, lang)
        chosen = resolve(slug, cfg.options_for(slug), changes, lang)
        made: list[discord.Thread] = []

        async def make_thread() -> int:
            # Made once the runtime found room for the lobby: a refusal leaves no empty thread.
            assert isinstance(channel, discord.TextChannel)
            # Two Discord calls come before the answer: acknowledge now, answer after.
            await reply.thinking()
            made.append(
                await channel.create_thread(
                    name=t(cfg.language, "thread-name", game=game_title(slug, cfg.language)),
                    type=discord.ChannelType.public_thread,
                    # Discord hides a thread quiet for this long: the longest it allows, so
                    # that a game waiting on a slow player stays in the channel's list.
                    auto_archive_duration=10080,
                )
            )
            return made[0].id

        try:
            session = await self.runtime.open_lobby(
                guild_id=interaction.guild.id,
                channel_id=readers_channel(channel),
                in_thread=channel.id if isinstance(channel, discord.Thread) else None,
                thread=make_thread if new_thread else None,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                host_lang=lang,
                slug=slug,
                options=chosen.model_dump(mode="json") if changes else {},
            )
        except Exception:
            for empty in made:  # the lobby was not stored: its thread would stay empty
                with suppress(discord.HTTPException):
                    await empty.delete()
            raise
        thread = made[0] if made else None
        message = lobby_message(session, session.record.language, cfg.hosts_change_options)
        if thread is None:
            message_id = await reply.post(**message)
        else:
            with sending(message):
                message_id = (await thread.send(**message)).id
            await reply.answer(t(lang, "lobby-in-thread", thread=thread.mention))
        await self.runtime.board_posted(session, message_id)

    @newgame.autocomplete("options")
    async def _options_typed(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        slug = getattr(interaction.namespace, "game", None)
        if slug not in engines.SLUGS:
            return []
        lang = language_of(interaction.locale)
        base = engines.game(slug).SPEC.Options()
        if interaction.guild_id is not None:  # the server's defaults, as /newgame starts from
            cfg = await self.runtime.config(interaction.guild_id)
            if not cfg.hosts_change_options:
                return []  # every option typed would be refused
            base = cfg.options_for(slug)
        return [
            app_commands.Choice(name=name, value=text)
            for name, text in suggestions(slug, current, lang, base)
        ]

    @app_commands.command(
        name=_("games", key="cmd-games"),
        description=_(
            "The lobbies you can join and the games being played on this server",
            key="cmd-games-desc",
        ),
    )
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        """This server's lobbies and games, only for the member who asked."""

        async def work(reply: Reply) -> None:
            member = interaction.user
            assert isinstance(member, discord.Member)  # guild_only
            seen = [
                session
                for session in self.runtime.in_guild(member.guild.id)
                if session.seat_of(member.id) is not None
                or permissions.can_view(member, session.record.channel_id)
            ]  # a game in a channel hidden from the member stays hidden, but for its players
            await reply.answer(embed=server_games_embed(self.bot, seen, reply.lang))

        await guarded(interaction, work)

    game_group = app_commands.Group(
        name=_("game", key="cmd-game"),
        description=_("Your current game", key="cmd-game-desc"),
        guild_only=True,
    )

    def _my_game(self, interaction: discord.Interaction, *, manage: bool = False) -> GameSession:
        """The game played in this channel or thread if the member plays it (or `manage`s it:
        a host or an admin ending it or handing a seat to the AI, whatever they play
        elsewhere), else the member's only game in this server."""
        rt = self.runtime
        assert interaction.channel is not None
        here = rt.played_in(interaction.channel.id)
        if here is not None and (manage or here.seat_of(interaction.user.id) is not None):
            return here
        assert interaction.guild_id is not None  # /game is guild_only
        mine = [
            s
            for s in rt.in_guild(interaction.guild_id)
            if s.seat_of(interaction.user.id) is not None
        ]
        if len(mine) == 1:
            return mine[0]
        if here is not None:
            return here
        if mine:  # which one is meant is told by where the command is used
            places = sorted({f"<#{s.record.play_channel_id}>" for s in mine})
            raise GameError("error-several-games", channels=", ".join(places))
        raise GameError("error-no-game-here")

    @game_group.command(
        name=_("hand", key="cmd-hand"), description=_("Show your hand", key="cmd-hand-desc")
    )
    async def hand(self, interaction: discord.Interaction) -> None:
        """Your private panel."""
        await guarded(interaction, lambda reply: show_hand(reply, self._my_game(interaction).id))

    @game_group.command(
        name=_("status", key="cmd-status"),
        description=_("Post the board (or the lobby) again", key="cmd-status-desc"),
    )
    async def status(self, interaction: discord.Interaction) -> None:
        """Re-post the board of this channel's game, or its lobby (a moderator may have deleted
        the message: nobody could join a lobby nobody sees, and it would hold the channel)."""

        async def work(reply: Reply) -> None:
            session = self._my_game(interaction)
            place = session.record.play_channel_id
            if interaction.channel_id != place:
                raise GameError("error-status-elsewhere", channel=f"<#{place}>")
            old = session.record.message_id
            if session.running:
                lang = session.record.language
                board = board_message(session, lang)
                picture = await board_picture(reply.bot, session, lang, waiting=True)
                message_id = await reply.post(**with_picture(board, picture))
            elif session.record.status != "lobby":
                raise GameError("error-game-over")
            else:
                cfg = await self.runtime.config(session.record.guild_id)
                message_id = await reply.post(**lobby_again(session, cfg))
            await self.runtime.board_posted(session, message_id)
            if old is not None:
                self.bot.presenter.board_moved(session, old)

        await guarded(interaction, work)

    @game_group.command(
        name=_("leave", key="cmd-leave"),
        description=_("Leave your game; the AI takes your seat", key="cmd-leave-desc"),
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        """Ask for confirmation before handing the seat to the AI."""
        await self._confirm(interaction, "leave", "leave-confirm")

    @game_group.command(
        name=_("end", key="cmd-end"),
        description=_("End this game for everyone", key="cmd-end-desc"),
    )
    async def end(self, interaction: discord.Interaction) -> None:
        """Ask for confirmation before ending the game."""
        await self._confirm(interaction, "end", "end-confirm")

    async def _confirm(self, interaction: discord.Interaction, what: str, key: str) -> None:
        async def work(reply: Reply) -> None:
            session, lang = self._my_game(interaction, manage=what == "end"), reply.lang
            # Refused now, not after a confirmation.
            if what == "end":
                self.runtime.require_host(session, reply.user.id, is_manager(reply.user))
            else:
                self.runtime.require_seat(session, reply.user.id)
            if what == "leave" and session.record.status == "lobby":
                # Nothing to confirm: a lobby seat is left as with its Leave button.
                await self.runtime.leave_lobby(session, reply.user.id)
                self.bot.presenter.lobby_changed(session)
                await reply.answer(t(lang, "lobby-left"))
                return
            await reply.answer(
                t(lang, key, game=game_title(session.record.slug, lang)),
                view=confirmation(session.id, what, t(lang, f"{key}-button"), lang),
            )

        await guarded(interaction, work)

    @game_group.command(
        name=_("kick", key="cmd-kick"),
        description=_("Hand a member's seat to the AI (host or admins)", key="cmd-kick-desc"),
    )
    @app_commands.describe(
        member=_("The member whose seat the AI takes over", key="cmd-kick-member")
    )
    @app_commands.rename(member=_("member", key="cmd-arg-member"))
    async def kick(self, interaction: discord.Interaction, member: discord.User) -> None:
        """The host or a manager hands a member's seat to the AI (a User: one who left the
        server comes without a membership, and the AI plays their seat already)."""

        async def work(reply: Reply) -> None:
            session = self._my_game(interaction, manage=True)
            lobby = session.record.status == "lobby"
            await self.runtime.kick(session, reply.user.id, is_manager(reply.user), member.id)
            done = "kick-done-lobby" if lobby else "kick-done"
            if lobby and session.record.status != "lobby":
                done = "kick-done-lobby-closed"  # nobody was left in it
            await reply.answer(t(reply.lang, done, member=member.mention))

        await guarded(interaction, work)

    @game_group.command(
        name=_("dms", key="cmd-dms"),
        description=_("Turn the DMs about your move on or off", key="cmd-dms-desc"),
    )
    async def dms(self, interaction: discord.Interaction) -> None:
        """Whether the member gets turn DMs, and the button that turns them the other way."""

        async def work(reply: Reply) -> None:
            on = await self.runtime.wants_turn_dms(reply.user.id)
            if on:  # "I will send you a DM": so try, even if their DMs were closed before
                self.bot.presenter.dms_reopened(reply.user.id)
            await reply.answer(**turn_dms_message(on, reply.lang, asked=True))

        await guarded(interaction, work)

    @game_group.command(
        name=_("log", key="cmd-log"),
        description=_("A finished game as a JSON file, to replay it", key="cmd-log-desc"),
    )
    @app_commands.describe(
        game_id=_("The game's id, as /history and the board show it", key="cmd-log-id")
    )
    @app_commands.rename(game_id=_("id", key="cmd-arg-id"))
    async def log_file(self, interaction: discord.Interaction, game_id: str) -> None:
        """Attach a finished game's log: engine version, seed, options, seats, actions."""
        await guarded(interaction, lambda reply: export_log(reply, game_id))

    @app_commands.command(
        name=_("rules", key="cmd-rules"), description=_("How to play a game", key="cmd-rules-desc")
    )
    @app_commands.describe(game=_("The game whose rules you want to read", key="cmd-rules-game"))
    @app_commands.rename(game=_("game", key="cmd-arg-game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        """A rules summary in the user's language, only for them."""

        async def work(reply: Reply) -> None:
            known(game)
            await reply.answer(embed=rules_embed(game, reply.lang))

        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    """Loaded by name by the bot (bot.client.EXTENSIONS)."""
    if not isinstance(bot, TabletopBot):
        raise TypeError("the games cog runs in the tabletop bot")
    await bot.add_cog(GamesCog(bot))
