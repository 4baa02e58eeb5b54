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


def seat_chart(seats: pd.DataFrame) -> str:
    """Seat win rates per player count against the fair share 1/P; returns the sentence naming flagged seats.

    `seats` is `met_seat_advantage` for one game. Red bars are seats whose
    interval excludes the fair share.
    """
    if seats.empty:
        return "No uniform line-ups in this warehouse, so no seat comparison."
    counts = sorted(seats.num_players.unique())
    fig, axes = plt.subplots(1, len(counts), figsize=(3.2 * len(counts), 3.2), squeeze=False)
    for ax, count in zip(axes[0], counts):
        part = seats[seats.num_players == count]
        ax.bar(part.seat.astype(str), part.win_rate, yerr=errors(part, "win_rate", "win_lo", "win_hi"), capsize=3,
               color=["tab:red" if f else "tab:blue" for f in part.flagged])
        ax.axhline(1 / count, ls="--", color="k", lw=1)
        ax.set_title(f"{count} players (n={part.n.iloc[0]:,} games)", fontsize=9)
        ax.set_xlabel("seat")
    axes[0][0].set_ylabel("win rate")
    plt.tight_layout()
    plt.show()
    flagged = ", ".join(
        f"seat {r.seat} at {r.num_players} players ({pct(r.win_rate)}, interval {pct(r.win_lo)}–{pct(r.win_hi)})"
        for r in seats[seats.flagged].itertuples()
    )
    return f"Seats beyond noise: {flagged or 'none; every seat interval contains the fair share'}."


MIN_RECORDED_N = 30
"""Below this many recorded player-games (or a Wilson interval wider than ±15 points) a
recorded rate is shown but not compared: too few playtests to conclude anything."""


def beside(frame: pd.DataFrame, keys: list[str], rate: str, lo: str, hi: str) -> pd.DataFrame:
    """Recorded rates beside the simulated ones, one row per `keys`, with a verdict per row.

    `frame` holds rows of both sources (a `source` column, `n`, the rate and
    its interval). The verdict is *too few recorded games* when the recorded n
    is under MIN_RECORDED_N or its interval is wider than ±15 points, else
    whether the simulated rate lies outside the recorded interval (*beyond noise*).
    """
    sim = frame[frame.source == "simulated"].set_index(keys)[["n", rate, lo, hi]]
    rec = frame[frame.source == "recorded"].set_index(keys)[["n", rate, lo, hi]]
    both = rec.merge(sim, left_index=True, right_index=True, how="left", suffixes=("_recorded", "_simulated"))
    small = (both["n_recorded"] < MIN_RECORDED_N) | (both[f"{hi}_recorded"] - both[f"{lo}_recorded"] > 0.30)
    simulated = both[f"{rate}_simulated"]
    outside = (simulated < both[f"{lo}_recorded"]) | (simulated > both[f"{hi}_recorded"])
    both["verdict"] = [
        "too few recorded games" if is_small else ("no simulated games" if pd.isna(sim_rate) else noise_word(out))
        for is_small, out, sim_rate in zip(small, outside, both[f"{rate}_simulated"])
    ]
    return both.reset_index()
