"""What `balance compare`, `sweep` and `tune` share: common flags, play the arms, build, say what changed.

The answer is printed in the designer's words, biggest changes first: the
metric, where (overall, a player count, a seat, a Caprice ...), the baseline
and variant values and the paired difference with its 95% interval, for the
changes that are beyond noise after the multiple-comparison correction and at
least the minimum that matters (`simulate/study.toml [flags.min_effect]`).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd

from lake.layout import DEFAULT_LAKE
from reports import DEFAULT_OUT
from simulate.experiment import Experiment, plan_arms, run_arms
from warehouse import DEFAULT_WAREHOUSE
from warehouse.display_names import Names
from warehouse.variant_metrics import METRICS

SHOWN = 8  # changes printed on the terminal; the page lists them all


def add_common_arguments(parser: argparse.ArgumentParser, games_default: int | None = None) -> None:
    """The flags every what-if command takes (the shared spec, where data goes)."""
    parser.add_argument("--game", help="game id, e.g. caprices")
    parser.add_argument("--ruleset", help="the baseline ruleset: a name or .toml path (default: the game's own)")
    parser.add_argument("--games", type=int, default=games_default, help="games per player count in every arm")
    parser.add_argument("--players", help="player counts, e.g. 4 or 2,3,4 (default: every count the game allows)")
    parser.add_argument("--agents", help="agent line-up cycled over the seats, rotated per game (default: random)")
    parser.add_argument("--seed", type=int, help="the shared seed: game k of every arm uses the same one")
    parser.add_argument("--name", help="experiment name (default: derived from the game and the changes)")
    parser.add_argument("--lake", type=Path, default=DEFAULT_LAKE, help=f"lake folder (default: {DEFAULT_LAKE})")
    parser.add_argument("--warehouse", type=Path, default=DEFAULT_WAREHOUSE,
                        help=f"DuckDB warehouse rebuilt after the arms are played (default: {DEFAULT_WAREHOUSE})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"report folder (default: {DEFAULT_OUT}/)")
    parser.add_argument("--no-report", action="store_true", help="print the answer only, write no HTML page")
    parser.add_argument("--workers", type=int, help="local worker processes (default: all cores)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


@dataclass(frozen=True)
class Outcome:
    """What a what-if run produced: the experiment's rows of met_variant_diff and its page."""

    experiment: Experiment
    diffs: pd.DataFrame
    page: Path | None
    games_played: int


def play_and_compare(experiment: Experiment, args: argparse.Namespace) -> Outcome:
    """Check every arm, play them (resuming), rebuild the warehouse, read the comparison, write the page."""
    from warehouse.build import build

    arms = plan_arms(experiment)  # every ruleset is checked before any game is played
    played = run_arms(arms, args.lake, workers=args.workers, progress=not args.no_progress)
    build(args.lake, args.warehouse)
    diffs = read_diffs(args.warehouse, experiment.name)
    page = None
    if not args.no_report:
        from reports.experiment_report import write_experiment_page

        page = write_experiment_page(args.warehouse, experiment.name, experiment.kind, args.out)
    return Outcome(experiment, diffs, page, played)


def read_diffs(warehouse: Path, experiment: str) -> pd.DataFrame:
    """The experiment's rows of met_variant_diff, biggest flagged changes first."""
    with duckdb.connect(str(warehouse), read_only=True) as con:
        rows = con.execute("select * from met_variant_diff where experiment = ? "
                           "order by flagged desc, abs(diff) / nullif(min_effect, 0) desc", [experiment]).df()
        return named_levels(rows, Names.from_warehouse(con))


def change_sentence(row: Any) -> str:
    """'Mean score per player (overall): 65.6 -> 68.0 points, +2.40 points (1.88 to 2.92), 100 paired games.'"""
    metric = METRICS.get(row.metric)
    if metric is None:
        return f"{row.metric} ({row.level}): {row.baseline:.3g} -> {row.value:.3g}, {row.diff:+.3g}"
    return (f"{capitalised(metric.title)} ({level_words(row)}): {metric.amount(row.baseline)} -> "
            f"{metric.amount(row.value)}, {metric.change(row.diff)} "
            f"({_bound(metric, row.diff_lo)} to {_bound(metric, row.diff_hi)}), {row.n:,} paired games")


def capitalised(text: str) -> str:
    """First letter upper case, the rest as written (Extra Rewards stays Extra Rewards)."""
    return text[:1].upper() + text[1:]


def _bound(metric: Any, value: float) -> str:
    return f"{100 * value:+.1f}" if metric.unit == "rate" else f"{value:+.2f}"


LEVEL_WORDS = {"caprice": "Caprice", "tile": "tile", "god": "god", "agent": "agent"}
NAME_KINDS = {"caprice": "caprices", "tile": "tiles", "god": "landscapes"}  # level kind -> display-name kind


def named_levels(rows: pd.DataFrame, names: Names) -> pd.DataFrame:
    """The rows with each Caprice, tile and god level in its display name ("Mon peuple m'adore !, 4 players")."""
    def word(kind: str, level: str) -> str:
        if kind not in NAME_KINDS:
            return level
        ident, sep, rest = str(level).partition(", ")  # per player count: "<id>, 4 players"
        return f"{names(NAME_KINDS[kind], ident)}{sep}{rest}"

    if rows.empty:
        return rows
    return rows.assign(level=[word(k, lv) for k, lv in zip(rows.level_kind, rows.level, strict=True)])


def level_words(row: Any) -> str:
    """Where a measure was taken, in words: 'Caprice Noblesse oblige', 'face-down slot 1', '4 players'."""
    if row.level_kind in LEVEL_WORDS:
        return f"{LEVEL_WORDS[row.level_kind]} {row.level}"
    return str(row.level).replace("slot 0", "the two common Caprices").replace("slot ", "face-down slot ")


def print_outcome(outcome: Outcome, out: Any = None) -> None:
    """The answer on the terminal: per variant, what changed beyond noise, biggest first."""
    out = out or sys.stdout
    exp = outcome.experiment
    print(f"experiment {exp.name}: {exp.game}, {', '.join(map(str, exp.players))} players, agents "
          f"{'/'.join(exp.agents)}, {exp.games:,} games per player count per arm on shared seeds "
          f"({outcome.games_played:,} played now)", file=out)
    if outcome.diffs.empty:
        print("  no comparison rows: the arms share no metric", file=out)
    for variant, rows in outcome.diffs.groupby("variant", sort=False):
        flagged = rows[rows.flagged]
        change = rows.change.iloc[0]
        print(f"{variant} ({change}): {len(flagged)} of {len(rows)} measures changed beyond noise "
              "and by at least the minimum that matters", file=out)
        for row in flagged.head(SHOWN).itertuples():
            print(f"  {change_sentence(row)}", file=out)
        if len(flagged) > SHOWN:
            print(f"  ... and {len(flagged) - SHOWN} more on the page", file=out)
    if outcome.page is not None:
        print(f"page: {outcome.page}", file=out)
