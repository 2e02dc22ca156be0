"""Two real bot processes, each running one shard of two, on one PostgreSQL database.

Discord sends a server's events to the shard of the server (`(guild_id >> 22) % 2`) and every
direct message to shard 0, so a click on a turn DM of a game on shard 1 reaches the process of
shard 0, which hands it over to the process of shard 1 (cogs.relay). What members and operators
see is checked: games on both shards played to their end, a DM click answered within Discord's
3 s by the process that runs its game, "try again in a moment" while that process is down, its
games resumed when it is back with every answered click applied once, and a second process for
a running shard refused with one line while the first plays on.

The processes run for the whole module (starting one takes seconds); each test begins with both
serving, and the one that kills a process starts it again.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
import signal
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import pytest
import pytest_asyncio

import engines
from benchmarks.fake_discord import BotProcess, FakeDiscord, Interaction, Players, Table
from benchmarks.fake_discord.players import offered
from benchmarks.fake_discord.server import ANSWER_DEADLINE, EPHEMERAL, flat_components
from benchmarks.fake_discord.world import playable_slugs, shard_env, start_bot, start_shards
from bot.client import SHARDS_LOST
from bot.i18n import t
from bot.shards import shard_of
from bot.storage import Storage
from bot.storage.postgres import PostgresDatabase
from cogs.relay import ACK_WAIT, ANSWER_WAIT, channel_of
from engines.core import action_adapter, decode_action
from tests.conftest import drop_postgres_database, fresh_postgres_database
from tests.load.crash import FAST_BOT, CrashReport, check, processes_of, reap

# One worker runs them all, on the module's one pair of processes (starting a pair costs tens
# of seconds of both cores).
pytestmark = [
    pytest.mark.postgresql,
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.xdist_group("shards"),
]

SHARDS = 2
TABLES_PER_GUILD = 12
"""Channels (and members, twice as many) of each server: every test takes fresh ones."""

SHARD_BOT = {**FAST_BOT, "AI_WORKER": "false"}
"""The processes here decide for their AIs themselves: each start (and there are several)
costs seconds less, and the worker is tested on its own (tests/bot/test_ai_worker.py,
tests/load/test_crash_durability.py)."""

LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ")
"""A line of the ordinary log (colour codes removed), as opposed to the bot's word."""


Move = tuple[str, str | None, int, str]
"""A move a panel offers: (custom_id, select value or None, version, action text)."""


@dataclass
class Cluster:
    """The fake Discord, the database and the process of each shard."""

    server: FakeDiscord
    url: str
    workdir: Path
    bots: dict[int, BotProcess] = field(default_factory=dict)
    """The current process of each shard."""
    every_process: list[BotProcess] = field(default_factory=list)
    """Every process started in the module, for their logs."""
    taken: Counter[int] = field(default_factory=Counter)
    """Channels (and members) of each shard's server given out so far."""
    starts: Counter[int] = field(default_factory=Counter)
    """Restarts of each shard's process (each writes a log of its own)."""

    def guild_on(self, shard: int) -> int:
        """A server of `shard`."""
        return next(g for g in self.server.guilds if shard_of(g, SHARDS) == shard)

    def spot(self, shard: int) -> tuple[int, int]:
        """A channel of a server on `shard` and a member there, neither used by another test."""
        guild = self.guild_on(shard)
        index = self.taken[shard]
        self.taken[shard] += 1
        return self.server.guild_channels(guild)[index], self.server.guild_users(guild)[index]

    def twin(self, shard: int, user: int) -> int:
        """Another member of `user`'s server that no test was given (from its second half)."""
        users = self.server.guild_users(self.guild_on(shard))
        return users[TABLES_PER_GUILD + users.index(user)]

    async def start(self, shard: int) -> int | None:
        """Start the process of `shard` again; the number of games it restored."""
        self.starts[shard] += 1
        started = await start_bot(
            self.server,
            self.url,
            self.workdir,
            timeout=90.0,
            log_name=f"bot-shard{shard}-start{self.starts[shard]}.log",
            extra_env={**SHARD_BOT, **shard_env(SHARDS, shard)},
            ready=False,
        )
        self.bots[shard] = started.bot
        self.every_process.append(started.bot)
        return started.restored

    async def kill(self, shard: int) -> None:
        """SIGKILL the process of `shard`, as a crash; its AI worker's processes end too."""
        bot = self.bots[shard]
        worker = processes_of(bot)
        bot.kill()
        assert await bot.wait(10.0) is not None
        reap(worker)

    async def both_serving(self) -> None:
        """Each shard's process running (a test that failed half-way may have left one down)."""
        for shard in range(SHARDS):
            proc = self.bots[shard].proc
            if proc is None or proc.returncode is not None:
                await self.start(shard)

    def error_lines(self) -> list[str]:
        """ERROR lines and tracebacks in the logs of every process so far."""
        return [line for bot in self.every_process for line in bot.error_lines()]


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def cluster(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Cluster]:
    url = await fresh_postgres_database()
    server = FakeDiscord(
        guilds=SHARDS,
        channels_per_guild=TABLES_PER_GUILD,
        users_per_guild=2 * TABLES_PER_GUILD,
        global_rate_limit=None,
        route_rate_limits=False,
    )
    # The fake server makes each server a millisecond after the one before, so consecutive
    # servers fall on consecutive shards: one on each.
    assert {shard_of(g, SHARDS) for g in server.guilds} == set(range(SHARDS))
    await server.start()
    c = Cluster(server, url, tmp_path_factory.mktemp("shards"))
    try:
        for started in await start_shards(
            server, url, c.workdir, SHARDS, timeout=90.0, extra_env=SHARD_BOT, ready=False
        ):
            c.bots[len(c.bots)] = started.bot
            c.every_process.append(started.bot)
        yield c
    finally:
        for bot in c.bots.values():
            worker = processes_of(bot) if bot.proc and bot.proc.returncode is None else []
            await bot.stop()
            reap(worker)
        await server.stop()
        await drop_postgres_database(url)


