"""Keep-alive HTTP/1.1 connections that carry interaction answers to Discord.

Every click is answered by one POST. Through aiohttp a POST cost about 78 µs of the event
loop's CPU, most of it in the client's machinery around the request (its request and response
objects, header multidicts, the connector's bookkeeping, traces, timers), and under load a
click's time is the bot's whole CPU. Here a request is written as bytes on an open connection,
and its answer is read by httptools (the C parser of uvicorn): about 27 µs (README,
performance).

A connection carries one request at a time and goes back to the idle ones when its answer is
complete, unless the server asked to close it. An idle connection is reused for KEEPALIVE
seconds, like aiohttp's; the last one put back is the first taken.

Failures raise aiohttp's exceptions, as the answers did through aiohttp: ClientOSError when no
connection could be opened, ServerDisconnectedError when the server closed one before its
answer was complete, ClientPayloadError for what is not HTTP, and ServerTimeoutError after
TIMEOUT seconds without a connection or an answer (the connection is closed then). A POST is
never sent twice: Discord may have taken the first.
"""

from __future__ import annotations

import asyncio
import ssl
from typing import NamedTuple, cast
from urllib.parse import urlencode

import aiohttp
import httptools
from yarl import URL

KEEPALIVE = 15.0
"""Seconds an idle connection is kept (aiohttp's default)."""
TIMEOUT = 30.0
"""Seconds to wait for an answer. Discord answers a callback within a second; a later answer is
lost anyway, and the connection it holds should not be."""


class Reply(NamedTuple):
    """A server's answer. `status` and `reason` are what discord.HTTPException reads of it."""

    status: int
    reason: str
    content_type: str
    body: bytes


class _Connection(asyncio.Protocol):
    """One connection: a request written, its answer parsed as it arrives."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.closed = False
        self.idle_since = 0.0
        self._parser = httptools.HttpResponseParser(self)
        self._answer: asyncio.Future[Reply] | None = None
        self._reason = b""
        self._content_type = b""
        self._body: list[bytes] = []

    def send(self, request: bytes, answer: asyncio.Future[Reply]) -> None:
        assert self.transport is not None
        self._answer = answer
        self.transport.write(request)

    def close(self) -> None:
        self.closed = True
        if self.transport is not None:
            self.transport.close()

    # asyncio.Protocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # A stream's transport (uvloop's is not registered as an asyncio.Transport).
        self.transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        try:
            self._parser.feed_data(data)
        except httptools.HttpParserError as exc:
            self._fail(aiohttp.ClientPayloadError(f"not an HTTP answer: {exc}"))
            self.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._fail(aiohttp.ServerDisconnectedError())

    def _fail(self, error: Exception) -> None:
        answer, self._answer = self._answer, None
        if answer is not None and not answer.done():
            answer.set_exception(error)

    # httptools' callbacks

    def on_status(self, reason: bytes) -> None:
        self._reason += reason

    def on_header(self, name: bytes, value: bytes) -> None:
        if name.lower() == b"content-type":
            self._content_type = value

    def on_body(self, body: bytes) -> None:
        self._body.append(body)

    def on_message_complete(self) -> None:
        answer, self._answer = self._answer, None
        reply = Reply(
            self._parser.get_status_code(),
            self._reason.decode("latin-1"),
            self._content_type.decode("latin-1"),
            b"".join(self._body),
        )
        self._reason = self._content_type = b""
        self._body = []
        if not self._parser.should_keep_alive():
            self.close()
        if answer is not None and not answer.done():
            answer.set_result(reply)


class KeepAlive:
    """Connections to the origins of `Route.BASE` (Discord, or a stand-in for it)."""

    def __init__(self, user_agent: str, tls: ssl.SSLContext | None = None) -> None:
        """`user_agent`: the bot's (Discord asks every client for one, discord.py sends its
        own); `tls`: whom to trust over https (the system's authorities unless given)."""
        self._user_agent = user_agent
        self._idle: dict[tuple[str, str, int], list[_Connection]] = {}
        self._busy: set[_Connection] = set()
        self._tls = tls
        self._closed = False

    async def post(self, url: str, body: bytes, params: dict[str, str] | None = None) -> Reply:
        """POST a JSON `body` to `url` (already encoded) and wait for the whole answer."""
        if self._closed:
            raise RuntimeError("the connections are closed")
        target = URL(url, encoded=True)
        origin = (target.scheme, target.raw_host or "", target.port or 0)
        path = target.raw_path_qs
        if params:
            path += ("&" if target.raw_query_string else "?") + urlencode(params)
        request = (
            f"POST {path} HTTP/1.1\r\nHost: {target.raw_authority}\r\n"
            f"User-Agent: {self._user_agent}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode("latin-1") + body
        loop = asyncio.get_running_loop()
        connection = self._idle_connection(origin, loop.time()) or await self._connect(origin)
        if self._closed:  # closed while this one was opening: nothing would ever close it
            connection.close()
            raise RuntimeError("the connections are closed")
        answer: asyncio.Future[Reply] = loop.create_future()
        timer = loop.call_later(TIMEOUT, self._time_out, connection, answer)
        self._busy.add(connection)
        try:
            connection.send(request, answer)
            reply = await answer
        except BaseException:
            # Failed, timed out, or the answer is no longer awaited: its connection is done.
            connection.close()
            raise
        finally:
            timer.cancel()
            self._busy.discard(connection)
        if not connection.closed:
            connection.idle_since = loop.time()
            self._idle.setdefault(origin, []).append(connection)
        return reply

    def close(self) -> None:
        """Close every connection; an answer still awaited fails as disconnected."""
        self._closed = True
        for connections in self._idle.values():
            for connection in connections:
                connection.close()
        self._idle.clear()
        for connection in list(self._busy):
            connection.close()

    def _idle_connection(self, origin: tuple[str, str, int], now: float) -> _Connection | None:
        idle = self._idle.get(origin)
        while idle:
            connection = idle.pop()
            if now - connection.idle_since > KEEPALIVE:
                # The rest were put back earlier still.
                for stale in (connection, *idle):
                    stale.close()
                idle.clear()
                return None
            if not connection.closed:
                return connection
        return None

    async def _connect(self, origin: tuple[str, str, int]) -> _Connection:
        scheme, host, port = origin
        tls = None
        if scheme == "https":
            if self._tls is None:
                self._tls = ssl.create_default_context()
            tls = self._tls
        try:
            async with asyncio.timeout(TIMEOUT):
                _, connection = await asyncio.get_running_loop().create_connection(
                    _Connection, host, port, ssl=tls, server_hostname=host if tls else None
                )
        except TimeoutError as exc:
            raise aiohttp.ConnectionTimeoutError(f"no connection in {TIMEOUT:.0f} s") from exc
        except OSError as exc:
            raise aiohttp.ClientOSError(
                exc.errno, f"cannot connect to {host}:{port}: {exc}"
            ) from exc
        return connection

    @staticmethod
    def _time_out(connection: _Connection, answer: asyncio.Future[Reply]) -> None:
        if not answer.done():
            answer.set_exception(aiohttp.ServerTimeoutError(f"no answer in {TIMEOUT:.0f} s"))
        connection.close()
