"""Text of Mind Up!: central row, column order, goals, who has chosen, collections and scores."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from bot.i18n import t
from bot.render.base import Step
from engines.core import Event, Outcome
from engines.mindup import Options, View
from engines.mindup.models import COLOUR, GOALS, MODIFIER, ROUNDS, Columns
from engines.mindup.scoring import GOAL_MET, Collection, score_round

EMOJI = {"orange": "🟧", "blue": "🟦", "green": "🟩", "purple": "🟪", "pink": "🩷"}
ICON = {-1: "⁻¹", 0: "", 1: "⁺¹", 2: "⁺²"}
KEYCAP = ("0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣")
CHOSEN, CHOOSING = "✅", "⏳"


def card(n: int) -> str:
    """`🟧46⁺¹`: colour, number and icon (no icon for 0)."""
    return f"{EMOJI[COLOUR[n]]}{n}{ICON[MODIFIER[n]]}"


def cards(numbers: Any) -> str:
    """Cards in a row, `—` for none."""
    return " · ".join(card(n) for n in numbers) or "—"


def column_order(order: Any) -> str:
    """`2️⃣ 4️⃣ 1️⃣ 5️⃣ 3️⃣`: the collection cards' values, left to right."""
    return " ".join(KEYCAP[v] for v in order)


