"""How much the shared random streams reduce the noise of tile comparisons (a measurement, not a test).

At the same sampled decisions, each option is played out K times under each
stream scheme of `simulate.tile_value` ("independent", "shared", "coupled").
For every pair of options (X, Y) of a decision the K per-rollout differences
score(X, k) - score(Y, k) are formed; their variance is what the decision's
contrast estimate carries (divided by K). The figure reported is that
variance averaged over decisions and pairs, and the reduction of each
scheme against independent rollouts.

    .venv/bin/python -m simulate.tile_crn --ruleset base --players 3 --games 40 --rollouts 8
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import statistics

from engine.core.driver import fold
from engine.gardens.game import GAME
from simulate.tile_value import STREAMS, TileValueSpec, option_rollouts, sample_decisions


def difference_variance(spec: TileValueSpec) -> dict[str, tuple[float, int]]:
    """Per stream scheme: mean within-decision variance of per-rollout option differences, and the pair count."""
    ruleset = GAME.load_ruleset(spec.ruleset)
    variances: dict[str, list[float]] = {mode: [] for mode in STREAMS}
    for g in range(spec.games):
        for decision in sample_decisions(spec, ruleset, g):
            state = fold(GAME, ruleset, decision.prefix)
            for mode in STREAMS:
                scheme = dataclasses.replace(spec, streams=mode)
                scores = {t: [r[0] for r in option_rollouts(scheme, state, decision, t)] for t in decision.options}
                for x, y in itertools.combinations(decision.options, 2):
                    variances[mode].append(statistics.variance([a - b for a, b in zip(scores[x], scores[y])]))
    return {mode: (statistics.fmean(v), len(v)) for mode, v in variances.items() if v}


def main() -> None:
    parser = argparse.ArgumentParser(description="Variance of tile-option differences under each stream scheme.")
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--agents", default="greedy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    spec = TileValueSpec(args.ruleset, args.players, args.games, args.rollouts, args.seed,
                         tuple(args.agents.split(",")))
    result = difference_variance(spec)
    base = result["independent"][0]
    print(f"{spec.ruleset} {spec.players}p agents {spec.agents}, {spec.games} games, K = {spec.rollouts}")
    for mode, (variance, pairs) in result.items():
        print(f"{mode:12} variance of per-rollout option differences {variance:8.2f} over {pairs} option pairs; "
              f"reduction vs independent {1 - variance / base:6.1%}")


if __name__ == "__main__":
    main()
