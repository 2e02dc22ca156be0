"""The sandbox: the real bot in SimCord's preview page, driven the way the page's browser does."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp

from bot.sandbox import Sandbox
from bot.sandbox import main as sandbox_main
from tests.bot.page_client import PageClient


def cid(prefix: str, suffix: str = ""):
    return lambda c: c.get("custom_id", "").startswith(prefix) and c["custom_id"].endswith(suffix)


async def play_from_the_page(page: PageClient) -> None:
    for _ in range(400):
        if any(text.startswith("🏁") for text in page.contents()):
            return
        message_id, hand = page.control(cid("tb:hand:"))
        await page.click(message_id, hand)
        card = page.control(cid("tb:pick:"))
        if card is not None:  # The Game: a card first, then one of its piles
            await page.click(*card)
        choice = page.control(cid("tb:sel:")) or page.control(cid("tb:act:"))
        assert choice is not None, "the AI seat never waits for the human"
        message_id, component = choice
        if component["type"] == 3:
            await page.select(message_id, component, component["options"][0]["value"])
        else:
            await page.click(message_id, component)
    raise AssertionError("the game did not end")


async def a_whole_game(page: PageClient) -> None:
    """/newgame The Game, an AI seat, start, and play it to the end from the page."""
    await page.command("newgame", game="thegame")
    await page.click(*page.control(cid("tb:lobby:", ":addai")))
    await page.click(*page.control(cid("tb:lobby:", ":start")))
    await play_from_the_page(page)


async def test_the_sandbox_page_serves_and_a_whole_game_is_played_through_it(tmp_path):
    async with Sandbox(tmp_path / "sandbox.db", port=0) as sandbox, aiohttp.ClientSession() as http:
        index = await http.get(sandbox.url.split("#")[0])
        assert index.status == 200 and "SimCord Preview" in await index.text()
        page = PageClient(http, sandbox.url)
        await page.open(sandbox.members[0].id)
        await a_whole_game(page)
        assert any("The Game" in text and text.startswith("🏁") for text in page.contents())


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def test_sandbox_games_and_the_page_address_survive_stopping_and_starting_it(tmp_path):
    db, port = tmp_path / "sandbox.db", free_port()
    async with Sandbox(db, port=port) as sandbox, aiohttp.ClientSession() as http:
        address = sandbox.url
        page = PageClient(http, address)
        await page.open(sandbox.members[0].id)
        await page.command("newgame", game="zero")
        await page.click(*page.control(cid("tb:lobby:", ":addai")))
        await page.click(*page.control(cid("tb:lobby:", ":start")))
        (before,) = sandbox.env.bot.runtime.sessions.values()
        state = before.state
    async with Sandbox(db, port=port) as sandbox, aiohttp.ClientSession() as http:
        (after,) = sandbox.env.bot.runtime.sessions.values()
        assert after.id == before.id and after.state == state
        assert sandbox.url == address
        # The tab left open on the old address, reloaded: the same game, and it plays on.
        tab = PageClient(http, address)
        await tab.open(sandbox.members[0].id)
        message_id, hand = tab.control(cid("tb:hand:"))
        await tab.click(message_id, hand)
        assert tab.control(cid("tb:sel:")) or tab.control(cid("tb:act:"))


async def test_a_port_in_use_is_a_clear_error(tmp_path):
    import socket

    import pytest

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(SystemExit, match=f"Port {port} on 127.0.0.1 is in use"):
            async with Sandbox(tmp_path / "sandbox.db", port=port):
                pass


async def timed(sandbox, action):
    """Run a page action; how many seconds of the page's (the simulated Discord's) time it took."""
    before = sandbox.env.now()
    await action
    return (sandbox.env.now() - before).total_seconds()


async def test_three_friends_play_a_mind_up_round_from_one_page_and_every_click_is_prompt(tmp_path):
    async with Sandbox(tmp_path / "sandbox.db", port=0) as sandbox, aiohttp.ClientSession() as http:
        ada, boris, chloe, _ = sandbox.members
        assert [m.name for m in sandbox.members] == ["Ada", "Boris", "Chloé", "Dima"]
        runtime = sandbox.env.bot.runtime
        defaults = await runtime.config(ada.guild.id)
        assert (defaults.turn_seconds, defaults.choice_seconds) == (0, 0)  # clocks start off
        page = PageClient(http, sandbox.url)
        await page.open(ada.id)
        await page.command("config timer", turn_seconds="120", choice_seconds="60")
        await page.command("newgame", game="mindup")
        for friend in (boris, chloe):  # "viewing as" each friend, who joins
            await page.view_as(friend.id)
            await page.click(*page.control(cid("tb:lobby:", ":join")))
        await page.view_as(ada.id)
        await page.click(*page.control(cid("tb:lobby:", ":start")))

        (session,) = runtime.sessions.values()
        left = session.record.deadline - sandbox.env.now().timestamp()
        assert 55 <= left <= 60  # "in a minute" on the page's own clock, not in weeks

        slowest = 0.0
        while not any("Round 1 scored" in text for text in page.contents()):
            for member in (ada, boris, chloe):
                await page.view_as(member.id)
                slowest = max(
                    slowest, await timed(sandbox, page.click(*page.control(cid("tb:hand:"))))
                )
                choice = page.control(cid("tb:act:"))  # a card: one click
                if choice is not None:
                    slowest = max(slowest, await timed(sandbox, page.click(*choice)))
        assert slowest < 1.0
        assert sandbox.env.bot.user.name == "Tabletop"


def test_a_mistyped_command_line_prints_the_usage_not_a_traceback(capsys):
    for argv, said in (
        (["--port"], "--port needs a value"),
        (["--port", "abc"], "--port takes a number"),
        (["--colour"], "unknown argument --colour"),
    ):
        assert sandbox_main(argv) == 2
        assert capsys.readouterr().out == (
            f"{said}; usage: python -m bot sandbox [--port N] [--db PATH]\n"
        )


@asynccontextmanager
async def as_ada(db: Path, port: int) -> AsyncIterator[tuple[Sandbox, PageClient]]:
    """The sandbox started on `db`, and its page open as Ada."""
    async with Sandbox(db, port=port) as sandbox, aiohttp.ClientSession() as http:
        page = PageClient(http, sandbox.url)
        await page.open(sandbox.members[0].id)
        yield sandbox, page


async def test_a_lobby_left_open_when_the_sandbox_stopped_is_there_again_after_it_starts(
    tmp_path,
):
    db, port = tmp_path / "sandbox.db", free_port()
    async with as_ada(db, port) as (_, page):
        await page.command("newgame", game="zero")
        await page.click(*page.control(cid("tb:lobby:", ":addai")))
    async with as_ada(db, port) as (sandbox, page):
        (lobby,) = sandbox.env.bot.runtime.sessions.values()
        assert lobby.record.status == "lobby"
        # Ada left a lobby open in #games: it is there again, to start (or cancel) it.
        assert page.control(cid("tb:lobby:", ":start")) is not None, page.contents()


async def test_game_status_after_the_sandbox_restarts_posts_a_lobby_that_can_be_started(tmp_path):
    """The new world reuses the old one's message ids: no id stored by the old is edited."""
    db, port = tmp_path / "sandbox.db", free_port()
    async with as_ada(db, port) as (_, page):
        await page.command("newgame", game="zero")
    async with as_ada(db, port) as (sandbox, page):
        await page.command("game status")
        await sandbox.env.settle()
        await page.refresh()
        assert page.control(cid("tb:lobby:", ":start")) is not None


