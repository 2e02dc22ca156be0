"""One damaged row never stops the bot: it is logged and left out, and every other game resumes."""

from __future__ import annotations

import sqlite3
from contextlib import closing

from tests.bot.driver import only_session, open_game

DAMAGES = {
    "bad0json": {"options": "{not json"},
    "bad0slug": {"slug": "chess"},
    "bad0seat": {},  # its seats are deleted below
}


def copy_game(conn: sqlite3.Connection, game_id: str, new_id: str, **changes: str) -> None:
    """A copy of a game (row, seats, snapshot) under a new id, with some columns damaged."""
    columns = [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    row = dict(
        zip(
            columns,
            conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone(),
            strict=True,
        )
    )
    row.update(id=new_id, **changes)
    conn.execute(
        f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
        tuple(row.values()),
    )
    # Every column of its seats but the game id, whatever columns later migrations add.
    seat_columns = ", ".join(
        row[1] for row in conn.execute("PRAGMA table_info(seats)") if row[1] != "game_id"
    )
    conn.execute(
        f"INSERT INTO seats (game_id, {seat_columns}) SELECT ?, {seat_columns} FROM seats "
        "WHERE game_id = ?",
        (new_id, game_id),
    )
    conn.execute(
        "INSERT INTO snapshots SELECT ?, seq, state, last_moves FROM snapshots WHERE game_id = ?",
        (new_id, game_id),
    )


async def test_damaged_games_and_settings_are_left_out_and_the_rest_resumes(world, caplog):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    good = only_session(world)
    with closing(sqlite3.connect(world.db)) as conn:
        for new_id, changes in DAMAGES.items():
            copy_game(conn, good.id, new_id, **changes)
        conn.execute("DELETE FROM seats WHERE game_id = 'bad0seat'")
        conn.execute(
            "INSERT INTO guild_settings (guild_id, data) VALUES (?, '{not json')", (world.guild.id,)
        )
        conn.commit()

    await world.restart()

    assert list(world.env.bot.runtime.sessions) == [good.id]
    for bad in DAMAGES:
        assert bad in caplog.text
    panel = await alice.click(board_message, label="My hand")
    assert panel.ephemeral and "Your cards" in panel.response.embeds[0].description
