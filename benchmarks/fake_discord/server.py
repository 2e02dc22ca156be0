"""A small Discord-compatible server on 127.0.0.1 for load and crash tests of the real bot process.

It speaks what discord.py 2.7 uses: the gateway websocket (HELLO, IDENTIFY -> READY +
GUILD_CREATE, heartbeat ACKs, RESUME, member chunks, INTERACTION_CREATE and MESSAGE_* dispatch)
and the REST routes of the bot (gateway, users, application, command sync, interaction callbacks,
webhook followups, channel messages, DMs, threads), with Discord's rate limits and headers.

It never sends op 1 (HEARTBEAT request): discord.py allows itself 110 gateway sends a minute and
its receive loop stalls once they are spent. The bot heartbeats on its own at the HELLO interval
and gets an ACK each time.

It records, for every interaction, the time from its dispatch on the websocket to the arrival of
its callback request (`Interaction.latency`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson
from aiohttp import WSMsgType, web

from benchmarks.fake_discord import payloads as wire
from benchmarks.fake_discord.ratelimit import RateLimiter

log = logging.getLogger("fake_discord")

API = "/api/v10"
ANSWER_DEADLINE = 3.0
"""Discord refuses an interaction callback that arrives later than this (10062)."""
EPHEMERAL = 64
LOADING = 128
GUILD_MESSAGES = 1 << 9
"""The gateway intent for MESSAGE_CREATE/UPDATE in servers."""
DIRECT_MESSAGES = 1 << 12
"""The gateway intent for MESSAGE_CREATE/UPDATE in DMs."""
CHANNEL_HISTORY = 100
"""Messages kept per channel (least recently created or edited are forgotten first)."""
EPHEMERAL_KEPT = 50_000
INTERACTIONS_KEPT = 100_000
RESUME_BUFFER = 5_000
ACK_DELAY = 0.02
NO_MESSAGES: Mapping[int, dict[str, Any]] = {}
"""The messages of a channel nothing was posted in yet."""


def _text(frame: Any) -> str:
    """A JSON text frame (orjson: the driver shares the machine with the bot it measures)."""
    return orjson.dumps(frame).decode()


class BotOffline(Exception):  # noqa: N818 - reads better at call sites
    """No gateway session is connected for the shard of this guild."""


class Signal:
    """A change counter one can wait on: `await signal.wait(seen, timeout)`."""

    def __init__(self) -> None:
        self.generation = 0
        self._event = asyncio.Event()

    def fire(self) -> None:
        """Something changed: wake every waiter."""
        self.generation += 1
        self._event.set()
        self._event = asyncio.Event()

    async def wait(self, seen: int, timeout: float) -> bool:
        """Return when the generation moved past `seen` (True) or after `timeout` (False)."""
        if self.generation != seen:
            return True
        try:
            await asyncio.wait_for(self._event.wait(), timeout)
        except TimeoutError:
            return False
        return True


@dataclass
class Interaction:
    """One dispatched interaction and what the bot answered."""

    id: int
    token: str
    type: int
    kind: str
    user_id: int
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    message: dict[str, Any] | None = None
    session: GatewaySession | None = None
    sent_at: float = 0.0
    answered_at: float | None = None
    answer_type: int | None = None
    answer: dict[str, Any] | None = None
    late: bool = False
    followups: list[dict[str, Any]] = field(default_factory=list)
    done: asyncio.Future[Interaction | None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the callback's arrival (None if never answered)."""
        return None if self.answered_at is None else self.answered_at - self.sent_at

    @property
    def content(self) -> str:
        """Text of the message the callback created or updated ('' if none)."""
        return (self.answer or {}).get("content") or ""


