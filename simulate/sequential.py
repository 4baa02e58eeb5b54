"""Anytime-valid confidence sequences and the tilted / fair / undecided verdict they give.

A study that keeps playing until a question is decided looks at its numbers
after every batch. A fixed-n 95% interval read after every batch excludes a
true fair share far more often than 5% of the time; a *confidence sequence*
covers the true value at every sample size at once (with probability at least
1 - alpha), so it may be read after every batch and the play stopped whenever
it decides. Two closed forms, both from published work:

* **Rates** (a seat's win share, a hit rate: every observation in [0, 1]):
  Robbins' beta-binomial mixture (Robbins 1970; Howard, Ramdas, McAuliffe &
  Sekhon 2021, "Time-uniform, nonparametric, nonasymptotic confidence
  sequences", Annals of Statistics 49(2), section 3). For a hypothesised mean
  p and a Beta(a, b) mixing prior,
  M_n(p) = B(a + S, b + n - S) / B(a, b) / (p^S (1 - p)^(n - S))
  is a nonnegative martingale for 0/1 outcomes (a supermartingale for shares
  in [0, 1] such as half a win for a tie: x -> r^x q^(1 - x) is convex), so by
  Ville's inequality P(M_n(p) >= 1/alpha for some n) <= alpha, and the
  sequence is {p : M_n(p) < 1/alpha}.
* **Bounded means whose observations vary less than 0/1 ones** (a duplicate
  deal's mean win share over its P rotations, `engine.core.duplicate`): the
  hedged betting sequence of Waudby-Smith & Ramdas 2024 ("Estimating means of
  bounded random variables by betting", JRSS-B 86(1), section 4.2, hedged
  capital with predictable plug-in bets), nonasymptotic for observations in
  [0, 1], with a width that follows their variance (the beta-binomial
  mixture assumes the worst, 0/1, variance). It depends on the order of the
  observations, which is fixed before they are seen (the order they were
  played in).
* **Means without a bound** (points of tile value): the asymptotic
  normal-mixture sequence of Waudby-Smith, Arnold, Wu & Ramdas 2024
  ("Time-uniform central limit theory and asymptotic confidence sequences",
  Annals of Statistics 52(6)): mean +- sd sqrt(2 (n r^2 + 1) / (n^2 r^2) log(sqrt(n r^2 + 1) / alpha)).

Both mixtures are tuned to be tightest near `TUNED_FOR` observations (the
closed-form choice of both papers, r^2 = (-2 log alpha + log(1 - 2 log alpha)) / n*);
the tuning is fixed before any game is played, so it costs no validity.

The verdict of a cell against its reference and the minimum that matters:

* **tilted**: the sequence excludes the reference and the estimate differs
  from it by at least the minimum;
* **fair**: the whole sequence lies within +- the minimum of the reference;
* **undecided** otherwise. `games_to_decide` says how many games would
  decide it if the estimate stayed where it is.

A wrong "tilted" or "fair" needs the sequence to miss the true value at some
look, which happens with probability at most alpha per cell; callers spend
alpha / cells over a family of cells (Bonferroni), which stays valid under
any stopping rule.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from scipy.optimize import brentq
from scipy.special import betaln

Values = Sequence[float] | np.ndarray  # observations in play order
TUNED_FOR = 2000  # observations at which the mixtures are tightest (a design choice made before play)
MAX_GAMES = 10_000_000  # beyond this a cell is reported as "more than" it
TILTED, FAIR, UNDECIDED = "tilted", "fair", "undecided"
# what an undecided cell is told when no projected number of games decides it
BEYOND_REACH = ("even millions more games would not decide it if the estimate held: it sits about on the minimum "
                "that matters")
_EDGE = 1e-12


def mixture_size(alpha: float, tuned_for: int = TUNED_FOR) -> float:
    """The prior's weight in observations that makes the mixture tightest near `tuned_for` (Howard et al.)."""
    log_term = -2 * math.log(alpha)
    return tuned_for / (log_term + math.log(1 + log_term))


