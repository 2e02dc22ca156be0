"""The text players read, in Russian as in English: suggestions cut to Discord's length, counts
of one, and odds that promise nothing impossible."""

from __future__ import annotations

import pytest

import engines
from bot.render import renderer
from engines.genial import State as GenialState

# --- /newgame options: what the suggestions say ------------------------------------------------


async def test_russian_option_suggestions_still_say_which_value_they_set(world):
    # Hourglass's strict exception has a long Russian name: cut to Discord's 100 characters,
    # the suggestion «name — label: value» still ends with the value it sets.
    ivan = world.member("ivan", locale="ru")
    suggested = await ivan.autocomplete(
        world.channel, "newgame", "options", "строг", game="hourglass"
    )
    names = {c["value"]: c["name"] for c in suggested}
    assert set(names) == {"строгое_исключение=нет", "строгое_исключение=да"}
    assert names["строгое_исключение=нет"].endswith(": нет"), names
    assert names["строгое_исключение=да"].endswith(": да"), names


# --- a cap of one open lobby ---------------------------------------------------------------------


async def test_a_russian_host_capped_at_one_lobby_is_not_told_of_one_of_several(world):
    # One lobby is "it", not "one of them" (один из них), in both languages.
    ivan = world.member("ivan", locale="ru")
    await world.admin.slash(world.channel, "config lobbies", per_member=1)
    other = world.guild.create_text_channel("games-2")
    await ivan.slash(world.channel, "newgame", game="zero")

    again = await ivan.slash(other, "newgame", game="zero")
    assert again.response.content == (
        "У вас уже открыт сбор игроков на этом сервере. Сначала начните или отмените его."
    )


# --- Genial: the odds line when no colour can match ------------------------------------------


def sure_miss() -> GenialState:
    """Two players; the centre holds only purple, and the active player has drawn a purple:
    whatever comes next is a miss (R8-R10)."""
    return GenialState.model_validate(
        {
            "seed": 1,
            "options": {},
            "players": 2,
            "first_seat": 0,
            "turn": 0,
            "phase": "drawing",
            "reserve": (21, 21, 21, 21, 21, 17),
            "centre": (0, 0, 0, 0, 0, 3),
            "staging": (5,),
            "collections": ((0,) * 6, (0,) * 6),
            "lines": ((False,) * 6, (False,) * 6),
        }
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_genial_does_not_promise_a_match_when_no_colour_can_match(lang):
    game = engines.game("genial")
    state = sure_miss()
    render = renderer("genial")
    names = ["Аня", "Боря"]
    board = render.board(game.view(state, None), names, lang)
    panel = render.hand(game.view(state, 0), names, lang)
    for lines in (board, panel):
        # The miss is told ("💥 … 🟪 (drawn already) · 🟥 🟧 🟨 🟩 🟦 (not in the centre)") …
        assert any(line.startswith("💥") for line in lines), lines
        # … and no "✅ match" line with no colour ("—") at 0 %.
        matches = [line for line in lines if line.startswith("✅")]
        assert matches == [], matches
