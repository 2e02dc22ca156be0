"""Ingenious: Risky Collecting (genial) played end to end through Discord by simulated players."""

from __future__ import annotations

import random

import pytest

from bot.i18n import t
from bot.render import genial as render
from engines import IllegalAction, genial
from engines.genial.models import COLOURS, PER_COLOUR, GameRecord
from tests.bot.driver import (
    board,
    click_verb,
    components,
    finished,
    open_game,
    play_to_end,
    turn_dm,
)

SEED = 40
"""The game seed of every test here: in the full game below, alice wins a short last stretch."""
NAMES = ("alice", "bob", "🤖 AI 1")
LATE = 80
"""Versions of the SEED game the AI plays for everyone before the players take over."""


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """Every game of this module is set up from SEED."""
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: SEED)


def only_session(world):
    (session,) = world.env.bot.runtime.sessions.values()
    return session


def description(message):
    return message.embeds[0].description


def fields(message):
    return {f.name: f.value for f in message.embeds[0].fields}


def action_components(panel):
    return [c for c in components(panel) if c.get("custom_id", "").startswith("tb:act:")]


def labels(panel):
    return [c["label"] for c in action_components(panel)]


def posts(world):
    """Every plain channel message (announcements and results), oldest first."""
    return [m.content for m in world.channel.history() if m.content and not m.embeds]


async def open_hand(actor, world):
    return (await actor.click(board(world), label="My hand")).response


async def redraw(world, session):
    """Show a state the test put in place on a public board: `/game status` posts it again.

    A member's command, not a call to the presenter from the test: `settle` waits for the
    board's picture (drawn in the bot's thread pool) only when the bot itself asked for it.
    """
    await world.members[0].slash(world.channel, "game status")


def craft(state, centre, collections, staging=(), **update):
    """The same match with these tokens face up; every other token goes to the reserve (C1)."""
    reserve = [
        PER_COLOUR - centre[c] - staging.count(c) - sum(held[c] for held in collections)
        for c in range(COLOURS)
    ]
    assert min(reserve) >= 0, reserve
    target = state.target
    data = state.model_dump(mode="json")
    data.update(
        centre=list(centre),
        reserve=reserve,
        staging=list(staging),
        collections=[list(held) for held in collections],
        lines=[[n >= target for n in held] for held in collections],
        phase="drawing" if staging else "start",
    )
    data.update(update)
    return type(state).model_validate(data)


async def autoplay(world, session, until):
    """Every seat plays the AI's choice, logged like any action, until `until`; then redraw."""
    storage = world.env.bot.runtime.storage
    while not until(session.state):
        (seat,) = session.to_act()
        async with session.lock:
            move = session.play(seat, session.ai_choice(seat), by_ai=True)
            await storage.append_action(session.id, move.entry)
            session.accept(move)
    await redraw(world, session)


def near_the_end(state):
    """Late in the SEED game, with a human to act."""
    return state.version >= LATE and state.turn < 2 and state.phase == "start"


