"""Text of Genial: the centre, a draw in progress and its odds, collections against T, series."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import t
from bot.render.base import Step, first_place_tiebreak
from engines.core import Event, Outcome
from engines.genial import View, dead_position
from engines.genial.models import COLOURS as COLOUR_COUNT
from engines.genial.models import PER_COLOUR, STALL_TURNS

COLOURS = ("🟥", "🟧", "🟨", "🟩", "🟦", "🟪")
"""Red, orange, yellow, green, blue, purple: the engine's colours 0-5 (C1)."""
BONUS = "⭐"
"""Marks a colour that reached T and earned its bonus turn (R17)."""
ACTIVE = "▶️"
REPEAT = 4
"""Up to this many tokens of a colour are shown one by one; more show as `🟥×5`."""


def tokens(counts: Sequence[int]) -> str:
    """`🟥🟥 🟦 🟨×5`: a multiset of tokens grouped by colour, `—` when empty."""
    parts = []
    for colour, n in enumerate(counts):
        if n:
            parts.append(COLOURS[colour] * n if n <= REPEAT else f"{COLOURS[colour]}×{n}")
    return " ".join(parts) or "—"


def row(colours: Sequence[int]) -> str:
    """`🟥🟦🟥`: tokens in the order they were drawn."""
    return "".join(COLOURS[c] for c in colours) or "—"


def spaced(colours: Sequence[int]) -> str:
    """`🟩 🟦 🟪`: a set of colours."""
    return " ".join(COLOURS[c] for c in colours) or "—"


def tally(colours: Sequence[int]) -> tuple[int, ...]:
    """Counts per colour of a list of colours."""
    return tuple(list(colours).count(c) for c in range(COLOUR_COUNT))


def collection(view: View, seat: int) -> str:
    """`🟥3 🟧0 🟨7⭐ 🟩2 🟦1 🟪4`: one seat's counts, ⭐ where the bonus turn was earned."""
    return " ".join(
        f"{COLOURS[c]}{n}" + (BONUS if view.lines[seat][c] else "")
        for c, n in enumerate(view.collections[seat])
    )


def reserve_counts(view: View) -> tuple[int, ...]:
    """The reserve by colour: public, as every other token lies face up (C1)."""
    return tuple(
        PER_COLOUR
        - view.centre[c]
        - view.staging.count(c)
        - sum(held[c] for held in view.collections)
        for c in range(COLOUR_COUNT)
    )


def bank_gain(view: View) -> tuple[int, ...]:
    """What banking now would collect: the staged tokens and their colours from the centre (R13)."""
    staged = tally(view.staging)
    return tuple(n + (view.centre[c] if n else 0) for c, n in enumerate(staged))


def _header(view: View, lang: str) -> str:
    if view.games > 1:
        return t(lang, "genial-header-series", game=view.game, games=view.games, target=view.target)
    return t(lang, "genial-header", target=view.target)


def safe_colours(view: View) -> list[int]:
    """The colours that make the next draw a success: in the centre and not drawn yet (R8)."""
    return [c for c in range(COLOUR_COUNT) if view.centre[c] and c not in view.staging]


def _odds(view: View, lang: str, yours: bool) -> list[str]:
    """Which colours make the next draw a success, its chance, and what would be a miss."""
    if view.reserve_count == 0:
        return [t(lang, "genial-odds-recycle")]
    safe = safe_colours(view)
    parts = []
    staged = sorted(set(view.staging))
    if staged:
        parts.append(t(lang, "genial-miss-staged", colours=spaced(staged)))
    absent = [c for c in range(COLOUR_COUNT) if not view.centre[c]]
    if absent:
        parts.append(t(lang, "genial-miss-absent", colours=spaced(absent)))
    miss = "genial-miss-yours" if yours and view.staging else "genial-miss"
    if not safe:  # every colour misses: no chance of a match to show
        return [t(lang, f"{miss}-sure", parts=" · ".join(parts))]
    reserve = reserve_counts(view)
    good = sum(reserve[c] for c in safe)
    lines = [
        t(
            lang,
            "genial-safe",
            colours=spaced(safe),
            good=good,
            total=view.reserve_count,
            percent=round(100 * good / view.reserve_count),
        )
    ]
    if parts:
        lines.append(t(lang, miss, parts=" · ".join(parts)))
    return lines


