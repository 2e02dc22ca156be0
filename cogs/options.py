"""Game options on Discord: the text form of /newgame (read back, and suggested while typed) and
the selects and toggles with which the lobby and /config change them.

Nothing here knows a game: the options, their values and what fits come from the engine
(`engines.options`), their words from `bot.variants`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.i18n import LANGUAGES
from bot.runtime import GameError
from bot.text import shown
from bot.variants import (
    field_of,
    fields,
    key_word,
    option_name,
    pair,
    typed_example,
    value_label,
    value_word,
)
from cogs.panel import BUTTONS_PER_ROW, rows_needed
from cogs.views import ROWS
from engines.options import GameOptions, OptionField, OptionValue, fitted, offered

CHOICES = 25
"""Suggestions Discord shows at most for an autocompleted option."""
TEXT_LIMIT = 100
"""Discord's limit for a suggestion's name and value, a select option's label and value."""

Item = discord.ui.Item[Any]
ToggleFactory = Callable[[str, bool, str, bool, bool], Item]
"""Builds a toggle: (option, value it sets, label, on now, disabled)."""
SelectFactory = Callable[[str, str, list[discord.SelectOption], bool], Item]
"""Builds a select: (option, placeholder, its options, disabled)."""


def encode(value: OptionValue) -> str:
    """A value as a select option carries it."""
    if value is None:
        return "_"
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def decode(slug: str, option: str, text: str) -> tuple[OptionField, OptionValue]:
    """The option and value a component sent; a refusal for anything the option does not have."""
    try:
        field = field_of(slug, option)
    except KeyError:
        raise GameError("error-unexpected") from None
    for value in field.values:
        if encode(value) == text:
            return field, value
    raise GameError("error-unexpected")


def _normal(word: str) -> str:
    return word.casefold().replace("ё", "е")


def _field_named(slug: str, word: str) -> OptionField | None:
    """The option a typed name means, in either language (or as the game's own field name)."""
    typed = _normal(word)
    for field in fields(slug):
        words = {field.name, *(key_word(slug, field, lang) for lang in LANGUAGES)}
        if typed in {_normal(w) for w in words}:
            return field
    return None


def _values_named(slug: str, field: OptionField, word: str) -> list[OptionValue]:
    typed = _normal(word)
    return [
        value
        for value in field.values
        if typed in {_normal(value_word(slug, field, value, lang)) for lang in LANGUAGES}
    ]


def parse_options(slug: str, text: str | None, lang: str) -> dict[str, OptionValue]:
    """`эксперт=да start_seat=2` -> {"expert": True, "start_seat": 1}: names and values in
    either language (seats from 1); a refusal names what would be valid."""
    changes: dict[str, OptionValue] = {}
    for part in (text or "").replace(",", " ").split():
        key, sep, raw = part.partition("=")
        if not sep or not key or not raw:
            raise GameError(
                "error-options-syntax", part=shown(part), example=typed_example(slug, lang)
            )
        field = _field_named(slug, key)
        if field is None:
            names = ", ".join(key_word(slug, f, lang) for f in fields(slug))
            raise GameError("error-option-unknown", option=shown(key), names=names)
        values = _values_named(slug, field, raw)
        if not values:
            raise GameError(
                "error-option-invalid",
                option=option_name(slug, field, lang),
                value=shown(raw),
                values=", ".join(value_word(slug, field, v, lang) for v in field.values),
            )
        if changes.get(field.name, values[0]) != values[0]:
            # Named twice (in both languages, say), one value would silently win.
            raise GameError("error-option-twice", option=option_name(slug, field, lang))
        changes[field.name] = values[0]
    return changes


def resolve(
    slug: str, base: GameOptions, changes: dict[str, OptionValue], lang: str
) -> GameOptions:
    """`base` with the typed changes, or a refusal naming them when they do not go together."""
    if not changes:
        return base
    result = fitted(base, changes)
    if result is None:
        typed = [pair(slug, field_of(slug, name), v, lang) for name, v in changes.items()]
        if len(changes) == 1 and (needs := _needs(slug, base, changes, lang)):
            raise GameError("error-option-needs", option=typed[0], needs=needs)
        raise GameError("error-options-clash", options=", ".join(typed))
    return result