@pytest_asyncio.fixture(loop_scope="module")
async def serving(cluster: Cluster) -> Cluster:
    """The module's processes, both shards served when the test begins."""
    await cluster.both_serving()
    return cluster


def players_of(server: FakeDiscord, seconds: float) -> Players:
    """Simulated members who play for up to `seconds`."""
    players = Players(server, seed=5, answer_wait=ANSWER_DEADLINE + 1.0)
    players.lobby_pause = 0.2
    players.until = time.monotonic() + seconds
    return players


def slug() -> str:
    """A game to open (one whose engine imports: others are being worked on meanwhile)."""
    slugs, _ = playable_slugs()
    assert slugs, "no game imports"
    return "zero" if "zero" in slugs else slugs[0]


async def until(condition: Callable[[], bool | Awaitable[bool]], timeout: float, what: str) -> None:
    """Wait for `condition` (polled every 20 ms); fail naming `what` after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        met = condition()
        if (await met) if inspect.isawaitable(met) else met:
            return
        assert time.monotonic() < deadline, f"{what}: not within {timeout:g} s"
        await asyncio.sleep(0.02)


async def open_game(cluster: Cluster, shard: int) -> tuple[str, int]:
    """A running game of one member (and AI seats) on a server of `shard`: its id and member."""
    channel, user = cluster.spot(shard)
    players = players_of(cluster.server, 30.0)
    game = await Table(players, channel, [user], [slug()]).open_game(slug())
    assert game is not None and game.started, players.stats
    return game.gid, user


def tables_on_both_shards(
    cluster: Cluster, players: Players, max_games: int | None = None
) -> list[Table]:
    """Two tables of one member (and AI seats) on a server of each shard, every game mixed."""
    slugs, _ = playable_slugs()
    tables: list[Table] = []
    for shard in range(SHARDS):
        for _ in range(2):
            channel, user = cluster.spot(shard)
            mix = slugs[len(tables) :] + slugs[: len(tables)]
            tables.append(Table(players, channel, [user], mix, max_games))
    return tables


def moves_in(message: dict[str, Any], game_id: str) -> list[Move]:
    """The moves of game `game_id` a message offers."""
    return [move for move in offered(message) if move[0].split(":")[2] == game_id]


async def turn_dm(server: FakeDiscord, user: int, game_id: str) -> dict[str, Any]:
    """The member's latest direct message offering moves in `game_id` (waits for one)."""
    signal = server.signal(("dm", user))
    deadline = time.monotonic() + 10.0
    while True:
        seen = signal.generation
        channel = server.dm_of_user.get(user)
        messages: list[dict[str, Any]] = []
        if channel is not None:
            messages = server.channel_messages(channel)
        for message in messages[::-1]:
            if moves_in(message, game_id):
                return message
        left = deadline - time.monotonic()
        assert left > 0, f"no turn DM for game {game_id} reached member {user}"
        await signal.wait(seen, left)


