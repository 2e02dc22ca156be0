"""Hostile display names and typed options: members read every name as it was typed, on its own
line, with no markdown, Discord syntax or text direction of its own; nobody can pass for the
AI; bad options are refused, briefly, in the member's language."""

from __future__ import annotations

import logging
from typing import Any

from tests.bot.conftest import LOCALES
from tests.bot.driver import board, click_verb, only_session, open_game, open_lobby
from tests.bot.test_stats_e2e import pass_to_end

MARKDOWN = set("*_~|`<[]")
"""Characters that start Discord markdown or Discord syntax (<t:0>, <#id>, <:emoji:id>) where
they stand unescaped."""


def read(text: str) -> list[tuple[str, bool]]:
    """`text` as Discord reads it: each character shown, and whether it shows literally.

    A backslash before any character that is neither a letter, a digit nor a space escapes it
    (the backslash itself is then not shown); anywhere else a backslash shows as typed.
    """
    out: list[tuple[str, bool]] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "\\" and i + 1 < len(text):
            after = text[i + 1]
            if not (after.isalnum() or after.isspace()):
                out.append((after, True))
                i += 2
                continue
        out.append((char, char == "\\" or char not in MARKDOWN))
        i += 1
    return out


def reads_as_typed(text: str, name: str) -> bool:
    """Whether Discord shows `name` somewhere in `text` character for character, none of its
    characters taken as markdown."""
    tokens = read(text)
    for start in range(len(tokens) - len(name) + 1):
        window = tokens[start : start + len(name)]
        if "".join(c for c, _ in window) == name and all(literal for _, literal in window):
            return True
    return False


def unescaped(line: str, char: str) -> int:
    """How many times `char` stands unescaped (as markdown) in `line`."""
    return sum(1 for c, literal in read(line) if c == char and not literal)


OPENS = {"\u202a": "embed", "\u202b": "embed", "\u202d": "embed", "\u202e": "embed"}
OPENS |= {"\u2066": "isolate", "\u2067": "isolate", "\u2068": "isolate"}


def direction_left_open(line: str) -> bool:
    """Whether `line` ends with a bidi override, embedding or isolate still open: what follows
    it on the line (a score, another name) is then shown reversed or out of order."""
    stack: list[str] = []
    for char in line:
        if char in OPENS:
            stack.append(OPENS[char])
        elif char == "\u202c" and stack and stack[-1] == "embed":  # PDF
            stack.pop()
        elif char == "\u2069" and "isolate" in stack:  # PDI closes everything inside
            while stack.pop() != "isolate":
                pass
    return bool(stack)


def nicknamed(world: Any, nick: str, locale: str = "en-US") -> Any:
    """A member whose server nickname (their display name here) is `nick`."""
    member = world.guild.add_member(world.env.create_user(f"user{len(LOCALES)}"), nick=nick)
    LOCALES[member.id] = locale
    return member


def seat_lines(message: Any) -> list[str]:
    """The lobby's (or the board's) list of players, a line each."""
    field = next(f for f in message.embeds[0].fields if f.name.startswith(("Seats", "Players")))
    return field.value.splitlines()


