"""Lakes written before real-time plans (event log version 1) still read.

`data/v1_lake` is a run of 3 games (2 players, random vs greedy, seed 5) that
the code before plans wrote with `balance simulate --game gods --games 3
--players 2 --agents random,greedy --seed 5`: one event per action carrying the
actor's next think time and a 64-bit tie-break `lot`, the bag order as JSON.
Its events are kept as text (`events.jsonl`, see tests/old_logs.py); `v1_lake`
puts them back where that run wrote them, with the manifest's checksum of the
rebuilt file.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest

from engine.core import GameSealed, GameStarted, events_from_table
from engine.gods.events import BagShuffled, TilePlaced, TilesDealt
from engine.gods.game import GAME
from lake.spec import RunSpec
from lake.verify import verify
from simulate.runner import run
from tests.old_logs import write_parquet
from warehouse.build import build

V1_DATA = Path(__file__).parent / "data" / "v1_lake"
V1_RUN = "gods-037d1fabf8"


@pytest.fixture
def v1_lake(tmp_path: Path) -> Path:
    """The version 1 run as it lay in its lake: events Parquet, spec and manifest."""
    lake = tmp_path / "lake"
    shutil.copytree(V1_DATA / "runs", lake / "runs")
    part = write_parquet(V1_DATA / "events.jsonl", lake / f"events/game=gods/run={V1_RUN}/part-00000.parquet")
    manifest_path = lake / "runs" / V1_RUN / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    [entry] = manifest["files"]
    entry["sha256"] = hashlib.sha256(part.read_bytes()).hexdigest()
    manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    return lake


def test_a_version_1_log_reads_as_events_of_todays_classes(v1_lake: Path) -> None:
    table = pq.read_table(next(v1_lake.glob("events/game=gods/run=*/part-*.parquet")))
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


def test_the_warehouse_reads_a_lake_holding_version_1_and_version_2_runs(v1_lake: Path, tmp_path: Path) -> None:
    lake = v1_lake
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


def test_verify_says_how_to_check_a_version_1_run(v1_lake: Path) -> None:
    report = verify(v1_lake)
    [problem] = report.problems
    assert "before real-time plans" in problem.problem and "code version in their manifest" in problem.problem
