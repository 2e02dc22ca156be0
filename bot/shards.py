"""Which servers a process serves: Discord splits servers into shards by the time in their id."""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's shard of a server; direct messages always come to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass(frozen=True)
class Shards:
    """The shards this process holds, of `count` in all."""

    count: int = 1
    ids: tuple[int, ...] = (0,)

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process serves the server (and its games)."""
        return shard_of(guild_id, self.count) in self.ids

    @property
    def every(self) -> bool:
        """Whether this process serves every server: no other process is needed."""
        return set(self.ids) == set(range(self.count))
