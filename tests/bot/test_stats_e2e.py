"""/stats, /leaderboard, /history, replays and /game log, as members see them in Discord."""

from __future__ import annotations

import json
import re
import secrets
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from openskill.models import PlackettLuce
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

import bot.runtime
from bot.render import zero as zero_render
from bot.stats import recompute
from bot.storage import Reader
from engines.core import Outcome
from tests.bot.driver import (
    board,
    components,
    finished,
    only_session,
    open_game,
    play_to_end,
    private_channel,
)

TIED_ZERO_SEED = 27
"""A seed whose two-player Zero, both players passing, ends with equal totals."""
UNTIED_ZERO_SEEDS = (1, 2, 3, 4, 5, 6)
"""Seeds whose two-player Zero, both players passing, has a winner and a loser."""


def deal(monkeypatch, *seeds: int) -> None:
    """The next games are dealt from these seeds (the bot draws each game's seed at random)."""
    drawn = iter(seeds)
    fixed = SimpleNamespace(randbits=lambda bits: next(drawn), token_hex=secrets.token_hex)
    monkeypatch.setattr(bot.runtime, "secrets", fixed)


async def zero_by_passing(world, host, guests, ai=0) -> str:
    """A game of Zero where every member passes whenever it is their turn; its id."""
    await host.slash(world.channel, "newgame", game="zero")
    lobby = world.channel.last_message
    for guest in guests:
        await guest.click(lobby, custom_id=verb_id(lobby, "join"))
    for _ in range(ai):
        await host.click(lobby, custom_id=verb_id(lobby, "addai"))
    await host.click(lobby, custom_id=verb_id(lobby, "start"))
    game_id = verb_id(lobby, "start").split(":")[2]
    await pass_to_end(world, game_id, [host, *guests])
    return game_id


async def pass_to_end(world, game_id: str, players) -> None:
    """Every member passes from their panel whenever it is their turn, until the game ends."""
    members = {player.id: player for player in players}
    for _ in range(300):
        if finished(world):
            return
        session = world.env.bot.runtime.sessions[game_id]
        seat = min(session.to_act())
        actor = members[session.record.seats[seat].user_id]
        panel = (await actor.click(board(world), custom_id=f"tb:hand:{game_id}")).response
        (passing,) = [c for c in components(panel) if c.get("custom_id", "").endswith(":pass")]
        await actor.click(panel.message, custom_id=passing["custom_id"])
    raise AssertionError("the game did not end")


def verb_id(lobby, verb: str) -> str:
    return next(
        c["custom_id"] for c in components(lobby) if c.get("custom_id", "").endswith(f":{verb}")
    )


async def outcome_of(world, game_id: str) -> Outcome:
    stored = await world.env.bot.runtime.storage.result(game_id)
    return Outcome.model_validate_json(stored)


