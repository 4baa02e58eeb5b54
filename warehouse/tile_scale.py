"""One scale for bonus-tile choices: a decision fixed-effects model with game-clustered errors.

At decision d the decider could take any tile of the offered set O_d; option
t was forced and played out, giving the decider's mean final score y[d, t].
The model is

    y[d, t] = a[d] + b[t] + e[d, t]        b[reference] = 0

with one free intercept per decision (whatever the situation was worth) and
one value per tile. Only differences within a decision identify b, so
b[X] - b[Y] reads "choosing X instead of Y at the same decision", whatever
else was on offer: every decision contributes to every pair it can (a
decision offering X and Z, and another offering Z and Y, both inform X vs Y).
It is fitted by OLS after removing each decision's mean (the within
estimator, identical to decision dummies), with standard errors clustered by
game (decisions sampled from one game share its deal), t intervals on G - 1
degrees of freedom and Holm-adjusted p-values over a group's pairs.

A tile that never shares a decision with the reference's connected set of
tiles cannot be placed on the scale and is left out (reported as such).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import pandas as pd
import statsmodels.api as sm
from scipy import stats
from statsmodels.stats.multitest import multipletests

MIN_EFFECT = 1.0  # points of final score a designer would act on (a design choice, not a rule)


@dataclass(frozen=True)
class Scale:
    """Fitted tile values against the reference, their covariance and the cluster count."""

    reference: str
    tiles: tuple[str, ...]  # the reference first, then every tile placed on the scale
    values: np.ndarray  # one per tile, the reference's 0
    cov: np.ndarray  # covariance of `values` (zero row and column for the reference)
    clusters: int
    decisions: int

    def contrast(self, x: str, y: str) -> tuple[float, float]:
        """b[x] - b[y] and its standard error."""
        i, j = self.tiles.index(x), self.tiles.index(y)
        weights = np.zeros(len(self.tiles))
        weights[i] += 1.0
        weights[j] -= 1.0
        return float(weights @ self.values), float(np.sqrt(max(weights @ self.cov @ weights, 0.0)))

    def t_crit(self) -> float:
        """Two-sided 95% t quantile on G - 1 degrees of freedom (infinite below two games)."""
        return float(stats.t.ppf(0.975, self.clusters - 1)) if self.clusters > 1 else float("inf")


def decisions_frame(choices: pd.DataFrame) -> pd.DataFrame:
    """Option rows of one run (as written to the lake) with the model's decision key and game cluster."""
    return choices.assign(decision_key=choices.game_seed.astype(str) + ":" + choices.seq.astype(str),
                          cluster=choices.game_seed)


def connected_tiles(frame: pd.DataFrame, reference: str) -> list[str]:
    """Tiles linked to the reference through decisions that offered both (the identifiable ones)."""
    neighbours: dict[str, set[str]] = {}
    for offered in frame.groupby("decision_key").tile.agg(tuple):
        for a, b in itertools.permutations(offered, 2):
            neighbours.setdefault(a, set()).add(b)
    seen, todo = {reference}, [reference]
    while todo:
        for nxt in neighbours.get(todo.pop(), set()) - seen:
            seen.add(nxt)
            todo.append(nxt)
    return sorted(seen - {reference})


def fit_scale(frame: pd.DataFrame, value: str, order: list[str]) -> Scale | None:
    """Fit the model to `frame` (columns decision_key, cluster, tile, `value`); reference = first of `order`."""
    offered = [t for t in order if t in set(frame.tile)]
    if len(offered) < 2:
        return None
    reference = offered[0]
    others = [t for t in offered if t in connected_tiles(frame, reference)]
    if not others:
        return None
    frame = frame[frame.tile.isin([reference, *others])]
    frame = frame[frame.groupby("decision_key").tile.transform("size") > 1]
    dummies = pd.get_dummies(frame.tile).reindex(columns=others, fill_value=False).astype(float)
    x = dummies - dummies.groupby(frame.decision_key).transform("mean")
    y = frame[value] - frame.groupby("decision_key")[value].transform("mean")
    clusters = frame.cluster.nunique()
    values = np.zeros(len(others) + 1)
    cov = np.zeros((len(others) + 1, len(others) + 1))
    if clusters > 1:
        groups = pd.factorize(frame.cluster)[0]
        result = sm.OLS(y.to_numpy(), x.to_numpy()).fit(cov_type="cluster", cov_kwds={"groups": groups})
        values[1:] = result.params
        cov[1:, 1:] = result.cov_params()
    else:
        values[1:] = np.linalg.lstsq(x.to_numpy(), y.to_numpy(), rcond=None)[0]
        cov[:] = np.nan
    return Scale(reference, (reference, *others), values, cov, clusters, frame.decision_key.nunique())


