"""The bot subscribes only to what it acts on: members' chat never reaches it."""

from __future__ import annotations

from typing import Any

from tests.bot.driver import board, open_game


def gateway_lines(world: Any) -> list[str]:
    """SimCord's record of the gateway events and REST calls so far, one per line."""
    return world.env.transcript().splitlines()


async def test_members_chat_never_reaches_the_bot(world):
    alice = world.members[0]
    await open_game(world, alice, "zero", [], ai=1)

    seen = len(gateway_lines(world))
    await alice.send(world.channel, "good luck everyone")
    await alice.send_dm("hello bot")
    after = [line.split(maxsplit=2) for line in gateway_lines(world)[seen:]]

    creates = [(kind, detail) for kind, event, detail in after if event == "MESSAGE_CREATE"]
    # Each message is sent into the gateway, and dropped before the bot: it lacks the intent.
    assert [kind for kind, _ in creates] == ["GATEWAY", "DROPPED"] * 2
    assert "guild_messages" in creates[1][1] and "dm_messages" in creates[3][1]
    # Without any message event the game runs as before: its board is there, with its hand button.
    assert board(world).embeds
