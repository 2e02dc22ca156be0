"""Members' private panels that keep up with their game while Discord lets the bot edit them.

An ephemeral panel can be edited or deleted only through an interaction that showed or redrew
it (a click on it), and only for the 15 minutes that interaction's token lasts. Each member's
latest panel of a game is kept here with one such interaction (`KEEP_TOKEN_FOR` says which).
When what the seat may do changes (their move comes, a new
phase, the end), or its picture was not drawn in time for the answer that showed it, the panel
is redrawn; a job waiting for a panel does the newest work when it runs, so the latest state
wins. A newer panel retires the one before it (an ephemeral one is deleted), and shortly before
the token runs out the panel says how to get a fresh one.

Interaction webhooks are outside Discord's global rate limit, so these edits leave through
their own outbox, without the pacing the bot's other calls need.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Hashable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import discord

from bot.i18n import t
from bot.presenter import PrivatePanel, ShownPanel
from bot.session import GameSession
from bot.storage import ACTIVE
from cogs.messages import game_over_panel, hand_button_text
from cogs.outbox import Outbox

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction's token lets the bot edit what it answered (Discord's limit)."""
LAST_EDIT_BEFORE = 30.0
"""Seconds before the token runs out when the panel says it no longer updates itself."""
KEEP_TOKEN_FOR = 10 * 60.0
"""A panel clicked again keeps the token it is edited through while that token has more than
this many seconds left before the panel would give up on it; past that, the click's own token
(15 fresh minutes) takes over. So a panel keeps up for at least this long after its member's
last click, and a click's interaction lives only as long as its answer, not until the next
click: kept ones pile up where the collector's slowest passes walk."""
PLAYING = 90.0
"""Seconds after a member's last click on a panel of a game during which they count as playing:
their move shows on that panel, which redraws itself, so no turn DM pings them for it."""
GONE = "gone"
"""What a panel shows once its seat is no longer its member's (they left, or were removed)."""

Draw = Callable[[GameSession, int, str, bool, str | None], Awaitable[dict[str, Any]]]
"""A seat's panel drawn now, in a language, as message fields for an edit (of a turn DM, if
the fourth argument says so; with the first click of a two-click move made, the fifth)."""


def showing(session: GameSession, seat: int, user_id: int) -> Hashable:
    """What a member's panel must be redrawn for when it changes: whether the seat may act,
    a move made for it (by the AI at its deadline), whether it may take its last move back,
    the signals it may give.

    Others' moves while the seat may act do not change what it may do (in a simultaneous
    phase a panel stays valid until its own seat acts: `GameSession.check_fresh`), so they
    redraw nothing.
    """
    holder = session.record.seats[seat]
    if holder.user_id != user_id or holder.kicked or holder.ai:
        return GONE
    acting = seat in session.to_act()
    undoable = session.may_take_back(seat)
    # Signals anyone may give at any time (The Game's) change with everyone's signals.
    extras = session.game.extra_actions(session.state, seat) if session.running else []
    return acting, session.last_acted.get(seat), undoable, tuple(extras)


