"""PROCESSES: which process runs which shards and owns which servers' games."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.cluster import Cluster, Peers, shard_of
from bot.settings import DISCORD_GLOBAL_PER_SECOND, Settings


def cluster(index: int, processes: int = 2, shards: int | None = None) -> Cluster:
    return Cluster(index, processes, shards or processes, Path("/tmp"))


def test_every_shard_is_run_by_exactly_one_process():
    processes = [cluster(i, 3, 8) for i in range(3)]
    shards = sorted(s for c in processes for s in c.shard_ids)
    assert shards == list(range(8))
    assert processes[0].shard_ids[0] == 0  # direct messages come on shard 0


def test_a_server_is_owned_by_the_process_that_runs_its_shard():
    processes = [cluster(i, 2, 4) for i in range(2)]
    for guild_id in (81384788765712384, 1575435979760599344, 290926798626357250, 1 << 22):
        owner = processes[0].owner(guild_id)
        assert all(c.owner(guild_id) == owner for c in processes)
        assert shard_of(guild_id, 4) in processes[owner].shard_ids


def test_one_process_needs_no_cluster(monkeypatch):
    monkeypatch.setenv("TABLETOP_CLUSTER_INDEX", "0")
    assert Cluster.from_env(1, None) is None


def test_fewer_shards_than_processes_is_refused():
    with pytest.raises(ValidationError, match="SHARD_COUNT must be at least PROCESSES"):
        Settings(_env_file=None, processes=4, shard_count=2)


def test_processes_share_the_rest_budget():
    settings = Settings(_env_file=None, processes=2, rest_per_second=40)
    assert settings.rest_share == 20


@pytest.mark.parametrize("processes", [1, 2, 3, 8])
def test_processes_bursting_together_stay_within_discords_global_limit(processes):
    settings = Settings(_env_file=None, processes=processes, rest_per_second=40)
    # In any second each process makes at most its burst, one more and its share (cogs.outbox).
    worst_second = processes * (settings.rest_burst + 1) + settings.rest_per_second
    assert worst_second <= DISCORD_GLOBAL_PER_SECOND
    assert settings.rest_burst >= (1 if processes <= 2 else 0)


@pytest.mark.parametrize("processes", [1, 2, 3, 8, 64])
def test_the_outbox_plans_no_more_than_the_process_may_send(processes):
    settings = Settings(_env_file=None, processes=processes, rest_per_second=40)
    assert processes * settings.rest_limit <= DISCORD_GLOBAL_PER_SECOND
    # What the outbox starts in a second fits in what bot.global_limit lets leave.
    assert settings.rest_share + settings.rest_burst <= settings.rest_limit


def test_several_processes_on_windows_are_refused(monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    with pytest.raises(ValidationError, match="needs Linux or macOS"):
        Settings(_env_file=None, processes=2)
    assert Settings(_env_file=None, processes=1).processes == 1


async def test_processes_take_turns_to_identify(tmp_path, monkeypatch):
    monkeypatch.setattr("bot.cluster.IDENTIFY_EVERY", 0.3)
    first, second = (Cluster(i, 2, 2, tmp_path) for i in range(2))
    await first.identify_turn()
    started = time.monotonic()
    await second.identify_turn()  # Discord would refuse it sooner
    assert 0.25 <= time.monotonic() - started < 2.0
    await asyncio.sleep(0.3)
    started = time.monotonic()
    await first.identify_turn()  # the interval has passed: at once
    assert time.monotonic() - started < 0.1


async def test_a_handed_interaction_counts_as_delivered_once_the_peer_took_it(tmp_path):
    taken: list[dict] = []

    def take(data: dict) -> None:
        if "custom_id" not in data:
            raise KeyError("custom_id")  # logged by the peer, which goes on with the next
        taken.append(data)

    peer = Peers(Cluster(1, 2, 2, tmp_path), take)
    await peer.start()
    first = Peers(Cluster(0, 2, 2, tmp_path), taken.append)
    try:
        assert await first.send(1, {"id": "1"})  # taken, though it could not be dispatched
        assert await first.send(1, {"id": "2", "custom_id": "tb:act:g:1:pass"})
        assert taken == [{"id": "2", "custom_id": "tb:act:g:1:pass"}]  # before send returned
    finally:
        await first.close()
        await peer.close()


async def test_a_peer_that_is_not_listening_is_reported_unreachable(tmp_path, monkeypatch):
    monkeypatch.setattr("bot.cluster.CONNECT_TRIES", 2)
    first = Peers(Cluster(0, 2, 2, tmp_path), lambda data: None)
    try:
        assert not await first.send(1, {"id": "1"})
    finally:
        await first.close()
