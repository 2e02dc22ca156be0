"""The numbers players read (results, /stats, /leaderboard, /history) and who they are
credited to, as members see them in Discord."""

from __future__ import annotations

import logging

import pytest

from bot.i18n import t
from engines.core import Outcome
from tests.bot.driver import (
    click_verb,
    only_session,
    open_game,
    play_to_end,
)
from tests.bot.test_stats_e2e import deal, pass_to_end, zero_by_passing


async def outcome_of(world, game_id: str) -> Outcome:
    stored = await world.env.bot.runtime.storage.result(game_id)
    return Outcome.model_validate_json(stored)


def errors(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def field(embed, name: str) -> str:
    return next(f.value for f in embed.fields if f.name == name)


# --- who a result counts for ---


async def test_a_kicked_member_is_not_credited_with_the_games_the_ai_played_for_them(
    world, monkeypatch, caplog
):
    """Bob is kicked as soon as the game starts; the AI plays his seat to the end (and, from
    this seed, wins). A kicked seat is not rated (docs/replays.md, "Ratings"), and /stats does
    not credit Bob with its game, win, score or result either; the results say the AI played it."""
    alice, bob, carol = world.members
    await world.admin.slash(world.channel, "config ratings", value="on", min_games=1)
    deal(monkeypatch, 1)
    await open_game(world, alice, "zero", [bob, carol])
    game_id = only_session(world).id
    await alice.slash(world.channel, "game kick", member=bob)
    await pass_to_end(world, game_id, [alice, carol])
    outcome = await outcome_of(world, game_id)
    assert 1 in outcome.winners  # the AI won bob's seat

    # The results say whose play it was, and /stats does not count it for bob.
    assert "🏆 bob (played by the AI) — " in world.channel.last_message.content
    stats = (await bob.slash(world.channel, "stats", game="zero")).response.embeds[0]
    assert stats.description == "bob has not finished a game of Zero on this server yet."
    assert errors(caplog) == []


# --- places ---


async def test_members_shown_the_same_rating_share_their_place_on_the_leaderboard(
    world, monkeypatch, caplog
):
    """Alice beats Bob twice, then Carol beats Alice. Alice and Carol both read **1,161** on
    the leaderboard (μ − 3σ of 4.0288 and 4.0199 underneath): they share the first place, as
    members read the ratings shown."""
    alice, bob, carol = world.members
    await world.admin.slash(world.channel, "config ratings", value="on", min_games=1)
    deal(monkeypatch, 1, 4, 5)  # the host (seat 0) wins each of these when everyone passes
    await zero_by_passing(world, alice, [bob])
    await zero_by_passing(world, alice, [bob])
    await zero_by_passing(world, carol, [alice])

    shown = await carol.slash(world.channel, "leaderboard", game="zero")
    embed = shown.response.embeds[0]

    assert embed.description.splitlines() == [
        "**1.** alice — **1,161** · 3 games",
        "👉 **1.** carol — **1,161** · 1 game",
        "**3.** bob — **875** · 2 games",
    ]
    assert field(embed, "You") == "Place 1 · **1,161** · 1 game"
    assert errors(caplog) == []


# --- a rematch, and the results message ---


async def test_a_rematch_keeps_its_own_result_in_stats_history_and_ratings(
    world, monkeypatch, caplog
):
    """A game and its rematch are two results: each member's /stats counts both
    with their own scores, /history lists both, and the ratings count two games each."""
    alice, bob, carol = world.members
    await world.admin.slash(world.channel, "config ratings", value="on", min_games=1)
    deal(monkeypatch, 1, 2)  # alice wins the first (40 to 57), bob the rematch (53 to 59)
    first = await zero_by_passing(world, alice, [bob])
    await bob.click(world.channel.last_message, label="🔁 Play again")
    await click_verb(alice, world.channel.last_message, "join")
    await click_verb(bob, world.channel.last_message, "start")
    second = only_session(world).id
    await pass_to_end(world, second, [alice, bob])
    assert world.channel.last_message.content == (
        "🏁 **Zero** is over!\n🏆 bob — 53 points (24 + 29)\n2. alice — 59 points (30 + 29)"
    )

    stats = (await alice.slash(world.channel, "stats", game="zero")).response.embeds[0]
    assert stats.description.splitlines()[0] == "2 games · 1 won (50%)"
    assert stats.description.splitlines()[2] == "Best (lowest) score: 40 · average: 49.5"
    latest = field(stats, "Latest games").splitlines()
    assert latest[0].startswith("▫️ place 2 of 2 · 59 points · ")
    assert latest[1].startswith("🏆 place 1 of 2 · 40 points · ")
    history = (await carol.slash(world.channel, "history")).response.embeds[0].description
    assert f"`{second}`" in history and f"`{first}`" in history
    assert "🏆 bob **53** · alice **59**" in history and "🏆 alice **40** · bob **57**" in history
    board_lines = (
        (await carol.slash(world.channel, "leaderboard", game="zero"))
        .response.embeds[0]
        .description.splitlines()
    )
    assert all(line.endswith("· 2 games") for line in board_lines)
    assert errors(caplog) == []


@pytest.mark.parametrize("slug", ["mindup", "zero", "hourglass", "genial", "thegame"])
async def test_the_results_message_says_what_the_stored_outcome_says(world, caplog, slug):
    """Two members and AI seats play to the end: the results message lists every
    seat in the stored outcome's order with its score and round scores (or the team's result)."""
    alice, bob, _ = world.members
    await open_game(world, alice, slug, [bob], ai=2 if slug == "mindup" else 1)
    session = only_session(world)
    await play_to_end(world, [alice, bob])
    outcome = await outcome_of(world, session.id)
    text = world.channel.last_message.content
    names = [s.name if s.user_id is not None else f"🤖 {s.name}" for s in session.record.seats]
    if outcome.cooperative:
        # The team's result as the stored outcome has it: won, or how many cards were left.
        said = t("en", f"result-{slug}-{outcome.result}", score=outcome.scores[0])
        assert said in text.splitlines()
    else:
        ranked = sorted(range(len(names)), key=lambda s: (outcome.ranking[s], s))
        shown = text.splitlines()[1 : 1 + len(names)]
        for line, seat in zip(shown, ranked, strict=True):
            medal = "🏆" if seat in outcome.winners else f"{outcome.ranking[seat]}."
            points = outcome.scores[seat]
            assert line.startswith(f"{medal} {names[seat]} — {points} point")
            if len(outcome.round_scores) > 1:
                rounds = " + ".join(str(r[seat]) for r in outcome.round_scores)
                assert line.endswith(f"({rounds})")
                assert sum(r[seat] for r in outcome.round_scores) == points
    assert errors(caplog) == []
