"""Ours against theirs: two agents head to head, 2 players, seats rotated, win share with a 95% interval.

    python -m engine.openspiel.headtohead --game caprices --agents ismcts:20,os-ismcts:20 --games 200 [--workers 2]

Game k seats agent (k mod 2) first; seeds `--seed` .. `--seed + games - 1`. A tie counts half a win. The
interval is Wilson's on the first agent's win share (ties as half). CPU seconds per game are each agent's
own decision time (time.process_time around its calls), so the machine's load does not enter them.
`--workers W` plays game k in process k mod W, with the same seeds and seats: the same games as one process.
`--progress` prints a line per game on stderr; `--tally LOG` reads such lines back and prints the result of
games 0 .. n-1, the longest even run of them the log has: what `--games n` gives, for a run cut short.
Nothing is written to the lake (`balance ladder` plays the same pairings into it).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from statsmodels.stats.proportion import proportion_confint

from engine.core.agents import make_agent
from engine.core.driver import NullSink, play_game
from engine.core.game import Game
from engine.registry import get_game


class Timed:
    """An agent whose decision CPU time is added up."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name, self.searches, self.reads_view = agent.name, agent.searches, agent.reads_view
        self.seconds = 0.0

    def choose(self, game: Game, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return self._timed(self.agent.choose, game, view, legal, rng)

    def search(self, game: Game, info: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return self._timed(self.agent.search, game, info, legal, rng)

    def _timed(self, decide: Callable[..., Any], *args: Any) -> Any:
        start = time.process_time()
        try:
            return decide(*args)
        finally:
            self.seconds += time.process_time() - start


def head_to_head(game_id: str, ruleset_name: str, names: tuple[str, str], games: int, seed: int,
                 workers: int = 1, progress: bool = False) -> dict[str, Any]:
    """The first agent's win share over `games` 2-player games, with its interval and each agent's CPU/game."""
    ruleset = get_game(game_id).load_ruleset(ruleset_name)
    if workers <= 1:
        parts = [play_games(game_id, ruleset_name, names, seed, range(games), progress)]
    else:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            parts = list(pool.map(play_games, *zip(*[(game_id, ruleset_name, names, seed, range(w, games, workers),
                                                      progress) for w in range(workers)])))
    wins = sum(part[0] for part in parts)
    low, high = proportion_confint(wins, games, method="wilson")
    return {"game": game_id, "ruleset": ruleset.name, "agents": names, "games": games, "share": wins / games,
            "low": low, "high": high, "cpu_per_game": [sum(part[1 + a] for part in parts) / games for a in (0, 1)]}


def play_games(game_id: str, ruleset_name: str, names: tuple[str, str], seed: int,
               indices: range, progress: bool = False) -> tuple[float, float, float]:
    """Games `indices` (game k: seed + k, the first agent in seat k mod 2): the first agent's wins (a tie half)
    and each agent's CPU seconds; with `progress`, a line per game on stderr (so a run cut short still tells)."""
    game = get_game(game_id)
    ruleset = game.load_ruleset(ruleset_name)
    agents = [Timed(make_agent(name, game)) for name in names]
    wins = 0.0
    for k in indices:
        before = [agent.seconds for agent in agents]
        seats = [agents[k % 2], agents[(k + 1) % 2]]
        scores = game.scores(play_game(game, ruleset, seats, seed + k, NullSink()))
        mine = k % 2  # the first agent's seat in game k
        won = 1.0 if scores[mine] > scores[1 - mine] else 0.5 if scores[mine] == scores[1 - mine] else 0.0
        wins += won
        if progress:
            cpu = " ".join(f"{agent.seconds - spent:.3f}" for agent, spent in zip(agents, before))
            print(f"game {k} seed {seed + k}: {names[0]} won {won}; CPU s {cpu}", file=sys.stderr, flush=True)
    return wins, agents[0].seconds, agents[1].seconds


PROGRESS = re.compile(r"^game (\d+) seed \d+: (\S+) won ([\d.]+); CPU s ([\d.]+) ([\d.]+)$")


def tally(lines: Sequence[str]) -> dict[str, Any]:
    """The result of games 0 .. n-1 from `--progress` lines, n the longest even prefix present (seats balanced)."""
    games: dict[int, tuple[float, float, float]] = {}
    first = ""
    for line in lines:
        match = PROGRESS.match(line.strip())
        if match:
            first = match[2]
            games[int(match[1])] = (float(match[3]), float(match[4]), float(match[5]))
    n = 0
    while n in games:
        n += 1
    n -= n % 2
    if n == 0:
        raise ValueError("no complete pair of games in the log: run with --progress and let two games finish")
    wins = sum(games[k][0] for k in range(n))
    low, high = proportion_confint(wins, n, method="wilson")
    return {"first": first, "games": n, "share": wins / n, "low": low, "high": high,
            "cpu_per_game": [sum(games[k][1 + a] for k in range(n)) / n for a in (0, 1)]}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tally", metavar="LOG", help="summarise the --progress lines of LOG instead of playing")
    parser.add_argument("--game")
    parser.add_argument("--ruleset", default=None)
    parser.add_argument("--agents", help="two agent names, comma-separated")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes (game k in process k mod W)")
    parser.add_argument("--progress", action="store_true", help="a line per game on stderr")
    args = parser.parse_args(argv)
    if args.tally:
        t = tally(Path(args.tally).read_text().splitlines())
        print(f"{args.tally}: games 0-{t['games'] - 1}: {t['first']} wins {100 * t['share']:.1f}% "
              f"({100 * t['low']:.1f}-{100 * t['high']:.1f}%, {t['games']} games, seats rotated); CPU s/game "
              f"{t['cpu_per_game'][0]:.3f}, {t['cpu_per_game'][1]:.3f}")
        return
    if not args.game or not args.agents:
        parser.error("--game and --agents are required (or --tally LOG)")
    first, second = args.agents.split(",")
    ruleset = args.ruleset or get_game(args.game).default_ruleset
    r = head_to_head(args.game, ruleset, (first, second), args.games, args.seed, args.workers,
                     args.progress)
    print(f"{r['game']} ({r['ruleset']}) {first} vs {second}: {first} wins {100 * r['share']:.1f}% "
          f"({100 * r['low']:.1f}-{100 * r['high']:.1f}%, {r['games']} games, seats rotated); CPU s/game "
          f"{first} {r['cpu_per_game'][0]:.3f}, {second} {r['cpu_per_game'][1]:.3f}")


if __name__ == "__main__":
    main()
