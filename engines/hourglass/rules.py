"""Hourglass rules: setup, turns (open / take / feed / forced discard), round end, refill, scoring.

Ruleset: docs/rules/hourglass.md, rulings A1-A12; variants as Options (start seat, the
5-player "deck used twice", the pile-card tie-break, the literal A1 exception, open scores).
"""

from __future__ import annotations

from typing import Any, Final, Literal

from engines.core import Event, IllegalAction, Outcome, places, rng_for
from engines.hourglass.models import (
    COLOUR,
    DECK_SIZE,
    HOLDERS,
    HOURGLASSES,
    JOKER,
    KEPT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    VALUE,
    VARIANT_HAND,
    Action,
    CardSet,
    Discard,
    FeedSet,
    OpenSet,
    Options,
    RoundResult,
    State,
    TakeSet,
    View,
    hand_size,
    refill_size,
)
from engines.options import require_fit

_SLUG: Final = "hourglass"


def can_place(card: int, top: int, ascending: bool) -> bool:
    """R13: may `card` go on a set whose top card is `top`?"""
    card_joker, top_joker = COLOUR[card] == JOKER, COLOUR[top] == JOKER
    if card_joker != top_joker and VALUE[card] == VALUE[top]:
        return True  # R13.1: the equal-value joker/colour swap, either way round
    if (VALUE[card] > VALUE[top]) != ascending or VALUE[card] == VALUE[top]:
        return False
    return card_joker or top_joker or COLOUR[card] == COLOUR[top]


BEATERS: Final[tuple[tuple[frozenset[int], ...], ...]] = tuple(
    tuple(
        frozenset(c for c in range(DECK_SIZE) if can_place(c, top, ascending))
        for top in range(DECK_SIZE)
    )
    for ascending in (False, True)
)
"""BEATERS[ascending][top]: every card that may be placed on that top card."""


# Every possible action, built once: actions are immutable, and legal_actions runs in every playout.
_OPEN: Final = tuple(
    tuple(OpenSet(card=c, ascending=asc) for asc in (False, True)) for c in range(DECK_SIZE)
)
_TAKE: Final = tuple(
    tuple(TakeSet(holder=h, card=c) for c in range(DECK_SIZE)) for h in range(HOLDERS)
)
_FEED: Final = tuple(
    tuple(FeedSet(holder=h, card=c) for c in range(DECK_SIZE)) for h in range(HOLDERS)
)
_DISCARD: Final = tuple(Discard(card=c) for c in range(DECK_SIZE))


def _event(what: str, seat: int | None = None, to: int | None = None, **params: Any) -> Event:
    return Event(kind=f"{_SLUG}.{what}", seat=seat, params=params, visible_to=to)


