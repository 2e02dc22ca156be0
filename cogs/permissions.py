"""Permissions: what the bot must be allowed to do where a game is played, and which games a
member may look at.

Answers to clicks and commands reach members whatever the channel allows, but the bot's own
posts do not: the game's notices, the board posted again, the results. Without those
permissions a game would start, then fall silent at its first notice and end with no results;
it is refused before it begins instead, naming what is missing. A permission taken away while
a game runs is named to its host (cogs/presenter.py).

A game played in a channel a member cannot view is not theirs to look at: /games does not list
it, and /history, replays and /game log show it only to those who played it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

import discord

from bot.guild_config import GuildConfig
from bot.i18n import language_of, t
from bot.runtime import GameError
from bot.storage import Reader

SHOWN_ORDER = (
    "view_channel",
    "send_messages",
    "create_public_threads",
    "send_messages_in_threads",
    "embed_links",
    "attach_files",
)
"""The permissions a game may need, in the order Discord's settings list them."""
IMPLYING = {"send_messages", "send_messages_in_threads"}
IMPLIED = {"embed_links", "attach_files"}
"""Without a permission to send, Discord allows neither embeds nor files."""


def needed(channel: object, cfg: GuildConfig, *, new_thread: bool) -> discord.Permissions:
    """What the bot needs in `channel` for a game there (in a thread it opens, if `new_thread`)."""
    posts_in_thread = new_thread or isinstance(channel, discord.Thread)
    return discord.Permissions(
        view_channel=True,
        send_messages=not posts_in_thread,
        create_public_threads=new_thread,
        send_messages_in_threads=posts_in_thread,
        embed_links=True,
        attach_files=cfg.images,  # the board's picture is a file
    )


def require(interaction: discord.Interaction, cfg: GuildConfig, *, new_thread: bool) -> None:
    """GameError naming, in the member's language, what the bot may not do in this channel."""
    need = needed(interaction.channel, cfg, new_thread=new_thread)
    lacking = missing(need, interaction.app_permissions)
    if lacking:
        lang = language_of(interaction.locale)  # the refusal is the member's alone
        pictures_only = lacking == ["attach_files"]
        key = "error-bot-permissions-pictures" if pictures_only else "error-bot-permissions"
        settings = settings_of(interaction.channel, lang)
        raise GameError(key, missing=named(lacking, lang), count=len(lacking), settings=settings)


def settings_of(place: object, lang: str) -> str:
    """Where an admin sets the bot's permissions for a channel or thread: a thread has no
    settings of its own, its channel's apply."""
    if isinstance(place, discord.Thread) and place.parent_id:
        return t(lang, "permission-settings-parent", channel=f"<#{place.parent_id}>")
    return t(lang, "permission-settings")


def missing(need: discord.Permissions, have: discord.Permissions) -> list[str]:
    """What of `need` the bot lacks, in the order Discord's settings list them; View Channel
    alone when that one is lacking (nothing else is allowed without it, nor lacking with it)."""
    if not have.view_channel:
        return ["view_channel"]
    return [name for name in SHOWN_ORDER if getattr(need, name) and not getattr(have, name)]


def missing_in(channel: discord.abc.GuildChannel | discord.Thread, cfg: GuildConfig) -> list[str]:
    """What the bot lacks in a game's channel, as discord.py's cache works it out.

    discord.py denies embeds and files wherever the bot may not send: those are named only
    when sending is allowed, since granting the permission to send may be all there is to do.
    """
    have = channel.permissions_for(channel.guild.me)
    lacking = missing(needed(channel, cfg, new_thread=False), have)
    if IMPLYING & set(lacking):
        return [name for name in lacking if name not in IMPLIED]
    return lacking


def named(permissions: list[str], lang: str) -> str:
    """Permissions as Discord's settings name them, in `lang`."""
    return ", ".join(f"**{t(lang, f'permission-{name}')}**" for name in permissions)


def can_view(member: discord.Member, channel_id: int) -> bool:
    """Whether a member may view a channel or thread of their server (not one the bot does
    not know: an archived thread drops out of discord.py's cache)."""
    place = member.guild.get_channel_or_thread(channel_id)
    return place is not None and views(member, place)


def views(member: discord.Member, place: discord.abc.GuildChannel | discord.Thread) -> bool:
    """Whether a member may view a channel, or a thread (a game typed inside one plays there).

    A public thread is open to whoever views its parent. Who was added to a private one is not
    known here (no member is cached), so only those who manage threads count as seeing it.
    """
    if not isinstance(place, discord.Thread):
        return place.permissions_for(member).view_channel
    if place.parent is None:
        return False
    allowed = place.permissions_for(member)
    private = place.type is discord.ChannelType.private_thread
    return allowed.view_channel and (not private or allowed.manage_threads)


class Viewable(Collection[int]):
    """The channels and threads of a server a member may view, worked out only as far as asked:
    whether one game's channel is among them, for a replay; all of them, for /history."""

    def __init__(self, member: discord.Member) -> None:
        self.member = member

    def __contains__(self, channel_id: object) -> bool:
        return isinstance(channel_id, int) and can_view(self.member, channel_id)

    def __iter__(self) -> Iterator[int]:
        member = self.member
        places = [*member.guild.channels, *member.guild.threads]
        return (place.id for place in places if views(member, place))

    def __len__(self) -> int:
        return sum(1 for _ in self)


def reader(interaction: discord.Interaction) -> Reader:
    """The member asking, as a reader of their server's finished games."""
    member = interaction.user
    if interaction.guild is None or not isinstance(member, discord.Member):
        raise GameError("error-replay-unknown")  # only a server's own members read its games
    return Reader(guild_id=interaction.guild.id, user_id=member.id, channels=Viewable(member))
