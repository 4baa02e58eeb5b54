"""The gardens warehouse models, built from a small lake of real games and checked against the raw events."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import duckdb
import pyarrow.dataset as ds
import pytest

from engine.core.shape import fill_counters
from lake.spec import RunSpec
from simulate.runner import run
from warehouse.build import build


@pytest.fixture(scope="module")
def gardens_warehouse(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    lake = tmp_path_factory.mktemp("gardens_lake")
    for ruleset, agents in (("base", ("greedy",)), ("gods-caprice", ("greedy", "random"))):
        run(RunSpec("gardens", ruleset, (2, 4), agents, 16, seed=3, batch_size=100), lake, workers=1, progress=False)
    path = tmp_path_factory.mktemp("gardens_wh") / "warehouse.duckdb"
    build(lake, path)
    return lake, path


def _events(lake: Path) -> list[dict]:
    table = ds.dataset(lake / "events" / "game=gardens", format="parquet", partitioning="hive").to_table()
    return fill_counters(table).to_pylist()  # the players, from each game's shape


def test_bonus_tile_picks_match_the_events(gardens_warehouse):
    lake, path = gardens_warehouse
    rows = _events(lake)
    ruleset_of = {(r["run_id"], r["game_id"]): r["ruleset"] for r in rows if r["event_type"] == "game_started"}
    takers = defaultdict(set)
    completers = defaultdict(set)
    for r in rows:
        key = (r["run_id"], r["game_id"], r["player"])
        if r["event_type"] == "bonus_tile_taken":
            takers[(ruleset_of[key[:2]], r["tile"])].add(key)
        elif r["event_type"] == "panorama_completed":
            completers[ruleset_of[key[:2]]].add(key)
    with duckdb.connect(str(path), read_only=True) as con:
        query = "select ruleset, tile, n, k, pick_rate, pick_lo, pick_hi from met_gardens_bonus_tiles"
        metric = con.sql(query).fetchall()
    assert {(ruleset, tile) for ruleset, tile, *_ in metric} == set(takers)
    for ruleset, tile, n, k, rate, lo, hi in metric:
        assert n == len(completers[ruleset]) and k == len(takers[(ruleset, tile)])
        assert lo <= rate <= hi


def test_activity_and_tracks_match_the_events(gardens_warehouse):
    lake, path = gardens_warehouse
    rows = _events(lake)
    ruleset_of = {(r["run_id"], r["game_id"]): r["ruleset"] for r in rows if r["event_type"] == "game_started"}
    lays = sum(1 for r in rows if r["action"] == "lay" and ruleset_of[(r["run_id"], r["game_id"])] == "base")
    player_games = sum(1 for r in rows if r["event_type"] == "player_scored"
                       and ruleset_of[(r["run_id"], r["game_id"])] == "base")
    knocked = sum(s == 0 for r in rows if r["event_type"] == "player_scored" for s in r["track_spaces"])
    with duckdb.connect(str(path), read_only=True) as con:
        mean_lays, n = con.sql("select mean, n from met_gardens_activity where measure = 'lay_actions' "
                               "and ruleset = 'base' and num_players = 'all' and agent = 'all'").fetchall()[0]
        tracks = con.sql("select sum(n), sum(knocked_off_rate * n) from met_gardens_tracks").fetchall()[0]
    assert n == player_games and mean_lays == pytest.approx(lays / player_games)
    assert tracks[0] == 4 * sum(1 for r in rows if r["event_type"] == "player_scored")
    assert tracks[1] == pytest.approx(knocked)


def test_track_space_shares_sum_to_one_per_god(gardens_warehouse):
    _, path = gardens_warehouse
    with duckdb.connect(str(path), read_only=True) as con:
        sums = con.sql("select ruleset, num_players, god, sum(share), min(n), max(n) from met_gardens_track_spaces "
                       "group by all").fetchall()
        markers = con.sql("select ruleset, num_players, god, n from met_gardens_tracks").fetchall()
    assert len(sums) == len(markers) == 2 * 2 * 4
    assert all(total == pytest.approx(1.0) and low == high for *_, total, low, high in sums)
    assert {(r, p, g): low for r, p, g, _t, low, _h in sums} == {(r, p, g): n for r, p, g, n in markers}