def log_mixture_ratio(wins: np.ndarray | float, n: np.ndarray | float, p: np.ndarray | float,
                      centre: np.ndarray | float, alpha: float, tuned_for: int = TUNED_FOR) -> np.ndarray:
    """log M_n(p): the beta-binomial mixture against the rate p (prior centred on `centre`)."""
    wins, n = np.asarray(wins, dtype=float), np.asarray(n, dtype=float)
    p = np.clip(np.asarray(p, dtype=float), _EDGE, 1 - _EDGE)
    size = mixture_size(alpha, tuned_for)
    a, b = size * np.asarray(centre, dtype=float), size * (1 - np.asarray(centre, dtype=float))
    return betaln(a + wins, b + n - wins) - betaln(a, b) - wins * np.log(p) - (n - wins) * np.log1p(-p)


def excludes(wins: np.ndarray | float, n: np.ndarray | float, p: np.ndarray | float,
             centre: np.ndarray | float, alpha: float, tuned_for: int = TUNED_FOR) -> np.ndarray:
    """Whether the rate sequence after n observations (wins summed) excludes the rate p."""
    inside_unit = (np.asarray(p) > 0) & (np.asarray(p) < 1)
    return inside_unit & (log_mixture_ratio(wins, n, p, centre, alpha, tuned_for) >= -math.log(alpha))


def rate_sequence(wins: float, n: float, centre: float, alpha: float,
                  tuned_for: int = TUNED_FOR) -> tuple[float, float]:
    """The rate sequence's interval (lo, hi) after n observations whose shares sum to `wins`."""
    if n <= 0:
        return 0.0, 1.0
    threshold = -math.log(alpha)
    estimate = min(max(wins / n, 1e-9), 1 - 1e-9)

    def gap(p: float) -> float:
        return float(log_mixture_ratio(wins, n, p, centre, alpha, tuned_for)) - threshold

    lo = 0.0 if gap(_EDGE) < 0 else brentq(gap, _EDGE, estimate)
    hi = 1.0 if gap(1 - _EDGE) < 0 else brentq(gap, estimate, 1 - _EDGE)
    return float(lo), float(hi)


def rate_verdict(wins: np.ndarray | float, n: np.ndarray | float, reference: np.ndarray | float,
                 min_effect: float, alpha: float, tuned_for: int = TUNED_FOR) -> np.ndarray:
    """tilted / fair / undecided for each rate cell (vectorised: the stopping rule in simulations)."""
    wins, n = np.asarray(wins, dtype=float), np.asarray(n, dtype=float)
    reference = np.broadcast_to(np.asarray(reference, dtype=float), wins.shape)
    estimate = np.divide(wins, n, out=np.full(wins.shape, np.nan), where=n > 0)
    tilted = excludes(wins, n, reference, reference, alpha, tuned_for) & (
        np.abs(estimate - reference) >= min_effect - 1e-12)
    lower, upper = reference - min_effect, reference + min_effect
    fair = ((estimate > lower) & (estimate < upper)
            & _outside(wins, n, lower, reference, alpha, tuned_for)
            & _outside(wins, n, upper, reference, alpha, tuned_for))
    return np.where(tilted, TILTED, np.where(fair, FAIR, UNDECIDED))


def _outside(wins: np.ndarray, n: np.ndarray, p: np.ndarray, centre: np.ndarray, alpha: float,
             tuned_for: int) -> np.ndarray:
    """The sequence excludes p; a bound beyond [0, 1] is excluded by every rate sequence."""
    return (p <= 0) | (p >= 1) | excludes(wins, n, p, centre, alpha, tuned_for)


Stream = tuple[Values, int]
"""Observations of one kind in play order (independent games, or duplicate deals) and the observations its bets are
tuned for (n*): the betting sequence may read several such streams at once (`streams_log_capital`)."""


