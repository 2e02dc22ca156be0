"""What changes while games run: the server's settings, the turn clock and its reminders,
restarts; each member still sees the game as it is, in their language."""

from __future__ import annotations

from bot.client import TabletopBot
from tests.bot.conftest import let_go, make_bot
from tests.bot.driver import (
    DeclaredLock,
    act_once,
    board,
    click_verb,
    components,
    game_link,
    only_session,
    open_game,
    play_to_end,
    turn_dm,
)
from tests.bot.test_stats_e2e import zero_by_passing


async def on_discords_clock(world) -> None:
    """The bot as the sandbox runs it, its clock the simulated Discord's: deadlines set after
    `advance_time` are in the simulated future (conftest's bot reads the wall clock, which
    `advance_time` does not move)."""
    await let_go(world.env.bot)
    settings = make_bot(world.database_url).settings
    bot = TabletopBot(settings, clock=lambda: world.env.now().timestamp())
    await world.env.restart_bot(bot)


def texts_of(result) -> list[str]:
    """What a click or command answered: its response, then its followups."""
    first = result.response.content if result.response else ""
    return [first, *(f.content for f in result.followups)]


def now(world, message, channel=None):
    """The message as it stands now in its channel."""
    return next(m for m in (channel or world.channel).history() if m.id == message.id)


# --- languages ---


async def test_a_russian_host_refused_at_start_reads_the_whole_reason_in_russian(world):
    ivan = world.member("ivan", locale="ru")
    await ivan.slash(world.channel, "newgame", game="hourglass")
    lobby = world.channel.last_message
    for _ in range(4):
        await click_verb(ivan, lobby, "addai")
    lobby = now(world, lobby)
    twice = next(c for c in components(lobby) if ":deck_twice" in c.get("custom_id", ""))
    await ivan.select(lobby, ["1"], custom_id=twice["custom_id"])
    await click_verb(ivan, now(world, lobby), "rmai")
    refused = await click_verb(ivan, now(world, lobby), "start")
    (text,) = texts_of(refused)
    reason = text.removeprefix("Эти настройки не подходят для такого числа игроков: ")
    assert reason != text
    assert reason.isascii() is False and not any("a" <= ch <= "z" for ch in reason.lower())
    assert only_session(world).record.status == "lobby"


