"""Genial under random play: token conservation, turn-start invariants, secrecy, determinism."""

from __future__ import annotations

import json
import random
from collections import deque
from unittest.mock import patch

import pytest

from engines import genial
from engines.genial import rules
from engines.genial.models import COLOURS, PER_COLOUR
from engines.genial.rules import dead_position, outside
from tests.engines.playout import play, random_choice, steps

OPTIONS = [
    genial.Options(),
    genial.Options(three_player_target=6, games=2, start_seat=1, series_tiebreak_most_wins=True),
]


def held(state: genial.State) -> tuple[int, ...]:
    """Tokens per colour over reserve, centre, staging area and collections."""
    return tuple(
        state.reserve[c]
        + state.centre[c]
        + state.staging.count(c)
        + sum(collection[c] for collection in state.collections)
        for c in range(COLOURS)
    )


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_tokens_are_conserved_and_turns_start_clean(players: int, options: genial.Options) -> None:
    for seed in range(6):
        final = None
        for state, seat, action in steps(genial, players, seed, options=options):
            assert held(state) == (PER_COLOUR,) * COLOURS
            assert len(set(state.staging)) == len(state.staging)
            if state.phase == "start":
                # Section 15: a turn starts with an empty staging area, capped collections and
                # (R5) a centre of at least three tokens.
                assert state.staging == () and sum(state.centre) >= 3
                assert all(max(col) <= state.target for col in state.collections)
            else:
                assert all(state.centre[c] for c in state.staging)
            new, _ = genial.apply(state, seat, action)
            assert new.version == state.version + 1
            if new.game == state.game:
                assert all(
                    not before or after
                    for old, now in zip(state.lines, new.lines, strict=True)
                    for before, after in zip(old, now, strict=True)
                ), "a colour lost its earned bonus line"
            final = new
        assert final is not None and held(final) == (PER_COLOUR,) * COLOURS
        result = genial.outcome(final)
        assert result is not None
        assert len(final.history) == options.games
        assert len(result.round_scores) == (options.games if options.games > 1 else 0)
        assert all(max(col) <= final.target for col in final.collections)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_hold_no_secret_and_are_the_same_for_every_seat(players: int) -> None:
    for state, _seat, _action in steps(genial, players, 9):
        public = json.loads(genial.view(state, None).model_dump_json())
        assert public["reserve_count"] == sum(state.reserve)
        # The only secret is the future draws: no seed and no reserve contents or order.
        assert not {"seed", "reserve", "reserve_order", "deck"} & set(public)
        for seat in range(players):
            mine = json.loads(genial.view(state, seat).model_dump_json())
            assert mine.pop("seat") == seat
            assert mine == {k: v for k, v in public.items() if k != "seat"}


@pytest.mark.parametrize("players", [2, 4])
def test_same_seed_same_draws(players: int) -> None:
    def transcript(seed: int) -> list[str]:
        events = []
        for state, seat, action in steps(genial, players, seed):
            events += [e.model_dump_json() for e in genial.apply(state, seat, action)[1]]
        return events

    assert transcript(3) == transcript(3)
    assert transcript(3) != transcript(4)


def test_random_play_ends_every_game_with_a_winner_a_dead_position_or_a_stall() -> None:
    for players in (2, 3, 4):
        for seed in range(10):
            final = play(genial, players, seed)
            result = genial.outcome(final)
            assert result is not None
            assert result.result in ("won", "deadlock", "stalled")
            if result.result == "won":
                target = genial.setup(genial.Options(), players, seed).target
                winner = result.winners[0]
                assert result.details["collections"][winner] == [target] * COLOURS
            if result.result == "deadlock":
                assert dead_position(final.collections, final.target)


# --- R29: the dead-position test against an exhaustive search over every choice and draw ---


class Draws:
    """Stands in for the engine's random draw: reveals the planned colours, then the first one."""

    def __init__(self) -> None:
        self.plan: list[int] = []
        self.taken: list[int] = []
        self.arity: list[int] = []

    def pick(self, reserve: tuple[int, ...], _rng: object) -> int:
        colours = [c for c in range(COLOURS) if reserve[c]]
        step = len(self.taken)
        choice = self.plan[step] if step < len(self.plan) else 0
        self.taken.append(choice)
        self.arity.append(len(colours))
        return colours[choice]

    def results(self, state: genial.State, action: genial.Action) -> list[genial.State]:
        """The state after `action` for every colour that each of its draws could reveal."""
        found: list[genial.State] = []
        plans: list[list[int]] = [[]]
        while plans:
            self.plan, self.taken, self.arity = plans.pop(), [], []
            found.append(genial.apply(state, state.turn, action)[0])
            for step in range(len(self.plan), len(self.taken)):
                plans += [[*self.taken[:step], k] for k in range(1, self.arity[step])]
        return found


def position_key(state: genial.State) -> tuple[object, ...]:
    """What the rules depend on (the order of the staging area does not matter)."""
    staged = tuple(sorted(state.staging))
    flags = (state.turn, state.phase, state.bonus_turn, state.bonus_pending)
    return (state.reserve, state.centre, staged, *flags, state.lines)


