"""Replays rebuild every finished game exactly, from its log; exports replay with the docs' code."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

import engines
from bot.render import renderer
from bot.replay import Replays
from bot.runtime import GameError, Runtime
from bot.session import UNDO
from bot.storage import Reader, Storage
from engines.core import Outcome, encode_action
from tests.bot.positions import running

GUILD = 1
READER = Reader(guild_id=GUILD, user_id=99, channels=frozenset({2}))
"""A member of the server who can see the channel the games are played in."""
HOST = 3
DOCS = Path(__file__).resolve().parents[2] / "docs" / "replays.md"


class Recorder:
    """The Discord side, reduced to remembering every state the game was shown in."""

    def __init__(self) -> None:
        self.states: dict[int, Any] = {}

    def turn_changed(self, session: Any, events: Any) -> None:
        self.states[session.state.version] = session.state

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


@pytest.fixture
async def storage(database_url: str):
    s = await Storage.open(database_url)
    yield s
    await s.close()


ADDRESSED = re.compile(r"\b(you|your|yours)\b|(?<!\w)(вы|ваш\w*|вам|вас)(?!\w)", re.IGNORECASE)
"""Words that speak to the player whose panel it is, which a replay's onlooker is not."""


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_a_replay_shows_each_seats_hidden_cards_worded_for_anyone(slug):
    game, render = engines.game(slug), renderer(slug)
    seats = 3 if game.SPEC.max_players > 2 else 2
    session = running(slug, seats)
    while True:
        over = game.outcome(session.state) is not None
        for seat in range(seats):
            view = game.view(session.state, seat)
            for lang in ("en", "ru"):
                text = "\n".join(render.revealed(view, lang))
                assert not ADDRESSED.search(text), (lang, text)
                if slug == "genial":
                    assert text == ""  # every draw and collection is on the board
                elif getattr(view, "hand", ()) and not over:
                    assert text, (lang, seat)  # a seat holding cards shows them
        if over:
            break
        seat = min(session.to_act())
        session.state = game.apply(session.state, seat, session.ai_choice(seat))[0]


async def play_out(runtime: Runtime, slug: str, players: int) -> Any:
    """A game of a member and AI seats, played to its end; the member plays as the AI would,
    and takes a move back once where the rules let them."""
    session = await runtime.open_lobby(
        guild_id=GUILD,
        channel_id=2,
        thread=None,
        host_id=HOST,
        host_name="host",
        host_lang="en",
        slug=slug,
        options={},
    )
    for _ in range(players - 1):
        await runtime.add_ai(session, HOST, lambda n: f"AI {n}")
    await runtime.start(session, HOST, "en")
    undone = False
    # Bounded by time, not by turns of this loop: the AI seats' moves are committed to a real
    # database, as fast as the machine allows (four test workers share two cores).
    deadline = asyncio.get_running_loop().time() + 120
    while asyncio.get_running_loop().time() < deadline:
        if not session.running:
            return session
        if 0 not in session.to_act():
            await asyncio.sleep(0.001)
            continue
        action = encode_action(session.ai_choice(0))
        await runtime.act(session, HOST, action, session.version)
        if not undone and session.running:
            try:
                await runtime.undo(session, HOST, session.version)
            except GameError:
                continue
            undone = True
    raise AssertionError("the game did not end")


@pytest.mark.both_databases
@pytest.mark.parametrize("slug", engines.SLUGS)
async def test_a_replay_rebuilds_every_step_and_ends_in_the_stored_result(storage, slug):
    shown = Recorder()
    runtime = Runtime(storage, shown, snapshot_every=10)  # type: ignore[arg-type]
    spec = engines.game(slug).SPEC
    session = await play_out(runtime, slug, max(spec.min_players, 3 if spec.max_players > 2 else 2))
    stored = await storage.result(session.id)
    assert stored is not None

    replay = await Replays(storage).replay(session.id, READER)

    assert replay.steps == session.state.version == max(shown.states)
    for number in range(replay.steps + 1):
        assert replay.step(number).state == shown.states[number], number
    last = replay.step(replay.steps)
    assert replay.game.outcome(last.state).model_dump_json() == stored
    log = [entry.action for entry in replay.entries]
    if slug == "mindup":  # a secret choice may be changed until everyone has chosen
        assert UNDO in log
        undo = log.index(UNDO) + 1
        assert replay.step(undo).undo and replay.step(undo).state == shown.states[undo]


