"""4 Gods tables are cut by kind of play: random and greedy self-play and a mixed line-up never pool."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from lake.spec import RunSpec
from simulate.runner import run
from warehouse.build import build

GAMES = 8
LINEUPS = (("random",), ("greedy",), ("random", "greedy"))


@pytest.fixture(scope="module")
def con(tmp_path_factory: pytest.TempPathFactory) -> duckdb.DuckDBPyConnection:
    lake = tmp_path_factory.mktemp("gods_cuts_lake")
    for agents in LINEUPS:
        run(RunSpec("gods", "standard", (2,), agents, GAMES, seed=5, batch_size=100), lake, workers=1,
            progress=False)
    path: Path = tmp_path_factory.mktemp("gods_cuts_wh") / "warehouse.duckdb"
    build(lake, path)
    return duckdb.connect(str(path), read_only=True)


@pytest.mark.parametrize(("table", "n"), [("met_gods_claim_timing", "n"), ("met_gods_landscapes", "n"),
                                          ("met_game_length", "n")])
def test_each_line_up_is_its_own_rows(con: duckdb.DuckDBPyConnection, table: str, n: str) -> None:
    where = "where game = 'gods'" if table == "met_game_length" else ""
    per_mix = dict(con.sql(f"select agent_mix, sum({n}) from {table} {where} group by agent_mix").fetchall())
    assert set(per_mix) == {"random", "greedy", "greedy vs random"}
    totals = set(per_mix.values())
    assert len(totals) == 1  # the same games per line-up: nothing of one line-up counted under another


def test_claim_order_is_counted_per_player_game_of_its_line_up(con: duckdb.DuckDBPyConnection) -> None:
    rows = con.sql("select agent_mix, sum(n) from met_gods_claim_timing group by agent_mix").fetchall()
    assert all(total == GAMES * 2 for _, total in rows)


@pytest.mark.parametrize(("table", "p_value"), [("met_gods_claim_timing", "p_value"),
                                                ("met_gods_landscapes", "holder_p_value")])
def test_a_mixed_line_up_is_never_tested_for_claim_order_or_holders(con: duckdb.DuckDBPyConnection, table: str,
                                                                     p_value: str) -> None:
    """In a mixed line-up the first claimer (or a god's holder) is mostly the stronger agent: not an imbalance."""
    tested = dict(con.sql(f"select agent_mix like '% vs %', count({p_value}) from {table} group by 1").fetchall())
    assert tested[True] == 0 and tested[False] > 0
