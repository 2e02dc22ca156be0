"""A game's options in players' words: names, values, the text form's words, and why a choice
does not fit the players.

Which values exist comes from the engine (`engines.options`); this module only words them, from
the catalogues: `opt-<slug>-<option>` names an option, `optval-<slug>-<option>-<value>` a value
that is not a plain number or yes/no, and `optkey-…` / `optword-…` are the words of the text
form (`expert=yes`, «эксперт=да»). Seats are counted from 1, as players count them.
"""

from __future__ import annotations

from typing import Any

import engines
from bot.i18n import has, t
from engines.options import GameOptions, Misfit, OptionField, OptionValue, fitted, option_fields


def fields(slug: str) -> tuple[OptionField, ...]:
    """Every option of a game, in the order the game declares them."""
    return option_fields(engines.game(slug).SPEC.Options)


def field_of(slug: str, name: str) -> OptionField:
    """One option of a game (KeyError for a name the game does not have)."""
    for field in fields(slug):
        if field.name == name:
            return field
    raise KeyError(name)


def option_name(slug: str, field: OptionField, lang: str) -> str:
    """`Expert: at least three cards a turn`."""
    return t(lang, f"opt-{slug}-{field.name}")


def value_label(slug: str, field: OptionField, value: OptionValue, lang: str) -> str:
    """A value as the lobby shows it: `yes`, `seat 2`, `drawn by lot`, `12`."""
    if has(lang, key := f"optval-{slug}-{field.name}-{value}"):
        return t(lang, key)
    if isinstance(value, bool):
        return t(lang, "yes" if value else "no")
    if field.seat and isinstance(value, int):
        return t(lang, "option-seat", number=value + 1)
    return str(value)


def key_word(slug: str, field: OptionField, lang: str) -> str:
    """The option's name in the text form: `expert`, «эксперт»."""
    return t(lang, f"optkey-{slug}-{field.name}")


def value_word(slug: str, field: OptionField, value: OptionValue, lang: str) -> str:
    """A value in the text form: `yes`, `2` (a seat, from 1), `per_round`, «каждый_раунд»."""
    if isinstance(value, bool):
        return t(lang, "optword-yes" if value else "optword-no")
    if isinstance(value, int):
        return str(value + 1 if field.seat else value)
    return t(lang, f"optword-{slug}-{field.name}-{value}")


def pair(slug: str, field: OptionField, value: OptionValue, lang: str) -> str:
    """`expert=yes`."""
    return f"{key_word(slug, field, lang)}={value_word(slug, field, value, lang)}"


def values_text(slug: str, field: OptionField, lang: str) -> str:
    """Every value of an option, a long run of numbers as its ends: `seat 1 – seat 5`."""
    labels = [value_label(slug, field, value, lang) for value in field.values]
    numbers = [
        i for i, v in enumerate(field.values) if isinstance(v, int) and not isinstance(v, bool)
    ]
    if len(numbers) > 4:
        run = f"{labels[numbers[0]]} – {labels[numbers[-1]]}"
        labels = [label for i, label in enumerate(labels) if i not in numbers]
        labels.append(run)
    return " / ".join(labels)


def misfit_text(slug: str, misfit: Misfit, lang: str) -> str:
    """Why a choice does not fit the players, naming the option as players know it."""
    field = field_of(slug, misfit.option)
    params: dict[str, Any] = dict(misfit.params)
    if misfit.code == "seat":
        params["seat"] = misfit.params["seat"] + 1
    return t(lang, f"misfit-{misfit.code}", option=option_name(slug, field, lang), **params)


def lines(slug: str, options: GameOptions, players: int | None, lang: str) -> list[str]:
    """Every option and its value, then what does not fit `players` players (if given)."""
    shown = [
        f"• {option_name(slug, f, lang)}: **{value_label(slug, f, getattr(options, f.name), lang)}**"
        for f in fields(slug)
    ]
    if players is not None:
        shown += [f"⚠️ {misfit_text(slug, m, lang)}" for m in options.misfits(players)]
    return shown


def rules_lines(slug: str, lang: str) -> list[str]:
    """What /rules lists of a game's variants: each option, its values, and how to type it."""
    return [
        f"• **{option_name(slug, field, lang)}**: {values_text(slug, field, lang)} · "
        f"`{_typed(slug, field, lang)}`"
        for field in fields(slug)
    ]


def typed_example(slug: str, lang: str) -> str:
    """How a game's first option is typed in /newgame, for a refusal to show the way."""
    return _typed(slug, fields(slug)[0], lang)


def _typed(slug: str, field: OptionField, lang: str) -> str:
    return " ".join(pair(slug, f, value, lang) for f, value in _example(slug, field))


def _example(slug: str, field: OptionField) -> list[tuple[OptionField, OptionValue]]:
    """The fewest changes that take `field` off its default and that /newgame accepts on the
    game's defaults: its own value, or with the option it depends on (a goal count needs goals
    turned on)."""
    base = engines.game(slug).SPEC.Options()
    values = [value for value in field.values if value != field.default]
    tries = [[(field, value)] for value in values] + [
        [(other, other_value), (field, value)]
        for other in fields(slug)
        if other != field
        for other_value in other.values
        if other_value != other.default
        for value in values
    ]
    for changes in tries:
        if fitted(base, {f.name: value for f, value in changes}) is not None:
            return changes
    raise ValueError(f"no value of {slug}'s {field.name} can be chosen on its own")