async def test_two_players_and_an_ai_play_genial_to_its_result(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "genial", [bob], ai=1)
    session = only_session(world)
    state = session.state
    text = description(board_message)
    # R1-R2: 3 tokens face up, 123 in the reserve; T = 7 with three players; nobody holds any.
    assert text.startswith("Goal: **7** tokens of every colour")
    assert f"🎯 Centre: {render.tokens(state.centre)}" in text
    assert "👝 Reserve: 123 tokens face down" in text
    assert "▶️ **alice**: 🟥0 🟧0 🟨0 🟩0 🟦0 🟪0 · weakest 0" in text
    assert "**🤖 AI 1**: 🟥0 🟧0 🟨0 🟩0 🟦0 🟪0 · weakest 0" in text
    centre = " ".join(render.COLOURS[c] for c in range(6) if state.centre[c])
    assert f"✅ The next draw succeeds with {centre}: " in text

    # The AI plays everyone's opening (logged as usual); the players finish from their panels.
    await autoplay(world, session, near_the_end)
    middle = description(board(world))
    for seat, name in enumerate(NAMES):
        assert f"**{name}**: {render.collection(session.game.view(session.state, None), seat)}" in (
            middle
        )
    assert "Last moves" in fields(board(world))
    panels = await play_to_end(world, [alice, bob])
    assert finished(world) and panels

    # Misses got their own channel messages, and never the results mark.
    announced = posts(world)[:-1]
    assert any(p.startswith("💥 **") and "a miss!" in p for p in announced)
    assert not any(p.startswith("🏁") for p in announced)

    state = session.state
    outcome = session.game.outcome(state)
    results = world.channel.last_message.content
    assert "Ingenious: Risky Collecting" in results and "AI 1" in results and "alice" in results
    final = next(m for m in reversed(world.channel.history()) if m.embeds)
    assert not final.components
    ranking = fields(final)["Final result"].splitlines()
    (winner,) = outcome.winners
    assert winner == 0 and ranking[0].startswith("🏆 alice — 7 points")
    order = sorted(range(3), key=lambda s: outcome.ranking[s])
    assert [line.split(" — ")[1] for line in ranking[:3]] == [
        t("en", "score-points", points=outcome.scores[s]) for s in order
    ]
    final_text = description(final)
    assert final_text.startswith("**The game is over.**")
    assert f"🏆 **{NAMES[winner]}** completed every colour." in final_text
    view = session.game.view(state, None)
    for seat, name in enumerate(NAMES):
        assert f"**{name}**: {render.collection(view, seat)} · weakest " in final_text
    assert render.collection(view, winner) == " ".join(f"{e}7⭐" for e in render.COLOURS)

    # Both played from panels that play_to_end saw private to their owner when shown.
    assert {actor.id for actor, _ in panels} == {alice.id, bob.id}


async def test_my_hand_is_private_and_shows_my_own_collection(world):
    alice, bob, carol = world.members
    await open_game(world, alice, "genial", [bob])
    session = only_session(world)
    session.state = craft(
        session.state,
        centre=(1, 1, 1, 0, 0, 0),
        collections=((1, 2, 3, 4, 5, 6), (6, 5, 4, 3, 2, 0)),
    )
    await redraw(world, session)

    mine = await alice.click(board(world), label="My hand")
    assert mine.ephemeral
    text = description(mine.response)
    assert "📦 Your collection: 🟥1 🟧2 🟨3 🟩4 🟦5 🟪6 · weakest 1" in text
    assert "👉 Your turn: draw a token from the reserve." in text
    # R20: red is alice's only weakest colour and the centre has one.
    assert "↩️ Or take 1 🟥 from the centre instead" in text
    assert labels(mine.response) == ["↩️ Take 1 🟥 from the centre", "🎲 Draw a token"]

    theirs = await bob.click(board(world), label="My hand")
    assert theirs.ephemeral
    bob_text = description(theirs.response)
    assert "📦 Your collection: 🟥6 🟧5 🟨4 🟩3 🟦2 🟪0 · weakest 0" in bob_text
    assert "Your turn" not in bob_text and "🟥1 🟧2 🟨3" not in bob_text
    assert not action_components(theirs.response)
    assert "Not your move" in theirs.response.embeds[0].footer.text
    assert mine.response.id not in {m.id for m in world.channel.history(viewer=bob)}

    public = description(board(world))
    assert "Your collection" not in public and "Your turn" not in public
    assert "▶️ **alice**: 🟥1 🟧2 🟨3 🟩4 🟦5 🟪6 · weakest 1" in public
    assert "↩️ **alice** may instead take 1 🟥 from the centre (alternative move)." in public
    refused = await carol.click(board(world), label="My hand")
    assert refused.ephemeral and refused.response.content == "You are not in this game."
    assert not components(refused.response)