def score_text(value: int) -> str:
    """A score: `−2` with the real minus sign its goals and icons show, no sign otherwise."""
    return f"−{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """`+3`, `0`, `−2` (a real minus sign)."""
    return f"+{value}" if value > 0 else score_text(value)


def compact(columns: Columns, order: Any, lang: str) -> str:
    """`2️⃣🟪🟪 4️⃣🟦 1️⃣🟩`: each used collection card with one square per number card on it."""
    parts = [
        KEYCAP[value] + EMOJI[COLOUR[pile[0]]] * len(pile)
        for value, pile in zip(order, columns, strict=True)
        if pile
    ]
    return " ".join(parts) or t(lang, "mindup-empty")


def detailed(columns: Columns, order: Any, lang: str) -> str:
    """`2️⃣ 🟪7⁻¹ 🟪9⁺¹ · 4️⃣ 🟦13⁻¹`: the cards themselves, per collection card."""
    parts = [
        KEYCAP[value] + " " + " ".join(card(c) for c in pile)
        for value, pile in zip(order, columns, strict=True)
        if pile
    ]
    return " · ".join(parts) or t(lang, "mindup-empty")


def turns(view: View) -> int:
    """Turns with a choice in the current round: hand size at its start minus one (R14)."""
    return 5 + view.round


def _header(view: View, lang: str) -> list[str]:
    if view.game_over:
        return [t(lang, "mindup-over", rounds=ROUNDS)]
    head = t(lang, "mindup-round", round=view.round, rounds=ROUNDS)
    head += " · " + t(lang, "mindup-turn", turn=view.turn, turns=turns(view))
    head += " · " + t(lang, "mindup-deck", count=view.deck_count)
    return [head, t(lang, "mindup-columns", columns=column_order(view.order))]


def _goals(view: View, lang: str) -> list[str]:
    if not view.goals:
        return []
    key = "mindup-goals-fixed" if view.options.goals == "fixed" else "mindup-goals-round"
    lines = [t(lang, key, count=len(view.goals))]
    lines += [goal_text(g, lang) for g in view.goals]
    return lines


def goal_text(goal: int, lang: str) -> str:
    """`🎯 A · +2: exactly 1 or 3 🟧 cards`."""
    g = GOALS[goal]
    return f"🎯 {g.letter} · **{signed(g.points)}**: " + t(lang, f"mindup-goal-{goal}")


def met_goals(view: View, seat: int) -> list[int]:
    """The active goals that a seat's collection meets now (R25), the last round's once over."""
    goals = view.results[-1].goals if view.game_over and view.results else view.goals
    others = [*view.collections[:seat], *view.collections[seat + 1 :]]
    mine = Collection(view.collections[seat], view.order, others)
    return [goal for goal in goals if GOAL_MET[goal](mine)]


def goal_effect(goals: Sequence[int], lang: str) -> str:
    """`A +2, C −2`: every goal met with its points, so a +2 and a −2 do not hide each other."""
    parts = [f"{GOALS[g].letter} {signed(GOALS[g].points)}" for g in goals]
    return ", ".join(parts) or t(lang, "mindup-goals-none")


def round_scores(view: View) -> tuple[int, ...]:
    """What each collection would score if the round ended now (the final round once over)."""
    if view.game_over:
        return view.results[-1].scores
    return _scores_now(view.collections, view.order, view.goals)


@lru_cache(maxsize=4096)
def _scores_now(
    collections: tuple[Columns, ...], order: tuple[int, ...], goals: tuple[int, ...]
) -> tuple[int, ...]:
    # Remembered: collections change only at a reveal, and until then every seat's panel and
    # the board score the same ones again; scoring was about 40 % of a Mind Up panel.
    return score_round(collections, order, goals).scores


def _history(view: View, seat: int) -> str:
    return " + ".join(str(r.scores[seat]) for r in view.results)


def board(view: View, names: list[str], lang: str) -> list[str]:
    """Round, columns, goals, the central row, then per player: chosen?, collection, scores."""
    lines = _header(view, lang)
    if not view.game_over:
        lines += _goals(view, lang)
        lines.append(t(lang, "mindup-central", cards=cards(view.central)))
        lines.append(t(lang, "mindup-hands", count=view.hand_counts[0]))
    lines.append("")
    now = round_scores(view)
    for seat, name in enumerate(names):
        collection = compact(view.collections[seat], view.order, lang)
        if view.game_over:
            line = t(
                lang,
                "mindup-player-final",
                name=name,
                collection=collection,
                total=score_text(view.totals[seat]),
                rounds=_history(view, seat),
            )
        else:
            line = t(
                lang,
                "mindup-player",
                mark=CHOSEN if view.chosen[seat] else CHOOSING,
                name=name,
                collection=collection,
                points=score_text(now[seat]),
            )
            if view.goals:
                goals = goal_effect(met_goals(view, seat), lang)
                line += " · " + t(lang, "mindup-player-goals", goals=goals)
            if view.results:
                line += " · " + t(lang, "mindup-before", total=score_text(view.totals[seat]))
        lines.append(line)
    if not view.game_over:
        chosen = sum(view.chosen)
        lines.append(t(lang, "mindup-legend", chosen=chosen, count=view.players))
    return lines


def hand(view: View, names: list[str], lang: str) -> list[str]:
    """The seat's cards, its secret choice if locked in, its collection and the central row."""
    seat = view.seat
    assert seat is not None
    lines = _header(view, lang)
    if not view.game_over:
        lines += _goals(view, lang)
        lines.append(t(lang, "mindup-central", cards=cards(view.central)))
    lines.append("")
    lines.append(t(lang, "mindup-your-cards", cards=cards(view.hand)))
    if view.my_choice is not None:
        lines.append(t(lang, "mindup-your-choice", card=card(view.my_choice)))
        waiting = view.players - sum(view.chosen)
        lines.append(t(lang, "mindup-waiting", count=waiting))
    elif not view.game_over:
        lines.append(t(lang, "mindup-how"))
        if len(view.hand) == 2:
            lines.append(t(lang, "mindup-keep-last"))
    lines.append(
        t(
            lang,
            "mindup-your-collection",
            collection=detailed(view.collections[seat], view.order, lang),
        )
    )
    if view.game_over:
        lines.append(t(lang, "mindup-your-total", total=score_text(view.totals[seat])))
        return lines
    score = t(lang, "mindup-your-score", points=score_text(round_scores(view)[seat]))
    if view.results:
        score += " · " + t(lang, "mindup-before", total=score_text(view.totals[seat]))
    lines.append(score)
    if view.goals:
        lines.append(t(lang, "mindup-your-goals", goals=goal_effect(met_goals(view, seat), lang)))
    lines.append(t(lang, "mindup-icons"))
    return lines


def sits_out(view: View) -> bool:
    """Every seat plays to the end of the game."""
    return False


def revealed(view: View, lang: str) -> list[str]:
    """The seat's cards, its secret choice while it stays hidden, its collection card by card."""
    seat = view.seat
    assert seat is not None
    lines = [t(lang, "mindup-seat-cards", cards=cards(view.hand))] if view.hand else []
    if view.my_choice is not None:
        lines.append(t(lang, "mindup-seat-choice", card=card(view.my_choice)))
    collection = detailed(view.collections[seat], view.order, lang)
    return [*lines, t(lang, "mindup-seat-collection", collection=collection)]


