"""Buttons and selects of every game message; a click is routed by its custom_id alone.

A custom_id carries `tb:<kind>:<game id>[:<version>][:<args>]` and nothing secret; who acts is
always `interaction.user`. Each callback maps the click to one runtime call and answers it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine
from types import ModuleType
from typing import Any, ClassVar

import discord
from discord.http import Route
from discord.webhook.async_ import interaction_message_response_params

from bot.i18n import language_of, t
from bot.runtime import GameError
from cogs import callback
from engines.core import IllegalAction

log = logging.getLogger(__name__)

PARTS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "game_id": (r"[0-9a-f]{8}", str),
    "verb": (r"\w+", str),
    "version": (r"\d+", int),
    "action": (r"[\w.~-]+", str),
    "number": (r"\d", int),
    "what": (r"leave|end", str),
    "on": (r"[01]", lambda digit: digit == "1"),
}
"""What each named part of a custom_id may hold, and how it is read back."""
ROWS = 5
"""Action rows of a message, and places in each."""
MAX_COMPONENTS = 25


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
        await _respond(interaction, CHANNEL_MESSAGE, flags=EPHEMERAL, **kwargs)


CHANNEL_MESSAGE = discord.InteractionResponseType.channel_message
MESSAGE_UPDATE = discord.InteractionResponseType.message_update
EPHEMERAL = discord.MessageFlags(ephemeral=True)


async def post(interaction: discord.Interaction, **kwargs: Any) -> int:
    """Answer with a message everyone in the channel sees; returns the message's id."""
    await _claim(interaction)
    data = await _respond(interaction, CHANNEL_MESSAGE, with_response=True, **kwargs)
    message_id = (data or {}).get("interaction", {}).get("response_message_id")
    if message_id is None:  # Discord always names it; asking costs one more request
        return (await interaction.original_response()).id
    return int(message_id)


async def _respond(
    interaction: discord.Interaction,
    kind: discord.InteractionResponseType,
    with_response: bool = False,
    **fields: Any,
) -> Any:
    """The interaction's answer, as discord.py's response would send it, minus the Message.

    discord.py asks Discord to send back the message it made (`with_response`) and builds a
    Message of it, embed and components and all, for every answer. Nothing here reads it:
    ephemeral panels and updated boards are never looked at again. Without the echo, Discord
    answers 204 and the bot parses nothing: about a tenth of a click's time under load. An
    answer `with_response` returns the echo as it came (the callback response's JSON).
    """
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    state = interaction._state
    params = interaction_message_response_params(
        type=kind.value, previous_allowed_mentions=state.allowed_mentions, **fields
    )
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    data = await callback.post(
        route,
        interaction._session,
        interaction.client.keepalive,  # type: ignore[attr-defined]
        params.payload,
        params={"with_response": "1"} if with_response else None,
    )
    response._response_type = kind  # what discord.py's own answer leaves behind
    return data


async def edit_clicked(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Redraw the message whose component was used, also after an early acknowledgement."""
    await _claim(interaction)
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await _respond(interaction, MESSAGE_UPDATE, **kwargs)


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


class Panel(discord.ui.View):
    """The components of one message, as plain dicts: discord.py sends them as they are.

    Our components need none of discord.py's Item machinery: `route` rebuilds the clicked one
    from its custom_id, and a message's view is never kept (it is stopped at birth, so discord.py
    neither stores it nor gives ephemeral ones a 15-minute timer). Building Button and Select
    objects, with their weights and their links back to the view, cost more than the dicts they
    produce, for every board, lobby and panel drawn.
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.stop()
        self._placed: list[tuple[int, dict[str, Any]]] = []
        self._widths = [0] * ROWS

    def add(self, item: Component) -> Panel:
        """Place the item in its row, or in the first row with room (as discord.py does)."""
        if len(self._placed) >= MAX_COMPONENTS:
            raise ValueError("a message holds at most 25 components")
        row = item.row
        if row is None:
            row = next((i for i, w in enumerate(self._widths) if w + item.width <= ROWS), None)
            if row is None:
                raise ValueError("no row has room for the component")
        elif self._widths[row] + item.width > ROWS:
            raise ValueError(f"the component does not fit in row {row}")
        self._widths[row] += item.width
        self._placed.append((row, item.to_component_dict()))
        return self

    def to_components(self) -> list[dict[str, Any]]:
        """Action rows in row order, each with its components in the order they were added."""
        rows: dict[int, list[dict[str, Any]]] = {}
        for row, component in sorted(self._placed, key=lambda placed: placed[0]):
            rows.setdefault(row, []).append(component)
        return [{"type": 1, "components": components} for components in rows.values()]


