"""The connections that carry interaction answers (cogs.keepalive), against local servers.

What a player would notice if they went wrong: an answer that never leaves ("This interaction
failed"), or one that waits on a connection the server has closed.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable

import aiohttp
import pytest
import trustme
from aiohttp import web
from aiohttp.test_utils import TestServer

from cogs import keepalive
from cogs.keepalive import KeepAlive

AGENT = "DiscordBot (https://example.org, 1.0)"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Serve = Callable[..., Awaitable[TestServer]]


class Seen:
    """What the server saw: each request's body, headers and the client's port."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []
        self.headers: list[dict[str, str]] = []
        self.ports: list[int] = []

    async def record(self, request: web.Request) -> None:
        self.bodies.append(await request.read())
        self.headers.append(dict(request.headers))
        assert request.transport is not None
        self.ports.append(request.transport.get_extra_info("peername")[1])


@pytest.fixture
async def serve() -> AsyncIterator[Serve]:
    """Starts a server whose one route is `handler`; all are closed after the test."""
    servers: list[TestServer] = []

    async def start(handler: Handler, **options: object) -> TestServer:
        app = web.Application()
        app.router.add_post("/cb", handler)
        scheme = "https" if options.get("ssl") else "http"
        server = TestServer(app, host="127.0.0.1", scheme=scheme)
        await server.start_server(**options)
        servers.append(server)
        return server

    yield start
    for server in servers:
        await server.close()


@pytest.fixture
async def connections() -> AsyncIterator[KeepAlive]:
    connections = KeepAlive(AGENT)
    yield connections
    connections.close()


def answering(seen: Seen, **headers: str) -> Handler:
    async def handle(request: web.Request) -> web.Response:
        await seen.record(request)
        return web.Response(status=204, headers=headers)

    return handle


async def test_answers_share_one_connection(serve, connections) -> None:
    seen = Seen()
    server = await serve(answering(seen))
    for n in range(3):
        reply = await connections.post(str(server.make_url("/cb")), b'{"n": %d}' % n)
        assert reply.status == 204
    assert seen.bodies == [b'{"n": 0}', b'{"n": 1}', b'{"n": 2}']
    assert len(set(seen.ports)) == 1


async def test_answers_at_once_take_a_connection_each_and_keep_them(serve, connections) -> None:
    seen = Seen()
    server = await serve(answering(seen))
    url = str(server.make_url("/cb"))
    await asyncio.gather(*(connections.post(url, b"{}") for _ in range(3)))
    await asyncio.gather(*(connections.post(url, b"{}") for _ in range(3)))
    assert len(seen.bodies) == 6
    assert len(set(seen.ports)) == 3


async def test_a_request_says_what_discord_asks_of_every_client(serve, connections) -> None:
    seen = Seen()
    server = await serve(answering(seen))
    await connections.post(str(server.make_url("/cb")), b'{"type": 6}', {"with_response": "1"})
    headers = seen.headers[0]
    assert headers["User-Agent"] == AGENT
    assert headers["Content-Type"] == "application/json"
    assert headers["Host"] == f"127.0.0.1:{server.port}"


