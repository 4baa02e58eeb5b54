"""Issue 27 item 16: a chart's category labels never run into each other (measured with matplotlib's renderer)."""

from __future__ import annotations

import itertools

import matplotlib

matplotlib.use("Agg")
import pandas as pd  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from reports.kit import charts  # noqa: E402

# met_gods_speed's faster side as a 2-4 player greedy against greedy-fast study gives it (two paces at 3 players),
# labelled as the index's "Does speed decide 4 Gods?" labels it
SPEED = pd.DataFrame({
    "where": ["2 players", "3 players (pace ×0.80)", "3 players (pace ×0.89)", "4 players"],
    "win_rate": [0.62, 0.75, 0.37, 0.37], "win_lo": [0.30, 0.30, 0.13, 0.18], "win_hi": [0.86, 0.95, 0.69, 0.61],
    "reference": [0.5, 0.333, 0.333, 0.25], "flagged": [False, False, False, False],
})


def overlapping(fig: Figure) -> list[tuple[str, str]]:
    """Pairs of x tick labels of one axes whose drawn boxes overlap."""
    canvas = FigureCanvasAgg(fig)  # a real Agg drawing, also of a figure image() has closed
    canvas.draw()
    renderer = canvas.get_renderer()
    pairs = []
    for ax in fig.axes:
        boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in ax.get_xticklabels() if t.get_text()]
        pairs += [(a, b) for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2) if box_a.overlaps(box_b)]
    return pairs


def speed_chart() -> Figure:
    charts.house_style()
    return charts.difference_chart(list(SPEED["where"]), SPEED, "win_rate", "win_lo", "win_hi", "reference",
                                   ylabel="faster side's win rate minus\nfair share (points)",
                                   reference_label="fair share 1/P")


def test_the_4_gods_speed_chart_labels_do_not_overlap_on_the_index() -> None:
    fig = speed_chart()
    assert overlapping(fig), "the chart as planned crowds its labels (else this test proves nothing)"
    charts.image(fig, "speed effect")  # what the index embeds
    assert overlapping(fig) == []
    shown = [" ".join(t.get_text().split()) for t in fig.axes[0].get_xticklabels()]
    assert shown == list(SPEED["where"])  # wrapped, every word kept
    assert fig.get_figwidth() <= charts.WIDEST


def test_labels_that_cannot_fit_side_by_side_get_a_line_per_word() -> None:
    labels = [f"{n} players (pace ×0.{n}0, seats rotated)" for n in range(2, 14)]
    frame = pd.DataFrame({"where": labels, "v": 0.5, "lo": 0.4, "hi": 0.6, "ref": 0.5, "flagged": False})
    fig = charts.difference_chart(labels, frame, "v", "lo", "hi", "ref", ylabel="points", reference_label="zero")
    charts.keep_labels_apart(fig)
    assert overlapping(fig) == [] and fig.get_figwidth() == charts.WIDEST


def test_labels_that_fit_are_left_as_they_are() -> None:
    frame = SPEED.iloc[[0, 3]]
    fig = charts.difference_chart(list(frame["where"]), frame, "win_rate", "win_lo", "win_hi", "reference",
                                  ylabel="points", reference_label="fair share 1/P")
    width = fig.get_figwidth()
    charts.keep_labels_apart(fig)
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["2 players", "4 players"]
    assert fig.get_figwidth() == width
