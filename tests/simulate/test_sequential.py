"""Confidence sequences: the error rates hold when play stops at the first decision (simulated, vectorised)."""

from __future__ import annotations

import numpy as np
import pytest

from simulate import sequential
from simulate.sequential import FAIR, TILTED, UNDECIDED
from simulate.sequential_check import BATCH, LOOKS, MINIMUM, SEATS, first_decisions, fixed_n_rejects


def _ties_as_half(rng: np.random.Generator, p_win: float, p_tie: float) -> np.ndarray:
    """Win shares: 1 for a win, 0.5 for a tie of two, 0 for a loss (mean p_win + p_tie / 2)."""
    draw = rng.random((SEATS, BATCH * LOOKS))
    return np.where(draw < p_win, 1.0, np.where(draw < p_win + p_tie, 0.5, 0.0))


@pytest.mark.parametrize("reference", [1 / 2, 1 / 3, 1 / 5])
def test_fair_seats_stopped_at_the_first_decision_are_called_tilted_at_most_alpha(reference: float) -> None:
    rng = np.random.default_rng(24)
    outcomes = (rng.random((SEATS, BATCH * LOOKS)) < reference).astype(float)
    verdicts = first_decisions(outcomes, reference, 0.05)
    assert (verdicts == TILTED).mean() <= 0.05


def test_the_same_stopping_rule_with_a_fixed_n_interval_calls_fair_seats_tilted_far_more_often() -> None:
    """The reason for the sequences: a 95% Wald interval read after every batch rejects a fair seat > 5%."""
    rng = np.random.default_rng(24)
    outcomes = (rng.random((SEATS, BATCH * LOOKS)) < 0.5).astype(float)
    assert fixed_n_rejects(outcomes, 0.5).mean() > 0.2


def test_shares_with_ties_keep_the_error_rate() -> None:
    rng = np.random.default_rng(7)
    outcomes = _ties_as_half(rng, p_win=0.4, p_tie=0.2)  # mean 0.5: a fair 2-player seat with 20% ties
    assert (first_decisions(outcomes, 0.5, 0.05) == TILTED).mean() <= 0.05


def test_a_family_spending_alpha_over_its_seats_is_wrong_somewhere_at_most_alpha() -> None:
    """Four fair seats per study, alpha / 4 each: at most 5% of studies call any of them tilted."""
    rng = np.random.default_rng(3)
    outcomes = (rng.random((4, SEATS, BATCH * LOOKS)) < 0.25).astype(float)
    wrong = np.array([first_decisions(outcomes[seat], 0.25, 0.05 / 4) == TILTED for seat in range(4)]).any(axis=0)
    assert wrong.mean() <= 0.05


def test_seats_tilted_by_more_than_the_minimum_are_called_fair_at_most_alpha() -> None:
    rng = np.random.default_rng(5)
    outcomes = (rng.random((SEATS, BATCH * LOOKS)) < 0.5 + MINIMUM + 0.005).astype(float)
    assert (first_decisions(outcomes, 0.5, 0.05) == FAIR).mean() <= 0.05


def test_a_clearly_tilted_seat_is_decided_tilted_and_a_fair_one_decided_fair_given_the_games() -> None:
    rng = np.random.default_rng(9)
    tilted = first_decisions((rng.random((200, BATCH * LOOKS)) < 0.6).astype(float), 0.5, 0.05)
    assert (tilted == TILTED).mean() > 0.95
    fair = sequential.rate_verdict(0.5 * 20_000, 20_000, 0.5, MINIMUM, 0.05)
    assert fair == FAIR


def test_the_interval_is_the_set_the_test_does_not_exclude() -> None:
    lo, hi = sequential.rate_sequence(330, 600, 0.5, 0.01)
    assert 0 < lo < 0.55 < hi < 1
    for p, inside in ((lo + 1e-4, True), (hi - 1e-4, True), (lo - 1e-3, False), (hi + 1e-3, False)):
        assert bool(sequential.excludes(330, 600, p, 0.5, 0.01)) is not inside
    wider = sequential.rate_sequence(330, 600, 0.5, 0.001)
    assert wider[0] < lo and wider[1] > hi  # a smaller alpha (more cells in the family) widens it


def test_the_mean_sequence_covers_a_normal_mean_at_every_look() -> None:
    rng = np.random.default_rng(11)
    draws = rng.normal(0.0, 3.0, (SEATS, BATCH * LOOKS))
    n = np.arange(1, BATCH * LOOKS + 1)[BATCH - 1::BATCH]
    means = np.cumsum(draws, axis=1)[:, BATCH - 1::BATCH] / n
    half = np.array([sequential.mean_sequence(0.0, 3.0, k, 0.05)[1] for k in n])
    assert (np.abs(means) > half).any(axis=1).mean() <= 0.05


def test_games_to_decide_is_where_the_verdict_first_holds() -> None:
    needed = sequential.games_to_decide(0.56, 300, 0.5, MINIMUM, 0.05 / 14)
    assert needed is not None and needed > 300
    assert sequential.rate_verdict(0.56 * needed, needed, 0.5, MINIMUM, 0.05 / 14) == TILTED
    early = int(needed * 0.97)
    assert sequential.rate_verdict(0.56 * early, early, 0.5, MINIMUM, 0.05 / 14) == UNDECIDED
    assert sequential.games_to_decide(0.5 + MINIMUM - 1e-4, 300, 0.5, MINIMUM, 0.05) is None  # on the minimum
    assert sequential.games_to_decide(0.7, 500, 0.5, MINIMUM, 0.05) == 500  # decided already


def test_deal_cells_games_to_decide_is_where_the_betting_verdict_first_holds_in_games() -> None:
    """Duplicate deals: the projection repeats the observed deals, and counts games, P per deal."""
    rng = np.random.default_rng(3)
    deals = np.clip(0.5 + rng.normal(0, 0.12, 300), 0, 1)  # a fair seat's mean share over its rotated deals
    alpha, players = 0.05 / 14, 2
    needed = sequential.betting_games_to_decide(deals, players, 0.5, MINIMUM, alpha)
    assert needed is not None and needed > 300 * players and needed % players == 0
    at = needed // players
    assert sequential.betting_verdict(np.resize(deals, at), 0.5, MINIMUM, alpha) == FAIR
    # to within a few percent (an estimate, as for independent games): well before it, still undecided
    assert sequential.betting_verdict(np.resize(deals, int(at * 0.9)), 0.5, MINIMUM, alpha) == UNDECIDED
    # the figure it replaces: independent games of the same win rate need more (the deals' lower spread)
    independent = sequential.games_to_decide(float(deals.mean()), 300 * players, 0.5, MINIMUM, alpha)
    assert independent is not None and needed < independent
    assert sequential.betting_games_to_decide(deals[:0], players, 0.5, MINIMUM, alpha) is None
    assert sequential.betting_games_to_decide(deals, players, 0.5, MINIMUM, alpha, most=400) is None