def can_change(root: genial.State, limit: int = 100_000) -> bool:
    """Whether some sequence of choices and draws, by anyone, changes a collection.

    Breadth-first over every position reachable without a collection change, played by the
    engine itself with R29 switched off (a dead position plays on) and R28's idle count reset
    (it never stalls). The search is finite: with the collections fixed, a position is the split
    of the tokens outside them into reserve, centre and staging area, the seat to move and the
    bonus turns queued before the search."""
    draws = Draws()
    root = root.model_copy(update={"idle_turns": 0})
    seen, queue = {position_key(root)}, deque([root])
    with (
        patch.object(rules, "_pick", draws.pick),
        patch.object(rules, "dead_position", lambda *_: False),
    ):
        while queue:
            state = queue.popleft()
            for action in genial.legal_actions(state, state.turn):
                for new in draws.results(state, action):
                    if new.collections != root.collections or new.game != root.game:
                        return True
                    new = new.model_copy(update={"idle_turns": 0})
                    if position_key(new) not in seen:
                        seen.add(position_key(new))
                        queue.append(new)
            assert len(seen) < limit, "the search grew too large"
    return False


def played_on(state: genial.State, seat: int, action: genial.Action) -> genial.State:
    """The state after `action` had R29 not ended the game."""
    with patch.object(rules, "dead_position", lambda *_: False):
        return genial.apply(state, seat, action)[0]


def check_game(states: list[tuple[genial.State, int, genial.Action]], few: int) -> int:
    """R29 along one game: no position offered to a player is dead (a dead one ends the game at
    once), the search confirms every position found dead, and every turn start with at most
    `few` tokens outside the collections, and the last position, can still change. Returns the
    number of dead positions found."""
    deadlocks = 0
    for index, (state, seat, action) in enumerate(states):
        assert not dead_position(state.collections, state.target)
        new, events = genial.apply(state, seat, action)
        if any(e.kind == "genial.deadlock" for e in events):
            deadlocks += 1
            assert dead_position(new.history[-1].collections, state.target)
            assert not can_change(played_on(state, seat, action))
        elif index == len(states) - 1 or (
            state.phase == "start" and sum(outside(state.collections)) <= few
        ):
            assert can_change(state)
    return deadlocks


@pytest.mark.parametrize(
    ("players", "target"), [(2, 7), (3, 7), (3, 6), (4, 5)], ids=["2p", "3p", "3p-t6", "4p"]
)
def test_r29_random_games_end_exactly_at_dead_positions(players: int, target: int) -> None:
    options = genial.Options(three_player_target=6 if target == 6 else 7)
    for seed in range(25):
        states = list(steps(genial, players, seed, options=options))
        assert states[0][0].target == target
        check_game(states, few=8)


def near_dead(rng: random.Random, drawing: bool = False) -> genial.State:
    """A random 3-player, T = 7 position close to R28's. Half are R28's position (each seat two
    colours at 6, at random) with up to two more tokens taken from random collections; half have
    every colour up to three short of 7 + 7 + 7, shared out at random. Nobody is complete. The
    tokens outside lie at random in the reserve and the centre (at least three there, R5);
    `drawing`: a player is in the middle of a draw sequence, with a staged colour that the centre
    also holds (R8), where possible."""
    while True:
        collections = [[7] * COLOURS for _ in range(3)]
        if rng.random() < 0.5:
            sixes = list(range(COLOURS))
            rng.shuffle(sixes)
            for index, colour in enumerate(sixes):
                collections[index // 2][colour] = 6
            for _ in range(rng.choice([0, 1, 1, 2])):
                collections[rng.randrange(3)][rng.randrange(COLOURS)] -= 1
        else:
            for colour in range(COLOURS):
                for _ in range(rng.choice([0, 1, 1, 1, 1, 1, 2, 3])):
                    collections[rng.randrange(3)][colour] -= 1
        if all(min(col) < 7 for col in collections):
            break
    held = tuple(tuple(col) for col in collections)
    out = outside(held)
    pairs = [c for c in range(COLOURS) if out[c] >= 2]
    staged = tuple(sorted(rng.sample(pairs, min(len(pairs), 2)))) if drawing else ()
    loose = [c for c, n in enumerate(out) for _ in range(n - 2 * (c in staged))]
    rng.shuffle(loose)
    cut = rng.randint(min(3, len(loose)), len(loose))
    centre = tuple(loose[:cut].count(c) + (c in staged) for c in range(COLOURS))
    return genial.State(
        seed=rng.randrange(1000),
        options=genial.Options(),
        players=3,
        first_seat=0,
        turn=rng.randrange(3),
        phase="drawing" if staged else "start",
        reserve=tuple(loose[cut:].count(c) for c in range(COLOURS)),
        centre=centre,
        staging=staged,
        collections=held,
        lines=tuple(tuple(n == 7 for n in col) for col in held),
    )


def test_r29_the_test_agrees_with_the_search_on_near_dead_positions() -> None:
    rng = random.Random(29)
    verdicts = {True: 0, False: 0}
    for _ in range(200):
        state = near_dead(rng, drawing=rng.random() < 0.2)
        dead = dead_position(state.collections, 7)
        assert can_change(state) is not dead, state
        verdicts[dead] += 1
    assert min(verdicts.values()) >= 20, verdicts


def test_r29_random_play_from_near_dead_positions_ends_exactly_when_dead() -> None:
    rng = random.Random(2929)
    deadlocks = 0
    for seed in range(40):
        state = near_dead(rng)
        while dead_position(state.collections, 7):  # a game never offers a dead position
            state = near_dead(rng)
        state = state.model_copy(update={"seed": seed})
        states = []
        while genial.outcome(state) is None and len(states) < 2000:
            action = random_choice(genial, state, state.turn, rng)
            states.append((state, state.turn, action))
            state = genial.apply(state, state.turn, action)[0]
        deadlocks += check_game(states, few=6)
    assert deadlocks >= 10
