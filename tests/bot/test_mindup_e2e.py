"""Mind Up! played end to end through Discord by simulated players."""

from __future__ import annotations

import asyncio
import random
import re

from bot.render import mindup as render
from engines import mindup
from engines.core import encode_action
from engines.mindup import Play
from tests.bot.driver import (
    board,
    components,
    finished,
    only_session,
    open_game,
    play_to_end,
    turn_dm,
)

CHOICE_SECONDS = 60  # the default clock for a secret choice (GuildConfig.choice_seconds)


def description(message):
    return message.embeds[0].description


def everything(message):
    """All the text of a message: content, embed description and fields."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts.append(embed.description or "")
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


def shows(text, card):
    """Whether `text` shows number card `card` (`🟦3⁺¹` is not `🟦33⁺²`)."""
    return re.search(re.escape(render.EMOJI[mindup.models.COLOUR[card]]) + f"{card}(?!\\d)", text)


def reveals(world):
    return [m.content for m in world.channel.history() if m.content.startswith("🃏")]


def action_components(panel):
    return [
        c for c in components(panel) if c.get("custom_id", "").startswith(("tb:sel:", "tb:act:"))
    ]


def plays(panel):
    """The card buttons of a panel: what each plays."""
    return [c["custom_id"].split(":", 4)[4] for c in action_components(panel)]


async def choose(actor, world, card):
    """Open "My hand" and click `card`: two clicks."""
    panel = (await actor.click(board(world), label="My hand")).response
    (button,) = [c for c in action_components(panel) if c["custom_id"].endswith(f":play.{card}")]
    return await actor.click(panel.message, custom_id=button["custom_id"])


async def test_two_players_and_an_ai_play_mind_up_to_its_result(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "mindup", [bob], ai=1)
    session = only_session(world)
    state = session.state
    text = description(board_message)
    # R9-R11: three central cards in ascending order, one shared column order, 7 cards each.
    assert "**Round 1/3** · turn 1/6 · 🂠 deck: 36 cards" in text
    assert "🃏 Central row: " + " · ".join(render.card(c) for c in state.central) in text
    assert "left to right: " + " ".join(render.KEYCAP[v] for v in state.order) in text
    assert "✋ 7 cards in every hand" in text
    # The AI seat chooses at once; the humans are still choosing; nobody has a collection yet.
    assert "⏳ **alice** — no cards yet · this round: 0" in text
    assert "⏳ **bob** — no cards yet" in text and "✅ **🤖 AI 1** — no cards yet" in text
    assert "chosen so far: 1 of 3;" in text

    panels = await play_to_end(world, [alice, bob])
    assert finished(world)

    # R16-R17: every turn (6 + 7 + 8) was revealed in its own channel message; the game's very
    # last turn is left out today because the runtime posts only the results when a game ends.
    announced = reveals(world)
    assert len(announced) >= 20
    first = announced[0]
    assert first.startswith("🃏 **Turn 1 revealed** (played ➜ taken): ")
    assert all(name in first for name in ("alice", "bob", "AI 1")) and first.count("➜") == 4
    # R20-R22: each round's end is announced with the last cards, the scores and the next round.
    messages = [m.content for m in world.channel.history()]
    scored = [m for m in messages if "📊 **Round" in m]
    assert len(scored) >= 2
    assert "📥 Everyone's last card goes straight into the collection" in scored[0]
    assert "🔄 **Round 2**" in scored[0] and "(8 cards in hand)" in scored[0]
    assert "🔄 **Round 3**" in scored[1] and "(9 cards in hand)" in scored[1]
    result = session.game.outcome(session.state)
    for r, message in enumerate(scored):
        points = session.state.results[r].scores
        assert f"alice **{points[0]}** (collection " in message
        assert f"🤖 AI 1 **{points[2]}**" in message

    results = world.channel.last_message.content
    assert "Mind Up!" in results and "AI 1" in results
    final = next(m for m in reversed(world.channel.history()) if m.embeds)
    fields = {f.name: f.value for f in final.embeds[0].fields}
    assert "🏆" in fields["Final result"] and " + " in fields["Final result"]
    assert not final.components  # no "My hand" once the game is over
    text = description(final)
    assert "**Game over**: all 3 rounds are scored." in text
    rounds = " + ".join(str(r[0]) for r in result.round_scores)
    assert "**alice** — " in text and f"total **{result.scores[0]}** ({rounds})" in text

    # Both played from panels that play_to_end saw private to their owner when shown.
    assert {actor.id for actor, _ in panels} == {alice.id, bob.id}

    # The replay words a secret choice as one: who chose, and the hands show which card.
    opened = await bob.click(world.channel.last_message, label="Replay")
    first = await bob.click(opened.response.message, label="▶")
    move = first.response.embeds[0].fields[0]
    assert (
        move.name == "This move"
        and move.value == "🤖 AI 1 chose a card (their hand below shows which)."
    )
    hands = {f.name: f.value for f in first.response.embeds[0].fields[1:]}
    assert "🔒 Secret card, not revealed yet: **" in hands["🤖 AI 1"]
    assert "🔒" not in hands["alice"] and hands["alice"].startswith("✋ Cards: ")


async def test_my_hand_is_private_and_shows_only_the_clickers_cards(world):
    alice, bob, carol = world.members
    board_message = await open_game(world, alice, "mindup", [bob, carol])
    session = only_session(world)
    alice_cards, bob_cards = session.state.hands[0], session.state.hands[1]

    shown = await alice.click(board_message, label="My hand")
    assert shown.ephemeral
    text = description(shown.response)
    assert "✋ Your cards: " + " · ".join(render.card(c) for c in alice_cards) in text
    assert not any(shows(text, c) for c in bob_cards)
    assert plays(shown.response) == [f"play.{c}" for c in alice_cards]  # a button each
    assert [c["label"] for c in action_components(shown.response)] == [
        render.label(mindup.Play(card=c), "en") for c in alice_cards
    ]

    theirs = await bob.click(board_message, label="My hand")
    bob_text = description(theirs.response)
    assert "✋ Your cards: " + " · ".join(render.card(c) for c in bob_cards) in bob_text
    assert not any(shows(bob_text, c) for c in alice_cards)

    public = everything(board(world))
    assert "Your cards" not in public
    assert not any(shows(public, c) for c in (*alice_cards, *bob_cards))
    assert shown.response.id not in {m.id for m in world.channel.history(viewer=bob)}
    outsider = world.member("dave")
    refused = await outsider.click(board_message, label="My hand")
    assert refused.response.content == "You are not in this game."


async def test_choices_stay_hidden_until_everyone_has_chosen(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    session = only_session(world)
    card = session.state.hands[0][3]

    # R15: alice locks in a card; only she sees which one.
    mine = await choose(alice, world, card)
    assert f"🔒 Your secret card: **{render.card(card)}**" in description(mine.response)
    assert "Waiting for one more player." in description(mine.response)
    public = everything(board(world))
    assert "✅ **alice**" in public and "⏳ **bob**" in public and "✅ **🤖 AI 1**" in public
    assert "chosen so far: 2 of 3;" in public
    assert not shows(public, card)
    bob_panel = (await bob.click(board(world), label="My hand")).response
    assert not shows(everything(bob_panel), card)
    assert "Your secret card" not in everything(bob_panel)
    assert not reveals(world)

    # R16-R17 (A13): bob's choice is the last one, so everything is revealed at once.
    bob_card = session.state.hands[1][0]
    await choose(bob, world, bob_card)
    (reveal,) = reveals(world)
    assert f"alice {render.card(card)} ➜ " in reveal and f"bob {render.card(bob_card)} ➜ " in reveal
    text = description(board(world))
    assert "turn 2/6" in text and "⏳ **alice**" in text and "⏳ **bob**" in text
    played = sorted(session.state.last_played)
    assert "🃏 Central row: " + " · ".join(render.card(c) for c in played) in text  # R19
    moves = {f.name: f.value for f in board(world).embeds[0].fields}["Last moves"]
    assert moves.startswith("🃏 **Turn 1 revealed**")


async def test_r23_r26_the_round_so_far_is_scored_again_after_every_reveal(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    session = only_session(world)
    shown = []
    for _turn in range(3):
        for member, seat in ((alice, 0), (bob, 1)):
            await choose(member, world, session.state.hands[seat][0])
        state = session.state
        now = mindup.scoring.score_round(state.collections, state.order, state.goals).scores
        panel = description((await alice.click(board(world), label="My hand")).response)
        assert f"📊 This round so far: {now[0]}" in panel
        public = description(board(world))
        for name, points in zip(("alice", "bob", "🤖 AI 1"), now, strict=True):
            assert re.search(rf"\*\*{re.escape(name)}\*\* — .* · this round: {points}\n", public)
        shown.append(now)
    assert len(set(shown)) == 3  # every reveal changed what the collections score


async def test_the_clock_lets_the_ai_choose_for_a_missing_player(world):
    alice = world.members[0]
    await open_game(world, alice, "mindup", [], ai=2)
    session = only_session(world)
    assert "⏰ <t:" in everything(board(world))
    assert session.game.to_act(session.state) == {0}  # both AI seats have chosen already
    assert not reveals(world)

    await world.env.advance_time(CHOICE_SECONDS + 1)
    # The AI chose for alice, so the turn was revealed and the game moved on.
    first = reveals(world)[0]
    assert first.startswith("🃏 **Turn 1 revealed**")
    assert "alice " in first and "AI 1 " in first and "AI 2 " in first
    assert session.state.played_this_round[0]
    assert len(session.state.hands[0]) < 7
    assert not session.record.seats[0].ai  # one timeout does not hand the seat to the AI
    text = description(board(world))
    assert "turn 1/6" not in text and "⏳ **alice** — " in text


async def test_one_timeout_plays_only_the_turn_that_timed_out(world):
    alice = world.members[0]
    await open_game(world, alice, "mindup", [], ai=2)
    session = only_session(world)
    await world.env.advance_time(CHOICE_SECONDS + 1)
    assert len(reveals(world)) == 1
    assert session.state.choices[0] is None and len(session.state.hands[0]) == 6


async def test_an_out_of_date_panel_plays_nothing(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "mindup", [bob], ai=1)
    session = only_session(world)
    older = await turn_dm(world, alice)
    newer = (await alice.click(board_message, label="My hand")).response
    first, second = action_components(newer)[:2]
    await alice.click(newer.message, custom_id=first["custom_id"])
    state = session.state
    assert state.choices[0] == int(first["custom_id"].split(".")[-1])

    # The same card on the older panel (drawn at an earlier version if the AI chose meanwhile).
    card = second["custom_id"].rsplit(":", 1)[1]
    (on_older,) = [c for c in action_components(older) if c["custom_id"].endswith(f":{card}")]
    again = await alice.user.click(older, custom_id=on_older["custom_id"])
    assert "That panel was out of date, so nothing was played." in again.response.content
    assert session.state == state and state.choices[0] == int(first["custom_id"].split(".")[-1])
    # The fresh panel shows the locked-in card and offers nothing more.
    assert "🔒 Your secret card" in description(again.response)
    assert not action_components(again.response)


async def test_a_russian_player_reads_the_hand_in_russian(world):
    alice = world.members[0]
    ivan = world.member("ivan", locale="ru")
    board_message = await open_game(world, alice, "mindup", [ivan], ai=1)
    panel = (await ivan.click(board_message, label="My hand")).response
    text = description(panel)
    assert "✋ Ваши карты:" in text and "Выберите карту ниже." in text
    assert "🗂️ Ваша коллекция: пока пусто" in text
    cards = only_session(world).state.hands[1]
    assert [c["label"] for c in action_components(panel)] == [
        render.label(mindup.Play(card=c), "ru") for c in cards
    ]
    rules = await ivan.slash(world.channel, "rules", game="mindup")
    assert "центрального ряда" in rules.response.embeds[0].description


def test_every_card_choice_is_one_short_label_and_only_public_events_are_told():
    names = ["alice", "bob", "carol", "dave", "eve", "fay"]
    for players, options in (
        (3, mindup.Options()),
        (6, mindup.Options(goals="fixed", goal_count=5)),
    ):
        state = mindup.setup(options, players, 5)
        rng = random.Random(5)
        while mindup.outcome(state) is None:
            seat = min(mindup.to_act(state))
            legal = mindup.legal_actions(state, seat)
            for action in legal:
                assert render.group(action) == "play"
                assert all(len(render.label(action, lang)) <= 80 for lang in ("en", "ru"))
            view = mindup.view(state, seat)
            state, events = mindup.apply(state, seat, mindup.ai_action(view, legal, rng))
            for event in events:
                for lang in ("en", "ru"):
                    line = render.event(event, names[:players], lang)
                    if event.visible_to is not None:
                        assert line is None and not render.announce(event)
                    if render.announce(event):
                        assert line and len(line) < 2000
        for lang in ("en", "ru"):
            assert (
                len("\n".join(render.board(mindup.view(state, None), names[:players], lang))) < 4096
            )


async def test_the_last_to_choose_sees_the_reveal_over_their_panel_in_their_language(world):
    alice = world.members[0]
    ivan = world.member("ivan", locale="ru")
    await open_game(world, alice, "mindup", [ivan], ai=1)
    session = only_session(world)
    first = await choose(alice, world, session.state.hands[0][0])
    await world.env.settle()
    assert session.to_act() == {1}  # the AI has chosen too: ivan's choice reveals the turn

    last = await choose(ivan, world, session.state.hands[1][0])
    assert last.response.content.startswith("🃏 **Ход 1, карты вскрыты**")
    assert "ход 2/6" in description(last.response)
    (reveal,) = reveals(world)  # the channel is told too, in the server's language
    assert reveal.startswith("🃏 **Turn 1 revealed**")
    await world.env.settle()
    # alice chose earlier: her panel moved on to turn 2 by itself, with no note over it; the
    # AI choosing again changes nothing ivan may do, so his note stays until he chooses.
    assert "turn 2/6" in description(first.response) and not first.response.content
    assert last.response.content.startswith("🃏 **Ход 1, карты вскрыты**")


async def choose_quietly(world, session, member, seat):
    """The member's lowest card, chosen as a click would choose it (no panel kept)."""
    card = session.state.hands[seat][0]
    await world.env.bot.runtime.act(
        session, member.id, encode_action(Play(card=card)), session.version
    )


