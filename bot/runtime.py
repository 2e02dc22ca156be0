"""The game runtime: lobbies, starting, acting, AI seats, deadlines and restoring after a restart.

Cogs call these methods; this is the only place that changes a game. Discord output goes
through `bot.presenter`, so the order is always: lock, apply, commit, then show.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import TYPE_CHECKING, Any

from bot.ai_worker import AiWorker
from bot.guild_config import GuildConfig
from bot.scheduler import Clock, Scheduler
from bot.session import GameSession, Move, StaleAction, turn_ended
from bot.stats import Stats
from bot.storage import (
    KEEP,
    GameRecord,
    RestorePoint,
    SeatRecord,
    Status,
    Storage,
    StorageError,
    TurnDm,
)
from bot.variants import misfit_text
from engines.core import Event

if TYPE_CHECKING:
    from bot.presenter import Presenter

log = logging.getLogger(__name__)

RETRY_FIRST = 1.0
"""Seconds before a write that failed for the AI or the clock is tried again (then doubled)."""
RETRY_LAST = 60.0
"""The longest wait between two tries: a game never stops waiting for the database to return."""


class GameError(Exception):
    """A refusal to show the user who caused it: an i18n key and its parameters."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def _held_by(seat: SeatRecord, *, ai: bool) -> None:
    """GameError unless the seat's member may act on it: not removed from the game, and the AI
    playing it (`ai`: to take it back) or not (to do anything else with it)."""
    if seat.kicked:
        raise GameError("error-kicked")
    if seat.ai and not ai:
        raise GameError("error-ai-plays-seat")
    if ai and not seat.ai:
        raise GameError("error-seat-not-taken")


def _with_seat(record: GameRecord, index: int, **changes: Any) -> GameRecord:
    """A copy of `record` whose seat `index` has `changes` (the original is left untouched)."""
    seats = list(record.seats)
    seats[index] = seats[index].model_copy(update=changes)
    return record.model_copy(update={"seats": seats})


def _without_seat(record: GameRecord, index: int, **changes: Any) -> GameRecord:
    """A copy of `record` without seat `index`, and with `changes`."""
    seats = [seat for i, seat in enumerate(record.seats) if i != index]
    return record.model_copy(update={"seats": seats, **changes})


BUSY = {
    (False, False): "error-channel-busy",
    (False, True): "error-channel-busy-threads",
    (True, True): "error-thread-busy",
    (True, False): "error-thread-busy-no-threads",
}
"""Why a lobby cannot open in a channel or thread (the key) that already has a game, as worded
with threads on or off (the server's setting): where each game may go instead. Where games may
have no threads at all, "error-busy-here"."""


def _host_passed_on(record: GameRecord, seat: int) -> GameRecord:
    """`seat`'s member is out of the game for good (left the server, removed): if they hosted
    it, what only the host may do (/game end, being told the bot may no longer post) passes to
    a member still playing, as a lobby's does."""
    if record.seats[seat].user_id != record.host_id:
        return record
    heirs = [s.user_id for s in record.seats if not s.ai and s.user_id is not None]
    return record.model_copy(update={"host_id": heirs[0]}) if heirs else record


def _nobody_left(record: GameRecord) -> bool:
    """Every seat is the AI's: nobody plays the game any more."""
    return all(seat.ai for seat in record.seats)


def _channels_of(session: GameSession) -> set[int]:
    """The channel a game was opened in, and its thread if it plays in one."""
    record = session.record
    return (
        {record.channel_id} if record.thread_id is None else {record.channel_id, record.thread_id}
    )