def betting_log_capital(values: Values, m: Values | float, alpha: float, tuned_for: int = TUNED_FOR,
                        path: bool = False) -> np.ndarray:
    """log K_n(m) of the hedged betting sequence at each candidate mean m, after `values` (in [0, 1], play order).

    Two gamblers bet that the mean is above or below m, half the capital each:
    K_n(m) = max(prod (1 + l+_i (x_i - m)), prod (1 - l-_i (x_i - m))) / 2, a nonnegative supermartingale
    when m is the true mean, so by Ville's inequality {m : K_n(m) < 1/alpha} is a confidence sequence.
    Bets l_i = sqrt(2 log(2 / alpha) / (sigma^2_{i-1} max(n*, i))) (predictable plug-in: sigma^2 the running
    variance of the earlier observations, started at 1/4; n* = `tuned_for`), truncated to 1/2 of what keeps
    the capital positive. Up to n* the bet is the one tuned for n* observations; beyond it the bet shrinks
    like 1/sqrt(i), since a bet that stays fixed only wins while the mean is more than about l sigma^2 / 2
    from m, and the sequence would stop narrowing there (about 2 points of a 2-player seat's share, so a seat
    1 point from fair could never be called fair). With `path`, the capital after every observation (one
    column each).
    """
    above, below = _bet_terms(values, _candidates(m), alpha, tuned_for)
    if path:
        return np.maximum(np.cumsum(above, axis=1), np.cumsum(below, axis=1)) + math.log(0.5)
    return np.maximum(above.sum(axis=1), below.sum(axis=1)) + math.log(0.5)


def streams_log_capital(streams: Sequence[Stream], m: Values | float, alpha: float) -> np.ndarray:
    """log K(m) of one betting sequence over several streams of observations with the same mean (a line-up's
    independent games and its duplicate deals), each stream betting with its own plug-in variance and tuning.

    Each gambler keeps its side on every stream, so its capital is the product of its capitals over the streams:
    in play order, whichever stream the next observation comes from, the factor it multiplies by has conditional
    mean at most 1 under the true mean (its bet depends on that stream's earlier observations only), so the
    product is a nonnegative supermartingale and Ville's inequality applies as for one stream. Reading both kinds
    in one stream instead would bet on a deal's small spread with the variance of whole games (and the reverse).
    """
    means = _candidates(m)
    above, below = np.zeros(means.shape[0]), np.zeros(means.shape[0])
    for values, tuned_for in streams:
        if np.asarray(values).size:
            up, down = _bet_terms(values, means, alpha, tuned_for)
            above += up.sum(axis=1)
            below += down.sum(axis=1)
    return np.maximum(above, below) + math.log(0.5)


def _candidates(m: Values | float) -> np.ndarray:
    return np.clip(np.atleast_1d(np.asarray(m, dtype=float)), _EDGE, 1 - _EDGE)[:, None]


def _bet_terms(values: Values, means: np.ndarray, alpha: float, tuned_for: int) -> tuple[np.ndarray, np.ndarray]:
    """Each observation's log factor for the gambler above and the one below each candidate mean (one row each)."""
    x = np.clip(np.asarray(values, dtype=float), 0.0, 1.0)
    t = np.arange(1, x.size + 1)
    running_mean = (0.5 + np.cumsum(x)) / (t + 1)
    running_var = (0.25 + np.cumsum((x - running_mean) ** 2)) / (t + 1)
    var_before = np.concatenate(([0.25], running_var[:-1]))
    bets = np.sqrt(2 * math.log(2 / alpha) / (var_before * np.maximum(tuned_for, t)))[None, :]
    above = np.log1p(np.minimum(bets, 0.5 / means) * (x[None, :] - means))
    below = np.log1p(-np.minimum(bets, 0.5 / (1 - means)) * (x[None, :] - means))
    return above, below


def betting_excludes(values: Values, m: Values | float, alpha: float,
                     tuned_for: int = TUNED_FOR) -> np.ndarray:
    """Whether the betting sequence after `values` excludes each mean m (a bound beyond [0, 1] always is)."""
    return streams_excludes([(values, tuned_for)], m, alpha)


