"""Text of Hourglass: the three +/− sets, hands, collected piles, hourglass totals, round ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import t
from bot.render.base import Step, first_place_tiebreak
from engines.core import Event, Outcome
from engines.hourglass import CardSet, View, after_round, may_open
from engines.hourglass.models import COLOUR, HOURGLASSES, VALUE

SUITS = {"red": "🟥", "purple": "🟪", "joker": "🃏"}
SET_NUMBERS = ("1️⃣", "2️⃣", "3️⃣")


def card(c: int, bold: bool = False) -> str:
    """`🟥5`, `🟪25`, `🃏3` (value in bold on boards)."""
    value = f"**{VALUE[c]}**" if bold else str(VALUE[c])
    return f"{SUITS[COLOUR[c]]}{value}"


def worth(c: int) -> str:
    """A card with its hourglasses: `🟥13 (⏳3)`."""
    return f"{card(c)} (⏳{HOURGLASSES[c]})"


def set_name(holder: int) -> str:
    """`1️⃣`: the holder a set stands in, numbered as on the board."""
    return SET_NUMBERS[holder]


def direction(ascending: bool) -> str:
    """`⬆️ +` for an ascending set, `⬇️ −` for a descending one."""
    return "⬆️ +" if ascending else "⬇️ −"


def _sets(view: View, owner: Callable[[int], str], lang: str, opens: bool = True) -> list[str]:
    """Each holder's set, or that it is empty: where a set can be opened, unless the reader
    may not (`opens`: the literal reading of A1)."""
    empty = "hourglass-empty-holder" if opens else "hourglass-empty-holder-closed"
    lines = []
    for holder, s in enumerate(view.holders):
        if s is None:
            lines.append(t(lang, empty, set=set_name(holder)))
        else:
            lines.append(_set_line(holder, s, owner(s.owner), lang))
    return lines


def _set_line(holder: int, s: CardSet, owner: str, lang: str) -> str:
    under = len(s.cards) - 1
    return t(
        lang,
        "hourglass-set",
        set=set_name(holder),
        direction=direction(s.ascending),
        top=card(s.top, bold=True),
        under=" " + t(lang, "hourglass-under", count=under) if under else "",
        hourglasses=sum(HOURGLASSES[c] for c in s.cards),
        owner=owner,
    )


def _header(view: View, lang: str) -> str:
    twice = view.options.deck_twice
    if twice or (twice is None and view.players == 5):
        deck = t(lang, "hourglass-deck-pass", count=view.deck_count, current=view.deck_pass)
    else:
        deck = t(lang, "hourglass-deck", count=view.deck_count)
    return t(lang, "hourglass-round", round=view.round) + " · " + deck


def _rounds(scores: tuple[int | None, ...]) -> str:
    return " + ".join(str(s) for s in scores)


def board(view: View, names: list[str], lang: str) -> list[str]:
    """Round and deck, the three holders, then every player's hand, pile and visible score."""
    lines = [_header(view, lang)]
    if not view.finished:
        lines += _sets(view, lambda seat: f"**{names[seat]}**", lang)
    lines.append("")
    for seat, name in enumerate(names):
        line = t(
            lang,
            "hourglass-player",
            name=name,
            hand=t(lang, "hourglass-cards", count=view.hand_counts[seat]),
            collected=t(lang, "hourglass-cards", count=view.pile_counts[seat]),
        )
        score = view.scores[seat]
        if score is not None:
            line += f" · ⏳ **{score}**"
            if len(view.round_scores) > 1:
                line += f" ({_rounds(tuple(r[seat] for r in view.round_scores))})"
        lines.append(line)
    if not view.options.open_scores and not view.finished:
        lines.append(t(lang, "hourglass-scores-hidden"))
    return lines


def _collected(cards: tuple[int, ...]) -> str:
    by_colour: dict[str, list[str]] = {}
    for c in cards:
        by_colour.setdefault(COLOUR[c], []).append(str(VALUE[c]))
    return " · ".join(f"{SUITS[colour]} {' '.join(v)}" for colour, v in by_colour.items())


