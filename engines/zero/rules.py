"""Zero rules: dealing, the two-step exchange, pass counting, Zero declaration, round scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core import Event, IllegalAction, Outcome, places, rng_for
from engines.options import require_fit
from engines.zero.models import (
    DECK_SIZE,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    Declare,
    Give,
    Options,
    Pass,
    State,
    Take,
    View,
)
from engines.zero.scoring import hand_score, is_zero

if TYPE_CHECKING:
    # Only the type: randomness comes from the seeded generator (engines.core.rng_for).
    from random import Random


def market_size(options: Options, players: int) -> int:
    """Cards in the market (R2): 9 with two players, else 5 (7 with the beginner option)."""
    if players == MIN_PLAYERS:
        return 9
    return 7 if options.beginner_market else 5


def _deal(
    options: Options, players: int, rng: Random
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    cards = list(range(DECK_SIZE))
    rng.shuffle(cards)
    hands = tuple(tuple(sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i in range(players))
    dealt = players * HAND_SIZE
    size = market_size(options, players)
    return hands, tuple(cards[dealt : dealt + size]), tuple(cards[dealt + size :])


def setup(options: Options, seats: int, seed: int) -> State:
    """Deal round 1 (R1-R4)."""
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise ValueError(f"Zero needs {MIN_PLAYERS}-{MAX_PLAYERS} players, not {seats}")
    require_fit(options, seats)
    hands, market, deck = _deal(options, seats, rng_for(seed, 0, "deal"))
    first = options.start_player
    return State(
        seed=seed,
        options=options,
        players=seats,
        first_player=first,
        turn=first,
        hands=hands,
        market=market,
        deck=deck,
    )


def to_act(state: State) -> frozenset[int]:
    """The seat whose turn it is; nobody once the game is over."""
    return frozenset() if state.phase == "over" else frozenset({state.turn})


# Actions are immutable, so one instance of each serves every state (and saves validation).
_GIVES = tuple(Give(card=card) for card in range(DECK_SIZE))
_TAKES = tuple((Take(card=card), Take(card=card, declare=True)) for card in range(DECK_SIZE))
_OTHERS = (Pass(), Declare())


def _candidates(state: State, seat: int) -> list[Action]:
    """Every well-formed action of the current phase, in a stable order, legal or not."""
    if state.phase == "take":
        return [take for card in sorted(state.market) for take in _TAKES[card]]
    return [*(_GIVES[card] for card in state.hands[seat]), *_OTHERS]


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action `seat` may take now, in a stable order."""
    if seat not in to_act(state):
        return []
    return [a for a in _candidates(state, seat) if _refusal(state, seat, a) is None]


def extra_actions(state: State, seat: int) -> list[Action]:
    """None: in this game a seat acts only when to_act names it."""
    return []


def _refusal(state: State, seat: int, action: Action) -> IllegalAction | None:
    """Why the seat to act may not take `action` now (None if it may): the single legality rule."""
    hand = state.hands[seat]
    optional = state.options.zero_optional
    if state.phase == "take":
        if not isinstance(action, Take):
            return IllegalAction("must_take", laid=state.laid)
        if action.card == state.laid:
            return IllegalAction("take_back", card=action.card)  # Z1: a *different* card
        if action.card not in state.market:
            return IllegalAction("not_in_market", card=action.card)
        zero = is_zero((*hand, action.card))
        if action.declare and not zero:
            return IllegalAction("not_zero")
        if zero and not action.declare and not optional:
            return IllegalAction("must_declare")
        return None
    if isinstance(action, Take):
        return IllegalAction("nothing_laid")
    zero = is_zero(hand)
    if isinstance(action, Declare):
        return None if zero else IllegalAction("not_zero")
    if zero and not optional:
        return IllegalAction("must_declare")  # a dealt Zero is declared at the start (R11)
    if isinstance(action, Give) and action.card not in hand:
        return IllegalAction("not_in_hand", card=action.card)
    return None if isinstance(action, Give | Pass) else IllegalAction("not_legal")


