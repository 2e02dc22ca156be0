"""Mind Up! rules: setup, simultaneous choice, reveal and claim, round end, scoring, outcome."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.core import Event, IllegalAction, Outcome, places, rng_for
from engines.mindup.models import (
    COLUMNS,
    DECK_SIZE,
    FIRST_HAND,
    GOALS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    Action,
    Options,
    Play,
    State,
    View,
)
from engines.mindup.scoring import EMPTY_COLLECTION, place, score_round

if TYPE_CHECKING:
    # Only the type: randomness comes from the seeded generator (engines.core.rng_for).
    from random import Random

# Actions are frozen, so one shared instance per card spares a validation per legal_actions call.
_PLAYS = {card: Play(card=card) for card in range(1, DECK_SIZE + 1)}


def _shuffled(items: tuple[int, ...], rng: Random) -> tuple[int, ...]:
    pool = list(items)
    rng.shuffle(pool)
    return tuple(pool)


def _column_order(seed: int, version: int) -> tuple[int, ...]:
    """A fresh shared order of the collection cards 1-5 (R10, R22c, ruling A3)."""
    return _shuffled(tuple(range(1, COLUMNS + 1)), rng_for(seed, version, "order"))


def _reveal_goals(state: State, count: int) -> State:
    """Reveal `count` goals with distinct letters (R33/R34).

    A card whose letter is already active is set aside; when the goal deck runs out, the
    set-aside and discarded cards are shuffled into a new deck (needed: 3 rounds x 5 > 14 cards).
    """
    deck, aside, discard = list(state.goal_deck), list(state.goal_aside), list(state.goal_discard)
    active: list[int] = []
    rng = rng_for(state.seed, state.version, "goals")
    while len(active) < count:
        if not deck:
            deck, aside, discard = list(_shuffled((*aside, *discard), rng)), [], []
        card = deck.pop(0)
        if GOALS[card].letter in {GOALS[g].letter for g in active}:
            aside.append(card)
        else:
            active.append(card)
    return state.model_copy(
        update={
            "goal_deck": tuple(deck),
            "goal_aside": tuple(aside),
            "goal_discard": tuple(discard),
            "goals": tuple(active),
        }
    )


def setup(options: Options, seats: int, seed: int) -> State:
    """Shuffle, lay out the central row and the column order, deal 7 cards each (R7-R12)."""
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise ValueError(f"Mind Up! needs {MIN_PLAYERS}-{MAX_PLAYERS} players, not {seats}")
    deck = _shuffled(tuple(range(1, DECK_SIZE + 1)), rng_for(seed, 0))
    central = tuple(sorted(deck[:seats]))
    dealt = deck[seats:]
    hands = tuple(tuple(sorted(dealt[s * FIRST_HAND : (s + 1) * FIRST_HAND])) for s in range(seats))
    state = State(
        seed=seed,
        options=options,
        players=seats,
        order=_column_order(seed, 0),
        deck=dealt[seats * FIRST_HAND :],
        central=central,
        hands=hands,
        choices=(None,) * seats,
        collections=(EMPTY_COLLECTION,) * seats,
        played_this_round=((),) * seats,
    )
    if options.goals == "off":
        return state
    state = state.model_copy(
        update={"goal_deck": _shuffled(tuple(GOALS), rng_for(seed, 0, "goal_deck"))}
    )
    return _reveal_goals(state, options.goal_count)


def _over(state: State) -> bool:
    return len(state.results) == ROUNDS


def to_act(state: State) -> frozenset[int]:
    """Every seat that has not yet chosen its card this turn (empty once the game is over)."""
    if _over(state):
        return frozenset()
    return frozenset(s for s, choice in enumerate(state.choices) if choice is None)


def legal_actions(state: State, seat: int) -> list[Action]:
    """One Play per hand card for a seat that still has to choose, else nothing."""
    if seat not in to_act(state):
        return []
    return [_PLAYS[card] for card in state.hands[seat]]


def extra_actions(state: State, seat: int) -> list[Action]:
    """None: in this game a seat acts only when to_act names it."""
    return []


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """Lock in a seat's card; the last choice of the turn triggers the reveal (R15-R22)."""
    if _over(state):
        raise IllegalAction("game_over")
    if not 0 <= seat < state.players:
        raise IllegalAction("bad_seat", seat=seat)
    if state.choices[seat] is not None:
        raise IllegalAction("already_chosen", seat=seat)
    if not isinstance(action, Play):
        raise IllegalAction("not_legal")
    if action.card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", card=action.card)
    choices = tuple(action.card if s == seat else c for s, c in enumerate(state.choices))
    state = state.model_copy(update={"version": state.version + 1, "choices": choices})
    events = [
        Event(kind="mindup.chosen", seat=seat),
        Event(kind="mindup.chosen_card", seat=seat, params={"card": action.card}, visible_to=seat),
    ]
    if all(c is not None for c in choices):
        state = _reveal(state, events)
    return state, events