async def click(server: FakeDiscord, user: int, message: dict[str, Any], move: Move) -> Interaction:
    """The member clicks a move of a message in their DMs (Discord sends it to shard 0)."""
    custom_id, value, _, _ = move
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
    if value is not None:
        data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
    channel = int(message["channel_id"])
    return await server.interact(user, channel, 3, data, kind="dm move", message=message)


async def edited(server: FakeDiscord, message: dict[str, Any], record: Interaction) -> float:
    """Seconds from the click's dispatch until `message` was edited (waits up to 5 s)."""
    channel, message_id = int(message["channel_id"]), int(message["id"])
    signal = server.signal(("dm", server.dm_recipient[channel]))
    deadline = time.monotonic() + 5.0
    while server.messages[channel].get(message_id) is message:
        seen = signal.generation
        left = deadline - time.monotonic()
        assert left > 0, "the clicked DM was never redrawn"
        await signal.wait(seen, left)
    return time.perf_counter() - record.sent_at


async def followup(server: FakeDiscord, record: Interaction) -> float:
    """Seconds from the click's dispatch until its first followup (waits up to 5 s)."""
    signal = server.signal(("followup", record.user_id))
    deadline = time.monotonic() + 5.0
    while not record.followups:
        seen = signal.generation
        left = deadline - time.monotonic()
        assert left > 0, "the click got no followup"
        await signal.wait(seen, left)
    return time.perf_counter() - record.sent_at


async def no_followup(server: FakeDiscord, record: Interaction) -> None:
    """No followup comes once the click was played: shard 0 tells the member to try again when
    the owner has not confirmed within ACK_WAIT, so a lost confirmation shows only then."""
    signal = server.signal(("followup", record.user_id))
    deadline = time.monotonic() + ACK_WAIT + 0.5
    while not record.followups and (left := deadline - time.monotonic()) > 0:
        await signal.wait(signal.generation, left)
    assert not record.followups, [f["content"] for f in record.followups]


async def human_moves(url: str, game_id: str) -> list[tuple[int, str]]:
    """(seq, action JSON) of every move the game's member made, from the action log."""
    storage = await Storage.open(url)
    try:
        return [(a.seq, a.action) for a in await storage.actions_after(game_id, 0) if not a.by_ai]
    finally:
        await storage.close()


async def shard_held(url: str, shard: int) -> bool:
    """Whether a live process holds `shard` (PostgreSQL frees it when the process's session
    ends, which is how the process of shard 0 tells that a game's process is down)."""
    storage = await Storage.open(url)
    try:
        assert isinstance(storage.db, PostgresDatabase)
        return await storage.db.shard_running(shard)
    finally:
        await storage.close()


async def shard_free(url: str, shard: int) -> bool:
    return not await shard_held(url, shard)


async def slug_of(url: str, game_id: str) -> str:
    storage = await Storage.open(url)
    try:
        return next(g.slug for g in await storage.games() if g.id == game_id)
    finally:
        await storage.close()


async def logged_as(url: str, game_id: str, move: Move) -> str:
    """The action log's JSON for a move a panel offered."""
    game = engines.game(await slug_of(url, game_id))
    action = decode_action(game.SPEC.Action, move[3])
    return action_adapter(game.SPEC.Action).dump_json(action).decode()


async def test_two_shard_processes_play_games_on_both_shards(serving: Cluster) -> None:
    server = serving.server
    players = players_of(server, 40.0)
    tables = tables_on_both_shards(serving, players, max_games=1)
    stream: list[Interaction] = []
    server.on_interaction.append(stream.append)
    try:
        await asyncio.wait_for(asyncio.gather(*(table.run() for table in tables)), 45.0)
    finally:
        server.on_interaction.remove(stream.append)

    for table in tables:
        assert [g.over for g in table.games] == [True], f"{table.games} {players.stats}"
    # Each server's clicks went to its own shard's process and were answered in time.
    assert {r.session.shard[0] for r in stream if r.session} == set(range(SHARDS))
    for record in stream:
        assert record.session is not None
        assert record.session.shard[0] == shard_of(record.guild_id, SHARDS)
        assert record.answer_type is not None and not record.late, record.kind
    report = CrashReport()
    await check(serving.url, players, report, [t.channel_id for t in tables])
    assert not report.problems, report.summary()
    assert report.games_finished == len(tables), report.summary()
    storage = await Storage.open(serving.url)
    try:
        finished = await storage.games(("finished",))
    finally:
        await storage.close()
    assert {shard_of(g.guild_id, SHARDS) for g in finished} == set(range(SHARDS))
    assert serving.error_lines() == []


