"""Taking moves back (Undo) as members see it: Mind Up!'s changed secret choices and The Game's
cards taken back, across restarts, snapshots, clocks, seat changes and replays."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from tests.bot.driver import (
    act_once,
    board,
    components,
    finished,
    only_session,
    open_game,
    press,
    ready_move,
)
from tests.bot.test_undo_e2e import choose, take_back, undo_button
from tests.bot.test_while_games_run_e2e import on_discords_clock


def last_moves(message) -> str:
    fields = [f for f in message.embeds[0].fields if f.name == "Last moves"]
    return fields[0].value if fields else ""


@pytest.fixture
def snapshot_every_2(monkeypatch):
    """Every bot of the test (the first and those started by restarts) snapshots its games
    every 2 actions (SNAPSHOT_EVERY, bot/settings.py)."""
    monkeypatch.setenv("SNAPSHOT_EVERY", "2")


@pytest.mark.both_databases
async def test_the_take_back_line_of_the_board_survives_a_restart_after_a_snapshot(
    snapshot_every_2, world
):
    """Alice chooses and takes her card back (the 2nd action: a snapshot is due, nothing may
    be taken back any more). The board says "↩️ alice took their last move back.", and still
    does after a restart from that snapshot."""
    alice, bob, carol = world.members
    await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    assert world.env.bot.runtime.snapshot_every == 2
    chosen = await choose(world, alice)
    await take_back(alice, chosen)
    await world.env.settle()
    assert session.version == 2 and session.takeback is None
    line = "↩️ alice took their last move back."
    assert line in last_moves(board(world))

    await world.restart()
    await world.env.settle()
    again = only_session(world)
    assert again.version == 2
    await choose(world, bob)  # the board is drawn again after the restart
    await world.env.settle()
    assert line in last_moves(board(world))


DOCS = Path(__file__).resolve().parents[2] / "docs" / "replays.md"


async def leave(world, member):
    """/game leave, confirmed: the AI plays the member's seat from now on."""
    ask = await member.slash(world.channel, "game leave")
    await member.click(ask.response.message, custom_id=components(ask.response)[0]["custom_id"])
    await world.env.settle()


async def play_out_alone(world, alice) -> str:
    """Alice plays on from "My hand" until the results appear; the game's id."""
    game_id = only_session(world).id
    for _ in range(200):
        await world.env.settle()
        if finished(world):
            return game_id
        assert await act_once(alice, board(world)) is not None
    raise AssertionError("the game did not end")


async def test_game_log_of_a_game_with_a_changed_choice_replays_with_the_docs_code(world, tmp_path):
    """Alice chooses, Bob chooses, then Alice takes her card back and chooses another (R36).
    The game ends; /game log attaches its JSON, and the few lines of Python in
    docs/replays.md replay it to the stored result: the take-back is Alice's own choice, not
    the log's previous action (Bob's)."""
    alice, bob, carol = world.members
    await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    chosen = await choose(world, alice, 0)
    await choose(world, bob, 0)
    await take_back(alice, chosen)
    await choose(world, alice, 1)
    await choose(world, carol, 0)
    assert session.state.choices == (None, None, None)  # revealed
    for member in (bob, carol):
        await leave(world, member)
    game_id = await play_out_alone(world, alice)

    asked = await alice.slash(world.channel, "game log", id=game_id)
    (attached,) = asked.response.attachments
    exported = (await attached.read()).decode()
    log = json.loads(exported)
    assert {"undo": True} in [step["action"] for step in log["actions"]]
    file = tmp_path / f"game-{game_id}.json"
    file.write_text(exported, encoding="utf-8")
    (code,) = re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    code = code.replace("game-3fa2c1d0.json", str(file))

    names: dict = {}
    exec(compile(code, str(DOCS), "exec"), names)

    assert names["game"].outcome(names["state"]).model_dump(mode="json") == log["result"]


async def test_replay_steps_show_the_boards_members_saw_around_take_backs(world):
    """Four seats (three members and the AI) choose in turn while members
    take back and choose again; every step of the replay (/history's viewer, ▶ by ▶) draws
    the board the channel showed after that step, and the reveal shows the final choices."""
    alice, bob, carol = world.members
    await open_game(world, alice, "mindup", [bob, carol], ai=1)
    session = only_session(world)
    seen: dict[int, str] = {}

    async def saw():
        await world.env.settle()
        seen[session.version] = board(world).embeds[0].description

    await saw()
    a = await choose(world, alice, 0)
    await saw()
    b = await choose(world, bob, 0)
    await saw()
    await take_back(alice, a)
    await saw()
    c = await choose(world, carol, 0)
    await saw()
    await take_back(bob, b)
    await saw()
    a = await choose(world, alice, 2)
    await saw()
    await take_back(carol, c)
    await saw()
    b = await choose(world, bob, 3)
    await saw()
    await take_back(alice, a)
    await saw()
    a = await choose(world, alice, 1)
    await saw()
    final = (session.state.choices[0], session.state.choices[1])
    await choose(world, carol, 4)
    await saw()
    assert session.state.played_this_round[0] == (final[0],)  # revealed: the final choices
    assert session.state.last_played[:2] == final
    for member in (bob, carol):
        await leave(world, member)
    await play_out_alone(world, alice)

    opened = await alice.click(world.channel.last_message, label="Replay")
    message = opened.response.message
    shown: dict[int, str] = {0: message.embeds[0].description}
    step = 0
    while step < max(seen):
        message = (await alice.click(message, label="▶")).response.message
        step += 1
        shown[step] = message.embeds[0].description
    for version, description in seen.items():
        assert shown[version] == description, version


