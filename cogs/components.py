"""Buttons and selects of every game message, as DynamicItems that survive restarts.

A custom_id carries `tb:<kind>:<game id>[:<version>][:<args>]` and nothing secret; who acts is
always `interaction.user`. Each callback maps the click to one runtime call and answers it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable, Coroutine
from types import ModuleType
from typing import Any

import discord

from bot.i18n import language_of, t
from bot.runtime import GameError
from engines.core import IllegalAction

log = logging.getLogger(__name__)

_ID = r"(?P<gid>[0-9a-f]{8})"


def _flows() -> ModuleType:
    # Imported on use: flows draws panels with cogs.ui, which builds the items of this module.
    from cogs import flows

    return flows


def _runtime(interaction: discord.Interaction) -> Any:
    return interaction.client.runtime  # type: ignore[attr-defined]


UNKNOWN_INTERACTION = 10062
ACK_AFTER = 1.5
"""Seconds before a click still being worked on is acknowledged, well inside Discord's 3."""


async def _claim(interaction: discord.Interaction) -> None:
    """Take the answer for the handler: no early acknowledgement starts after this."""
    interaction.extras["answering"] = True
    if (answered := interaction.extras.get("answered")) is not None:
        answered()  # the answer's request is all that is left: background work may go on
    acknowledging = interaction.extras.get("acknowledging")
    if acknowledging is not None:
        # A failed acknowledgement was logged; the handler then answers the usual way.
        with contextlib.suppress(discord.HTTPException):
            await acknowledging


async def answer(interaction: discord.Interaction, text: str | None = None, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged."""
    await _claim(interaction)
    if text is not None:
        kwargs["content"] = text
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(ephemeral=True, **kwargs)


async def edit_clicked(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Redraw the message whose component was used, also after an early acknowledgement."""
    await _claim(interaction)
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)


def _acknowledge(interaction: discord.Interaction) -> None:
    """A click whose work takes long (a busy game, a slow disk) is acknowledged in time.

    The acknowledgement (a deferred update) keeps "This interaction failed" away; the handler
    then edits the message or follows up as usual.
    """
    if interaction.extras.get("answering"):
        return
    acknowledging = asyncio.get_running_loop().create_task(interaction.response.defer())
    acknowledging.add_done_callback(_report_acknowledgement)
    interaction.extras["acknowledging"] = acknowledging


def _report_acknowledgement(acknowledging: asyncio.Task[None]) -> None:
    if not acknowledging.cancelled() and (exc := acknowledging.exception()) is not None:
        log.warning("could not acknowledge a slow click: %s", exc)


async def guarded(
    interaction: discord.Interaction,
    game_id: str,
    work: Callable[[], Coroutine[Any, Any, None]],
) -> None:
    """Run a click handler; refusals get their localized reason, surprises an apology."""
    lang = language_of(interaction.locale)
    slow: asyncio.TimerHandle | None = None
    if interaction.type is discord.InteractionType.component:
        # A timer, not a task around the work: the work starts in this very iteration.
        slow = asyncio.get_running_loop().call_later(ACK_AFTER, _acknowledge, interaction)
    try:
        await work()
    except GameError as exc:
        await answer(interaction, t(lang, exc.key, **exc.params))
    except IllegalAction as exc:
        await answer(interaction, t(lang, f"illegal-{exc.code}", **exc.params))
    except Exception as exc:
        if isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_INTERACTION:
            # Too late to answer at all; the game itself is consistent (the action was committed).
            log.warning("a click in game %s was answered after Discord gave up on it", game_id)
            return
        log.exception("unexpected error in game %s", game_id)
        await answer(interaction, t(lang, "error-unexpected"))
    finally:
        if slow is not None:
            slow.cancel()


class _Carrier(discord.ui.View):
    """A view that only carries its items to one message: they do not point back at it.

    discord.py links each item to its view, and the view lists its items: a reference cycle,
    with every button and option in it, that only the collector's full passes would free (a
    panel per click under load). Our items never ask for their view (`route` rebuilds them
    from the custom_id), so reference counting frees a sent panel at once.
    """

    def add_item(self, item: discord.ui.Item[Any]) -> _Carrier:
        """Add the item without the link back (the private half of discord.py's own clear)."""
        super().add_item(item)
        item._update_view(None)  # type: ignore[arg-type]
        return self