def hand(view: View, names: list[str], lang: str) -> list[str]:
    """The sets (who owns each), the seat's cards with their hourglasses, its own score."""
    seat = view.seat
    assert seat is not None

    def owner(who: int) -> str:
        if who == seat:
            return t(lang, "hourglass-owner-you")
        return names[who]

    cards = " · ".join(worth(c) for c in view.hand)
    lines = [_header(view, lang)]
    if not view.finished:
        lines += _sets(view, owner, lang, may_open(view.holders, view.options, seat))
    lines.append("")
    lines.append(t(lang, "hourglass-your-cards", cards=cards or "—"))
    if not view.finished:
        ahead = after_round(view)
        key = "hourglass-turns-left" if ahead == "refill" else f"hourglass-turns-left-{ahead}"
        lines.append(t(lang, key, count=max(len(view.hand) - 2, 0)))
    score = view.scores[seat]
    line = t(lang, "hourglass-your-score", score=score if score is not None else 0)
    if len(view.round_scores) > 1:
        line += f" ({_rounds(tuple(r[seat] for r in view.round_scores))})"
    lines.append(line)
    if view.collected:
        lines.append(t(lang, "hourglass-out-of-play", cards=_collected(view.collected)))
    return lines


def sits_out(view: View) -> bool:
    """Every seat plays to the end of the game."""
    return False


def revealed(view: View, lang: str) -> list[str]:
    """The seat's cards with their hourglasses, and its hourglasses, secret until the end."""
    seat = view.seat
    assert seat is not None
    cards = " · ".join(worth(c) for c in view.hand) or "—"
    lines = [t(lang, "hourglass-seat-cards", cards=cards)]
    if not view.finished:  # once it is, the board shows every score
        score = view.scores[seat]
        lines.append(t(lang, "hourglass-seat-score", score=score if score is not None else 0))
    return lines


def label(action: Any, lang: str) -> str:
    """`🟥5 (⏳1) → new ⬆️ + set`, `🟪9 (⏳2) on 2️⃣: take it`, `🃏3 (⏳0) under 1️⃣`."""
    c = worth(action.card)
    if action.kind == "open":
        return t(lang, "hourglass-do-open", card=c, direction=direction(action.ascending))
    if action.kind == "take":
        return t(lang, "hourglass-do-take", card=c, set=set_name(action.holder))
    if action.kind == "feed":
        return t(lang, "hourglass-do-feed", card=c, set=set_name(action.holder))
    return t(lang, "hourglass-do-discard", card=c)


def group(action: Any) -> str:
    """One group per kind of move: open, take, feed, and the forced discard."""
    return str(action.kind)


def step(action: Any, view: Any, lang: str) -> Step | None:
    """Every action is a single click."""
    return None


def _collections(p: dict[str, Any], names: list[str], lang: str) -> str:
    hourglasses = p.get("hourglasses")
    parts = []
    for seat, name in enumerate(names):
        cards = t(lang, "hourglass-cards", count=p["cards"][seat])
        if hourglasses is not None:
            cards += f" (⏳{hourglasses[seat]})"
        parts.append(f"{name} — {cards}")
    return ", ".join(parts)


def event(event: Event, names: list[str], lang: str) -> str | None:
    """One line per public move, round end, refill, reshuffle and the end."""
    p = event.params
    who = names[event.seat] if event.seat is not None else ""
    kind = event.kind.removeprefix("hourglass.")
    if kind == "open":
        return t(
            lang,
            "hourglass-ev-open",
            who=who,
            set=set_name(p["holder"]),
            direction=direction(p["ascending"]),
            card=card(p["card"]),
        )
    if kind == "take":
        return t(
            lang,
            "hourglass-ev-swap" if p["swap"] else "hourglass-ev-take",
            who=who,
            set=set_name(p["holder"]),
            card=card(p["card"]),
            owner=names[p["from_seat"]],
        )
    if kind == "feed":
        return t(
            lang,
            "hourglass-ev-feed",
            who=who,
            set=set_name(p["holder"]),
            card=card(p["card"]),
            owner=names[p["owner"]],
        )
    if kind == "discard":
        return t(lang, "hourglass-ev-discard", who=who)
    if kind == "round_end":
        return t(
            lang, "hourglass-ev-round-end", round=p["round"], results=_collections(p, names, lang)
        )
    if kind == "refill":
        return t(lang, "hourglass-ev-refill", count=p["count"], deck=p["deck_count"])
    if kind == "reshuffle":
        return t(lang, "hourglass-ev-reshuffle", deck=p["deck_count"])
    if kind == "game_over":
        winners = ", ".join(names[s] for s in p["winners"])
        return t(lang, "hourglass-ev-game-over", winners=winners, count=len(p["winners"]))
    return None


def announce(event: Event) -> bool:
    """A round's end (with what each player collected), the refill and the reshuffle."""
    return event.kind in ("hourglass.round_end", "hourglass.refill", "hourglass.reshuffle")


def tiebreak_lines(outcome: Outcome, options: Any, names: list[str], lang: str) -> list[str]:
    """The rule that separated equal scores for first place, if one was needed."""
    return first_place_tiebreak("hourglass", outcome, lang)
