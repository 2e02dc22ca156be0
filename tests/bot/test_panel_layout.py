"""Our panels send the very rows and components discord.py's own View would send."""

from __future__ import annotations

import discord
import pytest

from cogs.components import (
    ITEMS,
    ActionButton,
    ActionSelect,
    ConfirmButton,
    DmToggle,
    ExtraSelect,
    HandButton,
    LobbyButton,
    Panel,
    ReclaimButton,
)


async def test_buttons_without_a_row_fill_the_rows_as_discord_py_does():
    ours, theirs = Panel(), discord.ui.View()
    for verb in ("join", "leave", "addai", "rmai", "start", "cancel"):
        ours.add(LobbyButton("0000abcd", verb, verb.title(), disabled=verb == "start"))
        theirs.add_item(
            discord.ui.Button(
                label=verb.title(),
                custom_id=f"tb:lobby:0000abcd:{verb}",
                disabled=verb == "start",
            )
        )
    assert ours.to_components() == theirs.to_components()
    assert [len(row["components"]) for row in ours.to_components()] == [5, 1]


async def test_selects_and_buttons_in_given_rows_come_out_as_discord_py_lays_them():
    ours, theirs = Panel(), discord.ui.View()
    options = [("Card 3", "c3"), ("Card 7", "c7")]
    ours.add(ExtraSelect("0000abcd", "Signal", options))
    theirs.add_item(
        discord.ui.Select(
            custom_id="tb:x:0000abcd",
            placeholder="Signal",
            options=[discord.SelectOption(label=label, value=value) for label, value in options],
            row=4,
        )
    )
    for row in (1, 0):
        ours.add(ActionSelect("0000abcd", 7, row, "", options, row=row))
        theirs.add_item(
            discord.ui.Select(
                custom_id=f"tb:sel:0000abcd:7:{row}",
                options=[
                    discord.SelectOption(label=label, value=value) for label, value in options
                ],
                row=row,
            )
        )
    for index in range(7):
        ours.add(ActionButton("0000abcd", 7, f"a{index}", f"A{index}", row=2 + index // 5))
        theirs.add_item(
            discord.ui.Button(
                label=f"A{index}", custom_id=f"tb:act:0000abcd:7:a{index}", row=2 + index // 5
            )
        )
    assert ours.to_components() == theirs.to_components()


async def test_a_panel_refuses_what_discord_would_refuse():
    panel = Panel()
    panel.add(ActionSelect("0000abcd", 1, 0, row=0))
    with pytest.raises(ValueError):
        panel.add(ActionButton("0000abcd", 1, "x", row=0))
    full = Panel()
    for index in range(25):
        full.add(ActionButton("0000abcd", 1, f"a{index}"))
    with pytest.raises(ValueError):
        full.add(ActionButton("0000abcd", 1, "one-more"))


@pytest.mark.parametrize(
    ("component", "custom_id"),
    [
        (LobbyButton("0000abcd", "addai"), "tb:lobby:0000abcd:addai"),
        (HandButton("0000abcd"), "tb:hand:0000abcd"),
        (ActionButton("0000abcd", 12, "play.37.2"), "tb:act:0000abcd:12:play.37.2"),
        (ActionSelect("0000abcd", 12, 1), "tb:sel:0000abcd:12:1"),
        (ExtraSelect("0000abcd"), "tb:x:0000abcd"),
        (ConfirmButton("0000abcd", "leave"), "tb:ok:0000abcd:leave"),
        (DmToggle(False), "tb:dm:0"),
        (ReclaimButton("0000abcd"), "tb:back:0000abcd"),
    ],
)
def test_a_click_brings_back_the_component_that_was_drawn(component, custom_id):
    assert component.to_component_dict()["custom_id"] == custom_id
    match = type(component).template.fullmatch(custom_id)
    assert match is not None
    again = type(component).from_match(match)
    parts = {name: getattr(component, name) for name in match.re.groupindex}
    assert {name: getattr(again, name) for name in parts} == parts  # types too: 12, not "12"
    assert again.custom_id == custom_id
    assert [kind for kind in ITEMS if kind.template.fullmatch(custom_id)] == [type(component)]
