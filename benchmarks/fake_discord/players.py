"""Simulated members who play the bot's games through the fake server, as fast as they can.

A `Table` is one channel with one or two human members. The host types `/newgame`, the others
join, the host adds AI seats and starts; then every human opens "My hand" and plays what the
ephemeral panel offers (buttons `tb:act:…`, selects `tb:sel:…`, and The Game's cards `tb:pick:…`
that lead to their piles), following the type-7 updates of that panel, until it offers nothing;
then waits for the bot to redraw that panel when their move comes, and plays on from it. "My
hand" again only if the panel is gone, or nothing at all happened for a while. When the game is
over the host opens the next one. `Players.think` is how long a member looks at their panel
before each click of a move (none by default: as fast as the bot answers).

Every action click is recorded (`Act`) with how the bot answered it, so the crash test can check
the action log against what players were told.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

from benchmarks.fake_discord.server import (
    NO_MESSAGES,
    FakeDiscord,
    Interaction,
    Signal,
    flat_components,
)

ANSWER_WAIT = 5.0
"""Seconds a player waits for an answer before counting it as lost (Discord allows 3)."""
TURN_WAIT = 2.0
"""Seconds a player waits for a turn DM or a channel change before looking again anyway."""
LOBBY_PAUSE = 1.0
"""Seconds the host waits after the lobby appears before the first lobby click."""
SEATS = {"mindup": 3, "thegame": 2, "genial": 2, "hourglass": 2, "zero": 2}
"""Seats per game (humans plus AI)."""

_LOBBY = re.compile(r"^tb:lobby:(?P<gid>[0-9a-f]{8}):(?P<verb>\w+)$")
_ACT = re.compile(r"^tb:act:(?P<gid>[0-9a-f]{8}):(?P<ver>\d+):(?P<action>[\w.~-]+)$")
_SEL = re.compile(r"^tb:sel:(?P<gid>[0-9a-f]{8}):(?P<ver>\d+):(?P<n>\d)$")
_PICK = re.compile(r"^tb:pick:(?P<gid>[0-9a-f]{8}):(?P<ver>\d+):(?P<key>\w+)$")


class Texts:
    """The English catalog strings the players read answers by (from the bot's own catalog)."""

    def __init__(self) -> None:
        from bot.i18n import t

        self.stale = t("en", "error-stale")
        self.panel_game_over = t("en", "hand-game-over")
        self.game_over = t("en", "error-game-over")
        self.not_started = t("en", "error-not-started")
        self.channel_busy = t("en", "error-channel-busy")
        self.no_game_here = t("en", "error-no-game-here")


@dataclass
class Act:
    """One action click and how it was answered."""

    game_id: str
    slug: str
    user_id: int
    custom_id: str
    action: str
    version: int
    outcome: str = "lost"
    """applied (type 7, not stale), stale (type 7 'out of date'), refused (an error), lost; a
    deferred click (type 6) by the panel the bot redrew after it."""
    content: str = ""
    deferred: bool = False
    """Acknowledged first (the bot was busy), its outcome shown by a later redraw."""
    seen_after: float | None = None
    """For a deferred move: seconds from its dispatch to the redrawn panel."""


@dataclass
class Game:
    """A game a table opened."""

    gid: str
    slug: str
    board: dict[str, Any]
    started: bool = False
    over: bool = False


@dataclass
class Stats:
    """Counts over all tables."""

    games_started: int = 0
    games_over: int = 0
    errors: dict[str, int] = field(default_factory=dict)


class Players:
    """Every table of one run; shares the server, the texts, the records and the stop time."""

    def __init__(
        self, server: FakeDiscord, seed: int = 1, answer_wait: float = ANSWER_WAIT
    ) -> None:
        self.server = server
        self.texts = Texts()
        self.rng = random.Random(seed)
        self.acts: list[Act] = []
        self.games: dict[str, Game] = {}
        self.stats = Stats()
        self.answer_wait = answer_wait
        self.until = 0.0
        self.stopping = False
        self.lobby_pause = LOBBY_PAUSE
        self.think: tuple[float, float] = (0.0, 0.0)
        """Seconds a member looks at a panel before each click of a move, drawn uniformly from
        this range; (0, 0) clicks the instant the panel appears, which measures capacity."""

    def time_left(self) -> bool:
        """Whether players may still start new interactions."""
        return not self.stopping and time.monotonic() < self.until

    async def ask(
        self,
        user_id: int,
        channel_id: int,
        type_: int,
        data: dict[str, Any],
        kind: str,
        message: dict[str, Any] | None = None,
    ) -> Interaction | None:
        """Send one interaction and wait for its answer; None when lost (offline, late, none)."""
        deadline = min(self.until, time.monotonic() + 30.0)
        guild = self.server.channels[channel_id].get("guild_id")
        # Only the shard of this channel matters: with shards in several processes, a member of
        # a server on another shard still plays while one process restarts.
        while not self.server.serving(int(guild) if guild else None):
            if not self.time_left() or time.monotonic() > deadline:
                return None
            await asyncio.sleep(0.05)
        try:
            record = await self.server.interact(
                user_id, channel_id, type_, data, kind=kind, message=message
            )
        except Exception:
            return None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(record.done), self.answer_wait)
        if record.answer_type is None or record.late:
            return None
        return record

    async def slash(
        self, user_id: int, channel_id: int, command: str, **options: Any
    ) -> Interaction | None:
        """A slash command."""
        guild = self.server.channels[channel_id].get("guild_id")
        data = self.server.slash_data(int(guild) if guild else None, command, options)
        return await self.ask(user_id, channel_id, 2, data, f"/{command}")

    async def click(
        self, user_id: int, channel_id: int, message: dict[str, Any], custom_id: str, kind: str
    ) -> Interaction | None:
        """Click a button of a message."""
        data = {"custom_id": custom_id, "component_type": 2}
        return await self.ask(user_id, channel_id, 3, data, kind, message)

    async def choose(
        self,
        user_id: int,
        channel_id: int,
        message: dict[str, Any],
        custom_id: str,
        value: str,
        kind: str,
    ) -> Interaction | None:
        """Pick one option of a select."""
        data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
        return await self.ask(user_id, channel_id, 3, data, kind, message)