async def test_a_dm_click_crosses_to_the_process_of_its_game_and_is_answered_in_3_s(
    serving: Cluster,
) -> None:
    server = serving.server
    game_id, user = await open_game(serving, shard=1)
    dm = await turn_dm(server, user, game_id)
    move = moves_in(dm, game_id)[0]
    before = await human_moves(serving.url, game_id)

    record = await click(server, user, dm, move)
    redrawn_after = await edited(server, dm, record)

    # The click came to shard 0's process (DMs always do), which acknowledged it in time...
    assert record.session is server.shard_sessions[0]
    assert record.answer_type == 6 and not record.late and record.latency is not None
    print(
        f"acknowledged by shard 0 after {record.latency:.3f} s, redrawn after {redrawn_after:.3f} s"
    )
    assert record.latency < ANSWER_DEADLINE
    # ... and the process of shard 1 played it and redrew the member's DM within the 3 s.
    assert redrawn_after < ANSWER_DEADLINE, f"the DM was redrawn {redrawn_after:.2f} s after"
    redrawn = server.messages[int(dm["channel_id"])][int(dm["id"])]
    assert redrawn["content"] not in (t("en", "error-stale"), t("en", "error-owner-away"))
    assert all(version > move[2] for _, _, version, _ in moves_in(redrawn, game_id))
    await no_followup(server, record)
    after = await human_moves(serving.url, game_id)
    assert after[: len(before)] == before
    assert [action for seq, action in after[len(before) :]] == [
        await logged_as(serving.url, game_id, move)
    ]
    assert after[len(before)][0] > move[2]
    assert serving.error_lines() == []


async def test_while_its_process_is_down_a_dm_click_is_told_to_try_again_and_works_after(
    serving: Cluster,
) -> None:
    server = serving.server
    game_id, user = await open_game(serving, shard=1)
    dm = await turn_dm(server, user, game_id)
    move = moves_in(dm, game_id)[0]
    before = await human_moves(serving.url, game_id)

    await serving.kill(1)
    # PostgreSQL ends the killed process's session, and with it its hold on shard 1.
    await until(lambda: shard_free(serving.url, 1), 10.0, "shard 1 freed")
    record = await click(server, user, dm, move)
    told_after = await followup(server, record)
    print(f"told to try again {told_after:.3f} s after the click")

    assert record.answer_type == 6 and not record.late
    [told] = record.followups
    assert told["content"] == t("en", "error-owner-away")
    assert int(told["flags"]) & EPHEMERAL
    assert told_after < 1.0, f"told {told_after:.2f} s after the click"
    assert server.messages[int(dm["channel_id"])][int(dm["id"])] is dm, "nothing was redrawn"
    assert await human_moves(serving.url, game_id) == before, "nothing was played"

    restored = await serving.start(1)
    assert restored is not None and restored >= 1
    # The same click again: the game is back and its process plays it.
    again = await click(server, user, dm, move)
    redrawn_after = await edited(server, dm, again)
    assert redrawn_after < ANSWER_DEADLINE and again.answer_type == 6 and not again.late
    await no_followup(server, again)
    assert [action for _, action in (await human_moves(serving.url, game_id))[len(before) :]] == [
        await logged_as(serving.url, game_id, move)
    ]