def _reveal(state: State, events: list[Event]) -> State:
    """Reveal, sort, claim the matching central card, place it; played cards form the row."""
    played = tuple(c for c in state.choices if c is not None)
    by_rank = sorted(range(state.players), key=lambda s: played[s])
    taken = [0] * state.players
    for rank, s in enumerate(by_rank):
        taken[s] = state.central[rank]
    collections, columns = [], []
    for s in range(state.players):
        cols, index = place(state.collections[s], taken[s])
        collections.append(cols)
        columns.append(index)
    hands = tuple(tuple(c for c in hand if c != played[s]) for s, hand in enumerate(state.hands))
    events.append(
        Event(
            kind="mindup.reveal",
            params={
                "turn": len(state.played_this_round[0]) + 1,
                "played": list(played),
                "taken": list(taken),
                "columns": columns,
                "central": sorted(played),
            },
        )
    )
    state = state.model_copy(
        update={
            "central": tuple(sorted(played)),
            "hands": hands,
            "choices": (None,) * state.players,
            "collections": tuple(collections),
            "last_played": played,
            "last_taken": tuple(taken),
            "played_this_round": tuple(
                (*log, played[s]) for s, log in enumerate(state.played_this_round)
            ),
        }
    )
    if all(len(hand) == 1 for hand in hands):
        state = _end_round(state, events)
    return state


def _end_round(state: State, events: list[Event]) -> State:
    """Last card straight into the collection (R20), score (R21), prepare the next round (R22)."""
    placed = [
        place(cols, hand[0]) for cols, hand in zip(state.collections, state.hands, strict=True)
    ]
    collections = tuple(cols for cols, _index in placed)
    events.append(
        Event(
            kind="mindup.last_cards",
            params={
                "cards": [hand[0] for hand in state.hands],
                "columns": [index for _cols, index in placed],
            },
        )
    )
    result = score_round(collections, state.order, state.goals)
    results = (*state.results, result)
    totals = [sum(r.scores[s] for r in results) for s in range(state.players)]
    events.append(
        Event(
            kind="mindup.round_scored",
            params={
                "round": state.round,
                "scores": list(result.scores),
                "column_points": list(result.column_points),
                "icon_points": list(result.icon_points),
                "goal_points": list(result.goal_points),
                "goals": list(result.goals),
                "totals": totals,
            },
        )
    )
    state = state.model_copy(
        update={"collections": collections, "hands": ((),) * state.players, "results": results}
    )
    if _over(state):
        final = outcome(state)
        assert final is not None
        events.append(
            Event(
                kind="mindup.game_over",
                params={
                    "scores": list(final.scores),
                    "winners": list(final.winners),
                    "tiebreak": final.tiebreak,
                },
            )
        )
        return state
    return _next_round(state, events)


