"""Hourglass played end to end through Discord by simulated players."""

from __future__ import annotations

import random

from bot.i18n import t
from bot.render import hourglass as render
from engines import hourglass
from tests.bot.driver import (
    act_once,
    board,
    components,
    finished,
    only_session,
    open_game,
    play_to_end,
    turn_dm,
)


def description(message):
    return message.embeds[0].description


def round_ends(world):
    return [m.content for m in world.channel.history() if m.content.startswith("⌛")]


def action_components(panel):
    return [
        c for c in components(panel) if c.get("custom_id", "").startswith(("tb:sel:", "tb:act:"))
    ]


async def play_until_a_round_ends(world, players):
    for _ in range(40):
        if round_ends(world):
            return
        for actor in players:
            await act_once(actor, board(world))
    raise AssertionError("no round ended")


async def test_two_players_and_an_ai_play_hourglass_to_its_result(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "hourglass", [bob], ai=1, start_seat=1)
    text = description(board_message)
    # R6/R7: three empty holders, six cards in every hand, totals hidden (A8).
    assert "**Round 1**" in text and "Deck: 45 cards" in text
    assert text.count("empty holder") == 3
    assert text.count("✋ 6 cards in hand") == 3 and "📥 0 cards collected" in text
    assert "stay secret until the end" in text

    # R10/R16: the first player opens a set; the board shows its direction, top card and owner.
    await act_once(alice, board_message)
    text = description(board(world))
    assert "1️⃣ ⬇️ −" in text or "1️⃣ ⬆️ +" in text
    assert "👤 **alice**" in text and "**alice** — ✋ 5 cards in hand" in text
    assert "alice opens set 1️⃣" in "\n".join(f.value for f in board(world).embeds[0].fields)

    panels = await play_to_end(world, [alice, bob])
    assert finished(world)

    # R17-R19: every round end but the last one gets its own message with what each collected.
    announced = round_ends(world)
    assert announced and announced[0].startswith("⌛ **Round 1 is over.** Collected: alice — ")
    assert "Everyone draws 4 cards for the next round" in announced[0]
    assert "⏳" not in announced[0].removeprefix("⌛")  # hourglasses stay secret (A8)

    results = world.channel.last_message.content
    assert "Hourglass" in results and "alice" in results and "AI 1" in results
    final = next(m for m in reversed(world.channel.history()) if m.embeds)
    fields = {f.name: f.value for f in final.embeds[0].fields}
    assert "🏆" in fields["Final result"] and " + " in fields["Final result"]
    assert not final.components  # no "My hand" once the game is over
    # The final board reveals every total (R20).
    assert description(final).count("⏳ **") == 3

    # Both played from panels that play_to_end saw private to their owner when shown.
    assert {actor.id for actor, _ in panels} == {alice.id, bob.id}


async def test_my_hand_is_private_and_shows_only_the_clickers_cards(world):
    alice, bob, carol = world.members
    board_message = await open_game(world, alice, "hourglass", [bob], start_seat=1)
    session = only_session(world)
    alice_cards = [render.worth(c) for c in session.state.hands[0]]
    bob_cards = [render.worth(c) for c in session.state.hands[1]]

    shown = await alice.click(board_message, label="My hand")
    assert shown.ephemeral
    text = description(shown.response)
    assert "Your cards: " + " · ".join(alice_cards) in text
    assert "You play 5 more cards this round" in text  # R5/R17: 2 players hold 7, keep 2
    assert not any(card in text for card in bob_cards)

    theirs = await bob.click(board_message, label="My hand")
    assert theirs.ephemeral
    bob_text = description(theirs.response)
    assert "Your cards: " + " · ".join(bob_cards) in bob_text
    assert not any(card in bob_text for card in alice_cards)

    public = description(board(world))
    assert "Your cards" not in public and "(⏳" not in public
    assert shown.response.id not in {m.id for m in world.channel.history(viewer=bob)}
    refused = await carol.click(board_message, label="My hand")
    assert refused.response.content == "You are not in this game."


async def test_an_out_of_date_panel_or_a_wrong_turn_plays_nothing(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "hourglass", [bob], start_seat=1)
    session = only_session(world)

    waiting = (await bob.click(board_message, label="My hand")).response
    assert not action_components(waiting)
    assert "Not your move" in waiting.embeds[0].footer.text

    older = await turn_dm(world, alice)
    newer = (await alice.click(board_message, label="My hand")).response
    # R16: opening a set is the only move; 7 cards (R5), either way up: a button each.
    opens = action_components(newer)
    assert len(opens) == 14 and all("→ new" in c["label"] for c in opens)
    await alice.click(newer.message, custom_id=opens[0]["custom_id"])
    state = session.state

    again = await alice.user.click(older, custom_id=opens[0]["custom_id"])
    assert "out of date" in again.response.content
    assert session.state == state and state.version == 1


async def test_open_scores_show_every_total_and_the_round_results(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "hourglass", [bob], open_scores="yes")
    text = description(board_message)
    assert text.count("⏳ **0**") == 2 and "stay secret" not in text
    await play_until_a_round_ends(world, [alice, bob])
    (announced,) = round_ends(world)
    assert "alice — " in announced and "(⏳" in announced
    session = only_session(world)
    totals = session.state.results[0].hourglasses
    text = description(board(world))
    collected = t("en", "hourglass-cards", count=session.state.results[0].cards[0])
    assert f"**alice** — ✋ 7 cards in hand · 📥 {collected} collected" in text
    assert f"⏳ **{totals[0]}**" in text and f"⏳ **{totals[1]}**" in text


async def test_a_russian_player_reads_the_hand_in_russian(world):
    alice = world.members[0]
    ivan = world.member("ivan", locale="ru")
    board_message = await open_game(world, alice, "hourglass", [ivan], start_seat=2)
    panel = (await ivan.click(board_message, label="My hand")).response
    text = description(panel)
    assert "Ваши карты:" in text and "осталось сыграть 5 карт" in text
    assert "пустая подставка" in text
    opens = action_components(panel)
    assert len(opens) == 14 and "→ новый набор ⬆️ +" in opens[1]["label"]
    rules = await ivan.slash(world.channel, "rules", game="hourglass")
    assert "песочных часов" in rules.response.embeds[0].description


def test_labels_stay_short_and_every_public_event_reads_in_both_languages():
    game = hourglass
    seen: set[str] = set()
    for players, seed in ((2, 3), (5, 4), (5, 5)):
        state = game.setup(game.Options(), players, seed)
        rng = random.Random(seed)
        names = [f"p{i}" for i in range(players)]
        while game.outcome(state) is None:
            seat = next(iter(game.to_act(state)))
            legal = game.legal_actions(state, seat)
            assert len({render.group(a) for a in legal}) <= 3
            for action in legal:
                assert render.group(action)
                for lang in ("en", "ru"):
                    assert len(render.label(action, lang)) <= 80
            state, events = game.apply(
                state, seat, game.ai_action(game.view(state, seat), legal, rng)
            )
            for event in events:
                if event.visible_to is None:
                    seen.add(event.kind)
                    for lang in ("en", "ru"):
                        line = render.event(event, names, lang)
                        assert line and "hourglass-" not in line and "{" not in line
    # The 5-player games go through the deck twice (R23) and end (R20).
    assert {"hourglass.reshuffle", "hourglass.refill", "hourglass.game_over"} <= seen
