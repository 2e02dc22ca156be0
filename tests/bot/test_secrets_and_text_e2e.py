"""What other members can see of a game, and the text boards that stand in for the pictures
when a server turns them off (`/config images` off): every fact in words, none stale."""

from __future__ import annotations

import pytest

from bot.render import hourglass, mindup, zero
from tests.bot.driver import (
    act_once,
    board,
    finished,
    only_session,
    open_game,
    pictures_off,
    play_to_end,
    take_first,
)
from tests.bot.test_genial_e2e import craft


def everything(message) -> str:
    """All the text of a message: content, embed title, description, fields and footer."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
        if embed.footer and embed.footer.text:
            parts.append(embed.footer.text)
    return "\n".join(parts)


def posts(world) -> list[str]:
    """Every plain channel message (announcements and results), oldest first."""
    return [m.content for m in world.channel.history() if m.content and not m.embeds]


def latest(world, message):
    """The message as the channel shows it now."""
    return next(m for m in world.channel.history() if m.id == message.id)


# --- text boards and announcements: nothing stale, contradictory or missing ---


async def test_the_game_final_text_board_no_longer_asks_for_cards_this_turn(world, monkeypatch):
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: 7)
    await pictures_off(world)
    alice, bob = world.members[:2]
    message = await open_game(world, alice, "thegame", [bob], ai=1)
    await play_to_end(world, [alice, bob])
    await world.env.settle()
    final = latest(world, message)
    assert final.attachments == []
    text = everything(final)
    assert "Final result" in text
    # The picture's header says the result once the game is over; the text must not go on
    # asking the player to move for a turn that will never come.
    assert "This turn: play at least" not in final.embeds[0].description


async def test_genial_winning_bank_is_not_announced_as_earning_a_bonus_turn(world):
    alice, bob = world.members[:2]
    await open_game(world, alice, "genial", [bob])
    session = only_session(world)
    # alice has six reds and every other colour complete; red staged, two reds in the centre.
    session.state = craft(
        session.state,
        centre=(2, 1, 0, 0, 0, 0),
        collections=((6, 7, 7, 7, 7, 7), (0,) * 6),
        staging=(0,),
    )
    panel = (await alice.click(board(world), label="My hand")).response
    assert "Banking now completes every colour: you win!" in panel.embeds[0].description
    await alice.click(panel.message, label="💰 Bank")
    await world.env.settle()
    assert finished(world)
    said = "\n".join(posts(world))
    assert "🏆 **alice** completed every colour!" in said
    # R14: the win voids every pending bonus turn; nobody takes one.
    assert "a bonus turn!" not in said


async def test_zero_text_board_says_how_many_cards_each_player_holds(world):
    await pictures_off(world)
    alice, bob = world.members[:2]
    message = await open_game(world, alice, "zero", [bob], ai=1)
    session = only_session(world)
    assert session.to_act() == {0}  # alice, the host, plays first
    panel = (await alice.click(board(world), label="My hand")).response
    await take_first(alice, panel)  # step 1 of the exchange: she gives a card to the market
    await world.env.settle()
    assert session.state.phase == "take" and len(session.state.hands[0]) == 8
    text = latest(world, message).embeds[0].description
    # The picture writes "8 cards" in alice's row and "9 cards" in the others'.
    lines = {
        name: next(line for line in text.splitlines() if f"**{name}**" in line and "—" in line)
        for name in ("alice", "bob", "🤖 AI 1")
    }
    assert "8 cards" in lines["alice"], text
    assert "9 cards" in lines["bob"] and "9 cards" in lines["🤖 AI 1"], text


# --- secrets: what every other member can see, move after move ---


def secret_texts(session, seat: int) -> list[str]:
    """How a seat's hidden cards are written where only its own panel may show them."""
    slug = session.record.slug
    view = session.game.view(session.state, seat)
    hand = tuple(getattr(view, "hand", ()))
    if slug == "thegame" and len(hand) >= 2:
        return [" · ".join(f"**{c}**" for c in hand)]
    if slug == "zero" and len(hand) >= 2 and view.phase != "over":
        return [zero.cards_text(hand)]
    if slug == "hourglass" and hand and not view.finished:
        return [" · ".join(hourglass.worth(c) for c in hand)]
    if slug == "mindup" and len(hand) >= 2 and view.round == 1:
        # R31: from round 2 a hand holds the collection taken back, which everyone saw.
        return [mindup.cards(hand)]
    return []


def seen_by(world, member) -> list[str]:
    """Every message the member can read now: the channel (their own ephemeral answers
    included) and their DMs."""
    texts = [everything(m) for m in world.channel.history(viewer=member)]
    dms = member.user.dm_channel
    if dms is not None:
        texts += [everything(m) for m in dms.history()]
    return texts


@pytest.mark.parametrize(
    ("slug", "humans", "ai"),
    [("thegame", 3, 1), ("zero", 2, 1), ("hourglass", 3, 2), ("mindup", 3, 2)],
)
async def test_no_member_ever_reads_another_players_hidden_cards(
    world, monkeypatch, slug, humans, ai
):
    # One deal, the same every run: a hand is searched for as text in everything shown.
    monkeypatch.setattr("bot.runtime.secrets.randbits", lambda bits: 7)
    members = [*world.members, world.member("dave")][:humans]
    host, *guests = members
    await open_game(world, host, slug, guests, ai=ai)
    session = only_session(world)
    own_seen = 0
    for _ in range(3000):
        if finished(world):
            break
        moved = False
        for actor in members:
            if finished(world):
                break
            if await act_once(actor, board(world)) is None:
                continue
            moved = True
            await world.env.settle()
            if finished(world):
                break
            for seat, record in enumerate(session.record.seats):
                secrets = secret_texts(session, seat)
                if not secrets:
                    continue
                if record.user_id == actor.id:  # the way it is written is the panel's own
                    own_seen += any(
                        secret in text for text in seen_by(world, actor) for secret in secrets
                    )
                for other in members:
                    if other.id == record.user_id:
                        continue
                    for text in seen_by(world, other):
                        for secret in secrets:
                            assert secret not in text, (seat, other.name, secret, text)
        assert moved
    assert finished(world)
    assert own_seen  # the check would have caught them: each player reads their own
