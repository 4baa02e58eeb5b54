"""Lakes written before real-time plans (event log version 1) still read.

`data/v1_lake` is a run of 3 games (2 players, random vs greedy, seed 5) that
the code before plans wrote with `balance simulate --game gods --games 3
--players 2 --agents random,greedy --seed 5`: one event per action carrying the
actor's next think time and a 64-bit tie-break `lot`, the bag order as JSON.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pyarrow.parquet as pq

from engine.core import GameSealed, GameStarted, events_from_table
from engine.gods.events import BagShuffled, TilePlaced, TilesDealt
from engine.gods.game import GAME
from simulate.runner import run
from simulate.spec import RunSpec
from simulate.verify import verify
from warehouse.build import build

V1_LAKE = Path(__file__).parent / "data" / "v1_lake"
V1_PART = next(V1_LAKE.glob("events/game=gods/run=*/part-*.parquet"))


def test_a_version_1_log_reads_as_events_of_todays_classes() -> None:
    table = pq.read_table(V1_PART)
    assert "lot" in table.column_names and "action" not in table.column_names  # the old format
    versions = dict(zip(table.column("event_type").to_pylist(), table.column("schema_version").to_pylist()))
    assert versions["tile_placed"] == versions["tiles_dealt"] == 1 and TilePlaced.VERSION == 2
    games = list(events_from_table(table, GAME.event_types))
    assert [game_id for game_id, _ in games] == [0, 1, 2]
    for _, events in games:
        assert isinstance(events[0], GameStarted) and isinstance(events[-1], GameSealed)
        assert isinstance(events[1], BagShuffled) and sorted(events[1].order) == list(range(100))  # from the JSON
        dealt = [e for e in events if isinstance(e, TilesDealt)]
        assert [(e.player, len(e.tiles), e.profile) for e in dealt] == [(0, 2, "default"), (1, 2, "default")]
        placed = [e for e in events if isinstance(e, TilePlaced)]
        assert placed and all(e.tile is not None for e in placed)  # version 1 names every tile placed


def test_the_warehouse_reads_a_lake_holding_version_1_and_version_2_runs(tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    shutil.copytree(V1_LAKE, lake)
    run(RunSpec("gods", "standard", (2,), ("random", "greedy"), 3, seed=5, batch_size=100), lake, workers=1,
        progress=False)
    build(lake, tmp_path / "wh.duckdb")  # raises if a model fails or an invariant test returns rows
    con = duckdb.connect(str(tmp_path / "wh.duckdb"), read_only=True)
    rows = con.sql("select run_id = 'gods-037d1fabf8' as v1, count(*), sum(plans), min(actions), "
                   "sum(tiles_placed) from fct_gods_games group by 1 order by 1").fetchall()
    (v2, n2, plans2, actions2, tiles2), (v1, n1, plans1, actions1, tiles1) = rows
    assert (v1, n1, plans1) == (True, 3, 0) and actions1 > 0 and tiles1 > 0  # version 1: no plans
    assert (v2, n2) == (False, 3) and plans2 > 0 and actions2 > 0 and tiles2 > 0
    assert con.sql("select count(*) from fct_gods_player_games where pace_mean_ms is null").fetchall() == [(0,)]


def test_verify_says_how_to_check_a_version_1_run() -> None:
    report = verify(V1_LAKE)
    [problem] = report.problems
    assert "before real-time plans" in problem.problem and "code version in their manifest" in problem.problem
