"""Engine benchmarks: random games per second, AI decision time, AI versus random, The Game AI.

Run: python -m benchmarks.engines [--games 500] [--thegame 1000] [--only SLUG]
Numbers are for one core (the process is single-threaded); shared machines are noisy.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time
from typing import Any

import engines
from engines.core import AnyGame
from engines.thegame.ai import PARAMS, action_for, plan_move
from tests.engines.playout import ai_choice, play, random_choice


def random_games_per_second(game: AnyGame, players: int, seconds: float = 2.0) -> float:
    """Complete random games per second."""
    done, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        play(game, players, seed)
        done, seed = done + 1, seed + 1
    return done / (time.perf_counter() - start)


def timed_ai(samples: list[float]) -> Any:
    """The AI chooser, recording each decision's duration."""

    def choose(game: AnyGame, state: Any, seat: int, rng: random.Random) -> Any:
        started = time.perf_counter()
        action = ai_choice(game, state, seat, rng)
        samples.append(time.perf_counter() - started)
        return action

    return choose


def ai_versus_random(
    game: AnyGame, players: int, games: int, samples: list[float]
) -> tuple[float, float, float]:
    """(AI win share with ties split, AI mean score, random seats' mean score)."""
    wins, ai_scores, other_scores = 0.0, [], []
    chooser = timed_ai(samples)
    for g in range(games):
        ai_seat = g % players
        choosers = [chooser if s == ai_seat else random_choice for s in range(players)]
        outcome = game.outcome(play(game, players, 10_000 + g, choosers))
        assert outcome is not None
        if ai_seat in outcome.winners:
            wins += 1 / len(outcome.winners)
        ai_scores.append(outcome.scores[ai_seat])
        other_scores += [outcome.scores[s] for s in range(players) if s != ai_seat]
    return wins / games, statistics.fmean(ai_scores), statistics.fmean(other_scores)


def percentile(samples: list[float], q: float) -> float:
    """The q-quantile of the samples, in milliseconds."""
    ordered = sorted(samples)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def thegame_team(players: int, games: int, chooser: Any) -> tuple[float, float]:
    """(win rate, mean cards left) of a whole team using one chooser."""
    game = engines.game("thegame")
    wins, left = 0, []
    for g in range(games):
        outcome = game.outcome(play(game, players, 20_000 + g, [chooser] * players))
        assert outcome is not None
        wins += outcome.result == "won"
        left.append(outcome.scores[0])
    return wins / games, statistics.fmean(left)


def forgetful_choice(game: AnyGame, state: Any, seat: int, rng: random.Random) -> Any:
    """The Game's AI without card memory: it knows the piles' tops, not what lies under them."""
    view = game.view(state, seat)
    params = dataclasses.replace(PARAMS[view.players], card_memory=False)
    return action_for(plan_move(view, params), game.legal_actions(state, seat))


def main() -> None:
    """Print every figure as a table row."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500, help="AI vs random games per count")
    parser.add_argument("--thegame", type=int, default=1000, help="The Game team games per count")
    parser.add_argument("--only", choices=engines.SLUGS)
    args = parser.parse_args()
    slugs = [args.only] if args.only else list(engines.SLUGS)
    print(
        "game       players  random games/s  AI p50 ms  AI p99 ms  AI win share  AI mean  random mean"
    )
    for slug in slugs:
        game = engines.game(slug)
        for players in range(game.SPEC.min_players, game.SPEC.max_players + 1):
            rate = random_games_per_second(game, players)
            samples: list[float] = []
            if game.SPEC.cooperative:
                # Cooperative: the AI is judged as a whole team, in the table below.
                thegame_team(players, 20, timed_ai(samples))
                versus = f"{'(team game, see below)':>34}"
            else:
                share, ai_mean, other_mean = ai_versus_random(game, players, args.games, samples)
                versus = f"{share:12.3f}  {ai_mean:7.1f}  {other_mean:11.1f}"
            print(
                f"{slug:10} {players:7}  {rate:14.1f}  {percentile(samples, 0.5):9.3f}  "
                f"{percentile(samples, 0.99):9.3f}  {versus}"
            )
    if "thegame" in slugs:
        print(
            f"\nThe Game, {args.thegame} seeded games per count (published best: 12/18/8/11/12 %)"
        )
        print(
            "players  AI win %  AI mean left  no-memory AI win %  no-memory mean left"
            "  random win %  random mean left"
        )
        for players in range(1, 6):
            ai_win, ai_left = thegame_team(players, args.thegame, ai_choice)
            nm_win, nm_left = thegame_team(players, args.thegame, forgetful_choice)
            rnd_win, rnd_left = thegame_team(players, min(args.thegame, 200), random_choice)
            print(
                f"{players:7}  {100 * ai_win:8.1f}  {ai_left:12.1f}  {100 * nm_win:18.1f}"
                f"  {nm_left:19.1f}  {100 * rnd_win:12.1f}  {rnd_left:16.1f}"
            )


if __name__ == "__main__":
    main()