def streams_excludes(streams: Sequence[Stream], m: Values | float, alpha: float) -> np.ndarray:
    """Whether the betting sequence over `streams` excludes each mean m (a bound beyond [0, 1] always is)."""
    m = np.atleast_1d(np.asarray(m, dtype=float))
    outside = (m <= 0) | (m >= 1)
    return outside | (streams_log_capital(streams, m, alpha) >= -math.log(alpha))


def betting_sequence(values: Values, alpha: float, tuned_for: int = TUNED_FOR, grid: int = 201,
                     tolerance: float = 1e-5) -> tuple[float, float]:
    """The betting sequence's interval (lo, hi) after `values` (`streams_sequence` of one stream)."""
    return streams_sequence([(values, tuned_for)], alpha, grid, tolerance)


def streams_sequence(streams: Sequence[Stream], alpha: float, grid: int = 201,
                     tolerance: float = 1e-5) -> tuple[float, float]:
    """The betting sequence's interval (lo, hi) over `streams`: the hull of the means it does not exclude.

    A coarse grid of `grid` candidate means finds the outermost ones not excluded; each edge is then found by
    bisection to within `tolerance` between that candidate and its excluded neighbour (a grid of 4,001 means
    over 60,000 deals needed 2 GB and 2 s a cell). The hull is never narrower than the set itself.
    """
    observed = [np.asarray(values, dtype=float) for values, _ in streams]
    if not any(values.size for values in observed):
        return 0.0, 1.0
    m = np.linspace(0.0, 1.0, grid)
    inside = np.flatnonzero(~streams_excludes(streams, m, alpha))
    if inside.size == 0:  # narrower than the grid: search around the estimate
        estimate = float(np.mean(np.concatenate(observed)))
        below = float(m[int(np.searchsorted(m, estimate)) - 1]) if estimate > 0 else 0.0
        above = float(m[min(int(np.searchsorted(m, estimate, side="right")), grid - 1)])
        return (_edge(streams, alpha, estimate, below, tolerance), _edge(streams, alpha, estimate, above, tolerance))
    first, last = int(inside[0]), int(inside[-1])
    lo = 0.0 if first == 0 else _edge(streams, alpha, float(m[first]), float(m[first - 1]), tolerance)
    hi = 1.0 if last == grid - 1 else _edge(streams, alpha, float(m[last]), float(m[last + 1]), tolerance)
    return lo, hi


def _edge(streams: Sequence[Stream], alpha: float, kept: float, excluded: float, tolerance: float) -> float:
    """The sequence's edge between a mean it keeps and one it excludes, by bisection; the kept side is returned,
    so the interval errs wide."""
    while abs(excluded - kept) > tolerance:
        middle = (kept + excluded) / 2
        if streams_excludes(streams, middle, alpha)[0]:
            excluded = middle
        else:
            kept = middle
    return max(0.0, min(1.0, kept))


def betting_verdict(values: Values, reference: float, min_effect: float, alpha: float,
                    tuned_for: int = TUNED_FOR) -> str:
    """tilted / fair / undecided of one cell from its observations in play order (the rule of `rate_verdict`)."""
    return streams_verdict([(values, tuned_for)], reference, min_effect, alpha)


def streams_verdict(streams: Sequence[Stream], reference: float, min_effect: float, alpha: float) -> str:
    """tilted / fair / undecided of one cell from its streams of observations (the rule of `rate_verdict`; the
    estimate is the mean of every observation)."""
    observed = [np.asarray(values, dtype=float) for values, _ in streams]
    if not any(values.size for values in observed):
        return UNDECIDED
    estimate = float(np.mean(np.concatenate(observed)))
    excluded = streams_excludes(streams, [reference, reference - min_effect, reference + min_effect], alpha)
    if excluded[0] and abs(estimate - reference) >= min_effect - 1e-12:
        return TILTED
    if reference - min_effect < estimate < reference + min_effect and excluded[1] and excluded[2]:
        return FAIR
    return UNDECIDED