async def test_an_old_panel_plays_nothing_and_refusals_are_explained(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "genial", [bob])
    session = only_session(world)
    runtime = world.env.bot.runtime
    state = session.state

    # B8: no banking before a success; R3: bob does not act in alice's turn.
    with pytest.raises(IllegalAction) as early:
        await runtime.act(session, alice.id, "bank", state.version)
    assert early.value.code == "bank_without_success"
    with pytest.raises(IllegalAction) as wrong:
        await runtime.act(session, bob.id, "draw", state.version)
    assert wrong.value.code == "not_your_turn"
    assert session.state == state
    assert t("en", "illegal-bank_without_success").startswith("You can bank only")
    assert t("ru", "illegal-bank_without_success").startswith("Забрать жетоны")

    older = await turn_dm(world, alice)
    newer = await open_hand(alice, world)
    await alice.click(newer.message, label="🎲 Draw a token")
    after = session.state
    assert after.version == 1
    # Drawing again may well be legal now, but this panel predates alice's draw.
    again = await alice.user.click(older, label="🎲 Draw a token")
    assert "out of date" in again.response.content
    assert session.state == after


async def test_a_changed_situation_refuses_the_alternative_move_with_its_reason(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "genial", [bob])
    session = only_session(world)
    start = session.state
    session.state = craft(
        start, centre=(2, 1, 0, 0, 0, 0), collections=((0, 1, 1, 1, 1, 1), (0,) * 6)
    )
    panel = await open_hand(alice, world)
    assert "↩️ Take 1 🟥 from the centre" in labels(panel)
    # Same version, but red is no longer alice's only weakest colour (R20).
    session.state = craft(
        start, centre=(2, 1, 0, 0, 0, 0), collections=((0, 0, 1, 1, 1, 1), (0,) * 6)
    )
    state = session.state
    refused = await alice.click(panel.message, label="↩️ Take 1 🟥 from the centre")
    assert refused.response.content == t("en", "illegal-alternative_not_allowed")
    assert session.state == state


async def test_a_no_match_miss_is_announced(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "genial", [bob])
    session = only_session(world)
    # Every red, orange and yellow token lies in the centre: any draw is green, blue or purple.
    session.state = craft(session.state, centre=(21, 21, 21, 0, 0, 0), collections=((0,) * 6,) * 2)
    await redraw(world, session)
    text = description(board(world))
    assert "🎯 Centre: 🟥×21 🟧×21 🟨×21" in text
    assert "✅ The next draw succeeds with 🟥 🟧 🟨: 0 of the 63 reserve tokens (0%)" in text
    assert "💥 A miss with 🟩 🟦 🟪 (not in the centre)" in text

    panel = await open_hand(alice, world)
    assert "💥 A miss with 🟩 🟦 🟪 (not in the centre)" in description(panel)
    await alice.click(panel.message, label="🎲 Draw a token")
    (colour,) = [c for c in range(3, 6) if session.state.centre[c]]
    drawn = render.COLOURS[colour]
    line = (
        f"💥 **alice** draws {drawn}: there is no {drawn} in the centre — a miss! "
        "It goes to the centre."
    )
    assert posts(world)[-1] == line
    assert line in fields(board(world))["Last moves"]
    assert session.state.turn == 1 and session.state.collections[0] == (0,) * 6


