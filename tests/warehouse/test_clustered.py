"""Rates over player-games read by clusters (warehouse.clustered): valid when a game's players move together."""

from __future__ import annotations

import numpy as np

from simulate import sequential
from warehouse.clustered import Clustered


def _first_tilted(k: np.ndarray, s: np.ndarray, reference: float, every: int) -> tuple[bool, bool]:
    """Whether a fair cell, looked at every `every` games, is ever called tilted: (clustered, beta-binomial)."""
    clustered = binomial = False
    for n in range(every, k.size + 1, every):
        cell = Clustered(k[:n], s[:n], n)
        lo, hi = cell.sequence(0.05)
        clustered |= sequential.interval_verdict(cell.estimate, lo, hi, reference, 0.02) == sequential.TILTED
        binomial |= sequential.rate_verdict(s[:n].sum(), k[:n].sum(), reference, 0.02, 0.05) == sequential.TILTED
    return clustered, binomial


def test_games_whose_players_move_together_are_not_read_as_independent_player_games() -> None:
    """4 players, a 30% chance a game's players all meet or all miss the rate together (design effect 1.9):
    the beta-binomial mixture over player-games calls the fair rate tilted far beyond alpha, the clusters' sequence
    within it (300 cells stopped at the first tilted look among 40)."""
    rng = np.random.default_rng(1)
    cells, games, players, shared_share, rate = 300, 2000, 4, 0.3, 0.5
    shared = rng.random((cells, games)) < shared_share
    together = (rng.random((cells, games)) < rate) * players
    alone = (rng.random((cells, games, players)) < rate).sum(axis=2)
    hits = np.where(shared, together, alone).astype(float)
    k = np.full(games, players, float)
    outcomes = np.array([_first_tilted(k, hits[c], rate, games // 40) for c in range(cells)])
    assert outcomes[:, 0].mean() <= 0.05
    assert outcomes[:, 1].mean() > 0.08  # the flaw the clusters fix


def test_players_competing_for_one_caprice_narrow_the_sequence() -> None:
    """Two players, exactly one of whom meets the rate in every game (a race): every cluster sits on the mean,
    so the clusters' sequence is much narrower than the binomial one, and centred on the table's estimate."""
    k, s = np.full(3000, 2.0), np.ones(3000)
    cell = Clustered(k, s, 3000)
    lo, hi = cell.sequence(0.05)
    binomial_lo, binomial_hi = sequential.rate_sequence(3000, 6000, 0.5, 0.05)
    assert cell.estimate == 0.5 and lo < 0.5 < hi
    assert hi - lo < (binomial_hi - binomial_lo) / 4


def test_a_handful_of_identical_games_never_makes_a_point_interval() -> None:
    cell = Clustered(np.full(5, 3.0), np.full(5, 3.0), 5)
    lo, hi = cell.sequence(0.05)
    assert cell.cluster_sd() > 0 and hi - lo > 0.5


def test_what_a_cell_would_take_is_counted_in_games() -> None:
    """A duplicate deal of 4 games is one cluster: the games to decide are clusters times 4."""
    rng = np.random.default_rng(2)
    k = np.full(200, 4.0)
    s = rng.binomial(4, 0.47, 200).astype(float)
    cell = Clustered(k, s, 800)
    needed = cell.games_to_decide(0.5, 0.02, 0.05)
    clusters = sequential.mean_games_to_decide(cell.estimate, cell.cluster_sd(), 200, 0.5, 0.02, 0.05)
    assert needed is not None and clusters is not None and needed == clusters * 4
