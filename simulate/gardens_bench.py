"""Throughput of Four Gardens self-play with the event log on: `python -m simulate.gardens_bench`.

Plays N games with the chosen agents into one EventBuffer (as the simulator
does) and prints games/s and events/s on this core. Optional `--profile`.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from engine.core import EventBuffer, make_agent, play_game
from engine.gardens.game import GAME


def run(ruleset_name: str, players: int, agent: str, games: int) -> tuple[float, int]:
    """Seconds taken and events logged for `games` games."""
    ruleset = GAME.load_ruleset(ruleset_name)
    buffer = EventBuffer(GAME.columns)
    start = time.perf_counter()
    for seed in range(games):
        play_game(GAME, ruleset, [make_agent(agent, GAME) for _ in range(players)], seed, buffer, game_id=seed)
    return time.perf_counter() - start, len(buffer)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agent", default="random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        call = "run(args.ruleset, args.players, args.agent, args.games)"
        cProfile.runctx(call, globals(), locals(), "/tmp/gardens.prof")
        pstats.Stats("/tmp/gardens.prof").sort_stats("tottime").print_stats(15)
        return
    seconds, events = run(args.ruleset, args.players, args.agent, args.games)
    print(f"{args.games} games ({args.ruleset}, {args.players} players, {args.agent}): "
          f"{args.games / seconds:.1f} games/s, {events / seconds:,.0f} events/s, "
          f"{events / args.games:.0f} events/game")


if __name__ == "__main__":
    main()
