"""Shows game changes on Discord: coalesced board edits, announcements, turn DMs, results.

Every call here goes through the Outbox, which keeps the bot under Discord's global rate
limit; what a game posts in its channel goes out in order, one call at a time per game.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from contextlib import AbstractContextManager, suppress
from functools import partial
from typing import Any

import discord
from cachetools import LRUCache, TTLCache
from discord.ext import commands

from bot.client import TabletopBot
from bot.i18n import t
from bot.presenter import ShownPanel
from bot.session import GameSession
from bot.storage import ACTIVE, GameRecord, StorageError, TurnDm
from cogs import permissions
from cogs.hand import board_message, dm_line, drawn_panel, hand_panel
from cogs.live_panels import LivePanels
from cogs.lobby import RematchButton, lobby_again, lobby_fields
from cogs.messages import (
    announcements,
    channel_of,
    clock_runs_out,
    game_over_panel,
    game_title,
    mention,
    message_link,
    results_text,
)
from cogs.outbox import Outbox
from cogs.pictures import board_picture, hand_picture, with_picture
from cogs.replay import replay_view
from cogs.seats import reclaim_view
from cogs.views import sending
from engines.core import Event

log = logging.getLogger(__name__)

EDIT_TOO_OLD = 30046
UNKNOWN_MESSAGE = 10008
DMS_CLOSED = 50007
DMS_RETRY = 600.0
"""Seconds before DMs found closed are tried again: the member may open them without a word."""
MEMBERS_KEPT = 50_000
"""Members whose language and DM channel are remembered (the latest seen): a cache only, so
that a bot running for months in many servers does not keep every member it ever met."""


class DiscordPresenter:
    """Implements bot.presenter.Presenter with discord.py."""

    def __init__(
        self, client: TabletopBot, edit_interval: float, outbox: Outbox, repost_after: int = 0
    ) -> None:
        self.client = client
        self.edit_interval = edit_interval
        self.outbox = outbox
        self.repost_after = repost_after
        self.panels = LivePanels(
            partial(drawn_panel, client), lambda session: message_link(client, session.record)
        )
        self._below: dict[str, int] = {}
        """The bot's own messages posted under each game's board since it was posted."""
        self._cooling: set[str] = set()
        self._dirty: set[str] = set()
        self._said: dict[str, list[str]] = {}
        self._posting: dict[str, asyncio.Lock] = {}
        self._notices = 0
        self._languages: LRUCache[int, str] = LRUCache(MEMBERS_KEPT)
        self._dms_closed: TTLCache[int, bool] = TTLCache(MEMBERS_KEPT, DMS_RETRY)
        """Members whose DMs were found closed in the last DMS_RETRY seconds."""
        self._dms_closed_told: LRUCache[int, bool] = LRUCache(MEMBERS_KEPT)
        self._refused: set[str] = set()
        """Games whose host was told the bot may not post in the game's channel."""
        # discord.py remembers only the last 128 DM channels; past that many players, most turn
        # DMs would open their channel again, a second call against the global limit.
        self._dm_channels: LRUCache[int, int] = LRUCache(MEMBERS_KEPT)
        self._notified: dict[str, dict[int, int | None]] = {}
        """Per game, the seats told their turn began (and the version it began at), to tell each
        once per turn."""

    def _post(self, session: GameSession, key: str, work: Any) -> None:
        """Queue a call that posts in the game's channel; a game's posts keep their order."""
        lock = self._posting.setdefault(session.id, asyncio.Lock())

        async def job() -> None:
            async with lock:
                await work()

        self.outbox.put(key, job)

    def lobby_changed(self, session: GameSession) -> None:
        """Redraw a lobby whose seats changed without a click on it (the latest seats win)."""

        async def work() -> None:
            record = session.record
            if record.status != "lobby" or record.message_id is None:
                return  # started or closed meanwhile: that redraws it
            cfg = await self.client.runtime.config(record.guild_id)
            channel = self._channel(session)
            await self.outbox.slot(("edit", channel.id))
            lobby = lobby_fields(session, cfg)
            try:
                with sending(lobby):
                    await channel.get_partial_message(record.message_id).edit(**lobby)
            except discord.HTTPException as exc:
                # Deleted by a moderator, say: the next click on it gets a fresh answer.
                log.info("the lobby of game %s could not be redrawn: %s", session.id, exc)

        self._post(session, f"lobby:{session.id}", work)

    def posted_again(self, session: GameSession) -> None:
        """Post a game's lobby or board anew: its message is gone (`Runtime.message_lost`)."""
        if session.running:
            self.board_changed(session)  # with no message to edit, the board is posted
            return

        async def work() -> None:
            record = session.record
            if record.status != "lobby":
                return
            cfg = await self.client.runtime.config(record.guild_id)
            channel = self._channel(session)
            await self.outbox.slot(("post", channel.id))
            lobby = lobby_again(session, cfg)
            with sending(lobby):
                posted = await channel.send(**lobby)
            await self.client.runtime.board_posted(session, posted.id)

        self._post(session, f"lobby:{session.id}", work)

    def board_moved(self, session: GameSession, old_message_id: int) -> None:
        """The board was posted again below: the old one becomes a line pointing to it, with
        no buttons, so it never shows a state that is no longer true."""
        self._below.pop(session.id, None)
        lang = session.record.language
        moved = "lobby-moved" if session.record.status == "lobby" else "board-moved"

        async def work() -> None:
            channel = self._channel(session)
            new = channel.get_partial_message(session.record.message_id or old_message_id)
            await self.outbox.slot(("edit", channel.id))
            try:
                await channel.get_partial_message(old_message_id).edit(
                    content=t(lang, moved, link=new.jump_url),
                    embed=None,
                    view=None,
                    attachments=[],
                )
            except discord.NotFound:
                pass  # deleted by a moderator, most likely why it was posted again
            except discord.HTTPException as exc:
                await self._failed(session, exc)

        self._post(session, f"moved:{old_message_id}", work)

    async def shown(self) -> None:
        """Return once everything asked for so far is on Discord."""
        await self.outbox.idle()
        await self.panels.idle()

    async def close(self) -> None:
        """Send nothing more."""
        await self.outbox.close()
        await self.panels.close()

    # --- members' own panels ---

    def panel_shown(self, shown: ShownPanel) -> None:
        """Keep the member's panel current while Discord allows; retire their previous one."""
        self.panels.shown(shown)

    def answering(
        self, game_id: str, user_id: int, clicked: int | None
    ) -> AbstractContextManager[None]:
        """The member's click redraws their panel itself: no edit of it meanwhile."""
        return self.panels.answering(game_id, user_id, clicked)

    def member_seen(self, user_id: int, lang: str) -> None:
        """Remember a member's language for the DMs we send them."""
        self._languages[user_id] = lang

    def _language_of(self, session: GameSession, user_id: int) -> str:
        """The language of a DM to a member about this game: as their last click here showed
        it, else as when they took their seat (kept across restarts), else the game's."""
        if (seen := self._languages.get(user_id)) is not None:
            return seen
        seat = session.seat_of(user_id)
        taken = None if seat is None else session.record.seats[seat].lang
        return taken or session.record.language

    def game_restored(self, session: GameSession, sent: Mapping[int, int | None]) -> None:
        """A running game resumed after a restart: its members to act got their turn DMs
        before it (the last of each is stored), so the next move tells only the newly acting;
        one whose DM was still on its way when the bot stopped gets it now."""
        acting = self._acting(session)
        self._notified[session.id] = acting
        for seat, began in acting.items():
            user_id = session.record.seats[seat].user_id
            assert user_id is not None  # a human seat
            # A member DMed for an earlier turn of this game, and not since this one began, was
            # not told of it: the DM was on its way when the bot stopped. (One never DMed here
            # plays from their panel, or takes no DMs: a restart is no reason to ping them; a DM
            # of unknown version, or a turn begun before the snapshot, is trusted.)
            version = sent.get(user_id)
            if version is not None and began is not None and version < began:
                self._queue_dm(session, seat, user_id, reminder=False)

    def _acting(self, session: GameSession) -> dict[int, int | None]:
        """The human seats to act, each with the version its turn began at (`turn_began`), as
        `turn_changed` remembers them."""
        humans = (s for s in sorted(session.to_act()) if not session.record.seats[s].ai)
        return {s: session.turn_began.get(s) for s in humans}

    def dms_reopened(self, user_id: int) -> None:
        """The member asks for turn DMs: try their DMs again at once, even if found closed."""
        self._dms_closed.pop(user_id, None)
        self._dms_closed_told.pop(user_id, None)

    def _dms_shut(self, user_id: int) -> bool:
        return user_id in self._dms_closed

    def closed_dms_news(self, user_id: int) -> bool:
        """Whether the member's DMs turned out closed and nobody told them yet (now we have)."""
        if user_id in self._dms_closed and user_id not in self._dms_closed_told:
            self._dms_closed_told[user_id] = True
            return True
        return False

    # --- the board ---

    def board_changed(self, session: GameSession) -> None:
        """Redraw the board soon, at most once per interval per game (latest state wins), and
        the members' panels whose moves changed."""
        self.panels.changed(session)
        if session.id in self._cooling:
            self._dirty.add(session.id)
            return
        # Busy from the moment it is queued: a change that comes as the outbox starts the job
        # must not start a second one (a buried board would be posted twice).
        self._cooling.add(session.id)
        self.outbox.put(f"board:{session.id}", lambda: self._board_job(session))

    async def _board_job(self, session: GameSession) -> None:
        try:
            if not session.running:
                return  # the end of the game draws the final board
            await self._draw_board(session)
            await asyncio.sleep(self.edit_interval)
        finally:
            self._cooling.discard(session.id)
        if session.id in self._dirty:
            self._dirty.discard(session.id)
            self.board_changed(session)

    async def _draw_board(self, session: GameSession, *, final: bool = False) -> None:
        message = board_message(session, session.record.language)
        with sending(message):
            await self._show_board(session, message, final)

    async def _show_board(self, session: GameSession, message: dict[str, Any], final: bool) -> None:
        """Edit the board into `message`, or post it again below (buried, too old, deleted)."""
        record = session.record
        picture = await board_picture(self.client, session, record.language)
        channel = self._channel(session)
        buried = 0 < self.repost_after <= self._below.get(session.id, 0)
        if buried and not final and record.message_id is not None:
            # Out of sight under the game's own messages: posted again below, in order with
            # them; the old board points down to the new one. Refused, it is edited in place.
            old = record.message_id
            async with self._posting.setdefault(session.id, asyncio.Lock()):
                if await self._post_board(session, with_picture(message, picture)):
                    self.board_moved(session, old)
                    return
        if record.message_id is not None:
            try:
                edited = with_picture(message, picture, edit=True)
                await self.outbox.slot(("edit", channel.id))
                await channel.get_partial_message(record.message_id).edit(**edited)
                return
            except discord.HTTPException as exc:
                # An old or deleted board is posted again; anything else waits for the next edit.
                if exc.code not in (EDIT_TOO_OLD, UNKNOWN_MESSAGE):
                    await self._failed(session, exc)
                    return
        await self._post_board(session, with_picture(message, picture))

    async def _post_board(self, session: GameSession, message: dict[str, Any]) -> bool:
        """Post the board below as the game's board; False if Discord refused it."""
        channel = self._channel(session)
        try:
            await self.outbox.slot(("post", channel.id))
            posted = await channel.send(**message)
        except discord.HTTPException as exc:
            await self._failed(session, exc)
            return False
        await self.client.runtime.board_posted(session, posted.id)
        self._below.pop(session.id, None)
        return True

    # --- turns and announcements ---

    def turn_changed(self, session: GameSession, events: list[Event]) -> None:
        """Post announcements and DM the members whose turn just began."""
        lines = announcements(session, events, session.record.language)
        if lines:
            self._say(session, lines)
        acting = self._acting(session)
        told = self._notified.get(session.id, {})
        # The session says when each seat's turn began (`GameSession._advance`): another card
        # of the same turn begins none.
        newly = [s for s, began in acting.items() if s not in told or told[s] != began]
        self._notified[session.id] = acting
        for seat in newly:
            user_id = session.record.seats[seat].user_id
            if user_id is not None:
                self._queue_dm(session, seat, user_id, reminder=False)

    def _say(self, session: GameSession, lines: list[str]) -> None:
        """Announcements not posted yet are joined into one message."""
        pending = self._said.setdefault(session.id, [])
        pending.extend(lines)

        async def post() -> None:
            text = "\n".join(self._said.pop(session.id, []))
            if text and await self._send(session, text):
                self._posted_under(session)

        self._post(session, f"say:{session.id}", post)

    def _channel(self, session: GameSession) -> discord.PartialMessageable:
        return channel_of(self.client, session.record)

    def _queue_dm(self, session: GameSession, seat: int, user_id: int, reminder: bool) -> None:
        job = lambda: self._dm_turn(session, seat, user_id, reminder)  # noqa: E731
        self.outbox.put(f"dm:{session.id}:{user_id}", job)

    async def _dm_turn(self, session: GameSession, seat: int, user_id: int, reminder: bool) -> None:
        if not _their_move(session, seat):
            return  # they played (or left) while the DM waited its turn
        if self._dms_shut(user_id) or not await self.client.runtime.wants_turn_dms(user_id):
            if reminder:  # no DMs for them: the channel reminds them instead
                self._remind_here(session, [seat])
            return
        if not reminder and self.panels.playing(session.id, user_id):
            return  # their panel shows the move: a DM each turn would only ping them
        lang = self._language_of(session, user_id)
        record = session.record
        link = message_link(self.client, record)
        picture = await hand_picture(self.client, session, seat, lang, waiting=False)
        try:
            channel = await self._dm_channel(user_id)
            await self.outbox.slot(("post", channel.id))
            if not _their_move(session, seat):
                return  # the game moved on (or ended) while the picture was drawn
            panel = hand_panel(session, seat, lang, dm=True)
            with sending(panel):
                if reminder:
                    text = t(lang, "dm-reminder", link=link, when=clock_runs_out(session))
                else:
                    text = dm_line(self.client, session, seat, lang)
                sent = await channel.send(text, **with_picture(panel, picture))
            if session.running:  # stored, so that its buttons go when the game ends
                dm = TurnDm(user_id, channel.id, sent.id, lang, session.version)
                await self.client.runtime.turn_dm_sent(session.id, dm)
            else:  # it ended as the DM went out: it says so, as the game's other turn DMs do
                await self.outbox.slot(("edit", channel.id))
                await sent.edit(**game_over_panel(session, lang, link))
        except StorageError as exc:
            log.warning("turn DM to %s not remembered: %s", user_id, exc)
        except discord.Forbidden as exc:
            if exc.code == DMS_CLOSED:
                self._dms_closed[user_id] = True
                if reminder:  # found closed only now: the channel reminds them instead
                    self._remind_here(session, [seat])
            else:
                log.warning("turn DM to %s failed: %s", user_id, exc)
        except discord.HTTPException as exc:
            log.warning("turn DM to %s failed: %s", user_id, exc)

    async def _dm_channel(self, user_id: int) -> discord.PartialMessageable:
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            await self.outbox.slot()
            dm = await self.client.create_dm(discord.Object(user_id))
            channel_id = self._dm_channels[user_id] = dm.id
        return self._dm(channel_id)

    def _dm(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    def tell(self, session: GameSession, user_id: int, key: str, **params: Any) -> None:
        """A DM to one member about this game, in their language (nothing if DMs are closed)."""
        lang = self._language_of(session, user_id)
        game = game_title(session.record.slug, lang)
        link = message_link(self.client, session.record)
        text = t(lang, key, game=game, link=link, **params)

        async def job() -> None:
            try:
                channel = await self._dm_channel(user_id)
                await self.outbox.slot(("post", channel.id))
                await channel.send(text)
            except discord.HTTPException as exc:
                log.info("could not tell %s about game %s: %s", user_id, session.id, exc)

        self.outbox.put(f"tell:{session.id}:{user_id}:{key}", job)

    # --- notices ---

    def notice(self, session: GameSession, key: str, **params: Any) -> None:
        """A public message in the game's language; `seats` become mentions that ping them."""
        record = session.record
        seats = params.pop("seats", [])
        # True, or the key of the button's label: a seat's member may take it back from here.
        reclaim = params.pop("reclaim", False)
        who = ", ".join(mention(session, s) for s in seats)
        text = t(record.language, key, who=who, count=len(seats), **params)
        view = None
        if reclaim:
            label = reclaim if isinstance(reclaim, str) else "reclaim-button"
            view = reclaim_view(session.id, record.language, label)
        self._announce(session, text, seats, view)

    def _announce(
        self, session: GameSession, text: str, seats: list[int], view: discord.ui.View | None = None
    ) -> None:
        """Post in the game's channel, pinging exactly the members of `seats`, nobody else."""
        users = [session.record.seats[s].user_id for s in seats]
        pings = discord.AllowedMentions(users=[discord.Object(u) for u in users if u is not None])
        self._notices += 1

        async def post() -> None:
            if await self._send(session, text, view, pings):
                self._posted_under(session)

        self._post(session, f"notice:{self._notices}", post)

    def _posted_under(self, session: GameSession) -> None:
        """One more of our messages under the board: past `repost_after`, the board's next
        redraw posts it again below."""
        self._below[session.id] = self._below.get(session.id, 0) + 1
        if self.repost_after and self._below[session.id] == self.repost_after:
            self.board_changed(session)

    async def _send(
        self,
        session: GameSession,
        text: str,
        view: discord.ui.View | None = None,
        pings: discord.AllowedMentions | None = None,
    ) -> bool:
        """Post in the game's channel; False if Discord refused it (nothing was posted)."""
        channel = self._channel(session)
        fields: dict[str, Any] = {"view": view} if view else {}
        if pings is not None:
            fields["allowed_mentions"] = pings
        try:
            await self.outbox.slot(("post", channel.id))
            with sending(fields):
                await channel.send(text[:2000], **fields)
        except discord.HTTPException as exc:
            await self._failed(session, exc)
            return False
        return True

    async def _failed(self, session: GameSession, exc: discord.HTTPException) -> None:
        """A post or edit in the game's channel failed. Refused (a moderator took the bot's
        permissions there), the game goes on unseen: its host is told once, by DM, why."""
        log.warning("could not post in game %s's channel: %s", session.id, exc)
        record = session.record
        refused = isinstance(exc, discord.Forbidden)
        # A game that ended meanwhile (its server removed the bot, say) has nobody to tell.
        if not refused or record.status not in ACTIVE or session.id in self._refused:
            return
        self._refused.add(session.id)
        lacking = await self._lacking(session)
        lang = self._language_of(session, record.host_id)
        self.tell(
            session,
            record.host_id,
            "dm-cannot-post",
            channel=f"<#{record.play_channel_id}>",
            settings=permissions.settings_of(self.client.get_channel(record.play_channel_id), lang),
            missing=permissions.named(lacking, lang),
            count=len(lacking),
        )

    async def permissions_changed(self, guild_id: int) -> None:
        """A channel's or a role's permissions changed in a server: each game there whose host
        was told the bot may not post is drawn again once it may (the moves made meanwhile were
        not shown), and its host is told anew should the permissions go again."""
        refused = [s for s in self.client.runtime.in_guild(guild_id) if s.id in self._refused]
        for session in refused:
            if not await self._lacking(session):
                self._refused.discard(session.id)
                self.board_changed(session)

    async def _lacking(self, session: GameSession) -> list[str]:
        """What the bot may not do in the game's channel, as far as its cache knows."""
        record = session.record
        channel = self.client.get_channel(record.play_channel_id)
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return []
        cfg = await self.client.runtime.config(record.guild_id)
        return permissions.missing_in(channel, cfg)

    def remind(self, session: GameSession, seats: list[int], by_dm: bool) -> None:
        """Half the time is gone: a mention in the channel, or a DM to each waiting player."""
        if not by_dm:
            self._remind_here(session, seats)
            return
        self.outbox.put(f"remind:{session.id}", partial(self._remind_by_dm, session, seats))

    async def _remind_by_dm(self, session: GameSession, seats: list[int]) -> None:
        """A DM to each waiting player who takes turn DMs; one mention in the channel for all
        the others (as a reminder in the channel would be)."""
        here = []
        for seat in seats:
            user_id = session.record.seats[seat].user_id
            if user_id is None:
                continue
            if self._dms_shut(user_id) or not await self.client.runtime.wants_turn_dms(user_id):
                here.append(seat)
            else:
                self._queue_dm(session, seat, user_id, reminder=True)
        if here:
            self._remind_here(session, here)

    def _remind_here(self, session: GameSession, seats: list[int]) -> None:
        """The half-time reminder in the channel, mentioning the seats' members."""
        who = ", ".join(mention(session, s) for s in seats)
        text = t(session.record.language, "notice-reminder", who=who, when=clock_runs_out(session))
        self._announce(session, text, seats)

    # --- the end ---

    def game_closed(self, session: GameSession) -> None:
        """Final board; for a finished game a results message too."""
        self._notified.pop(session.id, None)
        self._below.pop(session.id, None)
        saying_it = self.panels.closed(session)
        if session.state is not None:  # a lobby sent no turn DMs
            job = partial(self._end_turn_dms, session, saying_it)
            self.outbox.put(f"dm-end:{session.id}", job)
        self._post(session, f"end:{session.id}", lambda: self._close(session))

    async def _end_turn_dms(self, session: GameSession, saying_it: set[int]) -> None:
        """Each member's latest turn DM of a game that ended says so, and offers no moves any
        more (those that say it themselves, as a live panel or a click's answer, aside)."""
        runtime = self.client.runtime
        try:
            dms = await runtime.turn_dms(session.id)
        except StorageError as exc:
            log.warning("the turn DMs of game %s could not be read: %s", session.id, exc)
            return
        for dm in dms:
            if dm.message_id in saying_it:
                continue
            try:
                await self.outbox.slot(("edit", dm.channel_id))
                message = self._dm(dm.channel_id).get_partial_message(dm.message_id)
                link = message_link(self.client, session.record)
                await message.edit(**game_over_panel(session, dm.lang, link))
            except discord.HTTPException as exc:
                log.info("a turn DM could not say its game is over: %s", exc)
        if dms:
            with suppress(StorageError):  # kept, they are only read again at the end
                await runtime.turn_dms_told(session.id)

    async def _close(self, session: GameSession) -> None:
        try:
            await self._show_end(session)
        except discord.HTTPException as exc:
            # The channel may be gone (the sweeper closes such games): nothing left to show.
            log.info("could not show the end of game %s: %s", session.id, exc)
        finally:
            self._posting.pop(session.id, None)
            self._dirty.discard(session.id)
            self._refused.discard(session.id)
            # Notices queued before the end count under the board as they go out.
            self._below.pop(session.id, None)

    async def _show_end(self, session: GameSession) -> None:
        record = session.record
        lang = record.language
        channel = self._channel(session)
        if session.state is None:
            if record.message_id is not None:
                embed = discord.Embed(description=t(lang, "lobby-closed"))
                await self.outbox.slot(("edit", channel.id))
                await channel.get_partial_message(record.message_id).edit(
                    content=None, embed=embed, view=None
                )
            await self._put_away_thread(record)
            return
        await self._draw_board(session, final=True)
        text = results_text(session, lang)[:2000]
        if record.status == "finished":
            # Anyone may replay it, privately; its players may play it again. An abandoned game
            # has nothing to replay.
            view = replay_view(record.id, lang)
            view.add_item(RematchButton(record.id, t(lang, "rematch-button")))
            results: dict[str, Any] = {"view": view}
            await self.outbox.slot(("post", channel.id))
            with sending(results):
                await channel.send(text, **results)
        else:
            await self.outbox.slot(("post", channel.id))
            await channel.send(text)

    async def _put_away_thread(self, record: GameRecord) -> None:
        """A lobby closed unplayed in a thread the bot opened: the thread is archived, out of
        the channel's list of open threads (its lines stay readable there, as Discord itself
        archives a quiet thread). A thread a member opened is theirs to keep open."""
        guild = self.client.get_guild(record.guild_id)
        thread = guild.get_thread(record.thread_id) if guild and record.thread_id else None
        if thread is None or self.client.user is None or thread.owner_id != self.client.user.id:
            return
        await self.outbox.slot(("edit", thread.id))
        try:
            await thread.edit(archived=True)
        except discord.HTTPException as exc:
            log.info("the thread of lobby %s could not be archived: %s", record.id, exc)


def _their_move(session: GameSession, seat: int) -> bool:
    """Whether a turn DM of `seat` still has a move to offer its member."""
    return seat in session.to_act() and not session.record.seats[seat].ai


async def setup(bot: commands.Bot) -> None:
    """Loaded by name by the bot (bot.client.EXTENSIONS): games are shown on Discord."""
    if not isinstance(bot, TabletopBot):
        raise TypeError("the Discord presenter runs in the tabletop bot")
    settings = bot.settings
    outbox = Outbox(settings.rest_per_second, burst=settings.rest_burst, budget=bot.rest_budget)
    presenter = DiscordPresenter(
        bot, settings.board_edit_interval, outbox, settings.board_repost_after
    )
    bot.use_presenter(presenter)

    async def channel_updated(_: object, after: discord.abc.GuildChannel) -> None:
        await presenter.permissions_changed(after.guild.id)

    async def role_updated(_: object, after: discord.Role) -> None:
        await presenter.permissions_changed(after.guild.id)

    bot.add_listener(channel_updated, "on_guild_channel_update")
    bot.add_listener(role_updated, "on_guild_role_update")