async def test_a_conflict_miss_returns_every_draw_to_the_centre(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "genial", [bob])
    session = only_session(world)
    # R10: red is staged already and the reserve holds nothing but red.
    session.state = craft(
        session.state,
        centre=(1, 21, 21, 21, 21, 21),
        collections=((0,) * 6,) * 2,
        staging=(0,),
    )
    await redraw(world, session)
    text = description(board(world))
    assert "🖐️ **alice** has drawn 🟥 · banking now collects 🟥🟥" in text
    assert "✅ The next draw succeeds with 🟧 🟨 🟩 🟦 🟪: 0 of the 19 reserve tokens (0%)" in text
    assert "💥 A miss with 🟥 (drawn already)" in text

    panel = await open_hand(alice, world)
    hand_text = description(panel)
    assert "🖐️ Your draws: 🟥" in hand_text
    assert "👉 A match! Bank your draws, or draw again?" in hand_text
    assert "💰 Bank now: 🟥🟥 → 🟥2/7" in hand_text
    assert "💥 A miss with 🟥 (drawn already): all your draws would go to the centre" in hand_text
    assert labels(panel) == ["💰 Bank", "🎲 Draw a token"]
    await alice.click(panel.message, label="🎲 Draw a token")
    line = "💥 **alice** draws 🟥 a second time this turn — a miss! 🟥🟥 go to the centre."
    assert posts(world)[-1] == line
    # R11: both staged reds went to the centre (bob's centre check adds nothing to 3+ tokens).
    assert session.state.centre[0] == 3 and session.state.staging == ()


async def test_completing_a_colour_earns_an_announced_bonus_turn(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "genial", [bob])
    session = only_session(world)
    session.state = craft(
        session.state,
        centre=(2, 1, 1, 0, 0, 0),
        collections=((6, 1, 1, 1, 1, 1), (0,) * 6),
        staging=(0,),
    )
    panel = await open_hand(alice, world)
    text = description(panel)
    # R13: the staged red plus both reds of the centre; R17 bonus; R15 cap at 7.
    assert "💰 Bank now: 🟥🟥🟥 → 🟥7/7" in text
    assert "⭐ 🟥 would reach the goal: a bonus turn!" in text
    assert "📤 Above 7, 🟥🟥 would go back to the reserve." in text
    await alice.click(panel.message, label="💰 Bank")

    assert "⭐ **alice** completes 🟥: a bonus turn!" in posts(world)
    state = session.state
    assert state.turn == 0 and state.bonus_turn and state.collections[0][0] == 7
    public = board(world)
    text = description(public)
    assert "⭐ Bonus turn for **alice**" in text
    assert "▶️ **alice**: 🟥7⭐ 🟧1 🟨1 🟩1 🟦1 🟪1 · weakest 1" in text
    moves = fields(public)["Last moves"]
    assert "💰 **alice** banks 🟥🟥🟥" in moves
    assert "**alice** returns the surplus 🟥🟥 to the reserve" in moves
    assert "⭐ **alice** takes a bonus turn" in moves
    assert "⭐ This is your bonus turn" in description(await open_hand(alice, world))


def record(scores, ranking, collections):
    """A finished game of a series, won by the seat ranked first."""
    return GameRecord(
        result="won",
        scores=scores,
        ranking=ranking,
        winners=(ranking.index(1),),
        tiebreak=None,
        collections=collections,
        turns=50,
    )