async def test_a_killed_shard_process_resumes_its_games_and_applies_every_answer_once(
    serving: Cluster,
) -> None:
    server = serving.server
    players = players_of(server, 60.0)
    tables = tables_on_both_shards(serving, players)
    stream: list[Interaction] = []
    server.on_interaction.append(stream.append)
    tasks = [asyncio.create_task(table.run()) for table in tables]
    try:
        # Mid-play: every table has a game running, and moves were made in them.
        await until(
            lambda: (
                all(t.current is not None and t.current.started for t in tables)
                and sum(a.outcome == "applied" for a in players.acts) >= 2 * len(tables)
            ),
            20.0,
            "every table playing",
        )
        killed_at = time.perf_counter()
        await serving.kill(1)
        restored = await serving.start(1)
        back_at = time.perf_counter()
        assert restored is not None and restored >= 1
        for table in tables:
            table.closing = True  # finish the game in progress, open no other
        await asyncio.wait_for(asyncio.gather(*tasks), 45.0)
    finally:
        server.on_interaction.remove(stream.append)
        players.stopping = True
        for task in tasks:
            task.cancel()

    report = CrashReport(kills=1)
    report.acts = Counter(a.outcome for a in players.acts)
    await check(serving.url, players, report, [t.channel_id for t in tables])
    print(f"{report.summary()}; shard 1 down for {back_at - killed_at:.1f} s")
    assert not report.problems, report.summary()
    assert report.games_started >= len(tables) and report.acts["applied"] > 0, report.summary()
    # Shard 0's servers were served all along, while shard 1's process was down.
    meanwhile = [
        r for r in stream if killed_at < r.sent_at < back_at and shard_of(r.guild_id, SHARDS) == 0
    ]
    assert meanwhile, "shard 0's members played on while shard 1 restarted"
    assert all(r.answer_type is not None and not r.late for r in meanwhile)
    assert serving.error_lines() == []


async def test_a_second_process_for_a_running_shard_exits_with_one_line(
    serving: Cluster,
) -> None:
    server = serving.server
    first = serving.bots[1]
    session = server.shard_sessions[1]
    second = BotProcess(
        server.base_url,
        serving.url,
        serving.workdir,
        extra_env={**SHARD_BOT, **shard_env(SHARDS, 1)},
        log_name="second-for-shard1.log",
    )
    await second.start()
    code = await second.wait(60.0)

    assert code is not None and code != 0
    text = re.sub(r"\x1b\[[0-9;]*m", "", second.log_text())
    assert "Traceback" not in text
    said = [line for line in text.splitlines() if line and not LOG_LINE.match(line)]
    assert len(said) == 1, text
    assert said[0].startswith("Cannot start: ") and re.search(r"\bshard 1\b", said[0]), said
    # The first process plays on, on the same gateway session.
    assert first.proc is not None and first.proc.returncode is None
    assert server.shard_sessions[1] is session and session.ws is not None
    game_id, user = await open_game(serving, shard=1)
    dm = await turn_dm(server, user, game_id)
    record = await click(server, user, dm, moves_in(dm, game_id)[0])
    assert await edited(server, dm, record) < ANSWER_DEADLINE
    assert serving.error_lines() == []


async def test_shard_processes_stop_cleanly(serving: Cluster) -> None:
    for shard, bot in serving.bots.items():
        assert await bot.stop() == 0, f"shard {shard}: {bot.log_text()[-2000:]}"
    # Stopping lets go of the shards: another process may take them at once.
    for shard in range(SHARDS):
        assert not await shard_held(serving.url, shard)
    assert serving.error_lines() == []


def latest(server: FakeDiscord, message: dict[str, Any]) -> dict[str, Any]:
    """A message as it stands now."""
    return server.messages[int(message["channel_id"])].get(int(message["id"]), message)


async def test_a_click_the_member_was_told_to_retry_is_never_played_later(serving: Cluster) -> None:
    """The owner's process stalls past ACK_WAIT (a starved core, a long pause): shard 0 tells
    the member that nothing changed. When the owner wakes up, the click waiting for it is not
    played behind the member's back."""
    server = serving.server
    game_id, user = await open_game(serving, shard=1)
    dm = await turn_dm(server, user, game_id)
    before = await human_moves(serving.url, game_id)

    owner = serving.bots[1]
    assert owner.proc is not None
    owner.proc.send_signal(signal.SIGSTOP)
    try:
        record = await click(server, user, dm, moves_in(dm, game_id)[0])
        await followup(server, record)
    finally:
        owner.proc.send_signal(signal.SIGCONT)
    [told] = record.followups
    assert told["content"] == t("en", "error-owner-away")
    await asyncio.sleep(ACK_WAIT + 1.0)  # the owner is awake and has read the click by now

    assert await human_moves(serving.url, game_id) == before
    assert latest(server, dm) is dm, "the DM of the refused click was redrawn afterwards"
    assert serving.error_lines() == []