async def test_the_last_to_choose_in_the_games_last_turn_sees_that_reveal_in_their_language(
    world,
):
    """The game's very last turn reveals the cards too, and scores round 3: ivan, who reads
    Russian, makes that last choice and sees both over the game-over line of his panel, in
    his language (the channel gets them in the server's)."""
    alice, bob = world.members[:2]
    ivan = world.member("ivan", locale="ru")
    await open_game(world, alice, "mindup", [bob, ivan])
    session = only_session(world)
    while True:
        await choose_quietly(world, session, alice, 0)
        await choose_quietly(world, session, bob, 1)
        state = session.state
        if state.round == 3 and len(state.hands[2]) == 2:
            break
        await choose_quietly(world, session, ivan, 2)
    await world.env.settle()

    panel = (await ivan.click(board(world), label="My hand")).response
    last = await ivan.click(panel.message, custom_id=action_components(panel)[0]["custom_id"])

    assert finished(world)
    said = last.response.content or ""
    assert "🃏 **Ход 8, карты вскрыты**" in said
    assert "📊 **Итоги раунда 3:**" in said


LINE_MARKS = ("🃏 ", "📥 ", "📊 ", "🔄 ", "↩️ ")
"""How every line of the board's "Last moves" begins: a reveal, the last cards, a round's
scores, a new round, a take-back."""


