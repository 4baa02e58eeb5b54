"""4 Gods logs store no clock (lake schema 2); logs that hold it (schema 1) still read, verify and build.

Every moment of a 4 Gods game is a sum of logged think times, so the log
leaves `clock_ms` null and its rows are grouped by event type like the other
games' (5.2 -> 3.6 bytes per event). `data/schema1_lake` is a run written by
the code before (rows in game order, the clock stored on every row): 2 games,
2 players, random vs greedy, seed 9, run id `gods-schema1`, kept as text
(tests/old_logs.py). Today's code plays the same spec to the same games, so
each event's clock can be compared: stored there, derived here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from engine.core.agents import make_agent
from engine.core.buffer import SCHEMA_VERSION
from engine.core.driver import play_game
from engine.core.events import Event
from engine.gods.game import GAME
from lake.spec import RunSpec
from lake.verify import verify
from tests.old_logs import assert_both_layouts_replay_alike, lake_with_old_and_new_run, run_part
from warehouse.build import build

OLD_DATA = Path(__file__).parent / "data" / "schema1_lake"
OLD_RUN = "gods-schema1"
SPEC = RunSpec("gods", "standard", (2,), ("random", "greedy"), 2, seed=9, batch_size=100)


@pytest.fixture(scope="module")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The schema-1 run as it lay in its lake, and the same spec played today into the same lake."""
    return lake_with_old_and_new_run(tmp_path_factory.mktemp("clock"), OLD_DATA, SPEC, OLD_RUN)


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


def test_the_log_leaves_the_clock_null_and_groups_rows_by_event_type(lake: Path) -> None:
    assert SCHEMA_VERSION >= 2 and GAME.facts.log_clock is False
    new = pq.read_table(_part(lake, SPEC.run_id))
    old = pq.read_table(_part(lake, OLD_RUN))
    assert new.column("clock_ms").null_count == new.num_rows
    assert old.column("clock_ms").null_count == 0 and max(old.column("clock_ms").to_pylist()) > 0
    types = new.column("event_type").to_pylist()
    assert types == sorted(types)  # grouped by type (the old file is in game order)
    assert old.column("event_type").to_pylist() != sorted(old.column("event_type").to_pylist())


def test_both_layouts_read_as_the_same_events_and_verify(lake: Path) -> None:
    assert_both_layouts_replay_alike(lake, GAME, OLD_RUN, SPEC.run_id)


def test_a_stored_clock_that_disagrees_with_the_replay_is_still_caught(lake: Path, tmp_path: Path) -> None:
    bad = tmp_path / "lake"
    shutil.copytree(lake, bad)
    part = _part(bad, OLD_RUN)
    table = pq.read_table(part)
    clocks = table.column("clock_ms").to_pylist()
    at = next(i for i, c in enumerate(clocks) if c)
    clocks[at] += 100
    pq.write_table(table.set_column(table.schema.get_field_index("clock_ms"), "clock_ms",
                                    pa.array(clocks, pa.int64())), part)
    problems = [p.problem for p in verify(bad).problems if "clock_ms" in p.problem]
    assert problems and "replay gives" in problems[0]


def test_the_warehouse_derives_each_events_clock_as_the_engine_moves_it(lake: Path, tmp_path: Path) -> None:
    build(lake, tmp_path / "wh.duckdb")
    con = duckdb.connect(str(tmp_path / "wh.duckdb"), read_only=True)
    rows = con.sql("select run_id, game_id, seq, clock_ms from stg_gods__events order by all").fetchall()
    derived = {(g, s): c for r, g, s, c in rows if r == SPEC.run_id}
    stored = {(g, s): c for r, g, s, c in rows if r == OLD_RUN}
    played = _played_clocks()
    assert derived == played == stored  # every event: derived (schema 2) = engine = stored (schema 1)
    durations = con.sql("select run_id, game_id, duration_ms from fct_gods_games order by all").fetchall()
    by_run = {(g, d) for r, g, d in durations if r == SPEC.run_id}
    assert by_run == {(g, d) for r, g, d in durations if r == OLD_RUN} and min(d for _, d in by_run) > 0
