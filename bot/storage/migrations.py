"""The schema, on either database: yoyo-migrations applies `bot/migrations/*.sql` in order.

A bot older than its database would misread what a newer one wrote, so it refuses to start
instead: every migration the database has seen must be one this bot knows.
"""

from __future__ import annotations

from pathlib import Path

from yoyo import get_backend, read_migrations

from bot.storage.records import StorageError

MIGRATIONS = Path(__file__).parent.parent / "migrations"


def migrate(yoyo_url: str) -> None:
    """Apply what is pending, under yoyo's lock (processes starting at once apply it once)."""
    backend = get_backend(yoyo_url)
    try:
        migrations = read_migrations(str(MIGRATIONS))
        with backend.lock():
            known = {migration.hash for migration in migrations}
            unknown = set(backend.get_applied_migration_hashes()) - known
            if unknown:
                raise StorageError(
                    f"its schema is newer than this version of the bot ({len(unknown)} "
                    f"migration(s) it does not know): run the newer version, or restore a "
                    f"backup taken before the upgrade"
                )
            backend.apply_migrations(backend.to_apply(migrations))
    finally:
        backend.connection.close()
