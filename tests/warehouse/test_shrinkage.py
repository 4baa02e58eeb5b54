"""Selection-adjusted sizes: a family's one extreme cell is pulled back toward its reference, real effects stay."""

from __future__ import annotations

import numpy as np
import pandas as pd

from warehouse.shrinkage import rate_standard_error, shrunk_estimates


def _family(estimates: list[float], n: int, reference: float = 0.5) -> pd.DataFrame:
    return pd.DataFrame({"family": "f", "estimate": estimates, "reference": reference,
                         "standard_error": [rate_standard_error(e, n) for e in estimates]})


def test_the_most_extreme_of_many_near_fair_cells_is_shrunk_most_of_the_way_back() -> None:
    """Issue 24's case: 63.0% over 200 games, the most extreme of its family, gave 52.9% on 3,000 fresh games."""
    rng = np.random.default_rng(0)
    near_fair = list(0.5 + rng.normal(0, 0.5 / np.sqrt(200), 13))  # 13 cells that only carry noise
    rows = _family([0.63, *near_fair], 200)
    shrunk = shrunk_estimates(rows, ["family"])
    assert 0.5 < shrunk.iloc[0] < 0.57  # most of the 13 points are luck
    assert (abs(shrunk - 0.5) <= abs(rows.estimate - 0.5) + 1e-12).all()  # never pushed beyond the estimate


def test_a_family_of_real_effects_barely_moves() -> None:
    rows = _family([0.60, 0.40, 0.62, 0.38, 0.58], 5000)
    shrunk = shrunk_estimates(rows, ["family"])
    assert np.allclose(shrunk, rows.estimate, atol=0.002)


def test_on_average_the_shrunk_size_is_nearer_the_truth_than_the_selected_estimate() -> None:
    """Pick the most extreme of 14 cells, 2,000 times: shrinking cuts the error of its printed size."""
    rng = np.random.default_rng(1)
    raw_error, shrunk_error = [], []
    for _ in range(2000):
        truth = 0.5 + rng.normal(0, 0.01, 14)
        estimates = rng.binomial(200, truth) / 200
        rows = _family(list(estimates), 200)
        pick = int(np.argmax(abs(estimates - 0.5)))
        raw_error.append(abs(estimates[pick] - truth[pick]))
        shrunk_error.append(abs(shrunk_estimates(rows, ["family"]).iloc[pick] - truth[pick]))
    assert np.mean(shrunk_error) < 0.5 * np.mean(raw_error)


def test_a_family_too_small_to_fit_is_not_shrunk() -> None:
    shrunk = shrunk_estimates(_family([0.7, 0.3], 100), ["family"])
    assert shrunk.isna().all()