async def test_a_six_player_boards_last_moves_after_a_round_end_shows_only_whole_lines(world):
    """Six at the table (three members, three AI seats): round 1 ends. The board's "Last moves"
    lists the turns' reveals and the round's end, a line each, more than a field holds: the
    oldest lines give way whole, so every line shown reads from its start (never half a name,
    a card, or a lone `**` that turns the rest of the field bold)."""
    alice, bob, carol = world.members
    await open_game(world, alice, "mindup", [bob, carol], ai=3)
    session = only_session(world)
    while session.state.round == 1:
        await world.env.settle()
        if not session.to_act() & {0, 1, 2}:
            # Only the AI seats are still choosing, in the worker process, whose answers
            # `settle` does not wait for: give it the core instead of asking again at once.
            await asyncio.sleep(0.01)
            continue
        for seat, member in enumerate((alice, bob, carol)):
            if seat in session.to_act():
                await choose_quietly(world, session, member, seat)
    await world.env.settle()

    await world.env.bot.presenter.shown()
    await world.env.settle()
    fields = {f.name: f.value for f in board(world).embeds[0].fields}
    lines = fields["Last moves"].splitlines()
    assert "📊 **Round 1 scored:**" in fields["Last moves"]
    assert all(line.startswith(LINE_MARKS) for line in lines), lines[0]
