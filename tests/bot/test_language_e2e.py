"""What members read, played end to end in SimCord as native speakers of Russian and English.

Replies follow the member's own Discord locale; public messages follow the server's language
(/config language). Each test says in full what a native speaker expects to read.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.i18n import CommandTranslator
from tests.bot.conftest import LOCALES
from tests.bot.driver import board, click_verb, components, only_session

LOCALE = {"ru": "ru", "en": "en-US"}
OTHER = {"ru": "en", "en": "ru"}
AI_NAME = {"ru": "ИИ 1", "en": "AI 1"}


async def server_in(world: Any, lang: str) -> None:
    """The admin sets the language of the server's public messages."""
    await world.admin.slash(world.channel, "config language", value=lang)


async def game_with_an_ai(world: Any, host: Any, slug: str) -> Any:
    """`host` opens a game, adds one AI seat and starts it; returns the board."""
    await host.slash(world.channel, "newgame", game=slug)
    lobby = world.channel.last_message
    await click_verb(host, lobby, "addai")
    await click_verb(host, lobby, "start")
    return board(world)


# --- The AI's seat is named in the reader's language ---------------------------------------


@pytest.mark.parametrize("server", ["ru", "en"])
async def test_games_list_names_the_ai_seat_in_the_readers_own_language(world, server):
    """A member whose Discord speaks the other language asks /games: the reply is in their
    language, and so must be the AI seat's name (not the server's «ИИ 1» / "AI 1")."""
    await server_in(world, server)
    reader = OTHER[server]
    anna = world.member("anna", locale=LOCALE[reader])
    await game_with_an_ai(world, anna, "zero")

    listed = (await anna.slash(world.channel, "games")).response.embeds[0].description

    expected = {
        "en": "▶️ **Zero** · [game]({link}) in <#{channel}> · anna, 🤖 AI 1",
        "ru": "▶️ **Зеро** · [партия]({link}) в <#{channel}> · anna, 🤖 ИИ 1",
    }[reader]
    link = re.search(r"\]\((\S+)\)", listed).group(1)
    assert listed == expected.format(link=link, channel=world.channel.id)


@pytest.mark.parametrize("server", ["ru", "en"])
async def test_history_names_the_ai_seat_in_the_readers_own_language(world, server):
    """/history, answered in the reader's language, lists the AI seat of a finished game of
    Zero by the reader's name for it."""
    await server_in(world, server)
    reader = OTHER[server]
    anna = world.member("anna", locale=LOCALE[reader])
    await anna.slash(world.channel, "newgame", game="zero")
    lobby = world.channel.last_message
    await click_verb(anna, lobby, "addai")
    await click_verb(anna, lobby, "start")
    session = only_session(world)
    for _ in range(200):
        if not session.running:
            break
        result = await anna.click(board(world), custom_id=f"tb:hand:{session.id}")
        moves = [
            c
            for c in components(result.response)
            if c.get("custom_id", "").startswith(("tb:act:", "tb:sel:"))
        ]
        passes = [c for c in moves if c.get("label", "").endswith(("Pass", "Пас"))]
        if not moves:
            await world.env.settle()
            continue
        move = (passes or moves)[0]
        if move["custom_id"].startswith("tb:sel:"):
            await anna.select(
                result.response.message, [move["options"][0]["value"]], custom_id=move["custom_id"]
            )
        else:
            await anna.click(result.response.message, custom_id=move["custom_id"])
    assert not session.running

    listed = (await anna.slash(world.channel, "history")).response.embeds[0].description

    assert f"🤖 {AI_NAME[reader]} **" in listed, listed
    assert AI_NAME[server] not in listed


# --- Slash command choices ---------------------------------------------------------------------


async def translated(world: Any, path: str) -> dict[str, Any]:
    """The payload Discord gets for an option of a command, localizations included."""
    names = path.split()
    tree = world.env.bot.tree
    command = tree.get_command(names[0])
    payload = await command.get_translated_payload(tree, CommandTranslator())
    for name in names[1:]:
        payload = next(o for o in payload["options"] if o["name"] == name)
    return payload