def flat_components(message: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Buttons and selects of a message, whatever the nesting (rows, containers, sections)."""
    found: list[dict[str, Any]] = []

    def walk(items: list[dict[str, Any]]) -> None:
        for item in items:
            if item.get("type") in (2, 3, 5, 6, 7, 8):
                found.append(item)
            walk(item.get("components") or [])
            if isinstance(item.get("accessory"), dict):
                walk([item["accessory"]])

    walk((message or {}).get("components") or [])
    return found


class GatewaySession:
    """A gateway session: survives a dropped socket (RESUME), not a new IDENTIFY."""

    def __init__(self, server: FakeDiscord, shard: tuple[int, int], intents: int) -> None:
        self.server = server
        self.id = secrets.token_hex(16)
        self.shard = shard
        self.intents = intents
        self.seq = 0
        self.buffer: deque[tuple[int, str]] = deque(maxlen=RESUME_BUFFER)
        self.ws: web.WebSocketResponse | None = None
        self.lock = asyncio.Lock()
        self.ready_sent_at: float | None = None
        self.pending: set[int] = set()

    async def send(self, op: int, d: Any = None, t: str | None = None) -> float:
        """Send a frame (dispatches get a sequence number); the time just before sending."""
        async with self.lock:
            if op == 0:
                self.seq += 1
                text = _text({"op": 0, "s": self.seq, "t": t, "d": d})
                self.buffer.append((self.seq, text))
            else:
                text = _text({"op": op, "s": None, "t": None, "d": d})
            if self.ws is None or self.ws.closed:
                raise BotOffline
            sent = time.perf_counter()
            await self.ws.send_str(text)
            return sent


class FakeDiscord:
    """The server: state of guilds, channels, users and messages, REST routes and the gateway."""

    def __init__(
        self,
        *,
        guilds: int = 1,
        channels_per_guild: int = 10,
        users_per_guild: int = 10,
        heartbeat_interval_ms: int = 41_250,
        global_rate_limit: int | None = 50,
        route_rate_limits: bool = True,
        message_events: bool = True,
        closed_dm_users: frozenset[int] = frozenset(),
        identify_spacing: float = 0.0,
    ) -> None:
        """`identify_spacing`: Discord's 5 s between two IDENTIFYs of a bot (max_concurrency 1);
        one sooner is refused with op 9. Off by default: a killed and restarted bot identifies
        again at once, which Discord refuses too, and discord.py then waits 5 s."""
        self.ids = wire.Snowflakes()
        self.identify_spacing = identify_spacing
        self._first_guild_ms: int | None = None
        self.last_identify_at: float | None = None
        self.identifies_refused = 0
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.message_events = message_events
        self.limits = RateLimiter(global_rate_limit)
        self.route_rate_limits = route_rate_limits
        self.bot_id = self.ids.next()
        self.bot_user = wire.user(self.bot_id, "tabletop-bot", bot=True)
        self.owner_id = self.ids.next()
        self.users: dict[int, dict[str, Any]] = {
            self.bot_id: self.bot_user,
            self.owner_id: wire.user(self.owner_id, "owner"),
        }
        self.guilds: dict[int, dict[str, Any]] = {}
        """guild id -> {"name", "channels": [ids], "members": [user ids], "threads": [ids]}"""
        self.channels: dict[int, dict[str, Any]] = {}
        self.joined_at: dict[int, str] = {}
        self.dm_of_user: dict[int, int] = {}
        self.dm_recipient: dict[int, int] = {}
        self.closed_dm_users = set(closed_dm_users)
        self.messages: dict[int, OrderedDict[int, dict[str, Any]]] = {}
        self.ephemeral: OrderedDict[int, dict[str, Any]] = OrderedDict()
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.interactions: OrderedDict[int, Interaction] = OrderedDict()
        self.by_token: dict[str, int] = {}
        self.sessions: dict[str, GatewaySession] = {}
        self.shard_sessions: dict[int, GatewaySession] = {}
        self.shard_count = 1
        self.online = asyncio.Event()
        self.identify_count = 0
        self.first_identify_at: float | None = None
        self.signals: dict[Any, Signal] = {}
        self.on_interaction: list[Callable[[Interaction], None]] = []
        self.rest_counts: Counter[str] = Counter()
        self.rest_429: Counter[str] = Counter()
        self.unknown_routes: Counter[str] = Counter()
        self.private_embeds: Counter[str] = Counter()
        """Answers that showed a member an ephemeral message with an embed (a panel: "shown"),
        and those whose embed had its picture at once ("pictured")."""
        self.pictures_followed: list[float] = []
        """Seconds from a click to the edit that brought its panel, answered as text, a picture."""
        self._picture_due: dict[int, float] = {}
        self.late = 0
        self.duplicate_callbacks = 0
        self.gateway_received: Counter[int] = Counter()
        self._runner: web.AppRunner | None = None
        self.port = 0
        for g in range(guilds):
            self.add_guild(f"guild-{g}", channels_per_guild, users_per_guild)

    # --- world building ---

    def add_guild(self, name: str, channels: int, users: int) -> int:
        """A guild with `channels` text channels and `users` human members (plus the bot)."""
        # Each server exactly a millisecond after the one before: Discord's shard of a server goes
        # by the time in its id, so servers made at once would all land on one shard, and a
        # clock tick in between would put two neighbours on one.
        if self._first_guild_ms is None:
            self._first_guild_ms = self.ids.next() >> 22
        guild_id = self.ids.at(self._first_guild_ms + len(self.guilds))
        self.guilds[guild_id] = {"name": name, "channels": [], "members": [], "threads": []}
        for c in range(channels):
            self.add_channel(guild_id, f"table-{c}")
        self._add_member(guild_id, self.bot_id)
        self._add_member(guild_id, self.owner_id)
        for u in range(users):
            self.add_user(guild_id, f"{name}-player-{u}")
        return guild_id

    def add_channel(self, guild_id: int, name: str) -> int:
        """A text channel in a guild (before the bot connects)."""
        channel_id = self.ids.next()
        position = len(self.guilds[guild_id]["channels"])
        self.channels[channel_id] = wire.text_channel(channel_id, guild_id, name, position)
        self.guilds[guild_id]["channels"].append(channel_id)
        self.messages[channel_id] = OrderedDict()
        return channel_id

    def add_user(self, guild_id: int, name: str) -> int:
        """A human member of a guild."""
        user_id = self.ids.next()
        self.users[user_id] = wire.user(user_id, name)
        self._add_member(guild_id, user_id)
        return user_id

    def _add_member(self, guild_id: int, user_id: int) -> None:
        self.guilds[guild_id]["members"].append(user_id)
        self.joined_at.setdefault(user_id, wire.iso_now())

    def guild_channels(self, guild_id: int) -> list[int]:
        """Text channel ids of a guild, in order."""
        return list(self.guilds[guild_id]["channels"])

    def guild_users(self, guild_id: int) -> list[int]:
        """Human member ids of a guild, in order."""
        return [
            u for u in self.guilds[guild_id]["members"] if u not in (self.bot_id, self.owner_id)
        ]

    def signal(self, key: Any) -> Signal:
        """The change signal of a channel id, or ("dm", user id) for DMs to a user."""
        sig = self.signals.get(key)
        if sig is None:
            sig = self.signals[key] = Signal()
        return sig

    def channel_messages(self, channel_id: int) -> list[dict[str, Any]]:
        """The kept messages of a channel, oldest first."""
        return list(self.messages.get(channel_id, NO_MESSAGES).values())

    # --- lifecycle ---

    async def start(self, port: int = 0) -> str:
        """Listen on 127.0.0.1; returns the base URL for DISCORD_API_BASE."""
        app = web.Application(client_max_size=32 * 1024 * 1024)
        self._routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self.base_url

    @property
    def base_url(self) -> str:
        """http://127.0.0.1:<port>"""
        return f"http://127.0.0.1:{self.port}"

    async def stop(self) -> None:
        """Close every socket and stop listening."""
        for session in list(self.sessions.values()):
            if session.ws is not None and not session.ws.closed:
                await session.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def disconnect(self, code: int = 4000) -> None:
        """Close every gateway socket as Discord does on trouble; sessions stay resumable."""
        for session in list(self.sessions.values()):
            if session.ws is not None and not session.ws.closed:
                await session.ws.close(code=code)

    async def wait_online(self, timeout: float) -> bool:
        """Until a bot has identified and received its guilds (False on timeout)."""
        try:
            await asyncio.wait_for(self.online.wait(), timeout)
        except TimeoutError:
            return False
        return True

    # --- interactions ---

    def command_id(self, name: str, guild_id: int | None) -> int:
        """The id the bot registered for a top-level command (a stable fake one if none)."""
        for scope in (guild_id, None):
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name:
                    return int(cmd["id"])
        return 1

    def command_option_types(self, name: str, guild_id: int | None) -> dict[str, int]:
        """Option name -> type of a registered top-level command (empty if unknown)."""
        for scope in (guild_id, None):
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name:
                    return {o["name"]: o["type"] for o in cmd.get("options") or []}
        return {}

    def slash_data(
        self, guild_id: int | None, command: str, options: dict[str, Any]
    ) -> dict[str, Any]:
        """Application command data; `command` may be "game end" for a subcommand."""
        top, *sub = command.split()
        types = self.command_option_types(top, guild_id)
        opts = [{"name": k, "type": types.get(k, 3), "value": v} for k, v in options.items()]
        if sub:
            opts = [{"name": sub[0], "type": 1, "options": opts}]
        data: dict[str, Any] = {
            "id": str(self.command_id(top, guild_id)),
            "name": top,
            "type": 1,
            "options": opts,
        }
        if guild_id is not None and any(c["name"] == top for c in self.commands.get(guild_id, [])):
            data["guild_id"] = str(guild_id)
        return data

    def _member(self, user_id: int) -> dict[str, Any]:
        m = wire.member(self.users[user_id], self.joined_at.get(user_id, wire.iso_now()))
        m["permissions"] = wire.EVERYONE_PERMISSIONS
        return m

    async def interact(
        self,
        user_id: int,
        channel_id: int,
        type_: int,
        data: dict[str, Any],
        *,
        kind: str = "",
        message: dict[str, Any] | None = None,
        locale: str = "en-US",
    ) -> Interaction:
        """Dispatch INTERACTION_CREATE now; returns at once (await `.done` for the answer).

        Raises BotOffline when no gateway session serves the channel's guild.
        """
        channel = self.channels[channel_id]
        guild_id = int(channel["guild_id"]) if "guild_id" in channel else None
        interaction_id = self.ids.next()
        token = f"aW50ZXJhY3Rpb24{interaction_id}{secrets.token_urlsafe(12)}"
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.bot_id),
            "type": type_,
            "data": data,
            "token": token,
            "version": 1,
            "channel_id": str(channel_id),
            "channel": channel,
            "locale": locale,
            "app_permissions": wire.ALL_PERMISSIONS,
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if guild_id is not None:
            payload["guild_id"] = str(guild_id)
            payload["guild_locale"] = "en-US"
            payload["guild"] = {"id": str(guild_id), "locale": "en-US", "features": []}
            payload["member"] = self._member(user_id)
            payload["authorizing_integration_owners"] = {"0": str(guild_id)}
            payload["context"] = 0
        else:
            payload["user"] = self.users[user_id]
            payload["authorizing_integration_owners"] = {"1": str(user_id)}
            payload["context"] = 1
        if message is not None:
            payload["message"] = message
        record = Interaction(
            id=interaction_id,
            token=token,
            type=type_,
            kind=kind,
            user_id=user_id,
            channel_id=channel_id,
            guild_id=guild_id,
            payload=payload,
            message=message,
        )
        await self.send_interaction(record)
        return record

    async def send_interaction(self, record: Interaction) -> None:
        """Dispatch an already built interaction (replays reuse recorded payloads)."""
        session = self._session_for(record.guild_id)
        self.interactions[record.id] = record
        self.by_token[record.token] = record.id
        if len(self.interactions) > INTERACTIONS_KEPT:
            _, old = self.interactions.popitem(last=False)
            self.by_token.pop(old.token, None)
        record.session = session
        session.pending.add(record.id)
        try:
            record.sent_at = await session.send(0, record.payload, "INTERACTION_CREATE")
        except (BotOffline, ConnectionError, RuntimeError) as exc:
            session.pending.discard(record.id)
            raise BotOffline from exc
        for hook in self.on_interaction:
            hook(record)

    def _session_for(self, guild_id: int | None) -> GatewaySession:
        shard = 0 if guild_id is None else (guild_id >> 22) % self.shard_count
        session = self.shard_sessions.get(shard)
        if session is None or session.ws is None or session.ws.closed:
            raise BotOffline
        return session

    def serving(self, guild_id: int | None) -> bool:
        """Whether the shard of `guild_id` (DMs: shard 0) has a live session that received its
        guilds: interactions there reach a bot. With shards in several processes, one being down
        leaves the others serving, while `online` is cleared when any shard's session drops."""
        try:
            session = self._session_for(guild_id)
        except BotOffline:
            return False
        return session.ready_sent_at is not None

    def _finish(self, record: Interaction) -> None:
        if record.session is not None:
            record.session.pending.discard(record.id)
        if not record.done.done():
            record.done.set_result(record)

    # --- messages ---

    def _store(self, channel_id: int, message: dict[str, Any]) -> None:
        history = self.messages.setdefault(channel_id, OrderedDict())
        history[int(message["id"])] = message
        history.move_to_end(int(message["id"]))
        while len(history) > CHANNEL_HISTORY:
            history.popitem(last=False)

    def _find(self, channel_id: int | None, message_id: int) -> dict[str, Any] | None:
        if channel_id is not None:
            found = self.messages.get(channel_id, NO_MESSAGES).get(message_id)
            if found is not None:
                return found
        return self.ephemeral.get(message_id)

    def _answered_privately(self, message: dict[str, Any] | None, clicked_at: float) -> None:
        """Count an answer that showed a member a panel, and whether its picture came with it."""
        if message is None or not int(message.get("flags", 0)) & EPHEMERAL:
            return
        if not (embeds := message.get("embeds")):
            return
        self.private_embeds["shown"] += 1
        if any("image" in embed for embed in embeds):
            self.private_embeds["pictured"] += 1
            self._picture_due.pop(int(message["id"]), None)
        else:
            self._picture_due[int(message["id"])] = clicked_at

    def _picture_came(self, message: dict[str, Any]) -> None:
        clicked_at = self._picture_due.get(int(message["id"]))
        if clicked_at is not None and any("image" in e for e in message.get("embeds") or ()):
            del self._picture_due[int(message["id"])]
            self.pictures_followed.append(time.perf_counter() - clicked_at)

    def _keep_ephemeral(self, message: dict[str, Any]) -> None:
        self.ephemeral[int(message["id"])] = message
        self.ephemeral.move_to_end(int(message["id"]))
        while len(self.ephemeral) > EPHEMERAL_KEPT:
            self.ephemeral.popitem(last=False)

    async def _publish(self, message: dict[str, Any], created: bool) -> None:
        """Store, wake watchers and (for non-ephemeral messages) dispatch MESSAGE_CREATE/UPDATE."""
        channel_id = int(message["channel_id"])
        if int(message.get("flags", 0)) & EPHEMERAL:
            self._keep_ephemeral(message)
            self.signal(("ephemeral", int(message["id"]))).fire()
            return
        self._store(channel_id, message)
        recipient = self.dm_recipient.get(channel_id)
        self.signal(("dm", recipient) if recipient is not None else channel_id).fire()
        if not self.message_events:
            return
        guild_id = int(message["guild_id"]) if "guild_id" in message else None
        with contextlib.suppress(BotOffline, ConnectionError, RuntimeError):
            session = self._session_for(guild_id)
            # As Discord does: a bot gets message events only with the matching intent.
            if session.intents & (DIRECT_MESSAGES if guild_id is None else GUILD_MESSAGES):
                await session.send(0, message, "MESSAGE_CREATE" if created else "MESSAGE_UPDATE")

    # --- HTTP plumbing ---

    def _routes(self, app: web.Application) -> None:
        r = app.router
        r.add_get(f"{API}/gateway", self.get_gateway)
        r.add_get(f"{API}/gateway/bot", self.get_gateway)
        r.add_get("/gateway", self.gateway)
        r.add_get("/", self.gateway)
        r.add_get(f"{API}/users/{{uid}}", self.get_user)
        r.add_post(f"{API}/users/@me/channels", self.create_dm)
        r.add_get(f"{API}/oauth2/applications/@me", self.get_application)
        r.add_get(f"{API}/applications/@me", self.get_application)
        r.add_put(f"{API}/applications/{{app}}/commands", self.put_commands)
        r.add_get(f"{API}/applications/{{app}}/commands", self.get_commands)
        r.add_put(f"{API}/applications/{{app}}/guilds/{{gid}}/commands", self.put_commands)
        r.add_get(f"{API}/applications/{{app}}/guilds/{{gid}}/commands", self.get_commands)
        r.add_post(f"{API}/interactions/{{iid}}/{{token}}/callback", self.callback)
        r.add_post(f"{API}/webhooks/{{app}}/{{token}}", self.followup)
        r.add_route("*", f"{API}/webhooks/{{app}}/{{token}}/messages/{{mid}}", self.webhook_message)
        r.add_get(f"{API}/channels/{{cid}}", self.get_channel)
        r.add_post(f"{API}/channels/{{cid}}/messages", self.post_message)
        r.add_get(f"{API}/channels/{{cid}}/messages", self.get_messages)
        r.add_route("*", f"{API}/channels/{{cid}}/messages/{{mid}}", self.channel_message)
        r.add_post(f"{API}/channels/{{cid}}/threads", self.create_thread)
        r.add_post(f"{API}/channels/{{cid}}/messages/{{mid}}/threads", self.create_thread)
        r.add_put(f"{API}/channels/{{cid}}/thread-members/@me", self.no_content)
        r.add_route("*", "/{tail:.*}", self.unknown)

    @staticmethod
    def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
        # Exactly "application/json": discord.py compares the header verbatim (no charset).
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        return web.Response(body=orjson.dumps(data), status=status, headers=all_headers)

    @classmethod
    def _error(cls, status: int, code: int, message: str) -> web.Response:
        return cls._json({"code": code, "message": message}, status)

    @staticmethod
    async def _body(request: web.Request) -> dict[str, Any]:
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            body: dict[str, Any] = {}
            async for part in reader:
                if getattr(part, "name", None) == "payload_json":
                    body = orjson.loads(await part.text())  # type: ignore[union-attr]
                else:
                    await part.release()  # type: ignore[union-attr]
            return body
        if not request.can_read_body:
            return {}
        text = await request.text()
        return orjson.loads(text) if text else {}

    def _too_many(self, bucket: str, wait: float, headers: dict[str, str]) -> web.Response:
        """Discord's 429: counted under `bucket` ("global" or the route)."""
        self.rest_429[bucket] += 1
        return self._json(
            {
                "message": "You are being rate limited.",
                "retry_after": wait,
                "global": bucket == "global",
            },
            429,
            headers,
        )

    def _limited(
        self, request: web.Request, route: str, major: str, limit: int, per: float
    ) -> tuple[web.Response | None, dict[str, str]]:
        """Apply the global then the route limit; (a 429 response or None, headers to add)."""
        if (limited := self._count(route)) is not None:
            return limited, {}
        if not self.route_rate_limits:
            return None, {}
        wait, headers = self.limits.check(route, major, limit, per)
        if wait:
            return self._too_many(route, wait, headers), {}
        return None, headers

    def _count(self, route: str) -> web.Response | None:
        """Count a route and apply only the global limit."""
        self.rest_counts[route] += 1
        wait, headers = self.limits.check_global()
        return self._too_many("global", wait, headers) if wait else None

    async def unknown(self, request: web.Request) -> web.Response:
        """Anything else: a 404 Discord would give, counted so runs can report it."""
        self.unknown_routes[f"{request.method} {request.path}"] += 1
        log.warning("unknown route %s %s", request.method, request.path)
        return self._error(404, 0, "404: Not Found")

    async def no_content(self, request: web.Request) -> web.Response:
        """Routes answered with 204."""
        self.rest_counts[f"{request.method} {request.path}"] += 1
        return web.Response(status=204)

    # --- REST: login, gateway, application, commands ---

    async def get_gateway(self, request: web.Request) -> web.Response:
        """GET /gateway/bot: the websocket on this host."""
        self.rest_counts["GET /gateway/bot"] += 1
        return self._json(
            {
                "url": f"ws://127.0.0.1:{self.port}/gateway",
                "shards": self.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def get_user(self, request: web.Request) -> web.Response:
        """GET /users/@me (the bot) or /users/{id}."""
        uid = request.match_info["uid"]
        if (limited := self._count("GET /users")) is not None:
            return limited
        if not request.headers.get("Authorization", "").removeprefix("Bot ").strip():
            return self._error(401, 0, "401: Unauthorized")
        if uid == "@me":
            return self._json(self.bot_user)
        user = self.users.get(int(uid)) if uid.isdigit() else None
        if user is None:
            return self._error(404, 10013, "Unknown User")
        return self._json(user)

    async def get_application(self, request: web.Request) -> web.Response:
        """GET /oauth2/applications/@me."""
        self.rest_counts["GET /applications/@me"] += 1
        owner = self.users[self.owner_id]
        app = wire.application(self.bot_id, owner, "tabletop-bot")
        app["bot"] = self.bot_user
        return self._json(app)

    async def put_commands(self, request: web.Request) -> web.Response:
        """Bulk overwrite of global or guild commands."""
        gid = request.match_info.get("gid")
        scope = int(gid) if gid else None
        self.rest_counts["PUT commands"] += 1
        body = await self._body(request)
        registered: list[dict[str, Any]] = []
        commands: list[dict[str, Any]] = body if isinstance(body, list) else []
        for cmd in commands:
            entry = {
                "id": str(self.ids.next()),
                "application_id": str(self.bot_id),
                "version": str(self.ids.next()),
                "type": cmd.get("type", 1),
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
                "name_localizations": None,
                "description_localizations": None,
                **cmd,
            }
            if scope is not None:
                entry["guild_id"] = str(scope)
            registered.append(entry)
        self.commands[scope] = registered
        return self._json(registered)

    async def get_commands(self, request: web.Request) -> web.Response:
        """The registered commands of a scope."""
        gid = request.match_info.get("gid")
        self.rest_counts["GET commands"] += 1
        return self._json(self.commands.get(int(gid) if gid else None, []))

    # --- REST: interactions and webhooks ---

    async def callback(self, request: web.Request) -> web.Response:
        """POST /interactions/{id}/{token}/callback: the bot's answer (timed on arrival)."""
        arrived = time.perf_counter()
        self.rest_counts["POST callback"] += 1
        iid = request.match_info["iid"]
        record = self.interactions.get(int(iid)) if iid.isdigit() else None
        if record is None or record.token != request.match_info["token"]:
            return self._error(404, 10062, "Unknown interaction")
        if record.answer_type is not None or record.late:
            self.duplicate_callbacks += 1
            return self._error(400, 40060, "Interaction has already been acknowledged.")
        body = await self._body(request)
        record.answered_at = arrived
        if arrived - record.sent_at > ANSWER_DEADLINE:
            record.late = True
            self.late += 1
            self._finish(record)
            return self._error(404, 10062, "Unknown interaction")
        rtype = int(body.get("type", 0))
        data = body.get("data") or {}
        message: dict[str, Any] | None = None
        if rtype in (4, 5):
            if rtype == 5:
                data = {"content": "", "flags": int(data.get("flags") or 0) | LOADING}
            message = wire.message(
                self.ids.next(),
                record.channel_id,
                record.guild_id,
                self.bot_user,
                data,
                ids=self.ids,
                webhook_id=self.bot_id,
                interaction={
                    "id": str(record.id),
                    "type": record.type,
                    "user": self.users[record.user_id],
                    "authorizing_integration_owners": record.payload.get(
                        "authorizing_integration_owners", {}
                    ),
                },
            )
            await self._publish(message, created=True)
        elif rtype == 7:
            base = record.message or {}
            current = self._find(record.channel_id, int(base.get("id", 0))) or base
            message = wire.edited(current, data, self.ids)
            await self._publish(message, created=False)
        elif rtype == 6:
            message = record.message
        record.answer_type = rtype
        record.answer = message
        if rtype in (4, 7):
            self._answered_privately(message, record.sent_at)
        self._finish(record)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        result: dict[str, Any] = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_id": message["id"] if message else None,
                "response_message_loading": rtype == 5,
                "response_message_ephemeral": bool(
                    message and int(message.get("flags", 0)) & EPHEMERAL
                ),
            },
        }
        if message is not None and rtype in (4, 5, 7):
            result["resource"] = {"type": rtype, "message": message}
        return self._json(result)

    def _record_of_token(self, token: str) -> Interaction | None:
        iid = self.by_token.get(token)
        return None if iid is None else self.interactions.get(iid)

    async def followup(self, request: web.Request) -> web.Response:
        """POST /webhooks/{app}/{token}: a followup message of an acknowledged interaction."""
        self.rest_counts["POST followup"] += 1
        record = self._record_of_token(request.match_info["token"])
        if record is None or record.answer_type is None or record.late:
            return self._error(404, 10015, "Unknown Webhook")
        body = await self._body(request)
        message = wire.message(
            self.ids.next(),
            record.channel_id,
            record.guild_id,
            self.bot_user,
            body,
            ids=self.ids,
            webhook_id=self.bot_id,
        )
        record.followups.append(message)
        self._answered_privately(message, record.sent_at)
        await self._publish(message, created=True)
        self.signal(("followup", record.user_id)).fire()
        return self._json(message)

    async def webhook_message(self, request: web.Request) -> web.Response:
        """GET/PATCH/DELETE /webhooks/{app}/{token}/messages/{@original|id}."""
        self.rest_counts[f"{request.method} webhook message"] += 1
        record = self._record_of_token(request.match_info["token"])
        if record is None or record.answer_type is None:
            return self._error(404, 10015, "Unknown Webhook")
        mid = request.match_info["mid"]
        if mid == "@original":
            # After a message (4, 5) it is that message; after an update of a component's
            # message (7, or 6: deferred, as the bot does for a click still busy after 1.5 s)
            # it is the message of the component, as on Discord.
            original = record.answer if record.answer_type in (4, 5, 6, 7) else None
            if original is None:
                return self._error(404, 10008, "Unknown Message")
            message = self._find(record.channel_id, int(original["id"])) or original
        else:
            found = self._find(record.channel_id, int(mid)) if mid.isdigit() else None
            if found is None:
                return self._error(404, 10008, "Unknown Message")
            message = found
        if request.method == "GET":
            return self._json(message)
        if request.method == "DELETE":
            if (history := self.messages.get(record.channel_id)) is not None:
                history.pop(int(message["id"]), None)
            self.ephemeral.pop(int(message["id"]), None)
            self._picture_due.pop(int(message["id"]), None)
            self.signal(("ephemeral", int(message["id"]))).fire()
            return web.Response(status=204)
        if request.method == "PATCH":
            body = await self._body(request)
            updated = wire.edited(message, body, self.ids)
            updated["flags"] = int(updated.get("flags", 0)) & ~LOADING
            if mid == "@original":
                record.answer = updated
            self._picture_came(updated)
            await self._publish(updated, created=False)
            return self._json(updated)
        return self._error(405, 0, "405: Method Not Allowed")

    # --- REST: channels, messages, DMs, threads ---

    async def get_channel(self, request: web.Request) -> web.Response:
        """GET /channels/{id}."""
        if (limited := self._count("GET channel")) is not None:
            return limited
        channel = self.channels.get(int(request.match_info["cid"]))
        if channel is None:
            return self._error(404, 10003, "Unknown Channel")
        return self._json(channel)

    async def post_message(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/messages: 5 per 5 s per channel, like Discord."""
        cid = int(request.match_info["cid"])
        if cid not in self.channels:
            self.rest_counts["POST message"] += 1
            return self._error(404, 10003, "Unknown Channel")
        limited, headers = self._limited(request, "POST message", str(cid), 5, 5.0)
        if limited is not None:
            return limited
        recipient = self.dm_recipient.get(cid)
        if recipient is not None and recipient in self.closed_dm_users:
            return self._error(403, 50007, "Cannot send messages to this user")
        body = await self._body(request)
        channel = self.channels[cid]
        guild_id = int(channel["guild_id"]) if "guild_id" in channel else None
        message = wire.message(self.ids.next(), cid, guild_id, self.bot_user, body, ids=self.ids)
        message["flags"] = int(message.get("flags", 0)) & ~EPHEMERAL
        await self._publish(message, created=True)
        return self._json(message, headers=headers)

    async def get_messages(self, request: web.Request) -> web.Response:
        """GET /channels/{id}/messages: newest first."""
        if (limited := self._count("GET messages")) is not None:
            return limited
        cid = int(request.match_info["cid"])
        limit = int(request.query.get("limit", 50))
        return self._json(list(reversed(self.channel_messages(cid)))[:limit])

    async def channel_message(self, request: web.Request) -> web.Response:
        """GET/PATCH/DELETE /channels/{id}/messages/{id}; edits are 5 per 5 s per channel."""
        cid = int(request.match_info["cid"])
        mid = int(request.match_info["mid"])
        headers: dict[str, str] = {}
        if request.method == "PATCH":
            limited, headers = self._limited(request, "PATCH message", str(cid), 5, 5.0)
            if limited is not None:
                return limited
        elif (limited := self._count(f"{request.method} message")) is not None:
            return limited
        message = self.messages.get(cid, NO_MESSAGES).get(mid)
        if message is None:
            return self._error(404, 10008, "Unknown Message")
        if request.method == "GET":
            return self._json(message)
        if request.method == "DELETE":
            self.messages[cid].pop(mid, None)
            return web.Response(status=204)
        if request.method == "PATCH":
            updated = wire.edited(message, await self._body(request), self.ids)
            await self._publish(updated, created=False)
            return self._json(updated, headers=headers)
        return self._error(405, 0, "405: Method Not Allowed")

    async def create_dm(self, request: web.Request) -> web.Response:
        """POST /users/@me/channels: the DM channel with a user (created once)."""
        if (limited := self._count("POST dm channel")) is not None:
            return limited
        body = await self._body(request)
        uid = int(body.get("recipient_id", 0))
        if uid not in self.users:
            return self._error(400, 50033, "Invalid Recipients")
        cid = self.dm_of_user.get(uid)
        if cid is None:
            cid = self.ids.next()
            self.dm_of_user[uid] = cid
            self.dm_recipient[cid] = uid
            self.channels[cid] = wire.dm_channel(cid, self.users[uid])
            self.messages[cid] = OrderedDict()
        return self._json(self.channels[cid])

    async def create_thread(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/threads (or from a message): a public thread."""
        if (limited := self._count("POST thread")) is not None:
            return limited
        cid = int(request.match_info["cid"])
        parent = self.channels.get(cid)
        if parent is None or "guild_id" not in parent:
            return self._error(404, 10003, "Unknown Channel")
        body = await self._body(request)
        guild_id = int(parent["guild_id"])
        tid = self.ids.next()
        thread = wire.thread_channel(tid, guild_id, cid, self.bot_id, body.get("name", "thread"))
        self.channels[tid] = thread
        self.messages[tid] = OrderedDict()
        self.guilds[guild_id]["threads"].append(tid)
        with contextlib.suppress(BotOffline, ConnectionError, RuntimeError):
            await self._session_for(guild_id).send(0, thread, "THREAD_CREATE")
        return self._json(thread)

    # --- the gateway ---

    def _guild_payload(self, guild_id: int) -> dict[str, Any]:
        guild = self.guilds[guild_id]
        return wire.guild_create(
            guild_id,
            guild["name"],
            self.owner_id,
            [self.channels[c] for c in guild["channels"]],
            [wire.member(self.users[u], self.joined_at[u]) for u in guild["members"]],
            [self.channels[t] for t in guild["threads"]],
        )

    async def gateway(self, request: web.Request) -> web.StreamResponse:
        """The gateway websocket: text frames of JSON, never compressed."""
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        session: GatewaySession | None = None
        await ws.send_str(
            _text(
                {
                    "op": 10,
                    "s": None,
                    "t": None,
                    "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                }
            )
        )
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = orjson.loads(msg.data)
                op, d = frame.get("op"), frame.get("d")
                self.gateway_received[op] += 1
                if op == 1:
                    # A few ms like a real network: discord.py sets its heartbeat send time after
                    # the send returns, and an instant ACK reads as "41 s behind".
                    await asyncio.sleep(ACK_DELAY)
                    await ws.send_str(_text({"op": 11, "s": None, "t": None, "d": None}))
                elif op == 2:
                    session = await self._identify(ws, d)
                elif op == 6:
                    session = await self._resume(ws, d)
                elif op == 8 and session is not None:
                    await self._chunk(session, d)
                # op 3 (presence), op 4 (voice): nothing to do.
        finally:
            if session is not None and session.ws is ws:
                session.ws = None
                if self.shard_sessions.get(session.shard[0]) is session:
                    self.online.clear()
                for iid in list(session.pending):
                    record = self.interactions.get(iid)
                    if record is not None:
                        self._finish(record)
        return ws

    async def _identify(
        self, ws: web.WebSocketResponse, d: dict[str, Any]
    ) -> GatewaySession | None:
        if not str(d.get("token", "")).strip():
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        now = time.monotonic()
        if (
            self.last_identify_at is not None
            and now - self.last_identify_at < self.identify_spacing
        ):
            self.identifies_refused += 1
            await ws.send_str(_text({"op": 9, "d": False, "s": None, "t": None}))
            return None
        self.last_identify_at = now
        shard_id, shard_count = d.get("shard") or [0, 1]
        self.shard_count = shard_count
        self.identify_count += 1
        if self.first_identify_at is None:
            self.first_identify_at = time.monotonic()
        session = GatewaySession(self, (shard_id, shard_count), int(d.get("intents", 0)))
        session.ws = ws
        old = self.shard_sessions.get(shard_id)
        if old is not None:
            self.sessions.pop(old.id, None)
        self.sessions[session.id] = session
        self.shard_sessions[shard_id] = session
        mine = [g for g in self.guilds if (g >> 22) % shard_count == shard_id]
        await session.send(
            0,
            {
                "v": 10,
                "user": self.bot_user,
                "guilds": [{"id": str(g), "unavailable": True} for g in mine],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                "shard": [shard_id, shard_count],
                "application": {"id": str(self.bot_id), "flags": 1 << 15 | 1 << 13},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "geo_ordered_rtc_regions": [],
                "auth_session_id_hash": "",
                "guild_join_requests": [],
                "user_settings": {},
                "_trace": ["fake-discord"],
            },
            "READY",
        )
        for guild_id in mine:
            await session.send(0, self._guild_payload(guild_id), "GUILD_CREATE")
        session.ready_sent_at = time.monotonic()
        self.online.set()
        return session

    async def _resume(self, ws: web.WebSocketResponse, d: dict[str, Any]) -> GatewaySession | None:
        session = self.sessions.get(str(d.get("session_id")))
        if session is None:
            await ws.send_str(_text({"op": 9, "s": None, "t": None, "d": False}))
            return None
        async with session.lock:
            session.ws = ws
            seen = int(d.get("seq") or 0)
            for seq, text in list(session.buffer):
                if seq > seen:
                    await ws.send_str(text)
        await session.send(0, {"_trace": ["fake-discord"]}, "RESUMED")
        self.shard_sessions[session.shard[0]] = session
        self.online.set()
        return session

    async def _chunk(self, session: GatewaySession, d: dict[str, Any]) -> None:
        guild_id = int(d.get("guild_id", 0))
        if guild_id not in self.guilds:
            return
        members = [self._member(u) for u in self.guilds[guild_id]["members"]]
        payload: dict[str, Any] = {
            "guild_id": str(guild_id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce"):
            payload["nonce"] = d["nonce"]
        await session.send(0, payload, "GUILD_MEMBERS_CHUNK")

    # --- reports ---

    def rest_report(self) -> dict[str, Any]:
        """Counts of REST calls, 429s and unknown routes."""
        return {
            "requests": dict(self.rest_counts),
            "rate_limited": dict(self.rest_429),
            "unknown_routes": dict(self.unknown_routes),
            "late_callbacks": self.late,
            "duplicate_callbacks": self.duplicate_callbacks,
            "gateway_ops_received": dict(self.gateway_received),
            "identifies": self.identify_count,
            "identifies_refused": self.identifies_refused,
        }
