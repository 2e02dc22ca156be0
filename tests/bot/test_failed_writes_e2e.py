"""A write that fails changes nothing: not the database, not the running game, not what members see.

Each test makes the database refuse one kind of write (a trigger that aborts it, as a full disk
or a broken file would), does what a member would do, and checks that the member got the
localized apology, that memory and database agree with the state before, and that the next try,
once the database accepts writes again, works.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

from bot.runtime import RETRY_FIRST
from tests.bot.driver import (
    board,
    click_verb,
    components,
    only_session,
    open_game,
    press,
    ready_move,
)

NOT_SAVED = "could not be saved, so nothing changed"


@contextmanager
def refusing(db: Path, table: str, when: str = "1") -> Iterator[None]:
    """The database refuses every new row of `table` (that matches `when`) until the block ends."""
    with closing(sqlite3.connect(db)) as conn:
        conn.execute(
            f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table} WHEN {when} "
            "BEGIN SELECT RAISE(ABORT, 'the disk is full'); END"
        )
        conn.commit()
        try:
            yield
        finally:
            conn.execute(f"DROP TRIGGER refuse_{table}")
            conn.commit()


def stored(db: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Rows as the database holds them."""
    with closing(sqlite3.connect(db)) as conn:
        return conn.execute(sql, params).fetchall()


def stored_seats(db: Path, game_id: str) -> list[tuple[int | None, int]]:
    return stored(db, "SELECT user_id, ai FROM seats WHERE game_id = ? ORDER BY seat", game_id)


def memory_seats(session: Any) -> list[tuple[int | None, int]]:
    return [(seat.user_id, int(seat.ai)) for seat in session.record.seats]


def stored_moves(db: Path, game_id: str) -> int:
    return stored(db, "SELECT count(*) FROM actions WHERE game_id = ?", game_id)[0][0]


def shown(world: Any, message: Any) -> Any:
    """The message as members see it now."""
    return next(m for m in world.channel.history() if m.id == message.id)


def embed_text(message: Any) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.description or "", *(f"{f.name}: {f.value}" for f in embed.fields)])


async def first_move(actor: Any, board_message: Any) -> tuple[Any, Any]:
    """Open "My hand" and take the first offered action: (the panel, the result of the click)."""
    panel = (await actor.click(board_message, label="My hand")).response
    ready = await ready_move(actor, panel)
    assert ready is not None, "the panel offers nothing to do"
    return ready[0], await press(actor, *ready)


async def test_a_failed_newgame_leaves_no_lobby_behind(world):
    alice = world.members[0]
    with refusing(world.db, "games"):
        result = await alice.slash(world.channel, "newgame", game="zero")
    assert result.ephemeral and NOT_SAVED in result.response.content
    assert world.env.bot.runtime.sessions == {}
    assert stored(world.db, "SELECT id FROM games") == []
    assert world.channel.last_message is None

    # Nothing blocks the channel: the next try opens the lobby.
    await alice.slash(world.channel, "newgame", game="zero")
    assert len(stored(world.db, "SELECT id FROM games")) == 1
    assert world.channel.last_message.embeds


async def test_a_failed_join_leaves_the_lobby_as_it_was(world):
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="zero")
    lobby = world.channel.last_message
    session = only_session(world)
    before = embed_text(shown(world, lobby))

    with refusing(world.db, "seats"):
        result = await click_verb(bob, lobby, "join")

    assert result.ephemeral and NOT_SAVED in result.response.content
    assert memory_seats(session) == stored_seats(world.db, session.id) == [(alice.id, 0)]
    assert embed_text(shown(world, lobby)) == before
    await click_verb(bob, lobby, "join")
    assert stored_seats(world.db, session.id) == [(alice.id, 0), (bob.id, 0)]


async def test_a_failed_lobby_leave_keeps_the_seat(world):
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="zero")
    lobby = world.channel.last_message
    session = only_session(world)
    await click_verb(bob, lobby, "join")
    before = embed_text(shown(world, lobby))

    with refusing(world.db, "seats"):
        result = await click_verb(bob, lobby, "leave")

    assert NOT_SAVED in result.response.content
    assert (
        memory_seats(session) == stored_seats(world.db, session.id) == [(alice.id, 0), (bob.id, 0)]
    )
    assert embed_text(shown(world, lobby)) == before


