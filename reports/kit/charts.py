"""Charts that read on their own, shared by the index and the notebooks.

House rules: every axis says what it measures and in which unit; a rate
compared with a reference shows it as a dashed line; a colour means one thing
per chart (blue = a measured value, orange = "look here", grey = a reference or
context); legends sit outside the plotting area so they cover nothing.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import FixedLocator

__all__ = ["CONTEXT", "LOOK", "SERIES", "VALUE", "Line2D", "Patch", "difference_chart", "grouped_bars", "house_style",
           "image", "interval_bars", "keep_labels_apart", "star_handle",
           "interval_errors", "legend_below", "look_handle", "reference_line"]

VALUE = "#4C78A8"
LOOK = "#E4572E"
CONTEXT = "#9AA0A6"
SERIES = ("#4C78A8", "#72B7B2", "#54A24B", "#B279A2", "#9D755D")  # player counts etc.; never orange
LOOK_LABEL = "look here (beyond noise and big enough to matter)"
WIDEST = 12.0  # inches: the widest a chart grows to keep its labels apart (a 1,400 px page at 90 dpi holds 15)
LABEL_GAP = 4.0  # pixels: the least space between two neighbouring x tick labels


def house_style() -> None:
    """The plot style every page uses."""
    plt.rcParams.update({
        "figure.dpi": 90, "axes.grid": True, "grid.alpha": 0.3, "axes.spines.top": False,
        "axes.spines.right": False, "font.size": 9, "axes.titlesize": 10, "legend.fontsize": 8,
        "legend.frameon": False, "figure.constrained_layout.use": True,
    })


def interval_errors(values: Sequence[float], lo: Sequence[float], hi: Sequence[float]) -> np.ndarray:
    """Error-bar lengths from an interval: 0 where it is missing, never negative."""
    v, low, high = (np.asarray(pd.to_numeric(pd.Series(list(x)), errors="coerce"), dtype=float)
                    for x in (values, lo, hi))
    return np.vstack([np.nan_to_num(v - low).clip(min=0), np.nan_to_num(high - v).clip(min=0)])


def interval_bars(
    ax: Axes, labels: Sequence[str], values: Sequence[float], lo: Sequence[float], hi: Sequence[float], *,
    flagged: Sequence[bool] | None = None, horizontal: bool = False, scale: float = 1.0,
) -> None:
    """Bars with 95% interval whiskers; flagged bars orange, the others blue."""
    colours = [LOOK if f else VALUE for f in (flagged if flagged is not None else [False] * len(values))]
    vals = np.asarray(values, dtype=float) * scale
    err = interval_errors(values, lo, hi) * scale
    positions = np.arange(len(vals))
    if horizontal:
        ax.barh(positions, vals, xerr=err, color=colours, capsize=2, error_kw={"lw": 1})
        ax.set_yticks(positions, labels)
        ax.invert_yaxis()
    else:
        ax.bar(positions, vals, yerr=err, color=colours, capsize=3, error_kw={"lw": 1})
        ax.set_xticks(positions, labels)


def reference_line(ax: Axes, value: float, label: str, horizontal: bool = False) -> Line2D:
    """A dashed reference line (fair share, pooled rate, zero) and its legend handle."""
    (ax.axvline if horizontal else ax.axhline)(value, ls="--", color="#333", lw=1)
    return Line2D([], [], ls="--", color="#333", lw=1, label=label)


def look_handle() -> Patch:
    """The legend entry for orange bars."""
    return Patch(color=LOOK, label=LOOK_LABEL)


def legend_below(fig: Figure, handles: list, columns: int = 3) -> None:
    """A legend under the plots, outside every axes."""
    if handles:
        fig.legend(handles=handles, loc="outside lower center", ncols=min(columns, len(handles)))


def keep_labels_apart(fig: Figure) -> Figure:
    """No two category labels under an axes overlap: a label that runs into a neighbour goes on two lines,
    then the figure widens (up to `WIDEST`), then each word of such a label gets a line of its own.

    Labels such as "3 players (pace ×0.80)" ran into each other at the width the chart was planned for.
    """
    for wrap in (_two_lines, _one_word_a_line):
        for ax, crowded in _crowded(fig).items():
            labels = [t.get_text() for t in ax.get_xticklabels()]
            ax.set_xticks(ax.get_xticks(), [wrap(text) if i in crowded else text for i, text in enumerate(labels)])
        while _crowded(fig) and fig.get_figwidth() < WIDEST:
            fig.set_figwidth(min(WIDEST, fig.get_figwidth() * 1.25))
    return fig


def _crowded(fig: Figure) -> dict[Axes, set[int]]:
    """Per visible axes, which of its category (fixed) x tick labels overlap or nearly touch a neighbour."""
    fig.draw_without_rendering()  # lays the figure out; each label's extent is then as it will be drawn
    crowded: dict[Axes, set[int]] = {}
    for ax in fig.axes:
        if not ax.get_visible() or not isinstance(ax.xaxis.get_major_locator(), FixedLocator):
            continue
        spans = sorted((box.x0, box.x1, i) for i, box in
                       ((i, t.get_window_extent()) for i, t in enumerate(ax.get_xticklabels()) if t.get_text()))
        near: set[int] = set()
        for (_, left_end, left), (right_start, _, right) in zip(spans, spans[1:]):
            if left_end + LABEL_GAP > right_start:
                near |= {left, right}
        if near:
            crowded[ax] = near
    return crowded


def _two_lines(label: str) -> str:
    """The label broken at the space nearest its middle (already broken labels and single words stay)."""
    spaces = [i for i, c in enumerate(label) if c == " "]
    if "\n" in label or not spaces:
        return label
    cut = min(spaces, key=lambda i: abs(i - len(label) / 2))
    return f"{label[:cut]}\n{label[cut + 1:]}"


def _one_word_a_line(label: str) -> str:
    return "\n".join(label.split())


def image(fig: Figure, alt: str) -> str:
    """The figure as an inline PNG `<img>` (no file, no network), its labels kept apart, closed afterwards."""
    keep_labels_apart(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90)
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode()
    alt_text = alt.replace('"', "'")
    return f'<img src="data:image/png;base64,{data}" alt="{alt_text}">'


def difference_chart(
    labels: Sequence[str], frame: pd.DataFrame, value: str, lo: str, hi: str, reference: str, *,
    ylabel: str, reference_label: str, flagged: str = "flagged", size: tuple[float, float] = (6.2, 2.4),
) -> Figure:
    """Bars of (value - reference) in points with their intervals, the reference as a dashed zero line."""
    fig, ax = plt.subplots(figsize=size)
    ref = frame[reference]
    interval_bars(ax, labels, frame[value] - ref, frame[lo] - ref, frame[hi] - ref, flagged=frame[flagged],
                  scale=100)
    handles: list[Line2D | Patch] = [reference_line(ax, 0, reference_label)]
    if frame[flagged].any():
        handles.append(look_handle())
    ax.set_ylabel(ylabel)
    legend_below(fig, handles)
    return fig


def grouped_bars(
    ax: Axes, groups: Sequence[str], series: Sequence[tuple[str, pd.DataFrame]], value: str, lo: str, hi: str, *,
    reference: str | None = None, flagged: str | None = None, tick_labels: Sequence[str] | None = None,
) -> None:
    """Side-by-side bars per group, one colour per series (e.g. player count); a star above each flagged bar.

    With `reference`, bars show value - reference in points (0 = the reference).
    """
    width = 0.8 / max(len(series), 1)
    for i, ((label, part), colour) in enumerate(zip(series, SERIES)):
        part = part.reindex(groups)
        base = part[reference] if reference else 0.0
        scale = 100.0 if reference else 1.0
        xs = np.arange(len(groups)) + i * width
        ax.bar(xs, scale * (part[value] - base), width, color=colour, label=label, capsize=2,
               yerr=scale * interval_errors(part[value], part[lo], part[hi]))
        if flagged is not None:
            for x, flag, top in zip(xs, part[flagged].fillna(False), scale * (part[hi] - base)):
                if flag:
                    ax.plot(x, top + 0.6, marker="*", color="k", ms=8)
    ax.set_xticks(np.arange(len(groups)) + width * (len(series) - 1) / 2, tick_labels or groups)


def star_handle(label: str = "look here") -> Line2D:
    """The legend entry for the star above a flagged bar in a grouped chart."""
    return Line2D([], [], ls="", marker="*", color="k", label=label)