def _table(view: View, who: str, lang: str, yours: bool) -> list[str]:
    """Bonus turn, centre, staging area with its odds, alternative move and reserve."""
    lines = []
    if view.bonus_turn:
        key = "genial-bonus-turn-yours" if yours else "genial-bonus-turn"
        lines.append(t(lang, key, who=who, count=view.bonus_pending))
    lines.append(t(lang, "genial-centre", tokens=tokens(view.centre)))
    if view.staging:
        key = "genial-staging-yours" if yours else "genial-staging"
        lines.append(t(lang, key, who=who, tokens=row(view.staging), gain=tokens(bank_gain(view))))
    if not yours:
        lines += _odds(view, lang, yours=False)
        if view.alternative is not None:
            lines.append(t(lang, "genial-alternative", who=who, colour=COLOURS[view.alternative]))
    lines.append(t(lang, "genial-reserve", count=view.reserve_count))
    return lines


def _series(view: View, names: Sequence[str], lang: str) -> list[str]:
    """Victory points per finished game and in total (R25), once a game of a series is over."""
    if view.games == 1 or not view.round_scores:
        return []
    lines = ["", t(lang, "genial-series-title")]
    for seat, name in enumerate(names):
        points = " + ".join(str(scores[seat]) for scores in view.round_scores)
        lines.append(f"{name}: {points} = **{view.scores[seat]}**")
    return lines