async def test_a_failed_move_is_not_played(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    version, moves = session.state.version, stored_moves(world.db, session.id)
    before = embed_text(shown(world, board_message))

    with refusing(world.db, "actions"):
        _, result = await first_move(alice, board_message)

    assert NOT_SAVED in result.response.content
    assert session.state.version == version and stored_moves(world.db, session.id) == moves
    assert embed_text(shown(world, board_message)) == before
    _, again = await first_move(alice, board_message)
    assert again.response.content is None or NOT_SAVED not in again.response.content
    assert session.state.version == version + 1 == stored_moves(world.db, session.id)


async def test_a_failed_ai_move_changes_nothing_and_the_member_s_move_stands(world):
    alice = world.members[0]
    # Mind Up!: everyone chooses at once, the AI seats as soon as the round begins.
    with refusing(world.db, "actions", when="NEW.by_ai = 1"):
        board_message = await open_game(world, alice, "mindup", [], ai=2)
        session = only_session(world)
        assert stored_moves(world.db, session.id) == 0
        assert session.state.version == 0
        _, result = await first_move(alice, board_message)
        assert NOT_SAVED not in (result.response.content or "")

    chosen = stored(world.db, "SELECT seat, by_ai FROM actions WHERE game_id = ?", session.id)
    assert chosen == [(0, 0)] and session.state.version == 1
    assert session.to_act() == {1, 2}  # the AI seats have still to choose
    assert board(world).id == board_message.id


async def test_a_failed_leave_does_not_hand_the_seat_to_the_ai(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    before = embed_text(shown(world, board_message))
    ask = await bob.slash(world.channel, "game leave")

    with refusing(world.db, "seats"):
        result = await bob.click(
            ask.response.message, custom_id=components(ask.response)[0]["custom_id"]
        )

    assert NOT_SAVED in result.response.content
    assert (
        memory_seats(session) == stored_seats(world.db, session.id) == [(alice.id, 0), (bob.id, 0)]
    )
    assert embed_text(shown(world, board_message)) == before


async def test_a_failed_kick_keeps_the_member_in_their_seat(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    before = embed_text(shown(world, board_message))

    with refusing(world.db, "seats"):
        result = await alice.slash(world.channel, "game kick", member=bob)

    assert NOT_SAVED in result.response.content
    assert (
        memory_seats(session) == stored_seats(world.db, session.id) == [(alice.id, 0), (bob.id, 0)]
    )
    assert embed_text(shown(world, board_message)) == before


async def test_a_timeout_whose_writes_fail_changes_nothing(world):
    alice, bob = world.members[:2]
    await world.admin.slash(world.channel, "config afk", policy="ai", takeover_after=1)
    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    version, before = session.state.version, embed_text(shown(world, board_message))

    with refusing(world.db, "seats"), refusing(world.db, "actions"):
        await world.env.advance_time(121)

    assert (
        memory_seats(session) == stored_seats(world.db, session.id) == [(alice.id, 0), (bob.id, 0)]
    )
    assert session.state.version == version == stored_moves(world.db, session.id)
    assert embed_text(shown(world, board_message)) == before
    assert not [m for m in world.channel.history() if m.content.startswith("🤖")]  # no takeover


async def test_a_failed_reclaim_leaves_the_seat_with_the_ai(world):
    alice, bob = world.members[:2]
    await world.admin.slash(world.channel, "config afk", policy="ai", takeover_after=1)
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    await world.env.advance_time(121)
    notice = next(m for m in reversed(world.channel.history()) if m.content.startswith("🤖"))
    assert (
        memory_seats(session) == stored_seats(world.db, session.id) == [(alice.id, 1), (bob.id, 0)]
    )

    with refusing(world.db, "seats"):
        result = await alice.click(notice, label="Take my seat back")

    assert NOT_SAVED in result.response.content
    assert (
        memory_seats(session) == stored_seats(world.db, session.id) == [(alice.id, 1), (bob.id, 0)]
    )
    back = await alice.click(notice, label="Take my seat back")
    assert "You have your seat back" in back.response.content
    assert (
        memory_seats(session) == stored_seats(world.db, session.id) == [(alice.id, 0), (bob.id, 0)]
    )


async def test_an_ai_whose_move_was_not_stored_tries_again_and_the_game_goes_on(world):
    alice = world.members[0]
    with refusing(world.db, "actions", when="NEW.by_ai = 1"):
        await open_game(world, alice, "mindup", [], ai=2)
        session = only_session(world)
        await world.env.advance_time(RETRY_FIRST * 3)  # two more tries, both refused
        assert session.to_act() == {0, 1, 2} and stored_moves(world.db, session.id) == 0

    await world.env.advance_time(RETRY_FIRST * 4)  # the next try finds the database back

    assert session.to_act() == {0}  # both AI seats have chosen; alice's choice is awaited
    assert stored_moves(world.db, session.id) == 2 == session.state.version


async def test_a_timeout_that_could_not_be_stored_is_tried_again(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    with refusing(world.db, "actions"):
        await world.env.advance_time(120 + RETRY_FIRST / 2)  # the clock ran out; not stored
        assert session.to_act() == {0} and session.state.version == 0

    await world.env.advance_time(RETRY_FIRST)

    assert session.to_act() == {1}  # the AI finished alice's turn, late but for sure
    assert session.state.version == stored_moves(world.db, session.id) >= 3
    assert session.record.deadline is not None  # bob's clock runs
