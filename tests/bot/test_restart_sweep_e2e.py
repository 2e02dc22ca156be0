"""Restarts at many moments of every game: each member sees, and may do, what they could before.

The promise to players is that games survive restarts with nothing lost: after a restart the
board, each member's "My hand", their old panels and turn DMs, the clock and the game's messages
must be what they would have been without it.
"""

from __future__ import annotations

import logging
import random

import pytest

from cogs.hand import board_message
from tests.bot.driver import (
    act_once,
    board,
    components,
    finished,
    message_of,
    only_session,
    open_game,
)
from tests.bot.test_while_games_run_e2e import on_discords_clock

STALE = "That panel was out of date, so nothing was played. Here is the current one."
LAST_MOVES = "Last moves"
MOVES = ("tb:sel:", "tb:act:", "tb:pick:")


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """Every game here is dealt from the same seed, so each test plays the same cards."""
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: 7)


@pytest.fixture
def errors(caplog):
    caplog.set_level(logging.WARNING)
    yield lambda: [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def now(world, message, channel=None):
    """The message as it stands now in its channel."""
    return next(m for m in (channel or world.channel).history() if m.id == message.id)


def hand_id(message) -> str:
    return next(
        c["custom_id"] for c in components(message) if c["custom_id"].startswith("tb:hand:")
    )


def words(embed) -> tuple:
    footer = embed.footer.text if embed.footer else None
    return (embed.title, embed.description, [(f.name, f.value) for f in embed.fields], footer)


def controls(message) -> list:
    return [
        (c.get("label"), c.get("custom_id"), [o["value"] for o in c.get("options", [])])
        for c in components(message)
    ]


async def seen(world, members) -> dict:
    """What the board would show drawn now, whose move it is and until when, and what each
    member's "My hand" shows and offers, picture or not."""
    await world.env.settle()
    session = only_session(world)
    embed = board_message(session, session.record.language)["embed"]
    shown = now(world, board(world))
    out: dict = {
        "board": [(f.name, f.value) for f in embed.fields] + [embed.description],
        "to act": sorted(session.to_act()),
        "deadline": session.record.deadline,
    }
    for member in members:
        panel = (await member.click(shown, custom_id=hand_id(shown))).response
        out[member.name] = (words(panel.embeds[0]), controls(panel), len(panel.attachments))
    return out


async def mind_up_after_three_tricks(world):
    """Mind Up! of alice, bob and an AI: alice's turn DM of the first trick, then three tricks
    chosen from "My hand"; the AI has chosen first in the fourth (the game's 10th move)."""
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    await world.env.settle()
    dm = alice.user.dm_channel.last_message
    for _ in range(3):
        for member in (alice, bob):
            assert await act_once(member, board(world)) is not None
    await world.env.settle()
    assert only_session(world).version == 10
    return dm


# --- old panels ---


# A click on a turn DM of an earlier trick is refused as out of date before a restart; after a
# restart that came right after the game's state was stored whole (every 10th move), the same
# click plays the card as the member's choice of the current trick, without a word.
async def test_an_old_turn_dm_clicked_after_a_restart_is_still_refused_as_out_of_date(
    world, errors
):
    alice = world.members[0]
    dm = await mind_up_after_three_tricks(world)

    await world.restart()
    session = only_session(world)
    seat = session.seat_of(alice.id)
    held = set(session.state.hands[seat])
    old = [
        c["custom_id"]
        for c in components(dm)
        if c["custom_id"].startswith("tb:act:") and int(c["custom_id"].rsplit(".", 1)[1]) in held
    ]
    assert old  # the first trick's DM still offers cards alice holds
    version = session.version
    clicked = await alice.user.click(now(world, dm, alice.user.dm_channel), custom_id=old[-1])

    assert clicked.response.content.startswith(STALE)
    assert session.version == version
    assert set(session.state.hands[seat]) == held
    assert seat in session.to_act()  # still hers to choose, from the current panel
    assert errors() == []


# --- the board ---


def last_moves(world) -> list[str]:
    """The board's "Last moves", one line each."""
    shown = now(world, board(world))
    (field,) = [f for f in shown.embeds[0].fields if f.name.endswith(LAST_MOVES)]
    return field.value.split("\n")


# A restart right after the state was stored whole (every 10th move) replays no move: the board
# still lists the moves before it, and goes on from there.
async def test_the_boards_last_moves_still_list_the_moves_made_before_a_restart(world, errors):
    alice, bob = world.members[:2]
    await mind_up_after_three_tricks(world)
    before = last_moves(world)
    assert [line.split("**")[1] for line in before] == [
        "Turn 1 revealed",
        "Turn 2 revealed",
        "Turn 3 revealed",
    ]

    await world.restart()
    for member in (alice, bob):
        assert await act_once(member, board(world)) is not None
    await world.env.settle()

    after = last_moves(world)
    assert after[:3] == before
    assert [line.split("**")[1] for line in after] == [
        "Turn 1 revealed",
        "Turn 2 revealed",
        "Turn 3 revealed",
        "Turn 4 revealed",
    ]
    assert errors() == []


# --- every move ---


SWEEP = [
    ("mindup", 3, 1, {"goals": "per_round", "goal_count": "2"}),
    ("zero", 3, 0, {"zero_optional": "yes", "beginner_market": "yes"}),
    ("genial", 2, 1, {"games": "2"}),
    ("thegame", 3, 0, {"expert": "yes", "on_fire": "yes"}),
    ("hourglass", 2, 2, {"open_scores": "yes"}),
]


@pytest.mark.parametrize(("slug", "humans", "ai", "options"), SWEEP)
async def test_after_a_restart_at_any_move_every_member_sees_and_may_do_the_same(
    world, errors, slug, humans, ai, options
):
    rng = random.Random(slug)
    members = world.members[:humans]
    await open_game(world, members[0], slug, members[1:], ai=ai, **options)
    for _ in range(8):
        await world.env.settle()
        session = only_session(world)
        acting = [m for m in members if session.seat_of(m.id) in session.to_act()]
        if finished(world) or not acting:
            break
        actor = rng.choice(acting)
        shown = board(world)
        panel = (await actor.click(shown, custom_id=hand_id(shown))).response
        comp = rng.choice(
            [c for c in components(panel) if c.get("custom_id", "").startswith(MOVES)]
        )
        if comp["custom_id"].startswith("tb:pick:"):
            panel = (await actor.click(message_of(panel), custom_id=comp["custom_id"])).response
            comp = rng.choice(
                [c for c in components(panel) if c["custom_id"].startswith("tb:act:")]
            )
        if comp["custom_id"].startswith("tb:sel:"):
            value = rng.choice(comp["options"])["value"]
            await actor.select(message_of(panel), [value], custom_id=comp["custom_id"])
        else:
            await actor.click(message_of(panel), custom_id=comp["custom_id"])
        before = await seen(world, members)
        state = only_session(world).state

        await world.restart()

        assert only_session(world).state == state
        assert await seen(world, members) == before
    assert errors() == []
    assert world.env.errors == []


# The clock of a turn whose reminder went out keeps its deadline across a restart, reminds no
# more, and runs out when it said (The Game's and Mind Up!'s: tests/bot/test_restarts_e2e.py).
@pytest.mark.parametrize("slug", ["zero", "genial", "hourglass"])
async def test_a_turn_clock_past_its_reminder_holds_across_a_restart(world, errors, slug):
    await on_discords_clock(world)
    alice, bob = world.members[:2]
    await open_game(world, alice, slug, [bob])
    session = only_session(world)
    deadline, to_act = session.record.deadline, session.to_act()
    reminders = lambda: [m for m in world.channel.history() if m.content.startswith("⏳")]  # noqa: E731
    await world.env.advance_time(70)
    assert len(reminders()) == 1
    before = await seen(world, [alice, bob])

    await on_discords_clock(world)
    session = only_session(world)
    assert await seen(world, [alice, bob]) == before
    await world.env.advance_time(45)  # 115 s of 120
    assert session.to_act() == to_act and session.record.deadline == deadline
    await world.env.advance_time(10)
    assert session.to_act() != to_act
    assert len(reminders()) == 1
    assert [s.timeouts for s in session.record.seats] == [1, 0]
    assert errors() == []
