"""Four Gardens rows hold seq, round, turn and player (lake schema 4); older logs still read, verify and build.

Lake schema 3 left the four columns null and gave them in one `shape` string
per game, which only this code decoded (engine/core/shape.py, now the
upcaster). Two runs of earlier code are kept as text (tests/old_logs.py):
`data/schema2_lake` (the four columns on every row) and `data/schema3_lake`
(the shape), each 2 games, 2 players, random vs greedy, ruleset gods-caprice,
seed 9. Today's code plays the same spec to the same games, so every row can
be compared: stored here and in schema 2, upcast from the shape in schema 3.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from engine.core import events_from_table
from engine.core.buffer import EventBuffer
from engine.core.errors import ReplayError
from engine.core.shape import COUNTERS, SHAPE, fill_counters
from engine.gardens.game import GAME
from lake.catalogue import LakeCatalogue
from lake.spec import RunSpec
from lake.verify import verify
from simulate.runner import run
from tests.old_logs import assert_layouts_replay_alike, lake_with_old_and_new_runs, run_part
from warehouse.build import build

DATA = Path(__file__).parent / "data"
SHAPED = "gardens-schema3"
OLD = {"gardens-schema2": DATA / "schema2_lake", SHAPED: DATA / "schema3_lake"}
SPEC = RunSpec("gardens", "gods-caprice", (2,), ("random", "greedy"), 2, seed=9, batch_size=100)
ORDER = [("game_id", "ascending"), ("seq", "ascending")]


@pytest.fixture(scope="module")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The kept runs as they lay in their lakes, and the same spec played today into the same lake."""
    return lake_with_old_and_new_runs(tmp_path_factory.mktemp("counters"), OLD, SPEC)


def _part(lake: Path, run_id: str) -> Path:
    return run_part(lake, "gardens", run_id)


def test_every_row_holds_its_counters_and_no_shape_is_written(lake: Path) -> None:
    new = pq.read_table(_part(lake, SPEC.run_id))
    assert SHAPE not in new.column_names and all(new.column(name).null_count == 0 for name in COUNTERS[:3])
    assert SHAPE not in EventBuffer.for_game(GAME).schema.names
    shaped = pq.read_table(_part(lake, SHAPED))
    assert all(shaped.column(name).null_count == shaped.num_rows for name in COUNTERS)
    assert shaped.filter(pa.compute.is_valid(shaped.column(SHAPE))).column("event_type").to_pylist() == [
        "game_started"] * 2  # on each game's first row


@pytest.mark.parametrize("old_run", list(OLD))
def test_the_counters_of_every_layout_read_alike(lake: Path, old_run: str) -> None:
    new = pq.read_table(_part(lake, SPEC.run_id)).sort_by(ORDER)
    old = fill_counters(pq.read_table(_part(lake, old_run))).sort_by(ORDER)
    for name in ("game_id", *COUNTERS, "event_type", "card", "target"):
        assert new.column(name).to_pylist() == old.column(name).to_pylist(), name


def test_every_layout_reads_as_the_same_events_and_verifies(lake: Path) -> None:
    assert_layouts_replay_alike(lake, GAME, list(OLD), SPEC.run_id)


def test_a_game_whose_rows_no_longer_match_its_shape_is_reported(lake: Path, tmp_path: Path) -> None:
    bad = tmp_path / "lake"
    shutil.copytree(lake, bad)
    part = _part(bad, SHAPED)
    table = pq.read_table(part)
    types = table.column("event_type").to_pylist()
    games = table.column("game_id").to_pylist()
    lost = next(i for i, (t, g) in enumerate(zip(types, games)) if t == "resource_moved" and g == 1)
    pq.write_table(table.take([i for i in range(table.num_rows) if i != lost]), part)
    problems = {(p.game_id, p.problem) for p in verify(bad).problems if SHAPED in p.file}
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
    part = _part(bad, SHAPED)
    pq.write_table(TAMPERINGS[tampering](pq.read_table(part)), part)
    problems = [p for p in verify(bad).problems if SHAPED in p.file]
    assert any(p.game_id == 1 for p in problems), problems  # named by game, not only as an edited file


def test_replay_refuses_a_game_whose_rows_no_longer_match_its_shape(lake: Path) -> None:
    table = pq.read_table(_part(lake, SHAPED))
    types, games = table.column("event_type").to_pylist(), table.column("game_id").to_pylist()
    lost = next(i for i, (t, g) in enumerate(zip(types, games)) if t == "resource_moved" and g == 1)
    read = events_from_table(table.take([i for i in range(table.num_rows) if i != lost]), GAME.event_types)
    game, events = next(read)
    assert game == 0 and len(events) > 100  # the other game of the file still reads
    with pytest.raises(ReplayError, match="game 1: its rows no longer match its shape"):
        next(read)


def test_the_warehouse_reads_every_layout_alike(lake: Path, tmp_path: Path) -> None:
    build(lake, tmp_path / "wh.duckdb")
    con = duckdb.connect(str(tmp_path / "wh.duckdb"), read_only=True)
    for model in ("stg_events", "stg_gardens__events"):
        columns = {row[0] for row in con.sql(f"describe {model}").fetchall()}
        # the ruleset's digest moves when a key is added with its old reading as default (issue 28); play does not
        left_out = ", ".join(c for c in ("run_id", "ruleset_digest") if c in columns)
        rows = {run_id: con.sql(f"select * exclude ({left_out}) from {model} where run_id = '{run_id}' "
                                "order by game_id, seq").fetchall() for run_id in (SPEC.run_id, *OLD)}
        assert len(rows[SPEC.run_id]) > 400 and all(r == rows[SPEC.run_id] for r in rows.values()), model
    games = con.sql("select run_id, n_events, n_rounds from fct_games order by all").fetchall()
    assert len({tuple(g[1:] for g in games if g[0] == run_id) for run_id in (SPEC.run_id, *OLD)}) == 1


def test_an_incremental_build_upcasts_only_the_new_runs(lake: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import warehouse.old_envelopes as old_envelopes

    copy, warehouse = tmp_path / "lake", tmp_path / "wh.duckdb"
    shutil.copytree(lake, copy)
    build(copy, warehouse)
    added = RunSpec(**{**SPEC.__dict__, "seed": 10, "run_id": "gardens-added"})
    run(added, copy, workers=1, progress=False)
    read: list[str] = []
    envelope_of = old_envelopes._file_envelope

    def recording(cat: LakeCatalogue, key: str, game: str, manifest: dict[str, object]) -> pa.Table | None:
        read.append(key)
        return envelope_of(cat, key, game, manifest)

    monkeypatch.setattr(old_envelopes, "_file_envelope", recording)
    assert build(copy, warehouse).mode == "incremental"
    assert [key.split("/")[2] for key in read] == [f"run={added.run_id}"]  # the older runs' rows were kept
    con = duckdb.connect(str(warehouse), read_only=True)
    per_run = dict(con.sql("select run_id, count(*) from lake_old_envelopes group by run_id").fetchall())
    events = dict(con.sql("select run_id, count(*) from stg_events group by run_id").fetchall())
    assert per_run == {SHAPED: events[SHAPED]}  # every row of the shape run; today's runs need none
    assert con.sql("select count(*) from stg_events where seq is null").fetchall() == [(0,)]
