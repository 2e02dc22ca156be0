"""Where a private panel puts a seat's legal actions, so that a turn takes few clicks.

A button is one click, a select two (open it, pick), so actions are buttons wherever the rows
allow and a group becomes a select only when it is too large. An action the renderer splits in
two (`Step`: The Game's card, then its pile) is two buttons. A seat with a single legal action
that shows nothing hidden gets it as one prominent button saying why it is the only one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from bot.i18n import has, t
from bot.render import renderer
from engines.core import encode_action

BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
"""Options of one select."""

Style = Literal["primary", "secondary", "success"]


@dataclass(frozen=True)
class Slot:
    """One component of the panel: an action's button, a pick's button, or a select."""

    kind: Literal["act", "pick", "select"]
    row: int
    label: str = ""
    value: str = ""
    """act: the encoded action; pick: the step's key."""
    style: Style = "secondary"
    choices: tuple[tuple[str, str], ...] = ()
    """select: (label, encoded action) of each option."""
    placeholder: str = ""


@dataclass
class _Group:
    """Actions offered together: as buttons, or (when `menu`) as selects of 25."""

    name: str
    entries: list[tuple[str, str]] = field(default_factory=list)
    menu: bool = False

    def rows(self) -> int:
        return rows_needed(len(self.entries), MAX_OPTIONS if self.menu else BUTTONS_PER_ROW)


def rows_needed(count: int, per_row: int) -> int:
    """Rows that `count` items take, `per_row` to a row."""
    return -(-count // per_row)


@lru_cache(maxsize=8192)
def option(slug: str, action: Any, lang: str) -> tuple[str, str]:
    """An action's label and its custom_id form (actions are immutable, so both are kept)."""
    return renderer(slug).label(action, lang), encode_action(action)


def forced_label(slug: str, action: Any, lang: str) -> str:
    """Why the seat's only move is the only one, and what it is."""
    if has(lang, key := f"forced-{slug}-{action.kind}"):
        return t(lang, key)
    return t(lang, "forced", move=renderer(slug).label(action, lang))


def plan(
    slug: str,
    view: Any,
    legal: list[Any],
    picked: str | None,
    rows: int,
    lang: str,
    beside: int = 0,
) -> list[Slot]:
    """The components for `legal` on at most `rows` rows; `picked`: the step chosen first.

    The lone buttons (end the turn, pass) never give way to the rest: they sit on the last row,
    with the panel's own `beside` buttons (Undo, the turn DM's), which the caller puts there.
    """
    render = renderer(slug)
    if len(legal) == 1 and not type(legal[0]).reveals:
        only = legal[0]
        return [
            Slot("act", 0, forced_label(slug, only, lang), option(slug, only, lang)[1], "success")
        ]
    picks: dict[str, str] = {}
    second: list[tuple[str, str]] = []
    groups: dict[str, _Group] = {}
    for action in legal:
        step = render.step(action, view, lang)
        if step is not None:
            picks.setdefault(step.key, step.first)
            if step.key == picked:
                second.append((step.second, encode_action(action)))
            continue
        name = render.group(action)
        groups.setdefault(name, _Group(name)).entries.append(option(slug, action, lang))
    lone = groups.pop("", _Group("")).entries
    # The rows above the last one, or all of them when no button needs the last.
    last = rows - 1 if lone or beside else rows
    ordered = list(groups.values())
    fixed = rows_needed(len(picks), BUTTONS_PER_ROW) + rows_needed(len(second), BUTTONS_PER_ROW)
    while fixed + sum(g.rows() for g in ordered) > last:
        # The group of buttons on the most rows becomes a select: that saves the most rows.
        wide = [g for g in ordered if not g.menu and g.rows() > 1]
        if not wide:
            break
        max(wide, key=_Group.rows).menu = True
    slots: list[Slot] = []
    row = _buttons(slots, "pick", [(first, key) for key, first in picks.items()], 0, picked)
    row = _buttons(slots, "act", second, row, None)
    for group in ordered:
        if group.menu:
            row = _menus(slots, slug, group, row, lang)
        else:
            room = max(last - row, 0) * BUTTONS_PER_ROW
            row = _buttons(slots, "act", group.entries[:room], row, None)
    _buttons(slots, "act", lone, last, None)
    return slots


def _buttons(
    slots: list[Slot],
    kind: Literal["act", "pick"],
    entries: list[tuple[str, str]],
    row: int,
    lit: str | None,
) -> int:
    for index, (label, value) in enumerate(entries):
        style: Style = "primary" if value == lit else "secondary"
        slots.append(Slot(kind, row + index // BUTTONS_PER_ROW, label, value, style))
    return row + rows_needed(len(entries), BUTTONS_PER_ROW)


def _menus(slots: list[Slot], slug: str, group: _Group, row: int, lang: str) -> int:
    placeholder = t(lang, f"group-{slug}-{group.name}")
    parts = group.rows()
    for part in range(parts):
        chunk = tuple(group.entries[part * MAX_OPTIONS : (part + 1) * MAX_OPTIONS])
        if parts > 1:  # two selects of one group must not look the same
            shown = t(lang, "group-part", group=placeholder, part=part + 1, parts=parts)
        else:
            shown = placeholder
        slots.append(Slot("select", row, choices=chunk, placeholder=shown))
        row += 1
    return row
