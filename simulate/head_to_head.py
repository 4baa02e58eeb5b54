"""One new agent against a yardstick, seats rotated: its win share with a 95% interval (issue 25's gates).

    python -m simulate.head_to_head --game caprices --new strong --yardstick ismcts-ref --players 2 --games 400
    python -m simulate.head_to_head --game gardens --set bonus.extra_rewards_values=[11,10,9,8] ...   (a what-if)

Game k seats the new agent at seat k mod P and the yardstick in every other
seat (2 players: one each; 4 players: one new agent among three yardsticks),
seed `seed + k // P`, so each deal is played once from every seat. A win is
the best score; a tie for first splits the win among the tied seats. The
interval is Wilson's (statsmodels); a fair share is 1/P. CPU seconds per game
are the whole game's (process time). No lake: a quick gate, not a study.
`--set` plays both agents on a what-if variant of the ruleset (issue 25, item
4), written as for `balance compare` and checked by the game's own loader.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from statsmodels.stats.proportion import proportion_confint

from engine.core.agents import make_agent
from engine.core.driver import NullSink, play_game
from engine.core.errors import BalanceError
from engine.core.game import Game
from engine.core.ruleset import Ruleset
from engine.registry import get_game
from simulate.variants import variant_from_sets, variant_ruleset


@dataclass(frozen=True)
class HeadToHead:
    """The new agent's wins (ties split) over `games` games, and the CPU time they took."""

    games: int
    wins: float
    seconds: float

    @property
    def share(self) -> float:
        return self.wins / self.games

    def interval(self) -> tuple[float, float]:
        """Wilson 95% interval of the win share (split ties counted as their fraction)."""
        low, high = proportion_confint(self.wins, self.games, alpha=0.05, method="wilson")
        return float(low), float(high)


def head_to_head(game: Game, ruleset: str | Ruleset, players: int, new: str, yardstick: str, games: int,
                 seed: int) -> HeadToHead:
    """Play `games` games on `ruleset` (a name, a path or a loaded variant), the new agent's seat rotating,
    and count its share of the wins."""
    if isinstance(ruleset, str):
        ruleset = game.load_ruleset(ruleset)
    wins = seconds = 0.0
    for k in range(games):
        seat = k % players
        agents = [make_agent(new if s == seat else yardstick, game) for s in range(players)]
        started = time.process_time()
        final = play_game(game, ruleset, agents, seed + k // players, NullSink(), k)
        seconds += time.process_time() - started
        scores = game.scores(final)
        best = max(scores)
        if scores[seat] == best:
            wins += 1.0 / scores.count(best)
    return HeadToHead(games, wins, seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simulate.head_to_head", description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--ruleset", help="default: the game's default ruleset")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--new", default="strong")
    parser.add_argument("--yardstick", default="ismcts-ref")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=25_000)
    parser.add_argument("--set", action="append", default=[], metavar="SECTION.KEY=VALUE",
                        help="change one ruleset value for both agents (a TOML value; repeat for more)")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    name = args.ruleset or game.default_ruleset
    try:
        ruleset = game.load_ruleset(name)
        if args.set:
            variant = variant_from_sets(args.set)
            ruleset = variant_ruleset(game, ruleset, variant)
            name = f"{name} + {variant.describe()}"
    except BalanceError as exc:
        parser.error(str(exc))
    result = head_to_head(game, ruleset, args.players, args.new, args.yardstick, args.games, args.seed)
    low, high = result.interval()
    print(f"{args.game} {name} {args.players}p: {args.new} against {args.yardstick}: win share "
          f"{result.share:.1%} ({low:.1%}-{high:.1%}, Wilson 95%), {result.games} games, seats rotated, "
          f"seeds {args.seed}.., fair share {1 / args.players:.1%}; {result.seconds / result.games:.3f} CPU s/game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
