"""A Discord-compatible server on 127.0.0.1 and simulated players, for load and crash tests.

    server = FakeDiscord(guilds=1, channels_per_guild=200, users_per_guild=200)
    base = await server.start()                       # DISCORD_API_BASE for the bot process
    bot = BotProcess(base, db, workdir); await bot.start(); await server.wait_online(60)
    players = Players(server); table = Table(players, channel, [user], ["zero"])

See benchmarks/load.py, memory.py, recovery.py, benchmarks/tests/ and tests/load/.
"""

from benchmarks.fake_discord.players import Act, Game, Players, Table
from benchmarks.fake_discord.proc import BotProcess, percentiles
from benchmarks.fake_discord.server import BotOffline, FakeDiscord, Interaction

__all__ = [
    "Act",
    "BotOffline",
    "BotProcess",
    "FakeDiscord",
    "Game",
    "Interaction",
    "Players",
    "Table",
    "percentiles",
]
