"""What members see and are offered at the table, with every variant, against docs/rules.

Each test plays the real bot in SimCord; a position the dealing would rarely reach is set up by
replacing the running game's state, as the per-game tests do.
"""

from __future__ import annotations

import random
import re

import pytest

from engines.core import encode_action
from engines.hourglass import CardSet
from tests.bot.driver import (
    board,
    click_verb,
    components,
    only_session,
    open_game,
    pictures_off,
)
from tests.bot.test_zero_e2e import zero_state


def seeded(monkeypatch, seed: int) -> None:
    """Every game of the test is dealt from `seed`."""
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: seed)


def description(message) -> str:
    return message.embeds[0].description


async def open_hand(actor, world):
    return (await actor.click(board(world), label="My hand")).response


def posts(world) -> list[str]:
    """Every plain channel message, oldest first."""
    return [m.content for m in world.channel.history() if m.content and not m.embeds]


# --- The Game ---------------------------------------------------------------------------


async def play_on(actor, world, card: int, pile_prefix: str, fire: bool = False):
    """Pick `card` on the actor's panel, then the pile whose button starts with `pile_prefix`."""
    panel = await open_hand(actor, world)
    picked = (await actor.click(panel.message, label=f"{card}{'🔥' if fire else ''}")).response
    pile = next(c for c in components(picked) if c.get("label", "").startswith(pile_prefix))
    return await actor.click(picked.message, custom_id=pile["custom_id"])


@pytest.mark.parametrize("locale", ["en-US", "ru"])
async def test_r25_a_solo_fire_card_must_be_covered_by_the_very_next_card(
    world, monkeypatch, locale
):
    """R25 (A9): alone at the table, the card played right after a fire card must go on its
    pile, or the game is lost: the solo player is told so, not the team's "by the end of the
    next turn" (R24), which would lose them the game if they followed it."""
    seeded(monkeypatch, 0)  # the solo hand holds 18, 22🔥, 24, 26, 60, 64, 72, 96
    await pictures_off(world)
    player = world.member("solo", locale=locale)
    await open_game(world, player, "thegame", [], on_fire="yes")
    done = await play_on(player, world, 22, "⬆️1", fire=True)
    said = done.response.content  # the announcement over the player's own panel
    assert (
        said
        == {
            "ru": "🔥 Стопка ⬆️1 горит (22): следующая же карта должна её накрыть!",
            "en-US": "🔥 ⬆️1 is burning (22): your very next card must cover it!",
        }[locale]
    )
    # The same announcement in the channel, in the server's language (English).
    assert posts(world)[-1] == "🔥 ⬆️1 is burning (22): your very next card must cover it!"


async def test_r25_a_team_fire_card_may_wait_until_the_end_of_the_next_turn(world, monkeypatch):
    """R24: with two or more players the pile must be covered by the end of the next turn
    actually taken; that is what the team is told (kept: the solo wording must not spread)."""
    seeded(monkeypatch, 0)
    await pictures_off(world)
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob], on_fire="yes")
    session = only_session(world)
    hands = ((18, 22, 24, 26, 60, 64, 72), session.state.hands[1])
    session.state = session.state.model_copy(update={"hands": hands})
    done = await play_on(alice, world, 22, "⬆️1", fire=True)
    assert done.response.content == "🔥 ⬆️1 is burning (22): cover it by the end of the next turn!"


async def solo_expert_draws_the_last_card(world, **options):
    """A solo expert game of The Game (with `options`): three cards played, then End turn
    draws the deck's last card. The session, and the answer to End turn."""
    alice = world.members[0]
    await pictures_off(world)
    await open_game(world, alice, "thegame", [], expert="yes", **options)
    session = only_session(world)
    hand = (10, 11, 12, 13, 14, 15, 16, 17)
    session.state = session.state.model_copy(update={"hands": (hand,), "deck": (50,)})
    for card in (10, 11, 12):
        await play_on(alice, world, card, "⬆️1")
    panel = await open_hand(alice, world)
    return session, await alice.click(panel.message, label="End turn")