def _next_round(state: State, events: list[Event]) -> State:
    """Collections back to hand plus one drawn card, new column order and goals (R22)."""
    n = state.players
    drawn = state.deck[:n]
    hands = tuple(
        tuple(sorted((*(c for cards in cols for c in cards), drawn[s])))
        for s, cols in enumerate(state.collections)
    )
    state = state.model_copy(
        update={
            "round": state.round + 1,
            "order": _column_order(state.seed, state.version),
            "deck": state.deck[n:],
            "hands": hands,
            "round_start_collections": state.collections,
            "collections": (EMPTY_COLLECTION,) * n,
            "played_this_round": ((),) * n,
        }
    )
    if state.options.goals == "per_round":
        state = state.model_copy(
            update={"goal_discard": (*state.goal_discard, *state.goals), "goals": ()}
        )
        state = _reveal_goals(state, state.options.goal_count)
    events.append(
        Event(
            kind="mindup.round_started",
            params={
                "round": state.round,
                "order": list(state.order),
                "goals": list(state.goals),
                "hand_size": len(hands[0]),
            },
        )
    )
    events.extend(
        Event(kind="mindup.drew", seat=s, params={"card": drawn[s]}, visible_to=s) for s in range(n)
    )
    return state


def _totals(state: State) -> tuple[int, ...]:
    return tuple(sum(r.scores[s] for r in state.results) for s in range(state.players))


def view(state: State, seat: int | None) -> View:
    """Public board plus, for a seat, its own hand and its own locked-in card."""
    own = seat if seat is not None and 0 <= seat < state.players else None
    over = _over(state)
    return View(
        seat=seat,
        version=state.version,
        to_act=tuple(sorted(to_act(state))),
        players=state.players,
        options=state.options,
        round=state.round,
        turn=0 if over else len(state.played_this_round[0]) + 1,
        game_over=over,
        order=state.order,
        central=state.central,
        collections=state.collections,
        hand=() if own is None else state.hands[own],
        hand_counts=tuple(len(h) for h in state.hands),
        chosen=tuple(c is not None for c in state.choices),
        my_choice=None if own is None else state.choices[own],
        deck_count=len(state.deck),
        goals=state.goals,
        results=state.results,
        totals=_totals(state),
        last_played=state.last_played,
        last_taken=state.last_taken,
        played_this_round=state.played_this_round,
        round_start_collections=state.round_start_collections,
    )


def _winner_tiebreak(keys: list[tuple[int, int, int]], code2: str) -> str | None:
    """Which rule settled the top place (R28-R30), None when the best total was unique."""
    codes = (None, "round3_score", code2)
    contenders = list(range(len(keys)))
    for level in range(3):
        best = max(keys[s][level] for s in contenders)
        contenders = [s for s in contenders if keys[s][level] == best]
        if len(contenders) == 1:
            return codes[level]
    return "shared_victory"


def outcome(state: State) -> Outcome | None:
    """Final totals, per-round scores and ranking with the R28-R30 tie-breaks."""
    if not _over(state):
        return None
    totals = _totals(state)
    bonus = tuple(sum(r.bonus_icons[s] for r in state.results) for s in range(state.players))
    net = tuple(sum(r.icon_points[s] for r in state.results) for s in range(state.players))
    second = bonus if state.options.tiebreak2 == "bonus_only" else net
    last = state.results[-1].scores
    keys = [(totals[s], last[s], second[s]) for s in range(state.players)]
    ranking = places(keys)
    details: dict[str, Any] = {
        name: [list(getattr(r, name)) for r in state.results]
        for name in ("column_points", "icon_points", "goal_points", "goals")
    }
    details |= {"bonus_icons": list(bonus), "net_icons": list(net)}
    return Outcome(
        scores=totals,
        round_scores=tuple(r.scores for r in state.results),
        ranking=ranking,
        winners=tuple(s for s in range(state.players) if ranking[s] == 1),
        tiebreak=_winner_tiebreak(
            keys, "bonus_icons" if state.options.tiebreak2 == "bonus_only" else "net_icons"
        ),
        details=details,
    )
