"""The 4 Gods warehouse models over a small lake of real games (greedy vs greedy-fast)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from lake.spec import RunSpec
from simulate.runner import run
from warehouse.build import build

GAMES = 24  # per player count


@pytest.fixture(scope="module")
def con(tmp_path_factory: pytest.TempPathFactory) -> duckdb.DuckDBPyConnection:
    lake = tmp_path_factory.mktemp("gods_lake")
    spec = RunSpec("gods", "standard", (2, 4), ("greedy", "greedy-fast"), GAMES, seed=3, batch_size=100)
    run(spec, lake, workers=1, progress=False)
    path: Path = tmp_path_factory.mktemp("gods_wh") / "warehouse.duckdb"
    result = build(lake, path)  # raises if an invariant test (score = sum of components, ...) returns rows
    assert {"gods_score_is_sum_of_components", "gods_bonuses_match_landscapes",
            "gods_every_plan_comes_due_once"} <= set(result.tests)
    return duckdb.connect(str(path), read_only=True)


def one(con: duckdb.DuckDBPyConnection, sql: str) -> tuple:  # type: ignore[type-arg]
    rows = con.execute(sql).fetchall()
    assert len(rows) == 1
    return rows[0]


def test_one_row_per_player_and_per_landscape(con: duckdb.DuckDBPyConnection) -> None:
    assert one(con, "select count(*) from fct_gods_games") == (2 * GAMES,)
    assert one(con, "select count(*) from fct_gods_player_games") == (GAMES * (2 + 4),)
    assert one(con, "select count(*) from fct_gods_landscapes") == (2 * GAMES * 4,)


def test_the_fast_pace_is_faster_relative_to_the_table(con: duckdb.DuckDBPyConnection) -> None:
    rows = dict(con.sql("select pace, avg(relative_think) from fct_gods_player_games group by pace").fetchall())
    assert set(rows) == {"default", "greedy-fast"}  # greedy has no profile of its own: the default
    assert rows["greedy-fast"] < 0.9 < 1.1 < rows["default"]


def test_each_seat_paces_by_its_agent_name(con: duckdb.DuckDBPyConnection) -> None:
    rows = con.sql("select distinct agent, pace, pace_mean_ms from fct_gods_player_games order by agent").fetchall()
    assert rows == [("greedy", "default", 6000), ("greedy-fast", "greedy-fast", 4800)]


def test_speed_metric_reads_the_declared_relative_pace(con: duckdb.DuckDBPyConnection) -> None:
    rows = con.sql("select num_players, pace, relative_pace, n, matchup from met_gods_speed "
                   "order by num_players, relative_pace").fetchall()
    # 2 players: 4800 / 6000 and 6000 / 4800; 4 players (2 of each): 4800 / 5600 and 6000 / 5200
    assert [(r[0], r[1], float(r[2]), r[3]) for r in rows] == [
        (2, "greedy-fast", 0.8, GAMES), (2, "default", 1.25, GAMES),
        (4, "greedy-fast", 0.86, 2 * GAMES), (4, "default", 1.15, 2 * GAMES),
    ]
    assert {r[4] for r in rows} == {"greedy vs greedy-fast"}


def test_claim_order_runs_from_one_to_the_number_of_claimers(con: duckdb.DuckDBPyConnection) -> None:
    bad = one(con, """
        select count(*) from (
            select run_id, game_id, max(claim_order) as top, count(god) as claimers
            from fct_gods_player_games group by run_id, game_id
        ) where top <> claimers
    """)
    assert bad == (0,)


def test_end_reasons_cover_every_game(con: duckdb.DuckDBPyConnection) -> None:
    rows = con.sql("select num_players, sum(rate), sum(k), any_value(n) from met_gods_game_end group by 1").fetchall()
    for _, rate, k, n in rows:
        assert rate == pytest.approx(1.0) and k == n == GAMES


def test_metrics_carry_n_and_intervals(con: duckdb.DuckDBPyConnection) -> None:
    # (1e-9: the shared Wilson macro gives a lower bound of ~3e-17 instead of 0 when k = 0)
    for table, rate, lo, hi in [
        ("met_gods_speed", "win_rate", "win_lo", "win_hi"),
        ("met_gods_god_win_rate", "win_rate", "win_lo", "win_hi"),
        ("met_gods_claim_timing", "win_rate", "win_lo", "win_hi"),
        ("met_gods_prophets", "win_rate", "win_lo", "win_hi"),
        ("met_gods_landscapes", "mass_bonus_rate", "mass_bonus_lo", "mass_bonus_hi"),
        ("met_gods_cities", "city_game_rate", "city_game_lo", "city_game_hi"),
        ("met_gods_plan_failures", "fail_rate", "fail_lo", "fail_hi"),
    ]:
        inside = f"{lo} <= {rate} + 1e-9 and {rate} <= {hi} + 1e-9"
        n_column = "n_games" if table == "met_gods_cities" else "n"
        n_rows, bad = one(con, f"select count(*), count(*) filter (where not ({inside}) or {n_column} is null) "
                               f"from {table}")
        assert n_rows > 0 and bad == 0, f"{table}: {bad} of {n_rows} rows without n or outside their interval"


def test_city_points_match_the_city_events(con: duckdb.DuckDBPyConnection) -> None:
    # 5 points per city held or broken: a player's city points / 5 = cities they broke + cities they still hold
    bad = one(con, """
        select count(*) from fct_gods_player_games
        where city_points % 5 <> 0 or city_points / 5 < cities_broken
    """)
    assert bad == (0,)


def test_plan_failures_add_up_by_pace_and_action(con: duckdb.DuckDBPyConnection) -> None:
    games = one(con, "select sum(plans), sum(plans_failed), sum(waits), sum(actions) from fct_gods_games")
    players = one(con, "select sum(plans), sum(plans_failed), sum(waits) from fct_gods_player_games")
    assert games[:3] == players and games[1] > 0
    # every plan but at most one per player at the end is carried out (an action) or fails
    assert 0 <= games[0] - games[1] - games[3] <= GAMES * (2 + 4)
    pooled = one(con, "select sum(n), sum(failed) from met_gods_plan_failures where action = 'all'")
    by_action = one(con, "select sum(n), sum(failed) from met_gods_plan_failures where action <> 'all'")
    assert pooled == by_action == games[:2]
    paces = dict(con.sql("select pace, sum(n_player_games) from met_gods_plan_failures where action = 'all' "
                         "group by pace").fetchall())
    assert paces == {"default": GAMES * 3, "greedy-fast": GAMES * 3}