@dataclass(eq=False)
class _Live:
    shown: ShownPanel
    shows: Hashable
    """What the panel shows now (it is redrawn when `showing` differs)."""
    expiry: asyncio.TimerHandle
    picture_follows: bool
    """It shows text only, its picture still being drawn: redrawn once it is."""
    since: float
    """When its member clicked on it last (the loop's clock)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def stale(self) -> bool:
        """Whether the panel no longer shows what it must (or still lacks its picture)."""
        kept = self.shown
        return self.picture_follows or showing(kept.session, kept.seat, kept.user_id) != self.shows


class LivePanels:
    """Each member's latest private panel of each game, kept current until its token ends."""

    def __init__(self, draw: Draw, link: Callable[[GameSession], str]) -> None:
        self._draw = draw
        self._link = link
        """A game's link, for a panel in DMs (a turn DM clicked) to say which game it is."""
        self._outbox = Outbox(0, burst=0)
        self._live: dict[str, dict[int, _Live]] = {}
        self._answering: Counter[tuple[str, int]] = Counter()
        self._clicked: Counter[int] = Counter()
        """Messages whose click is being answered: that answer says what became of the game."""

    def shown(self, shown: ShownPanel) -> None:
        """The member now looks at this panel: keep it current, retire the one before it."""
        session, user_id, panel = shown.session, shown.user_id, shown.panel
        if session.record.status not in ACTIVE:
            return  # it ended while the panel was drawn: nothing will move it on
        game = self._live.setdefault(session.id, {})
        before = game.pop(user_id, None)
        loop = asyncio.get_running_loop()
        same = before is not None and before.shown.panel.message_id == panel.message_id
        if before is not None and same and before.expiry.when() - loop.time() > KEEP_TOKEN_FOR:
            # The same message, clicked again: still edited through the token that reaches
            # it, and this click's interaction is let go with its answer.
            shown, expiry = replace(shown, panel=before.shown.panel), before.expiry
        else:
            if before is not None:
                before.expiry.cancel()
                if not same:
                    retire = partial(self._retire, before.shown.panel)
                    self._put(session.id, user_id, "retire", retire)
            expiry = loop.call_later(
                TOKEN_LIFETIME - LAST_EDIT_BEFORE, self._expire, session.id, user_id
            )
        live = _Live(shown, shown.shows, expiry, shown.picture_follows, since=loop.time())
        game[user_id] = live
        if live.stale():
            # It moved on meanwhile, or the picture was late: redraw as soon as it can be.
            self._put(session.id, user_id, "draw", partial(self._redraw, live))

    def changed(self, session: GameSession) -> None:
        """The game changed: redraw the panels whose seat may now do something else."""
        for user_id, live in self._live.get(session.id, {}).items():
            if live.stale():
                self._put(session.id, user_id, "draw", partial(self._redraw, live))

    def playing(self, game_id: str, user_id: int) -> bool:
        """Whether the member clicked on a panel of this game within `PLAYING` seconds, and
        that panel still shows their seat."""
        live = self._live.get(game_id, {}).get(user_id)
        return (
            live is not None
            and live.shows != GONE
            and asyncio.get_running_loop().time() - live.since < PLAYING
        )

    def closed(self, session: GameSession) -> set[int]:
        """The game is over: every panel says so, without buttons, and is let go. Returns the
        messages that say it themselves (these panels, and those whose click is answered now):
        nothing else need edit them."""
        ended = self._live.pop(session.id, {})
        for user_id, live in ended.items():
            live.expiry.cancel()
            # The click being answered on this very panel says what became of the game (and
            # what its move revealed); decided now, since that answer may be out before an
            # edit queued here would run.
            if live.shown.panel.message_id not in self._clicked:
                self._put(session.id, user_id, "draw", partial(self._end, live))
        return {live.shown.panel.message_id for live in ended.values()} | set(self._clicked)

    @contextlib.contextmanager
    def answering(self, game_id: str, user_id: int, clicked: int | None) -> Iterator[None]:
        """While a member's click is answered, their panel is left to that answer; if the
        answer did not redraw it (a refusal), it is brought up to date after. `clicked`: the
        message the click was on (None for a command)."""
        key = (game_id, user_id)
        self._answering[key] += 1
        if clicked is not None:
            self._clicked[clicked] += 1
        try:
            yield
        finally:
            if clicked is not None:
                self._clicked[clicked] -= 1
                if not self._clicked[clicked]:
                    del self._clicked[clicked]
            self._answering[key] -= 1
            if not self._answering[key]:
                del self._answering[key]
                live = self._live.get(game_id, {}).get(user_id)
                if live is not None:
                    self.changed(live.shown.session)

    async def idle(self) -> None:
        """Return once every edit asked for so far is on Discord."""
        await self._outbox.idle()

    async def close(self) -> None:
        """The bot is stopping: no more edits, no more timers."""
        for game in self._live.values():
            for live in game.values():
                live.expiry.cancel()
        self._live.clear()
        await self._outbox.close()

    def _put(
        self, game_id: str, user_id: int, what: str, job: Callable[[], Awaitable[None]]
    ) -> None:
        self._outbox.put(f"{what}:{game_id}:{user_id}", job)

    async def _redraw(self, live: _Live) -> None:
        kept = live.shown
        session, user_id = kept.session, kept.user_id
        async with live.lock:
            if self._live.get(session.id, {}).get(user_id) is not live:
                return  # replaced by a newer panel, or the game ended meanwhile
            if self._answering[(session.id, user_id)]:
                return  # the member's click redraws it
            if not live.stale():
                return
            shows = showing(session, kept.seat, user_id)
            before, live.shows = live.shows, shows
            moved_on = shows != before
            live.picture_follows = False
            if shows == GONE:
                self._let_go(session.id, user_id)
                if kept.panel.ephemeral:
                    await self._retire(kept.panel)
                else:
                    await self._out_of_dm(kept)
                return
            # A panel that is not ephemeral is in the member's DMs: a turn DM they clicked.
            # A card picked stays picked while the seat may still play it (another's signal
            # changes nothing it may do); its own move, or the turn passing, drops it.
            picked = None
            if isinstance(before, tuple) and isinstance(shows, tuple) and before[:2] == shows[:2]:
                picked = kept.picked
            dm = not kept.panel.ephemeral
            fields = await self._draw(session, kept.seat, kept.lang, dm, picked)
            if moved_on:
                # A note answering the click that showed the panel (a refused move, a signal
                # sent) was about that moment; a picture that only follows keeps it.
                fields.setdefault("content", None)
            try:
                await kept.panel.redraw(**fields)
            except discord.HTTPException as exc:
                # Dismissed by the member, or the token is no longer valid: nothing to keep.
                log.info("a panel in game %s could not be redrawn: %s", session.id, exc)
                self._let_go(session.id, user_id)

    async def _end(self, live: _Live) -> None:
        async with live.lock:
            with contextlib.suppress(discord.HTTPException):
                shown = live.shown
                link = None if shown.panel.ephemeral else self._link(shown.session)
                await shown.panel.redraw(**game_over_panel(shown.session, shown.lang, link))

    def _expire(self, game_id: str, user_id: int) -> None:
        live = self._let_go(game_id, user_id)
        if live is None:
            return

        async def say() -> None:
            async with live.lock:
                with contextlib.suppress(discord.HTTPException):
                    shown = live.shown
                    expired = hand_button_text(
                        shown.lang, "panel-expired", shown.session.record.slug
                    )
                    if not shown.panel.ephemeral:  # a turn DM: which game, and where it is
                        link = self._link(shown.session)
                        expired += "\n" + t(shown.lang, "dm-game", link=link)
                    await shown.panel.redraw(content=expired)

        self._put(game_id, user_id, "draw", say)

    def _let_go(self, game_id: str, user_id: int) -> _Live | None:
        game = self._live.get(game_id, {})
        live = game.pop(user_id, None)
        if live is not None:
            live.expiry.cancel()
        if not game:
            self._live.pop(game_id, None)
        return live

    async def _out_of_dm(self, kept: ShownPanel) -> None:
        """A turn DM played from whose seat is no longer its member's to play: it says which
        game it was, and that the AI plays the seat if it does, with no move nor hand left to
        mislead them."""
        holder = kept.session.record.seats[kept.seat]
        lines = [t(kept.lang, "dm-game", link=self._link(kept.session))]
        if holder.user_id == kept.user_id and not holder.kicked:
            lines.insert(0, t(kept.lang, "error-ai-plays-seat"))
        try:
            await kept.panel.redraw(content="\n".join(lines), embed=None, view=None, attachments=[])
        except discord.HTTPException as exc:
            log.info("a turn DM could not say its seat is gone: %s", exc)

    @staticmethod
    async def _retire(panel: PrivatePanel) -> None:
        """An older panel: an ephemeral one is deleted; one in DMs keeps its words, not its
        buttons (a turn DM links to the game)."""
        try:
            if panel.ephemeral:
                await panel.remove()
            else:
                await panel.redraw(view=None)
        except discord.HTTPException as exc:
            log.info("an older panel could not be retired: %s", exc)
