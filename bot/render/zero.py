"""Text of Zero: the market, passes and last turns, hands with cancelled cards, round scores."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from bot.i18n import t
from bot.render.base import Step, first_place_tiebreak
from engines.core import Event, Outcome
from engines.zero import View
from engines.zero.models import GROUP, colour_of, value_of
from engines.zero.scoring import cancelled, group_sizes, is_zero

COLOURS = ("🟥", "🟧", "🟨", "🟩", "🟦", "🟪", "🟫")
"""Colours A-G of the rules file (their names have no effect on play, C1)."""


def card(c: int) -> str:
    """`🟥5`: the colour square and the value."""
    return f"{COLOURS[colour_of(c)]}{value_of(c)}"


def cards_text(hand: Sequence[int]) -> str:
    """A hand grouped by colour, cancelled cards struck through: `🟥1 🟥3 · ~~🟦5~~`."""
    dead = cancelled(hand)
    groups: dict[int, list[str]] = {}
    for c in sorted(hand):
        text = f"~~{card(c)}~~" if c in dead else card(c)
        groups.setdefault(colour_of(c), []).append(text)
    return " · ".join(" ".join(g) for g in groups.values()) or "—"


def _market(view: View, lang: str) -> str:
    return t(lang, "zero-market", cards=" ".join(card(c) for c in view.market) or "—")


def _header(view: View, lang: str) -> str:
    return t(lang, "zero-round", round=view.round, rounds=view.rounds)


def _passes(view: View, who: Sequence[str], lang: str) -> str:
    """The pass count, or who is still owed a last turn (R8)."""
    if view.trigger is None:
        return t(lang, "zero-passes", count=view.passes)
    left = [view.turn, *view.final_turns_left] if view.phase != "over" else []
    return t(
        lang,
        "zero-last-turns",
        who=who[view.trigger],
        left=" → ".join(who[s] for s in left) or "—",
    )


def _rounds(view: View, seat: int) -> str:
    """`12 + 0 = **12**`, or just `**0**` before the first round is scored."""
    total = f"**{view.totals[seat]}**"
    if not view.round_scores:
        return total
    parts = []
    for number, scores in enumerate(view.round_scores):
        mark = " 🎉" if view.zero_by[number] == seat else ""
        parts.append(f"{scores[seat]}{mark}")
    return " + ".join(parts) + f" = {total}"


def board(view: View, names: list[str], lang: str) -> list[str]:
    """Round, market (and a card just laid), passes or last turns, every player's scores and,
    while the round runs, how many cards each holds."""
    bold = [f"**{n}**" for n in names]
    lines = [_header(view, lang)]
    if view.phase != "over":
        lines.append(_market(view, lang))
        if view.laid is not None:
            lines.append(t(lang, "zero-laid", who=bold[view.turn], card=card(view.laid)))
        lines.append(_passes(view, bold, lang))
        lines.append(t(lang, "zero-unused", count=view.unused_count))
    lines += ["", t(lang, "zero-scores-title")]
    for seat, name in enumerate(bold):
        line = f"{name} — {_rounds(view, seat)}"
        if view.phase != "over":
            line += " · " + t(lang, "zero-hand-size", count=view.hand_counts[seat])
        lines.append(line)
    if view.phase == "over" and view.shown:
        lines += ["", t(lang, "zero-last-hands")]
        lines += [
            f"{name}: {cards_text(hand)}" for name, hand in zip(bold, view.shown, strict=True)
        ]
    return lines


@lru_cache(maxsize=4096)
def _own_cards(hand: tuple[int, ...], lang: str) -> tuple[str, ...]:
    """The seat's cards, its largest colour and value groups, and what struck cards mean.

    Remembered: a hand changes only on its own seat's moves, and the panels drawn in between
    (the turn DM, "My hand") show it again.
    """
    lines = [t(lang, "zero-your-cards", cards=cards_text(hand))]
    if hand:
        colours, values = group_sizes(hand)
        n_colour, n_value = max(colours), max(values)
        # Five of each (sharing a card) is a Zero.
        lines.append(
            t(
                lang,
                "zero-groups",
                colour=COLOURS[colours.index(n_colour)],
                colours=n_colour,
                value=values.index(n_value) + 1,
                values=n_value,
            )
        )
        if n_colour >= GROUP or n_value >= GROUP:
            lines.append(t(lang, "zero-struck"))
    return tuple(lines)


def _todo(view: View, lang: str) -> list[str]:
    """What the seat should do now: give (step 1), take (step 2), pass or call Zero."""
    seat = view.seat
    if view.phase == "over" or seat is None or seat not in view.to_act:
        return []
    lines = []
    if view.trigger is not None:
        lines.append(t(lang, "zero-your-last-turn"))
    if view.phase == "take":
        assert view.laid is not None
        lines.append(t(lang, "zero-now-take", card=card(view.laid)))
        return lines
    if is_zero(view.hand):
        lines.append(t(lang, "zero-you-have-zero"))
        if not view.options.zero_optional:
            return lines  # R11: the Zero is called at once, there is nothing else to do
    lines.append(t(lang, "zero-now-give"))
    if view.trigger is None:
        lines.append(t(lang, "zero-pass-hint", count=view.passes))
    return lines


def hand(view: View, names: list[str], lang: str) -> list[str]:
    """The market, the seat's own cards and hand score, its totals and the step to take now."""
    seat = view.seat
    assert seat is not None
    names = [t(lang, "zero-you") if s == seat else name for s, name in enumerate(names)]
    lines = [_header(view, lang), _market(view, lang)]
    if view.laid is not None and view.turn != seat:
        lines.append(t(lang, "zero-laid", who=names[view.turn], card=card(view.laid)))
    if view.phase != "over":
        lines.append(_passes(view, names, lang))
    lines += ["", *_own_cards(view.hand, lang)]
    if view.laid is None or view.turn != seat:
        # Mid-exchange the hand holds 8 cards, so its score would mislead.
        lines.append(t(lang, "zero-your-score", score=view.hand_score or 0))
    lines.append(t(lang, "zero-your-total", rounds=_rounds(view, seat)))
    todo = _todo(view, lang)
    if todo:
        lines += ["", *todo]
    return lines