def _button(
    custom_id: str, label: str, style: discord.ButtonStyle, disabled: bool = False
) -> dict[str, Any]:
    return {
        "type": 2,
        "style": style.value,
        "disabled": disabled,
        "label": label,
        "custom_id": custom_id,
    }


def _select(custom_id: str, placeholder: str, options: list[tuple[str, str]]) -> dict[str, Any]:
    data: dict[str, Any] = {
        "type": 3,
        "custom_id": custom_id,
        "min_values": 1,
        "max_values": 1,
        "disabled": False,
        "required": True,
    }
    if placeholder:
        data["placeholder"] = placeholder
    data["options"] = [
        {"label": label, "value": value, "default": False}
        for label, value in options or [("-", "-")]
    ]
    return data


_PART = re.compile(r"\{(\w+)(?::\w*)?\}")


class Component(ABC):
    """One of our components: its wire form, and what a click on it does.

    A custom_id is all a click brings back. Each kind writes its own once, as `custom_id_format`
    (`tb:act:{game_id}:{version}:{action}`) whose parts are constructor arguments (see PARTS):
    the pattern a click is matched against (`template`) is derived from it, and so is the
    component rebuilt from a match (`from_match`) to run its `callback`.
    """

    custom_id_format: ClassVar[str]
    template: ClassVar[re.Pattern[str]]
    width: ClassVar[int] = 1
    """Of the five places in a row: a button takes one, a select the whole row."""
    row: int | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.template = re.compile(
            _PART.sub(lambda part: f"(?P<{part[1]}>{PARTS[part[1]][0]})", cls.custom_id_format)
        )

    @property
    def custom_id(self) -> str:
        """The custom_id of this component."""
        return self.custom_id_format.format_map(vars(self))

    @abstractmethod
    def to_component_dict(self) -> dict[str, Any]:
        """The component as the Discord API takes it."""

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Component:
        """The component again, from the parts of a clicked custom_id."""
        return cls(**{name: PARTS[name][1](value) for name, value in match.groupdict().items()})

    @abstractmethod
    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer a click on it."""


class LobbyButton(Component):
    """Join / Leave / Add AI / Remove AI / Start / Cancel."""

    custom_id_format = "tb:lobby:{game_id}:{verb}"

    def __init__(
        self,
        game_id: str,
        verb: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        self.game_id, self.verb = game_id, verb
        self.label, self.style, self.disabled = label or verb, style, disabled

    def to_component_dict(self) -> dict[str, Any]:
        """The button."""
        return _button(self.custom_id, self.label, self.style, self.disabled)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the lobby verb and redraw the lobby."""
        await guarded(
            interaction,
            self.game_id,
            lambda: _flows().lobby_click(interaction, self.game_id, self.verb),
        )


class HandButton(Component):
    """ "My hand": a fresh private panel for a seated player."""

    custom_id_format = "tb:hand:{game_id}"

    def __init__(self, game_id: str, label: str = "🂠") -> None:
        self.game_id, self.label = game_id, label

    def to_component_dict(self) -> dict[str, Any]:
        """The button."""
        return _button(self.custom_id, self.label, discord.ButtonStyle.primary)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer with the clicker's own panel."""
        await guarded(
            interaction, self.game_id, lambda: _flows().show_hand(interaction, self.game_id)
        )


