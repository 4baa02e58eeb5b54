"""A small lake from which every warehouse model is built, for the data dictionary and the contract tests.

Each game (4 Gods at 3 players too, where the faster side sits at two paces), a Joust, tile-value runs (two
greedy ones of one seed that overlap, and a random one: the other line-up) and a what-if experiment per game.
About 15 seconds of simulation; `python -m warehouse.write_dictionary --sample` builds it in a temporary folder.
"""

from __future__ import annotations

from pathlib import Path

from lake.spec import RunSpec
from simulate.experiment import Experiment, plan_arms, run_arms
from simulate.runner import run
from simulate.tile_run import run_step
from simulate.tile_value import TileValueSpec
from simulate.variants import variant_from_sets

RUNS = (
    ("caprices", "standard", (2, 4), ("random",), 12), ("caprices", "standard", (3,), ("random", "greedy"), 6),
    ("caprices-joust", "standard", (2, 3), ("random", "greedy"), 4),
    ("gardens", "base", (2, 3), ("greedy",), 6), ("gardens", "gods-caprice", (2,), ("greedy", "random"), 6),
    ("gods", "standard", (2, 3), ("greedy", "greedy-fast"), 6),
)
TILE_VALUE_RUNS = ((3, "greedy"), (4, "greedy"), (3, "random"))  # (games, agents), one seed
EXPERIMENTS = (("caprices", "standard", "setup.bonus_tokens[3]=12", ("random",)),
               ("gardens", "base", "turn.hand_size=6", ("greedy",)),
               ("gods", "standard", "hands.start_tiles=1", ("greedy",)))


def write_sample_lake(lake: Path) -> Path:
    """Simulate the sample runs into `lake` (a folder; runs already there are kept) and return it."""
    for game, ruleset, players, agents, games in RUNS:
        run(RunSpec(game, ruleset, players, agents, games, seed=3, batch_size=100), lake, workers=1, progress=False)
    for games, agent in TILE_VALUE_RUNS:
        run_step(TileValueSpec("base", 3, games=games, rollouts=2, seed=3, agents=(agent,), pairs=2), lake)
    for game, ruleset, change, lineup in EXPERIMENTS:
        experiment = Experiment(f"sample-{game}", game, ruleset, (2, 3), lineup, 4,
                                (variant_from_sets([change], "variant"),), seed=5, batch_size=100)
        run_arms(plan_arms(experiment), lake, workers=1, progress=False)
    return lake
