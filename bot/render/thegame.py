"""Text of The Game: four piles, the shared deck, hand counts, signals and fire."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.render.base import Step, first_place_tiebreak
from engines.core import Event, Outcome
from engines.thegame import View, fits
from engines.thegame.models import UP_PILES

ARROWS = ("⬆️", "⬆️", "⬇️", "⬇️")


def pile_name(pile: int) -> str:
    """`⬆️1`, `⬇️2`: direction and number of a pile as players see it."""
    return f"{ARROWS[pile]}{pile % 2 + 1}"


def _piles(view: View, lang: str) -> list[str]:
    burning = {b.pile for b in view.burning}
    lines = []
    for pile, top in enumerate(view.tops):
        line = f"{pile_name(pile)} **{top}**"
        if pile in burning:
            line += " 🔥"
        signal = view.signals[pile]
        if signal is not None:
            line += " · " + t(lang, f"thegame-signal-{signal.signal}")
        lines.append(line)
    return lines


def board(view: View, names: list[str], lang: str) -> list[str]:
    """Piles, deck and every hand's size."""
    counts = ", ".join(
        f"{name}: {t(lang, 'thegame-cards', count=n)}"
        for name, n in zip(names, view.hand_counts, strict=True)
    )
    lines = [*_piles(view, lang), "", t(lang, "thegame-deck", count=view.deck_count)]
    if not view.game_over:  # once it is over, nobody has anything more to play
        lines.append(t(lang, "thegame-minimum", minimum=view.minimum, played=view.played))
    return [*lines, counts]


def hand(view: View, names: list[str], lang: str) -> list[str]:
    """The seat's cards under the piles, and on its turn how many it must still play."""
    cards = " · ".join(f"**{c}**" + ("🔥" if c in view.fire_cards else "") for c in view.hand)
    lines = [*_piles(view, lang), "", t(lang, "thegame-your-cards", cards=cards or "—")]
    if view.game_over or view.seat != view.active:
        return lines
    if view.played >= view.minimum:
        playable = any(fits(c, p, top) for c in view.hand for p, top in enumerate(view.tops))
        todo = t(lang, "thegame-now-enough" if playable else "thegame-now-none")
    elif view.played == 0:
        todo = t(lang, "thegame-now-start", minimum=view.minimum)
    else:
        todo = t(lang, "thegame-now-more", left=view.minimum - view.played)
    return [*lines, "", todo]


def sits_out(view: View) -> bool:
    """A hand played out once the deck is empty has no more turns (R14)."""
    return not view.game_over and not view.hand and view.deck_count == 0


def revealed(view: View, lang: str) -> list[str]:
    """The seat's cards."""
    return [t(lang, "thegame-seat-cards", cards=" · ".join(f"**{c}**" for c in view.hand) or "—")]


def label(action: Any, lang: str) -> str:
    """`37 → ⬆️1`, `End turn`, or a signal."""
    if action.kind == "play":
        return f"{action.card} → {pile_name(action.pile)}"
    if action.kind == "signal":
        return f"{pile_name(action.pile)}: {t(lang, f'thegame-signal-{action.signal}')}"
    return t(lang, "thegame-stop")


def group(action: Any) -> str:
    """Plays are chosen card first, then pile (`step`); ending the turn is a button."""
    return "play" if action.kind == "play" else ""


def step(action: Any, view: View, lang: str) -> Step | None:
    """A card (`37`, `22🔥`), then a pile and how far it moves the pile on (`⬆️1 +4`), or back
    by the backwards trick (`⬇️2 −10 ↺`)."""
    if action.kind != "play":
        return None
    top = view.tops[action.pile]
    gap = action.card - top if action.pile in UP_PILES else top - action.card
    move = f"+{gap}" if gap > 0 else f"−{-gap} ↺"
    fire = "🔥" if action.card in view.fire_cards else ""
    return Step(str(action.card), f"{action.card}{fire}", f"{pile_name(action.pile)} {move}")


def event(event: Event, names: list[str], lang: str) -> str | None:
    """One line per public event worth reading."""
    p = event.params
    who = names[event.seat] if event.seat is not None else ""
    kind = event.kind.removeprefix("thegame.")
    if kind == "play":
        key = "thegame-ev-trick" if p["trick"] else "thegame-ev-play"
        return t(lang, key, who=who, card=p["card"], pile=pile_name(p["pile"]))
    if kind == "turn_end":
        return t(lang, "thegame-ev-turn-end", who=who, played=p["played"], drew=p["drew"])
    if kind == "signal":
        signal = t(lang, f"thegame-signal-{p['signal']}")
        return t(lang, "thegame-ev-signal", who=who, pile=pile_name(p["pile"]), signal=signal)
    if kind == "burning":
        # R25: alone at the table, the very next card must cover it (R24: the team has a turn).
        key = "thegame-ev-burning" if p["deadline_turn"] is not None else "thegame-ev-burning-solo"
        return t(lang, key, pile=pile_name(p["pile"]), card=p["card"])
    if kind == "deck_empty":
        return t(lang, "thegame-ev-deck-empty", minimum=p["minimum"])
    if kind == "game_over":
        return t(lang, f"result-thegame-{p['result']}", score=p["cards_left"])
    return None


def announce(event: Event) -> bool:
    """Burning piles and the end deserve their own message."""
    return event.kind in ("thegame.burning", "thegame.deck_empty")


def tiebreak_lines(outcome: Outcome, options: Any, names: list[str], lang: str) -> list[str]:
    """The rule that separated equal scores for first place, if one was needed."""
    return first_place_tiebreak("thegame", outcome, lang)