class ActionButton(Component):
    """One legal action of a private panel."""

    custom_id_format = "tb:act:{game_id}:{version}:{action}"

    def __init__(
        self, game_id: str, version: int, action: str, label: str = "", row: int | None = None
    ) -> None:
        self.game_id, self.version, self.action = game_id, version, action
        self.label, self.row = label or action, row

    def to_component_dict(self) -> dict[str, Any]:
        """The button."""
        return _button(self.custom_id, self.label, discord.ButtonStyle.secondary)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the action and refresh the panel."""
        await guarded(
            interaction,
            self.game_id,
            lambda: _flows().play(interaction, self.game_id, self.action, self.version),
        )


class ActionSelect(Component):
    """A group of legal actions too many for buttons; each option's value is an action."""

    custom_id_format = "tb:sel:{game_id}:{version}:{number}"
    width = ROWS

    def __init__(
        self,
        game_id: str,
        version: int,
        number: int,
        placeholder: str = "",
        options: list[tuple[str, str]] | None = None,
        row: int | None = None,
    ) -> None:
        self.game_id, self.version, self.number = game_id, version, number
        self.placeholder, self.options, self.row = placeholder, options or [], row

    def to_component_dict(self) -> dict[str, Any]:
        """The select."""
        return _select(self.custom_id, self.placeholder, self.options)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the chosen action and refresh the panel."""
        values = (interaction.data or {}).get("values") or [""]
        await guarded(
            interaction,
            self.game_id,
            lambda: _flows().play(interaction, self.game_id, str(values[0]), self.version),
        )


class ExtraSelect(Component):
    """Actions outside the turn order that any player may take (thegame's signals)."""

    custom_id_format = "tb:x:{game_id}"
    width = ROWS
    row = ROWS - 1

    def __init__(
        self, game_id: str, placeholder: str = "", options: list[tuple[str, str]] | None = None
    ) -> None:
        self.game_id, self.placeholder, self.options = game_id, placeholder, options or []

    def to_component_dict(self) -> dict[str, Any]:
        """The select."""
        return _select(self.custom_id, self.placeholder, self.options)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Send the chosen signal."""
        values = (interaction.data or {}).get("values") or [""]
        await guarded(
            interaction,
            self.game_id,
            lambda: _flows().extra(interaction, self.game_id, str(values[0])),
        )


class ConfirmButton(Component):
    """The confirmation of /game leave and /game end."""

    custom_id_format = "tb:ok:{game_id}:{what}"

    def __init__(self, game_id: str, what: str, label: str = "") -> None:
        self.game_id, self.what, self.label = game_id, what, label or what

    def to_component_dict(self) -> dict[str, Any]:
        """The button."""
        return _button(self.custom_id, self.label, discord.ButtonStyle.danger)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Carry out the confirmed leave or end."""
        await guarded(
            interaction,
            self.game_id,
            lambda: _flows().confirmed(interaction, self.game_id, self.what),
        )


class DmToggle(Component):
    """Turn one's turn DMs on or off."""

    custom_id_format = "tb:dm:{on:d}"

    def __init__(self, on: bool, label: str = "") -> None:
        self.on, self.label = on, label or ("DM on" if on else "DM off")

    def to_component_dict(self) -> dict[str, Any]:
        """The button."""
        return _button(self.custom_id, self.label, discord.ButtonStyle.secondary)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Store the preference and confirm it."""
        lang = language_of(interaction.locale)
        await _runtime(interaction).storage.set_dm_turns(interaction.user.id, self.on)
        await answer(interaction, t(lang, "dm-on" if self.on else "dm-off"))


class ReclaimButton(Component):
    """ "Take my seat back" after the AI took it over."""

    custom_id_format = "tb:back:{game_id}"

    def __init__(self, game_id: str, label: str = "") -> None:
        self.game_id, self.label = game_id, label or "Take my seat back"

    def to_component_dict(self) -> dict[str, Any]:
        """The button."""
        return _button(self.custom_id, self.label, discord.ButtonStyle.success)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Give the seat back to the member who clicked, if it is theirs."""
        await guarded(
            interaction, self.game_id, lambda: _flows().reclaim(interaction, self.game_id)
        )


ITEMS: tuple[type[Component], ...] = (
    LobbyButton,
    HandButton,
    ActionButton,
    ActionSelect,
    ExtraSelect,
    ConfirmButton,
    DmToggle,
    ReclaimButton,
)


_GAME_CLICK = re.compile(rf"tb:\w+:(?P<game_id>{PARTS['game_id'][0]})")


def game_of(custom_id: str) -> str | None:
    """The game a component belongs to, from its custom_id (None if it is no game's)."""
    match = _GAME_CLICK.match(custom_id)
    return None if match is None else match["game_id"]


async def route(interaction: discord.Interaction) -> None:
    """Run the callback of our component that was used; its custom_id says which and for what.

    discord.py's own dispatch of DynamicItems first rebuilds a View of the whole clicked message
    (every row, button and option) only to find that one item.
    """
    if interaction.type is not discord.InteractionType.component:
        return
    custom_id = str((interaction.data or {}).get("custom_id", ""))
    for kind in ITEMS:
        match = kind.template.fullmatch(custom_id)
        if match is not None:
            try:
                await kind.from_match(match).callback(interaction)
            finally:
                _forget_response(interaction)
            return


def _forget_response(interaction: discord.Interaction) -> None:
    """Break the reference cycle between a handled click and its `response`.

    discord.py keeps `interaction.response` in a slot, and the response points back at the
    interaction. The cycle, with the member and the interaction's data in it, waited for the
    collector's full passes: about 370 of them a second under load, most of the
    garbage behind 15-40 ms pauses. Without it, reference counting frees a click at once.
    A component interaction is handled only here, so nothing reads the response afterwards.
    """
    with contextlib.suppress(AttributeError):
        del interaction._cs_response  # type: ignore[attr-defined]