def label(action: Any, lang: str) -> str:
    """`🟧 46⁺¹ · orange`."""
    n = action.card
    colour = t(lang, f"mindup-colour-{COLOUR[n]}")
    return f"{EMOJI[COLOUR[n]]} {n}{ICON[MODIFIER[n]]} · {colour}"


def group(action: Any) -> str:
    """Every card choice is one group."""
    return "play"


def step(action: Any, view: Any, lang: str) -> Step | None:
    """Every action is a single click."""
    return None


def _reveal(p: dict[str, Any], names: list[str], lang: str) -> str:
    order = sorted(range(len(p["played"])), key=lambda s: p["played"][s])
    plays = " · ".join(
        t(lang, "mindup-took", who=names[s], played=card(p["played"][s]), taken=card(p["taken"][s]))
        for s in order
    )
    return t(lang, "mindup-ev-reveal", turn=p["turn"], plays=plays)


def _scored(p: dict[str, Any], names: list[str], lang: str) -> str:
    parts = []
    for seat, name in enumerate(names):
        detail = t(
            lang,
            "mindup-detail",
            columns=p["column_points"][seat],
            icons=signed(p["icon_points"][seat]),
        )
        if p["goals"]:
            detail += ", " + t(lang, "mindup-detail-goals", goals=signed(p["goal_points"][seat]))
        parts.append(
            t(
                lang,
                "mindup-score",
                who=name,
                points=score_text(p["scores"][seat]),
                detail=detail,
                total=score_text(p["totals"][seat]),
            )
        )
    return t(lang, "mindup-ev-round-scored", round=p["round"], scores="; ".join(parts))


def event(event: Event, names: list[str], lang: str) -> str | None:
    """Reveals, last cards, round scores and new rounds; hidden choices stay out."""
    if event.visible_to is not None:
        return None
    p = event.params
    kind = event.kind.removeprefix("mindup.")
    if kind == "reveal":
        return _reveal(p, names, lang)
    if kind == "last_cards":
        placed = " · ".join(f"{name} {card(c)}" for name, c in zip(names, p["cards"], strict=True))
        return t(lang, "mindup-ev-last-cards", cards=placed)
    if kind == "round_scored":
        return _scored(p, names, lang)
    if kind == "round_started":
        line = t(
            lang,
            "mindup-ev-round-started",
            round=p["round"],
            count=p["hand_size"],
            columns=column_order(p["order"]),
        )
        if p["goals"]:
            line += " " + t(
                lang,
                "mindup-ev-new-goals",
                goals="; ".join(goal_text(g, lang).removeprefix("🎯 ") for g in p["goals"]),
            )
        return line
    if kind == "game_over":
        winners = ", ".join(names[s] for s in p["winners"])
        return t(lang, "mindup-ev-game-over", winners=winners, count=len(p["winners"]))
    return None


def tiebreak_lines(
    outcome: Outcome, options: Options, names: Sequence[str], lang: str
) -> list[str]:
    """Why players with equal totals are ranked apart (R28, R29), wherever they stand, and
    whether the victory is shared (R30); the icon counts are shown as they are not elsewhere."""
    second = "bonus_icons" if options.tiebreak2 == "bonus_only" else "net_icons"
    last = outcome.round_scores[-1] if outcome.round_scores else outcome.scores
    decided: dict[str, set[int]] = {}
    seats = range(len(outcome.scores))
    for a, b in ((a, b) for a in seats for b in seats if a < b):
        if outcome.scores[a] == outcome.scores[b] and outcome.ranking[a] != outcome.ranking[b]:
            rule = "round3_score" if last[a] != last[b] else second
            decided.setdefault(rule, set()).update((a, b))
    lines = []
    if "round3_score" in decided:
        lines.append(t(lang, "tiebreak-mindup-round3_score"))
    if second in decided:
        icons = outcome.details.get(second, [0] * len(outcome.scores))
        tied = sorted(decided[second], key=lambda s: outcome.ranking[s])
        shown = ", ".join(f"{names[s]} {icons[s]}" for s in tied)
        lines.append(t(lang, f"tiebreak-mindup-{second}", icons=shown))
    if outcome.tiebreak == "shared_victory":
        lines.append(t(lang, "tiebreak-mindup-shared_victory"))
    return lines


def announce(event: Event) -> bool:
    """The reveal of every turn and the end of a round get their own channel message."""
    return event.visible_to is None and event.kind in (
        "mindup.reveal",
        "mindup.last_cards",
        "mindup.round_scored",
        "mindup.round_started",
    )
