"""PROCESSES=2: the real bot as two processes, each with the servers of its shard, on one file."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

from benchmarks.fake_discord.players import Players, Table, lobby_id, offered
from benchmarks.fake_discord.server import FakeDiscord, Interaction, flat_components
from benchmarks.fake_discord.world import Started, start_bot
from bot.cluster import shard_of
from bot.i18n import t
from bot.storage import Storage
from tests.load.crash import FAST_BOT, running

CLUSTER = {**FAST_BOT, "PROCESSES": "2", "AI_WORKER": "false"}


async def start_cluster(tmp_path: Path) -> tuple[FakeDiscord, Started]:
    """Two servers, one per process, and Discord's 5 s between two IDENTIFYs of the bot; the bot
    as two processes, ready (its database is tmp_path / "games.db")."""
    server = FakeDiscord(guilds=2, channels_per_guild=1, users_per_guild=1, identify_spacing=5.0)
    await server.start()
    started = await start_bot(
        server, tmp_path / "games.db", tmp_path, extra_env=CLUSTER, timeout=60.0
    )
    return server, started


async def turn_dm(server: FakeDiscord, user: int, game_id: str) -> dict | None:
    """The latest turn DM of a game that offers the user something to play (waits for it)."""
    deadline = time.monotonic() + 20.0
    while time.monotonic() < deadline:
        channel = server.dm_of_user.get(user)
        for message in reversed(server.channel_messages(channel) if channel else []):
            ids = [c.get("custom_id", "") for c in flat_components(message)]
            if any(game_id in cid for cid in ids) and offered(message):
                return message
        await asyncio.sleep(0.05)
    return None


async def human_moves(db: Path, game_id: str) -> int:
    """How many moves of the game's human are logged."""
    storage = await Storage.open(db)
    try:
        return sum(not a.by_ai for a in await storage.actions_after(game_id, 0))
    finally:
        await storage.close()


async def play_dm(players: Players, user: int, message: dict) -> Interaction | None:
    """Play the first thing a turn DM offers."""
    custom_id, value, _version, _action = offered(message)[0]
    channel = int(message["channel_id"])
    if value is None:
        return await players.click(user, channel, message, custom_id, "act")
    return await players.choose(user, channel, message, custom_id, value, "act")


async def test_two_processes_split_the_servers_and_answer_dm_clicks(tmp_path: Path) -> None:
    server, started = await start_cluster(tmp_path)
    db, bot = tmp_path / "games.db", started.bot
    try:
        assert started.ready_after is not None, bot.log_text()[-2000:]
        assert sorted(server.shard_sessions) == [0, 1], "each process connects its own shard"
        assert server.identifies_refused == 0, "the processes took turns to identify"
        guilds = sorted(server.guilds, key=lambda g: shard_of(g, 2))
        assert [shard_of(g, 2) for g in guilds] == [0, 1]

        players = Players(server)
        players.lobby_pause = 0.2
        players.until = time.monotonic() + 120.0
        games = {}
        for guild in guilds:
            channel, user = server.guild_channels(guild)[0], server.guild_users(guild)[0]
            game = await Table(players, channel, [user], ["zero"]).open_game("zero")
            assert game is not None and game.started, players.stats
            games[guild] = (game, user)

        # A turn DM's click reaches process 0 (Discord sends DMs to shard 0); the game of the
        # second server lives in process 1, which must be the one to play it.
        game, user = games[guilds[1]]
        message = await turn_dm(server, user, game.gid)
        assert message is not None, "no turn DM with something to play"
        before = await human_moves(db, game.gid)
        answer = await play_dm(players, user, message)
        assert answer is not None and answer.answer_type == 7, answer
        assert answer.content not in (players.texts.game_over, players.texts.unexpected)
        assert await human_moves(db, game.gid) == before + 1

        # Stopped and started again, each process takes back its own server's game only.
        assert await bot.stop() == 0
        started = await start_bot(
            server, db, tmp_path, extra_env=CLUSTER, timeout=60.0, log_name="bot2.log"
        )
        bot = started.bot
        assert started.bot.log_text().count("restored 1 games") == 2, bot.log_text()[-2000:]
    finally:
        await bot.stop()
        await server.stop()


async def test_no_process_outlives_a_killed_supervisor(tmp_path: Path) -> None:
    server, started = await start_cluster(tmp_path)
    children = started.bot.descendants()
    try:
        assert len(children) == 2, children
        started.bot.kill()
        await started.bot.wait(10.0)
        deadline = time.monotonic() + 10.0
        while any(running(pid) for pid in children) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert not [pid for pid in children if running(pid)]
    finally:
        started.bot.kill()
        for pid in children:  # should this test fail, it leaves nothing running behind it
            if running(pid):
                os.kill(pid, 9)
        await server.stop()


def cluster_index(pid: int) -> int | None:
    """Which of the supervisor's processes `pid` is (from its environment)."""
    environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    for entry in environ:
        if entry.startswith(b"TABLETOP_CLUSTER_INDEX="):
            return int(entry.split(b"=", 1)[1])
    return None


async def test_a_process_that_dies_is_started_again_and_serves_its_servers(
    tmp_path: Path,
) -> None:
    server, started = await start_cluster(tmp_path)
    bot = started.bot
    try:
        second = next(pid for pid in bot.descendants() if cluster_index(pid) == 1)
        os.kill(second, 9)
        assert await bot.wait_log("ready as", 60.0, count=3), bot.log_text()[-2000:]
        assert second not in bot.descendants() and len(bot.descendants()) == 2
        assert server.identifies_refused == 0

        guild = next(g for g in server.guilds if shard_of(g, 2) == 1)
        channel, user = server.guild_channels(guild)[0], server.guild_users(guild)[0]
        players = Players(server)
        players.until = time.monotonic() + 30.0
        answer = await players.slash(user, channel, "newgame", game="zero")
        assert answer is not None and lobby_id(answer.answer) is not None, answer
    finally:
        await bot.stop()
        await server.stop()


async def test_a_dm_click_while_its_process_restarts_says_to_try_again(tmp_path: Path) -> None:
    server, started = await start_cluster(tmp_path)
    db, bot = tmp_path / "games.db", started.bot
    try:
        guild = next(g for g in server.guilds if shard_of(g, 2) == 1)
        channel, user = server.guild_channels(guild)[0], server.guild_users(guild)[0]
        players = Players(server)
        players.lobby_pause = 0.2
        players.until = time.monotonic() + 120.0
        game = await Table(players, channel, [user], ["zero"]).open_game("zero")
        assert game is not None and game.started, players.stats
        message = await turn_dm(server, user, game.gid)
        assert message is not None, "no turn DM with something to play"
        before = await human_moves(db, game.gid)

        # The game's process dies; process 0 cannot hand it the click until it is back.
        second = next(pid for pid in bot.descendants() if cluster_index(pid) == 1)
        os.kill(second, 9)
        answer = await play_dm(players, user, message)
        assert answer is not None and answer.answer_type == 4, bot.log_text()[-3000:]
        assert answer.content == t("en", "error-game-restarting")
        assert await human_moves(db, game.gid) == before

        assert await bot.wait_log("ready as", 60.0, count=3), bot.log_text()[-2000:]
        answer = await play_dm(players, user, message)
        assert answer is not None and answer.answer_type == 7, answer
        assert await human_moves(db, game.gid) == before + 1
    finally:
        await bot.stop()
        await server.stop()
