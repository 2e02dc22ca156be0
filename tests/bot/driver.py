"""Simulated players: open a lobby, fill it, and play from their own "My hand" panels."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType
from simcord.results import to_discord_message

from tests.bot.conftest import World

RESULTS_MARK = "🏁"


def components(panel: Any) -> list[dict[str, Any]]:
    """Every interactive component of a message (raw or discord.py), as component dicts."""
    rows = [row if isinstance(row, dict) else row.to_dict() for row in panel.components]
    return [c for row in rows for c in row.get("components", [])]


async def open_game(
    world: World, host: Any, slug: str, guests: list[Any], ai: int = 0, **opts: Any
) -> Any:
    """`/newgame`, guests join, the host adds AI seats and starts; returns the board message."""
    lobby = await open_lobby(world, host, slug, guests, ai, **opts)
    await click_verb(host, lobby, "start")
    return board(world)


async def open_lobby(
    world: World, host: Any, slug: str, guests: list[Any], ai: int = 0, **opts: Any
) -> Any:
    """`/newgame`, guests join, the host adds AI seats; returns the lobby message."""
    if opts:
        text = " ".join(f"{k}={v}" for k, v in opts.items())
        await host.slash(world.channel, "newgame", game=slug, options=text)
    else:
        await host.slash(world.channel, "newgame", game=slug)
    lobby = world.channel.last_message
    for guest in guests:
        await click_verb(guest, lobby, "join")
    for _ in range(ai):
        await click_verb(host, lobby, "addai")
    return world.channel.last_message  # the lobby as it stands now


async def click_verb(actor: Any, lobby: Any, verb: str) -> Any:
    """Click a lobby button by what it does, whatever the language of its label."""
    ids = [c["custom_id"] for c in components(lobby) if c.get("custom_id", "").endswith(f":{verb}")]
    return await actor.click(lobby, custom_id=ids[0])


def newest(world: World) -> Iterator[Any]:
    """The channel's messages everyone sees, newest first, each built as a discord.Message only
    when reached: what `history()` gives, without rebuilding a long game's whole history to
    find its last message (tests ask for the board at every move)."""
    stored = world.env.backend.messages.get(world.channel.id, {})
    for message in sorted(stored.values(), key=lambda m: m.id, reverse=True):
        if message.visible_to(None):
            yield to_discord_message(world.env, message)


def game_link(world: World, message: Any) -> str:
    """The jump link of a message of the game's channel, as a DM names the game."""
    return f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{message.id}"


def board(world: World) -> Any:
    """The latest message carrying a "My hand" button."""
    for message in newest(world):
        if any(c.get("custom_id", "").startswith("tb:hand:") for c in components(message)):
            return message
    raise AssertionError("no board with a My hand button")


def finished(world: World) -> bool:
    """Whether the results message was posted."""
    last = next(newest(world), None)
    return last is not None and last.content.startswith(RESULTS_MARK)


async def act_once(actor: Any, board_message: Any) -> Any | None:
    """Open "My hand" and take the first offered action; None when there is nothing to do."""
    result = await actor.click(board_message, label="My hand")
    return await take_first(actor, result.response)


MOVES = ("tb:sel:", "tb:act:", "tb:pick:")
"""Components of a panel that play (a select, a button) or lead to a play (The Game's card)."""


async def ready_move(actor: Any, panel: Any) -> tuple[Any, dict[str, Any]] | None:
    """The panel's first move, ready to `press`: for a move of two clicks (The Game's card,
    then its pile) the first click is made and the pile's button returned with its panel."""
    for comp in components(panel):
        cid = comp.get("custom_id", "")
        if cid.startswith("tb:pick:"):
            picked = (await actor.click(message_of(panel), custom_id=cid)).response
            ready = next(c for c in components(picked) if c["custom_id"].startswith("tb:act:"))
            return picked, ready
        if cid.startswith(MOVES):
            return panel, comp
    return None


async def press(actor: Any, panel: Any, comp: dict[str, Any]) -> Any:
    """Click a panel's button, or choose the first option of its select."""
    cid = comp["custom_id"]
    if cid.startswith("tb:sel:"):
        return await actor.select(message_of(panel), [comp["options"][0]["value"]], custom_id=cid)
    return await actor.click(message_of(panel), custom_id=cid)


