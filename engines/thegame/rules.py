"""The Game (NSV 2015), base rules plus expert, smaller hands and On Fire: the state machine."""

from __future__ import annotations

from typing import Any

from engines.core import Event, IllegalAction, Outcome, rng_for
from engines.options import require_fit
from engines.thegame.models import (
    CARD_COUNT,
    EXCELLENT_BELOW,
    FIRE_CARDS,
    HAND_SIZE,
    HIGHEST,
    LOWEST,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PILES,
    START_TOPS,
    TRICK,
    UP_PILES,
    Action,
    Burning,
    BurningView,
    EndReason,
    Options,
    PileSignal,
    Play,
    Signal,
    State,
    Stop,
    View,
)

_SIGNALS = ("big_jump", "dont_play")
# Actions are immutable, so each is built once: a panel lists 20-40 of them after every move,
# and shared ones skip pydantic's validation and are found by identity in the label cache.
_PLAY = {
    (card, pile): Play(card=card, pile=pile)
    for card in range(LOWEST, HIGHEST + 1)
    for pile in range(PILES)
}
_STOP = Stop()
_SIGNAL = {
    (pile, signal): Signal(pile=pile, signal=signal)
    for pile in range(PILES)
    for signal in (*_SIGNALS, "clear")
}


def hand_size(players: int, options: Options) -> int:
    """H for a player count (R3), one fewer with smaller hands (R22)."""
    return HAND_SIZE[players] - (1 if options.smaller_hands else 0)


def fits(card: int, pile: int, top: int) -> bool:
    """R6: beyond the top in the pile's direction, or exactly ten back (the backwards trick)."""
    if pile in UP_PILES:
        return card > top or card == top - TRICK
    return card < top or card == top + TRICK