async def test_russian_admins_choose_the_server_language_by_its_russian_name(world):
    """/настройки язык значение: a Russian admin picks «английский» or «русский», the words
    /настройки показать answers with, not the codes "en" and "ru"."""
    value = await translated(world, "config language value")
    shown = [(choice.get("name_localizations") or {}).get("ru") for choice in value["choices"]]
    assert shown == ["английский", "русский"]


@pytest.mark.parametrize(
    ("path", "russian"),
    [
        ("config images value", ["да", "нет"]),
        ("config ratings value", ["да", "нет"]),
        ("config afk policy", ["за игрока ходит ИИ", "игра заканчивается"]),
        ("config afk reminder", ["без напоминания", "упоминание в канале", "личное сообщение"]),
    ],
)
async def test_russian_admins_read_every_settings_choice_in_russian(world, path, russian):
    """The choices of /настройки are offered in Russian, in the words the settings are shown
    with («да», «упоминание в канале»…), not as "on"/"off", "ai"/"end", "mention"/"dm"."""
    option = await translated(world, path)
    shown = [(choice.get("name_localizations") or {}).get("ru") for choice in option["choices"]]
    assert shown == russian


async def test_every_game_choice_has_its_russian_name(world):
    """Pinned: the game choices of /новая-игра already read in Russian."""
    option = await translated(world, "newgame game")
    shown = [choice["name_localizations"]["ru"] for choice in option["choices"]]
    assert shown == ["Mind Up!", "The Game", "Совершенно гениально", "Песочные часы", "Зеро"]


# --- Terms: Zero speaks of «карточки» ------------------------------------------------------


async def test_russian_zero_board_button_calls_them_cards_as_the_game_does(world):
    """Zero's Russian texts call its cards «карточки» (panel, board, rules); the button and the
    board's footer say «Мои карты» and then «свои карточки» in one breath."""
    await server_in(world, "ru")
    anna = world.member("anna", locale="ru")
    shown = await game_with_an_ai(world, anna, "zero")
    labels = [c.get("label") for c in components(shown)]
    session = only_session(world)
    assert "Мои карточки" in labels, labels
    assert shown.embeds[0].footer.text == (
        f"Игра {session.id} · нажмите «Мои карточки», чтобы увидеть их и сделать ход"
    )


async def test_russian_genial_board_button_and_footer_agree(world):
    """Pinned: in Совершенно гениально the button and the footer both say «Мои жетоны»."""
    await server_in(world, "ru")
    anna = world.member("anna", locale="ru")
    shown = await game_with_an_ai(world, anna, "genial")
    session = only_session(world)
    assert "Мои жетоны" in [c.get("label") for c in components(shown)]
    assert shown.embeds[0].footer.text == (
        f"Игра {session.id} · нажмите «Мои жетоны», чтобы увидеть свою коллекцию и сделать ход"
    )


# --- The AI takes over after the first timeout ---------------------------------------------


async def the_game_of_two(world: Any, lang: str) -> tuple[Any, Any]:
    """The server speaks `lang`; Anna and Bert, who speak it too, start The Game (Anna's move)."""
    await server_in(world, lang)
    anna = world.member("anna", locale=LOCALE[lang])
    bert = world.member("bert", locale=LOCALE[lang])
    await anna.slash(world.channel, "newgame", game="thegame")
    lobby = world.channel.last_message
    await click_verb(bert, lobby, "join")
    await click_verb(anna, lobby, "start")
    return anna, bert


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_takeover_after_a_single_timeout_does_not_say_again(world, lang):
    """With /config afk takeover_after:1 the AI takes the seat at the very first timeout; the
    notice must not say the time ran out «снова» / "again"."""
    await world.admin.slash(world.channel, "config afk", policy="ai", takeover_after=1)
    anna, _ = await the_game_of_two(world, lang)
    await world.env.advance_time(121)

    notice = next(m for m in reversed(world.channel.history()) if m.content.startswith("🤖"))

    expected = {
        "ru": f"🤖 {anna.mention}, время на ход вышло, поэтому дальше на вашем месте играет ИИ. "
        "Нажмите кнопку, чтобы вернуться в игру.",
        "en": f"🤖 {anna.mention} did not move in time, so the AI plays their seat from now on. "
        "Press the button below to take your seat back.",
    }[lang]
    assert notice.content == expected


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_takeover_after_repeated_timeouts_says_again(world, lang):
    """Pinned: with the default of two timeouts, «снова» / "again" is right."""
    anna, bert = await the_game_of_two(world, lang)
    session = only_session(world)
    await world.env.advance_time(121)
    while 1 in session.to_act():
        panel = await bert.click(board(world), custom_id=f"tb:hand:{session.id}")
        cid = next(
            c["custom_id"]
            for c in components(panel.response)
            if c.get("custom_id", "").startswith(("tb:pick:", "tb:act:"))
        )
        if cid.startswith("tb:pick:"):
            picked = (await bert.click(panel.response.message, custom_id=cid)).response
            cid = next(
                c["custom_id"] for c in components(picked) if c["custom_id"].startswith("tb:act:")
            )
            await bert.click(picked.message, custom_id=cid)
        else:
            await bert.click(panel.response.message, custom_id=cid)
    await world.env.advance_time(121)

    notice = next(m for m in reversed(world.channel.history()) if m.content.startswith("🤖"))

    expected = {
        "ru": f"🤖 {anna.mention}, время на ход снова вышло, поэтому дальше на вашем месте "
        "играет ИИ. Нажмите кнопку, чтобы вернуться в игру.",
        "en": f"🤖 {anna.mention} did not move in time again, so the AI plays their seat from "
        "now on. Press the button below to take your seat back.",
    }[lang]
    assert notice.content == expected