def _deal(
    deck: tuple[int, ...], players: int, size: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    hands = tuple(tuple(sorted(deck[i * size : (i + 1) * size])) for i in range(players))
    return hands, deck[players * size :]


def _deck_twice(options: Options, players: int) -> bool:
    return options.deck_twice if options.deck_twice is not None else players == 5


def setup(options: Options, seats: int, seed: int) -> State:
    """Shuffle, deal H cards each (R5-R7) and pick the start player (R8)."""
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise ValueError(f"Hourglass needs {MIN_PLAYERS}-{MAX_PLAYERS} players, not {seats}")
    require_fit(options, seats)
    rng = rng_for(seed, 0)
    start = options.start_seat if options.start_seat is not None else rng.randrange(seats)
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    hands, rest = _deal(tuple(deck), seats, hand_size(seats))
    return State(
        seed=seed,
        options=options,
        players=seats,
        start=start,
        current=start,
        deck=rest,
        hands=hands,
        holders=(None,) * HOLDERS,
        piles=((),) * seats,
    )


def to_act(state: State) -> frozenset[int]:
    """The seat on turn; nobody once the game is over."""
    return frozenset() if state.finished else frozenset({state.current})


def may_open(holders: tuple[CardSet | None, ...], options: Options, seat: int) -> bool:
    """Whether `seat` may open a set in an empty holder (R10); with the literal reading of A1,
    not while every set on the table is its own."""
    sets = [s for s in holders if s is not None]
    literal_block = options.exception_literal and sets and all(s.owner == seat for s in sets)
    return None in holders and not literal_block


def after_round(view: View) -> Literal["refill", "reshuffle", "end", "unsure"]:
    """What the end of the current round brings, as far as any seat can tell: the hands
    refilled (R19), every card shuffled into new hands (R23, the first pass of the 5-player
    variant), or the end of the game (R20); "unsure" while the forced discards of the turns
    left (each puts a card back under the deck) could still decide it."""
    need = view.players * refill_size(view.players)
    if view.deck_count >= need:
        return "refill"
    turns_left = sum(max(count - KEPT, 0) for count in view.hand_counts)
    if view.deck_count + turns_left >= need:
        return "unsure"
    return "reshuffle" if _deck_twice(view.options, view.players) and view.deck_pass == 1 else "end"


def _choices(state: State, seat: int) -> tuple[bool, dict[int, CardSet]]:
    """May `seat` open a set (R10, A1), and which sets may it take or feed (R11, R12)?"""
    opponents = {h: s for h, s in enumerate(state.holders) if s is not None and s.owner != seat}
    return may_open(state.holders, state.options, seat), opponents


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal move of `seat` in canonical order: open, take, feed, else discard (R9-R16)."""
    if state.finished or seat != state.current:
        return []
    hand = state.hands[seat]
    can_open, opponents = _choices(state, seat)
    actions: list[Action] = []
    if can_open:
        actions += [a for c in hand for a in _OPEN[c]]
    for h, s in opponents.items():
        beaters = BEATERS[s.ascending][s.top]
        actions += [_TAKE[h][c] for c in hand if c in beaters]
    actions += [_FEED[h][c] for h in opponents for c in hand]
    return actions or [_DISCARD[c] for c in hand]


def extra_actions(state: State, seat: int) -> list[Action]:
    """None: in this game a seat acts only when to_act names it."""
    return []


def _refuse(state: State, seat: int, action: Action) -> None:
    """Raise IllegalAction unless `action` is one of legal_actions(state, seat)."""
    if not 0 <= seat < state.players:
        raise IllegalAction("bad_seat", seat=seat)
    if state.finished:
        raise IllegalAction("game_over")
    if seat != state.current:
        raise IllegalAction("not_your_turn", seat=seat, current=state.current)
    if action.card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", card=action.card)
    can_open, opponents = _choices(state, seat)
    if isinstance(action, OpenSet) and not can_open:
        raise IllegalAction("no_empty_holder")
    if isinstance(action, TakeSet | FeedSet):
        target = state.holders[action.holder] if 0 <= action.holder < HOLDERS else None
        if target is None:
            raise IllegalAction("no_such_set", holder=action.holder)
        if target.owner == seat:
            raise IllegalAction("own_set", holder=action.holder)
        if isinstance(action, TakeSet) and action.card not in BEATERS[target.ascending][target.top]:
            raise IllegalAction("not_legal", kind=action.kind, card=action.card)
    if isinstance(action, Discard) and (can_open or opponents):
        raise IllegalAction("discard_not_forced", card=action.card)


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """Validate and play one action; ends the round, refills or ends the game as needed."""
    _refuse(state, seat, action)
    hand = tuple(c for c in state.hands[seat] if c != action.card)
    holders, deck = state.holders, state.deck
    if isinstance(action, OpenSet):
        h = holders.index(None)
        holders = _replace(
            holders, h, CardSet(owner=seat, ascending=action.ascending, cards=(action.card,))
        )
        events = [_event("open", seat, holder=h, card=action.card, ascending=action.ascending)]
    elif isinstance(action, TakeSet):
        old = holders[action.holder]
        assert old is not None
        swap = VALUE[action.card] == VALUE[old.top]
        holders = _replace(
            holders,
            action.holder,
            CardSet(owner=seat, ascending=old.ascending, cards=(*old.cards, action.card)),
        )
        events = [
            _event(
                "take", seat, holder=action.holder, card=action.card, from_seat=old.owner, swap=swap
            )
        ]
    elif isinstance(action, FeedSet):
        old = holders[action.holder]
        assert old is not None
        holders = _replace(
            holders, action.holder, old.model_copy(update={"cards": (action.card, *old.cards)})
        )
        events = [_event("feed", seat, holder=action.holder, card=action.card, owner=old.owner)]
    else:
        deck = (*deck, action.card)
        events = [_event("discard", seat), _event("discarded", seat, to=seat, card=action.card)]
    state = state.model_copy(
        update={
            "version": state.version + 1,
            "hands": _replace(state.hands, seat, hand),
            "holders": holders,
            "deck": deck,
            "current": (seat + 1) % state.players,
        }
    )
    if all(len(h) == KEPT for h in state.hands):
        state = _end_round(state, events)
    return state, events


def _end_round(state: State, events: list[Event]) -> State:
    """R18-R19, R23: collect the sets, then refill, reshuffle (variant) or end the game."""
    n = state.players
    piles = list(state.piles)
    hourglasses, cards = [0] * n, [0] * n
    for s in state.holders:
        if s is not None:
            piles[s.owner] = tuple(sorted((*piles[s.owner], *s.cards)))
            hourglasses[s.owner] += sum(HOURGLASSES[c] for c in s.cards)
            cards[s.owner] += len(s.cards)
    result = RoundResult(
        round=state.round,
        deck_pass=state.deck_pass,
        hourglasses=tuple(hourglasses),
        cards=tuple(cards),
    )
    events.append(_round_end_event(state, hourglasses, cards))
    if not state.options.open_scores:
        events += [
            _event("round_score", p, to=p, round=state.round, hourglasses=hourglasses[p])
            for p in range(n)
        ]
    start = (state.start + 1) % n
    update: dict[str, Any] = {
        "holders": (None,) * HOLDERS,
        "piles": tuple(piles),
        "results": (*state.results, result),
        "round": state.round + 1,
        "start": start,
        "current": start,
    }
    refill = refill_size(n)
    if len(state.deck) >= n * refill:
        order = [(start + i) % n for i in range(n)]
        deck, hands = state.deck, list(state.hands)
        for p in order:
            drawn, deck = deck[:refill], deck[refill:]
            hands[p] = tuple(sorted((*hands[p], *drawn)))
            events.append(_event("drew", p, to=p, cards=list(drawn)))
        events.append(_event("refill", count=refill, deck_count=len(deck)))
        update |= {"deck": deck, "hands": tuple(hands)}
    elif _deck_twice(state.options, n) and state.deck_pass == 1:
        everything = list(range(DECK_SIZE))
        rng_for(state.seed, state.version, "reshuffle").shuffle(everything)
        fresh, deck = _deal(tuple(everything), n, VARIANT_HAND)
        events.append(_event("reshuffle", deck_count=len(deck)))
        events += [_event("drew", p, to=p, cards=list(fresh[p])) for p in range(n)]
        update |= {"deck": deck, "hands": fresh, "piles": ((),) * n, "deck_pass": 2}
    else:
        update |= {"finished": True, "round": state.round, "start": state.start}
        final = state.model_copy(update=update)
        final_result = outcome(final)
        assert final_result is not None
        events.append(
            _event(
                "game_over",
                scores=list(final_result.scores),
                winners=list(final_result.winners),
                tiebreak=final_result.tiebreak,
            )
        )
        return final
    return state.model_copy(update=update)


def _round_end_event(state: State, hourglasses: list[int], cards: list[int]) -> Event:
    """Public round summary; hourglasses only with open_scores, the piles being face down (A8)."""
    if state.options.open_scores:
        return _event("round_end", round=state.round, cards=cards, hourglasses=hourglasses)
    return _event("round_end", round=state.round, cards=cards)


def _totals(results: tuple[RoundResult, ...]) -> tuple[int, ...]:
    return tuple(sum(col) for col in zip(*(r.hourglasses for r in results), strict=True))


def _cards_collected(state: State) -> tuple[int, ...]:
    """Cards each seat collected over every round, across the reshuffle that empties the score
    piles (R23): what R21's tie-break counts. Sets reach the piles only at a round's end (R18),
    and every round is recorded."""
    return tuple(sum(r.cards[s] for r in state.results) for s in range(state.players))


def outcome(state: State) -> Outcome | None:
    """Final hourglass totals (R20), ranking with the R21 tie handling; None while running."""
    if not state.finished:
        return None
    scores = _totals(state.results)
    cards = _cards_collected(state)
    by_score = places(scores)
    tiebreak = None
    ranking = by_score
    if state.options.tiebreak == "pile_cards":
        ranking = places(list(zip(scores, cards, strict=True)))
        if ranking != by_score:
            tiebreak = "pile_cards"
    return Outcome(
        scores=scores,
        round_scores=tuple(r.hourglasses for r in state.results),
        ranking=ranking,
        winners=tuple(p for p in range(state.players) if ranking[p] == 1),
        tiebreak=tiebreak,
        details={
            "pile_cards": list(cards),
            "rounds": len(state.results),
            "deck_passes": state.deck_pass,
        },
    )


def view(state: State, seat: int | None) -> View:
    """Public board plus, for a seat, its own hand and its own hourglass total (R24, A8)."""
    shown = set(range(state.players)) if state.options.open_scores or state.finished else {seat}
    totals = _totals(state.results) if state.results else (0,) * state.players
    return View(
        seat=seat,
        version=state.version,
        to_act=tuple(sorted(to_act(state))),
        players=state.players,
        options=state.options,
        round=state.round,
        deck_pass=state.deck_pass,
        start=state.start,
        current=None if state.finished else state.current,
        finished=state.finished,
        hand=state.hands[seat] if seat is not None else (),
        hand_counts=tuple(len(h) for h in state.hands),
        deck_count=len(state.deck),
        holders=state.holders,
        pile_counts=_cards_collected(state),
        collected=tuple(sorted(c for p in state.piles for c in p)),
        scores=tuple(t if p in shown else None for p, t in enumerate(totals)),
        round_scores=tuple(
            tuple(h if p in shown else None for p, h in enumerate(r.hourglasses))
            for r in state.results
        ),
    )
