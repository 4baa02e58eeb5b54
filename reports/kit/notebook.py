"""What every balance notebook starts with: the house style, the warehouse query, names, tables, seat chart.

Imported by `notebooks/*.py`; it lives in the installed `balance` package so the
import works from any working directory (papermill runs in a staging folder,
`make lab` in `notebooks/`). Tables are shown with `show()`: the designer's
column names, integers for counts, rates as percentages with their interval,
and no row-index column.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import matplotlib.pyplot as plt
import pandas as pd
from IPython.display import HTML, Markdown, display

from engine.core.agents import SEARCH_AGENT_NAMES
from reports.kit import charts
from reports.kit.words import count, pct, rate_ci, seat, value_ci
from warehouse.display_names import Names
from warehouse.query import connect

Cell = Callable[[Any], str]
__all__ = ["Names", "ci", "count", "errors", "noise_word", "open_warehouse", "pct", "seat", "seat_chart", "show"]


def open_warehouse(warehouse: str) -> tuple[Callable[[str], pd.DataFrame], Names]:
    """Apply the house plot style; return `q` (a read-only warehouse query as a DataFrame) and the display names."""
    charts.house_style()
    con = connect(warehouse, read_only=True)

    def q(sql: str) -> pd.DataFrame:
        """A warehouse query as a DataFrame."""
        return con.execute(sql).df()

    return q, Names.from_warehouse(con)


def ci(value: str, lo: str, hi: str, kind: str = "rate", digits: int = 1) -> Cell:
    """A table cell: a rate (or a value) with its 95% interval, from three columns of the row."""
    if kind == "rate":
        return lambda r: rate_ci(getattr(r, value), getattr(r, lo), getattr(r, hi))
    return lambda r: value_ci(getattr(r, value), getattr(r, lo), getattr(r, hi), digits)


def show(frame: pd.DataFrame, columns: dict[str, str | Cell], empty: str = "Nothing to show.") -> None:
    """Display `frame` as a table: each header maps to a column (counts as integers) or a cell function."""
    if frame.empty:
        display(HTML(f"<p class='note'>{html.escape(empty)}</p>"))
        return
    head = "".join(f"<th>{html.escape(h)}</th>" for h in columns)
    rows = []
    for row in frame.itertuples(index=False):
        cells = []
        for spec in columns.values():
            value = spec(row) if callable(spec) else getattr(row, spec)
            numeric = not callable(spec) and isinstance(value, int | float) and not isinstance(value, bool)
            text = _plain(value)
            cells.append(f"<td class='num'>{html.escape(text)}</td>" if numeric or _looks_numeric(text)
                         else f"<td>{html.escape(text)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    display(HTML(f"<div class='table-wrap'><table><tr>{head}</tr>{''.join(rows)}</table></div>"))


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer() and abs(value) >= 1):
        return count(value)
    if isinstance(value, float):
        return f"{value:.2f}"
    return "" if value is None else str(value)


# a number, a share or a count, maybe signed, maybe followed by its interval in brackets: "4 Gods" is a name
NUMERIC = re.compile(r"[+\-–]?[\d.,]+\s?%?(\s*\(.*\))?")


def _looks_numeric(text: str) -> bool:
    return NUMERIC.fullmatch(text.strip()) is not None


def noise_word(flag: bool) -> str:
    """How a flagged/unflagged difference reads in prose."""
    return "look here (beyond noise and big enough to matter)" if flag else "nothing to look at"


def errors(frame: pd.DataFrame, value: str, lo: str, hi: str) -> Any:
    """Matplotlib error-bar lengths from an interval (0 where missing, never negative)."""
    return charts.interval_errors(frame[value], frame[lo], frame[hi])


def seat_chart(seats: pd.DataFrame) -> str:
    """Seat win rates per player count against the fair share 1/P; returns the sentence naming flagged seats.

    `seats` is the seat-advantage table for one game. Orange bars are seats the
    shared flag rule flags (beyond noise after correction and big enough to matter).
    """
    if seats.empty:
        return "No uniform line-ups in this warehouse, so no seat comparison."
    counts = sorted(seats.num_players.unique())
    fig, axes = plt.subplots(1, len(counts), figsize=(3.1 * len(counts), 3.2), squeeze=False)
    for ax, players in zip(axes[0], counts):
        part = seats[seats.num_players == players]
        charts.interval_bars(ax, [str(s + 1) for s in part.seat], part.win_rate, part.win_lo, part.win_hi,
                             flagged=part.flagged, scale=100)
        fair = charts.reference_line(ax, 100 / players, "fair share 1/P")
        ax.set_title(f"{players} players (n = {count(part.n.iloc[0])} games)")
        ax.set_xlabel("seat (1 plays first)")
    axes[0][0].set_ylabel("win rate (%)")
    charts.legend_below(fig, [fair, charts.look_handle()], 2)
    plt.show()
    flagged = ", ".join(
        f"{seat(r.seat)} at {r.num_players} players ({rate_ci(r.win_rate, r.win_lo, r.win_hi)})"
        for r in seats[seats.flagged].itertuples()
    )
    return f"Seats to look at: {flagged or 'none; no seat is both beyond noise and far enough from the fair share'}."



def verdict_seats(verdicts: pd.DataFrame) -> pd.DataFrame:
    """`met_verdicts`' seat rows in the shape `seat_chart` draws, under the strongest play of each game and
    ruleset (`strongest_play`; a game's rulesets are two games): the interval is the verdict's anytime-valid
    confidence sequence, and a flagged seat is one the verdict calls tilted."""
    seats = verdicts.assign(seat=verdicts["item"].astype(int) - 1, win_rate=verdicts.estimate,
                            win_lo=verdicts.cs_lo, win_hi=verdicts.cs_hi, flagged=verdicts.verdict == "tilted")
    strongest = [strongest_play(part) for _, part in seats.groupby(["game", "ruleset"], sort=False)]
    return pd.concat([seats.iloc[0:0], *strongest]).sort_values(["game", "ruleset", "num_players", "seat"])


def seat_charts(seats: pd.DataFrame, names: Names) -> None:
    """One `seat_chart` per ruleset of a game's `verdict_seats`, each titled with its play (and its ruleset's
    name when the game has several)."""
    if seats.empty:
        display(Markdown(seat_chart(seats)))
        return
    several = seats.ruleset.nunique() > 1
    for ruleset, part in seats.groupby("ruleset", sort=True):
        title = f"**{names.ruleset(str(ruleset))}**: seat win rates" if several else "Seat win rates"
        display(Markdown(f"{title} {play_words(part)}, with the anytime-valid intervals of the verdicts"))
        display(Markdown(seat_chart(part)))


def play_lineups(frame: pd.DataFrame) -> list[str]:
    """The uniform line-ups (`agent_mix`) of a per-line-up table, strongest play first, random last.

    Findings are read per kind of play: search (ismcts) and greedy self-play
    are the headlines, random play only a labelled reference, never pooled.
    Among search line-ups the one with the most games leads, as the verdict
    labels pick it (`warehouse.findings`): a larger budget played on a sample
    (the study's 4x runs) is a strength check, not the headline.
    """
    mixes = [m for m in dict.fromkeys(frame.agent_mix.dropna()) if " vs " not in m and m != "human"]
    games = frame.groupby("agent_mix")["n"].sum() if "n" in frame else frame.agent_mix.value_counts()
    return sorted(mixes, key=lambda m: (0 if m.startswith(SEARCH_AGENT_NAMES) else 1 if m == "greedy"
                                        else 3 if m == "random" else 2, -float(games.get(m, 0)), m))


def headline_lineup(frame: pd.DataFrame) -> str | None:
    """The line-up recorded games are compared with: the strongest simulated play present."""
    mixes = play_lineups(frame[frame.source == "simulated"]) if "source" in frame else play_lineups(frame)
    return mixes[0] if mixes else None


def strongest_play(frame: pd.DataFrame) -> pd.DataFrame:
    """The simulated rows of one kind of play, the strongest uniform line-up present (`headline_lineup`),
    plus any recorded rows: a per-line-up table is never pooled across kinds of play."""
    if "agent_mix" not in frame or frame.empty:
        return frame
    keep = frame.agent_mix == headline_lineup(frame)
    if "source" in frame:
        keep |= frame.source != "simulated"
    return frame[keep]


def play_words(frame: pd.DataFrame) -> str:
    """Which play a table cut by `strongest_play` shows, for its title: "under greedy self-play (the strongest
    play present; other kinds of play are not pooled)"; several parts cut apart say it per row."""
    mixes = sorted(set(frame.agent_mix.dropna())) if "agent_mix" in frame else []
    if not mixes:
        return "(no simulated play in this warehouse)"
    if len(mixes) > 1:
        return ("under the strongest play present for each (column *play*; other kinds of play are not "
                "pooled)")
    return f"under {mixes[0]} self-play (the strongest play present; other kinds of play are not pooled)"