def tops_of(piles: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The visible top of each pile (the start card while nothing is on it)."""
    return tuple(cards[-1] if cards else START_TOPS[i] for i, cards in enumerate(piles))


def _minimum(options: Options, deck_count: int, hand_count: int) -> int:
    if deck_count:
        return 3 if options.expert else 2  # R8, R21
    if options.expert_endgame_min:
        return min(3, hand_count)  # A5 override: all remaining cards when fewer than three
    return 1  # R13, A5


def setup(options: Options, seats: int, seed: int) -> State:
    """Shuffle the 98 cards and deal H to every seat (R1-R5)."""
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise ValueError(f"The Game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {seats}")
    require_fit(options, seats)
    cards = list(range(LOWEST, HIGHEST + 1))
    rng_for(seed, 0).shuffle(cards)
    size = hand_size(seats, options)
    hands = tuple(tuple(sorted(cards[i * size : (i + 1) * size])) for i in range(seats))
    deck = tuple(cards[seats * size :])
    return State(
        seed=seed,
        options=options,
        players=seats,
        piles=((),) * PILES,
        hands=hands,
        deck=deck,
        active=options.start_seat,
        minimum=_minimum(options, len(deck), size),
    )


def to_act(state: State) -> frozenset[int]:
    """The active player, or nobody once the game is over."""
    return frozenset() if state.end else frozenset({state.active})


def _plays(hand: tuple[int, ...], tops: tuple[int, ...]) -> list[Play]:
    return [_PLAY[c, p] for c in hand for p in range(PILES) if fits(c, p, tops[p])]


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal placement (by card, then pile), then stop once the minimum is met."""
    if state.end or seat != state.active:
        return []
    actions: list[Action] = list(_plays(state.hands[seat], tops_of(state.piles)))
    if state.played >= state.minimum:
        actions.append(_STOP)
    return actions


def extra_actions(state: State, seat: int) -> list[Action]:
    """The pile signals a seat may give now (R16): any seat, any time while the game runs, and
    only to a team: a solo player has nobody to signal to."""
    if state.end or state.players == 1 or not 0 <= seat < state.players:
        return []
    result: list[Action] = []
    for pile, current in enumerate(state.signals):
        options = [s for s in _SIGNALS if current is None or current.signal != s]
        if current is not None:
            options.append("clear")
        result += [_SIGNAL[pile, s] for s in sorted(options)]
    return result


def _event(
    kind: str, seat: int | None = None, visible_to: int | None = None, **params: Any
) -> Event:
    return Event(kind=f"thegame.{kind}", seat=seat, params=params, visible_to=visible_to)


def _finish(state: State, end: EndReason, events: list[Event]) -> State:
    done = state.model_copy(update={"end": end})
    result = outcome(done)
    assert result is not None
    events.append(_event("game_over", end=end, result=result.result, cards_left=result.scores[0]))
    return done


def _apply_signal(state: State, seat: int, action: Signal) -> tuple[State, list[Event]]:
    if not 0 <= action.pile < PILES:
        raise IllegalAction("illegal_pile", pile=action.pile)
    if action not in extra_actions(state, seat):
        raise IllegalAction("not_legal", pile=action.pile, signal=action.signal)
    signals = list(state.signals)
    signals[action.pile] = (
        None if action.signal == "clear" else PileSignal(signal=action.signal, seat=seat)
    )
    new = state.model_copy(update={"signals": tuple(signals), "version": state.version + 1})
    return new, [_event("signal", seat, pile=action.pile, signal=action.signal)]


def _validate(state: State, seat: int, action: Play | Stop) -> None:
    if seat != state.active:
        raise IllegalAction("not_your_turn", seat=seat)
    if isinstance(action, Stop):
        if state.played < state.minimum:
            raise IllegalAction("minimum_not_met", played=state.played, minimum=state.minimum)
        return
    if action.card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", card=action.card)
    if not 0 <= action.pile < PILES:
        raise IllegalAction("illegal_pile", pile=action.pile)
    top = tops_of(state.piles)[action.pile]
    if not fits(action.card, action.pile, top):
        raise IllegalAction("not_legal", card=action.card, pile=action.pile, top=top)


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """Validate and perform one action; returns the new state and what happened."""
    if state.end:
        raise IllegalAction("game_over")
    if not 0 <= seat < state.players:
        raise IllegalAction("no_such_seat", seat=seat)
    if isinstance(action, Signal):
        return _apply_signal(state, seat, action)
    _validate(state, seat, action)
    events: list[Event] = []
    state = state.model_copy(update={"version": state.version + 1})
    if isinstance(action, Stop):
        return _end_turn(state, events), events
    return _play(state, seat, action, events), events


def _play(state: State, seat: int, action: Play, events: list[Event]) -> State:
    card, pile = action.card, action.pile
    top = tops_of(state.piles)[pile]
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    piles = list(state.piles)
    piles[pile] = (*piles[pile], card)
    fire = state.options.on_fire and card in FIRE_CARDS
    trick = abs(card - top) == TRICK and (card < top) == (pile in UP_PILES)
    events.append(_event("play", seat, card=card, pile=pile, trick=trick, fire=fire))
    burned = False
    burning = []
    for entry in state.burning:
        if entry.pile == pile:
            events.append(_event("covered", seat, pile=pile, card=entry.card))
        elif entry.deadline is None:
            burned = True  # R25: in solo the very next card had to go on the burning pile
        else:
            burning.append(entry)
    if fire:
        deadline = None if state.players == 1 else state.turn + 1
        burning.append(Burning(pile=pile, card=card, deadline=deadline))
        events.append(_event("burning", seat, pile=pile, card=card, deadline_turn=deadline))
    state = state.model_copy(
        update={
            "hands": tuple(hands),
            "piles": tuple(piles),
            "played": state.played + 1,
            "burning": tuple(burning),
        }
    )
    if burned:
        return _finish(state, "burned", events)
    if not hands[seat]:
        return _end_turn(state, events)  # nothing left to play: the turn ends by itself
    return _check_stuck(state, events)


def _check_stuck(state: State, events: list[Event]) -> State:
    """R11 (blocked) and R25 (solo fire with no cover) when another card must be played now."""
    if state.played >= state.minimum:
        return state
    plays = _plays(state.hands[state.active], tops_of(state.piles))
    if not plays:
        return _finish(state, "blocked", events)
    solo_fire = [b.pile for b in state.burning if b.deadline is None]
    if solo_fire and not any(p.pile in solo_fire for p in plays):
        return _finish(state, "burned", events)
    return state


def _end_turn(state: State, events: list[Event]) -> State:
    seat = state.active
    drawn = state.deck[: state.played]
    hands = list(state.hands)
    hands[seat] = tuple(sorted(hands[seat] + drawn))
    deck = state.deck[len(drawn) :]
    events.append(_event("turn_end", seat, played=state.played, drew=len(drawn)))
    if drawn:
        events.append(_event("draw", seat, visible_to=seat, cards=list(drawn)))
        if not deck:
            # R13, or the A5 override that keeps the expert's three cards to the end.
            endgame = 3 if state.options.expert_endgame_min else 1
            events.append(_event("deck_empty", minimum=endgame))
    state = state.model_copy(update={"hands": tuple(hands), "deck": deck})
    order = [(seat + i) % state.players for i in range(1, state.players + 1)]
    holding = [s for s in order if hands[s]]
    if not holding:
        return _finish(state, "all_played", events)  # R17.2; R26: no turn is left to burn
    if any(b.deadline == state.turn for b in state.burning):
        return _finish(state, "burned", events)  # R24: the next turn ended with the fire on top
    nxt = holding[0]
    skipped = order[: order.index(nxt)]
    state = state.model_copy(
        update={
            "active": nxt,
            "turn": state.turn + 1,
            "played": 0,
            "minimum": _minimum(state.options, len(deck), len(hands[nxt])),
        }
    )
    events.append(_event("turn", nxt, turn=state.turn, minimum=state.minimum, skipped=skipped))
    return _check_stuck(state, events)


def cards_left(state: State) -> int:
    """S of R18: cards in all hands plus the deck."""
    return sum(len(h) for h in state.hands) + len(state.deck)


def outcome(state: State) -> Outcome | None:
    """The shared result once the game is over (R17-R20)."""
    if state.end is None:
        return None
    left = cards_left(state)
    if state.end == "burned":
        result = "burned"
    elif left == 0:
        result = "won"
    else:
        result = "excellent" if left < EXCELLENT_BELOW else "ordinary"
    everyone = tuple(range(state.players))
    return Outcome(
        scores=(left,) * state.players,
        ranking=(1,) * state.players,
        winners=everyone if result == "won" else (),
        lower_is_better=True,
        cooperative=True,
        result=result,
        details={
            "cards_left": left,
            "burned": state.end == "burned",
            "blocked": state.end == "blocked",
            # R11: the seat that had to play and could not (the results name it).
            "stuck_seat": state.active if state.end == "blocked" else None,
            "all_played": state.end == "all_played",
            "end": state.end,
            "deck_left": len(state.deck),
            "hand_counts": [len(h) for h in state.hands],
            "cards_played": CARD_COUNT - left,
            "turns": state.turn,
        },
    )


def _next_holder(state: State) -> int | None:
    order = [(state.active + i) % state.players for i in range(1, state.players + 1)]
    return next((s for s in order if state.hands[s]), None)


def view(state: State, seat: int | None) -> View:
    """Public board plus, for a seat, its own hand (R16: other hands only as counts)."""
    until = {state.turn: state.active, state.turn + 1: _next_holder(state)}
    result = outcome(state)
    return View(
        seat=seat,
        version=state.version,
        players=state.players,
        options=state.options,
        to_act=tuple(sorted(to_act(state))),
        active=state.active,
        turn=state.turn,
        minimum=state.minimum,
        played=state.played,
        tops=tops_of(state.piles),
        piles=state.piles,
        hand=state.hands[seat] if seat is not None else (),
        hand_counts=tuple(len(h) for h in state.hands),
        deck_count=len(state.deck),
        fire_cards=tuple(sorted(FIRE_CARDS)) if state.options.on_fire else (),
        burning=tuple(
            BurningView(
                pile=b.pile,
                card=b.card,
                deadline_turn=b.deadline,
                until_seat=None if b.deadline is None else until.get(b.deadline),
            )
            for b in state.burning
        ),
        signals=state.signals,
        cards_left=cards_left(state),
        scores=(cards_left(state),) * state.players,
        game_over=state.end is not None,
        end=state.end,
        result=result.result if result else None,
    )
