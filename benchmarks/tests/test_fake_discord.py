"""The fake Discord of the load benchmarks speaks what discord.py expects (a bare bot process).

The tests that run a bot process are marked `benchmark` (seconds each): `pytest -m benchmark`.
"""

from __future__ import annotations

import json
import time
import types
from pathlib import Path

import aiohttp
import pytest

from benchmarks.fake_discord import ratelimit
from benchmarks.fake_discord.server import FakeDiscord, Interaction
from benchmarks.fake_discord.world import start_bot

AUTH = {"Authorization": "Bot x"}


def clicked(server: FakeDiscord, channel: int, token: str, sent_at: float) -> Interaction:
    """A click the server has dispatched at `sent_at` and waits to see answered."""
    record = Interaction(
        id=server.ids.next(),
        token=token,
        type=3,
        kind="click",
        user_id=server.owner_id,
        channel_id=channel,
        guild_id=None,
        payload={},
        sent_at=sent_at,
    )
    server.interactions[record.id] = record
    server.by_token[token] = record.id
    return record


def callback(base: str, record: Interaction) -> str:
    """Where the bot answers `record`."""
    return f"{base}/api/v10/interactions/{record.id}/{record.token}/callback"


@pytest.mark.benchmark
async def test_bare_bot_answers_interactions_and_resumes(tmp_path: Path) -> None:
    server = FakeDiscord(guilds=1, channels_per_guild=2, users_per_guild=2)
    await server.start()
    started = await start_bot(
        server, tmp_path / "unused.db", tmp_path, module="benchmarks.bare_bot", timeout=60.0
    )
    try:
        guild = next(iter(server.guilds))
        channel, user = server.guild_channels(guild)[0], server.guild_users(guild)[0]
        slash = server.slash_data(guild, "newgame", {"game": "zero"})
        record = await server.interact(user, channel, 2, slash, kind="/newgame")
        await record.done
        assert record.answer_type == 4 and record.content == "ok"
        assert record.answer is not None and record.answer["flags"] & 64
        assert record.latency is not None and record.latency < 3.0

        # Like Discord, no message events for a bot without the message intents (ours, too).
        session = server.shard_sessions[0]
        dispatched = session.seq
        async with aiohttp.ClientSession() as http:
            url = f"{server.base_url}/api/v10/channels/{channel}/messages"
            async with http.post(url, json={"content": "hi"}, headers=AUTH) as response:
                assert response.status == 200
        assert server.channel_messages(channel)[-1]["content"] == "hi"
        assert session.seq == dispatched

        await server.disconnect()
        assert await server.wait_online(30.0)
        assert server.gateway_received[6] == 1, "the bot should RESUME, not IDENTIFY again"
        assert server.identify_count == 1
        click = {"custom_id": "tb:hand:0000abcd", "component_type": 2}
        message = server.channel_messages(channel)[-1] if server.channel_messages(channel) else None
        record = await server.interact(user, channel, 3, click, kind="hand", message=message)
        await record.done
        assert record.answer_type == 4
        assert not server.unknown_routes and server.late == 0
        assert server.gateway_received[1] >= 1  # the bot heartbeats on its own, we only ACK
    finally:
        await started.bot.stop()
        await server.stop()


@pytest.mark.benchmark
async def test_the_calibrating_bare_bot_burns_its_cpu_on_every_click(tmp_path: Path) -> None:
    # load.py --calibrate reads our p99 against this bot's: each answer must cost it the CPU.
    server = FakeDiscord(guilds=1, channels_per_guild=1, users_per_guild=1)
    await server.start()
    started = await start_bot(
        server,
        tmp_path / "unused.db",
        tmp_path,
        module="benchmarks.bare_bot",
        timeout=60.0,
        extra_env={"BARE_WORK_MS": "300"},
    )
    try:
        guild = next(iter(server.guilds))
        channel, user = server.guild_channels(guild)[0], server.guild_users(guild)[0]
        slash = server.slash_data(guild, "newgame", {"game": "zero"})
        cpu_before, _ = started.bot.cpu_split()
        for _ in range(3):
            record = await server.interact(user, channel, 2, slash, kind="/newgame")
            await record.done
            assert record.content == "ok"
            assert record.latency is not None and record.latency >= 0.3
        assert started.bot.cpu_split()[0] - cpu_before >= 0.85
    finally:
        await started.bot.stop()
        await server.stop()