def item_view() -> discord.ui.View:
    """A carrier of DynamicItems only, stopped so discord.py never keeps it.

    The items dispatch by custom_id on their own; a kept view would cost memory per message,
    and discord.py gives ephemeral views a 15-minute timer that lingers for every panel.
    """
    view = _Carrier(timeout=None)
    view.stop()
    return view


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tb:lobby:{_ID}:(?P<verb>\w+)"
):
    """Join / Leave / Add AI / Remove AI / Start / Cancel."""

    def __init__(
        self,
        game_id: str,
        verb: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or verb,
                style=style,
                disabled=disabled,
                custom_id=f"tb:lobby:{game_id}:{verb}",
            )
        )
        self.game_id = game_id
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> LobbyButton:
        """Rebuild the button from its custom_id."""
        return cls(match["gid"], match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the lobby verb and redraw the lobby."""
        await guarded(
            interaction,
            self.game_id,
            lambda: _flows().lobby_click(interaction, self.game_id, self.verb),
        )


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tb:hand:{_ID}"):
    """ "My hand": a fresh private panel for a seated player."""

    def __init__(self, game_id: str, label: str = "🂠") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.primary, custom_id=f"tb:hand:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> HandButton:
        """Rebuild the button from its custom_id."""
        return cls(match["gid"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer with the clicker's own panel."""
        await guarded(
            interaction, self.game_id, lambda: _flows().show_hand(interaction, self.game_id)
        )


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"tb:act:{_ID}:(?P<ver>\d+):(?P<action>[\w.~-]+)",
):
    """One legal action of a private panel."""

    def __init__(
        self, game_id: str, version: int, action: str, label: str = "", row: int | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or action,
                style=discord.ButtonStyle.secondary,
                custom_id=f"tb:act:{game_id}:{version}:{action}",
                row=row,
            )
        )
        self.game_id = game_id
        self.version = version
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> ActionButton:
        """Rebuild the button from its custom_id."""
        return cls(match["gid"], int(match["ver"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the action and refresh the panel."""
        await guarded(
            interaction,
            self.game_id,
            lambda: _flows().play(interaction, self.game_id, self.action, self.version),
        )


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"tb:sel:{_ID}:(?P<ver>\d+):(?P<n>\d)"
):
    """A group of legal actions too many for buttons; each option's value is an action."""

    def __init__(
        self,
        game_id: str,
        version: int,
        number: int,
        placeholder: str = "",
        options: list[tuple[str, str]] | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"tb:sel:{game_id}:{version}:{number}",
                placeholder=placeholder or None,
                options=[
                    discord.SelectOption(label=label, value=value) for label, value in options or []
                ]
                or [discord.SelectOption(label="-", value="-")],
                row=row,
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> ActionSelect:
        """Rebuild the select from its custom_id."""
        return cls(match["gid"], int(match["ver"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the chosen action and refresh the panel."""
        values = (interaction.data or {}).get("values") or [""]
        await guarded(
            interaction,
            self.game_id,
            lambda: _flows().play(interaction, self.game_id, str(values[0]), self.version),
        )


class ExtraSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"tb:x:{_ID}"):
    """Actions outside the turn order that any player may take (thegame's signals)."""

    def __init__(
        self, game_id: str, placeholder: str = "", options: list[tuple[str, str]] | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"tb:x:{game_id}",
                placeholder=placeholder or None,
                options=[
                    discord.SelectOption(label=label, value=value) for label, value in options or []
                ]
                or [discord.SelectOption(label="-", value="-")],
                row=4,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> ExtraSelect:
        """Rebuild the select from its custom_id."""
        return cls(match["gid"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Send the chosen signal."""
        values = (interaction.data or {}).get("values") or [""]
        await guarded(
            interaction,
            self.game_id,
            lambda: _flows().extra(interaction, self.game_id, str(values[0])),
        )


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tb:ok:{_ID}:(?P<what>leave|end)"
):
    """The confirmation of /game leave and /game end."""

    def __init__(self, game_id: str, what: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or what,
                style=discord.ButtonStyle.danger,
                custom_id=f"tb:ok:{game_id}:{what}",
            )
        )
        self.game_id = game_id
        self.what = what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> ConfirmButton:
        """Rebuild the button from its custom_id."""
        return cls(match["gid"], match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Carry out the confirmed leave or end."""
        await guarded(
            interaction,
            self.game_id,
            lambda: _flows().confirmed(interaction, self.game_id, self.what),
        )


class DmToggle(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:dm:(?P<on>[01])"):
    """Turn one's turn DMs on or off."""

    def __init__(self, on: bool, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or ("DM on" if on else "DM off"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"tb:dm:{int(on)}",
            )
        )
        self.on = on

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> DmToggle:
        """Rebuild the button from its custom_id."""
        return cls(match["on"] == "1")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Store the preference and confirm it."""
        lang = language_of(interaction.locale)
        await _runtime(interaction).storage.set_dm_turns(interaction.user.id, self.on)
        await answer(interaction, t(lang, "dm-on" if self.on else "dm-off"))


class ReclaimButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tb:back:{_ID}"):
    """ "Take my seat back" after the AI took it over."""

    def __init__(self, game_id: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Take my seat back",
                style=discord.ButtonStyle.success,
                custom_id=f"tb:back:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> ReclaimButton:
        """Rebuild the button from its custom_id."""
        return cls(match["gid"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Give the seat back to the member who clicked, if it is theirs."""
        await guarded(
            interaction, self.game_id, lambda: _flows().reclaim(interaction, self.game_id)
        )


ITEMS = (
    LobbyButton,
    HandButton,
    ActionButton,
    ActionSelect,
    ExtraSelect,
    ConfirmButton,
    DmToggle,
    ReclaimButton,
)


async def route(interaction: discord.Interaction) -> None:
    """Run the callback of our component that was used; its custom_id says which and for what.

    discord.py's own dispatch of DynamicItems first rebuilds a View of the whole clicked message
    (every row, button and option) only to find that one item. On a busy bot that was a good
    part of each click's time and most of the garbage the collector had to chase.
    """
    if interaction.type is not discord.InteractionType.component:
        return
    custom_id = str((interaction.data or {}).get("custom_id", ""))
    for kind in ITEMS:
        match = kind.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            # Every item rebuilds itself from the custom_id alone; none reads the component.
            item = await kind.from_custom_id(interaction, None, match)  # type: ignore[arg-type]
            try:
                await item.callback(interaction)
            finally:
                _forget_response(interaction)
            return


def _forget_response(interaction: discord.Interaction) -> None:
    """Break the reference cycle between a handled click and its `response`.

    discord.py keeps `interaction.response` in a slot, and the response points back at the
    interaction. The cycle, with the clicked message, its components and the member in it,
    waited for the collector's full passes: about 370 of them a second under load, most of the
    garbage behind 15-40 ms pauses. Without it, reference counting frees a click at once.
    A component interaction is handled only here, so nothing reads the response afterwards.
    """
    with contextlib.suppress(AttributeError):
        del interaction._cs_response  # type: ignore[attr-defined]
