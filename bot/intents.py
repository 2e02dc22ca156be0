"""The gateway events the bot subscribes to."""

from __future__ import annotations

import discord


def gateway_intents() -> discord.Intents:
    """Only the events the bot acts on; interactions come whatever the intents.

    No message, typing or reaction events: the bot reads none, and on a busy server they would
    be most of its gateway traffic.
    """
    intents = discord.Intents.none()
    # Servers, channels and threads: a deleted table channel or thread ends its game.
    intents.guilds = True
    # Privileged: lets a member who leaves the server hand their seats to the AI.
    intents.members = True
    return intents
