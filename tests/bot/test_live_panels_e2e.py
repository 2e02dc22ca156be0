"""A hand that keeps up and a board that stays in view, as members see them.

A member's latest private panel follows their game while Discord lets the bot edit it; a new
"My hand" replaces the one before; a board buried under the game's own messages comes down.
"""

from __future__ import annotations

from typing import Any

from cogs.live_panels import PLAYING
from tests.bot.conftest import World
from tests.bot.driver import (
    MOVES,
    act_once,
    board,
    components,
    finish_turn,
    finished,
    only_session,
    open_game,
    take_first,
    turn_dm,
)


def moves(panel: Any) -> list[str]:
    """The custom_ids of a panel's components that play or lead to a play."""
    return [c["custom_id"] for c in components(panel) if c["custom_id"].startswith(MOVES)]


def footer(panel: Any) -> str:
    return (panel.embeds[0].footer.text or "") if panel.embeds else ""


def own_panels(world: World, member: Any) -> list[Any]:
    """The ephemeral panels a member sees in the channel."""
    return [
        m
        for m in world.channel.history(viewer=member)
        if m.flags.ephemeral and m.embeds and "your" in (m.embeds[0].title or "")
    ]


async def waiting_member(world: World) -> tuple[dict[int, Any], Any]:
    """A game of The Game for two members; returns them by id, and the one not to move."""
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    waiting = bob if 0 in only_session(world).to_act() else alice
    return {alice.id: alice, bob.id: bob}, waiting


async def test_a_waiting_members_panel_becomes_their_move_panel_without_a_click(world):
    players, waiting = await waiting_member(world)
    shown = await waiting.click(board(world), label="My hand")
    assert moves(shown.response) == []
    assert "updates itself when your move comes" in footer(shown.response)

    await finish_turn(world, players)
    await world.env.settle()

    # The same message, redrawn by the bot: now it offers the waiting member's moves.
    panel = shown.response
    assert moves(panel) and footer(panel) == ""
    assert "Your cards" in panel.embeds[0].description


async def test_a_russian_panel_keeps_up_in_russian(world):
    alice = world.members[0]
    boris = world.member("boris", locale="ru")
    await open_game(world, alice, "thegame", [boris])
    session = only_session(world)
    players = {alice.id: alice, boris.id: boris}
    if session.record.seats[next(iter(session.to_act()))].user_id == boris.id:
        await finish_turn(world, players)
    shown = await boris.click(board(world), label="My hand")
    assert "обновится сама" in footer(shown.response)

    await finish_turn(world, players)
    await world.env.settle()

    assert moves(shown.response) and "Ваши карты" in shown.response.embeds[0].description


async def test_a_new_my_hand_replaces_the_members_previous_panel(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    first = await alice.click(board(world), label="My hand")
    second = await alice.click(board(world), label="My hand")
    await world.env.settle()

    assert [m.id for m in own_panels(world, alice)] == [second.response.id]
    assert first.response is None  # deleted


async def test_a_panel_says_how_to_get_a_fresh_one_before_discord_stops_its_edits(world):
    alice, bob = world.members[:2]
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)  # no one times out
    await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    waiting = bob if 0 in session.to_act() else alice
    shown = await waiting.click(board(world), label="My hand")

    await world.env.advance_time(15 * 60)
    await world.env.settle()

    assert "no longer updates itself" in shown.response.content
    assert "My hand" in shown.response.content


async def test_a_panel_played_from_every_few_minutes_keeps_up_past_its_first_15_minutes(
    world, monkeypatch
):
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: 3)  # lasts these turns
    alice, bob = world.members[:2]
    await world.admin.slash(world.channel, "config timer", turn_seconds=0)  # no one times out
    await open_game(world, alice, "thegame", [bob])  # alice moves first
    session = only_session(world)
    panel = (await bob.click(board(world), label="My hand")).response

    for minutes in (8, 8, 9):  # bob plays from that panel at minutes 8 and 16
        await world.env.advance_time(minutes * 60)
        await finish_turn(world, {alice.id: alice})
        await world.env.settle()
        assert session.to_act() == {1}
        # Discord lets an interaction edit its answer for 15 minutes: past the first 15, the
        # panel keeps up through a later click's.
        assert "no longer updates itself" not in (panel.content or "")
        assert moves(panel) and footer(panel) == ""
        if minutes == 9:
            break
        while 1 in session.to_act():
            assert await take_first(bob, panel) is not None


