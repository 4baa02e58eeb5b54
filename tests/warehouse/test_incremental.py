"""Incremental builds: after runs land (or go), every table equals a full rebuild of the same lake."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from simulate.lake.catalogue import catalogue
from simulate.lake.runs import remove_run
from simulate.runner import run
from simulate.spec import RunSpec
from tests.warehouse.test_build import tables
from warehouse.build import build
from warehouse.incremental import STATE_TABLE, plan_update

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
