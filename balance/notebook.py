"""What every balance notebook starts with: the house plot style, the warehouse query, number words.

Imported by `notebooks/*.py`; it lives in the installed `balance` package so the
import works from any working directory (papermill runs in a staging folder,
`make lab` in `notebooks/`).
"""

from __future__ import annotations

from collections.abc import Callable

import duckdb
import matplotlib.pyplot as plt
import pandas as pd


def open_warehouse(warehouse: str) -> Callable[[str], pd.DataFrame]:
    """Apply the house plot style and return `q`: a read-only warehouse query as a DataFrame."""
    plt.rcParams.update({"figure.dpi": 90, "axes.grid": True, "grid.alpha": 0.3})
    con = duckdb.connect(warehouse, read_only=True)

    def q(sql: str) -> pd.DataFrame:
        """A warehouse query as a DataFrame."""
        return con.execute(sql).df()

    return q


def pct(x: float) -> str:
    """A rate as a percentage with one decimal."""
    return f"{100 * x:.1f}%"


def noise_word(flag: bool) -> str:
    """How a flagged/unflagged difference reads in prose."""
    return "beyond noise" if flag else "within noise"


def errors(frame: pd.DataFrame, value: str, lo: str, hi: str) -> list[pd.Series]:
    """Matplotlib error-bar lengths from an interval.

    0 where the interval is missing (n < 2), and never negative: at k = 0 the
    Wilson bound sits ~1e-17 off the rate, and matplotlib rejects any negative.
    """
    below = (frame[value] - frame[lo]).fillna(0).clip(lower=0)
    above = (frame[hi] - frame[value]).fillna(0).clip(lower=0)
    return [below, above]