def lobby_id(message: dict[str, Any] | None) -> str | None:
    """The game id of a lobby message (from its Join button)."""
    for comp in flat_components(message):
        match = _LOBBY.match(comp.get("custom_id", ""))
        if match:
            return match["gid"]
    return None


def has_hand_button(message: dict[str, Any] | None, gid: str) -> bool:
    """Whether a message is the running board of game `gid`."""
    return any(c.get("custom_id") == f"tb:hand:{gid}" for c in flat_components(message))


def offered(panel: dict[str, Any] | None) -> list[tuple[str, str | None, int, str]]:
    """Every action a panel offers: (custom_id, select value or None, version, action text)."""
    choices: list[tuple[str, str | None, int, str]] = []
    for comp in flat_components(panel):
        if comp.get("disabled"):
            continue
        cid = comp.get("custom_id", "")
        if match := _ACT.match(cid):
            choices.append((cid, None, int(match["ver"]), match["action"]))
        elif match := _SEL.match(cid):
            for option in comp.get("options") or []:
                if option.get("value") not in (None, "-"):
                    choices.append((cid, option["value"], int(match["ver"]), option["value"]))
    return choices


def picks(panel: dict[str, Any] | None) -> list[str]:
    """The first clicks of two-click moves a panel offers (The Game's cards): nothing is played
    by them, the panel then offers the moves that follow (the card's piles)."""
    return [
        comp["custom_id"]
        for comp in flat_components(panel)
        if not comp.get("disabled") and _PICK.match(comp.get("custom_id", ""))
    ]