# --- Pinned: a member in the other language than the server --------------------------------


async def test_a_russian_member_in_an_english_server_reads_replies_in_russian(world):
    """Pinned: the lobby in the channel is English, the refusal and /game dms are Russian."""
    await server_in(world, "en")
    anna = world.member("anna", locale="en-US")
    boris = world.member("boris", locale="ru")
    await anna.slash(world.channel, "newgame", game="zero")
    lobby = world.channel.last_message
    assert lobby.embeds[0].title == "🎲 Zero — lobby"
    await click_verb(boris, lobby, "join")
    again = await click_verb(boris, lobby, "join")
    assert again.response.content == "Вы уже в этой игре."
    refused = await click_verb(boris, lobby, "addai")
    assert refused.response.content == "Это может сделать только создатель игры."
    LOCALES[boris.id] = "ru"
    dms = await boris.slash(world.channel, "game dms")
    assert dms.response.content == (
        "Когда в игре наступает ваш ход, я пишу вам в личные сообщения, и оттуда можно сделать ход."
    )


# --- Hourglass: a player whose round is played out ------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_hourglass_panel_does_not_ask_for_zero_more_cards(world, lang):
    """A player down to their last 2 cards while the other still plays is not told to "play
    0 more cards": their cards of this round are all played."""
    await server_in(world, lang)
    anna = world.member("anna", locale=LOCALE[lang])
    bert = world.member("bert", locale=LOCALE[lang])
    await anna.slash(world.channel, "newgame", game="hourglass", options="start_seat=1")
    lobby = world.channel.last_message
    await click_verb(bert, lobby, "join")
    await click_verb(anna, lobby, "start")
    session = only_session(world)
    players = {0: anna, 1: bert}
    while len(session.game.view(session.state, 0).hand) > 2:
        seat = next(iter(session.to_act()))
        actor = players[seat]
        panel = await actor.click(board(world), custom_id=f"tb:hand:{session.id}")
        move = next(
            c
            for c in components(panel.response)
            if c.get("custom_id", "").startswith(("tb:act:", "tb:sel:"))
        )
        if move["custom_id"].startswith("tb:sel:"):
            await actor.select(
                panel.response.message, [move["options"][0]["value"]], custom_id=move["custom_id"]
            )
        else:
            await actor.click(panel.response.message, custom_id=move["custom_id"])
    assert session.to_act() == {1}  # bert still has a card of this round to play

    panel = (await anna.click(board(world), custom_id=f"tb:hand:{session.id}")).response
    text = panel.embeds[0].description

    expected = {
        "ru": "Все карты этого раунда вы уже сыграли; последние 2 останутся в руке до следующего.",
        "en": "You have played all your cards for this round; your last 2 stay in hand for the "
        "next one.",
    }[lang]
    assert expected in text.split("\n"), text
