"""How much duplicate deals narrow a seat's interval at equal games (a measurement, not a test).

For each player count P, plays `deals` duplicate deals (each deal's P
rotations, `engine.core.duplicate`) and `deals * P` independent games (fresh
seeds) of one uniform line-up, and compares the two estimates of each seat's
win share at the same number of games:

* per game: the variance of one game's win share against P times the
  variance of one deal's mean over its rotations (so both are per game); the
  fixed-n interval width ratio is the square root of their ratio;
* the confidence sequences the verdicts use after those games: the
  betting sequence over the deals' means against, for the
  independent games, the same sequence over single games and the
  beta-binomial mixture (`simulate.sequential`).

A ratio below 1 means duplicate deals need fewer games for the same width
(games needed scale with the ratio squared). No lake: a measurement.

    python -m simulate.duplicate_check --game caprices --players 2,3,4 --deals 300
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

import numpy as np

from engine.core.agents import make_agent
from engine.core.driver import NullSink, play_game
from engine.core.game import Game
from engine.registry import get_game
from lake.spec import game_seed, parse_int_list
from simulate import sequential


@dataclass(frozen=True)
class SeatShares:
    """Win shares per seat: `duplicate[d][s]` a deal's mean over its rotations, `independent[k][s]` one game's."""

    players: int
    duplicate: np.ndarray
    independent: np.ndarray
    cpu_seconds: float


def win_shares(game: Game, final: object) -> list[float]:
    """Each seat's share of the win: 1 for the best score, split among tied seats."""
    scores = game.scores(final)
    best = max(scores)
    tied = scores.count(best)
    return [1.0 / tied if score == best else 0.0 for score in scores]


def play_shares(game: Game, ruleset_name: str, players: int, agent: str, deals: int, seed: int) -> SeatShares:
    """The deals' rotations and as many independent games (their seeds from `seed + 1`)."""
    ruleset = game.load_ruleset(ruleset_name)
    started = time.process_time()

    def one(game_seed_: int, rotation: int) -> list[float]:
        agents = [make_agent(agent, game) for _ in range(players)]
        return win_shares(game, play_game(game, ruleset, agents, game_seed_, NullSink(), rotation=rotation))

    duplicate = [np.mean([one(game_seed(seed, players, d), r) for r in range(players)], axis=0)
                 for d in range(deals)]
    independent = [one(game_seed(seed + 1, players, k), 0) for k in range(deals * players)]
    return SeatShares(players, np.array(duplicate), np.array(independent), time.process_time() - started)


def width_ratios(shares: SeatShares, alpha: float) -> dict[str, float]:
    """Duplicate over independent widths at equal games, averaged over seats."""
    p = shares.players
    per_game = [p * float(np.var(shares.duplicate[:, s], ddof=1)) / float(np.var(shares.independent[:, s], ddof=1))
                for s in range(p)]
    betting, beta = [], []
    for s in range(p):
        dup_lo, dup_hi = sequential.betting_sequence(shares.duplicate[:, s], alpha, sequential.TUNED_FOR // p)
        ind_lo, ind_hi = sequential.betting_sequence(shares.independent[:, s], alpha)
        bb_lo, bb_hi = sequential.rate_sequence(float(shares.independent[:, s].sum()), len(shares.independent),
                                                1 / p, alpha)
        betting.append((dup_hi - dup_lo) / (ind_hi - ind_lo))
        beta.append((dup_hi - dup_lo) / (bb_hi - bb_lo))
    return {"fixed_n": float(np.sqrt(statistics.fmean(per_game))), "variance": statistics.fmean(per_game),
            "betting": statistics.fmean(betting), "beta_binomial": statistics.fmean(beta)}


def deals_to_decide(shares: SeatShares, alpha: float, min_effect: float, look: int = 10) -> tuple[str, int] | None:
    """Seat 1's first decided verdict under duplicate deals, looked at every `look` deals, and the deals it took."""
    values, players = shares.duplicate[:, 0], shares.players
    for n in range(look, len(values) + 1, look):
        verdict = sequential.betting_verdict(values[:n], 1 / players, min_effect, alpha,
                                             sequential.TUNED_FOR // players)
        if verdict != sequential.UNDECIDED:
            return str(verdict), n
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simulate.duplicate_check", description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--ruleset", help="default: the game's default ruleset")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=24_003)
    parser.add_argument("--alpha", type=float, default=0.05 / 14, help="per cell (default: a family of 14 seats)")
    parser.add_argument("--min-effect", type=float, default=0.02, help="the minimum that matters (default: 0.02)")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    ruleset = args.ruleset or game.default_ruleset
    for players in parse_int_list(args.players, "--players"):
        shares = play_shares(game, ruleset, players, args.agent, args.deals, args.seed)
        ratio = width_ratios(shares, args.alpha)
        print(f"{args.game} {ruleset} {players}p {args.agent}: {args.deals} deals x {players} rotations against "
              f"{args.deals * players} independent games; width ratio duplicate/independent at equal games: "
              f"fixed-n {ratio['fixed_n']:.3f} (variance per game x{ratio['variance']:.3f}), "
              f"betting sequence {ratio['betting']:.3f}, against the beta-binomial sequence "
              f"{ratio['beta_binomial']:.3f}; {shares.cpu_seconds / (2 * args.deals * players):.3f} CPU s/game")
        decided = deals_to_decide(shares, args.alpha, args.min_effect)
        print("  seat 1 under duplicate deals: " + (f"{decided[0]} after {decided[1]} deals ({decided[1] * players} "
              "games)" if decided else f"undecided after {args.deals} deals") + f" (±{args.min_effect:.0%}, looked "
              "at every 10 deals)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