async def test_a_relayed_click_whose_process_stops_after_taking_it_is_answered_all_the_same(
    serving: Cluster,
) -> None:
    """The owner takes a handed-over click, then dies before it answers: the member is told,
    within seconds, to look at the game before trying again, not left with a silent click."""
    server = serving.server
    game_id, user = await open_game(serving, shard=1)
    dm = await turn_dm(server, user, game_id)
    inbox: asyncio.Queue[str] = asyncio.Queue()
    spy = await asyncpg.connect(serving.url)
    try:
        # The first click shows where shard 0 hears from the owner.
        clicks: asyncio.Queue[str] = asyncio.Queue()
        await spy.add_listener(channel_of(1), lambda *args: clicks.put_nowait(args[-1]))
        first = await click(server, user, dm, moves_in(dm, game_id)[0])
        reply_to = json.loads(await asyncio.wait_for(clicks.get(), 5.0))["reply_to"]
        await edited(server, dm, first)
        await spy.add_listener(reply_to, lambda *args: inbox.put_nowait(args[-1]))
        dm = await turn_dm(server, user, game_id)

        record = await click(server, user, dm, moves_in(dm, game_id)[0])
        while await asyncio.wait_for(inbox.get(), 5.0) != f"taken {record.id}":
            pass  # the first click's word that it was answered
        await serving.kill(1)  # at once: before it answers
    finally:
        await spy.close()
    await until(lambda: bool(record.followups), ANSWER_WAIT + 3.0, "the member told")

    [told] = record.followups
    assert told["content"] == t("en", "error-owner-lost")
    assert int(told["flags"]) & EPHEMERAL


async def test_take_my_seat_back_from_a_turn_dm_of_another_process_gives_the_seat_back(
    serving: Cluster,
) -> None:
    """A member left a game of shard 1 and the AI plays their seat; their turn DM, redrawn for
    a seat the AI plays, offers "Take my seat back". Its click reaches shard 0, which hands it
    over: the member gets the seat back and is told so, as in the game's own server."""
    server = serving.server
    channel, user = serving.spot(1)
    friend = serving.twin(1, user)
    players = players_of(server, 30.0)
    game = await Table(players, channel, [user, friend], [slug()]).open_game(slug())
    assert game is not None and game.started, players.stats
    dm = await turn_dm(server, user, game.gid)
    leave = await players.slash(user, channel, "game leave")
    assert leave is not None and leave.answer is not None
    ok = next(
        c["custom_id"] for c in flat_components(leave.answer) if c["custom_id"].startswith("tb:ok:")
    )
    left = await players.click(user, channel, leave.answer, ok, "confirm:leave")
    assert left is not None and left.content == t("en", "leave-done")

    # The turn DM as it is redrawn for a seat the AI plays: its one button.
    back = {"type": 2, "style": 3, "label": t("en", "reclaim-button")}
    back["custom_id"] = f"tb:back:{game.gid}"
    redrawn = {**dm, "components": [{"type": 1, "components": [back]}]}
    data = {"custom_id": back["custom_id"], "component_type": 2}
    record = await server.interact(
        user, int(dm["channel_id"]), 3, data, kind="dm reclaim", message=redrawn
    )
    await followup(server, record)

    assert record.answer_type == 6 and not record.late
    [told] = record.followups
    assert told["content"] == t("en", "reclaim-done", button=t("en", "board-my-hand"))
    assert serving.error_lines() == []


async def test_a_process_whose_database_session_ends_stops_and_its_restart_serves_again(
    serving: Cluster,
) -> None:
    """PostgreSQL ends the processes' connections (a failover, a network cut): their hold on
    their shards ended with them, so each stops at once with one line, before another process
    could run the same games beside it; started again, as a service manager does, they serve
    the DM click that crosses between them."""
    server = serving.server
    game_id, user = await open_game(serving, shard=1)
    dm = await turn_dm(server, user, game_id)
    bots = dict(serving.bots)

    conn = await asyncpg.connect(serving.url)
    try:
        await conn.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    finally:
        await conn.close()
    for shard, bot in bots.items():
        assert await bot.wait(15.0) == 1, f"shard {shard} ran on without its shard"
        stopped = [line for line in bot.log_text().splitlines() if line.startswith("Stopped: ")]
        assert stopped == [f"Stopped: {SHARDS_LOST}"]

    await serving.both_serving()
    record = await click(server, user, dm, moves_in(dm, game_id)[0])
    await edited(server, dm, record)
    assert record.answer_type == 6 and not record.late
    await no_followup(server, record)