def outside(collections: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Tokens per colour outside every collection: reserve, centre and staging area (R29)."""
    return tuple(PER_COLOUR - sum(held[c] for held in collections) for c in range(COLOUR_COUNT))


def _game_results(view: View, names: Sequence[str], lang: str) -> list[str]:
    """How each finished game ended: a completed collection, a dead position or the stall
    safeguard (R23, R29, R28)."""
    lines = []
    for number, record in enumerate(view.results, start=1):
        winners = ", ".join(names[s] for s in record.winners)
        line = t(
            lang,
            f"genial-result-{record.result}",
            winners=winners,
            count=len(record.winners),
            turns=STALL_TURNS,
            tokens=tokens(outside(record.collections)),
        )
        if view.games > 1:
            line = t(lang, "genial-game-number", game=number) + " " + line
        lines.append(line)
    return lines


def board(view: View, names: list[str], lang: str) -> list[str]:
    """Goal, centre, staging and odds, reserve, every collection; results once over."""
    bold = [f"**{n}**" for n in names]
    over = view.phase == "over"
    lines = [_header(view, lang) if not over else t(lang, "genial-over", count=view.games)]
    if over:
        lines += _game_results(view, bold, lang)
    else:
        lines += _table(view, bold[view.turn], lang, yours=False)
    lines += ["", t(lang, "genial-collections", target=view.target)]
    for seat, name in enumerate(bold):
        mark = f"{ACTIVE} " if seat == view.turn and not over else ""
        weakest = t(lang, "genial-weakest", count=min(view.collections[seat]))
        lines.append(f"{mark}{name}: {collection(view, seat)} · {weakest}")
    lines += _series(view, bold, lang)
    return lines


def _bank_preview(view: View, seat: int, lang: str) -> list[str]:
    """What banking now gives: the tokens, the new counts, bonus turns, surplus, a win."""
    gain = bank_gain(view)
    before = view.collections[seat]
    after = [n + g for n, g in zip(before, gain, strict=True)]
    banked = tuple(min(n, view.target) for n in after)  # the surplus goes back (R15)
    counts = " ".join(
        f"{COLOURS[c]}{banked[c]}/{view.target}" for c in range(COLOUR_COUNT) if gain[c]
    )
    lines = [t(lang, "genial-bank-preview", tokens=tokens(gain), counts=counts)]
    if min(after) >= view.target:
        lines.append(t(lang, "genial-bank-wins"))
        return lines
    bonus = [
        c
        for c in range(COLOUR_COUNT)
        if gain[c] and after[c] >= view.target and not view.lines[seat][c]
    ]
    collections = tuple(banked if s == seat else c for s, c in enumerate(view.collections))
    if bonus and not dead_position(collections, view.target):  # R29 voids it: the game ends
        lines.append(t(lang, "genial-bank-bonus", colours=spaced(bonus), count=len(bonus)))
    surplus = [max(0, n - view.target) for n in after]
    if any(surplus):
        lines.append(t(lang, "genial-bank-surplus", tokens=tokens(surplus), target=view.target))
    return lines


def _todo(view: View, seat: int, lang: str) -> list[str]:
    """The choice the seat faces now, with the odds of drawing on."""
    if seat not in view.to_act:
        return []
    if view.phase == "start":
        lines = [t(lang, "genial-now-draw")]
        lines += _odds(view, lang, yours=True)
        if view.alternative is not None:
            lines.append(t(lang, "genial-now-alternative", colour=COLOURS[view.alternative]))
        return lines
    lines = [t(lang, "genial-now-choose")]
    lines += _bank_preview(view, seat, lang)
    lines.append(t(lang, "genial-draw-again"))
    lines += _odds(view, lang, yours=True)
    return lines


def hand(view: View, names: list[str], lang: str) -> list[str]:
    """The table as the seat sees it, its collection, and what banking or drawing on would do."""
    seat = view.seat
    assert seat is not None
    yours = seat == view.turn and view.phase != "over"
    who = names[view.turn]
    lines = [_header(view, lang)]
    if view.phase != "over":
        lines += _table(view, who, lang, yours=yours)
    weakest = t(lang, "genial-weakest", count=min(view.collections[seat]))
    lines += ["", t(lang, "genial-your-collection", tokens=collection(view, seat), weakest=weakest)]
    if view.games > 1 and view.round_scores:
        lines.append(t(lang, "genial-your-series", points=view.scores[seat]))
    todo = _todo(view, seat, lang)
    if todo:
        lines += ["", *todo]
    return lines


def sits_out(view: View) -> bool:
    """Every seat plays to the end of the game."""
    return False


def revealed(view: View, lang: str) -> list[str]:
    """Nothing: every seat's draws and collection are on the board."""
    return []


def label(action: Any, lang: str) -> str:
    """`🎲 Draw a token`, `💰 Bank`, `↩️ Take 1 🟦 from the centre`."""
    if action.kind == "alternative":
        return t(lang, "genial-do-alternative", colour=COLOURS[action.colour])
    return t(lang, f"genial-do-{action.kind}")


def group(action: Any) -> str:
    """At most two choices at a time: always buttons."""
    return ""


def step(action: Any, view: Any, lang: str) -> Step | None:
    """Every action is a single click."""
    return None


def _points(scores: Sequence[int], names: Sequence[str]) -> str:
    return " · ".join(f"{name}: {n}" for name, n in zip(names, scores, strict=True))


def _miss(who: str, returned: list[int], lang: str) -> str:
    """R9/R10 told apart: a conflict is a colour staged before the drawn one."""
    drawn = returned[-1]
    key = "genial-ev-conflict" if drawn in returned[:-1] else "genial-ev-no-match"
    return t(lang, key, who=who, colour=COLOURS[drawn], tokens=row(returned), count=len(returned))


def event(event: Event, names: list[str], lang: str) -> str | None:
    """Draws, misses, banks, bonus turns, alternative moves, recycling, a dead position (R29)
    and each game's end."""
    p = event.params
    who = f"**{names[event.seat]}**" if event.seat is not None else ""
    kind = event.kind.removeprefix("genial.")
    if kind == "draw":
        if p["result"] != "success":
            return None  # the miss event that follows tells it whole
        return t(lang, "genial-ev-success", who=who, colour=COLOURS[p["colour"]])
    if kind == "miss":
        return _miss(who, p["returned"], lang)
    if kind == "bank":
        return t(lang, "genial-ev-bank", who=who, tokens=tokens(p["gained"]))
    if kind == "bonus":
        return t(
            lang, "genial-ev-bonus", who=who, colours=spaced(p["colours"]), count=len(p["colours"])
        )
    if kind == "capped":
        return t(lang, "genial-ev-capped", who=who, tokens=tokens(p["returned"]))
    if kind == "alternative":
        return t(lang, "genial-ev-alternative", who=who, colour=COLOURS[p["colour"]])
    if kind == "turn":
        return t(lang, "genial-ev-bonus-turn", who=who) if p["bonus"] else None
    if kind == "recycled":
        return t(lang, "genial-ev-recycled", count=p["tokens"])
    if kind == "deadlock":
        needs = " · ".join(
            f"**{names[s]}** {spaced(colours)}" for s, colours in enumerate(p["lacking"]) if colours
        )
        return t(lang, "genial-ev-deadlock", tokens=tokens(p["outside"]), needs=needs)
    if kind == "game_over":
        winners = ", ".join(f"**{names[s]}**" for s in p["winners"])
        # A single game is not "game 1" (a game over logged before the count was kept is).
        single = "single" if p.get("games") == 1 else "game"
        return t(
            lang,
            f"genial-ev-{single}-{p['result']}",
            game=p["game"],
            winners=winners,
            count=len(p["winners"]),
            turns=STALL_TURNS,
            points=_points(p["scores"], names),
        )
    if kind == "game_started":
        return t(lang, "genial-ev-game-started", game=p["game"], who=who)
    return None  # refill (the board shows the centre), normal turn starts, match_over


def announce(event: Event) -> bool:
    """Misses, bonus turns earned, a recycled reserve, a dead position, and each game's end and
    next start."""
    return event.kind in (
        "genial.miss",
        "genial.bonus",
        "genial.recycled",
        "genial.deadlock",
        "genial.game_over",
        "genial.game_started",
    )


def tiebreak_lines(outcome: Outcome, options: Any, names: list[str], lang: str) -> list[str]:
    """The rule that separated equal scores for first place, if one was needed."""
    return first_place_tiebreak("genial", outcome, lang)
