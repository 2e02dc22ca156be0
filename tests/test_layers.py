"""The import contracts of pyproject.toml cover the whole of bot/ as they say they do."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def contract(name: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["name"] == name)


def test_only_storage_may_speak_sql_and_every_other_module_of_bot_is_held_to_it():
    bot = ROOT / "bot"
    modules = {
        f"bot.{path.stem if path.is_file() else path.name}"
        for path in bot.iterdir()
        if (path.suffix == ".py" and path.stem != "__init__")
        or (path.is_dir() and (path / "__init__.py").exists())
    }
    held = set(contract("Only storage speaks SQL")["source_modules"])
    assert "bot.storage" in modules
    assert modules - held == {"bot.storage"}
