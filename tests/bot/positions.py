"""Games set up in memory, without Discord or a database, for tests of sessions and panels."""

from __future__ import annotations

import engines
from bot.session import GameSession
from bot.storage import GameRecord, SeatRecord


def running(slug: str, seats: int) -> GameSession:
    """A running game of `slug` for `seats` members (Russian, base options), before any move."""
    game = engines.game(slug)
    options = game.SPEC.Options()
    record = GameRecord(
        id="abcd1234",
        guild_id=1,
        channel_id=2,
        slug=slug,
        options=options.model_dump(mode="json"),
        seed=7,
        status="running",
        host_id=1,
        language="ru",
        created_at=0.0,
        seats=[SeatRecord(user_id=i + 1, name=f"Игрок {i + 1}", ai=False) for i in range(seats)],
    )
    session = GameSession(record=record)
    session.state = game.setup(options, seats, record.seed)
    return session