class Table:
    """One channel with its humans, playing games one after another."""

    def __init__(
        self,
        players: Players,
        channel_id: int,
        humans: list[int],
        slugs: list[str],
        max_games: int | None = None,
    ) -> None:
        self.p = players
        self.server = players.server
        self.channel_id = channel_id
        self.humans = humans
        self.slugs = slugs
        self.max_games = max_games
        self.games: list[Game] = []
        self.current: Game | None = None
        self.closing = False
        """Set to finish the game in progress and open no new one."""

    @property
    def host(self) -> int:
        """The member who opens the games."""
        return self.humans[0]

    async def run(self) -> None:
        """Open and play games until the stop time, `max_games` opened, or `closing` is set.

        A game in progress is always played on (or, for a lobby, resolved) before stopping.
        """
        turn = 0
        failures = 0
        while self.p.time_left():
            game = self.current
            if game is not None and not game.over:
                if not game.started and await self._resolve_lobby(game) is None:
                    if not game.over:
                        await asyncio.sleep(0.2)
                    continue
                await self.play(game)
                continue
            if self.closing or (self.max_games is not None and len(self.games) >= self.max_games):
                return
            slug = self.slugs[turn % len(self.slugs)]
            turn += 1
            if await self.open_game(slug) is None:
                failures += 1
                await asyncio.sleep(min(2.0, 0.1 * failures))
            else:
                failures = 0

    # --- opening ---

    async def open_game(self, slug: str) -> Game | None:
        """`/newgame`, joins, AI seats, start; None when this did not lead to a started game."""
        p = self.p
        answer = await p.slash(self.host, self.channel_id, "newgame", game=slug)
        if answer is None:
            return None
        if answer.content == p.texts.channel_busy:
            await self.end_unknown_game()
            return None
        gid = lobby_id(answer.answer)
        if gid is None:
            self._unexpected("newgame", answer)
            return None
        assert answer.answer is not None
        game = Game(gid=gid, slug=slug, board=answer.answer)
        self.games.append(game)
        self.current = game
        p.games[gid] = game
        # A human needs a moment to read the lobby. Clicking within milliseconds of it races the
        # bot's own save of the lobby message id (see the report: storage transactions interleave).
        await asyncio.sleep(p.lobby_pause)
        ok = True
        for guest in self.humans[1:]:
            ok = ok and await self._lobby_click(game, guest, "join")
        for _ in range(max(0, SEATS.get(slug, 2) - len(self.humans))):
            ok = ok and await self._lobby_click(game, self.host, "addai")
        if ok and await self._lobby_click(game, self.host, "start") and game.started:
            return game
        return await self._resolve_lobby(game)

    async def _lobby_click(self, game: Game, user: int, verb: str) -> bool:
        lobby = self._latest(game.board)
        cid = f"tb:lobby:{game.gid}:{verb}"
        if not any(
            c.get("custom_id") == cid and not c.get("disabled") for c in flat_components(lobby)
        ):
            return False
        channel = self.server.signal(self.channel_id)
        seen = channel.generation
        answer = await self.p.click(user, self.channel_id, lobby, cid, f"lobby:{verb}")
        updated = answer.answer if answer is not None and answer.answer_type == 7 else None
        if answer is not None and answer.answer_type == 6:
            # The bot, busy, acknowledged the click first; the member sees the outcome when it
            # edits the lobby.
            updated = await self._edited(lobby, channel, seen)
        if updated is None:
            if answer is not None:
                self._unexpected(f"lobby:{verb}", answer)
            return False
        game.board = updated
        if has_hand_button(updated, game.gid):
            self._started(game)
        return True

    async def _edited(
        self, message: dict[str, Any], channel: Signal, seen: int
    ) -> dict[str, Any] | None:
        """The channel message once the bot has edited it (None if not within the answer wait)."""
        deadline = time.perf_counter() + self.p.answer_wait
        while (left := deadline - time.perf_counter()) > 0:
            if not await channel.wait(seen, left):
                return None
            seen = channel.generation
            latest = self._latest(message)
            if latest is not message:
                return latest
        return None

    def _started(self, game: Game) -> None:
        if not game.started:
            game.started = True
            self.p.stats.games_started += 1

    async def _resolve_lobby(self, game: Game) -> Game | None:
        """After a lost or refused lobby step: play the game if it started, else cancel it.

        `/game hand` tells which (a lobby has no "My hand" button to click).
        """
        for _ in range(6):
            if not self.p.time_left():
                return None
            answer = await self.p.slash(self.host, self.channel_id, "game hand")
            if answer is None:
                continue
            if answer.content == self.p.texts.not_started:
                lobby = self._latest(game.board)
                cid = f"tb:lobby:{game.gid}:cancel"
                if not any(c.get("custom_id") == cid for c in flat_components(lobby)):
                    self._over(game)
                    return None
                cancel = await self.p.click(self.host, self.channel_id, lobby, cid, "lobby:cancel")
                if cancel is not None and cancel.answer_type == 7:
                    self._over(game)
                    return None
                continue
            if answer.content in (self.p.texts.game_over, self.p.texts.no_game_here):
                self._over(game)
                return None
            # A panel: the game is running.
            self._started(game)
            return game
        return None

    def _latest(self, message: dict[str, Any]) -> dict[str, Any]:
        """The fake server's current version of a channel message (or the one we had)."""
        latest = self.server.messages.get(self.channel_id, NO_MESSAGES).get(int(message["id"]))
        return latest if latest is not None else message

    async def end_unknown_game(self) -> None:
        """The channel holds a game the host never saw (its answer was lost): end it."""
        answer = await self.p.slash(self.host, self.channel_id, "game end")
        if answer is None or answer.answer is None:
            return
        for comp in flat_components(answer.answer):
            cid = comp.get("custom_id", "")
            if cid.startswith("tb:ok:") and cid.endswith(":end"):
                await self.p.click(self.host, self.channel_id, answer.answer, cid, "confirm:end")
                gid = cid.split(":")[2]
                if gid in self.p.games:
                    self._over(self.p.games[gid])
                return

    def _over(self, game: Game) -> None:
        if not game.over:
            game.over = True
            if game.started:
                self.p.stats.games_over += 1

    def _unexpected(self, what: str, answer: Interaction) -> None:
        key = f"{what}: {answer.answer_type} {answer.content[:60]!r}"
        self.p.stats.errors[key] = self.p.stats.errors.get(key, 0) + 1

    # --- playing ---

    async def play(self, game: Game) -> None:
        """Every human plays until the game is over or time is up."""
        await asyncio.gather(*(self.human(game, user) for user in self.humans))

    def _board(self, game: Game) -> dict[str, Any] | None:
        """The message with this game's "My hand" button (the board may have been re-posted).

        None when no message in the channel has it any more: the game is over. A real member can
        only click a button that is there, and discord.py drops clicks on a component that the
        message does not have, so the players never click what they cannot see.
        """
        latest = self._latest(game.board)
        if has_hand_button(latest, game.gid):
            return latest
        posted = self.server.channel_messages(self.channel_id)
        board = next((m for m in reversed(posted) if has_hand_button(m, game.gid)), None)
        if board is not None:
            game.board = board
        return board

    async def human(self, game: Game, user: int) -> None:
        """One human's loop: My hand, play what it offers, wait for the bot to redraw that panel
        when the next turn comes; My hand again only when the panel is gone or stays silent."""
        p = self.p
        dm: Signal = self.server.signal(("dm", user))
        channel: Signal = self.server.signal(self.channel_id)
        panel: dict[str, Any] | None = None
        while not game.over and p.time_left():
            seen_dm, seen_channel = dm.generation, channel.generation
            if panel is None:
                panel = await self._open_hand(game, user)
                if panel is None:
                    continue
            fruitless = 0
            while panel is not None and p.time_left() and fruitless < 20:
                if p.think[1] > 0:
                    await asyncio.sleep(p.rng.uniform(*p.think))
                    # The member clicks what the panel shows after their pause (the bot may
                    # have redrawn it meanwhile, or deleted it).
                    panel = self.server.ephemeral.get(int(panel["id"]))
                    if panel is None or game.over or not p.time_left():
                        break
                choices = offered(panel)
                if not choices and (first := picks(panel)):
                    cid = p.rng.choice(first)
                    result = await p.click(user, self.channel_id, panel, cid, "pick")
                    panel = result.answer if result and result.answer_type == 7 else None
                    continue
                if not choices:
                    break
                seen_dm, seen_channel = dm.generation, channel.generation
                cid, value, version, action = p.rng.choice(choices)
                act = Act(game.gid, game.slug, user, cid, action, version)
                p.acts.append(act)
                shown: Signal = self.server.signal(("ephemeral", int(panel["id"])))
                seen_shown = shown.generation
                if value is None:
                    result = await p.click(user, self.channel_id, panel, cid, "act")
                else:
                    result = await p.choose(user, self.channel_id, panel, cid, value, "act")
                if result is None:
                    panel = None
                    break
                answer_type, answer = result.answer_type, result.answer
                if answer_type == 6:
                    # The bot, busy, acknowledged the click first; the member sees the outcome
                    # when it redraws the panel.
                    act.deferred = True
                    redrawn_now = await shown.wait(seen_shown, p.answer_wait)
                    if redrawn_now:
                        act.seen_after = time.perf_counter() - result.sent_at
                    answer = self.server.ephemeral.get(int(panel["id"])) if redrawn_now else None
                    answer_type = 7 if answer is not None else 6
                content = (answer or {}).get("content") or ""
                act.content = content
                if answer_type == 7:
                    act.outcome = "stale" if content == p.texts.stale else "applied"
                    if act.outcome == "stale":
                        fruitless += 1
                    if content == p.texts.panel_game_over:
                        self._over(game)
                        return
                    panel = answer
                else:
                    act.outcome = "refused"
                    fruitless += 1
                    if content == p.texts.game_over:
                        self._over(game)
                        return
                    panel = None
            if panel is None or not p.time_left():
                continue
            # Nothing to do now: the bot redraws this panel when our move comes (a turn DM or a
            # change in the channel may come first).
            redrawn: Signal = self.server.signal(("ephemeral", int(panel["id"])))
            seen_panel = redrawn.generation
            await _first(
                dm.wait(seen_dm, TURN_WAIT),
                channel.wait(seen_channel, TURN_WAIT),
                redrawn.wait(seen_panel, TURN_WAIT),
                timeout=TURN_WAIT,
            )
            quiet = (redrawn.generation, dm.generation, channel.generation) == (
                seen_panel,
                seen_dm,
                seen_channel,
            )
            # Play on from the panel as the bot left it (None once deleted); after a while with
            # nothing at all, a fresh "My hand", as a member would.
            panel = None if quiet else self.server.ephemeral.get(int(panel["id"]))
            if panel is not None and panel.get("content") == p.texts.panel_game_over:
                self._over(game)  # the bot redrew the panel at the end of the game
                return

    async def _open_hand(self, game: Game, user: int) -> dict[str, Any] | None:
        """ "My hand" (or /game hand once the board is gone): the fresh panel, or None."""
        p = self.p
        board = self._board(game)
        if board is None:
            answer = await p.slash(user, self.channel_id, "game hand")
        else:
            answer = await p.click(user, self.channel_id, board, f"tb:hand:{game.gid}", "hand")
        if answer is None:
            await asyncio.sleep(0.05)
            return None
        if answer.content in (p.texts.game_over, p.texts.no_game_here):
            self._over(game)
            return None
        if answer.answer_type != 4 or answer.content == p.texts.not_started:
            self._unexpected("hand", answer)
            await asyncio.sleep(0.5)
            return None
        self._started(game)
        return answer.answer


async def _first(*waits: Any, timeout: float) -> None:
    """Wait for the first of some coroutines (bounded by `timeout`), cancel the others."""
    tasks = [asyncio.ensure_future(w) for w in waits]
    try:
        await asyncio.wait(tasks, timeout=timeout + 0.1, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
