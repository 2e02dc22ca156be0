"""What an AI decision costs the bot's own process: decided there, or asked of the AI worker.

Run: python -m benchmarks.ai_worker [--positions 60] [--rounds 5]

Positions come from seeded random games of the searching AIs (Zero, The Game). The worker is
asked the way the bot asks it under load, many decisions in flight at once. CPU is this
process's (the bot's side), not the worker's; shared machines are noisy.
"""

from __future__ import annotations

import argparse
import asyncio
import time

from bot.ai_worker import SEARCHING, AiWorker, decide
from tests.bot.test_ai_worker import positions


async def run(per_game: int, rounds: int) -> None:
    """Print the bot-side CPU per decision, in the bot and through the worker."""
    asked = [
        (slug, state, seat)
        for slug in sorted(SEARCHING)
        for state, seat in positions(slug, per_game)
    ]
    worker = AiWorker(enabled=True)
    await worker.start()
    try:
        await worker.choose(*asked[0], seed=0)  # the worker has started and imported the engines
        cpu = time.process_time()
        for seed in range(rounds):
            for slug, state, seat in asked:
                decide(slug, state, seat, seed)
        in_bot = (time.process_time() - cpu) / (rounds * len(asked))
        cpu, wall = time.process_time(), time.perf_counter()
        for seed in range(rounds):
            await asyncio.gather(*(worker.choose(*a, seed=seed) for a in asked))
        through_worker = (time.process_time() - cpu) / (rounds * len(asked))
        wall = (time.perf_counter() - wall) / rounds
    finally:
        await worker.stop()
    print(f"{rounds} x {len(asked)} decisions ({', '.join(sorted(SEARCHING))})")
    print(f"decided in the bot:       {in_bot * 1e6:6.0f} us of the bot's CPU each")
    print(f"asked of the worker:      {through_worker * 1e6:6.0f} us of the bot's CPU each")
    print(f"a round of {len(asked)} at once took {wall * 1e3:.0f} ms through the worker")


def main() -> None:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60, help="positions per game")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(run(args.positions, args.rounds))


if __name__ == "__main__":
    main()
