"""An interaction's answer (its callback request), sent on a keep-alive connection of our own.

discord.py sends answers through its webhook adapter, built for webhooks that many messages
share: a lock per webhook token (one for each interaction here, made and thrown away), rate
limit headers, retries, all on aiohttp. An interaction is answered once, so none of that applies
to the first try. Here the first try is a plain request written on an open connection
(cogs.keepalive), about a third of the CPU of the same request through aiohttp (README,
performance). Whatever needs the adapter's care (a 429, a 5xx) is handed to it; a refusal
raises the exception discord.py would raise.

Another adapter in discord.py's place (`async_context`: a transport that is not discord.py's
HTTP) gets the request whole, as discord.py would give it.
"""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
import orjson
from discord import utils
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from cogs.keepalive import KeepAlive, Reply

NO_CONTENT = 204


async def post(
    route: Route,
    session: aiohttp.ClientSession,
    connections: KeepAlive,
    payload: dict[str, Any],
    *,
    params: dict[str, str] | None = None,
) -> Any:
    """POST `payload` to the callback `route`; Discord's JSON answer (nothing if it sent none).

    `session` is discord.py's, for its adapter; `connections` carry the first try.
    """
    adapter = async_context.get()
    if type(adapter) is not AsyncWebhookAdapter:
        return await adapter.request(route, session=session, payload=payload, params=params)
    # Route quoted the ids and the token already.
    reply = await connections.post(route.url, orjson.dumps(payload), params)
    if reply.status == NO_CONTENT:
        return None
    data = _decoded(reply)
    if 200 <= reply.status < 300:
        return data
    if reply.status != 429 and reply.status < 500:
        raise _refusal(reply, data)
    # Rate limited or a server error: nothing was answered, so the adapter may try again.
    return await adapter.request(route, session=session, payload=payload, params=params)


def _decoded(reply: Reply) -> Any:
    """The body as discord.py reads it: JSON when Discord says it is, text otherwise."""
    text = reply.body.decode("utf-8")
    if reply.content_type == "application/json":
        return utils._from_json(text)
    return text


def _refusal(reply: Reply, data: Any) -> discord.HTTPException:
    """The exception discord.py raises for this status (NotFound for an expired interaction)."""
    # discord.py's exceptions read only the status and the reason of the response they get.
    if reply.status == 403:
        return discord.Forbidden(reply, data)  # type: ignore[arg-type]
    if reply.status == 404:
        return discord.NotFound(reply, data)  # type: ignore[arg-type]
    return discord.HTTPException(reply, data)  # type: ignore[arg-type]