MIN_RECORDED_N = 30
"""Below this many recorded player-games (or a Wilson interval wider than ±15 points) a
recorded rate is shown but not compared: too few playtests to conclude anything."""


def beside(frame: pd.DataFrame, keys: list[str], rate: str, lo: str, hi: str) -> pd.DataFrame:
    """Recorded rates beside the simulated ones, one row per `keys`, with a verdict per row.

    `frame` holds rows of both sources (a `source` column, `n`, the rate and
    its interval); with an `agent_mix` column the simulated side is one kind of
    play, the strongest present (`headline_lineup`). The verdict is *too few recorded games* when the recorded n
    is under MIN_RECORDED_N or its interval is wider than ±15 points, else
    whether the simulated rate lies outside the recorded interval (*beyond noise*).
    """
    sim = frame[frame.source == "simulated"]
    if "agent_mix" in frame:
        sim = sim[sim.agent_mix == headline_lineup(frame)]
    sim = sim.set_index(keys)[["n", rate, lo, hi]]
    rec = frame[frame.source == "recorded"].set_index(keys)[["n", rate, lo, hi]]
    both = rec.merge(sim, left_index=True, right_index=True, how="left", suffixes=("_recorded", "_simulated"))
    small = (both["n_recorded"] < MIN_RECORDED_N) | (both[f"{hi}_recorded"] - both[f"{lo}_recorded"] > 0.30)
    simulated = both[f"{rate}_simulated"]
    outside = (simulated < both[f"{lo}_recorded"]) | (simulated > both[f"{hi}_recorded"])
    both["verdict"] = [
        "too few recorded games" if is_small else
        ("no simulated games" if pd.isna(sim_rate) else ("beyond noise" if out else "within noise"))
        for is_small, out, sim_rate in zip(small, outside, both[f"{rate}_simulated"])
    ]
    return both.reset_index()

