"""Selection-adjusted sizes: each headline cell's estimate shrunk toward its reference over its family.

A cell flagged for standing out among many is partly luck: the most extreme
of 110 seat cells (Caprices seat 1 at 2 players, 63.0% over 200 greedy games)
gave 52.9% over 3,000 fresh games. Before an estimate is printed as the size
of an effect it is shrunk by an empirical-Bayes normal model fitted to its
family (one question, game, ruleset and line-up, the verdicts' family):
deviations from the reference d_i ~ N(theta_i, s_i^2) with theta_i ~ N(0, tau^2),
tau^2 = max(0, mean(d_i^2 - s_i^2)) (the method of moments; James & Stein
1961, Efron & Morris 1973), so the shrunk deviation is d_i tau^2 / (tau^2 + s_i^2):
a family of near-fair cells pulls its one extreme cell far back, a family of
real effects barely moves. s_i is the cell's fixed-n standard error. Cells of
families under `MIN_FAMILY` cells are not shrunk (no selection among many to
correct, and tau^2 cannot be fitted). The seat cells of one player count sum to
one, which the model ignores (it shrinks a little less than it could).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

MIN_FAMILY = 3


def shrunk_estimates(rows: pd.DataFrame, family: list[str]) -> pd.Series:
    """Per row: reference + its deviation shrunk over its family (NaN in families under MIN_FAMILY cells)."""
    shrunk = pd.Series(math.nan, index=rows.index, dtype=float)
    for _, group in rows.groupby(family, dropna=False, sort=False):
        if len(group) < MIN_FAMILY:
            continue
        deviation = (group.estimate - group.reference).to_numpy(dtype=float)
        variance = group.standard_error.to_numpy(dtype=float) ** 2
        tau2 = max(0.0, float(np.mean(deviation ** 2 - variance)))
        weight = np.divide(tau2, tau2 + variance, out=np.ones_like(variance), where=(tau2 + variance) > 0)
        shrunk.loc[group.index] = group.reference.to_numpy(dtype=float) + deviation * weight
    return shrunk


def rate_standard_error(estimate: float, n: float) -> float:
    """A rate's fixed-n standard error, its estimate kept off 0 and 1 (half a game) so it is never zero."""
    p = min(max(estimate, 0.5 / n), 1 - 0.5 / n)
    return math.sqrt(p * (1 - p) / n)
