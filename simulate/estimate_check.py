"""4 Gods: the shortlist's `quick_evaluate` against the reference search's `evaluate`, on many played states.

    python -m simulate.estimate_check --games 300            # 300 games per player count (2, 3, 4)
    python -m simulate.estimate_check --games 50 --ruleset my_variant.toml

Plays games (random and greedy seats, so boards of every shape and fill) and,
at every decision, compares the two estimates on the state itself and on
leaves of its board (every legal command planned and the plans in progress
carried out, as the shortlist scores them). Any difference is an error naming
the seed, the decision and the command; the count of states compared is
printed. tests/gods/test_quick_estimate.py runs the same comparison small.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from dataclasses import dataclass
from typing import Any

from engine.core.agents import make_agent
from engine.core.chance import Chance
from engine.core.driver import NullSink, play_game
from engine.core.ruleset import Ruleset
from engine.gods.agents.quick_estimate import DecisionBoard, quick_evaluate
from engine.gods.agents.search import evaluate
from engine.gods.game import GAME


@dataclass
class Compared:
    """How many states were compared: decision states and leaves of them."""

    states: int = 0
    leaves: int = 0


class EstimatesDiffer(AssertionError):
    """The two estimates gave different numbers."""


def compare_on_games(ruleset: Ruleset, seeds: range, players: tuple[int, ...] = (2, 3, 4),
                     leaf_share: int = 1) -> Compared:
    """Play a game per seed and player count; compare the estimates at every decision and on every
    `leaf_share`-th legal command's leaf; raises EstimatesDiffer at the first difference."""
    compared = Compared()
    for count in players:
        for seed in seeds:
            agents = [make_agent("random" if (seed + s) % 2 else "greedy", GAME) for s in range(count)]
            where = f"{ruleset.name}, {count} players, seed {seed}"
            observer = functools.partial(_compare, leaf_share=leaf_share, where=where, compared=compared)
            final = play_game(GAME, ruleset, agents, seed, NullSink(), observer=observer)
            _check(final, 0, None, f"{where}, the final state")
    return compared


def _compare(state: Any, player: int, legal: Any, command: Any, *, leaf_share: int, where: str,
             compared: Compared) -> None:
    """The observer: both estimates on the decision state and on its leaves."""
    _check(state, player, None, f"{where}, decision at version {state.version}")
    compared.states += 1
    board = DecisionBoard(state.edges_at, state.groups_at)
    for command in legal[::leaf_share]:
        leaf = state.copy()
        for event in GAME.decide(leaf, command, Chance(compared.leaves)):
            leaf = GAME.evolve(leaf, event)
        _check(leaf, player, board, f"{where}, decision at version {state.version}, leaf {command!r}")
        compared.leaves += 1


def _check(state: Any, player: int, board: DecisionBoard | None, where: str) -> None:
    expected = evaluate(state, player)
    got = quick_evaluate(state.copy(), player, board, in_place=True)
    if got != expected:
        raise EstimatesDiffer(f"{where}: quick_evaluate {got} != evaluate {expected}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count (default: 100)")
    parser.add_argument("--ruleset", default="standard", help="ruleset name or .toml path (default: standard)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default: 1)")
    args = parser.parse_args(argv)
    started = time.process_time()
    try:
        compared = compare_on_games(GAME.load_ruleset(args.ruleset), range(args.seed, args.seed + args.games))
    except EstimatesDiffer as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"equal on {compared.states:,} decision states and {compared.leaves:,} leaves "
          f"({args.games} games at each of 2, 3 and 4 players, {time.process_time() - started:.0f} CPU s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