def _needs(slug: str, base: GameOptions, changes: dict[str, OptionValue], lang: str) -> str:
    """Another option's value with which the one typed change fits `base` (a goal count needs
    goals turned on), as typed; "" when none does."""
    (name,) = changes
    tries = [
        (other, value)
        for other in fields(slug)
        if other.name != name
        for value in other.values
        if value != getattr(base, other.name)
    ]
    for other, value in tries:
        if fitted(base, {other.name: value, **changes}) is not None:
            return pair(slug, other, value, lang)
    return ""


def suggestions(slug: str, current: str, lang: str, base: GameOptions) -> list[tuple[str, str]]:
    """What /newgame suggests while `options` is typed: (what it says, the text it puts there).

    The last word typed is completed: an option's name into every `name=value` it allows, or
    the value after `name=`. Options typed already are not suggested again, nor a value that
    would not go with them on `base` (the server's options): /newgame would refuse it.
    """
    # A comma parts options as a space does (parse_options); what was typed before stays as is.
    cut = max(current.rfind(" "), current.rfind(","))
    head, last = current[: max(cut, 0)], current[cut + 1 :]
    typed = {_field_named(slug, part.partition("=")[0]) for part in head.replace(",", " ").split()}
    try:
        chosen = parse_options(slug, head, lang)
    except GameError:
        chosen = {}  # /newgame will say what is wrong there; suggest as if it were not typed
    key, sep, start = last.partition("=")
    named = _field_named(slug, key) if sep else None
    found: list[tuple[str, str]] = []
    for field in fields(slug):
        if field in typed or (sep and field != named):
            continue
        words = (field.name, key_word(slug, field, lang))
        if not sep and not any(_normal(w).startswith(_normal(key)) for w in words):
            continue
        for value in field.values:
            if not _normal(value_word(slug, field, value, lang)).startswith(_normal(start)):
                continue
            if fitted(base, {**chosen, field.name: value}) is None:
                continue
            text = f"{head} {pair(slug, field, value, lang)}".strip()
            if len(text) > TEXT_LIMIT:
                continue
            # Cut to Discord's length, the option's name gives way: the value it sets stays.
            said = f": {value_label(slug, field, value, lang)}"
            name = option_name(slug, field, lang)
            room = TEXT_LIMIT - len(f"{text} — {said}")
            if len(name) > room:
                name = name[: max(room - 1, 0)] + "…"
            found.append((f"{text} — {name}{said}"[:TEXT_LIMIT], text))
    return found[:CHOICES]


def controls(
    slug: str,
    options: GameOptions,
    players: int | None,
    lang: str,
    toggle: ToggleFactory,
    select: SelectFactory,
) -> tuple[list[Item], list[Item]]:
    """A toggle for every on/off option and a select for every other, offering only the values
    that fit the others and `players`; a value that cannot be chosen now is not offered."""
    toggles: list[Item] = []
    selects: list[Item] = []
    for field in fields(slug):
        current = getattr(options, field.name)
        allowed = offered(options, field.name, players)
        name = option_name(slug, field, lang)
        if field.toggle:
            on = bool(current)
            label = f"{'✅' if on else '⬜'} {name}"[:80]
            toggles.append(toggle(field.name, not on, label, on, (not on) not in allowed))
            continue
        choices = [
            discord.SelectOption(
                label=f"{name}: {value_label(slug, field, value, lang)}"[:TEXT_LIMIT],
                value=encode(value),
                default=value == current,
            )
            for value in allowed or [current]
        ]
        # Locked only with nothing else to choose: a value that no longer fits (the seat to
        # play first has left) must stay open to change.
        locked = not [value for value in allowed if value != current]
        selects.append(select(field.name, f"{name}…"[:150], choices, locked))
    return toggles, selects


def arrange(buttons: list[list[Item]], selects: list[Item]) -> list[Item]:
    """Buttons five to a row, each group on rows of its own where the message has room, then
    one select a row."""
    apart = sum(rows_needed(len(group), BUTTONS_PER_ROW) for group in buttons)
    if apart + len(selects) > ROWS:
        buttons = [[button for group in buttons for button in group]]
    items: list[Item] = []
    row = 0
    for group in buttons:
        for index, button in enumerate(group):
            button.row = row + index // BUTTONS_PER_ROW
            items.append(button)
        row += rows_needed(len(group), BUTTONS_PER_ROW)
    for menu in selects:
        menu.row = row
        row += 1
        items.append(menu)
    return items