async def test_play_again_after_the_server_switched_language_opens_a_lobby_in_the_new_one(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    await play_to_end(world, [alice, bob])
    results = world.channel.last_message
    await world.admin.slash(world.channel, "config language", value="ru")
    again = next(c for c in components(results) if c["custom_id"].startswith("tb:again:"))
    await alice.click(results, custom_id=again["custom_id"])
    lobby = world.channel.last_message
    assert lobby.embeds[0].title == "🎲 Mind Up! — сбор игроков"
    assert only_session(world).record.language == "ru"


# --- threads ---


async def test_with_threads_turned_off_a_game_in_a_thread_leaves_its_channel_free(world):
    alice, bob, carol = world.members
    await world.admin.slash(world.channel, "config threads", value=True)
    await alice.slash(world.channel, "newgame", game="zero")
    (thread,) = world.channel.threads
    await click_verb(bob, thread.last_message, "join")
    await click_verb(alice, thread.last_message, "start")
    await world.admin.slash(world.channel, "config threads", value=False)
    await carol.slash(world.channel, "newgame", game="thegame")
    lobby = world.channel.last_message
    assert lobby.embeds[0].title == "🎲 The Game — lobby"
    assert len(world.env.bot.runtime.sessions) == 2


async def test_game_status_from_the_parent_channel_points_to_the_games_thread(world):
    alice, bob = world.members[:2]
    await world.admin.slash(world.channel, "config threads", value=True)
    await alice.slash(world.channel, "newgame", game="zero")
    (thread,) = world.channel.threads
    await click_verb(bob, thread.last_message, "join")
    await click_verb(alice, thread.last_message, "start")
    asked = await bob.slash(world.channel, "game status")
    assert texts_of(asked) == [
        f"Your game is being played in <#{thread.id}>: use this command there."
    ]
    hand = await bob.slash(world.channel, "game hand")
    assert hand.ephemeral and hand.response.embeds


# --- the half-time reminder ---


async def test_a_reminder_by_dm_says_when_the_clock_runs_out_and_pings_nobody_in_the_channel(
    world,
):
    await world.admin.slash(world.channel, "config afk", policy="ai", reminder="dm")
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    await world.env.settle()
    before = len(alice.user.dm_channel.history())
    await world.env.advance_time(61)
    (reminder,) = alice.user.dm_channel.history()[before:]
    assert reminder.content.startswith("⏳ Half your time is up: the clock runs out ⏰ <t:")
    assert not any(m.content.startswith("⏳") for m in world.channel.history())


async def test_a_member_who_turned_turn_dms_off_is_reminded_in_the_channel_instead(world):
    await world.admin.slash(world.channel, "config afk", policy="ai", reminder="dm")
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    dm = await turn_dm(world, alice)
    await alice.user.click(dm, label="No more turn DMs")
    before = len(alice.user.dm_channel.history())
    await world.env.advance_time(61)
    assert alice.user.dm_channel.history()[before:] == []
    (reminder,) = [m for m in world.channel.history() if m.content.startswith("⏳")]
    assert reminder.content.startswith(f"⏳ {alice.mention}, half your time is up")


# --- timeouts ---


async def test_mind_up_timeouts_take_over_only_the_seat_that_never_chose(world):
    await on_discords_clock(world)
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    session = only_session(world)
    for _ in range(2):
        await world.env.settle()
        assert await act_once(alice, board(world)) is not None
        assert session.seat_of(bob.id) in session.to_act()
        await world.env.advance_time(61)
    assert session.record.seats[session.seat_of(bob.id)].ai is True
    assert session.record.seats[session.seat_of(alice.id)].ai is False
    notice = next(m for m in reversed(world.channel.history()) if m.content.startswith("🤖"))
    assert bob.mention in notice.content and alice.mention not in notice.content
    await world.env.settle()
    assert session.seat_of(alice.id) in session.to_act()


async def test_mind_up_nobody_choosing_twice_pauses_the_game_and_resume_brings_it_back(world):
    await on_discords_clock(world)
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    session = only_session(world)
    await world.env.advance_time(61)  # both time out once: the AI chooses for both
    await world.env.advance_time(61)  # and again: nobody is left, the game pauses
    assert session.paused and session.record.deadline is not None
    notice = next(m for m in reversed(world.channel.history()) if m.content.startswith("⏸️"))
    assert alice.mention in notice.content and bob.mention in notice.content
    await bob.click(notice, label="Resume")
    assert not session.paused and session.record.seats[session.seat_of(bob.id)].ai is False


async def alice_timed_out_once(world):
    """The Game of alice and bob, where the clock ran out on alice once, and bob then played."""
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    await world.env.advance_time(121)
    while session.to_act() == {1}:
        assert await act_once(bob, board(world)) is not None
    return alice


async def test_a_timeout_counted_before_a_restart_still_counts_after_it(world):
    await alice_timed_out_once(world)
    await world.restart()
    session = only_session(world)
    await world.env.advance_time(121)  # her second, in a row: the AI keeps her seat
    assert [seat.ai for seat in session.record.seats] == [True, False]


async def test_a_move_of_her_own_after_a_timeout_starts_the_count_again_also_after_a_restart(
    world,
):
    alice = await alice_timed_out_once(world)
    assert await act_once(alice, board(world)) is not None  # she is back
    await world.restart()
    session = only_session(world)
    assert [seat.timeouts for seat in session.record.seats] == [0, 0]


# --- settings changed while a game runs ---


async def test_options_locked_by_an_admin_while_a_lobby_is_open_are_refused_and_unchanged(world):
    alice = world.members[0]
    await alice.slash(world.channel, "newgame", game="thegame")
    lobby = world.channel.last_message
    toggle = next(c for c in components(lobby) if c["custom_id"].startswith("tb:ltog:"))
    session = only_session(world)
    options = dict(session.record.options)
    # Alice's click is on its way (the lobby busy) as the admin keeps options to the admins.
    session.lock = DeclaredLock(world.env)
    await session.lock.acquire()
    refused = await alice.click(lobby, custom_id=toggle["custom_id"])
    await world.admin.slash(world.channel, "config host-options", value=False)
    session.lock.release()
    await world.env.settle()
    said = [text for text in texts_of(refused) if text]  # acknowledged first, then answered
    assert said == ["On this server only admins set game options (/config)."]
    assert session.record.options == options
    # The lobby offers them no more.
    assert not [c for c in components(now(world, lobby)) if c["custom_id"].startswith("tb:ltog:")]


async def test_pictures_turned_off_mid_game_leave_the_next_board_and_panels_text_only(world):
    alice, bob = world.members[:2]
    board_message = await open_game(world, alice, "thegame", [bob])
    await world.env.settle()
    assert now(world, board_message).attachments
    await world.admin.slash(world.channel, "config images", value="off")
    assert await act_once(alice, board(world)) is not None
    await world.env.settle()
    shown = now(world, board(world))
    assert shown.attachments == [] and not (shown.embeds[0].image and shown.embeds[0].image.url)
    panel = (await bob.click(board(world), label="My hand")).response
    assert panel.attachments == [] and not (panel.embeds[0].image and panel.embeds[0].image.url)


# --- restarts ---


async def test_a_turn_dm_of_an_ended_game_says_so_and_offers_nothing_once_a_rematch_opens(world):
    alice, bob = world.members[:2]
    link = game_link(world, await open_game(world, alice, "zero", [bob]))
    dm = await turn_dm(world, alice)
    asked = await alice.slash(world.channel, "game end")
    await alice.click(asked.response.message, label="Yes, end it")
    await world.env.settle()
    await open_game(world, alice, "zero", [bob])
    await world.env.settle()
    old = now(world, dm, alice.user.dm_channel)
    assert components(old) == [] and old.content == f"The game was ended early.\nGame: {link}"


async def test_game_log_and_replay_answer_after_a_restart(world):
    alice, bob = world.members[:2]
    game_id = await zero_by_passing(world, alice, [bob])
    await world.restart()
    logged = await bob.slash(world.channel, "game log", id=game_id)
    assert logged.ephemeral and game_id in logged.response.content
    assert logged.response.attachments
    listed = await alice.slash(world.channel, "history")
    replay = next(c for c in components(listed.response) if c["custom_id"].startswith("tb:rp:"))
    opened = await alice.click(listed.response.message, custom_id=replay["custom_id"])
    assert opened.ephemeral and opened.response.embeds
    last = next(c for c in components(opened.response) if c.get("label", "").startswith("⏭"))
    end = await alice.click(opened.response.message, custom_id=last["custom_id"])
    assert end.response.embeds


async def test_mind_up_a_choice_is_taken_back_after_a_restart(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    assert await act_once(alice, board(world)) is not None
    await world.restart()
    session = only_session(world)
    panel = (await alice.click(board(world), label="My hand")).response
    undo = next(c for c in components(panel) if c.get("custom_id", "").startswith("tb:undo:"))
    await alice.click(panel.message, custom_id=undo["custom_id"])
    assert session.seat_of(alice.id) in session.to_act()
