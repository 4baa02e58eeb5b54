"""Four Gardens logs give seq, round, turn and player as one shape per game (lake schema 3); older logs still read.

The four columns follow from the order of a game's events, which one string per
game holds far more cheaply (engine/core/shape.py). `data/schema2_lake` is a
run written by the code before (the four columns stored on every row): 2 games,
2 players, random vs greedy, ruleset gods-caprice, seed 9, run id
`gardens-schema2`, kept as text (tests/old_logs.py). Today's code plays the same
spec to the same games, so every row can be compared: derived here, stored there.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from engine.core import events_from_table
from engine.core.buffer import SCHEMA_VERSION, EventBuffer
from engine.core.errors import ReplayError
from engine.core.shape import COUNTERS, SHAPE, fill_counters, shape_of
from engine.gardens.game import GAME
from lake.catalogue import LakeCatalogue
from lake.spec import RunSpec
from lake.verify import verify
from simulate.runner import run
from tests.old_logs import assert_both_layouts_replay_alike, lake_with_old_and_new_run, run_part
from warehouse.build import build

OLD_DATA = Path(__file__).parent / "data" / "schema2_lake"
OLD_RUN = "gardens-schema2"
SPEC = RunSpec("gardens", "gods-caprice", (2,), ("random", "greedy"), 2, seed=9, batch_size=100)
ORDER = [("game_id", "ascending"), ("seq", "ascending")]


@pytest.fixture(scope="module")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The schema-2 run as it lay in its lake, and the same spec played today into the same lake."""
    return lake_with_old_and_new_run(tmp_path_factory.mktemp("shape"), OLD_DATA, SPEC, OLD_RUN)


def _part(lake: Path, run_id: str) -> Path:
    return run_part(lake, "gardens", run_id)


def test_the_log_leaves_the_counters_null_and_holds_one_shape_per_game(lake: Path) -> None:
    assert SCHEMA_VERSION == 3 and GAME.facts.log_counters is False
    new = pq.read_table(_part(lake, SPEC.run_id))
    old = pq.read_table(_part(lake, OLD_RUN)).sort_by(ORDER)
    assert all(new.column(name).null_count == new.num_rows for name in COUNTERS)
    shapes = new.filter(pa.compute.is_valid(new.column(SHAPE)))
    assert shapes.column("event_type").to_pylist() == ["game_started"] * 2  # on each game's first row
    for game_id, shape in zip(shapes.column("game_id").to_pylist(), shapes.column(SHAPE).to_pylist()):
        rows = old.filter(pa.compute.equal(old.column("game_id"), game_id))
        assert shape == shape_of(*(rows.column(c).to_pylist() for c in ("event_type", "round", "turn", "player")))
    assert SHAPE not in old.column_names and old.column("seq").null_count == 0


def test_the_counters_read_back_as_the_old_log_stored_them(lake: Path) -> None:
    new = fill_counters(pq.read_table(_part(lake, SPEC.run_id))).sort_by(ORDER)
    old = pq.read_table(_part(lake, OLD_RUN)).sort_by(ORDER)
    for name in ("game_id", *COUNTERS, "event_type", "card", "target"):
        assert new.column(name).to_pylist() == old.column(name).to_pylist(), name


def test_both_layouts_read_as_the_same_events_and_verify(lake: Path) -> None:
    assert_both_layouts_replay_alike(lake, GAME, OLD_RUN, SPEC.run_id)


def test_a_game_whose_rows_no_longer_match_its_shape_is_reported(lake: Path, tmp_path: Path) -> None:
    bad = tmp_path / "lake"
    shutil.copytree(lake, bad)
    part = _part(bad, SPEC.run_id)
    table = pq.read_table(part)
    types = table.column("event_type").to_pylist()
    games = table.column("game_id").to_pylist()
    lost = next(i for i, (t, g) in enumerate(zip(types, games)) if t == "resource_moved" and g == 1)
    pq.write_table(table.take([i for i in range(table.num_rows) if i != lost]), part)
    problems = {(p.game_id, p.problem) for p in verify(bad).problems if SPEC.run_id in p.file}
    assert any(game == 1 and "shape" in problem for game, problem in problems)
    assert not any(game == 0 for game, _ in problems)  # the other game of the file still reads


def _set(table: pa.Table, name: str, values: list[object], dtype: pa.DataType | None = None) -> pa.Table:
    return table.set_column(table.schema.get_field_index(name), name, pa.array(values, type=dtype))