async def test_rate_limits_and_the_three_second_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    # The limits' clock stands still: six posts fall in one 5 s window however slow the machine.
    frozen = types.SimpleNamespace(monotonic=lambda: 1000.0, time=time.time)
    monkeypatch.setattr(ratelimit, "time", frozen)
    server = FakeDiscord(guilds=1, channels_per_guild=1, users_per_guild=1)
    base = await server.start()
    channel = server.guild_channels(next(iter(server.guilds)))[0]
    url = f"{base}/api/v10/channels/{channel}/messages"
    try:
        async with aiohttp.ClientSession() as http:
            statuses = []
            for _ in range(6):
                async with http.post(url, json={"content": "hi"}, headers=AUTH) as response:
                    statuses.append(response.status)
                    last_headers, body = response.headers, await response.json()
            assert statuses == [200] * 5 + [429]
            assert body["retry_after"] > 0 and body["global"] is False
            assert last_headers["Via"] and last_headers["X-RateLimit-Remaining"] == "0"
            assert last_headers["Content-Type"] == "application/json"

            record = clicked(server, channel, "late-token", time.perf_counter() - 3.5)
            async with http.post(callback(base, record), json={"type": 6}) as response:
                assert response.status == 404
                assert (await response.json())["code"] == 10062
            assert server.late == 1 and record.late
    finally:
        await server.stop()


async def test_a_message_keeps_the_attachments_an_edit_lists_as_discord_does() -> None:
    # The bot keeps a panel's picture by listing it in an edit; were it dropped, every such
    # edit would draw and upload the picture again, which Discord would not make it do.
    server = FakeDiscord(guilds=1, channels_per_guild=1, users_per_guild=1)
    base = await server.start()
    channel = server.guild_channels(next(iter(server.guilds)))[0]
    url = f"{base}/api/v10/channels/{channel}/messages"

    def upload(payload: dict[str, object]) -> aiohttp.FormData:
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps(payload), content_type="application/json")
        form.add_field("files[0]", b"\x89PNG...", filename="board.png")
        return form

    try:
        async with aiohttp.ClientSession(headers=AUTH) as http:
            sent = upload({"content": "board", "attachments": [{"id": 0, "filename": "board.png"}]})
            async with http.post(url, data=sent) as response:
                posted = await response.json()
            [picture] = posted["attachments"]
            assert picture["filename"] == "board.png" and picture["url"].endswith("/board.png")

            async with http.patch(f"{url}/{posted['id']}", json={"content": "moved"}) as response:
                assert (await response.json())["attachments"] == [picture]
            kept = {"content": "buttons", "attachments": [picture]}
            async with http.patch(f"{url}/{posted['id']}", json=kept) as response:
                assert (await response.json())["attachments"] == [picture]
            redrawn = upload({"attachments": [{"id": 0, "filename": "board.png"}]})
            async with http.patch(f"{url}/{posted['id']}", data=redrawn) as response:
                [new] = (await response.json())["attachments"]
            assert new["filename"] == "board.png" and new["id"] != picture["id"]
            async with http.patch(f"{url}/{posted['id']}", json={"attachments": []}) as response:
                assert (await response.json())["attachments"] == []
    finally:
        await server.stop()


async def test_the_private_panels_members_see_are_counted_with_their_pictures() -> None:
    # The load report tells how many panels went out without their picture under load, and
    # how long after the click the picture came to those in an edit.
    server = FakeDiscord(guilds=1, channels_per_guild=1, users_per_guild=1)
    base = await server.start()
    channel = server.guild_channels(next(iter(server.guilds)))[0]
    pictured = {"type": 4, "data": {"flags": 64, "embeds": [{"image": {"url": "attachment://h"}}]}}
    answers = [
        pictured,
        {"type": 4, "data": {"flags": 64, "embeds": [{"description": "as text"}]}},
        {"type": 4, "data": {"flags": 64, "content": "Not your turn."}},
    ]
    try:
        async with aiohttp.ClientSession() as http:
            for index, answer in enumerate(answers):
                record = clicked(server, channel, f"token-{index}", time.perf_counter())
                async with http.post(callback(base, record), json=answer) as response:
                    assert response.status in (200, 204)
            assert server.private_embeds == {"shown": 2, "pictured": 1}
            assert server.pictures_followed == []
            original = f"{base}/api/v10/webhooks/{server.bot_id}/token-1/messages/@original"
            later = {"embeds": [{"description": "as text", "image": {"url": "attachment://h"}}]}
            async with http.patch(original, json=later) as response:
                assert response.status == 200
        assert server.private_embeds == {"shown": 2, "pictured": 1}
        assert len(server.pictures_followed) == 1 and 0 < server.pictures_followed[0] < 5
    finally:
        await server.stop()
