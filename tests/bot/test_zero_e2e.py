"""Zero played end to end through Discord by simulated players."""

from __future__ import annotations

import random

import pytest

from bot.i18n import t
from bot.render import zero as render
from engines import IllegalAction, zero
from engines.zero.scoring import cancelled, hand_score
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


def fields(message):
    return {f.name: f.value for f in message.embeds[0].fields}


NAMES = ("alice", "bob", "🤖 AI 1")
SEED = 112
"""A game seed whose full game (passes in rounds 1-2, exchanges in round 3) stays short."""


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """Every game of this module is dealt from SEED, so each test plays the same cards."""
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: SEED)


def round_ends(world):
    """Every round-end announcement, from its 🧾 line on (a Zero call may come before it)."""
    mark = "🧾 **Round "
    return [
        m.content[m.content.index(mark) :] for m in world.channel.history() if mark in m.content
    ]


def action_components(panel):
    return [
        c for c in components(panel) if c.get("custom_id", "").startswith(("tb:sel:", "tb:act:"))
    ]


def market_line(state):
    return "🛒 Market: " + " ".join(render.card(c) for c in state.market)


async def open_hand(actor, world):
    return (await actor.click(board(world), label="My hand")).response


async def pass_through_round(world, players, session):
    """Every human passes whenever it is their turn until the round is scored."""
    number = session.state.round
    for _ in range(10):
        for actor in players:
            panel = await open_hand(actor, world)
            if any(c.get("label") == "👊 Pass" for c in components(panel)):
                await actor.click(panel.message, label="👊 Pass")
            if session.state.round != number or not session.running:
                return
    raise AssertionError("the passes did not end the round")


async def test_two_players_and_an_ai_play_zero_to_its_result(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "zero", [bob], ai=1, start_player=1)
    session = only_session(world)
    text = description(board_message)
    # R2/R3/R18: a market of 5 face up, 24 cards set aside, three rounds for three players.
    assert "**Round 1 of 3**" in text and market_line(session.state) in text
    assert "Passes this round: 0 of 2" in text and "24 cards are set aside" in text
    assert "**alice** — **0**" in text and "**🤖 AI 1** — **0**" in text

    # Rounds 1 and 2 end by passes (R8); round 3 is played out with exchanges by the driver.
    await pass_through_round(world, [alice, bob], session)
    await pass_through_round(world, [alice, bob], session)
    assert "**Round 3 of 3**" in description(board(world))
    panels = await play_to_end(world, [alice, bob])
    assert finished(world)

    # Every round end gets its own message with each player's round score and revealed hand.
    # (The last one is not posted today: the runtime closes a finished game before it announces
    # the final action's events; the final board below shows the last round's hands instead.)
    announced = round_ends(world)
    assert len(announced) >= 2
    state = session.state
    for number, message in enumerate(announced):
        assert message.startswith(f"🧾 **Round {number + 1} of 3 is over** (after two passes)")
        scores = state.round_scores[number]
        for name, score in zip(NAMES, scores, strict=True):
            assert f"**{name}** — {t('en', 'score-points', points=score)}: " in message
        totals = [sum(r[s] for r in state.round_scores[: number + 1]) for s in range(3)]
        assert f"📊 Totals: alice {totals[0]} · bob {totals[1]} · 🤖 AI 1 {totals[2]}" in message
    assert any(
        "🔄 Round 2 begins; **bob** plays first" in m.content for m in world.channel.history()
    )

    results = world.channel.last_message.content
    assert "Zero" in results and "alice" in results and "AI 1" in results
    final = next(m for m in reversed(world.channel.history()) if m.embeds)
    result = fields(final)["Final result"]
    assert "🏆" in result and " + " in result
    assert not final.components  # no "My hand" once the game is over
    final_text = description(final)
    totals = [sum(r[s] for r in state.round_scores) for s in range(3)]
    for seat, name in enumerate(NAMES):
        rounds = " + ".join(str(r[seat]) for r in state.round_scores)
        assert f"**{name}** — {rounds} = **{totals[seat]}**" in final_text
        # The hands of the last round, as the engine revealed and scored them (R13).
        assert f"**{name}**: {render.cards_text(state.shown[seat])}" in final_text
    assert [hand_score(h) for h in state.shown] == list(state.round_scores[-1])
    # R19: the lowest total wins.
    best = min(totals)
    winners = [s for s in range(3) if totals[s] == best]
    assert session.game.outcome(state).winners == tuple(winners)

    # Both played from panels that play_to_end saw private to their owner when shown.
    assert {actor.id for actor, _ in panels} == {alice.id, bob.id}