@pytest.mark.parametrize("every", ["1", "3"])
async def test_a_restart_after_every_step_of_a_window_keeps_the_boards_last_moves(
    world, monkeypatch, every
):
    """Members choose and take back in every order; after each step the bot restarts: the
    game, who may take back and the board's last moves ("↩️ … took their last move back.")
    stay as they were, wherever the snapshots land (SNAPSHOT_EVERY 1 or 3)."""
    monkeypatch.setenv("SNAPSHOT_EVERY", every)
    await world.restart()
    alice, bob, carol = world.members
    await open_game(world, alice, "mindup", [bob, carol])
    panels: dict = {}

    async def restarted():
        await world.env.settle()
        before = only_session(world)
        state, lines = before.state, list(before.recent)
        may = [before.may_take_back(s) for s in range(3)]
        await world.restart()
        await world.env.settle()
        after = only_session(world)
        assert after.state == state
        assert [after.may_take_back(s) for s in range(3)] == may
        assert list(after.recent) == lines

    async def pick(member, index):
        opened = (await member.click(board(world), label="My hand")).response
        cards = [c for c in components(opened) if c["custom_id"].startswith("tb:act:")]
        panels[member.id] = (await press(member, opened, cards[index])).response
        await restarted()

    async def back(member):
        opened = (await member.click(board(world), label="My hand")).response
        assert undo_button(opened) is not None
        await take_back(member, opened)
        await restarted()

    for _ in range(2):  # two turns: the reveal between them
        await pick(alice, 0)
        await pick(bob, 0)
        await back(alice)
        await pick(carol, 1)
        await back(bob)
        await back(carol)
        await pick(alice, 2)
        await pick(bob, 1)
        await back(alice)
        await pick(alice, 0)
        await pick(carol, 0)


CHOICE = 60


async def test_the_clock_chooses_for_a_member_who_took_her_choice_back(world):
    """Alice and Bob choose, Alice takes her card back; at half time Alice and
    Carol (not Bob) are reminded; when the clock runs out the AI chooses for Alice and Carol,
    Bob's choice stands and is revealed."""
    await on_discords_clock(world)
    alice, bob, carol = world.members
    await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    started = int(world.env.now().timestamp())
    a = await choose(world, alice, 0)
    await choose(world, bob, 2)
    bobs = session.state.choices[1]
    await take_back(alice, a)
    await world.env.advance_time(CHOICE / 2 + 1)
    reminders = [m.content for m in world.channel.history() if m.content.startswith("⏳")]
    assert reminders == [
        f"⏳ {alice.mention}, {carol.mention}, half your time is up: the clock runs out "
        f"⏰ <t:{started + CHOICE}:R>."
    ]
    await world.env.advance_time(CHOICE / 2)
    await world.env.settle()
    assert session.state.played_this_round[1] == (bobs,)
    assert [s.timeouts for s in session.record.seats] == [1, 0, 1]


async def play_a_card(actor, world):
    """The member opens "My hand" and plays a card (a card, then its pile); the redrawn panel."""
    opened = (await actor.click(board(world), label="My hand")).response
    panel, pile = await ready_move(actor, opened)
    return (await press(actor, panel, pile)).response


def ai_held(world, monkeypatch, after: int = 0) -> asyncio.Event:
    """The AI's decisions after its first `after` wait (the AI still thinking, as a worker may
    for a while) until the returned event is set."""
    runtime = world.env.bot.runtime
    gate = asyncio.Event()
    choose_now = runtime.ai.choose
    calls = 0

    async def choose_later(*args):
        nonlocal calls
        calls += 1
        if calls > after:
            wait = world.env.external_wait(gate.wait(), reason="the AI is still thinking")
            await asyncio.get_running_loop().create_task(wait)
        return await choose_now(*args)

    monkeypatch.setattr(runtime.ai, "choose", choose_later)
    return gate


async def test_the_game_undo_after_the_ai_played_on_in_her_seat_never_takes_her_card_back(
    world, monkeypatch
):
    """Alice plays a card, then leaves the game: the AI plays on in her turn (a second card).
    She changes her mind at once and takes her seat back before the AI ends the turn. Her
    first card is not taken back from under the AI's (R27: the last card played this turn;
    the AI's moves are not taken back)."""
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    await play_a_card(alice, world)
    after_hers = session.state

    gate = ai_held(world, monkeypatch, after=1)  # the AI plays one card, then thinks on
    await leave(world, alice)
    assert session.state.active == 0 and session.state.version == after_hers.version + 1
    theirs = session.state  # the AI laid a second card in her turn
    notice = next(m for m in reversed(world.channel.history()) if "left the game" in m.content)
    await alice.click(notice, label="Take my seat back")
    opened = (await alice.click(board(world), label="My hand")).response

    assert undo_button(opened) is None  # the last card of her turn is the AI's
    assert session.state.piles == theirs.piles and session.state.hands == theirs.hands
    gate.set()
    await world.env.settle()
    assert world.env.errors == []


async def test_mind_up_a_seat_taken_back_while_the_ai_thinks_chooses_for_itself(world, monkeypatch):
    """Alice chose, took her card back, then left the game by mistake and at once took her
    seat back ("Take my seat back") while the AI was still deciding for her seat. The AI's
    decision is dropped: she chooses her card herself."""
    alice, bob, carol = world.members
    await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    chosen = await choose(world, alice, 0)
    await take_back(alice, chosen)
    gate = ai_held(world, monkeypatch)
    await leave(world, alice)
    notice = next(m for m in reversed(world.channel.history()) if "left the game" in m.content)
    await alice.click(notice, label="Take my seat back")
    assert not session.record.seats[0].ai
    gate.set()
    await world.env.settle()

    assert session.state.choices[0] is None  # nothing chosen for the seat she plays
    opened = (await alice.click(board(world), label="My hand")).response
    assert any(c["custom_id"].startswith("tb:act:") for c in components(opened))
