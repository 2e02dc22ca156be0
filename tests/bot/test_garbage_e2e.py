"""A handled click leaves no reference cycles behind: the collector's full passes stay short.

Under load, cycles per click (the interaction and its response, a sent view and its items)
were most of the garbage behind 15-40 ms pauses of the whole bot. Each would be freed anyway,
so only this test notices if one comes back (say, with a new discord.py).
"""

from __future__ import annotations

import gc
from collections import Counter

import discord

from tests.bot.driver import act_once, board, click_verb

WATCHED = (discord.Interaction, discord.ui.View, discord.ui.Item, discord.components.Component)


async def test_lobby_clicks_and_plays_leave_no_cyclic_garbage(world):
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="thegame")
    lobby = world.channel.last_message
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        await click_verb(bob, lobby, "join")
        await click_verb(alice, lobby, "start")  # the board and the turn DM are posted too
        for _ in range(3):
            assert await act_once(alice, board(world)) is not None
        gc.collect()
        cyclic = Counter(type(o).__name__ for o in gc.garbage if isinstance(o, WATCHED))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert cyclic == Counter()
