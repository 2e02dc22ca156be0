"""`python -m bot`: run the bot with the settings from the environment and .env."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import aiohttp
import discord
from pydantic import ValidationError

from bot import event_loop
from bot.settings import DISCORD, Settings
from bot.storage import StorageError, backup, prepare

REFUSED = 3
"""Exit status when Discord refuses the bot (token or intents): restarting will not help."""


def _setting_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{error['loc'][0]}: {message}" if error["loc"] else message


def _backup(settings: Settings, args: list[str]) -> int:
    """`python -m bot backup FILE`: a consistent copy of the database, also while the bot runs."""
    if len(args) != 1:
        print("usage: python -m bot backup FILE", file=sys.stderr)
        return 2
    if not settings.sqlite:
        print(
            "python -m bot backup copies the SQLite file; back PostgreSQL up with pg_dump "
            "(docs/deploying.md).",
            file=sys.stderr,
        )
        return 2
    target = Path(args[0])
    if target.exists():
        print(f"{target} exists already: choose a new file name.", file=sys.stderr)
        return 2
    try:
        backup(settings.database_path, target)
    except StorageError as exc:
        print(f"Backup failed: {exc}", file=sys.stderr)
        return 1
    print(f"Backed up {settings.database_path} to {target}.")
    return 0


def main() -> int:
    """Run until stopped; a missing or rejected token is one clear line and a non-zero exit."""
    if sys.argv[1:2] == ["sandbox"]:
        from bot.sandbox import main as sandbox

        return sandbox(sys.argv[2:])
    try:
        settings = Settings()
    except ValidationError as exc:
        print(
            f"Invalid setting: {_setting_error(exc)}",
            file=sys.stderr,
        )
        return 2
    if sys.argv[1:2] == ["backup"]:
        return _backup(settings, sys.argv[2:])
    if sys.argv[1:2] == ["ratings"]:
        if sys.argv[2:] != ["recompute"]:
            print("usage: python -m bot ratings recompute", file=sys.stderr)
            return 2
        from bot.stats import recompute_command

        return recompute_command(settings.database_url)
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(
            "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's token in it "
            "(or try the bot without a token: python -m bot sandbox).",
            file=sys.stderr,
        )
        return 2
    if settings.discord_api_base != DISCORD:
        discord.http.Route.BASE = f"{settings.discord_api_base.rstrip('/')}/api/v10"
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))

    try:
        prepare(settings.database_url)
    except StorageError as exc:
        advice = (
            "Restore it from a backup (docs/deploying.md) or set DATABASE_URL to another file."
            if settings.sqlite
            else "Check that PostgreSQL runs and that DATABASE_URL names its database and user."
        )
        print(
            f"The database {settings.database_shown} cannot be used: {exc}. {advice}",
            file=sys.stderr,
        )
        return 1

    from bot.client import TabletopBot

    bot = TabletopBot(settings)
    try:
        event_loop.run(bot, settings.discord_token.get_secret_value())
    except (aiohttp.ClientConnectionError, TimeoutError) as exc:
        print(
            f"Cannot reach Discord at {settings.discord_api_base} ({exc}): check the network "
            "connection; the bot can be started again at any time.",
            file=sys.stderr,
        )
        return 1
    except discord.LoginFailure:
        print(
            "Discord rejected DISCORD_TOKEN: copy the token again from the developer portal.",
            file=sys.stderr,
        )
        return REFUSED
    except discord.PrivilegedIntentsRequired:
        print(
            "Enable the required privileged intents for the bot in the developer portal.",
            file=sys.stderr,
        )
        return REFUSED
    except StorageError as exc:
        # Raised by setup_hook, before the gateway: the database refused this process (most
        # often ShardTakenError, another live process runs one of its shards). The reason names
        # the shard and what to do; a traceback would bury it.
        print(f"Cannot start: {exc}", file=sys.stderr)
        return 1
    if bot.stopped_because is not None:
        print(f"Stopped: {bot.stopped_because}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