async def test_a_json_answer_in_chunks_is_read_whole(serve, connections) -> None:
    async def handle(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(status=200, headers={"Content-Type": "application/json"})
        response.enable_chunked_encoding()
        await response.prepare(request)
        await response.write(b'{"interaction": ')
        await response.write(b'{"response_message_id": "99"}}')
        await response.write_eof()
        return response

    server = await serve(handle)
    reply = await connections.post(str(server.make_url("/cb")), b"{}")
    assert (reply.status, reply.content_type) == (200, "application/json")
    assert reply.body == b'{"interaction": {"response_message_id": "99"}}'


async def test_a_connection_the_server_closes_is_not_used_again(serve, connections) -> None:
    seen = Seen()
    server = await serve(answering(seen, Connection="close"))
    for _ in range(2):
        assert (await connections.post(str(server.make_url("/cb")), b"{}")).status == 204
    assert len(set(seen.ports)) == 2


async def test_an_idle_connection_the_server_dropped_is_replaced(serve, connections) -> None:
    seen = Seen()
    server = await serve(answering(seen), keepalive_timeout=0.05)
    url = str(server.make_url("/cb"))
    await connections.post(url, b"{}")
    await asyncio.sleep(0.3)  # the server closes the idle connection meanwhile
    assert (await connections.post(url, b"{}")).status == 204
    assert len(set(seen.ports)) == 2


async def test_a_connection_idle_too_long_is_not_trusted(
    serve, connections, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = Seen()
    server = await serve(answering(seen))
    url = str(server.make_url("/cb"))
    await connections.post(url, b"{}")
    monkeypatch.setattr(keepalive, "KEEPALIVE", 0.01)
    await asyncio.sleep(0.05)
    await connections.post(url, b"{}")
    assert len(set(seen.ports)) == 2


async def test_no_answer_in_time_raises_and_the_connection_is_dropped(
    serve, connections, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = Seen()
    never = asyncio.Event()

    async def stall(request: web.Request) -> web.Response:
        if not seen.bodies:
            await seen.record(request)
            await never.wait()
        await seen.record(request)
        return web.Response(status=204)

    server = await serve(stall)
    monkeypatch.setattr(keepalive, "TIMEOUT", 0.05)
    url = str(server.make_url("/cb"))
    with pytest.raises(aiohttp.ServerTimeoutError):
        await connections.post(url, b"{}")
    assert (await connections.post(url, b"{}")).status == 204
    assert len(set(seen.ports)) == 2


async def test_a_server_that_goes_away_mid_answer_raises_disconnected(serve, connections) -> None:
    async def hang_up(request: web.Request) -> web.Response:
        assert request.transport is not None
        request.transport.close()
        return web.Response(status=204)

    server = await serve(hang_up)
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await connections.post(str(server.make_url("/cb")), b"{}")


async def test_no_server_raises_a_connection_error(connections) -> None:
    with socket.socket() as nobody:  # a port that is ours but never listens: refused
        nobody.bind(("127.0.0.1", 0))
        port = nobody.getsockname()[1]
        with pytest.raises(aiohttp.ClientOSError):
            await connections.post(f"http://127.0.0.1:{port}/cb", b"{}")


async def test_answers_go_over_tls_to_a_trusted_server(serve) -> None:
    authority = trustme.CA()
    server_side = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("127.0.0.1").configure_cert(server_side)
    trusted = ssl.create_default_context()
    authority.configure_trust(trusted)
    seen = Seen()
    server = await serve(answering(seen), ssl=server_side)
    url = str(server.make_url("/cb"))
    assert url.startswith("https://")
    connections = KeepAlive(AGENT, trusted)
    try:
        for _ in range(2):
            assert (await connections.post(url, b"{}")).status == 204
    finally:
        connections.close()
    assert len(set(seen.ports)) == 1

    with pytest.raises(aiohttp.ClientOSError):  # a stranger's certificate is refused
        untrusting = KeepAlive(AGENT)
        try:
            await untrusting.post(url, b"{}")
        finally:
            untrusting.close()


async def test_closing_fails_an_answer_still_awaited(serve) -> None:
    arrived = asyncio.Event()

    async def slow(request: web.Request) -> web.Response:
        arrived.set()
        await asyncio.sleep(10)
        return web.Response(status=204)

    server = await serve(slow)
    connections = KeepAlive(AGENT)
    pending = asyncio.ensure_future(connections.post(str(server.make_url("/cb")), b"{}"))
    await arrived.wait()
    connections.close()
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await pending
    with pytest.raises(RuntimeError):
        await connections.post(str(server.make_url("/cb")), b"{}")


async def test_an_answer_given_up_on_closes_its_connection(serve, connections) -> None:
    seen = Seen()
    arrived = asyncio.Event()

    async def slow_once(request: web.Request) -> web.Response:
        await seen.record(request)
        if len(seen.bodies) == 1:
            arrived.set()
            await asyncio.sleep(10)
        return web.Response(status=204)

    server = await serve(slow_once)
    url = str(server.make_url("/cb"))
    pending = asyncio.ensure_future(connections.post(url, b"{}"))
    await arrived.wait()
    pending.cancel()
    with pytest.raises(asyncio.CancelledError):
        await pending
    # Its answer would come on that connection: the next request takes a new one.
    assert (await connections.post(url, b"{}")).status == 204
    assert len(set(seen.ports)) == 2


async def test_a_connection_that_never_opens_times_out(
    connections, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def unanswered_syn(*args: object, **kwargs: object) -> None:
        await asyncio.Event().wait()  # as a server that drops the packets would leave it

    monkeypatch.setattr(asyncio.get_running_loop(), "create_connection", unanswered_syn)
    monkeypatch.setattr(keepalive, "TIMEOUT", 0.05)
    with pytest.raises(aiohttp.ServerTimeoutError):
        await connections.post("http://127.0.0.1:9/cb", b"{}")


async def test_a_connection_that_opens_after_closing_is_not_kept(
    serve, connections, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = Seen()
    server = await serve(answering(seen))
    loop = asyncio.get_running_loop()
    opening, go_on = asyncio.Event(), asyncio.Event()
    opened: list[asyncio.BaseTransport] = []
    create_connection = loop.create_connection

    async def slow_to_open(*args: object, **kwargs: object) -> object:
        opening.set()
        await go_on.wait()
        transport, protocol = await create_connection(*args, **kwargs)  # type: ignore[arg-type]
        opened.append(transport)
        return transport, protocol

    monkeypatch.setattr(loop, "create_connection", slow_to_open)
    pending = asyncio.ensure_future(connections.post(str(server.make_url("/cb")), b"{}"))
    await opening.wait()
    connections.close()
    go_on.set()
    with pytest.raises(RuntimeError):
        await pending
    assert opened[0].is_closing()
    assert seen.bodies == []