class Expected:
    """Ratings computed here with openskill itself, from the stored outcomes: what the bot
    should show (1000 + 40 x (mu - 3 sigma))."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.ratings: dict[int, Any] = {}
        self.games: dict[int, int] = {}

    def game(self, members: dict[int, Any], outcome: Outcome) -> None:
        """`members`: seat -> member of the rated (member) seats."""
        seats = sorted(members)
        teams = [[self.ratings.get(members[s].id, self.model.rating())] for s in seats]
        rated = self.model.rate(teams, ranks=[outcome.ranking[s] for s in seats])
        for seat, (rating,) in zip(seats, rated, strict=True):
            self.ratings[members[seat].id] = rating
            self.games[members[seat].id] = self.games.get(members[seat].id, 0) + 1

    def shown(self, member) -> int:
        return round(1000 + 40 * self.ratings[member.id].ordinal())


def lines(embed) -> list[str]:
    return embed.description.splitlines()


def field(embed, name: str) -> str:
    return next(f.value for f in embed.fields if f.name == name)


@pytest.mark.both_databases
async def test_members_are_ranked_after_a_few_games_and_ai_seats_are_not(world):
    alice, bob, carol = world.members
    await world.admin.slash(world.channel, "config ratings", value="on", min_games=1)
    expected = Expected()

    first = await zero_by_passing(world, alice, [bob])
    expected.game({0: alice, 1: bob}, await outcome_of(world, first))
    second = await zero_by_passing(world, alice, [carol])
    expected.game({0: alice, 1: carol}, await outcome_of(world, second))
    third = await zero_by_passing(world, bob, [carol], ai=1)
    expected.game({0: bob, 1: carol}, await outcome_of(world, third))

    shown = await carol.slash(world.channel, "leaderboard", game="zero")
    assert shown.ephemeral
    embed = shown.response.embeds[0]
    assert embed.title == "🏆 Zero — leaderboard"
    order = sorted((alice, bob, carol), key=lambda m: -expected.ratings[m.id].ordinal())
    assert len(lines(embed)) == 3  # the AI seat of the third game is nobody's rating
    assert "AI" not in embed.description
    place = 0
    for index, (member, line) in enumerate(zip(order, lines(embed), strict=True)):
        if index == 0 or expected.shown(member) != expected.shown(order[index - 1]):
            place = index + 1
        rating = f"{expected.shown(member):,}"
        marked = "👉 " if member is carol else ""
        assert line == f"{marked}**{place}.** {member.name} — **{rating}** · 2 games"
    mine = next(i for i, m in enumerate(order) if m is carol)
    assert field(embed, "You").startswith(f"Place {mine + 1} · **{expected.shown(carol):,}**")
    assert "1,000 + 40 × (μ − 3σ)" in embed.footer.text

    stats = (await alice.slash(world.channel, "stats", game="zero")).response.embeds[0]
    assert stats.title == "📊 alice — Zero"
    outcomes = [await outcome_of(world, g) for g in (second, first)]
    wins = sum(0 in o.winners for o in outcomes)
    assert lines(stats)[0] == f"2 games · {wins} won ({round(50 * wins)}%)"
    rating = f"{expected.shown(alice):,}"
    assert lines(stats)[1] == f"Rating: **{rating}** (after 2 games with other members)"
    scores = [o.scores[0] for o in outcomes]
    assert lines(stats)[2] == (
        f"Best (lowest) score: {min(scores)} · average: {round(sum(scores) / 2, 1):g}"
    )
    latest = field(stats, "Latest games").splitlines()
    assert len(latest) == 2
    for line, outcome in zip(latest, outcomes, strict=True):
        medal = "🏆" if 0 in outcome.winners else "▫️"
        assert line.startswith(f"{medal} place {outcome.ranking[0]} of 2 · ")
        assert f"{outcome.scores[0]} points · <t:" in line and line.endswith(":d>")

    # The ratings come back the same from the stored results alone.
    storage = world.env.bot.runtime.storage
    before = await storage.stats.all_skills()
    await recompute(storage)
    assert await storage.stats.all_skills() == before
    again = await carol.slash(world.channel, "leaderboard", game="zero")
    assert again.response.embeds[0].description == embed.description


async def test_a_tied_game_shares_the_place_and_moves_both_ratings_alike(world, monkeypatch):
    alice, bob, _ = world.members
    await world.admin.slash(world.channel, "config ratings", value="on", min_games=1)
    deal(monkeypatch, TIED_ZERO_SEED)

    game_id = await zero_by_passing(world, alice, [bob])

    outcome = await outcome_of(world, game_id)
    assert outcome.scores[0] == outcome.scores[1] and outcome.ranking == (1, 1)
    assert "🏆" in world.channel.last_message.content
    expected = Expected()
    expected.game({0: alice, 1: bob}, outcome)
    rating = f"{expected.shown(alice):,}"
    assert expected.shown(bob) == expected.shown(alice) > 1000  # both moved up alike
    embed = (await alice.slash(world.channel, "leaderboard", game="zero")).response.embeds[0]
    assert sorted(lines(embed)) == [
        f"**1.** bob — **{rating}** · 1 game",
        f"👉 **1.** alice — **{rating}** · 1 game",
    ]
    for member in (alice, bob):
        stats = (await member.slash(world.channel, "stats", game="zero")).response.embeds[0]
        assert field(stats, "Latest games").startswith("🏆 place 1 of 2 · ")


async def test_the_game_keeps_team_results_per_player_count_and_rates_nobody(world):
    alice, bob, _ = world.members
    await open_game(world, alice, "thegame", [bob])
    await play_to_end(world, [alice, bob])
    (game_id,) = [
        g.game_id
        for g in await world.env.bot.runtime.stats.history(
            Reader(world.guild.id, 0, frozenset({world.channel.id})), None
        )
    ]
    outcome = await outcome_of(world, game_id)
    left = outcome.details["cards_left"]
    won = outcome.result == "won"

    stats = (await bob.slash(world.channel, "stats", game="thegame")).response.embeds[0]
    assert stats.title == "📊 bob — The Game"
    assert lines(stats) == [
        f"1 game · {int(won)} won ({100 * int(won)}%)",
        f"**2 players**: 1 game, {int(won)} won ({100 * int(won)}%), fewest cards left: {left}",
    ]
    result = "🎉 all cards played" if won else f"▫️ {left} card{'s' * (left != 1)} left"
    assert field(stats, "Latest games").startswith(f"{result} · 2 players · <t:")
    assert "Rating" not in str(stats.to_dict())

    teams = await alice.slash(world.channel, "leaderboard", game="thegame")
    embed = teams.response.embeds[0]
    assert embed.title == "🤝 The Game — team results"
    assert lines(embed) == [
        f"**2 players**: 1 game, {int(won)} won ({100 * int(won)}%), fewest cards left: {left}"
    ]
    assert not teams.response.components  # nothing to page through
    assert await world.env.bot.runtime.storage.stats.all_skills() == {}


async def test_the_leaderboard_pages_by_ten_and_shows_your_place_off_the_page(world, monkeypatch):
    await world.admin.slash(world.channel, "config ratings", value="on", min_games=1)
    deal(monkeypatch, *UNTIED_ZERO_SEEDS)
    players = [world.member(f"p{n:02}") for n in range(12)]
    for host, guest in zip(players[::2], players[1::2], strict=True):
        await zero_by_passing(world, host, [guest])
    # Six winners rate alike, and so do six losers: two places, 1 and 7, both shared.
    first = await players[0].slash(world.channel, "leaderboard", game="zero")
    page = first.response.embeds[0]
    assert len(lines(page)) == 10
    places = [re.match(r"(?:👉 )?\*\*(\d+)\.\*\*", line)[1] for line in lines(page)]
    assert places == ["1"] * 6 + ["7"] * 4
    assert page.footer.text.startswith("Page 1 of 2 · ")
    listed = {line.split("** ")[1].split(" — ")[0] for line in lines(page)}
    away = next(p for p in players if p.name not in listed)
    seen = await away.slash(world.channel, "leaderboard", game="zero")
    assert field(seen.response.embeds[0], "You").startswith("Place 7 · **")
    assert away.name not in seen.response.embeds[0].description
    assert [c["label"] for c in components(seen.response)] == ["◀ Previous", "Next ▶"]
    assert [c.get("disabled", False) for c in components(seen.response)] == [True, False]

    second = await away.click(seen.response.message, label="Next ▶")
    page = second.response.embeds[0]
    assert second.response.ephemeral and page.footer.text.startswith("Page 2 of 2 · ")
    assert len(lines(page)) == 2 and all(line.endswith("· 1 game") for line in lines(page))
    # The first of page 2 ties with the last of page 1: it keeps the shared place.
    assert all("**7.**" in line for line in lines(page))
    assert f"👉 **7.** {away.name} — **" in page.description
    back = await away.click(second.response.message, label="◀ Previous")
    assert back.response.embeds[0].footer.text.startswith("Page 1 of 2 · ")

    newcomer = world.member("newcomer")
    unlisted = await newcomer.slash(world.channel, "leaderboard", game="zero")
    assert field(unlisted.response.embeds[0], "You") == (
        "You have not played this game with other members yet."
    )


def final_result(world) -> str:
    final = next(m for m in reversed(world.channel.history()) if m.embeds)
    return field(final.embeds[0], "Final result")


@pytest.mark.both_databases
async def test_history_lists_the_games_and_a_replay_steps_to_the_end_matching_the_result(world):
    alice, bob, _ = world.members
    game_id = await zero_by_passing(world, alice, [bob], ai=1)
    outcome = await outcome_of(world, game_id)
    names = ["alice", "bob", "🤖 AI 1"]

    listed = await bob.slash(world.channel, "history")
    embed = listed.response.embeds[0]
    assert listed.ephemeral and embed.title == "📜 Latest games on this server"
    head, players = lines(embed)
    assert head.startswith(f"**1.** Zero · `{game_id}` · <t:") and head.endswith(":d>")
    ranked = sorted(range(3), key=lambda s: (outcome.ranking[s], s))
    assert players == " · ".join(
        f"{'🏆 ' if s in outcome.winners else ''}{names[s]} **{outcome.scores[s]}**" for s in ranked
    )
    assert [c["label"] for c in components(listed.response)] == ["Replay 1"]

    viewer = await bob.click(listed.response.message, label="Replay 1")
    assert viewer.ephemeral
    shown = viewer.response.embeds[0]
    assert shown.title == "🎬 Zero — the start"
    assert field(shown, "This move") == "The game begins."
    assert [f.name for f in shown.fields[1:]] == names  # every seat's hand
    onlooker = Reader(world.guild.id, 0, frozenset({world.channel.id}))
    dealt = (await world.env.bot.replays.replay(game_id, onlooker)).step(0).state.hands
    for seat, hand in enumerate(shown.fields[1:]):
        assert hand.value.startswith(f"Cards: {zero_render.cards_text(dealt[seat])}\n🧮 ")
    assert "every player's hand is shown" in shown.footer.text
    assert [c["label"] for c in components(viewer.response)] == ["⏮", "◀", "▶", "⏭"]
    assert [c.get("disabled", False) for c in components(viewer.response)] == [
        True,
        True,
        False,
        False,
    ]

    message, step = viewer.response.message, 0
    while "⏭" in [c["label"] for c in components(message) if not c.get("disabled")]:
        moved = await bob.click(message, label="▶")
        message, step = moved.response.message, step + 1
        assert moved.response.embeds[0].title.startswith(f"🎬 Zero — move {step} of ")
    end = message.embeds[0]
    assert end.title == f"🎬 Zero — move {step} of {step}"
    assert field(end, "Final result") == final_result(world)
    back = await bob.click(message, label="◀")
    assert back.response.embeds[0].title == f"🎬 Zero — move {step - 1} of {step}"
    assert "Final result" not in [f.name for f in back.response.embeds[0].fields]

    results = world.channel.last_message  # the results message offers the same replay
    assert results.content.startswith("🏁")
    opened = await alice.click(results, label="Replay")
    assert opened.ephemeral and opened.response.embeds[0].title == "🎬 Zero — the start"
    last = await alice.click(opened.response.message, label="⏭")
    assert field(last.response.embeds[0], "Final result") == final_result(world)

    await world.restart()  # the buttons find their way back by custom_id
    again = await alice.click(last.response.message, label="◀")
    assert again.response.embeds[0].title == f"🎬 Zero — move {step - 1} of {step}"


async def test_game_log_attaches_the_game_as_json_and_refuses_what_is_not_over(world):
    alice, bob, carol = world.members
    game_id = await zero_by_passing(world, alice, [bob])

    asked = await carol.slash(world.channel, "game log", id=game_id)
    assert asked.ephemeral and asked.response.content.startswith(f"📄 The log of game {game_id}")
    (attached,) = asked.response.attachments
    assert attached.filename == f"game-{game_id}.json"
    log = json.loads(await attached.read())
    assert (log["format"], log["game"], log["id"]) == (1, "zero", game_id)
    assert [seat["name"] for seat in log["seats"]] == ["alice", "bob"]
    assert log["result"] == json.loads(await world.env.bot.runtime.storage.result(game_id))
    assert all(step["action"] == {"kind": "pass"} for step in log["actions"])

    await open_game(world, alice, "thegame", [bob])
    (running,) = world.env.bot.runtime.sessions
    refused = await carol.slash(world.channel, "game log", id=running)
    assert refused.response.content == (
        "That game is still being played: its log will be available once it is over."
    )
    for wrong in ("@everyone", "ffffffff", game_id.upper() + "0"):
        unknown = await carol.slash(world.channel, "game log", id=wrong)
        assert unknown.ephemeral
        assert unknown.response.content == "There is no finished game with that id on this server."
    elsewhere = world.env.create_guild("Elsewhere")
    stranger = elsewhere.add_member(world.env.create_user("stranger"))
    other = await stranger.slash(elsewhere.create_text_channel("games"), "game log", id=game_id)
    assert other.response.content == "There is no finished game with that id on this server."


async def test_a_private_channels_games_are_shown_only_to_those_who_see_it_or_played(world):
    alice, bob, carol = world.members
    dave = world.member("dave")  # may see the staff channel; did not play there
    staff = private_channel(world, "staff", alice, bob, dave)
    world.channel = staff
    private = await zero_by_passing(world, alice, [bob])
    world.channel = world.guild.create_text_channel("games")
    public = await zero_by_passing(world, carol, [alice])
    chat = world.guild.create_text_channel("chat")

    def listed(answer) -> list[str]:
        return re.findall(r"`([0-9a-f]{8})`", answer.response.embeds[0].description)

    assert listed(await carol.slash(chat, "history")) == [public]
    assert listed(await dave.slash(chat, "history")) == [public, private]
    refused = await carol.slash(chat, "game log", id=private)
    assert refused.ephemeral and refused.response.content == (
        "That game was played in a channel you can't see: only its players and those who can "
        "see that channel may look at it."
    )
    assert not refused.response.attachments
    ivan = world.member("ivan", locale="ru")
    assert (await ivan.slash(chat, "game log", id=private)).response.content == (
        "Эта партия шла в канале, который вам не виден: смотреть её могут только её участники "
        "и те, кому этот канал открыт."
    )

    # Bob no longer sees the staff channel; the game he played there is still his to replay.
    hidden = discord.Permissions(view_channel=True).value
    world.env.backend.set_overwrite(
        staff.id, Overwrite(target_id=bob.id, type=OverwriteType.MEMBER, deny=hidden)
    )
    his = await bob.slash(chat, "history")
    assert listed(his) == [public, private]
    viewer = await bob.click(his.response.message, label="Replay 2")
    assert viewer.response.embeds[0].title == "🎬 Zero — the start"


async def test_with_ratings_off_games_count_but_rate_nobody(world):
    alice, bob, _ = world.members
    await world.admin.slash(world.channel, "config ratings", value="off")
    settings = await world.admin.slash(world.channel, "config show")
    assert (
        "Ratings: no · leaderboards list members once they have played 3 games with other members"
        in (settings.response.content)
    )
    await zero_by_passing(world, alice, [bob])

    refused = await alice.slash(world.channel, "leaderboard", game="zero")
    assert refused.response.content == "Ratings are off on this server (/config ratings)."
    stats = (await alice.slash(world.channel, "stats")).response.embeds[0]
    assert stats.title == "📊 alice — all games"
    assert [f.name for f in stats.fields] == ["Zero", "Latest games"]
    assert "Rating" not in field(stats, "Zero") and stats.footer.text is None
    assert await world.env.bot.runtime.storage.stats.all_skills() == {}


async def test_a_russian_member_reads_stats_in_russian_with_russian_numbers(world, monkeypatch):
    alice, bob, _ = world.members
    ivan = world.member("ivan", locale="ru")
    await world.admin.slash(world.channel, "config ratings", value="on", min_games=1)
    deal(monkeypatch, UNTIED_ZERO_SEEDS[0])  # alice wins
    game_id = await zero_by_passing(world, alice, [bob])
    expected = Expected()
    expected.game({0: alice, 1: bob}, await outcome_of(world, game_id))
    rating = f"{expected.shown(alice):,}".replace(",", "\u00a0")  # 1 0xx, as Russian groups it

    stats = (await ivan.slash(world.channel, "stats", member=alice)).response.embeds[0]
    assert stats.title == "📊 alice — все игры"
    assert field(stats, "Зеро").splitlines()[:2] == [
        "1 партия · побед: 1 (100\u00a0%)",
        f"Рейтинг: **{rating}** (по итогам 1 партии с другими участниками)",
    ]
    assert "1\u00a0000 + 40 × (μ − 3σ)" in stats.footer.text
    board = (await ivan.slash(world.channel, "leaderboard", game="zero")).response.embeds[0]
    assert board.title == "🏆 Зеро — таблица лидеров"
    assert field(board, "Вы") == "Вы ещё не играли в эту игру с другими участниками."
    assert board.footer.text.startswith("Страница 1 из 1 · в таблице — от 1 партии")


async def test_an_abandoned_game_is_neither_counted_nor_rated(world):
    alice, bob, _ = world.members
    await open_game(world, alice, "zero", [bob])
    asked = await alice.slash(world.channel, "game end")
    await alice.click(asked.response.message, label="Yes, end it")

    stats = (await bob.slash(world.channel, "stats", game="zero")).response.embeds[0]
    assert stats.description == "bob has not finished a game of Zero on this server yet."
    history = (await bob.slash(world.channel, "history")).response
    assert history.embeds[0].description == "No game has finished on this server yet."
    assert not history.components
    assert await world.env.bot.runtime.storage.stats.all_skills() == {}


async def test_history_says_a_removed_members_seat_was_played_by_the_ai(world, monkeypatch):
    """Bob is kicked as Zero starts and the AI wins with his seat: /history words it as the
    results do ("played by the AI"), and /stats does not count the game for him."""
    alice, bob, carol = world.members
    deal(monkeypatch, 1)
    await open_game(world, alice, "zero", [bob, carol])
    game_id = only_session(world).id
    await alice.slash(world.channel, "game kick", member=bob)
    await pass_to_end(world, game_id, [alice, carol])
    assert "🏆 bob (played by the AI) — 63 points" in world.channel.last_message.content
    stats = (await bob.slash(world.channel, "stats", game="zero")).response.embeds[0]
    assert stats.description == "bob has not finished a game of Zero on this server yet."

    history = (await carol.slash(world.channel, "history")).response.embeds[0].description

    assert history.splitlines()[1].startswith("🏆 bob (played by the AI) **63** · alice **")


async def test_a_member_named_like_the_ai_does_not_pass_for_the_ai_on_the_leaderboard(
    world, monkeypatch
):
    """A member whose display name is "🤖 AI 1" plays rated Zero. Every board, result and
    /history line names them "AI 1" (🤖 marks only the AI's own seats, so that nobody passes
    for the AI), and so does the leaderboard, which never lists the AI."""
    alice, _, carol = world.members
    await world.admin.slash(world.channel, "config ratings", value="on", min_games=1)
    robot = world.member("🤖 AI 1")
    deal(monkeypatch, 1)  # the host (seat 0) wins when everyone passes
    await zero_by_passing(world, robot, [alice])
    assert "🏆 AI 1 — " in world.channel.last_message.content  # the results' name

    board = (await carol.slash(world.channel, "leaderboard", game="zero")).response.embeds[0]

    assert "🤖" not in board.description
    assert board.description.splitlines()[0].startswith("**1.** AI 1 — **")


async def test_stats_of_a_member_named_like_the_ai_names_them_as_the_results_do(world, monkeypatch):
    """/stats of the member named "🤖 AI 1" names them as the results and /history do: "AI 1",
    without the AI's mark."""
    alice, _, carol = world.members
    robot = world.member("🤖 AI 1")
    deal(monkeypatch, 1)
    await zero_by_passing(world, robot, [alice])
    history = (await carol.slash(world.channel, "history")).response.embeds[0].description
    assert "🏆 AI 1 **" in history

    stats = (await carol.slash(world.channel, "stats", member=robot, game="zero")).response

    assert stats.embeds[0].title == "📊 AI 1 — Zero"
