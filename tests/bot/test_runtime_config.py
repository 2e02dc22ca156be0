"""The runtime keeps each server's validated settings; a save is never lost to a slower read."""

from __future__ import annotations

import asyncio
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
        await runtime.save_config(8, GuildConfig(language="ru", turn_seconds=30))
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
