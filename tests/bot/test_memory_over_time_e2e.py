"""What the bot keeps in memory over months: a public bot plays hundreds of thousands of games
with hundreds of thousands of members, on servers that come and go. Whatever it keeps per game,
per member or per server must be let go when the game ends, or the member or server is gone
(or be bounded); otherwise its heap grows for as long as the process lives.

Memory over months is what a server owner notices, and nothing a member sees measures it: these
tests count what the bot keeps by reading a few of its own private attributes (named in each
test).
"""

from __future__ import annotations

import asyncio
import gc

import discord

from bot.session import GameSession
from tests.bot.driver import open_game
from tests.bot.test_stats_e2e import zero_by_passing
from tests.bot.test_while_games_run_e2e import on_discords_clock

GAMES = 10


async def settled(world) -> None:
    """The bot finished with everything, its queued posts and edits included."""
    await world.env.settle()
    await world.env.bot.presenter.shown()
    await world.env.settle()


# --- per finished game ---


async def test_finished_games_leave_nothing_in_the_presenters_board_counter(world):
    """Alice and Bob play ten quick games of Zero (everyone passes), one after another, in the
    same channel. Each game's last move ends a round, so its announcement ("🧾 **Round 2 of 2 is
    over** …") is posted after the game closed: it must not count a message "under the board"
    of a game that no longer exists (`DiscordPresenter._below`, private)."""
    alice, bob = world.members[:2]
    for _ in range(GAMES):
        await zero_by_passing(world, alice, [bob])
    await settled(world)

    runtime, presenter = world.env.bot.runtime, world.env.bot.presenter
    assert runtime.sessions == {}
    kept = dict(presenter._below)
    assert kept == {}, f"{len(kept)} ended games still counted under their board: {kept}"


async def test_games_ended_by_the_afk_clock_leave_nothing_in_the_board_counter(world):
    """The server's AFK policy ends a game whose player lets the clock run out. Five games are
    opened and left alone: each ends with "⌛ @bob did not move in time, so the game ended
    (this server's setting)." queued before the close and posted after it, and leaves no
    counter behind in `DiscordPresenter._below` (private)."""
    await on_discords_clock(world)
    await world.admin.slash(world.channel, "config afk", policy="end")
    alice, bob = world.members[:2]
    for _ in range(5):
        await open_game(world, alice, "zero", [bob])
        await world.env.advance_time(200)  # past the 120 s turn clock
        await settled(world)
        assert world.channel.last_message.content == (
            "**Zero** was ended early; no result was recorded."
        )

    presenter = world.env.bot.presenter
    assert world.env.bot.runtime.sessions == {}
    assert presenter._below == {}, f"{len(presenter._below)} ended games still counted"


# --- per server ---


async def test_servers_that_removed_the_bot_leave_nothing_in_memory(world):
    """Four servers invite the bot, their admin sets the AFK policy, two members play a game of
    Zero, and then each server removes the bot (or is deleted). Nothing of theirs is kept:

    - `Runtime._configs` (private): the server's validated settings (about 0.9 KB),
    - `Runtime._config_locks` (private): the lock of its settings,
    - `Stats._finishing` (private): a lock per game kind it finished (up to five).
    """
    home = world.channel
    gone = []
    for number in range(4):
        guild = world.env.create_guild(f"Club {number}")
        world.channel = guild.create_text_channel("games")
        role = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        admin = guild.add_member(world.env.create_user(f"admin{number}"), roles=[role])
        one = guild.add_member(world.env.create_user(f"one{number}"))
        two = guild.add_member(world.env.create_user(f"two{number}"))
        await admin.slash(world.channel, "config afk", policy="ai")
        await zero_by_passing(world, one, [two])
        await settled(world)
        world.env.backend.remove_guild(guild.id)  # the bot is removed from the server
        await settled(world)
        gone.append(guild.id)
    world.channel = home

    runtime = world.env.bot.runtime
    kept = {
        "configs": [g for g in gone if g in runtime._configs],
        "config_locks": [g for g in gone if g in runtime._config_locks],
        "finishing": [key for key in runtime.stats._finishing if key[0] in gone],
    }
    assert kept == {k: [] for k in kept}, {k: len(v) for k, v in kept.items()}


# --- per game ---


async def test_ended_games_leave_no_session_timer_task_or_panel_behind(world):
    """Games finished, lobbies cancelled and lobbies expired leave
    no session reachable by the collector, no timer in the scheduler, no task running, no live
    panel and no per-game lock or turn bookkeeping in the presenter."""
    await on_discords_clock(world)
    alice, bob = world.members[:2]
    for _ in range(4):
        await zero_by_passing(world, alice, [bob])
        await alice.slash(world.channel, "newgame", game="zero")
        await alice.click(world.channel.last_message, label="Cancel")
        await alice.slash(world.channel, "newgame", game="zero")
        await world.env.advance_time(16 * 60)  # nobody starts it: it expires
    await settled(world)

    bot = world.env.bot
    runtime, presenter = bot.runtime, bot.presenter
    gc.collect()
    assert [o for o in gc.get_objects() if isinstance(o, GameSession)] == []
    assert runtime.sessions == {} and runtime._by_channel == {} and runtime._by_guild == {}
    assert runtime._ai_tasks == {} and runtime._pending == []
    assert runtime.scheduler._timers == {} and runtime.scheduler._groups == {}
    assert presenter.panels._live == {}
    assert presenter._notified == {} and presenter._posting == {} and presenter._said == {}
    assert presenter._dirty == set() and presenter._cooling == set()
    current = asyncio.current_task()
    others = [t for t in asyncio.all_tasks() if t is not current and not t.done()]
    assert all("Loop._loop" in repr(t.get_coro()) for t in others), others
