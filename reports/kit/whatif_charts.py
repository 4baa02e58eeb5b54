"""Tables and charts of the what-if pages (`notebooks/compare.py`, `notebooks/sweep.py`).

Everything reads `met_variant_diff` rows of one experiment and speaks the
designer's words: the measure, where it was measured, the baseline and
variant values, and the paired difference with its 95% interval.
"""

from __future__ import annotations

import json
import math

import matplotlib.pyplot as plt
import pandas as pd

from reports.kit.whatif import change_sentence, level_words
from warehouse.variant_metrics import MAIN_METRICS, METRICS

LOOK = "#d9730d"  # orange: look here
VALUE = "#1f6fb2"  # blue: a value
CONTEXT = "#8a8f98"  # grey: context


def ranked(rows: pd.DataFrame) -> pd.DataFrame:
    """Biggest changes first: by |difference| relative to the smallest change that matters."""
    size = rows["diff"].abs() / rows.min_effect.where(rows.min_effect > 0)
    return rows.assign(size=size).sort_values(["flagged", "size"], ascending=[False, False])


def identical(rows: pd.DataFrame) -> pd.Series:
    """Rows whose every paired game had the same value in both arms (nothing to show but the fact)."""
    return (rows["diff"] == 0) & (rows.diff_lo == 0) & (rows.diff_hi == 0)


def unchanged_note(rows: pd.DataFrame) -> str:
    """The measures that did not move in any paired game, in one sentence."""
    same = rows[identical(rows) & rows.num_players.isna()]
    if same.empty:
        return ""
    names = sorted({METRICS[m].title if m in METRICS else m for m in same.metric})
    return (f"{len(same)} measures were identical in every paired game (the change cannot touch them with this "
            f"play): {', '.join(names)}.")


def changes_table(rows: pd.DataFrame, by_variant: bool = False) -> pd.DataFrame:
    """The changes as a designer reads them, biggest first (measures identical in every game left out);
    `by_variant` adds the variant as the first column (a sweep's value)."""
    out = []
    for row in ranked(rows[~identical(rows)]).itertuples():
        metric = METRICS.get(row.metric)
        if metric is None:
            continue
        out.append({
            **({"Variant": row.variant} if by_variant else {}),
            "Measure": metric.title, "Where": level_words(row), "Baseline": metric.amount(row.baseline),
            "Variant": metric.amount(row.value),
            "Change (95% interval)": f"{metric.change(row.diff)} ({_num(metric, row.diff_lo)} to "
                                     f"{_num(metric, row.diff_hi)})",
            "Paired games": f"{row.n:,}",
            "Verdict": "changed" if row.flagged else ("beyond noise, below the minimum that matters"
                                                      if row.beyond_noise else "within noise"),
        })
    return pd.DataFrame(out)


def sentences(rows: pd.DataFrame) -> list[str]:
    """One sentence per flagged change, biggest first."""
    return [change_sentence(row) for row in ranked(rows[rows.flagged]).itertuples()]


def size_chart(rows: pd.DataFrame, title: str, top: int = 12) -> plt.Figure | None:
    """The biggest changes on one scale: the difference divided by the smallest change that matters."""
    shown = ranked(rows[~identical(rows)]).head(top).iloc[::-1]
    if shown.empty:
        return None
    scale = shown.min_effect.where(shown.min_effect > 0, 1.0)
    centre, lo, hi = shown["diff"] / scale, shown.diff_lo / scale, shown.diff_hi / scale
    labels = [f"{METRICS[r.metric].title if r.metric in METRICS else r.metric}, {level_words(r)}"
              for r in shown.itertuples()]
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(shown) + 1.4), layout="constrained")
    colours = [LOOK if f else VALUE for f in shown.flagged]
    ax.errorbar(centre, range(len(shown)), xerr=[(centre - lo).clip(lower=0), (hi - centre).clip(lower=0)],
                fmt="none", ecolor=CONTEXT, capsize=3)
    ax.scatter(centre, range(len(shown)), color=colours, zorder=3)
    for x in (-1, 1):
        ax.axvline(x, color=CONTEXT, linestyle="--", linewidth=1,
                   label="smallest change that matters" if x == 1 else None)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(shown)), labels)
    ax.set_xlabel("change ÷ smallest change that matters (95% paired interval)")
    ax.set_title(title)
    fig.legend(loc="outside lower center", frameon=False)
    return fig


