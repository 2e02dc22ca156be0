"""Zero as a table plays it through Discord, against docs/rules/zero.md: what the pictures
beside the text tell each member.

Each test plays the real bot in SimCord; a rare position is set up by replacing the running
game's state (as tests/bot/test_rules_at_the_table_e2e.py does). The words of a member's hand
picture are read by drawing, in this process, the very sketch the bot drew it from (its
filename is the one attached to the member's panel) while recording every line of text.
"""

from __future__ import annotations

import pytest

from bot.pictures import base as picture_base
from bot.pictures.pool import hand_sketch
from tests.bot.driver import board, only_session, open_game
from tests.bot.test_rules_at_the_table_e2e import a_zero_to_call

LANG = {"en-US": "en", "ru": "ru"}


def description(message):
    return message.embeds[0].description


async def open_hand(actor, world):
    return (await actor.click(board(world), label="My hand")).response


def picture_words(session, seat, lang, panel, monkeypatch) -> list[str]:
    """Every line of text drawn on the hand picture attached to `panel`."""
    sketch = hand_sketch(session, seat, lang)
    (attachment,) = panel.attachments  # the picture the member was shown is this sketch's
    assert attachment.filename == sketch.filename
    drawn: list[str] = []
    original = picture_base.Canvas.text

    def recording(self, xy, text, *args, **kwargs):
        drawn.append(text)
        return original(self, xy, text, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(picture_base.Canvas, "text", recording)
        sketch.draw()
    return drawn


@pytest.mark.parametrize("locale", ["en-US", "ru"])
async def test_r11_the_picture_of_a_zero_that_must_be_called_does_not_say_give_or_pass(
    world, monkeypatch, locale
):
    """R11: without zero_optional a Zero is declared at once; the panel offers only "Call
    ZERO!" and its text says only that. So does the picture beside it, instead of telling the
    player to give a card or pass, moves the panel does not offer."""
    session, panel, actions = await a_zero_to_call(world, locale)
    assert len(actions) == 1 and actions[0]["custom_id"].endswith(":zero")  # only Call ZERO!

    words = picture_words(session, 0, LANG[locale], panel, monkeypatch)
    header = words[1]  # the round on the right first, then what to do on the left
    assert (
        header
        == {"en-US": "Your hand is a Zero: call it!", "ru": "У вас «Зеро»: объявите его!"}[locale]
    )


async def test_c1_the_russian_hand_picture_calls_zero_cards_kartochki_like_its_text(
    world, monkeypatch
):
    """C1 / Russian edition terms: Zero's Russian texts call the cards «карточки» throughout
    («Ваши карточки», «9 карточек», the hand title «Зеро — ваши карточки»). The hand picture
    beside that text labels the same cards «Ваши карты», the other games' word."""
    ivan = world.member("ivan", locale="ru")
    bob = world.members[1]
    await open_game(world, ivan, "zero", [bob])
    session = only_session(world)
    panel = await open_hand(ivan, world)
    assert "Ваши карточки:" in description(panel)

    words = picture_words(session, 0, "ru", panel, monkeypatch)
    assert "Ваши карты" not in words
    assert "Ваши карточки" in words