async def test_a_series_announces_each_game_and_breaks_a_tie_by_games_won(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "genial", [bob], ai=1, games=3, series_tiebreak_most_wins="yes")
    session = only_session(world)
    assert description(board(world)).startswith("**Game 1 of 3** · goal: **7** tokens")

    # Game 1: alice banks her last purple and completes every colour (R14).
    session.state = craft(
        session.state,
        centre=(0, 0, 0, 0, 0, 1),
        collections=((7, 7, 7, 7, 7, 5), (5, 6, 6, 6, 6, 6), (2, 2, 2, 2, 2, 2)),
        staging=(5,),
    )
    panel = await open_hand(alice, world)
    assert "🏆 Banking now completes every colour: you win!" in description(panel)
    await alice.click(panel.message, label="💰 Bank")
    announced = posts(world)[-1]
    # Purple's line is complete too, but the win voids its bonus turn: none is announced.
    assert announced.splitlines() == [
        "🏆 Game 1 is over: **alice** completed every colour! Points: alice: 7 · bob: 5 · 🤖 AI 1: 2",
        "🔄 Game 2 begins; **bob** starts.",
    ]
    text = description(board(world))
    assert text.startswith("**Game 2 of 3**")
    assert "🏅 Series points (the weakest colour of each game):" in text
    assert "**alice**: 7 = **7**" in text and "**bob**: 5 = **5**" in text
    assert "▶️ **bob**: 🟥0 🟧0 🟨0 🟩0 🟦0 🟪0 · weakest 0" in text
    assert session.state.first_seat == 1  # R25: the start seat rotates
    assert "🏅 Your series points so far: **7**" in description(await open_hand(alice, world))

    # Game 3: alice won games 1 and 2 (7 + 7), bob 5 + 5; bob now completes his collection.
    state = session.state
    history = (
        state.history[0],
        record((7, 5, 1), (1, 2, 3), ((7,) * 6, (5,) * 6, (1,) * 6)),
    )
    session.state = craft(
        state,
        centre=(0, 0, 0, 0, 0, 1),
        collections=((3, 4, 4, 4, 4, 4), (7, 7, 7, 7, 7, 6), (0, 1, 1, 1, 1, 1)),
        staging=(5,),
        history=[r.model_dump(mode="json") for r in history],
        game=2,
        first_seat=2,
        turn=1,
    )
    panel = await open_hand(bob, world)
    await bob.click(panel.message, label="💰 Bank")
    assert finished(world)
    last_game = posts(world)[-2].splitlines()[-1]
    assert last_game.startswith("🏆 Game 3 is over: **bob** completed every colour!")

    # R25: 17 points each; alice won two games, bob one (option series_tiebreak_most_wins).
    final = next(m for m in reversed(world.channel.history()) if m.embeds)
    result = fields(final)["Final result"].splitlines()
    assert result[0].startswith("🏆 alice") and result[0].endswith("— 17 points (7 + 7 + 3)")
    assert result[1].startswith("2. bob") and result[1].endswith("— 17 points (5 + 5 + 7)")
    assert result[2] == "3. 🤖 AI 1 — 3 points (2 + 1 + 0)"
    assert result[3] == t("en", "tiebreak-genial-most_games_won")
    text = description(final)
    assert text.startswith("**The series of 3 games is over.**")
    assert "Game 1: 🏆 **alice** completed every colour." in text
    assert "Game 3: 🏆 **bob** completed every colour." in text
    assert "**alice**: 7 + 7 + 3 = **17**" in text


async def test_a_stalled_game_stops_and_ranks_by_the_next_weakest_colour(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "genial", [bob], ai=1)
    session = only_session(world)
    # R28: 499 idle turns; every red and orange lies in the centre, so alice's draw misses.
    session.state = craft(
        session.state,
        centre=(19, 16, 0, 0, 0, 0),
        collections=((1, 2, 2, 2, 2, 2), (1, 3, 3, 3, 3, 3), (0, 0, 1, 1, 1, 1)),
        idle_turns=499,
    )
    panel = await open_hand(alice, world)
    await alice.click(panel.message, label="🎲 Draw a token")
    assert finished(world)
    stopped = posts(world)[-2].splitlines()[-1]
    assert stopped == (
        "⏸ The game was stopped: 500 turns without any collection changing. "
        "Best collection: **bob**. Points: alice: 1 · bob: 1 · 🤖 AI 1: 0"
    )
    assert session.game.outcome(session.state).result == "stalled"
    final = next(m for m in reversed(world.channel.history()) if m.embeds)
    result = fields(final)["Final result"].splitlines()
    # R24: alice and bob both have 1 red; bob's next-weakest colour (3) beats alice's (2).
    assert result[0].startswith("🏆 bob") and result[0].endswith("— 1 point")
    assert result[1].startswith("2. alice") and result[1].endswith("— 1 point")
    assert result[2] == "3. 🤖 AI 1 — 0 points"
    assert result[3] == t("en", "tiebreak-genial-next_weakest_colour")
    assert (
        "⏸ Stopped after 500 turns in a row without any collection changing; "
        "ranked by collections (best: **bob**)."
    ) in description(final)