def errors(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


# --- names read as typed ---


async def test_a_masked_link_as_a_name_reads_as_typed_without_a_stray_backslash(world, caplog):
    """`[Nitro](https://evil.co)` reads as those characters: not a link, and without a shown
    backslash of ours in front of it (nor a `[` that is markdown again after one)."""
    nick = "[Nitro](https://evil.co)"
    evil = nicknamed(world, nick)
    alice = world.members[0]
    lobby = await open_lobby(world, evil, "zero", [alice])
    seats = "\n".join(seat_lines(lobby))
    assert reads_as_typed(seats, nick), seats
    listed = (await alice.slash(world.channel, "games")).response.embeds[0].description
    assert reads_as_typed(listed, nick), listed
    stats = (await alice.slash(world.channel, "stats", member=evil)).response.embeds[0]
    assert reads_as_typed(stats.title, nick), stats.title
    assert errors(caplog) == []


async def test_discord_timestamps_channels_and_emoji_in_a_name_read_as_typed(world):
    """`<t:0>` would show as a date, `<#id>` as a channel's link, `<:x:1>` as a custom emoji:
    in a name they are characters the member typed, escaped like markdown."""
    for nick in ("<t:0:R> won", f"<#{world.channel.id}>", "<:pog:123456789012345678>"):
        member = nicknamed(world, nick)
        await member.slash(world.channel, "newgame", game="zero")
        lobby = world.channel.last_message
        seats = "\n".join(seat_lines(lobby))
        assert reads_as_typed(seats, nick), seats
        await click_verb(member, lobby, "cancel")


async def test_a_backslash_in_a_name_neither_shows_markdown_nor_unbolds_the_board(world):
    """A member's backslash is escaped like every other markdown character, so a name ending in
    `\\` cannot escape the `**` that closes its bold on a Mind Up board, and `\\*x\\*` is
    no italic. (Pins discord.py's escaping of backslashes, which a change of bot/text.py's
    escaping must keep.)"""
    host = nicknamed(world, "evil\\")
    guest = nicknamed(world, "\\*x\\*")
    await open_game(world, host, "mindup", [guest], ai=1)
    description = board(world).embeds[0].description
    player_lines = [line for line in description.splitlines() if "this round" in line]
    assert len(player_lines) == 3
    for line in player_lines:
        assert unescaped(line, "*") % 2 == 0, line  # every bold that opens closes
    assert reads_as_typed(description, "evil\\"), description
    assert reads_as_typed(description, "\\*x\\*"), description
    seats = "\n".join(seat_lines(board(world)))
    assert reads_as_typed(seats, "evil\\") and reads_as_typed(seats, "\\*x\\*"), seats


# --- names stay on their own line, in their own direction ---


async def test_a_line_break_in_a_name_cannot_add_a_forged_line_to_seats_or_results(world):
    """A nickname with a line break (and tabs) is shown on its seat's own line: it cannot add
    a line that reads as another seat, or as another player's result."""
    forged = "mallory\n🏆 mallory — 999 points\t\n3. 🤖 AI 1"
    evil = nicknamed(world, forged)
    alice = world.members[0]
    lobby = await open_lobby(world, evil, "zero", [alice])
    assert len(seat_lines(lobby)) == 2, seat_lines(lobby)
    await click_verb(evil, lobby, "start")
    game_id = only_session(world).id
    assert len(seat_lines(board(world))) == 2
    await pass_to_end(world, game_id, [evil, alice])
    results = world.channel.last_message.content.splitlines()
    # The title, then one line per player.
    assert len(results) == 3, results
    assert sum("999 points" in line for line in results) <= 1


async def test_a_right_to_left_override_in_a_name_ends_with_the_name(world):
    """U+202E (RIGHT-TO-LEFT OVERRIDE) in a nickname reverses everything after it on its line
    (`🏆 ‮evil — 12 points` shows the points reversed, and other names after it): the
    override must not run past the name: in the lobby, the results or /history."""
    evil = nicknamed(world, "\u202eevil")
    isolate = nicknamed(world, "\u2067x")  # RIGHT-TO-LEFT ISOLATE, never closed
    lobby = await open_lobby(world, evil, "zero", [isolate])
    for line in seat_lines(lobby):
        assert not direction_left_open(line), repr(line)
    await click_verb(evil, lobby, "start")
    game_id = only_session(world).id
    await pass_to_end(world, game_id, [evil, isolate])
    results = world.channel.last_message.content
    for line in results.splitlines():
        assert not direction_left_open(line), repr(line)
    history = (await evil.slash(world.channel, "history")).response.embeds[0].description
    for line in history.splitlines():
        assert not direction_left_open(line), repr(line)


# --- nobody passes for the AI or for another player ---


async def test_a_member_nicknamed_like_the_ai_cannot_pass_for_an_ai_seat(world):
    """A member nicknamed `🤖 AI 1` in a lobby with the AI's seat `🤖 AI 1`: every list of
    players tells them apart (the robot marks the AI, never a member)."""
    impostor = nicknamed(world, "🤖 AI 1")
    alice = world.members[0]
    lobby = await open_lobby(world, alice, "mindup", [impostor], ai=1)
    seats = seat_lines(lobby)
    assert len(seats) == 3
    assert sum(line.endswith("🤖 AI 1") for line in seats) == 1, seats
    listed = (await alice.slash(world.channel, "games")).response.embeds[0].description
    assert listed.count("🤖 AI 1") == 1, listed


async def test_the_board_marks_the_ai_so_that_a_member_named_like_it_is_told_apart(world):
    """A member nicknamed `AI 1` beside the AI's seat: the board's own lines, not only its list
    of players, tell them apart, 🤖 marking the AI."""
    impostor = nicknamed(world, "AI 1")
    alice = world.members[0]
    await open_game(world, alice, "mindup", [impostor], ai=1)
    text = board(world).embeds[0].description
    named = [line for line in text.splitlines() if "AI 1**" in line]
    assert [line.split(" — ")[0] for line in named] == ["⏳ **AI 1**", "✅ **🤖 AI 1**"], named


async def test_members_with_the_same_name_are_told_apart_by_their_seats(world):
    """Two members show as "Alex" (one as " alex ", and one more of 31 letters twice): every
    list of players, the board's lines and the results number them by seat, as the lobby lists
    the seats, so nobody can pass for the other; a name nobody shares stays as it is."""
    alex, twin = nicknamed(world, "Alex"), nicknamed(world, " alex ")
    long_name = "L" * 31
    long, long_twin = nicknamed(world, long_name), nicknamed(world, long_name)
    alice = world.members[0]
    lobby = await open_lobby(world, alex, "zero", [alice, twin, long, long_twin])
    assert seat_lines(lobby) == [
        "1. Alex #1 (host)",
        "2. alice",
        "3. alex #3",
        f"4. {'L' * 28}… #4",
        f"5. {'L' * 28}… #5",
    ]
    await click_verb(alex, lobby, "start")
    text = board(world).embeds[0].description
    assert "Alex #1" in text and "alex #3" in text, text
    game_id = only_session(world).id
    await pass_to_end(world, game_id, [alex, alice, twin, long, long_twin])
    results = world.channel.last_message.content
    assert "Alex #1" in results and "alex #3" in results, results


async def test_hostile_option_text_is_refused_in_russian_and_opens_nothing(world, caplog):
    """Format strings, mentions, markdown, a 6000-character value: a Russian member is told in
    Russian what is wrong, quoted short and escaped; no lobby opens; nothing is logged."""
    ivan = nicknamed(world, "ivan", locale="ru")
    cases = {
        "{0}=%s": "У этой игры нет настройки «{0}».",
        "эксперт={$x}": "не может иметь значение «{$x}»",
        "@everyone=1": "У этой игры нет настройки «@\u200beveryone».",
        "эксперт=да expert=no": "указана дважды с разными значениями",
        "эксперт=" + "д" * 5990: "не может иметь значение «" + "д" * 59 + "…»",
    }
    for typed, said in cases.items():
        result = await ivan.slash(world.channel, "newgame", game="thegame", options=typed)
        assert result.ephemeral and said in result.response.content, result.response.content
        assert len(result.response.content) < 400
    assert world.env.bot.runtime.sessions == {}
    assert world.channel.last_message is None
    assert errors(caplog) == [] and world.env.errors == []
    for request in world.env.http_requests:
        body = request.json if isinstance(request.json, dict) else {}
        data = body.get("data", body)
        assert (data.get("allowed_mentions") or {}).get("parse", []) == [], request.path
