"""The pairwise win-rate matrix and the Bradley-Terry ratings of two-agent games."""

from __future__ import annotations

import math
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pytest

from warehouse.ratings import ELO, fit


def query(warehouse: Path, sql: str) -> pd.DataFrame:
    with duckdb.connect(str(warehouse), read_only=True) as con:
        return con.execute(sql).df()


def _two_agent_shares(warehouse: Path) -> pd.DataFrame:
    """Per two-agent game, each agent's summed win share, recomputed with pandas from fct_player_games."""
    seats = query(warehouse, "select game, ruleset, num_players, run_id, game_id, agent, win_share "
                             "from fct_player_games")
    keys = ["game", "ruleset", "num_players", "run_id", "game_id"]
    per_agent = seats.groupby([*keys, "agent"], as_index=False).win_share.sum()
    kinds = per_agent.groupby(keys).agent.transform("size")
    return per_agent[kinds == 2]


def test_pairwise_matrix_matches_pandas(fake_warehouse: Path) -> None:
    shares = _two_agent_shares(fake_warehouse)
    expected = shares.groupby(["game", "num_players", "agent"]).win_share.agg(["size", "sum"])
    matrix = query(fake_warehouse, "select * from met_agent_pairwise").set_index(["game", "num_players", "agent"])
    assert len(matrix) == len(expected) > 0
    for (game, players, agent), row in expected.iterrows():
        got = matrix.loc[(game, players, agent)]
        assert got.n == row["size"] and got.wins == pytest.approx(row["sum"])
        assert got.win_lo <= got.win_rate <= got.win_hi


def test_each_cell_and_its_mirror_add_up(fake_warehouse: Path) -> None:
    matrix = query(fake_warehouse, "select * from met_agent_pairwise")
    mirrored = matrix.merge(matrix, left_on=["game", "ruleset", "num_players", "agent", "opponent"],
                            right_on=["game", "ruleset", "num_players", "opponent", "agent"])
    assert len(mirrored) == len(matrix)
    assert (mirrored.n_x == mirrored.n_y).all()
    assert np.allclose(mirrored.win_rate_x + mirrored.win_rate_y, 1.0)


def test_two_agent_ratings_are_the_log_odds_of_the_win_rate(fake_warehouse: Path) -> None:
    ratings = query(fake_warehouse, "select * from met_agent_ratings")
    matrix = query(fake_warehouse, "select * from met_agent_pairwise")
    assert len(ratings) > 0
    for (game, _ruleset, players), group in ratings.groupby(["game", "ruleset", "num_players"]):
        assert group.rating.sum() == pytest.approx(0.0, abs=1e-6)
        assert (group.rating_lo <= group.rating).all() and (group.rating <= group.rating_hi).all()
        cell = matrix[(matrix.game == game) & (matrix.num_players == players) & (matrix.agent == "greedy")]
        rate = float(cell.win_rate.iloc[0])
        by_agent = group.set_index("agent").rating
        gap = by_agent["greedy"] - by_agent["random"]
        assert gap == pytest.approx(ELO * math.log(rate / (1 - rate)), abs=3.0)  # up to the small regularisation


def test_ratings_order_a_known_ladder() -> None:
    index = {"weak": 0, "mid": 1, "strong": 2}
    totals = {("mid", "weak"): (70.0, 30.0), ("strong", "weak"): (90.0, 10.0), ("mid", "strong"): (30.0, 70.0)}
    ratings = fit(3, index, totals)
    assert ratings[2] > ratings[1] > ratings[0]
    assert ratings.sum() == pytest.approx(0.0, abs=1e-9)


def test_an_unbeaten_agent_keeps_a_finite_rating() -> None:
    ratings = fit(2, {"a": 0, "b": 1}, {("a", "b"): (50.0, 0.0)})
    assert np.isfinite(ratings).all() and ratings[0] > ratings[1]
