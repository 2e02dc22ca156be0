"""The runtime keeps each server's validated settings; a save is never lost to a slower read."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.guild_config import GuildConfig
from bot.runtime import Runtime
from bot.storage import Storage


async def test_settings_saved_during_the_first_read_are_not_overwritten_by_it(tmp_path: Path):
    storage = await Storage.open(tmp_path / "x.db")
    runtime = Runtime(storage, presenter=None, snapshot_every=10)  # type: ignore[arg-type]
    try:
        # The first read of a server's settings goes to the database; an admin saves new ones
        # while it is on its way. The older answer must not replace the newer settings.
        reading = asyncio.create_task(runtime.config(8))
        await asyncio.sleep(0)
        await runtime.change_config(8, lambda _: GuildConfig(language="ru", turn_seconds=30))
        await reading
        cfg = await runtime.config(8)
        assert (cfg.language, cfg.turn_seconds) == ("ru", 30)
    finally:
        await storage.close()


async def test_settings_are_read_once_and_shared_frozen(tmp_path: Path):
    storage = await Storage.open(tmp_path / "x.db")
    runtime = Runtime(storage, presenter=None, snapshot_every=10)  # type: ignore[arg-type]
    try:
        await storage.save_guild_settings(7, {"turn_seconds": 45})
        first = await runtime.config(7)
        assert first.turn_seconds == 45 and await runtime.config(7) is first
        with pytest.raises(ValidationError):  # every game of the server shares this object
            first.turn_seconds = 5  # type: ignore[misc]
        assert (await runtime.config(7)).turn_seconds == 45
    finally:
        await storage.close()


async def test_two_changes_at_the_same_instant_both_land(tmp_path: Path):
    storage = await Storage.open(tmp_path / "x.db")
    runtime = Runtime(storage, presenter=None, snapshot_every=10)  # type: ignore[arg-type]
    try:
        await asyncio.gather(
            runtime.change_config(8, lambda cfg: cfg.model_copy(update={"language": "ru"})),
            runtime.change_config(8, lambda cfg: cfg.model_copy(update={"turn_seconds": 30})),
        )
        for cfg in (await runtime.config(8), GuildConfig(**await storage.guild_settings(8))):
            assert (cfg.language, cfg.turn_seconds) == ("ru", 30)
    finally:
        await storage.close()


@pytest.mark.parametrize(
    "stored",
    [
        '{"language": "klingon"}',
        '{"defaults": {"chess": {}}}',
        '{"defaults": {"zero": {"nope": 1}}}',
        "{not json",
    ],
)
async def test_damaged_settings_fall_back_to_the_defaults(tmp_path: Path, stored: str):
    path = tmp_path / "x.db"
    storage = await Storage.open(path)
    await storage.close()
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("INSERT INTO guild_settings (guild_id, data) VALUES (8, ?)", (stored,))
        conn.commit()
    storage = await Storage.open(path)
    runtime = Runtime(storage, presenter=None, snapshot_every=10)  # type: ignore[arg-type]
    try:
        assert await runtime.config(8) == GuildConfig()
    finally:
        await storage.close()