def head_to_head(frame: pd.DataFrame, value: str, x: str, y: str) -> tuple[float, int]:
    """Mean of value[x] - value[y] over the decisions that offered both, and their count (a check on the model)."""
    wide = frame[frame.tile.isin([x, y])].pivot_table(index="decision_key", columns="tile", values=value)
    both = wide.dropna()
    if both.empty or x not in both or y not in both:
        return float("nan"), 0
    return float((both[x] - both[y]).mean()), len(both)


WIN_RANGE = (-1.0, 1.0)  # a win-share difference cannot leave it
MIN_SE = 1e-9  # a standard error below this is rounding: the estimate rests on one decision, no spread measured


def interval(estimate: float, se: float, t: float, bounds: tuple[float, float] | None = None) -> tuple[float, float]:
    """estimate -/+ t * se, clipped to the possible range; unknown (NaN) when the standard error is zero: an
    estimate resting on one decision has no spread to measure, which is not certainty."""
    if not se > MIN_SE or not np.isfinite(t):
        return float("nan"), float("nan")
    lo, hi = estimate - t * se, estimate + t * se
    return (max(lo, bounds[0]), min(hi, bounds[1])) if bounds else (lo, hi)


def contrasts(frame: pd.DataFrame, order: list[str]) -> pd.DataFrame:
    """Every pair of tiles on the score scale (oriented so the estimate is >= 0) with the win-share contrast."""
    score = fit_scale(frame, "mean_score", order)
    win = fit_scale(frame, "mean_win_share", order)
    if score is None or win is None:
        return pd.DataFrame()
    rows = []
    t = score.t_crit()
    for a, b in itertools.combinations(score.tiles, 2):
        estimate, se = score.contrast(a, b)
        x, y = (a, b) if estimate >= 0 else (b, a)
        estimate = abs(estimate)
        win_est, win_se = win.contrast(x, y)
        direct, n_both = head_to_head(frame, "mean_score", x, y)
        (score_lo, score_hi), (win_lo, win_hi) = interval(estimate, se, t), interval(win_est, win_se, t, WIN_RANGE)
        rows.append({
            "tile": x, "instead_of": y, "score_diff": estimate, "score_se": se,
            "score_lo": score_lo, "score_hi": score_hi,
            "p_value": float(2 * stats.t.sf(estimate / se, score.clusters - 1)) if se > MIN_SE else float("nan"),
            "win_diff": win_est, "win_lo": win_lo, "win_hi": win_hi,
            "direct_diff": direct, "direct_decisions": n_both,
            "decisions": score.decisions, "games": score.clusters,
        })
    table = pd.DataFrame(rows)
    valid = table.p_value.notna()
    table["p_holm"] = np.nan
    if valid.any():
        table.loc[valid, "p_holm"] = multipletests(table.p_value[valid], method="holm")[1]
    table["beyond_noise"] = table.p_holm < 0.05
    table["matters"] = table.beyond_noise & (table.score_diff >= MIN_EFFECT)
    return table


def tile_values(frame: pd.DataFrame, order: list[str]) -> pd.DataFrame:
    """Each tile's value against the reference tile (the reference's is 0), score and win share."""
    score = fit_scale(frame, "mean_score", order)
    win = fit_scale(frame, "mean_win_share", order)
    if score is None or win is None:
        return pd.DataFrame()
    t = score.t_crit()
    rows = []
    for tile in score.tiles:
        value, se = score.contrast(tile, score.reference)
        win_value, win_se = win.contrast(tile, score.reference)
        (score_lo, score_hi), (win_lo, win_hi) = interval(value, se, t), interval(win_value, win_se, t, WIN_RANGE)
        if tile == score.reference:
            score_lo = score_hi = win_lo = win_hi = 0.0  # the scale's zero, by definition
        rows.append({
            "tile": tile, "reference": score.reference, "score_value": value, "score_se": se,
            "score_lo": score_lo, "score_hi": score_hi,
            "win_value": win_value, "win_lo": win_lo, "win_hi": win_hi,
            "offered_decisions": int(frame[frame.tile == tile].decision_key.nunique()),
            "decisions": score.decisions, "games": score.clusters,
        })
    return pd.DataFrame(rows)
