"""The clocks members and admins live by: each turn's and each secret choice's deadline, the
half-time reminder, timeouts, pauses and lobby expiry, as the channel, the board and the DMs
show them (on the simulated Discord's clock, so every `<t:…>` shown can be checked)."""

from __future__ import annotations

from tests.bot.driver import act_once, board, only_session, open_game
from tests.bot.test_while_games_run_e2e import on_discords_clock

CHOICE = 60
TURN = 120


def said(world, channel=None) -> list[str]:
    """Everything posted in the channel (or thread), oldest first."""
    return [m.content for m in (channel or world.channel).history()]


def reminders(world) -> list[str]:
    return [c for c in said(world) if c.startswith("⏳")]


def now(world) -> int:
    return int(world.env.now().timestamp())


async def clock_on_board(world) -> str:
    """The board's "Waiting for" line, as it stands now."""
    await world.env.settle()
    (waiting,) = [f for f in board(world).embeds[0].fields if f.name == "Waiting for"]
    return waiting.value


# --- a new decision gets a new clock ---


async def test_mind_up_every_new_secret_choice_gets_a_full_clock_of_its_own(world):
    """Alice and Bob choose 40 s into the first choice: the second choice is a new decision, so it
    gets its own 60 s (and its own half-time reminder), not the 20 s left of the first."""
    await on_discords_clock(world)
    alice, bob = world.members[:2]
    await open_game(world, alice, "mindup", [bob], ai=1)
    session = only_session(world)
    await world.env.advance_time(40)
    assert await act_once(alice, board(world)) is not None
    assert await act_once(bob, board(world)) is not None
    await world.env.settle()
    assert session.state.hands[0] and len(session.state.played_this_round[0]) == 1  # revealed
    revealed_at = now(world)

    assert await clock_on_board(world) == f"alice, bob · ⏰ <t:{revealed_at + CHOICE}:R>"

    await world.env.advance_time(25)  # 65 s after the start: the first choice's clock is over
    assert [len(p) for p in session.state.played_this_round] == [1, 1, 1]  # nobody chose for them
    assert [s.timeouts for s in session.record.seats] == [0, 0, 0]
    await world.env.advance_time(10)  # half of the second choice's 60 s
    assert reminders(world)[1:] == [
        f"⏳ {alice.mention}, {bob.mention}, half your time is up: the clock runs out "
        f"⏰ <t:{revealed_at + CHOICE}:R>."
    ]


async def test_solo_the_game_every_new_turn_gets_a_full_clock_of_its_own(world):
    """Alone at The Game, Alice ends her first turn 100 s into its 120: her second turn is a new
    turn with its own 120 s, not the 20 s left of the first."""
    await on_discords_clock(world)
    alice = world.members[0]
    await open_game(world, alice, "thegame", [])
    session = only_session(world)
    await world.env.advance_time(100)
    while session.state.turn == 1:
        assert await act_once(alice, board(world)) is not None
    ended_at = now(world)

    assert await clock_on_board(world) == f"alice · ⏰ <t:{ended_at + TURN}:R>"
    await world.env.advance_time(25)  # past the first turn's deadline
    assert session.state.turn == 2 and session.state.played == 0  # the AI did not play for her
    assert session.record.seats[0].timeouts == 0


# --- the half-time reminder ---


async def test_a_member_whose_dms_are_closed_is_reminded_in_the_channel(world):
    """Reminders go by DM, and Alice's DMs are closed. She keeps her panel open, so her turn
    began without a turn DM (the panel showed it); at half time the DM bounces: she is
    mentioned in the channel instead, as a member who turned turn DMs off would be."""
    await on_discords_clock(world)
    await world.admin.slash(world.channel, "config afk", policy="ai", reminder="dm")
    alice, bob = world.members[:2]
    dm_path = f"/channels/{alice.user.dm_channel.id}/messages"
    world.env.inject_error("POST", dm_path, status=403, code=50007, times=None)
    await open_game(world, alice, "thegame", [bob], start_seat=2)  # bob plays first
    session = only_session(world)
    assert session.to_act() == {1}
    await alice.click(board(world), label="My hand")  # her panel stays open
    while session.to_act() == {1}:
        assert await act_once(bob, board(world)) is not None
    await world.env.settle()
    started = now(world)

    await world.env.advance_time(TURN / 2 + 1)

    assert reminders(world) == [
        f"⏳ {alice.mention}, half your time is up: the clock runs out ⏰ <t:{started + TURN}:R>."
    ]


async def test_reminders_turned_off_while_a_turn_runs_are_not_sent_for_it(world):
    """The admin turns half-time reminders off 10 s into Alice's turn: nobody is pinged 50 s
    later."""
    await on_discords_clock(world)
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    await world.env.advance_time(10)
    await world.admin.slash(world.channel, "config afk", policy="ai", reminder="off")
    await world.env.advance_time(TURN / 2)
    assert reminders(world) == []


# --- pauses and lobbies (what nothing else pins) ---


async def test_a_paused_game_resumed_after_a_restart_gets_a_fresh_clock_and_its_reminder(world):
    await on_discords_clock(world)
    await world.admin.slash(world.channel, "config afk", policy="ai", takeover_after=1)
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    await world.env.advance_time(TURN + 1)  # alice's seat goes to the AI
    await world.env.advance_time(TURN + 1)  # and bob's: nobody is left, the game pauses
    assert session.paused
    notice = world.channel.last_message
    assert notice.content.startswith("⏸️")
    await world.env.advance_time(60)
    await on_discords_clock(world)  # a restart while paused
    session = only_session(world)
    assert session.paused

    await alice.click(notice, label="Resume")
    await world.env.settle()
    resumed = now(world)
    assert session.to_act() == {0}
    assert await clock_on_board(world) == f"alice · ⏰ <t:{resumed + TURN}:R>"
    await world.env.advance_time(TURN / 2 + 1)
    assert reminders(world)[-1] == (
        f"⏳ {alice.mention}, half your time is up: the clock runs out ⏰ <t:{resumed + TURN}:R>."
    )
    assert session.running and session.to_act() == {0}


async def test_a_lobby_in_its_own_thread_closes_there_and_frees_its_host(world):
    await world.admin.slash(world.channel, "config threads", value=True)
    await world.admin.slash(world.channel, "config lobbies", per_member=1)
    alice = world.members[0]
    await alice.slash(world.channel, "newgame", game="zero")
    (thread,) = world.channel.threads
    await world.env.advance_time(15 * 60 + 1)
    assert said(world, thread)[-1] == (
        "The lobby has closed: nobody started the game within 15 minutes."
    )
    assert world.env.bot.runtime.sessions == {}
    again = await alice.slash(world.channel, "newgame", game="zero")
    assert again.response.content.startswith("Your lobby is open in <#")


async def test_my_hand_says_when_the_members_time_runs_out(world):
    """On her move, Alice's "My hand" says when her time runs out, as the board does; Bob's,
    who waits for his move, does not."""
    await on_discords_clock(world)
    alice, bob = world.members[:2]
    await open_game(world, alice, "zero", [bob])
    deadline = int(only_session(world).record.deadline)
    hers = (await alice.click(board(world), label="My hand")).response.embeds[0]
    assert [(f.name, f.value) for f in hers.fields] == [
        ("Your time runs out", f"⏰ <t:{deadline}:R>")
    ]
    his = (await bob.click(board(world), label="My hand")).response.embeds[0]
    assert his.fields == []