async def test_a5_with_the_expert_endgame_minimum_the_empty_deck_keeps_three_cards_a_turn(world):
    """A5 override (option expert_endgame_min, R21): once the deck is empty the expert minimum
    of three stays (all remaining cards when fewer), and the announcement says so, like the
    panel and the board, instead of "from now on one card per turn is enough"."""
    session, done = await solo_expert_draws_the_last_card(world, expert_endgame_min="yes")

    assert session.state.minimum == 3 and not session.state.deck
    shown = description(done.response)
    assert "👉 Your turn: play at least 3 cards, then end your turn." in shown
    assert "This turn: play at least 3 cards (played so far: 0)" in description(board(world))
    said = "The deck is empty: still 3 cards a turn, or every card you hold when fewer are left."
    assert done.response.content == said
    assert posts(world)[-1] == said


async def test_r13_without_the_override_the_empty_deck_asks_for_one_card(world):
    """R13/A5: in the expert game without the override the minimum drops to one (kept: the
    announcement is right there)."""
    session, done = await solo_expert_draws_the_last_card(world)
    assert session.state.minimum == 1
    assert done.response.content == "The deck is empty: from now on one card per turn is enough."
    assert "👉 Your turn: play at least one card, then end your turn." in description(done.response)


# --- Zero -------------------------------------------------------------------------------


async def a_zero_to_call(world, locale: str):
    """Zero, dealt so that the host (seat 0, of `locale`) holds a Zero to call on their turn:
    the game, the host's panel, and its action buttons."""
    player = world.member("zed", locale=locale)
    await open_game(world, player, "zero", [world.members[1]])
    session = only_session(world)
    session.state = zero_state(session.state)
    panel = await open_hand(player, world)
    actions = [c for c in components(panel) if c.get("custom_id", "").startswith("tb:act:")]
    return session, panel, actions


@pytest.mark.parametrize("locale", ["en-US", "ru"])
async def test_r11_a_zero_that_must_be_called_is_not_told_to_exchange_or_pass(world, locale):
    """R11: without zero_optional a Zero is declared at once; the only move offered is "Call
    ZERO!", and the panel says only that, not to exchange "or pass" (moves it does not offer)."""
    await pictures_off(world)
    session, panel, actions = await a_zero_to_call(world, locale)
    assert [encode_action(a) for a in session.game.legal_actions(session.state, 0)] == ["zero"]
    assert len(actions) == 1 and actions[0]["custom_id"].endswith(":zero")
    todo = description(panel).split("\n")[-1]  # what to do now closes the panel
    assert (
        todo
        == {
            "ru": "🎉 У вас «Зеро»! Объявите его, и раунд сразу закончится.",
            "en-US": "🎉 Your hand is a Zero! Call it to end the round at once.",
        }[locale]
    )
    assert not any(word in description(panel) for word in ("Or pass", "Или скажите «Пас»"))


# --- /rules and /newgame ----------------------------------------------------------------


@pytest.mark.parametrize("locale", ["en-US", "ru"])
async def test_r35_each_variant_example_in_rules_opens_a_lobby_when_typed(world, locale):
    """/rules lists every variant with an example of how to type it in /newgame. Two examples
    are refused when typed as shown: Mind Up's `goal_count=2` (R35: more than one goal needs
    goals on) and The Game's `expert_endgame_min=yes` (A5: only with expert)."""
    member = world.member("reader", locale=locale)
    refused = []
    for slug in ("mindup", "thegame", "genial", "zero", "hourglass"):
        shown = await member.slash(world.channel, "rules", game=slug)
        (variants,) = shown.response.embeds[0].fields
        for example in re.findall(r"`([^`]+)`", variants.value):
            before = world.channel.last_message
            answer = await member.slash(world.channel, "newgame", game=slug, options=example)
            lobby = world.channel.last_message
            opened = lobby is not None and (before is None or lobby.id != before.id)
            if not opened or not any(
                c.get("custom_id", "").endswith(":cancel") for c in components(lobby)
            ):
                refused.append(f"{slug}: {example} → {answer.response.content}")
                continue
            await click_verb(member, lobby, "cancel")
    assert refused == []


# --- every variant: the panel offers exactly the legal moves ------------------------------


def offered(panel) -> tuple[set[str], list[str]]:
    """The encoded actions a panel offers (buttons and select options) and its pick buttons."""
    acts, picks = set(), []
    for c in components(panel):
        cid = c.get("custom_id", "")
        if cid.startswith("tb:act:"):
            acts.add(cid.split(":", 4)[4])
        elif cid.startswith("tb:sel:"):
            acts.update(o["value"] for o in c["options"])
        elif cid.startswith("tb:pick:"):
            picks.append(cid)
    return acts, picks