async def test_the_sandbox_clock_goes_on_from_where_it_stopped(tmp_path):
    db, port = tmp_path / "sandbox.db", free_port()
    async with as_ada(db, port) as (sandbox, page):
        await sandbox.env.advance_time(600)  # ten minutes of play on the page's clock
        await page.command("config timer", turn_seconds="120", choice_seconds="60")
        await page.command("newgame", game="hourglass")
        await page.click(*page.control(cid("tb:lobby:", ":addai")))
        await page.click(*page.control(cid("tb:lobby:", ":start")))
        await sandbox.env.settle()
        (session,) = sandbox.env.bot.runtime.sessions.values()
        left = session.record.deadline - sandbox.env.now().timestamp()
        assert 100 <= left <= 120
    async with Sandbox(db, port=port) as sandbox:
        (session,) = sandbox.env.bot.runtime.sessions.values()
        # Not ten minutes more to play: the turn has what it had left, or less.
        assert session.record.deadline - sandbox.env.now().timestamp() <= left


async def test_a_second_newgame_in_the_sandbox_does_not_send_ada_to_threads_it_cannot_have(
    tmp_path,
):
    """#games has a lobby; Ada types /newgame again. The refusal does not tell her to turn on
    threads: the sandbox cannot give games threads, and `/config threads` refuses to."""
    async with Sandbox(tmp_path / "sandbox.db", port=0) as sandbox, aiohttp.ClientSession() as http:
        page = PageClient(http, sandbox.url)
        await page.open(sandbox.members[0].id)
        await page.command("newgame", game="zero")
        await page.command("newgame", game="hourglass")
        assert page.contents()[-1] == (
            "This channel already has a game or a lobby. Wait until it is over, or open the "
            "game in another channel."
        )