async def test_a_game_of_another_server_or_still_running_is_not_replayed(tmp_path):
    storage = await Storage.open(tmp_path / "x.db")
    try:
        runtime = Runtime(storage, Recorder(), snapshot_every=10)  # type: ignore[arg-type]
        running = await runtime.open_lobby(
            guild_id=GUILD,
            channel_id=2,
            thread=None,
            host_id=HOST,
            host_name="host",
            host_lang="en",
            slug="thegame",
            options={},
        )
        await runtime.start(running, HOST, "en")
        replays = Replays(storage)
        with pytest.raises(GameError, match="error-replay-running"):
            await replays.replay(running.id, READER)
        with pytest.raises(GameError, match="error-replay-running"):
            await replays.export(running.id, READER)
        with pytest.raises(GameError, match="error-replay-unknown"):
            await replays.replay(
                running.id, Reader(guild_id=GUILD + 1, user_id=HOST, channels=frozenset({2}))
            )
        await runtime.end(running, HOST, manager=False)
        with pytest.raises(GameError, match="error-replay-unfinished"):
            await replays.export(running.id, READER)
    finally:
        await storage.close()


async def test_the_docs_replay_an_exported_game_to_its_result(tmp_path, capsys):
    storage = await Storage.open(tmp_path / "x.db")
    try:
        runtime = Runtime(storage, Recorder(), snapshot_every=10)  # type: ignore[arg-type]
        session = await play_out(runtime, "mindup", 3)
        exported = await Replays(storage).export(session.id, READER)
    finally:
        await storage.close()
    log = json.loads(exported)
    assert log["engine"]["package"] == "tabletop-bot" and log["engine"]["version"]
    assert (log["game"], log["seed"], log["id"]) == ("mindup", session.record.seed, session.id)
    assert [seat["ai"] for seat in log["seats"]] == [False, True, True]
    assert {"undo": True} in [step["action"] for step in log["actions"]]
    file = tmp_path / f"game-{session.id}.json"
    file.write_text(exported, encoding="utf-8")
    (code,) = re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    code = code.replace("game-3fa2c1d0.json", str(file))

    names: dict[str, Any] = {}
    exec(compile(code, str(DOCS), "exec"), names)

    outcome = names["game"].outcome(names["state"])
    assert outcome.model_dump(mode="json") == log["result"]
    assert capsys.readouterr().out.strip() == str(outcome)


async def test_a_log_that_no_longer_ends_in_its_stored_result_is_not_replayed(tmp_path):
    storage = await Storage.open(tmp_path / "x.db")
    try:
        runtime = Runtime(storage, Recorder(), snapshot_every=10)  # type: ignore[arg-type]
        session = await play_out(runtime, "zero", 2)
        stored = Outcome.model_validate_json(await storage.result(session.id) or "")
        other = stored.model_copy(update={"scores": tuple(s + 1 for s in stored.scores)})
        await storage.save_result(session.id, other.model_dump_json())

        with pytest.raises(GameError, match="error-replay-changed"):
            await Replays(storage).replay(session.id, READER)
    finally:
        await storage.close()


async def test_a_game_of_a_channel_the_reader_cannot_see_is_replayed_only_for_its_players(tmp_path):
    storage = await Storage.open(tmp_path / "x.db")
    try:
        runtime = Runtime(storage, Recorder(), snapshot_every=10)  # type: ignore[arg-type]
        session = await play_out(runtime, "zero", 2)
        replays = Replays(storage)
        elsewhere = Reader(guild_id=GUILD, user_id=99, channels=frozenset({5}))
        player = Reader(guild_id=GUILD, user_id=HOST, channels=frozenset())
        for _ in ("before the replay is built", "once it is kept"):
            with pytest.raises(GameError, match="error-replay-hidden"):
                await replays.replay(session.id, elsewhere)
            with pytest.raises(GameError, match="error-replay-hidden"):
                await replays.export(session.id, elsewhere)
            assert (await replays.replay(session.id, player)).record.id == session.id
            assert json.loads(await replays.export(session.id, player))["id"] == session.id
    finally:
        await storage.close()