async def test_every_panel_says_the_game_is_over_when_it_ends(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "thegame", [bob])
    panels = [await m.click(board(world), label="My hand") for m in (alice, bob)]

    asked = await alice.slash(world.channel, "game end")
    await alice.click(asked.response.message, label="Yes, end it")
    await world.env.settle()

    for shown in panels:
        assert shown.response.content == "The game was ended early."
        assert components(shown.response) == [] and shown.response.embeds == []


async def test_a_panel_in_the_channel_says_the_game_is_over_when_the_last_move_is_made_in_dms(
    world, monkeypatch
):
    # A seed whose last move is alice's first move of her turn, made from her turn DM.
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: 4)
    alice, bob = world.members[:2]
    await open_game(world, alice, "genial", [bob])
    session = only_session(world)
    ended_from_a_dm = False
    while not finished(world):
        seat = next(iter(session.to_act()))
        if session.record.seats[seat].user_id == bob.id:
            assert await act_once(bob, board(world)) is not None
            continue
        # Alice looks at a fresh panel in the channel, then moves from her turn DM (a bonus
        # move after it from a new panel).
        shown = await alice.click(board(world), label="My hand")
        assert await take_first(alice.user, await turn_dm(world, alice)) is not None
        ended_from_a_dm = finished(world)
        while seat in session.to_act() and not finished(world):
            assert await act_once(alice, board(world)) is not None
        # Away while bob plays: her next turn brings a turn DM again.
        await world.env.advance_time(PLAYING + 1)
    await world.env.settle()

    assert ended_from_a_dm  # this seed's last move is alice's
    assert shown.response.content.startswith("The game is over")
    assert components(shown.response) == []
    # The turn DM she moved from said it in its answer, under what her move ended: the bot
    # edits it no second time.
    dm = alice.user.dm_channel
    assert "The game is over; see the results in the channel.\nGame: " in dm.last_message.content
    assert "🏆" in dm.last_message.content
    edits = [r for r in world.env.http_requests if r.method == "PATCH"]
    assert not [r for r in edits if r.path.startswith(f"/channels/{dm.id}/")]


async def test_a_board_buried_under_the_games_messages_is_posted_again_below(world):
    alice = world.members[0]
    first = await open_game(world, alice, "mindup", [], ai=2)
    for _ in range(40):  # each turn's reveal is a message of its own
        if board(world).id != first.id:
            break
        assert await act_once(alice, board(world)) is not None
        await world.env.settle()
    again = board(world)
    assert again.id != first.id
    assert only_session(world).record.message_id == again.id

    history = world.channel.history()
    old = next(m for m in history if m.id == first.id)
    assert old.content.startswith("⤵️ The board has moved down") and str(again.id) in old.content
    assert old.embeds == [] and components(old) == []
    between = [m for m in history if first.id < m.id < again.id]
    assert len(between) >= 6
    assert again.id in [m.id for m in history[-2:]]  # at the bottom (a move's line may follow)


async def test_a_note_answering_a_click_goes_once_the_panel_keeps_up_by_itself(world):
    players, waiting = await waiting_member(world)
    shown = (await waiting.click(board(world), label="My hand")).response
    (signals,) = [c for c in components(shown) if c["custom_id"].startswith("tb:x:")]
    value = signals["options"][0]["value"]
    noted = await waiting.select(shown.message, [value], custom_id=signals["custom_id"])
    assert noted.response.content == "Your signal is on the board."

    await finish_turn(world, players)
    await world.env.settle()

    # Redrawn by the bot for the member's move: the note about the signal is gone.
    panel = noted.response
    assert moves(panel) and footer(panel) == ""
    assert not panel.content
