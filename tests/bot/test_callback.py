"""Answers sent on our keep-alive connections (cogs.callback) to a local stand-in for Discord.

The end-to-end tests answer through SimCord's transport, which takes discord.py's place; the
load tests' real bot process answers the direct way on every click. These check what only a
real HTTP answer can bring: Discord's JSON, its refusals, and its rate limits.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from discord.http import Route

from cogs import callback
from cogs.keepalive import KeepAlive

PATH = "/api/v10/interactions/{iid}/{token}/callback"


class Stand:
    """Discord's callback route, answering with the next of `replies` each time."""

    def __init__(self) -> None:
        self.replies: list[web.Response] = []
        self.received: list[tuple[dict[str, str], dict[str, object]]] = []
        self.tokens: list[str] = []
        self.agents: list[str] = []

    async def handle(self, request: web.Request) -> web.Response:
        self.received.append((dict(request.query), await request.json()))
        self.tokens.append(request.match_info["token"])
        self.agents.append(request.headers["User-Agent"])
        return self.replies.pop(0)


@pytest.fixture
async def stand(
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[tuple[Stand, aiohttp.ClientSession, KeepAlive]]:
    stand = Stand()
    app = web.Application()
    app.router.add_post(PATH, stand.handle)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    monkeypatch.setattr(Route, "BASE", str(server.make_url("/api/v10")))
    connections = KeepAlive("tests")
    async with aiohttp.ClientSession() as session:
        yield stand, session, connections
    connections.close()
    await server.close()


def route(token: str = "tok") -> Route:
    return Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=1234,
        webhook_token=token,
    )


def reply(status: int, body: object | None = None, **headers: str) -> web.Response:
    if body is None:
        return web.Response(status=status, headers=headers)
    # Exactly Discord's content type: discord.py reads JSON only when it is just that.
    headers["Content-Type"] = "application/json"
    return web.Response(status=status, body=json.dumps(body).encode(), headers=headers)


PANEL = {"type": 7, "data": {"content": "your hand", "flags": 64}}


async def test_an_answer_is_posted_once_and_nothing_is_read_back(stand) -> None:
    server, session, connections = stand
    server.replies = [reply(204)]
    assert await callback.post(route(), session, connections, PANEL) is None
    assert server.received == [({}, PANEL)]
    assert server.agents == ["tests"]  # on our connections, not through aiohttp


async def test_a_token_reaches_discord_as_it_was_given(stand) -> None:
    # Route quotes the token once; the answer must neither leave it raw nor quote it again.
    server, session, connections = stand
    server.replies = [reply(204)]
    await callback.post(route("a b%2é+ü"), session, connections, PANEL)
    assert server.tokens == ["a b%2é+ü"]


async def test_an_answer_with_response_returns_discords_json(stand) -> None:
    server, session, connections = stand
    echo = {"interaction": {"response_message_id": "99"}}
    server.replies = [reply(200, echo)]
    data = await callback.post(route(), session, connections, PANEL, params={"with_response": "1"})
    assert data == echo
    assert server.received == [({"with_response": "1"}, PANEL)]


async def test_an_expired_interaction_raises_not_found_with_discords_code(stand) -> None:
    server, session, connections = stand
    server.replies = [reply(404, {"message": "Unknown interaction", "code": 10062})]
    with pytest.raises(discord.NotFound) as refused:
        await callback.post(route(), session, connections, PANEL)
    assert refused.value.code == 10062
    assert len(server.received) == 1  # a refusal is not tried again


async def test_a_bad_request_raises_http_exception(stand) -> None:
    server, session, connections = stand
    server.replies = [reply(400, {"message": "Invalid Form Body", "code": 50035})]
    with pytest.raises(discord.HTTPException) as refused:
        await callback.post(route(), session, connections, PANEL)
    assert refused.value.status == 400 and refused.value.code == 50035


async def test_a_rate_limited_answer_is_sent_again_after_the_wait(stand) -> None:
    server, session, connections = stand
    limited = {"message": "You are being rate limited.", "retry_after": 0.01, "global": False}
    server.replies = [
        reply(429, limited, Via="1.1 google"),
        reply(429, limited, Via="1.1 google"),
        reply(204),
    ]
    answered = await callback.post(route(), session, connections, PANEL)
    assert not answered  # discord.py's retry gives ""
    assert [body for _, body in server.received] == [PANEL] * 3