def _tamper_one_row(table: pa.Table, name: str, value: object) -> pa.Table:
    """`name` := value on the first row of game 1 that is not its first (which holds the shape)."""
    games = table.column("game_id").to_pylist()
    seen = [i for i, g in enumerate(games) if g == 1 and table.column(SHAPE)[i].as_py() is None]
    values = table.column(name).to_pylist()
    values[seen[0]] = value
    return _set(table, name, values, table.schema.field(name).type)


TAMPERINGS = {
    "a null event type": lambda t: _tamper_one_row(t, "event_type", None),
    "a null run id": lambda t: _tamper_one_row(t, "run_id", None),
    "a round on a row that should hold none": lambda t: _tamper_one_row(t, "round", 7),
    "a letter of a shape made non-ASCII": lambda t: _set(t, SHAPE, [
        v[:2] + "é" + v[3:] if v is not None and g == 1 else v
        for v, g in zip(t.column(SHAPE).to_pylist(), t.column("game_id").to_pylist())]),
    "round stored as text": lambda t: _set(t, "round", [None] * t.num_rows, pa.string()),
}


@pytest.mark.parametrize("tampering", TAMPERINGS)
def test_a_damaged_shape_log_is_reported_by_game_never_a_crash(lake: Path, tmp_path: Path, tampering: str) -> None:
    bad = tmp_path / "lake"
    shutil.copytree(lake, bad)
    part = _part(bad, SPEC.run_id)
    pq.write_table(TAMPERINGS[tampering](pq.read_table(part)), part)
    problems = [p for p in verify(bad).problems if SPEC.run_id in p.file]
    assert any(p.game_id == 1 for p in problems), problems  # named by game, not only as an edited file


def test_replay_refuses_a_game_whose_rows_no_longer_match_its_shape(lake: Path) -> None:
    table = pq.read_table(_part(lake, SPEC.run_id))
    types, games = table.column("event_type").to_pylist(), table.column("game_id").to_pylist()
    lost = next(i for i, (t, g) in enumerate(zip(types, games)) if t == "resource_moved" and g == 1)
    read = events_from_table(table.take([i for i in range(table.num_rows) if i != lost]), GAME.event_types)
    game, events = next(read)
    assert game == 0 and len(events) > 100  # the other game of the file still reads
    with pytest.raises(ReplayError, match="game 1: its rows no longer match its shape"):
        next(read)


def test_the_warehouse_reads_both_layouts_alike(lake: Path, tmp_path: Path) -> None:
    build(lake, tmp_path / "wh.duckdb")
    con = duckdb.connect(str(tmp_path / "wh.duckdb"), read_only=True)
    for model in ("stg_events", "stg_gardens__events"):
        rows = con.sql(f"select * exclude (run_id) from {model} where run_id in ('{OLD_RUN}', '{SPEC.run_id}') "
                       f"order by game_id, seq, run_id").fetchall()
        old, new = rows[1::2], rows[0::2]  # run ids sort as gardens-<hash> < gardens-schema2
        assert len(old) == len(new) > 400 and old == new, model
    games = con.sql("select run_id, n_events, n_rounds from fct_games order by all").fetchall()
    assert [g[1:] for g in games if g[0] == OLD_RUN] == [g[1:] for g in games if g[0] == SPEC.run_id]


def test_an_incremental_build_derives_only_the_new_runs_counters(lake: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import warehouse.shape_counters as shape_counters

    copy, warehouse = tmp_path / "lake", tmp_path / "wh.duckdb"
    shutil.copytree(lake, copy)
    build(copy, warehouse)
    added = RunSpec(**{**SPEC.__dict__, "seed": 10, "run_id": "gardens-added"})
    run(added, copy, workers=1, progress=False)
    derived: list[str] = []
    counters_of = shape_counters._file_counters

    def recording(cat: LakeCatalogue, key: str) -> pa.Table | None:
        derived.append(key)
        return counters_of(cat, key)

    monkeypatch.setattr(shape_counters, "_file_counters", recording)
    assert build(copy, warehouse).mode == "incremental"
    assert [key.split("/")[2] for key in derived] == [f"run={added.run_id}"]  # the older run's rows were kept
    con = duckdb.connect(str(warehouse), read_only=True)
    per_run = dict(con.sql("select run_id, count(*) from lake_shape_counters group by run_id").fetchall())
    events = dict(con.sql("select run_id, count(*) from stg_events group by run_id").fetchall())
    assert per_run == {r: events[r] for r in (SPEC.run_id, added.run_id)}  # every row of both shape runs
    assert con.sql("select count(*) from stg_events where seq is null").fetchall() == [(0,)]


def test_a_buffer_that_keeps_its_counters_writes_no_shape() -> None:
    assert SHAPE not in EventBuffer(GAME.columns).schema.names
    assert SHAPE in EventBuffer.for_game(GAME).schema.names