async def test_my_hand_is_private_and_shows_only_the_clickers_cards(world):
    alice, bob, carol = world.members
    board_message = await open_game(world, alice, "zero", [bob], start_player=1)
    session = only_session(world)
    alice_cards = session.state.hands[0]
    bob_cards = session.state.hands[1]

    shown = await alice.click(board_message, label="My hand")
    assert shown.ephemeral
    text = description(shown.response)
    assert "Your cards: " + render.cards_text(alice_cards) in text
    assert f"your hand would score **{hand_score(alice_cards)}**" in text
    assert ("Struck-through cards are cancelled" in text) == bool(cancelled(alice_cards))
    assert not any(render.card(c) in text for c in bob_cards)

    theirs = await bob.click(board_message, label="My hand")
    assert theirs.ephemeral
    bob_text = description(theirs.response)
    assert "Your cards: " + render.cards_text(bob_cards) in bob_text
    assert not any(render.card(c) in bob_text for c in alice_cards)
    assert shown.response.id not in {m.id for m in world.channel.history(viewer=bob)}

    public = description(board(world))
    assert "Your cards" not in public
    assert not any(render.card(c) in public for c in (*alice_cards, *bob_cards))
    refused = await carol.click(board_message, label="My hand")
    assert refused.response.content == "You are not in this game."


async def test_an_exchange_is_give_then_take_and_an_old_panel_plays_nothing(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "zero", [bob], start_player=1)
    session = only_session(world)

    waiting = await open_hand(bob, world)
    assert not action_components(waiting)
    assert "Not your move" in waiting.embeds[0].footer.text

    older = await turn_dm(world, alice)
    newer = await open_hand(alice, world)
    assert "step 1 of 2: give a card from your hand to the market" in description(newer)
    *gives, pass_button = action_components(newer)  # a button each: one click
    assert len(gives) == 9 and all(g["label"].startswith("Give ") for g in gives)
    assert pass_button["label"] == "👊 Pass"

    # R6 step 1: the given card lies face up; the panel now asks for a market card.
    gift = session.state.hands[0][0]
    market = session.state.market
    give = next(g for g in gives if g["custom_id"].endswith(f":give.{gift}"))
    after = await alice.click(newer.message, custom_id=give["custom_id"])
    text = description(after.response)
    assert f"You gave {render.card(gift)}: now take a card from the market" in text
    takes = action_components(after.response)
    # Z1: the card just given is not offered back.
    assert [t["label"] for t in takes] == [f"Take {render.card(c)}" for c in sorted(market)]
    assert f"**alice** has laid {render.card(gift)} face up" in description(board(world))
    state = session.state

    # The panel drawn before the give is out of date: nothing is played twice.
    again = await alice.user.click(older, custom_id=give["custom_id"])
    assert "out of date" in again.response.content
    assert session.state == state and state.version == 1

    # R6 step 2: take a market card; the given card takes its place in the market.
    chosen = sorted(market)[0]
    # (from the turn DM the refusal redrew: the member's current panel, which replaced the
    # channel's one)
    await alice.user.click(again.response, custom_id=takes[0]["custom_id"])
    assert chosen in session.state.hands[0] and gift in session.state.market
    moves = fields(board(world))["Last moves"]
    assert f"**alice** gave {render.card(gift)} and took {render.card(chosen)}" in moves
    assert market_line(session.state) in description(board(world))


