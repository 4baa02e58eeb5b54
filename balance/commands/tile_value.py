"""`balance tile-value`: causal value of each Four Gardens bonus tile by paired simulation.

At up to D sampled bonus-tile decisions in each of N games, every tile on
offer is forced in turn and the game played out K times with the same seeds
(common random numbers); writes one row per (decision, option) to
`LAKE/tile_values/game=gardens/run=<run_id>/part-0.parquet` and prints the
per-tile summary (mean difference from the average option, 95% interval).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from simulate.lake import DEFAULT_LAKE
from simulate.spec import parse_name_list
from simulate.tile_value import TileValueSpec, measure, spec_run_id, summarise, write


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", default="base", help="base, gods-caprice or a .toml path (default: base)")
    parser.add_argument("--players", type=int, default=3, help="player count (default: 3)")
    parser.add_argument("--games", type=int, default=10, help="games to sample decisions from (default: 10)")
    parser.add_argument("--rollouts", type=int, default=8, help="play-outs per option, K (default: 8)")
    parser.add_argument("--decisions-per-game", type=int, default=2, help="sampled bonus decisions per game, D")
    parser.add_argument("--seed", type=int, default=0, help="first game seed; rollout seeds derive from it")
    parser.add_argument("--agents", default="greedy", help="one agent for all seats, or one per seat (default: greedy)")
    parser.add_argument("--lake", type=Path, default=DEFAULT_LAKE, help=f"lake folder (default: {DEFAULT_LAKE})")
    parser.add_argument("--no-progress", action="store_true", help="no progress line")


def run(args: argparse.Namespace) -> int:
    spec = TileValueSpec(args.ruleset, args.players, args.games, args.rollouts, args.seed,
                         tuple(parse_name_list(args.agents)), args.decisions_per_game)
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if not args.no_progress:
            print(f"\rgames {done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)

    table = measure(spec, progress)
    run_id = spec_run_id(spec)
    path = write(table, args.lake, run_id)
    decisions = len(set(table.column("decision").to_pylist()))
    print(f"{run_id}: {decisions} decisions, {table.num_rows} options, {spec.rollouts} rollouts each "
          f"in {time.perf_counter() - started:.1f}s -> {path}")
    print(f"{'tile':15} {'decisions':>9} {'score vs avg [95%]':>26} {'win share vs avg [95%]':>28}  noise?")
    for s in summarise(table):
        print(f"{s.tile:15} {s.decisions:9d} {s.score_vs_avg:+7.2f} [{s.score_lo:+7.2f}, {s.score_hi:+7.2f}] "
              f"{s.win_vs_avg:+8.3f} [{s.win_lo:+7.3f}, {s.win_hi:+7.3f}]  "
              f"{'beyond' if s.beyond_noise else 'within'}")
    return 0
