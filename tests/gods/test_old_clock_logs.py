"""4 Gods logs hold every event's clock (lake schema 4); older logs, with or without it, still read, verify, build.

Lake schemas 2-3 left `clock_ms` null (every moment of a 4 Gods game is a sum
of logged think times) and the warehouse re-derived it in SQL; schema 4 stores
it again, so any Parquet reader sees it. Two runs of earlier code are kept as
text (tests/old_logs.py): `data/schema1_lake` (rows in game order, the clock on
every row) and `data/schema3_lake` (rows by event type, no clock), each 2 games,
2 players, random vs greedy, seed 9. Today's code plays the same spec to the
same games, so each event's clock can be compared: stored there and here,
upcast from the replay for schema 3.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from engine.core.agents import make_agent
from engine.core.buffer import SCHEMA_VERSION, lake_schema_of
from engine.core.driver import play_game
from engine.core.events import Event
from engine.gods.game import GAME
from lake.spec import RunSpec
from lake.verify import verify
from tests.old_logs import assert_layouts_replay_alike, lake_with_old_and_new_runs, run_part
from warehouse.build import build

DATA = Path(__file__).parent / "data"
OLD = {"gods-schema1": DATA / "schema1_lake", "gods-schema3": DATA / "schema3_lake"}
SPEC = RunSpec("gods", "standard", (2,), ("random", "greedy"), 2, seed=9, batch_size=100)


@pytest.fixture(scope="module")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The kept runs as they lay in their lakes, and the same spec played today into the same lake."""
    return lake_with_old_and_new_runs(tmp_path_factory.mktemp("clock"), OLD, SPEC)


def _part(lake: Path, run_id: str) -> Path:
    return run_part(lake, "gods", run_id)


class _Clocks:
    """Keeps (game_id, seq) -> the envelope clock the driver hands out while playing."""

    def __init__(self) -> None:
        self.clock: dict[tuple[int, int], int] = {}

    def append(self, game_id: int, seq: int, event: Event, round_: int, turn: int, clock_ms: int) -> None:
        self.clock[game_id, seq] = clock_ms


def _played_clocks() -> dict[tuple[int, int], int]:
    clocks = _Clocks()
    ruleset = GAME.load_ruleset("standard")
    for planned in SPEC.planned_games(0, SPEC.total_games):
        play_game(GAME, ruleset, [make_agent(a, GAME) for a in planned.agents], planned.seed, clocks, planned.game_id)
    return clocks.clock


def test_every_row_holds_its_clock_and_the_file_names_its_lake_schema(lake: Path) -> None:
    new = pq.ParquetFile(_part(lake, SPEC.run_id))
    assert lake_schema_of(new.schema_arrow.metadata) == SCHEMA_VERSION == 4
    clocks = new.read(columns=["game_id", "seq", "clock_ms"]).to_pylist()
    assert {(r["game_id"], r["seq"]): r["clock_ms"] for r in clocks} == _played_clocks()
    old3 = pq.ParquetFile(_part(lake, "gods-schema3"))
    assert lake_schema_of(old3.schema_arrow.metadata) is None
    assert old3.read(columns=["clock_ms"]).column("clock_ms").null_count == old3.metadata.num_rows > 0
    assert pq.read_table(_part(lake, "gods-schema1")).column("clock_ms").null_count == 0


def test_every_layout_reads_as_the_same_events_and_verifies(lake: Path) -> None:
    assert_layouts_replay_alike(lake, GAME, list(OLD), SPEC.run_id)


@pytest.mark.parametrize("run_id", ["gods-schema1", "today"])
def test_a_stored_clock_that_disagrees_with_the_replay_is_caught(lake: Path, tmp_path: Path, run_id: str) -> None:
    bad = tmp_path / "lake"
    shutil.copytree(lake, bad)
    part = _part(bad, SPEC.run_id if run_id == "today" else run_id)
    table = pq.read_table(part)  # its schema metadata (the lake schema, where the file names one) is written back
    clocks = table.column("clock_ms").to_pylist()
    at = next(i for i, c in enumerate(clocks) if c)
    clocks[at] += 100
    pq.write_table(table.set_column(table.schema.get_field_index("clock_ms"), "clock_ms",
                                    pa.array(clocks, pa.int64())), part)
    problems = [p.problem for p in verify(bad).problems if "clock_ms" in p.problem]
    assert problems and "replay gives" in problems[0]


def test_a_null_clock_in_a_schema_4_file_is_caught(lake: Path, tmp_path: Path) -> None:
    bad = tmp_path / "lake"
    shutil.copytree(lake, bad)
    part = _part(bad, SPEC.run_id)
    table = pq.read_table(part)
    nulls = pa.nulls(table.num_rows, pa.int64())
    pq.write_table(table.set_column(table.schema.get_field_index("clock_ms"), "clock_ms", nulls), part)
    problems = [p.problem for p in verify(bad).problems if SPEC.run_id in p.file]
    assert problems and "clock_ms" in problems[0]


def test_the_warehouse_reads_each_events_clock_and_upcasts_the_older_files(lake: Path, tmp_path: Path) -> None:
    build(lake, tmp_path / "wh.duckdb")
    con = duckdb.connect(str(tmp_path / "wh.duckdb"), read_only=True)
    rows = con.sql("select run_id, game_id, seq, clock_ms from stg_gods__events order by all").fetchall()
    played = _played_clocks()
    for run_id in (SPEC.run_id, *OLD):
        assert {(g, s): c for r, g, s, c in rows if r == run_id} == played, run_id
    upcast = con.sql("select run_id, count(*) from lake_old_envelopes group by run_id").fetchall()
    assert upcast == [("gods-schema3", len(played))]  # only the file that left the clock null
    durations = con.sql("select run_id, game_id, duration_ms from fct_gods_games order by all").fetchall()
    by_run = {run_id: {(g, d) for r, g, d in durations if r == run_id} for run_id in (SPEC.run_id, *OLD)}
    assert len({frozenset(v) for v in by_run.values()}) == 1 and min(d for _, d in by_run[SPEC.run_id]) > 0
