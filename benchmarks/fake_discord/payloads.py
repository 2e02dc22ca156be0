"""Wire shapes of the Discord objects the fake server sends (API v10, as discord.py 2.7 parses them).

Plain dicts, built fresh; nothing here knows about HTTP or the gateway.
"""

from __future__ import annotations

import datetime as dt
import itertools
import threading
import time
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
ALL_PERMISSIONS = str((1 << 50) - 1)
EVERYONE_PERMISSIONS = str(
    (1 << 10)  # view channel
    | (1 << 11)  # send messages
    | (1 << 14)  # embed links
    | (1 << 16)  # read message history
    | (1 << 31)  # use application commands
    | (1 << 35)  # create public threads
    | (1 << 38)  # send messages in threads
)


class Snowflakes:
    """Time-ordered ids like Discord's (so discord.py's created_at is right)."""

    def __init__(self) -> None:
        self._counter = itertools.count()
        self._lock = threading.Lock()

    def next(self) -> int:
        """A new unique id."""
        with self._lock:
            ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
            return (ms << 22) | (next(self._counter) & 0x3FFFFF)

    def at(self, ms: int) -> int:
        """A new unique id whose time is `ms` after Discord's epoch (the counter keeps it unique)."""
        with self._lock:
            return (ms << 22) | (next(self._counter) & 0x3FFFFF)


def iso_now() -> str:
    """The current time as Discord writes timestamps."""
    return dt.datetime.now(dt.UTC).isoformat()


def user(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    """A user object."""
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "global_name": name,
        "avatar": None,
        "bot": bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
    }


def member(user_payload: dict[str, Any], joined_at: str) -> dict[str, Any]:
    """A guild member with its user."""
    return {
        "user": user_payload,
        "roles": [],
        "nick": None,
        "avatar": None,
        "joined_at": joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }


def text_channel(channel_id: int, guild_id: int, name: str, position: int) -> dict[str, Any]:
    """A guild text channel."""
    return {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(guild_id),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "parent_id": None,
        "topic": None,
        "nsfw": False,
        "rate_limit_per_user": 0,
        "last_message_id": None,
        "flags": 0,
    }


def thread_channel(
    thread_id: int, guild_id: int, parent_id: int, owner_id: int, name: str
) -> dict[str, Any]:
    """A public thread."""
    now = iso_now()
    return {
        "id": str(thread_id),
        "type": 11,
        "guild_id": str(guild_id),
        "name": name,
        "parent_id": str(parent_id),
        "owner_id": str(owner_id),
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "applied_tags": [],
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 1440,
            "archive_timestamp": now,
            "locked": False,
            "create_timestamp": now,
            "invitable": True,
        },
    }


def dm_channel(channel_id: int, recipient: dict[str, Any]) -> dict[str, Any]:
    """A direct-message channel with one recipient."""
    return {"id": str(channel_id), "type": 1, "last_message_id": None, "recipients": [recipient]}


def role_everyone(guild_id: int) -> dict[str, Any]:
    """The @everyone role (its id is the guild's)."""
    return {
        "id": str(guild_id),
        "name": "@everyone",
        "permissions": EVERYONE_PERMISSIONS,
        "position": 0,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "flags": 0,
        "icon": None,
        "unicode_emoji": None,
    }


def guild_create(
    guild_id: int,
    name: str,
    owner_id: int,
    channels: list[dict[str, Any]],
    members: list[dict[str, Any]],
    threads: list[dict[str, Any]],
) -> dict[str, Any]:
    """The full GUILD_CREATE payload; member_count equals len(members) so no chunking is needed."""
    return {
        "id": str(guild_id),
        "name": name,
        "owner_id": str(owner_id),
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "application_id": None,
        "max_members": 500000,
        "max_presences": None,
        "features": [],
        "emojis": [],
        "stickers": [],
        "roles": [role_everyone(guild_id)],
        "member_count": len(members),
        "large": False,
        "unavailable": False,
        "joined_at": iso_now(),
        "members": members,
        "channels": channels,
        "threads": threads,
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "premium_progress_bar_enabled": False,
    }


def message(
    message_id: int,
    channel_id: int,
    guild_id: int | None,
    author: dict[str, Any],
    body: dict[str, Any],
    *,
    ids: Snowflakes,
    webhook_id: int | None = None,
    interaction: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A message created from a request body (content, embeds, components, flags, files)."""
    payload: dict[str, Any] = {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "author": author,
        "content": body.get("content") or "",
        "timestamp": iso_now(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments(channel_id, [], body, ids),
        "embeds": list(body.get("embeds") or []),
        "components": list(body.get("components") or []),
        "pinned": False,
        "sticker_items": [],
        "type": 0 if interaction is None else (20 if interaction.get("type") == 2 else 0),
        "flags": int(body.get("flags") or 0),
        "nonce": None,
        "reactions": [],
    }
    if guild_id is not None:
        payload["guild_id"] = str(guild_id)
    if webhook_id is not None:
        payload["webhook_id"] = str(webhook_id)
        payload["application_id"] = str(webhook_id)
    if interaction is not None:
        payload["interaction_metadata"] = interaction
    return payload


def attachments(
    channel_id: int, had: list[dict[str, Any]], body: dict[str, Any], ids: Snowflakes
) -> list[dict[str, Any]]:
    """A message's attachments after a request, as Discord keeps them: the request's
    `attachments` list each one the message keeps (by its id) or a file uploaded with it (by
    its index among the files), and drops the rest; a request without the list changes none.
    The bot keeps a panel's picture this way when only its buttons change."""
    if "attachments" not in body:
        return had
    kept = {str(attachment["id"]): attachment for attachment in had}
    result = []
    for entry in body["attachments"] or []:
        if str(entry.get("id")) in kept:
            result.append(kept[str(entry["id"])])
            continue
        attachment_id = ids.next()
        filename = str(entry.get("filename") or "file")
        url = f"https://cdn.discordapp.com/attachments/{channel_id}/{attachment_id}/{filename}"
        result.append(
            {
                "id": str(attachment_id),
                "filename": filename,
                "size": 0,
                "url": url,
                "proxy_url": url.replace("cdn.discordapp.com", "media.discordapp.net"),
                "content_type": "image/png" if filename.endswith(".png") else None,
            }
        )
    return result


def edited(old: dict[str, Any], body: dict[str, Any], ids: Snowflakes) -> dict[str, Any]:
    """A new message dict: `old` with the fields a PATCH (or type-7 update) sent replaced.

    Never mutates `old` (recorded interaction payloads share message dicts).
    """
    new = dict(old)
    new["attachments"] = attachments(
        int(old["channel_id"]), list(old.get("attachments") or []), body, ids
    )
    for key in ("content", "embeds", "components", "flags"):
        if key in body:
            value = body[key]
            if key == "content":
                new[key] = value or ""
            elif key == "flags":
                # Only suppress_embeds may change; ephemeral stays as it was.
                new[key] = (int(old.get("flags", 0)) & 64) | (int(value or 0) & ~64)
            else:
                new[key] = list(value or [])
    new["edited_timestamp"] = iso_now()
    return new


def application(app_id: int, owner: dict[str, Any], name: str) -> dict[str, Any]:
    """GET /oauth2/applications/@me."""
    return {
        "id": str(app_id),
        "name": name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "owner": owner,
        "team": None,
        "flags": 1 << 15 | 1 << 13,  # gateway members intent limited, message content limited
        "rpc_origins": [],
        "interactions_endpoint_url": None,
        "redirect_uris": [],
        "tags": [],
        "install_params": None,
        "custom_install_url": None,
        "approximate_guild_count": 1,
        "bot": owner,
    }