async def test_a_refused_action_gets_its_localized_reason_and_changes_nothing(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "zero", [bob], start_player=1)
    session = only_session(world)
    runtime = world.env.bot.runtime
    panel = await open_hand(alice, world)
    give = action_components(panel)[0]
    gift = int(give["custom_id"].split(".")[-1])
    await alice.click(panel.message, custom_id=give["custom_id"])
    state = session.state
    # Z1: taking back the card just given is refused by the rules, with its own message.
    with pytest.raises(IllegalAction) as refused:
        await runtime.act(session, alice.id, f"take.{gift}.0", state.version)
    assert refused.value.code == "take_back"
    assert t("en", "illegal-take_back").startswith("You cannot take back")
    assert t("ru", "illegal-take_back").startswith("Только что отданную")
    # Bob acting in alice's turn is refused as well.
    with pytest.raises(IllegalAction) as wrong:
        await runtime.act(session, bob.id, "pass", state.version)
    assert wrong.value.code == "not_your_turn"
    assert session.state == state


async def test_two_passes_start_the_last_turns_and_the_round_is_scored(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "zero", [bob], ai=1, start_player=1)
    session = only_session(world)

    panel = await open_hand(alice, world)
    assert "Passing now would be the round's first pass" in description(panel)
    await alice.click(panel.message, label="👊 Pass")
    assert "Passes this round: 1 of 2" in description(board(world))
    assert "**alice** passes (1st pass of the round)" in fields(board(world))["Last moves"]

    panel = await open_hand(bob, world)
    assert "Passing now would be the round's second pass" in description(panel)
    await bob.click(panel.message, label="👊 Pass")
    # R8: everyone but bob plays once more: the AI (already done), then alice.
    moves = fields(board(world))["Last moves"]
    assert "🔔 **bob** passes: 2nd pass! Last turns: 🤖 AI 1 → alice" in moves
    assert "🔔 Last turns (2nd pass: **bob**). Still to play: **alice**" in description(
        board(world)
    )
    assert session.state.turn == 0 and session.state.round == 1

    panel = await open_hand(alice, world)
    assert "This is your last turn this round." in description(panel)
    hands = session.state.hands
    await alice.click(panel.message, label="👊 Pass")
    (announced,) = round_ends(world)
    assert announced.startswith("🧾 **Round 1 of 3 is over** (after two passes)")
    scores = [hand_score(h) for h in hands]
    assert session.state.round_scores == (tuple(scores),)
    for name, hand, score in zip(("alice", "bob", "🤖 AI 1"), hands, scores, strict=True):
        assert f"**{name}** — {t('en', 'score-points', points=score)}: " in announced
        assert render.cards_text(hand) in announced
    # R17: round 2, the next seat starts; the board keeps the round scores.
    text = description(board(world))
    assert "**Round 2 of 3**" in text and f"**alice** — {scores[0]} = **{scores[0]}**" in text
    assert "Passes this round: 0 of 2" in text


def zero_state(state):
    """The same game with alice (seat 0, to act) dealt a Zero: 🟥1-4 + the 8 of five colours."""
    mine = (0, 1, 2, 3, 7, 15, 23, 31, 39)
    rest = [c for c in range(56) if c not in mine]
    random.Random(5).shuffle(rest)
    size = len(state.market)
    hands = (mine, *(tuple(sorted(rest[9 * i : 9 * i + 9])) for i in range(state.players - 1)))
    dealt = 9 * (state.players - 1)
    update = {
        "hands": hands,
        "market": tuple(rest[dealt : dealt + size]),
        "deck": tuple(rest[dealt + size :]),
    }
    return type(state).model_validate(state.model_copy(update=update).model_dump())


