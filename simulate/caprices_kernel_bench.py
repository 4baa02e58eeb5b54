"""CPU seconds per Caprices self-play game: greedy and strong on the kernel and in Python, and the game's floor.

For each player count: `balance bench --side-by-side`'s measurement (`agent_bench.side_by_side`: the same
seeds, agents alternating game by game, events discarded) of the agents named, and the floor: random
self-play with every event logged as a run logs it (EventBuffer, Arrow table, Parquet part file), in CPU
time. Figures with four decimals (the side-by-side table prints three, too few at a millisecond a game).

    python -m simulate.caprices_kernel_bench --games 400 --counts 2,3,4,5
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from engine.core.agents import make_agent
from engine.core.buffer import EventBuffer
from engine.core.driver import play_game
from engine.core.game import Game
from engine.registry import get_game
from lake import layout
from simulate.agent_bench import side_by_side

AGENTS = ("strong", "strong-python", "greedy", "greedy-python", "random")


FLOOR_SEEDS = 1_000_000
"""The floor plays seeds of its own: games the side-by-side played already would find their end scores cached."""


def logged_floor(game: Game, players: int, games: int, seed: int) -> float:
    """CPU seconds per random self-play game, every event logged to a Parquet part file."""
    seed += FLOOR_SEEDS
    ruleset = game.load_ruleset(game.default_ruleset)
    buffer = EventBuffer.for_game(game)
    started = time.process_time()
    for k in range(games):
        play_game(game, ruleset, [make_agent("random", game) for _ in range(players)], seed + k, buffer, k)
    with tempfile.TemporaryDirectory(prefix="balance-floor-") as folder:
        layout.write_table_atomic(buffer.to_table("floor"), Path(folder) / layout.part_name(0))
    return (time.process_time() - started) / games


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simulate.caprices_kernel_bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--counts", default="2,3,4,5")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agents", default=",".join(AGENTS))
    args = parser.parse_args(argv)
    game, agents = get_game("caprices"), args.agents.split(",")
    logged_floor(game, 2, 20, args.seed - 100)  # warm-up: Arrow's first use
    print(f"| players | {' | '.join(f'{a} s/game' for a in agents)} | random, logged s/game |")
    print("|---|" + "---|" * (len(agents) + 1))
    for players in (int(p) for p in args.counts.split(",")):
        cell = side_by_side(game, game.default_ruleset, players, agents, args.games, args.seed)
        floor = logged_floor(game, players, args.games, args.seed)
        times = " | ".join(f"{cell.per_game(i):.4f}" for i in range(len(agents)))
        print(f"| {players} | {times} | {floor:.4f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