async def test_a_russian_player_reads_the_game_in_russian(world):
    alice = world.members[0]
    ivan = world.member("ivan", locale="ru")
    await open_game(world, alice, "genial", [ivan], start_seat=2)
    session = only_session(world)
    session.state = craft(
        session.state,
        centre=(2, 1, 1, 0, 0, 0),
        collections=((0,) * 6, (6, 1, 1, 1, 1, 1)),
        staging=(0,),
        turn=1,
    )
    panel = await open_hand(ivan, world)
    text = description(panel)
    assert "🖐️ Ваша зона сбора: 🟥" in text
    assert "👉 Совпадение! Забрать жетоны в коллекцию или рискнуть ещё раз?" in text
    assert "⭐ Будет призовой ход за линию 🟥!" in text
    assert "💥 Осечка, если выпадет 🟥 (уже в зоне сбора)" in text
    assert labels(panel) == ["💰 Забрать в коллекцию", "🎲 Раскрыть жетон"]
    rules = await ivan.slash(world.channel, "rules", game="genial")
    assert "призовой ход" in rules.response.embeds[0].description


def test_labels_are_short_buttons_and_every_event_reads_in_both_languages():
    names = ["alice", "bob", "carol", "dave"]
    for players in (2, 4):
        state = genial.setup(genial.Options(games=2), players, 5)
        rng = random.Random(5)
        while genial.outcome(state) is None:
            seat = state.turn
            legal = genial.legal_actions(state, seat)
            for action in legal:
                assert render.group(action) == ""
                for lang in ("en", "ru"):
                    assert 0 < len(render.label(action, lang)) <= 80
            view = genial.view(state, seat)
            for lang in ("en", "ru"):
                assert render.hand(view, ["alice", "bob", "carol", "dave"][: view.players], lang)
                assert render.board(genial.view(state, None), names[:players], lang)
            state, events = genial.apply(state, seat, genial.ai_action(view, legal, rng))
            for event in events:
                for lang in ("en", "ru"):
                    line = render.event(event, names[:players], lang)
                    assert line is None or ("{" not in line and "genial-" not in line)
                    assert not (line and line.startswith("🏁"))
    recycled = genial.rules.Event(kind="genial.recycled", params={"tokens": 4})
    assert render.event(recycled, names, "en") == (
        "♻️ The reserve ran out: the 4 centre tokens were shuffled into a new reserve."
    )
    assert render.announce(recycled)


async def test_a_whole_game_from_the_first_move_through_the_panels(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "genial", [bob], ai=1)
    await play_to_end(world, [alice, bob])
    assert finished(world)
    boards = [m for m in world.channel.history() if m.embeds and m.embeds[0].fields]
    assert "Final result" in [f.name for f in boards[-1].embeds[0].fields]


async def test_the_board_button_speaks_of_tokens_in_russian(world):
    await world.admin.slash(world.channel, "config language", value="ru")
    alice, bob = world.members[:2]
    await alice.slash(world.channel, "newgame", game="genial")
    lobby = world.channel.last_message
    await click_verb(bob, lobby, "join")
    await click_verb(alice, lobby, "start")
    labels = [c.get("label") for m in world.channel.history() for c in components(m)]
    assert "Мои жетоны" in labels and "Мои карты" not in labels


async def test_a_waiting_players_panel_names_the_tokens_button_in_russian(world):
    await world.admin.slash(world.channel, "config language", value="ru")
    alice, bob = world.member("alisa", "ru"), world.member("boris", "ru")
    await open_game(world, alice, "genial", [bob])
    footers = []
    for member in (alice, bob):
        panel = (await member.click(board(world), label="Мои жетоны")).response
        footers += [e.footer.text for e in panel.embeds if e.footer and e.footer.text]
    assert footers == [
        "Сейчас не ваш ход. Когда он наступит, панель обновится сама; "
        "если этого не случилось, нажмите «Мои жетоны»."
    ]
