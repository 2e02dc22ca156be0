"""Clicks per turn, counted as members make them: every game played through Discord, each human
following the AI's choice through their own panel: opened from the board's "My hand" every turn,
the turn DM, or a panel opened once and kept (the bot redraws it when the member's move comes).
A button is one click, a select two (open it, pick an option).

`pytest tests/bot/test_clicks_e2e.py -s` prints a row per game and way in: the README's
"Clicks per turn" figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from bot.ai_worker import decide
from bot.render import renderer
from engines.core import encode_action
from tests.bot.driver import board, components, finished, message_of, only_session, open_game

SEED = 31
SELECT = 2
"""Clicks a select takes: open it, pick an option."""
COST = {
    "mindup": {"play": 1},
    "zero": {"give": 1, "take": 1, "pass": 1, "zero": 1},
    "thegame": {"play": 2, "stop": 1},  # a card, then its pile
    "genial": {"draw": 1, "bank": 1, "alternative": 1},
    "hourglass": {"open": 1, "take": 1, "feed": 1, "discard": 1},
}
"""Clicks of each move on a button; a move in a select takes SELECT, a forced move one."""
TURNS = 20
"""Turns measured per game and way in: every kind of turn comes up, and it stays quick."""


@dataclass
class Turn:
    moves: tuple[str, ...]
    clicks: int
    expected: int
    """The clicks the moves cost: COST of each, SELECT for one in a select, 1 if forced."""
    selects: int


@dataclass
class Reached:
    clicks: int
    select: bool
    answer: Any


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: SEED)


async def reach(actor: Any, panel: Any, action: Any, view: Any, slug: str) -> Reached:
    """Click through `panel` to `action`, as a member would."""
    text = encode_action(action)
    for comp in components(panel):
        cid = comp["custom_id"]
        if cid.startswith("tb:act:") and cid.split(":", 4)[4] == text:
            return Reached(1, False, await actor.click(message_of(panel), custom_id=cid))
        if cid.startswith("tb:sel:") and text in [o["value"] for o in comp["options"]]:
            answer = await actor.select(message_of(panel), [text], custom_id=cid)
            return Reached(SELECT, True, answer)
    step = renderer(slug).step(action, view, "en")
    assert step is not None, f"the panel does not offer {text}"
    (pick,) = [
        c
        for c in components(panel)
        if c["custom_id"].startswith("tb:pick:") and c["custom_id"].endswith(f":{step.key}")
    ]
    picked = await actor.click(message_of(panel), custom_id=pick["custom_id"])
    then = await reach(actor, picked.response, action, view, slug)
    return Reached(1 + then.clicks, then.select, then.answer)


async def play_turn(world: Any, actor: Any, seat: int, way: str, kept: dict[int, Any]) -> Turn:
    """One turn of `seat`: from the board's "My hand", from the turn DM, or from the panel the
    member keeps open (opened once with "My hand", then redrawn by the bot as the game goes)."""
    session = only_session(world)
    game, slug = session.game, session.record.slug
    if way == "turn-dm":
        # The turn DM, or the DM panel the last move redrew when the same seat goes on (the
        # next secret choice, a bonus turn): either is the seat's current panel.
        actor = actor.user  # in DMs a member clicks as a user
        panel, clicks = actor.dm_channel.last_message, 0
    elif way == "kept-panel" and actor.id in kept:
        panel, clicks = kept[actor.id].response, 0
    else:
        opened = await actor.click(board(world), label="My hand")
        kept[actor.id] = opened
        # Opening the panel once is not a click of a turn when it is kept open.
        panel, clicks = opened.response, 0 if way == "kept-panel" else 1
    expected, selects, moves = clicks, 0, []
    while True:
        before = session.state
        legal = game.legal_actions(before, seat)
        action = decide(slug, before, seat, session.record.seed)
        reached = await reach(actor, panel, action, game.view(before, seat), slug)
        clicks += reached.clicks
        selects += reached.select
        forced = len(legal) == 1 and not type(action).reveals
        expected += 1 if forced else SELECT if reached.select else COST[slug][action.kind]
        moves.append(action.kind)
        after, events = game.apply(before, seat, action)
        # A secret choice is a turn of its own, even when it reveals and the next one begins.
        over = game.SPEC.simultaneous or seat not in game.to_act(after)
        if over or any(e.kind.endswith(".turn") for e in events):
            kept[actor.id] = reached.answer
            return Turn(tuple(moves), clicks, expected, selects)
        panel = reached.answer.response


async def measure(world: Any, slug: str, way: str) -> list[Turn]:
    """TURNS turns of a game of humans only (three for Mind Up!, else two), or all of it if it
    is shorter."""
    alice, bob, carol = world.members
    humans = [alice, bob, carol] if slug == "mindup" else [alice, bob]
    await open_game(world, alice, slug, humans[1:])
    session = only_session(world)
    turns: list[Turn] = []
    kept: dict[int, Any] = {}
    while len(turns) < TURNS and not finished(world) and session.running:
        seat = min(session.to_act())
        turns.append(await play_turn(world, humans[seat], seat, way, kept))
        await world.env.settle()
    return turns


WAYS = {"my-hand": "My hand", "turn-dm": "turn DM", "kept-panel": "panel kept open"}


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("slug", list(COST))
async def test_clicks_per_turn(world, slug, way):
    turns = await measure(world, slug, way)
    assert len(turns) == TURNS or finished(world)
    assert [t.clicks for t in turns] == [t.expected for t in turns], turns
    opening = 1 if way == "my-hand" else 0
    if slug != "hourglass":  # its moves come in kinds that may crowd a panel into a select
        assert not any(t.selects for t in turns)
    if slug == "mindup":  # a card: one click, after "My hand"
        assert {t.clicks for t in turns} == {opening + 1}
    if slug == "zero":  # an exchange: give, then take; a pass: one click
        assert {t.moves: t.clicks for t in turns} == {
            ("give", "take"): opening + 2,
            ("pass",): opening + 1,
        }
    clicks = [t.clicks for t in turns]
    mean = sum(clicks) / len(clicks)
    print(f"\n| {slug} | {WAYS[way]} | {len(turns)} | {min(clicks)}–{max(clicks)} | {mean:.1f} |")
