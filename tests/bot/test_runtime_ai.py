"""AI seats think without the game's lock: a member's move meanwhile makes the AI think again."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.ai_worker import AiWorker
from bot.runtime import Runtime
from bot.storage import Storage
from engines.core import encode_action


class HeldWorker(AiWorker):
    """Decides in this process, but only once let go: an AI that thinks for a long time."""

    def __init__(self) -> None:
        super().__init__(enabled=False)
        self.go = asyncio.Event()
        self.asked: list[tuple[Any, int]] = []

    async def choose(self, slug: str, state: Any, seat: int, seed: int) -> Any:
        self.asked.append((state, seat))
        await self.go.wait()
        return await super().choose(slug, state, seat, seed)


class Unseen:
    """The Discord side, which this test does not look at."""

    def board_changed(self, session: Any) -> None: ...

    def turn_changed(self, session: Any, events: Any) -> None: ...

    def notice(self, session: Any, key: str, **params: Any) -> None: ...

    def remind(self, session: Any, seats: list[int], by_dm: bool) -> None: ...

    def game_closed(self, session: Any) -> None: ...


async def test_an_ai_decision_made_stale_by_a_move_meanwhile_is_made_again(tmp_path: Path):
    storage = await Storage.open(tmp_path / "x.db")
    worker = HeldWorker()
    runtime = Runtime(storage, Unseen(), snapshot_every=10, ai=worker)
    try:
        # Mind Up: everyone chooses a card at once, so the member may choose while an AI thinks.
        session = await runtime.open_lobby(
            guild_id=1,
            channel_id=2,
            thread=None,
            host_id=3,
            host_name="host",
            host_lang="en",
            slug="mindup",
            options={},
        )
        await runtime.add_ai(session, 3, lambda n: f"AI {n}")
        await runtime.add_ai(session, 3, lambda n: f"AI {n}")
        await runtime.start(session, 3, "en")
        dealt = session.state
        for _ in range(50):
            if worker.asked:
                break
            await asyncio.sleep(0)
        assert worker.asked == [(dealt, 1)], "the first AI seat thinks about the deal"

        card = session.game.legal_actions(dealt, 0)[0]
        await runtime.act(session, 3, encode_action(card), dealt.version)
        chosen = session.state
        assert chosen is not dealt
        worker.go.set()
        for _ in range(200):
            if not session.ai_seats_to_act():
                break
            await asyncio.sleep(0.01)

        # The decision about the deal was dropped: seat 1 thought again, about the game as it
        # is after the member's choice, and played once.
        assert worker.asked[1] == (chosen, 1)
        logged = await storage.actions_after(session.id, 0)
        assert [(a.seat, a.by_ai) for a in logged[:3]] == [(0, False), (1, True), (2, True)]
    finally:
        await runtime.stop()
        await storage.close()