def pairing_note(rows: pd.DataFrame) -> str:
    """How much narrower the paired intervals are than two independent samples', for the main measures."""
    main = rows[rows.metric.isin(MAIN_METRICS) & rows.pairing_gain.notna() & rows.num_players.isna()]
    if main.empty:
        return ""
    gain = main.pairing_gain.median()
    return (f"Sharing the seeds pays: for the main measures the paired intervals are a median {gain:.1f} times "
            f"narrower than comparing two separate samples of the same size would give "
            f"(as many games as {gain ** 2:.0f} times more unpaired games).")


def sweep_series(rows: pd.DataFrame, arms: pd.DataFrame, metric: str, top_levels: int = 6) -> pd.DataFrame:
    """One point per arm and level: the swept value, the metric's value and the paired interval around it."""
    part = rows[(rows.metric == metric) & rows.num_players.isna()]
    if part.empty:
        part = rows[rows.metric == metric]
    levels = part.groupby("level")["diff"].apply(lambda d: d.abs().max()).sort_values(ascending=False)
    part = part[part.level.isin(levels.index[:top_levels])]
    base_value = arms.loc[arms.role == "baseline", "param_value"].iloc[0] if (arms.role == "baseline").any() else None
    points = [{"level": r.level, "x": _parsed(r.param_value), "value": r.value, "lo": r.baseline + r.diff_lo,
               "hi": r.baseline + r.diff_hi, "flagged": r.flagged, "baseline": False} for r in part.itertuples()]
    for level, group in part.groupby("level"):
        first = group.iloc[0]
        points.append({"level": level, "x": _parsed(base_value), "value": first.baseline, "lo": first.baseline,
                       "hi": first.baseline, "flagged": False, "baseline": True})
    return pd.DataFrame(points)


def sweep_chart(series: pd.DataFrame, metric: str, param: str) -> plt.Figure:
    """The metric against the swept value, one line per level, intervals from the paired differences."""
    unit = METRICS[metric].unit if metric in METRICS else ""
    scale = 100.0 if unit == "rate" else 1.0
    numeric = all(isinstance(x, int | float) and not isinstance(x, bool) for x in series.x)
    order = sorted(series.x.map(json.dumps).unique(), key=lambda s: (json.loads(s) if numeric else s))
    position = {key: (json.loads(key) if numeric else i) for i, key in enumerate(order)}
    fig, ax = plt.subplots(figsize=(7, 3.8), layout="constrained")
    for level, group in series.groupby("level"):
        group = group.assign(pos=group.x.map(lambda v: position[json.dumps(v)])).sort_values("pos")
        below = (group.value - group.lo).clip(lower=0) * scale
        above = (group.hi - group.value).clip(lower=0) * scale
        ax.errorbar(group.pos, group.value * scale, yerr=[below, above], marker="o", capsize=3,
                    label=str(level).replace("slot ", "face-down slot "))
        base = group[group.baseline]
        ax.scatter(base.pos, base.value * scale, marker="s", s=60, color=CONTEXT, zorder=3)
        flagged = group[group.flagged]
        ax.scatter(flagged.pos, flagged.value * scale, marker="*", s=120, color=LOOK, zorder=4)
    ax.scatter([], [], marker="s", color=CONTEXT, label="baseline ruleset")
    ax.scatter([], [], marker="*", color=LOOK, s=120, label="changed beyond noise")
    if not numeric:
        ax.set_xticks(list(position.values()), [_short(json.loads(k)) for k in order])
    ax.set_xlabel(param)
    ax.set_ylabel(f"{METRICS[metric].title if metric in METRICS else metric}" + (" (%)" if unit == "rate" else
                                                                                   f" ({unit})"))
    fig.legend(loc="outside lower center", ncols=3, frameon=False, fontsize="small")
    return fig


def _parsed(value: object) -> object:
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


def _short(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, str) else value
    return text if len(text) <= 18 else text[:15] + "..."


def _num(metric: object, value: float) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "?"
    return f"{100 * value:+.1f}" if getattr(metric, "unit", "") == "rate" else f"{value:+.2f}"