class Runtime:
    """All live games of this process."""

    def __init__(
        self,
        storage: Storage,
        presenter: Presenter,
        snapshot_every: int,
        ai: AiWorker | None = None,
        clock: Clock = time.time,
        *,
        threads: bool = True,
    ) -> None:
        self.storage = storage
        self.ai = ai or AiWorker(enabled=False)
        self.presenter = presenter
        self.snapshot_every = snapshot_every
        self.sessions: dict[str, GameSession] = {}
        # Every /newgame asks whether its channel is taken, and /game and a member leaving look
        # for a member's games in a server: scans of all games were O(games) each time.
        self._by_channel: dict[int, dict[str, GameSession]] = {}
        self._by_guild: dict[int, dict[str, GameSession]] = {}
        self.scheduler = Scheduler(clock)
        self.clock = clock
        """Deadlines and lobby ages are read on it: Discord's time, as members see it."""
        self.threads = threads
        """Whether games may have threads of their own here (GAME_THREADS): a refusal does not
        point admins to a setting they may not turn on."""
        self.stats = Stats(storage, clock)
        """Finished games' history, results and ratings, stored with each game's result."""
        self._ai_tasks: dict[str, asyncio.Task[None]] = {}
        self._configs: dict[int, GuildConfig] = {}
        self._config_locks: dict[int, asyncio.Lock] = {}
        self._pending: list[tuple[int, int, int | None]] = []
        """Lobbies being opened (server, host, the channel they take, if they share one): room
        for them is held while their thread is made and their record written, so that two
        quick /newgames cannot both take the last place."""

    async def stop(self) -> None:
        """Shutting down: no more timers or AI moves (the database closes next)."""
        self.scheduler.cancel_prefix("")
        tasks = list(self._ai_tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # --- lookup ---

    def get(self, game_id: str) -> GameSession:
        """The live game with this id, or a refusal when it is over or unknown."""
        session = self.sessions.get(game_id)
        if session is None:
            raise GameError("error-game-over")
        return session

    def played_in(self, channel_id: int) -> GameSession | None:
        """The active game played in this very channel or thread (the oldest, if a channel
        took a second when threads were turned off): a game in a thread opened from a channel
        is the thread's, not the channel's."""
        games = self._by_channel.get(channel_id, {}).values()
        return next((g for g in games if g.record.play_channel_id == channel_id), None)

    def _plays_in(self, channel_id: int) -> bool:
        return self.played_in(channel_id) is not None

    def in_guild(self, guild_id: int) -> list[GameSession]:
        """The active games of a server, oldest first."""
        return list(self._by_guild.get(guild_id, {}).values())

    def _add(self, session: GameSession) -> None:
        self.sessions[session.id] = session
        for index, key in self._indexes(session):
            index.setdefault(key, {})[session.id] = session

    def _forget(self, session: GameSession) -> None:
        self.sessions.pop(session.id, None)
        for index, key in self._indexes(session):
            games = index.get(key, {})
            games.pop(session.id, None)
            if not games:
                index.pop(key, None)

    def _indexes(self, session: GameSession) -> list[tuple[dict[int, dict[str, GameSession]], int]]:
        """Where a game is looked up besides its id: its channels (and thread), its server."""
        places = [(self._by_channel, channel_id) for channel_id in _channels_of(session)]
        return [*places, (self._by_guild, session.record.guild_id)]

    async def config(self, guild_id: int) -> GuildConfig:
        """The server's settings (shared and frozen: every move reads them).

        Settings that no longer validate (a damaged row, an option an upgrade renamed) are
        logged and replaced by the defaults: one server's row must not stop its games.
        """
        cfg = self._configs.get(guild_id)
        if cfg is None:
            try:
                loaded = GuildConfig.model_validate(await self.storage.guild_settings(guild_id))
            except (ValueError, KeyError) as exc:
                log.error("settings of server %s are damaged; using defaults: %s", guild_id, exc)
                loaded = GuildConfig()
            # A save that finished while this read waited is newer: keep it.
            cfg = self._configs.setdefault(guild_id, loaded)
        return cfg

    async def change_config(
        self, guild_id: int, change: Callable[[GuildConfig], GuildConfig]
    ) -> GuildConfig:
        """Store `change(current settings)`; games use it from their next move on.

        One change at a time per server, each on the settings the one before it stored: two
        admins saving at the same instant both keep their change.
        """
        async with self._config_locks.setdefault(guild_id, asyncio.Lock()):
            before = await self.config(guild_id)
            updated = change(before)
            await self.storage.save_guild_settings(guild_id, updated.model_dump(mode="json"))
            self._configs[guild_id] = updated
        await self._lobbies_follow(guild_id, before, updated)
        return updated

    async def _lobbies_follow(self, guild_id: int, before: GuildConfig, cfg: GuildConfig) -> None:
        """Open lobbies follow the server's new settings at once, as /config says they do.

        Their time to start is counted anew from their opening. Where the admins choose the
        options, every lobby plays the server's: one that opened with its host's choices, or
        with older defaults, is given them (as a rematch is), so that it starts as its lobby
        and /config say; the lobby is redrawn with or without its host's controls.
        """
        controls = cfg.hosts_change_options != before.hosts_change_options
        for session in self.in_guild(guild_id):
            if session.record.status != "lobby":
                continue  # a game's options were settled when it started
            if cfg.lobby_minutes != before.lobby_minutes:
                self._schedule_lobby_expiry(session, cfg.lobby_minutes)
            changed = controls
            if not cfg.hosts_change_options:
                async with session.lock:
                    options = cfg.options_for(session.record.slug).model_dump(mode="json")
                    if session.record.status == "lobby" and session.record.options != options:
                        record = session.record.model_copy(update={"options": options})
                        await self.storage.save_game(record)
                        session.record = record
                        changed = True
            if changed:
                self.presenter.lobby_changed(session)

    # --- restore ---

    async def restore(self) -> int:
        """Load every lobby and running game from the database; resume their clocks."""
        points = await self.storage.restore_points()
        sent = await self.storage.turn_dm_versions()
        for record in await self.storage.games():
            session = GameSession(record=record)
            try:
                session.game  # noqa: B018 - an unknown game raises here, not at its first click
                if record.status == "running":
                    self._load_state(session, points.get(record.id))
            except Exception:
                # One damaged game must not keep every other game from resuming.
                log.exception("could not restore game %s; it is left as it was", record.id)
                continue
            self._add(session)
            outcome = session.game.outcome(session.state) if session.running else None
            if outcome is not None:
                # The process died between the last move's commit and the end of the game.
                cfg = await self.config(record.guild_id)
                async with self.stats.finishing(record, outcome, cfg.ratings) as standings:
                    await self.storage.save_result(session.id, outcome.model_dump_json(), standings)
                await self._close(session, "finished")
        # Every server's settings first: a clock that ran out while the bot was down fires as
        # soon as the loop runs, and it must not run (and delay the restore) in between.
        configs = {
            g: await self.config(g) for g in {s.record.guild_id for s in self.sessions.values()}
        }
        for session in list(self.sessions.values()):
            cfg = configs[session.record.guild_id]
            if session.running:
                seats = session.record.seats
                # A simultaneous choice's clock is everyone's, those who chose too: one who
                # takes their choice back is still inside it, not the start of a new wait.
                waiting = range(len(seats)) if session.game.SPEC.simultaneous else session.to_act()
                session.waiting = frozenset(s for s in waiting if not seats[s].ai)
                self.presenter.game_restored(session, sent.get(session.id, {}))
                self._schedule_deadline(session, cfg)
                self._kick_ai(session)
            else:
                self._schedule_lobby_expiry(session, cfg.lobby_minutes)
        return len(self.sessions)

    @staticmethod
    def _load_state(session: GameSession, point: RestorePoint | None) -> None:
        """The latest snapshot plus the actions logged after it."""
        if point is None:
            raise LookupError(f"running game {session.id} has no snapshot")
        state = session.game.SPEC.State.model_validate_json(point.state)
        if state.players != len(session.record.seats):
            raise LookupError(f"running game {session.id} has {len(session.record.seats)} seats")
        session.restore(state, point.last_moves, point.actions)

    # --- lobby ---

    async def open_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        thread: Callable[[], Awaitable[int]] | None = None,
        in_thread: int | None = None,
        host_id: int,
        host_name: str,
        host_lang: str,
        slug: str,
        options: dict[str, Any],
    ) -> GameSession:
        """A new lobby with the host seated; options are validated by the game's model.

        `thread` makes the lobby's thread and gives its id, once there is room for the lobby.
        `in_thread`: the thread the lobby was typed in, which then holds one game at a time;
        `channel_id` is the channel whose readers may read the game (a public thread's parent:
        an archived thread is known to nobody but Discord). Neither: the lobby is in
        `channel_id`, which then holds one game at a time.
        """
        cfg = await self.config(guild_id)
        shared = in_thread or (None if thread else channel_id)
        with self._room(
            cfg, guild_id, shared, host_id, thread=bool(in_thread), options=bool(options)
        ):
            resolved = cfg.options_for(slug, options)
            record = GameRecord(
                id=secrets.token_hex(4),
                guild_id=guild_id,
                channel_id=channel_id,
                thread_id=in_thread or (await thread() if thread else None),
                slug=slug,
                options=resolved.model_dump(mode="json"),
                seed=secrets.randbits(63),
                status="lobby",
                host_id=host_id,
                language=cfg.language,
                created_at=self.clock(),
                seats=[SeatRecord(user_id=host_id, name=host_name, ai=False, lang=host_lang)],
            )
            return await self._open(record, cfg)

    async def rematch(self, game_id: str, user_id: int, name: str, lang: str) -> GameSession:
        """A finished game's "Play again": the same game, options and seats, in the same place.
        (The server's default options instead, where its admins now keep options to themselves.)

        The member who asked hosts it; the AI seats are filled, and every other player's seat
        waits for them to confirm (Join) — the host may start with whoever did.
        """
        old = await self.storage.game(game_id)
        if old is None or old.status != "finished":
            raise GameError("error-game-not-over")
        players = [s.user_id for s in old.seats if s.user_id is not None and not s.kicked]
        if user_id not in players:
            raise GameError("error-rematch-players-only")
        cfg = await self.config(old.guild_id)
        with self._room(
            cfg, old.guild_id, old.play_channel_id, user_id, thread=bool(old.thread_id)
        ):
            return await self._open(self._rematch_record(old, cfg, user_id, name, lang), cfg)

    def _rematch_record(
        self, old: GameRecord, cfg: GuildConfig, user_id: int, name: str, lang: str
    ) -> GameRecord:
        """A finished game's record as its rematch's lobby, hosted by `user_id`."""
        seats = [
            SeatRecord(user_id=None, name=s.name, ai=True)
            if s.user_id is None
            else SeatRecord(
                user_id=s.user_id,
                name=name if s.user_id == user_id else s.name,
                ai=False,
                ready=s.user_id == user_id,
                lang=lang if s.user_id == user_id else s.lang,
            )
            for s in old.seats
            if not s.kicked
        ]
        options = (
            old.options
            if cfg.hosts_change_options
            else cfg.options_for(old.slug).model_dump(mode="json")
        )
        return old.model_copy(
            update={
                "id": secrets.token_hex(4),
                "message_id": None,
                "seed": secrets.randbits(63),
                "status": "lobby",
                "language": cfg.language,
                "host_id": user_id,
                "deadline": None,
                "created_at": self.clock(),
                "seats": seats,
                "options": options,
            }
        )

    async def _open(self, record: GameRecord, cfg: GuildConfig) -> GameSession:
        """Store a new lobby, then make it live (and close itself if nobody starts it)."""
        await self.storage.save_game(record)
        session = GameSession(record=record)
        self._add(session)
        self._schedule_lobby_expiry(session, cfg.lobby_minutes)
        return session

    @contextmanager
    def _room(
        self,
        cfg: GuildConfig,
        guild_id: int,
        channel_id: int | None,
        host_id: int,
        *,
        thread: bool = False,
        options: bool = False,
    ) -> Iterator[None]:
        """Refuse a new lobby where there is no room for it, else hold its room while it opens.

        `channel_id`: the channel or thread (`thread`) it would share (None when it gets a
        thread of its own); `options`: the host chose options of their own. Caps on open lobbies
        per member and per server keep one member from flooding a server with lobbies (and
        threads).
        """
        if options and not cfg.hosts_change_options:
            raise GameError("error-options-locked")
        pending = [p for p in self._pending if p[0] == guild_id]
        if channel_id is not None and (
            self._plays_in(channel_id) or any(p[2] == channel_id for p in pending)
        ):
            raise GameError(BUSY[thread, cfg.threads] if self.threads else "error-busy-here")
        hosts = [s.record.host_id for s in self.in_guild(guild_id) if s.record.status == "lobby"]
        hosts += [p[1] for p in pending]
        if len(hosts) >= cfg.lobbies_per_server:
            raise GameError("error-lobbies-server", count=cfg.lobbies_per_server)
        if hosts.count(host_id) >= cfg.lobbies_per_member:
            raise GameError("error-lobbies-member", count=cfg.lobbies_per_member)
        held = (guild_id, host_id, channel_id)
        self._pending.append(held)
        try:
            yield
        finally:
            self._pending.remove(held)

    async def join(self, session: GameSession, user_id: int, name: str, lang: str) -> None:
        """Seat a member in the lobby (`lang`: theirs, for the DMs they will get)."""
        async with session.lock:
            self._require_lobby(session)
            seat = session.seat_of(user_id)
            if seat is not None and not session.record.seats[seat].ready:
                # Invited to a rematch: joining confirms the seat kept for them. A lobby whose
                # host is only invited (the one who opened it left) passes to the first who came.
                record = _with_seat(session.record, seat, ready=True, name=name, lang=lang)
                host = session.seat_of(record.host_id)
                if host is not None and not record.seats[host].ready:
                    record = record.model_copy(update={"host_id": user_id})
                await self.storage.save_game(record)
                session.record = record
                return
            if seat is not None:
                raise GameError("error-already-joined")
            if len(session.record.seats) >= session.game.SPEC.max_players:
                raise GameError("error-lobby-full")
            seated = SeatRecord(user_id=user_id, name=name, ai=False, lang=lang)
            await self._add_seat(session, seated)

    async def leave_lobby(self, session: GameSession, user_id: int) -> None:
        """Unseat a member; the next member becomes host, an empty lobby closes."""
        async with session.lock:
            await self._unseat(session, user_id)

    async def _unseat(self, session: GameSession, user_id: int) -> None:
        """`leave_lobby`, the caller holding the lock."""
        self._require_lobby(session)
        seat = session.seat_of(user_id)
        if seat is None:
            raise GameError("error-not-in-lobby")
        record = _without_seat(session.record, seat)
        if record.host_id == user_id:
            # A rematch's lobby passes to a player who confirmed, if any did: one who was only
            # invited may never come.
            humans = sorted(
                (s for s in record.seats if s.user_id is not None), key=lambda s: not s.ready
            )
            if not humans:
                await self._close(session, "cancelled")
                return
            record = record.model_copy(update={"host_id": humans[0].user_id})
        await self.storage.save_game(record)
        session.record = record

    async def add_ai(
        self, session: GameSession, user_id: int, ai_name: Callable[[int], str]
    ) -> None:
        """The host adds an AI seat, named `ai_name(n)` for the lobby's n-th AI."""
        async with session.lock:
            self._require_host_in_lobby(session, user_id)
            if len(session.record.seats) >= session.game.SPEC.max_players:
                raise GameError("error-lobby-full")
            number = sum(1 for seat in session.record.seats if seat.user_id is None) + 1
            await self._add_seat(session, SeatRecord(user_id=None, name=ai_name(number), ai=True))

    async def _add_seat(self, session: GameSession, seat: SeatRecord) -> None:
        # Seated once written: a failed write leaves the lobby as it was, in memory too.
        await self.storage.add_seat(session.id, len(session.record.seats), seat)
        session.record.seats.append(seat)

    async def remove_ai(self, session: GameSession, user_id: int) -> None:
        """The host removes the last AI seat."""
        async with session.lock:
            self._require_host_in_lobby(session, user_id)
            ai_seats = [i for i, s in enumerate(session.record.seats) if s.user_id is None]
            if not ai_seats:
                raise GameError("error-no-ai-seat")
            record = _without_seat(session.record, ai_seats[-1])
            await self.storage.save_game(record)
            session.record = record

    async def change_options(
        self,
        session: GameSession,
        user_id: int,
        change: Callable[[dict[str, Any]], dict[str, Any]],
    ) -> None:
        """A lobby's options become `change(current options)`: stored, then the game's.

        The host changes them, or any player in the lobby where the server allows it; nobody
        where the server's admins keep the options to themselves.
        """
        async with session.lock:
            self._require_lobby(session)
            cfg = await self.config(session.record.guild_id)
            if not cfg.hosts_change_options:
                raise GameError("error-options-locked")
            player = cfg.players_change_options and session.seat_of(user_id) is not None
            if session.record.host_id != user_id and not player:
                raise GameError("error-host-only")
            options = change(session.record.options)
            record = session.record.model_copy(update={"options": options})
            await self.storage.save_game(record)
            session.record = record

    async def start(self, session: GameSession, user_id: int, lang: str) -> None:
        """The host starts the game: deal, snapshot, then let the AI seats move.

        The board is the caller's to draw: the answer to the start button turns the lobby's
        message into it, so an edit asked for here would only draw the same board again.
        `lang`: the member's, in which a refusal explains itself.
        """
        async with session.lock:
            self._require_host_in_lobby(session, user_id)
            spec = session.game.SPEC
            # A rematch starts with the players who confirmed (the host by starting it); the
            # others' seats go.
            playing = [
                seat.model_copy(update={"ready": True}) if seat.user_id == user_id else seat
                for seat in session.record.seats
                if seat.ready or seat.user_id == user_id
            ]
            count = len(playing)
            if not spec.min_players <= count <= spec.max_players:
                raise GameError("error-seat-count", low=spec.min_players, high=spec.max_players)
            options = spec.Options.model_validate(session.record.options)
            if misfits := options.misfits(count):
                detail = misfit_text(spec.slug, misfits[0], lang)
                raise GameError("error-options-players", detail=detail)
            state = session.game.setup(options, count, session.record.seed)
            cfg = await self.config(session.record.guild_id)
            deadline, waiting = self._clock_after(session, state, cfg, playing)
            record = session.record.model_copy(
                update={"status": "running", "deadline": deadline, "seats": playing}
            )
            await self.storage.start_game(record, state.model_dump_json())
            session.record, session.state, session.waiting = record, state, waiting
            self._schedule_deadline(session, cfg)
            self.presenter.turn_changed(session, [])
            self._kick_ai(session)

    async def cancel(self, session: GameSession, user_id: int) -> None:
        """The host cancels the lobby."""
        async with session.lock:
            self._require_host_in_lobby(session, user_id)
            await self._close(session, "cancelled")

    def _require_lobby(self, session: GameSession) -> None:
        status = session.record.status
        if status == "running":
            raise GameError("error-already-started")
        if status == "cancelled":
            raise GameError("error-lobby-closed")
        if status != "lobby":
            raise GameError("error-game-over")

    def _require_host_in_lobby(self, session: GameSession, user_id: int) -> None:
        self._require_lobby(session)
        if session.record.host_id != user_id:
            raise GameError("error-host-only")

    # --- play ---

    @asynccontextmanager
    async def _playing(
        self, session: GameSession, user_id: int, *, ai_holds: bool = False
    ) -> AsyncIterator[int]:
        """The member's seat, with the game's lock held and the game known to be running.

        `ai_holds`: whether the AI must be playing the seat (for taking it back) or must not
        (for everything else: a member whose seat the AI plays takes it back before playing).
        """
        seat = session.seat_of(user_id)
        if seat is None:
            raise GameError("error-not-a-player")
        async with session.lock:
            if not session.running:
                raise GameError("error-game-over")
            _held_by(session.record.seats[seat], ai=ai_holds)
            yield seat

    async def act(
        self, session: GameSession, user_id: int, action_text: str, drawn_version: int
    ) -> list[Event]:
        """A member's click: map them to their seat, check freshness, apply, commit, show."""
        async with self._playing(session, user_id) as seat:
            action = session.decode(action_text)
            session.check_fresh(seat, drawn_version, action)
            return await self._move(session, seat, action, by_ai=False)

    async def undo(self, session: GameSession, user_id: int, drawn_version: int) -> None:
        """The member takes back their last move, if the game's rules let them (undoable), from
        a panel drawn since that move (else StaleAction: a second click of the same Undo must
        not take back another)."""
        async with self._playing(session, user_id) as seat:
            if session.acted_since(seat, drawn_version):
                raise StaleAction
            move = session.take_back(seat)
            if move is None:
                raise GameError("error-nothing-to-undo")
            await self._commit(session, move)

    async def act_extra(self, session: GameSession, user_id: int, action_text: str) -> None:
        """An action outside the turn order (The Game's public signals)."""
        async with self._playing(session, user_id) as seat:
            action = session.decode(action_text)
            if action not in session.game.extra_actions(session.state, seat):
                raise StaleAction
            await self._move(session, seat, action, by_ai=False)

    async def hand_to_ai(
        self, session: GameSession, user_id: int, *, left_server: bool = False
    ) -> None:
        """A player leaves a running game: the AI plays their seat from now on.

        The channel is told; a member who left the game (not the server) may take the seat
        back from that notice until the game ends.
        """
        async with self._playing(session, user_id) as seat:
            await self._to_ai(session, seat, left_server=left_server)

    async def _to_ai(self, session: GameSession, seat: int, *, left_server: bool) -> None:
        """`hand_to_ai`, the caller holding the lock of the running game."""
        record = _with_seat(session.record, seat, ai=True)
        if left_server:
            record = _host_passed_on(record, seat)
        if _nobody_left(record):
            await self._pause(session, record, await self.config(record.guild_id))
            return
        await self._seats_changed(session, record)
        self.presenter.board_changed(session)
        if left_server:
            self.presenter.notice(session, "notice-member-left", seats=[seat])
        else:
            self.presenter.notice(session, "notice-left", seats=[seat], reclaim=True)
        self._kick_ai(session)

    async def board_posted(self, session: GameSession, message_id: int) -> None:
        """The game's lobby or board now lives in this message (edited from now on)."""
        # Under the lock: a change of seats in flight stores the whole record, and would
        # otherwise store (and keep) the message it started with.
        async with session.lock:
            await self.storage.set_message_id(session.id, message_id)
            session.record.message_id = message_id

    async def message_lost(self, session: GameSession) -> None:
        """The game's lobby or board message is gone with the world it was in (the sandbox
        starts a new one): the next one is posted anew, never edited by an id of the old."""
        await self.storage.set_message_id(session.id, None)
        session.record.message_id = None

    async def wants_turn_dms(self, user_id: int) -> bool:
        """Whether the member wants a DM when their turn begins."""
        return await self.storage.dm_turns(user_id)

    async def turn_dm_sent(self, game_id: str, dm: TurnDm) -> None:
        """Remember a member's latest turn DM of a game, to say in it when the game ends."""
        await self.storage.save_turn_dm(game_id, dm)

    async def turn_dms(self, game_id: str) -> list[TurnDm]:
        """Every member's latest turn DM of a game (also those sent before a restart)."""
        return await self.storage.turn_dms(game_id)

    async def turn_dms_told(self, game_id: str) -> None:
        """A game's turn DMs say it ended: they are forgotten."""
        await self.storage.forget_turn_dms(game_id)

    async def set_turn_dms(self, user_id: int, enabled: bool) -> None:
        """Turn a member's turn DMs on or off."""
        await self.storage.set_dm_turns(user_id, enabled)

    @staticmethod
    def require_host(session: GameSession, user_id: int, manager: bool) -> None:
        """GameError unless the member hosts the game (and was not removed from it) or manages
        the server (to end a game, or to remove a player)."""
        if manager:
            return
        seat = session.seat_of(user_id)
        if seat is not None and session.record.seats[seat].kicked:
            raise GameError("error-kicked")  # a host removed passed the game on
        if session.record.host_id != user_id:
            raise GameError("error-host-only")

    @staticmethod
    def require_seat(session: GameSession, user_id: int) -> None:
        """GameError unless the member is in the game's lobby, or plays their seat of the
        running game themselves (to leave it)."""
        seat = session.seat_of(user_id)
        if seat is None:
            raise GameError("error-not-a-player")
        if session.record.status != "lobby":
            _held_by(session.record.seats[seat], ai=False)

    async def end(self, session: GameSession, user_id: int, manager: bool) -> None:
        """The host (or a server manager) ends a game early; it is recorded as abandoned."""
        self.require_host(session, user_id, manager)
        async with session.lock:
            if session.record.status not in ("lobby", "running"):
                raise GameError("error-game-over")
            await self._close(session, "abandoned" if session.running else "cancelled")

    async def kick(self, session: GameSession, by: int, manager: bool, user_id: int) -> None:
        """The host (or a server manager) hands a member's seat to the AI."""
        self.require_host(session, by, manager)
        if user_id == by:  # a kick is for good: leaving keeps the way back
            raise GameError("error-kick-self")
        async with session.lock:  # two kicks at once: the second finds the seat kicked
            seat = session.seat_of(user_id)
            if seat is None or session.record.seats[seat].kicked:
                raise GameError("error-member-not-playing")
            if session.record.status == "lobby":
                await self._unseat(session, user_id)
                self.presenter.lobby_changed(session)
                return
            if not session.running:
                raise GameError("error-game-over")
            kicked = _host_passed_on(_with_seat(session.record, seat, ai=True, kicked=True), seat)
            await self._seats_changed(session, kicked)
            self.presenter.board_changed(session)
            self.presenter.notice(session, "notice-kicked", seats=[seat])
            self.presenter.tell(session, user_id, "dm-kicked")
            if _nobody_left(kicked):
                if session.paused:  # members who left may still come back
                    await self._pause(session, kicked, await self.config(kicked.guild_id))
                else:  # nobody may: the AI does not finish a game alone
                    await self._close(session, "abandoned")
                return
            self._kick_ai(session)

    async def member_left(self, guild_id: int, user_id: int) -> None:
        """A member left the server: their lobby seats free up, the AI plays their running seats."""
        for session in self.in_guild(guild_id):
            # Looked at under the lock: a lobby may start, a clock run out or a kick land
            # while the member leaves.
            async with session.lock:
                seat = session.seat_of(user_id)
                if seat is None:
                    continue
                if session.record.status == "lobby":
                    await self._unseat(session, user_id)
                    self.presenter.lobby_changed(session)
                elif session.running and not session.record.seats[seat].ai:
                    await self._to_ai(session, seat, left_server=True)

    async def sweep(self, gone: Callable[[int], Awaitable[bool]]) -> int:
        """Close the games whose channel or thread is gone; how many closed.

        A channel the bot may not post in for now (a moderator locked it) is not gone: its
        games wait, and their boards are redrawn once the bot may post again.
        """
        closed = 0
        for session in list(self.sessions.values()):
            if await gone(session.record.play_channel_id):
                closed += await self._abandon(session)
        return closed

    async def server_left(self, guild_id: int) -> int:
        """The bot was removed from a server: nobody can reach its games or lobbies any more,
        so they end without a result; how many ended."""
        closed = 0
        for session in self.in_guild(guild_id):
            closed += await self._abandon(session)
        # Read again from the database should the server invite the bot back.
        self._configs.pop(guild_id, None)
        self._config_locks.pop(guild_id, None)
        self.stats.forget(guild_id)
        return closed

    async def _abandon(self, session: GameSession) -> bool:
        """End a game or lobby without a result, unless it ended meanwhile."""
        async with session.lock:
            if session.id not in self.sessions:
                return False
            await self._close(session, "abandoned")
            return True

    async def _move(
        self, session: GameSession, seat: int, action: Any, *, by_ai: bool
    ) -> list[Event]:
        """Apply an action and commit it with what follows from it in one write, then show it.

        The caller holds the lock. The log line, a due snapshot, the new deadline or the result
        land together, and only after the commit does anyone see the move.
        """
        return await self._commit(session, session.play(seat, action, by_ai=by_ai))

    async def _commit(self, session: GameSession, move: Move) -> list[Event]:
        version = move.state.version
        # A member who moves again after timeouts has them forgotten, in the move's commit.
        mover = move.entry.seat
        back = None if move.entry.by_ai or not session.record.seats[mover].timeouts else mover
        # No snapshot where the move may still be taken back: the state before it must come
        # back from the log after a restart.
        due = version % self.snapshot_every == 0 and move.window is None
        snapshot = move.state.model_dump_json() if due else None
        last_moves = session.last_moves_after(move) if due else []
        outcome = session.game.outcome(move.state)
        if outcome is not None:
            cfg = await self.config(session.record.guild_id)
            # The ratings change in the commit of the result, from ratings read under the lock.
            async with self.stats.finishing(session.record, outcome, cfg.ratings) as standings:
                await self.storage.record_move(
                    session.id,
                    move.entry,
                    snapshot=snapshot,
                    last_moves=last_moves,
                    result=outcome.model_dump_json(),
                    standings=standings,
                    back=back,
                )
            session.accept(move)
            # The last move's announcements (a final reveal, the last round's scores) come first.
            self.presenter.turn_changed(session, move.events)
            self._closed(session, "finished")
            return move.events
        cfg = await self.config(session.record.guild_id)
        deadline, waiting = self._clock_after(
            session, move.state, cfg, turn_over=turn_ended(move.events)
        )
        await self.storage.record_move(
            session.id,
            move.entry,
            snapshot=snapshot,
            last_moves=last_moves,
            deadline=KEEP if deadline == session.record.deadline else deadline,
            back=back,
        )
        if back is not None:
            session.record = _with_seat(session.record, back, timeouts=0)
        session.accept(move)
        self._set_clock(session, deadline, waiting, cfg)
        self._show(session, move.events)
        return move.events

    def _show(self, session: GameSession, events: list[Event]) -> None:
        """A running game changed: redraw, announce, and let the AI seats move."""
        self.presenter.board_changed(session)
        self.presenter.turn_changed(session, events)
        self._kick_ai(session)

    async def _close(self, session: GameSession, status: Status) -> None:
        await self.storage.close_game(session.id, status)
        self._closed(session, status)

    def _closed(self, session: GameSession, status: Status) -> None:
        session.record.status = status
        session.record.deadline = None
        self.scheduler.cancel_prefix(f"{session.id}:")
        self._forget(session)
        self.presenter.game_closed(session)

    # --- AI seats ---

    def _kick_ai(self, session: GameSession) -> None:
        if session.ai_seats_to_act() and session.id not in self._ai_tasks:
            task = asyncio.get_running_loop().create_task(self._drive_ai(session))
            self._ai_tasks[session.id] = task

    async def _drive_ai(self, session: GameSession) -> None:
        retry = RETRY_FIRST
        try:
            while session.running:
                seats = session.ai_seats_to_act()
                if not seats:
                    return
                # States are never changed in place, so the AI thinks without the lock (in the
                # worker, members' clicks on this game go on meanwhile); if one of them moved
                # the game on, the stale decision is dropped and the AI thinks again.
                state, seat = session.state, seats[0]
                action = await self.ai.choose(session.record.slug, state, seat, session.record.seed)
                try:
                    async with session.lock:
                        # A seat taken back meanwhile is its member's again: not the AI's to play.
                        if session.state is state and seat in session.ai_seats_to_act():
                            await self._move(session, seat, action, by_ai=True)
                except StorageError as exc:
                    # Nothing changed; the game must not wait on an AI that gave up.
                    log.warning(
                        "AI move not stored in game %s (%s); again in %s s", session.id, exc, retry
                    )
                    await asyncio.sleep(retry)
                    retry = min(retry * 2, RETRY_LAST)
                    continue
                retry = RETRY_FIRST
        except Exception:
            log.exception("AI move failed in game %s", session.id)
        finally:
            self._ai_tasks.pop(session.id, None)

    async def _apply_for(self, session: GameSession, seat: int) -> list[Event]:
        return await self._move(session, seat, session.ai_choice(seat), by_ai=True)

    async def _finish_turn_for(self, session: GameSession, seat: int) -> None:
        """The AI completes the absent seat's current turn, and only that turn.

        A turn may take several actions (cards one by one, draw after draw); it is over when
        another seat must act, when a simultaneous choice was made, or when the engine says a
        new turn began (a `<slug>.turn` event: a solo player's or a bonus turn) or the round
        ended (`<slug>.round_end`: the next round may open with the same seat's turn).
        """
        while session.running and seat in session.to_act():
            events = await self._apply_for(session, seat)
            if session.to_act() != {seat} or turn_ended(events):
                return

    # --- the clock ---

    def _clock_after(
        self,
        session: GameSession,
        state: Any,
        cfg: GuildConfig,
        seats: list[SeatRecord] | None = None,
        *,
        turn_over: bool = False,
    ) -> tuple[float | None, frozenset[int]]:
        """The deadline once `state` (and `seats`, if they change) are the game's, and the
        human seats it is for.

        A new deadline starts whenever new human seats must act, or a turn is over (the same
        seats may act next: a solo player, a bonus turn, a new choice after a reveal); it goes
        on while the same wait does (a seat of a simultaneous choice acting leaves the others'
        clock running).
        """
        seats = session.record.seats if seats is None else seats
        to_act = session.game.to_act(state)
        humans = frozenset(s for s in to_act if not seats[s].ai)
        seconds = cfg.seconds_for(simultaneous=session.game.SPEC.simultaneous)
        if not humans or not seconds:
            return None, humans
        deadline = session.record.deadline
        if not turn_over and humans <= session.waiting and deadline and deadline > self.clock():
            return deadline, session.waiting
        return self.clock() + seconds, humans

    def _set_clock(
        self,
        session: GameSession,
        deadline: float | None,
        waiting: frozenset[int],
        cfg: GuildConfig,
    ) -> None:
        changed = (deadline, waiting) != (session.record.deadline, session.waiting)
        session.record.deadline = deadline
        session.waiting = waiting
        if changed or deadline is None:
            self._schedule_deadline(session, cfg)

    async def _seats_changed(self, session: GameSession, record: GameRecord) -> None:
        """Store seats that changed hands with the turn re-timed for who must act now."""
        cfg = await self.config(record.guild_id)
        deadline, waiting = self._clock_after(session, session.state, cfg, record.seats)
        await self.storage.save_game(record.model_copy(update={"deadline": deadline}))
        session.record = record
        self._set_clock(session, deadline, waiting, cfg)

    def _schedule_deadline(self, session: GameSession, cfg: GuildConfig) -> None:
        self.scheduler.cancel_prefix(f"{session.id}:turn")
        deadline = session.record.deadline
        if deadline is None:
            return
        if session.paused:
            self.scheduler.at(
                f"{session.id}:turn", deadline, lambda: self._abandon_paused(session, deadline)
            )
            return
        waiting = session.waiting
        self.scheduler.at(
            f"{session.id}:turn", deadline, lambda: self._timeout(session, deadline, waiting)
        )
        seconds = cfg.seconds_for(simultaneous=session.game.SPEC.simultaneous)
        halfway = deadline - seconds / 2
        # The server's clock may have changed since the turn began (kept by the turn): with
        # none now, there is no half to tell of.
        if cfg.reminder != "off" and self.clock() < halfway < deadline:
            reminded = sorted(session.waiting)
            self.scheduler.at(
                f"{session.id}:turn-reminder", halfway, lambda: self._remind(session, reminded)
            )

    async def _remind(self, session: GameSession, seats: list[int]) -> None:
        # As the server says now: admins who turn reminders off mean the turns running too.
        how = (await self.config(session.record.guild_id)).reminder
        still = [s for s in seats if s in session.to_act() and not session.record.seats[s].ai]
        if session.running and still and how != "off":
            self.presenter.remind(session, still, by_dm=how == "dm")

    async def _timeout(
        self,
        session: GameSession,
        deadline: float,
        waiting: frozenset[int],
        retry: float = RETRY_FIRST,
    ) -> None:
        """The deadline passed: the AI moves for the absent seats, or the game ends (AFK policy).

        A write that fails leaves the game as it was and tries again later: the clock is kept.
        """
        try:
            await self._time_out(session, deadline, waiting)
        except StorageError as exc:
            log.warning("timeout not stored in game %s (%s); again in %s s", session.id, exc, retry)
            self._kick_ai(session)  # seats taken over before the failure: the AI retries them
            self.scheduler.at(
                f"{session.id}:turn",
                self.clock() + retry,
                lambda: self._timeout(session, deadline, waiting, min(retry * 2, RETRY_LAST)),
            )

    async def _time_out(
        self, session: GameSession, deadline: float, waiting: frozenset[int]
    ) -> None:
        async with session.lock:
            # The clock may have run out while a move waited for the lock and started a new
            # wait (or ended the game): then this timeout is for a turn that is over.
            current = (session.record.deadline, session.waiting)
            if not session.running or current != (deadline, waiting):
                return
            absent = sorted(s for s in session.to_act() if not session.record.seats[s].ai)
            cfg = await self.config(session.record.guild_id)
            if cfg.afk_policy == "end":
                await self.storage.close_game(session.id, "abandoned")
                self.presenter.notice(session, "notice-afk-ended", seats=absent)
                self._closed(session, "abandoned")
                return
            seats = session.record.seats
            taken = [s for s in absent if seats[s].timeouts + 1 >= cfg.takeover_after]
            if taken:
                record = session.record
                for seat in taken:
                    record = _with_seat(record, seat, ai=True)
                if _nobody_left(record):
                    await self._pause(session, record, cfg)
                    return
                await self.storage.save_game(record)
                session.record = record
                self.presenter.notice(
                    session,
                    "notice-takeover",
                    seats=taken,
                    reclaim=True,
                    timeouts=cfg.takeover_after,
                )
            for seat in absent:
                await self._finish_turn_for(session, seat)
            if absent:
                await self.storage.timed_out(session.id, absent)
                record = session.record
                for seat in absent:
                    record = _with_seat(record, seat, timeouts=record.seats[seat].timeouts + 1)
                session.record = record

    async def _pause(self, session: GameSession, record: GameRecord, cfg: GuildConfig) -> None:
        """Nobody is left at the table: store the seats and the time the game waits for a member
        to come back; the game's members are told, with a button to resume it."""
        due = self.clock() + cfg.pause_minutes * 60
        paused = record.model_copy(update={"deadline": due})
        await self.storage.save_game(paused)
        session.record = paused
        session.waiting = frozenset()
        self._schedule_deadline(session, cfg)
        self.presenter.board_changed(session)
        members = [i for i, s in enumerate(paused.seats) if s.user_id is not None and not s.kicked]
        self.presenter.notice(
            session,
            "notice-paused",
            seats=members,
            minutes=cfg.pause_minutes,
            reclaim="resume-button",
        )

    async def _abandon_paused(self, session: GameSession, due: float) -> None:
        async with session.lock:
            if session.paused and session.record.deadline == due:
                await self._close(session, "abandoned")

    async def reclaim(self, session: GameSession, user_id: int) -> None:
        """A player takes back the seat the AI took over after their timeouts."""
        async with self._playing(session, user_id, ai_holds=True) as seat:
            resumed = session.paused
            back = _with_seat(session.record, seat, ai=False, timeouts=0)
            await self._seats_changed(session, back)
            self.presenter.board_changed(session)
            if resumed:
                self.presenter.notice(session, "notice-resumed", seats=[seat])
            self._kick_ai(session)

    def _schedule_lobby_expiry(self, session: GameSession, minutes: int) -> None:
        due = session.record.created_at + minutes * 60
        self.scheduler.at(f"{session.id}:lobby", due, lambda: self._expire_lobby(session, minutes))

    async def _expire_lobby(self, session: GameSession, minutes: int) -> None:
        async with session.lock:
            if session.record.status == "lobby":
                self.presenter.notice(session, "notice-lobby-expired", minutes=minutes)
                await self._close(session, "cancelled")