VARIANTS = [
    ("zero", 2, {"zero_optional": "yes"}),
    ("zero", 3, {"beginner_market": "yes", "start_player": 3}),
    ("hourglass", 3, {"exception_literal": "yes", "start_seat": 2}),
    ("genial", 2, {"games": 2, "start_seat": 2}),
    ("mindup", 3, {"goals": "per_round", "goal_count": 5}),
    ("thegame", 2, {"expert": "yes", "smaller_hands": "yes", "on_fire": "yes"}),
]


@pytest.mark.parametrize(("slug", "players", "opts"), VARIANTS)
async def test_with_each_variant_my_hand_offers_exactly_the_legal_moves(
    world, monkeypatch, slug, players, opts
):
    """At 40 positions of a seeded game played from the panels, "My hand" offers exactly the
    seat's legal actions (The Game: each card's piles once it is picked), with the variant
    applied to the game actually played."""
    seeded(monkeypatch, 5)
    await pictures_off(world)
    members = [*world.members, world.member("dave")][:players]
    await open_game(world, members[0], slug, members[1:], **opts)
    session = only_session(world)
    typed = {"yes": True, "no": False}
    for name, value in opts.items():  # the variant chosen is the one played (seats from 1)
        played = getattr(session.state.options, name)
        expected = value - 1 if name.startswith("start_") else typed.get(value, value)
        assert played == expected, name
    rng = random.Random(1)
    by_id = {m.id: m for m in members}
    for _ in range(40):
        if not session.running:
            break
        seat = rng.choice(sorted(session.to_act()))
        actor = by_id[session.record.seats[seat].user_id]
        panel = await open_hand(actor, world)
        legal = {encode_action(a) for a in session.game.legal_actions(session.state, seat)}
        acts, picks = offered(panel)
        if picks:
            assert {p.rsplit(":", 1)[1] for p in picks} == {
                a.split(".")[1] for a in legal if a.startswith("play.")
            }
            cid = rng.choice(picks)
            panel = (await actor.click(panel.message, custom_id=cid)).response
            acts, _ = offered(panel)
            key = cid.rsplit(":", 1)[1]
            legal = {a for a in legal if a.startswith(f"play.{key}.") or not a.startswith("play.")}
        assert acts == legal
        choice = rng.choice(sorted(acts))
        comp = next(
            c
            for c in components(panel)
            if c.get("custom_id", "").endswith(":" + choice)
            or choice in [o["value"] for o in c.get("options", [])]
        )
        if comp["custom_id"].startswith("tb:sel:"):
            await actor.select(panel.message, [choice], custom_id=comp["custom_id"])
        else:
            await actor.click(panel.message, custom_id=comp["custom_id"])


# --- Hourglass ----------------------------------------------------------------------------


async def test_a1_literal_exception_the_player_owning_every_set_is_not_told_a_set_can_be_opened(
    world, monkeypatch
):
    """A1 literal reading (option exception_literal, R15): a player who owns every set on the
    table must put a card at the bottom of the deck even though holders are empty. Their panel
    offers only that, and says of each empty holder that they cannot open a set there."""
    seeded(monkeypatch, 5)
    await pictures_off(world)
    alice, bob = world.members[:2]
    await open_game(world, alice, "hourglass", [bob], exception_literal="yes", start_seat=1)
    session = only_session(world)
    state = session.state
    hand = state.hands[0]
    mine = CardSet(owner=0, ascending=True, cards=(hand[0],))
    session.state = state.model_copy(
        update={"holders": (mine, None, None), "hands": (hand[1:], state.hands[1])}
    )
    panel = await open_hand(alice, world)
    actions = [
        c for c in components(panel) if c.get("custom_id", "").startswith(("tb:act:", "tb:sel:"))
    ]
    legal = session.game.legal_actions(session.state, 0)
    assert {a.kind for a in legal} == {"discard"}
    assert all(
        ":discard." in c["custom_id"] for c in actions if c["custom_id"].startswith("tb:act:")
    )
    closed = "empty holder: you cannot open a set while every set on the table is yours"
    lines = description(panel).split("\n")
    assert [line for line in lines if "empty holder" in line] == [f"2️⃣ {closed}", f"3️⃣ {closed}"]
    shown = description(board(world))  # for everyone else the holders are open
    assert "2️⃣ empty holder: a new set can be opened here" in shown
