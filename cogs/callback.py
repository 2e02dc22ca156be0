"""An interaction's answer (its callback request), sent straight through aiohttp.

discord.py sends answers through its webhook adapter, built for webhooks that many messages
share: a lock per webhook token (one for each interaction here, made and thrown away), rate
limit headers, retries. An interaction is answered once, so none of that applies to the first
try, which was a third of the CPU of the answer's request (about 40 of 120 µs; README,
performance). Here the first try is a plain request. Whatever needs the adapter's care (a 429, a
5xx) is handed to it to try again; a refusal raises the exception discord.py would raise.

Another adapter in discord.py's place (`async_context`: a transport that is not discord.py's
HTTP) gets the request whole, as discord.py would give it.
"""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
from discord import utils
from discord.http import Route, json_or_text
from discord.webhook.async_ import AsyncWebhookAdapter, async_context
from yarl import URL

JSON = {"Content-Type": "application/json"}
NO_CONTENT = 204


async def post(
    route: Route,
    session: aiohttp.ClientSession,
    payload: dict[str, Any],
    *,
    params: dict[str, str] | None = None,
    proxy: str | None = None,
    proxy_auth: aiohttp.BasicAuth | None = None,
) -> Any:
    """POST `payload` to the callback `route`; Discord's JSON answer (nothing if it sent none)."""
    adapter = async_context.get()
    again = {"params": params, "proxy": proxy, "proxy_auth": proxy_auth}
    if type(adapter) is not AsyncWebhookAdapter:
        return await adapter.request(route, session=session, payload=payload, **again)
    async with session.post(
        # Route quoted the ids and the token already: yarl need not encode the URL again.
        URL(route.url, encoded=True),
        data=utils._to_json(payload),
        headers=JSON,
        params=params,
        proxy=proxy,
        proxy_auth=proxy_auth,
    ) as response:
        if response.status == NO_CONTENT:
            return None
        data = await json_or_text(response)
        if 200 <= response.status < 300:
            return data
        if response.status != 429 and response.status < 500:
            raise _refusal(response, data)
    # Rate limited or a server error: nothing was answered, so the adapter may try again.
    return await adapter.request(route, session=session, payload=payload, **again)


def _refusal(response: aiohttp.ClientResponse, data: Any) -> discord.HTTPException:
    """The exception discord.py raises for this status (NotFound for an expired interaction)."""
    if response.status == 403:
        return discord.Forbidden(response, data)
    if response.status == 404:
        return discord.NotFound(response, data)
    return discord.HTTPException(response, data)
