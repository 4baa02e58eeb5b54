"""Throughput of 4 Gods self-play with the columnar log on (one core).

    .venv/bin/python -m simulate.gods_bench --games 200 --players 4 --agent random
"""

from __future__ import annotations

import argparse
import time

from engine.core import EventBuffer, make_agent, play_game
from engine.gods.game import GAME


def main() -> None:
    """Play games into an EventBuffer and print games/s and events/s."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agent", default="random")
    parser.add_argument("--profile", action="store_true", help="print the hottest functions")
    args = parser.parse_args()
    ruleset = GAME.load_ruleset(GAME.default_ruleset)
    buffer = EventBuffer(GAME.columns)
    run = lambda: _play(args.games, args.players, args.agent, ruleset, buffer)  # noqa: E731
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("run()", globals(), {"run": run}, "/tmp/gods.prof")
        pstats.Stats("/tmp/gods.prof").sort_stats("tottime").print_stats(15)
        return
    start, cpu_start = time.perf_counter(), time.process_time()
    run()
    table = buffer.to_table("bench")
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    print(f"{args.games} games, {args.players} x {args.agent}: {elapsed:.2f} s wall, {cpu:.2f} s CPU; "
          f"{args.games / cpu:.1f} games per CPU-second, {table.num_rows / cpu:,.0f} events per CPU-second "
          f"({table.num_rows} events, incl. to_table; wall-clock rate {args.games / elapsed:.1f} games/s)")


def _play(games: int, players: int, agent: str, ruleset: object, buffer: EventBuffer) -> None:
    for seed in range(games):
        agents = [make_agent(agent, GAME) for _ in range(players)]
        play_game(GAME, ruleset, agents, seed, buffer, game_id=seed)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
