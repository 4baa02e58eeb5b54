"""Incremental builds: after runs land (or go), every table equals a full rebuild of the same lake."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

import warehouse.build as build_module
from lake.catalogue import catalogue
from lake.runs import remove_run
from lake.spec import RunSpec
from simulate.runner import run
from tests.warehouse.test_build import tables
from warehouse.build import GENERIC_GAME, InvariantError, build
from warehouse.incremental import STATE_TABLE, drop_narrowed, narrow_facts, plan_update
from warehouse.models import Model, discover_tests

pytestmark = pytest.mark.xdist_group("incremental")


def _simulate(lake: Path, game: str, players: int, games: int, seed: int) -> str:
    spec = RunSpec(game, "default", (players,), ("random", "greedy"), games, seed=seed, batch_size=max(1, games // 2))
    return run(spec, lake, workers=1, progress=False).run_id


@pytest.fixture(scope="module")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Runs of every game, so every incremental model and every game's tests take part."""
    folder = tmp_path_factory.mktemp("inc_lake")
    _simulate(folder, "caprices", 4, 30, seed=1)
    _simulate(folder, "caprices-joust", 3, 4, seed=1)
    _simulate(folder, "gods", 2, 4, seed=1)
    _simulate(folder, "gardens", 2, 3, seed=1)
    return folder


def _built_runs(warehouse: Path) -> set[str]:
    with duckdb.connect(str(warehouse), read_only=True) as con:
        return {r[0] for r in con.execute(f"select run_id from {STATE_TABLE}").fetchall()}


def test_new_runs_are_added_and_match_a_full_rebuild(lake: Path, tmp_path: Path) -> None:
    work = tmp_path / "lake"
    shutil.copytree(lake, work)
    warehouse = tmp_path / "w.duckdb"
    first = build(work, warehouse)
    assert first.mode == "full" and first.runs_read == 4
    added = [_simulate(work, "caprices", 3, 20, seed=2), _simulate(work, "gods", 3, 3, seed=2),
             _simulate(work, "gardens", 3, 2, seed=2), _simulate(work, "caprices-joust", 2, 3, seed=2)]
    update = build(work, warehouse)
    assert (update.mode, update.runs_read) == ("incremental", 4)
    assert set(added) <= _built_runs(warehouse)
    full = build(work, tmp_path / "full.duckdb", full=True)
    assert full.mode == "full" and sorted(update.tests) == sorted(full.tests) and len(full.tests) > 8
    assert tables(warehouse) == tables(tmp_path / "full.duckdb")


def test_a_removed_run_leaves_every_table_and_a_lake_unchanged_is_a_no_op(lake: Path, tmp_path: Path) -> None:
    work = tmp_path / "lake"
    shutil.copytree(lake, work)
    warehouse = tmp_path / "w.duckdb"
    build(work, warehouse)
    extra = _simulate(work, "caprices", 2, 10, seed=3)
    build(work, warehouse)
    remove_run(work, extra)
    update = build(work, warehouse)
    assert (update.mode, update.runs_read) == ("incremental", 0) and extra not in _built_runs(warehouse)
    build(work, tmp_path / "full.duckdb", full=True)
    assert tables(warehouse) == tables(tmp_path / "full.duckdb")
    again = build(work, warehouse)
    assert (again.mode, again.runs_read) == ("incremental", 0)
    assert tables(warehouse) == tables(tmp_path / "full.duckdb")


def test_a_changed_model_or_an_unknown_warehouse_means_a_full_rebuild(lake: Path, tmp_path: Path) -> None:
    warehouse = tmp_path / "w.duckdb"
    cat = catalogue(lake)
    assert plan_update(warehouse, cat, "any") is None  # no warehouse yet
    build(lake, warehouse)
    assert plan_update(warehouse, cat, "another fingerprint") is None  # models, tests or macros changed
    (tmp_path / "other.duckdb").write_bytes(b"")
    assert plan_update(tmp_path / "other.duckdb", cat, "any") is None


def test_a_new_game_in_the_lake_is_built_in_full(lake: Path, tmp_path: Path) -> None:
    work = tmp_path / "lake"
    work.mkdir()
    _simulate(work, "caprices", 2, 6, seed=4)
    warehouse = tmp_path / "w.duckdb"
    build(work, warehouse)
    _simulate(work, "gods", 2, 2, seed=4)
    update = build(work, warehouse)
    assert update.mode == "full" and update.games.keys() == {"caprices", "gods"}


def test_narrowed_fact_views_shadow_the_table_until_dropped(tmp_path: Path) -> None:
    with duckdb.connect(str(tmp_path / "n.duckdb")) as con:
        con.execute("create table fct_x as select 'run-' || (range % 3) as run_id, range as v from range(30)")
        narrow_facts(con, ["fct_x", "fct_absent"], ["run-1", "it's"])
        assert con.execute("select count(*), min(run_id), max(run_id) from fct_x").fetchone() == (10, "run-1", "run-1")
        drop_narrowed(con, ["fct_x", "fct_absent"])
        assert con.execute("select count(*) from fct_x").fetchone() == (30,)


def test_an_incremental_build_tests_the_new_runs_and_still_refuses_a_broken_one(
        lake: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test reading run-by-run facts sees only the new runs' rows; one that fails on a new run still stops the
    build and leaves the warehouse as it was."""
    work = tmp_path / "lake"
    shutil.copytree(lake, work)
    warehouse = tmp_path / "w.duckdb"
    seven_games = Model("no_run_of_seven_games", "tests", Path("seven.sql"), "select run_id from fct_games "
                        "group by run_id having count(*) = 7", "", ("fct_games",), GENERIC_GAME)
    seen = Model("runs_seen", "tests", Path("seen.sql"), "select count(distinct run_id) from fct_games "
                 "having count(distinct run_id) = 6", "", ("fct_games",), GENERIC_GAME)
    monkeypatch.setattr(build_module, "discover_tests", lambda: [*discover_tests(), seven_games, seen])
    build(work, warehouse)  # 4 runs: neither test returns rows
    before = tables(warehouse)
    _simulate(work, "caprices", 2, 5, seed=5)
    _simulate(work, "gods", 2, 2, seed=5)  # 6 runs now: only a test over every run would see 6
    update = build(work, warehouse)
    assert update.mode == "incremental" and {"no_run_of_seven_games", "runs_seen"} <= set(update.tests)
    after = tables(warehouse)
    _simulate(work, "caprices", 2, 7, seed=6)
    with pytest.raises(InvariantError, match="no_run_of_seven_games"):
        build(work, warehouse)
    assert tables(warehouse) == after != before
