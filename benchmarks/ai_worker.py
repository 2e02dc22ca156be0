"""What an AI decision costs the bot's own process: decided there, or asked of the AI worker.

Run: python -m benchmarks.ai_worker [--positions 100] [--rounds 5]

Positions come from seeded random games of every game. The worker (`bot.ai_worker.AiWorker`: a
`ProcessPoolExecutor` of one process, started from a fork server) is asked the way the bot asks
it under load, many decisions in flight at once, on the bot's own event loop (uvloop where it
builds). CPU is this process's (the bot's side: its event loop and the pool's threads that send
the positions and read back the decisions), not the worker's; shared machines are noisy.
"""

from __future__ import annotations

import argparse
import asyncio
import time

import engines
from bot.ai_worker import AiWorker, decide
from bot.event_loop import run_until_complete
from tests.bot.test_ai_worker import positions


async def measure(worker: AiWorker, slug: str, per_game: int, rounds: int) -> tuple[float, float]:
    """The bot-side CPU per decision of one game: decided in the bot, asked of the worker."""
    asked = positions(slug, per_game)
    cpu = time.process_time()
    for seed in range(rounds):
        for state, seat in asked:
            decide(slug, state, seat, seed)
    in_bot = (time.process_time() - cpu) / (rounds * len(asked))
    cpu = time.process_time()
    for seed in range(rounds):
        await asyncio.gather(*(worker.choose(slug, state, seat, seed) for state, seat in asked))
    through_worker = (time.process_time() - cpu) / (rounds * len(asked))
    return in_bot, through_worker


async def run(per_game: int, rounds: int) -> None:
    """Print the bot-side CPU per decision of each game, in the bot and through the worker."""
    worker = AiWorker(enabled=True)
    await worker.start()
    try:
        state, seat = positions("zero", 1)[0]
        await worker.choose("zero", state, seat, seed=0)  # started, with every engine imported
        print(f"{rounds} x {per_game} decisions per game; the bot's CPU per decision:")
        for slug in engines.SLUGS:
            in_bot, through_worker = await measure(worker, slug, per_game, rounds)
            print(
                f"  {slug:10s} decided in the bot {in_bot * 1e6:6.0f} us,"
                f" asked of the worker {through_worker * 1e6:6.0f} us"
            )
    finally:
        await worker.stop()


def main() -> None:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100, help="positions per game")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    run_until_complete(run(args.positions, args.rounds))


if __name__ == "__main__":
    main()
