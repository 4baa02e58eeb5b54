"""The metrics a what-if compares, in the designer's words, and the paired statistics behind each row.

Every arm of an experiment plays game k with the same seed and seating, so a
variant's effect is measured per paired game: d_k = value_k(variant) -
value_k(baseline). The interval is the t interval of the mean of the d_k,
which is much narrower than the interval of two independent samples when
chance is shared (the unpaired Welch interval on the same games is kept
beside it to show how much pairing pays).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Metric:
    """How a metric reads: a name, its unit, and which way is 'more'."""

    title: str  # "mean score per player"
    unit: str  # "points", "rate" (shown as %), "rounds", "minutes", "tiles"

    def amount(self, value: float) -> str:
        """A value in its unit: 41.2%, 12.3 points."""
        if self.unit == "rate":
            return f"{100 * value:.1f}%"
        return f"{value:.2f} {self.unit}" if abs(value) < 10 else f"{value:.1f} {self.unit}"

    def change(self, diff: float) -> str:
        """A difference in its unit: +3.1 points (percentage points for rates)."""
        if self.unit == "rate":
            return f"{100 * diff:+.1f} percentage points"
        return f"{diff:+.2f} {self.unit}"


METRICS: dict[str, Metric] = {
    "score": Metric("mean score per player", "points"),
    "winning_score": Metric("winning score", "points"),
    "rounds": Metric("game length", "rounds"),
    "tie_rate": Metric("share of games tied", "rate"),
    "seat_win_rate": Metric("win rate", "rate"),
    "agent_win_rate": Metric("win rate", "rate"),
    "caprice_hit_rate": Metric("hit rate", "rate"),
    "slot_hit_rate": Metric("hit rate", "rate"),
    "slot_win_share": Metric("share of wins taken by players who met it", "rate"),
    "caprice_points": Metric("Caprice points per player", "points"),
    "extra_rewards": Metric("Extra Rewards points per player", "points"),
    "completed": Metric("groundworks completed per player", "groundworks"),
    "tile_take_rate": Metric("take rate among panorama completers", "rate"),
    "game_minutes": Metric("game length", "minutes"),
    "tiles_from_discards": Metric("tiles taken from discard areas per game", "tiles"),
    "city_points": Metric("city points per player", "points"),
    "god_win_rate": Metric("holder's win rate", "rate"),
}
MAIN_METRICS = ("score", "winning_score", "rounds", "game_minutes", "seat_win_rate", "slot_hit_rate",
                "extra_rewards", "god_win_rate")
def paired(baseline: np.ndarray, variant: np.ndarray) -> dict[str, Any]:
    """Paired-difference statistics of two equally long arrays (game k of each arm at index k)."""
    from scipy import stats

    n = len(baseline)
    diffs = variant - baseline
    diff = float(diffs.mean())
    row: dict[str, Any] = {"n": n, "baseline": float(baseline.mean()), "value": float(variant.mean()), "diff": diff}
    row["value_lo"], row["value_hi"] = _t_interval(variant)
    row["diff_lo"], row["diff_hi"] = _t_interval(diffs)
    sd = float(diffs.std(ddof=1)) if n > 1 else math.nan
    if n < 2:
        row["p_value"] = math.nan
    elif sd <= 1e-9 * max(1.0, abs(diff)):  # float noise: 0.2 - 0.6 and 0.4 - 0.8 differ in the 17th digit
        # every pair moved by exactly the same amount: no spread for a t test, so the exact sign test (all n
        # pairs moved one way), which two pairs cannot make significant (0.5) and ten can (0.002)
        row["p_value"] = 1.0 if diff == 0 else min(1.0, 2 * 0.5 ** n)
    else:
        row["p_value"] = float(2 * stats.t.sf(abs(diff) / (sd / math.sqrt(n)), n - 1))
    row["diff_lo_unpaired"], row["diff_hi_unpaired"] = _welch_interval(baseline, variant)
    paired_width = row["diff_hi"] - row["diff_lo"]
    unpaired_width = row["diff_hi_unpaired"] - row["diff_lo_unpaired"]
    row["pairing_gain"] = unpaired_width / paired_width if paired_width > 0 else math.nan
    return row


def _t_interval(values: np.ndarray) -> tuple[float, float]:
    from scipy import stats

    n = len(values)
    mean = float(values.mean())
    if n < 2:
        return math.nan, math.nan
    half = float(stats.t.ppf(0.975, n - 1) * values.std(ddof=1) / math.sqrt(n))
    return mean - half, mean + half


def _welch_interval(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """The 95% interval of mean(b) - mean(a) as if the two arms were independent samples."""
    from scipy import stats

    n = len(a)
    if n < 2:
        return math.nan, math.nan
    va, vb = a.var(ddof=1) / n, b.var(ddof=1) / n
    se = math.sqrt(va + vb)
    diff = float(b.mean() - a.mean())
    if se == 0:
        return diff, diff
    spread = va**2 / (n - 1) + vb**2 / (n - 1)
    df = (va + vb) ** 2 / spread if spread > 0 else 2 * n - 2
    half = float(stats.t.ppf(0.975, df) * se)
    return diff - half, diff + half
