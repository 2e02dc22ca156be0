"""Discord's hard limits at the worst cases: the most players, 32-character nicknames of
markdown and combining marks, Russian, the longest games. SimCord refuses a message that breaks
one as Discord does (HTTP 400, "This interaction failed" for the member), so the bot's logs stay
clean only if every message fits."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest

import engines
from bot.storage import GameRecord, SeatRecord
from tests.bot.conftest import LOCALES
from tests.bot.driver import board, components, finished, pictures_off, take_first
from tests.bot.test_stats_e2e import zero_by_passing
from tests.bot.test_stats_storage import finish, outcome

MARKDOWN_NICK = "_*" * 16
"""A 32-character nickname Discord allows; escaped for an embed, it is 64 characters."""


def hostile(world: Any, n: int) -> Any:
    """A member whose server nickname is all markdown (32 characters, Discord's limit)."""
    return world.guild.add_member(world.env.create_user(f"m{n}"), nick=MARKDOWN_NICK)


def verb_id(message: Any, verb: str) -> str:
    return next(
        c["custom_id"] for c in components(message) if c.get("custom_id", "").endswith(f":{verb}")
    )


async def test_history_lists_as_many_games_as_fit_each_with_its_replay(world, caplog):
    """Ten five-player games of members whose nicknames are 32 markdown characters (64 once
    escaped) are more than one embed holds: /history lists the newest that fit, each with its
    Replay button, instead of failing."""
    caplog.set_level(logging.WARNING)
    await pictures_off(world)  # the history is text: a game's boards need no pictures
    members = [hostile(world, n) for n in range(5)]
    first, *others = members
    played = [await zero_by_passing(world, first, others)]
    # Nine more of the same table, written as the runtime writes a finished game.
    runtime = world.env.bot.runtime
    seats = [SeatRecord(user_id=m.id, name=MARKDOWN_NICK, ai=False) for m in members]
    for n in range(9):
        game = GameRecord(
            id=f"{0xFEED0000 + n:08x}",
            guild_id=world.guild.id,
            channel_id=world.channel.id,
            slug="zero",
            options={},
            seed=n,
            status="running",
            host_id=first.id,
            language="en",
            created_at=time.time(),
            seats=seats,
        )
        await finish(runtime.storage, runtime.stats, game, outcome([9, 20, 31, 42, 53], True))
        played.append(game.id)
    listed = await first.slash(world.channel, "history")
    text = listed.response.embeds[0].description
    shown = [game_id for game_id in reversed(played) if game_id in text]
    assert 5 <= len(shown) < 10 and shown == played[::-1][: len(shown)]
    replays = [c["label"] for c in components(listed.response)]
    assert replays == [f"Replay {n}" for n in range(1, len(shown) + 1)]
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


# Each game in one language, the languages taking turns: Russian text is the longer.
@pytest.mark.parametrize(
    ("slug", "lang"), [(slug, ("ru", "en")[n % 2]) for n, slug in enumerate(engines.SLUGS)]
)
async def test_every_game_at_its_most_players_with_hostile_names_stays_within_every_limit(
    world, caplog, slug, lang
):
    """Every game at its most players (two members with 32-character nicknames of
    markdown, the rest AI), in each language: every message sent, the results, a replay's
    first and last step, /game log and /stats stay within Discord's limits, with no error."""
    caplog.set_level(logging.WARNING)
    await world.admin.slash(world.channel, "config language", value=lang)
    locale = "ru" if lang == "ru" else "en-US"
    a = world.guild.add_member(world.env.create_user("a1"), nick="_*" * 16)
    b = world.guild.add_member(world.env.create_user("b1"), nick="Ж̷̢̛" * 8)
    LOCALES[a.id] = LOCALES[b.id] = locale
    most = engines.game(slug).SPEC.max_players
    await a.slash(world.channel, "newgame", game=slug)
    lobby = world.channel.last_message
    await b.click(lobby, custom_id=verb_id(lobby, "join"))
    for _ in range(most - 2):
        await a.click(lobby, custom_id=verb_id(lobby, "addai"))
    await a.click(lobby, custom_id=verb_id(lobby, "start"))
    game_id = verb_id(lobby, "start").split(":")[2]
    for _ in range(3000):
        if finished(world):
            break
        for actor in (a, b):
            if not finished(world):
                panel = await actor.click(board(world), custom_id=f"tb:hand:{game_id}")
                await take_first(actor, panel.response)
    assert finished(world)
    results = world.channel.last_message
    opened = await a.click(
        results,
        custom_id=next(
            c["custom_id"] for c in components(results) if c["custom_id"].startswith("tb:rp:")
        ),
    )
    last = next(c for c in components(opened.response) if c.get("label") == "⏭")
    answers = [
        opened,
        await a.click(opened.response.message, custom_id=last["custom_id"]),
        await a.slash(world.channel, "game log", id=game_id),
        await a.slash(world.channel, "stats"),
        await a.slash(world.channel, "history"),
    ]
    assert all(answer.response.embeds or answer.response.attachments for answer in answers)
    bad = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert bad == [], [r.getMessage() for r in bad]