def sits_out(view: View) -> bool:
    """Every seat plays to the end of the game."""
    return False


def revealed(view: View, lang: str) -> list[str]:
    """The seat's cards (struck when cancelled) and what they would score; nothing once the
    game is over, when the board shows every hand."""
    if view.phase == "over":
        return []
    lines = [t(lang, "zero-seat-cards", cards=cards_text(view.hand))]
    if view.laid is None or view.turn != view.seat:
        lines.append(t(lang, "zero-seat-score", score=view.hand_score or 0))  # as in `hand`
    return lines


def label(action: Any, lang: str) -> str:
    """`Give 🟥5`, `Take 🟦3`, `Take 🟦3 and call ZERO! 🎉`, `Pass`, `Call ZERO!`."""
    if action.kind == "give":
        return t(lang, "zero-do-give", card=card(action.card))
    if action.kind == "take":
        key = "zero-do-take-zero" if action.declare else "zero-do-take"
        return t(lang, key, card=card(action.card))
    if action.kind == "pass":
        return t(lang, "zero-do-pass")
    return t(lang, "zero-do-zero")


def group(action: Any) -> str:
    """Giving and taking are groups of card choices; pass and Zero are buttons among the rest."""
    return str(action.kind) if action.kind in ("give", "take") else ""


def step(action: Any, view: Any, lang: str) -> Step | None:
    """Every action is a single click."""
    return None


def _round_end(p: dict[str, Any], names: list[str], lang: str) -> str:
    scores: list[int] = p["scores"]
    zero_by = p["zero_by"]
    how = (
        t(lang, "zero-ev-ended-by-zero", who=names[zero_by])
        if zero_by is not None
        else t(lang, "zero-ev-ended-by-passes")
    )
    lines = [t(lang, "zero-ev-round-end", round=p["round"], rounds=len(scores), how=how)]
    for seat, name in enumerate(names):
        points = t(lang, "score-points", points=scores[seat])
        lines.append(f"**{name}** — {points}: {cards_text(p['shown'][seat])}")
    totals = " · ".join(f"{name} {total}" for name, total in zip(names, p["totals"], strict=True))
    lines.append(t(lang, "zero-ev-totals", totals=totals))
    return "\n".join(lines)


def event(event: Event, names: list[str], lang: str) -> str | None:
    """One line per public event worth reading (a round's end lists every hand)."""
    p = event.params
    who = f"**{names[event.seat]}**" if event.seat is not None else ""
    kind = event.kind.removeprefix("zero.")
    if kind == "take":
        return t(lang, "zero-ev-exchange", who=who, gave=card(p["gave"]), took=card(p["card"]))
    if kind == "pass":
        if p["triggers"]:
            left = " → ".join(names[s] for s in p["final_turns"])
            return t(lang, "zero-ev-pass-trigger", who=who, left=left)
        if p["passes"] == 1:
            return t(lang, "zero-ev-pass-first", who=who)
        return t(lang, "zero-ev-pass-late", who=who)
    if kind == "zero":
        return t(lang, "zero-ev-zero", who=who)
    if kind == "round_end":
        return _round_end(p, names, lang)
    if kind == "round_start":
        market = " ".join(card(c) for c in p["market"])
        return t(
            lang,
            "zero-ev-round-start",
            round=p["round"],
            who=f"**{names[p['first_player']]}**",
            market=market,
        )
    if kind == "game_over":
        winners = ", ".join(f"**{names[s]}**" for s in p["winners"])
        best = min(p["totals"])
        return t(lang, "zero-ev-game-over", winners=winners, count=len(p["winners"]), points=best)
    return None  # zero.give: the board shows the laid card until the take completes the exchange


def announce(event: Event) -> bool:
    """A Zero, a round's end with every score and hand, and the next round's start."""
    return event.kind in ("zero.zero", "zero.round_end", "zero.round_start")


def tiebreak_lines(outcome: Outcome, options: Any, names: list[str], lang: str) -> list[str]:
    """The rule that separated equal scores for first place, if one was needed."""
    return first_place_tiebreak("zero", outcome, lang)