async def test_a_dealt_zero_is_called_and_ends_the_round_at_once(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "zero", [bob], start_player=1)
    session = only_session(world)
    session.state = zero_state(session.state)

    panel = await open_hand(alice, world)
    text = description(panel)
    assert "🎉 Your hand is a Zero! Call it to end the round at once." in text
    assert "your hand would score **0**" in text
    assert "~~🟥1~~" in text and "~~🟧8~~" in text  # every card of a Zero is cancelled (R14)
    assert "one card in both): 🟥 ×5 · **8** ×5" in text
    assert "Struck-through cards are cancelled" in text
    (call,) = action_components(panel)  # R11: a Zero must be called, nothing else is offered
    assert call["label"] == "🎉 Call ZERO!"
    bob_hand = session.state.hands[1]
    await alice.click(panel.message, label="🎉 Call ZERO!")

    (announced,) = round_ends(world)
    message = next(m.content for m in world.channel.history() if "🧾" in m.content)
    assert message.startswith("🎉 **alice** calls ZERO!\n🧾 **Round 1 of 2 is over**")
    assert "(alice made a Zero)" in announced
    assert f"**alice** — {t('en', 'score-points', points=0)}: " in announced
    bob_score = hand_score(bob_hand)
    assert f"**bob** — {t('en', 'score-points', points=bob_score)}: " in announced
    assert session.state.round == 2 and session.state.zero_by == (0,)
    assert "**alice** — 0 🎉 = **0**" in description(board(world))


async def test_a_russian_player_reads_the_exchange_in_russian(world):
    alice = world.members[0]
    ivan = world.member("ivan", locale="ru")
    await open_game(world, alice, "zero", [ivan], start_player=2)
    panel = await open_hand(ivan, world)
    text = description(panel)
    assert "Ваши карточки:" in text and "🛒 Общий запас:" in text
    give, *_, pass_button = action_components(panel)
    assert give["label"].startswith("Отдать ") and pass_button["label"] == "👊 Пас"
    gift = int(give["custom_id"].split(".")[-1])
    after = await ivan.click(panel.message, custom_id=give["custom_id"])
    text = description(after.response)
    assert f"Вы отдали {render.card(gift)}: теперь возьмите карточку из общего запаса" in text
    assert all(t["label"].startswith("Взять ") for t in action_components(after.response))
    rules = await ivan.slash(world.channel, "rules", game="zero")
    assert "«Зеро»" in rules.response.embeds[0].description


def test_labels_stay_short_and_card_choices_are_grouped():
    options = zero.Options(zero_optional=True)
    for players in (2, 5):
        state = zero.setup(options, players, 3)
        rng = random.Random(3)
        while zero.outcome(state) is None:
            seat = next(iter(zero.to_act(state)))
            legal = zero.legal_actions(state, seat)
            for action in legal:
                assert render.group(action) == (
                    action.kind if action.kind in ("give", "take") else ""
                )
                for lang in ("en", "ru"):
                    assert len(render.label(action, lang)) <= 80
            assert sum(1 for a in legal if a.kind == "take") <= 25
            state, _ = zero.apply(state, seat, zero.ai_action(zero.view(state, seat), legal, rng))


async def test_board_shows_only_public_information_between_moves(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "zero", [bob], start_player=1)
    session = only_session(world)
    await act_once(alice, board(world))  # alice gives her first card
    text = description(board(world))
    laid = session.state.laid
    assert f"**alice** has laid {render.card(laid)} face up" in text
    assert not any(render.card(c) in text for c in session.state.hands[1])


async def test_a_turn_dm_keeps_its_moves_together_and_the_dm_toggle_under_them(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "zero", [bob])
    dm = await turn_dm(world, alice)
    labels = [c["label"] for c in components(dm)]
    # Nine cards to give, then the pass: all moves, then the button that stops these DMs.
    assert labels[-2:] == ["👊 Pass", "No more turn DMs"]
    assert all(label.startswith("Give ") for label in labels[:-2])
