"""`balance tile-value`: what each Four Gardens bonus tile is worth, two ways, with their conditions.

1. Choosing X instead of Y at the same decision: at up to D sampled bonus
   decisions in each of N games every tile on offer is forced and played out K
   times on shared random streams; all pairs are fitted on one scale (decision
   fixed effects, game-clustered 95% intervals, Holm-adjusted).
2. Owning a tile: a seat that takes it whenever offered against one that never
   does, on P shared deals per tile (paired score and win-share differences).

Writes the run to the lake (`tile_values/`, `tile_owning/`, `runs/<id>/manifest.json`)
and prints both estimates; `balance warehouse build` pools runs of the same
ruleset digest, player count and agents.
"""

from __future__ import annotations

import argparse
import os
import sys

import pandas as pd

from balance import args as arg
from balance.output import add_json_flag, emit, records
from lake.layout import DEFAULT_LAKE
from lake.spec import parse_name_list
from simulate.tile_run import manifest_file, run_step
from simulate.tile_value import STREAMS, TileValueSpec
from warehouse.tile_models import owning_per_tile, tile_order
from warehouse.tile_scale import contrasts, decisions_frame, tile_values


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", default="base", help="base, gods-caprice or a .toml path (default: base)")
    parser.add_argument("--players", type=arg.bounded_int(1, 64, "players"), default=3,
                        help="player count (default: 3)")
    parser.add_argument("--games", type=arg.bounded_int(1, 1_000_000, "games"), default=10,
                        help="games to sample decisions from (default: 10)")
    parser.add_argument("--rollouts", type=arg.bounded_int(1, 10_000, "rollouts"), default=8,
                        help="play-outs per option, K (default: 8)")
    parser.add_argument("--decisions-per-game", type=arg.bounded_int(1, 1000, "decisions per game"), default=2,
                        help="sampled bonus decisions per game, D")
    parser.add_argument("--pairs", type=arg.bounded_int(0, 1_000_000, "pairs"), default=0,
                        help="prefer/avoid deals per tile for the value of owning")
    parser.add_argument("--seed", type=arg.seed, default=0,
                        help="run seed; game and stream seeds derive from it by hashing")
    parser.add_argument("--agents", default="greedy", help="one agent for all seats, or one per seat (default: greedy)")
    parser.add_argument("--streams", default="coupled", choices=STREAMS, help="random streams of the rollouts")
    parser.add_argument("--workers", type=arg.workers, help="worker processes (default: all cores; same results)")
    parser.add_argument("--lake", type=arg.output_folder, default=DEFAULT_LAKE,
                        help=f"lake folder (default: {DEFAULT_LAKE})")
    parser.add_argument("--no-progress", action="store_true", help="no progress line")
    add_json_flag(parser)


def run(args: argparse.Namespace) -> int:
    spec = TileValueSpec(args.ruleset, args.players, args.games, args.rollouts, args.seed,
                         tuple(parse_name_list(args.agents)), args.decisions_per_game, args.pairs, args.streams)

    def progress(what: str, done: int, total: int) -> None:
        if not args.no_progress:
            print(f"\r{what} {done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)

    run_id, tables, _ = run_step(spec, args.lake, progress, args.workers or os.cpu_count() or 1)
    print(f"{run_id}: {manifest_file(args.lake, run_id)}")
    choices = tables["tile_values"].to_pandas()
    decisions, games = choices.drop_duplicates(["game_seed", "seq"]).shape[0], choices.game_seed.nunique()
    print(f"conditions: agents {spec.lineup_label()}, {spec.players} players, ruleset {spec.ruleset}, "
          f"{decisions} decisions from {games} games, K = {spec.rollouts} rollouts, streams {spec.streams}")
    scale, pairs = _estimates(choices)
    _print_contrasts(scale, pairs)
    owning = tables["tile_owning"].to_pandas()
    owned = owning_per_tile(owning) if len(owning) else pd.DataFrame()
    if len(owned):
        _print_owning(owned)
    emit(args, {"run_id": run_id, "manifest": manifest_file(args.lake, run_id),
                "conditions": {"ruleset": spec.ruleset, "players": spec.players, "agents": spec.lineup_label(),
                               "decisions": decisions, "games": games, "rollouts": spec.rollouts,
                               "streams": spec.streams, "seed": spec.seed},
                "scale": records(scale), "contrasts": records(pairs), "owning": records(owned)})
    return 0


def _estimates(choices: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Each tile's value on one scale and every pair's contrast, largest first (empty without a decision)."""
    if choices.empty:
        return pd.DataFrame(), pd.DataFrame()
    frame, order = decisions_frame(choices), tile_order(set(choices.tile))
    scale = tile_values(frame, order)
    scale = scale.sort_values("score_value", ascending=False) if len(scale) else scale
    return scale, contrasts(frame, order).sort_values("score_diff", ascending=False)


def _print_contrasts(scale: pd.DataFrame, table: pd.DataFrame) -> None:
    if table.empty:
        print("no bonus decision offered two tiles; play more games (--games)")
        return
    if len(scale) > 3:  # many tiles: the scale first, then the largest differences only
        print(f"each tile against {scale.reference.iloc[0]} at the same decision (final score, 95% game-clustered):")
        for r in scale.itertuples():
            print(f"  {r.tile:13} {r.score_value:+6.2f} {_interval(r.score_lo, r.score_hi, '+6.2f')}  "
                  f"win share {r.win_value:+.3f}  (offered at {r.offered_decisions} decisions)")
    print(f"choosing X instead of Y at the same decision (final score, 95% game-clustered interval; "
          f"noise after Holm over {len(table)} pairs):")
    for r in (table.head(5) if len(scale) > 3 else table).itertuples():
        print(f"  {r.tile:13} instead of {r.instead_of:13} {r.score_diff:+6.2f} "
              f"{_interval(r.score_lo, r.score_hi, '+6.2f')}  win share {r.win_diff:+.3f}  "
              f"({r.direct_decisions} decisions offered both; "
              f"{'beyond noise' if r.beyond_noise else 'within noise'})")


def _print_owning(owned: pd.DataFrame) -> None:
    print("value of owning: always take it vs never (paired deals; final score and win share, 95%):")
    for r in owned.itertuples():
        print(f"  {r.tile:13} {r.score_diff:+6.2f} {_interval(r.score_lo, r.score_hi, '+6.2f', 'deals')}  win share "
              f"{r.win_diff:+.3f} {_interval(r.win_lo, r.win_hi, '+.3f', 'deals')}  over {r.pairs} deals, taken in "
              f"{r.took_rate:.0%}")


def _interval(lo: float, hi: float, spec: str, what: str = "decisions") -> str:
    """[lo, hi], or why there is none (one decision or deal has no spread to measure)."""
    if pd.isna(lo) or pd.isna(hi):
        return f"[no interval: too few {what}]"
    return f"[{lo:{spec}}, {hi:{spec}}]"
