"""What-if wording: a comparison's rows read from the warehouse and said in the designer's words.

A change is said as the metric, where it was measured (overall, a player
count, a seat, a Caprice ...), the baseline and variant values and the
paired difference with its 95% interval (`met_variant_diff`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from warehouse.display_names import Names
from warehouse.query import connect
from warehouse.variant_metrics import METRICS


def read_diffs(warehouse: Path, experiment: str) -> pd.DataFrame:
    """The experiment's rows of met_variant_diff, biggest flagged changes first."""
    with connect(str(warehouse), read_only=True) as con:
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