def _replace(
    hands: tuple[tuple[int, ...], ...], seat: int, hand: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """Validate and perform one action; returns the new state and what happened."""
    if state.phase == "over":
        raise IllegalAction("game_over")
    if not 0 <= seat < state.players:
        raise IllegalAction("bad_seat", seat=seat)
    if seat != state.turn:
        raise IllegalAction("not_your_turn", seat=seat, turn=state.turn)
    refusal = _refusal(state, seat, action)
    if refusal is not None:
        raise refusal
    events: list[Event] = []
    version = state.version + 1
    hand = state.hands[seat]
    if isinstance(action, Give):
        events.append(Event(kind="zero.give", seat=seat, params={"card": action.card}))
        rest = tuple(c for c in hand if c != action.card)
        return state.model_copy(
            update={
                "version": version,
                "hands": _replace(state.hands, seat, rest),
                "laid": action.card,
                "phase": "take",
            }
        ), events
    if isinstance(action, Take):
        # The given card takes the place of the taken one, so the market keeps its layout (ex. 11).
        market = tuple(state.laid if c == action.card else c for c in state.market)
        new_hand = tuple(sorted((*hand, action.card)))
        events.append(
            Event(kind="zero.take", seat=seat, params={"card": action.card, "gave": state.laid})
        )
        nxt = state.model_copy(
            update={
                "version": version,
                "hands": _replace(state.hands, seat, new_hand),
                "market": market,
                "laid": None,
                "phase": "turn",
            }
        )
        if action.declare:
            return _declare(nxt, seat, events), events
        return _end_turn(nxt, events), events
    if isinstance(action, Pass):
        return _pass(state, seat, version, events), events
    return _declare(state.model_copy(update={"version": version}), seat, events), events


def _pass(state: State, seat: int, version: int, events: list[Event]) -> State:
    passes = state.passes + 1
    update: dict[str, object] = {"version": version, "passes": passes}
    triggers = state.trigger is None and passes == 2
    if triggers:
        # R8: everyone but the second passer plays once more, clockwise from his left.
        update["trigger"] = seat
        update["owed"] = tuple((seat + i) % state.players for i in range(1, state.players))
    state = state.model_copy(update=update)
    events.append(
        Event(
            kind="zero.pass",
            seat=seat,
            params={"passes": passes, "triggers": triggers, "final_turns": list(state.owed)},
        )
    )
    return _end_turn(state, events)


def _declare(state: State, seat: int, events: list[Event]) -> State:
    hand = state.hands[seat]
    events.append(Event(kind="zero.zero", seat=seat, params={"hand": list(hand)}))
    return _end_round(state, seat, events)


def _end_turn(state: State, events: list[Event]) -> State:
    if state.trigger is None:
        return state.model_copy(update={"turn": (state.turn + 1) % state.players})
    if not state.owed:
        return _end_round(state, None, events)
    return state.model_copy(update={"turn": state.owed[0], "owed": state.owed[1:]})


def _end_round(state: State, zero_seat: int | None, events: list[Event]) -> State:
    scores = tuple(hand_score(hand) for hand in state.hands)
    scored = state.model_copy(
        update={
            "round_scores": (*state.round_scores, scores),
            "zero_by": (*state.zero_by, zero_seat),
            "shown": state.hands,
            "trigger": None,
            "owed": (),
        }
    )
    events.append(
        Event(
            kind="zero.round_end",
            params={
                "round": state.round,
                "scores": list(scores),
                "shown": [list(hand) for hand in state.hands],
                "zero_by": zero_seat,
                "totals": list(_totals(scored)),
            },
        )
    )
    if state.round == state.players:  # R18: every player has been first once
        final = scored.model_copy(update={"phase": "over"})
        result = outcome(final)
        assert result is not None
        events.append(
            Event(
                kind="zero.game_over",
                params={"totals": list(result.scores), "winners": list(result.winners)},
            )
        )
        return final
    first = (state.first_player + 1) % state.players  # R17
    hands, market, deck = _deal(
        state.options, state.players, rng_for(state.seed, state.version, "deal")
    )
    events.append(
        Event(
            kind="zero.round_start",
            params={"round": state.round + 1, "first_player": first, "market": list(market)},
        )
    )
    events.extend(
        Event(kind="zero.deal", seat=s, params={"hand": list(hand)}, visible_to=s)
        for s, hand in enumerate(hands)
    )
    return scored.model_copy(
        update={
            "round": state.round + 1,
            "first_player": first,
            "turn": first,
            "phase": "turn",
            "hands": hands,
            "market": market,
            "deck": deck,
            "passes": 0,
        }
    )


def _totals(state: State) -> tuple[int, ...]:
    return tuple(sum(r[s] for r in state.round_scores) for s in range(state.players))


def view(state: State, seat: int | None) -> View:
    """Public information plus, for a seat, its own hand."""
    if seat is not None and not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} in a game of {state.players}")
    hand = state.hands[seat] if seat is not None else ()
    return View(
        seat=seat,
        version=state.version,
        to_act=tuple(sorted(to_act(state))),
        players=state.players,
        options=state.options,
        round=state.round,
        rounds=state.players,
        first_player=state.first_player,
        turn=state.turn,
        phase=state.phase,
        hand=hand,
        hand_score=hand_score(hand) if seat is not None else None,
        hand_counts=tuple(len(h) for h in state.hands),
        market=state.market,
        laid=state.laid,
        unused_count=len(state.deck),
        passes=state.passes,
        trigger=state.trigger,
        final_turns_left=state.owed,
        round_scores=state.round_scores,
        totals=_totals(state),
        zero_by=state.zero_by,
        shown=state.shown,
    )


def outcome(state: State) -> Outcome | None:
    """Totals, shared lowest-total victory (R19), per-round scores and Zero declarations."""
    if state.phase != "over":
        return None
    totals = _totals(state)
    best = min(totals)
    winners = tuple(s for s, total in enumerate(totals) if total == best)
    return Outcome(
        scores=totals,
        round_scores=state.round_scores,
        ranking=places([-total for total in totals]),
        winners=winners,
        lower_is_better=True,
        result="shared_victory" if len(winners) > 1 else "finished",
        details={
            "zeros": [
                {"round": r + 1, "seat": s} for r, s in enumerate(state.zero_by) if s is not None
            ]
        },
    )
