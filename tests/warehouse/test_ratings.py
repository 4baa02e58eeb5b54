"""The pairwise win-rate matrix and the Bradley-Terry ratings of two-agent games."""

from __future__ import annotations

import math
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pytest

from balance.commands.ladder import ladder_lines
from balance.output import records
from reports.site.agents import ratings_table
from warehouse.display_names import Names
from warehouse.ratings import ELO, fit, ratings_model


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


def matches(rows: list[tuple[str, str, float]]) -> duckdb.DuckDBPyConnection:
    """A warehouse holding only `fct_agent_matches`: one caprices 2-player game per (agent, opponent, share)."""
    con = duckdb.connect()
    con.execute("create table fct_agent_matches (game varchar, ruleset varchar, num_players int, run_id varchar, "
                "game_id int, agent varchar, opponent varchar, agent_share double, opponent_share double)")
    con.executemany("insert into fct_agent_matches values ('caprices', 'standard', 2, 'r', ?, ?, ?, ?, ?)",
                    [(i, a, b, share, 1 - share) for i, (a, b, share) in enumerate(rows)])
    return con


ONE_SIDED = "not estimable: every game between greedy and random won by greedy"


def test_a_one_sided_pairing_gets_no_rating_and_says_why() -> None:
    ratings = ratings_model(matches([("greedy", "random", 1.0)] * 12))  # the bootstrap read "+816 to +816"
    assert list(ratings.note) == [ONE_SIDED, ONE_SIDED]
    assert ratings[["rating", "rating_lo", "rating_hi"]].isna().all().all()


def test_a_chain_of_wins_rates_even_an_unbeaten_pairing() -> None:
    # a always beats b, but b beats c and c beats a at times: every agent reaches every other through wins
    games = [("a", "b", 1.0)] * 6 + [("b", "c", 1.0), ("b", "c", 0.0)] * 3 + [("a", "c", 1.0), ("a", "c", 0.0)] * 3
    ratings = ratings_model(matches(games)).set_index("agent")
    assert ratings.note.isna().all()
    assert (ratings.rating_lo < ratings.rating_hi).all() and ratings.rating["a"] > ratings.rating["b"]


def test_agents_that_never_met_get_no_common_scale() -> None:
    games = [("a", "b", 1.0), ("a", "b", 0.0), ("c", "d", 1.0), ("c", "d", 0.0)]
    assert set(ratings_model(matches(games)).note) == {"not estimable: a, b never met c, d"}


def test_the_ratings_table_and_the_ladder_say_not_estimable_instead_of_a_zero_width_interval() -> None:
    con = matches([("greedy", "random", 1.0)] * 12)
    frame = ratings_model(con)
    con.execute("create table met_agent_ratings as select * from frame")
    html = ratings_table(con, Names.from_warehouse(con))
    assert ONE_SIDED in html and " to " not in html.split("<table", 1)[1]
    lines = ladder_lines({"ratings": records(frame), "pairwise": []}, "caprices", "standard", 2, ["greedy", "random"])
    assert sum(ONE_SIDED in line for line in lines) == 2 and not any("nan" in line for line in lines)