def message_of(panel: Any) -> Any:
    """The message to click on: an interaction's answer, or a message itself (a turn DM)."""
    return getattr(panel, "message", panel)


async def take_first(actor: Any, panel: Any) -> Any | None:
    """Take the panel's first move; None when the panel offers nothing."""
    ready = await ready_move(actor, panel)
    return None if ready is None else await press(actor, *ready)


async def play_to_end(world: World, players: list[Any], max_rounds: int = 3000) -> list[Any]:
    """Every human acts whenever their panel offers something, until the results appear.

    Returns every private panel shown, as it was then, so tests can check what each player saw;
    each was private to its player when shown (a newer "My hand" deletes the older panel).
    """
    panels: list[Any] = []
    for _ in range(max_rounds):
        if finished(world):
            return panels
        moved = False
        for actor in players:
            if finished(world):
                return panels
            result = await act_once(actor, board(world))
            if result is not None:
                shown = result.response
                assert shown is not None and shown.ephemeral
                for other in players:
                    if other is not actor:
                        assert shown.id not in {m.id for m in world.channel.history(viewer=other)}
                panels.append((actor, shown))
                moved = True
        if not moved:
            raise AssertionError("no player can act but the game has not ended")
    raise AssertionError("the game did not end")


async def finish_turn(world: World, players: dict[int, Any]) -> None:
    """The member whose move it is (`players` by id) plays from "My hand" until it is someone
    else's."""
    session = only_session(world)
    seat = next(iter(session.to_act()))
    while seat in session.to_act():
        actor = players[session.record.seats[seat].user_id]
        assert await act_once(actor, board(world)) is not None


async def turn_dm(world: World, actor: Any) -> Any:
    """The member's latest turn DM: a panel of their own that no "My hand" replaces (clicks
    on it are made as `actor.user`)."""
    await world.env.settle()
    return actor.user.dm_channel.last_message


def only_session(world: World) -> Any:
    """The one live game of the test."""
    (session,) = world.env.bot.runtime.sessions.values()
    return session


def private_channel(world: World, name: str, *members: Any) -> Any:
    """A new channel only these members (and the bot) can see."""
    channel = world.guild.create_text_channel(name)
    view = discord.Permissions(view_channel=True).value
    backend = world.env.backend
    everyone = Overwrite(target_id=world.guild.id, type=OverwriteType.ROLE, deny=view)
    backend.set_overwrite(channel.id, everyone)
    for user_id in [*(member.id for member in members), backend.bot_user.id]:
        allowed = Overwrite(target_id=user_id, type=OverwriteType.MEMBER, allow=view)
        backend.set_overwrite(channel.id, allowed)
    return channel


async def pictures_off(world: World) -> None:
    """Boards and panels without pictures, for tests that time answers to a fraction of a second
    of the wall clock: a picture is drawn in another process, on its own time."""
    await world.env.bot.runtime.change_config(
        world.guild.id, lambda cfg: cfg.model_copy(update={"images": False})
    )


class DeclaredLock(asyncio.Lock):
    """An asyncio.Lock whose contended waits SimCord counts as intended, not as a hang: a test
    holds a game's lock to make clicks arrive while the game is busy."""

    def __init__(self, env: Any) -> None:
        super().__init__()
        self._env = env

    async def acquire(self) -> bool:
        if not self.locked():
            return await super().acquire()
        # In a task of its own: SimCord counts a declaration for the task that makes it.
        declared = self._env.external_wait(super().acquire(), reason="the test holds the lock")
        return await asyncio.get_running_loop().create_task(declared)


def held_writes(world: World, monkeypatch: Any) -> DeclaredLock:
    """A slow disk: each stored game record waits for the returned lock, held by the caller
    until it releases it (the record is then written as it stood)."""
    writes = DeclaredLock(world.env)
    storage = world.env.bot.runtime.storage
    save_game = storage.save_game

    async def slow_save_game(record: Any) -> None:
        async with writes:
            await save_game(record)

    monkeypatch.setattr(storage, "save_game", slow_save_game)
    return writes