def mean_sequence(mean: float, sd: float, n: float, alpha: float,
                  tuned_for: int = TUNED_FOR) -> tuple[float, float]:
    """The asymptotic normal-mixture sequence (Waudby-Smith et al.) for a mean of n observations."""
    if n <= 0 or not math.isfinite(sd):
        return -math.inf, math.inf
    r2 = (-2 * math.log(alpha) + math.log(1 - 2 * math.log(alpha))) / tuned_for
    half = sd * math.sqrt(2 * (n * r2 + 1) / (n * n * r2) * math.log(math.sqrt(n * r2 + 1) / alpha))
    return mean - half, mean + half


def interval_verdict(estimate: float, lo: float, hi: float, reference: float, min_effect: float) -> str:
    """tilted / fair / undecided from a sequence's interval (the rule of `rate_verdict`, for any interval)."""
    if (lo > reference or hi < reference) and abs(estimate - reference) >= min_effect - 1e-12:
        return TILTED
    if reference - min_effect < lo and hi < reference + min_effect:
        return FAIR
    return UNDECIDED


def games_to_decide(rate: float, n: float, reference: float, min_effect: float, alpha: float,
                    tuned_for: int = TUNED_FOR) -> int | None:
    """The fewest observations (>= n) that decide a rate cell if its estimate stays at `rate`.

    None when even MAX_GAMES would not (an estimate right at the minimum that matters).
    """
    return _fewest(lambda games: bool(rate_verdict(rate * games, games, reference, min_effect, alpha, tuned_for)
                                      != UNDECIDED), n)


def betting_games_to_decide(values: Values, games_per_value: float, reference: float, min_effect: float,
                            alpha: float, tuned_for: int = TUNED_FOR, most: int = 1_000_000) -> int | None:
    """`games_to_decide` for a cell read by the betting sequence (duplicate deals): the games that decide it if
    its observations go on as they went (the observed ones repeated in order, so their mean and spread stay).

    An observation is a deal of P rotated games or one independent game, hence `games_per_value`; the figure
    is in games, like the others. None when `most` observations would not decide it.
    """
    return streams_games_to_decide([], (values, tuned_for), games_per_value, 0, reference, min_effect, alpha, most)


def streams_games_to_decide(fixed: Sequence[Stream], growing: Stream, games_per_value: float, fixed_games: int,
                            reference: float, min_effect: float, alpha: float,
                            most: int = 1_000_000) -> int | None:
    """Games that decide a cell read over several streams if `growing` (the stream more play adds to) goes on as
    it went, its observations repeated in order, and the `fixed` streams (`fixed_games` games) stay as they are.
    None when `most` observations of `growing` would not decide it."""
    observed, tuned_for = np.asarray(growing[0], dtype=float), growing[1]
    if observed.size == 0:
        return None

    def decided(count: int) -> bool:
        streams = [*fixed, (np.resize(observed, count), tuned_for)]
        return streams_verdict(streams, reference, min_effect, alpha) != UNDECIDED

    needed = _fewest(decided, observed.size, most)
    return None if needed is None else fixed_games + math.ceil(needed * games_per_value)


def mean_games_to_decide(mean: float, sd: float, n: float, reference: float, min_effect: float, alpha: float,
                         tuned_for: int = TUNED_FOR) -> int | None:
    """`games_to_decide` for a mean whose observations have standard deviation `sd`."""
    def decided(games: int) -> bool:
        lo, hi = mean_sequence(mean, sd, games, alpha, tuned_for)
        return interval_verdict(mean, lo, hi, reference, min_effect) != UNDECIDED

    return _fewest(decided, n)


def _fewest(decided: Callable[[int], bool], n: float, most: int = MAX_GAMES) -> int | None:
    """The fewest games >= n (at most `most`) for which `decided` holds (doubling, then halving to within 1%)."""
    low = max(int(n), 1)
    if decided(low):
        return low
    high = low
    while not decided(high):
        if high >= most:
            return None
        low, high = high, min(high * 2, most)
    while high - low > max(1, low // 100):  # to 1%: an estimate, not a promise
        middle = (low + high) // 2
        low, high = (low, middle) if decided(middle) else (middle, high)
    return high
