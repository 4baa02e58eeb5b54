"""The data dictionary: docs/warehouse.md is the generator's output, every column has a meaning, and the build
writes the same meanings into the warehouse as DuckDB comments (full and incremental builds)."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from tests.warehouse.fake_events import write_fake_run
from warehouse import dictionary
from warehouse.build import build
from warehouse.models import discover_models

DOC = Path(__file__).resolve().parents[2] / "docs" / "warehouse.md"


@pytest.fixture(scope="module")
def every_model(every_model_warehouse: Path) -> duckdb.DuckDBPyConnection:
    return duckdb.connect(str(every_model_warehouse), read_only=True)


def test_the_committed_dictionary_is_the_generators_output(every_model: duckdb.DuckDBPyConnection) -> None:
    assert dictionary.check_complete(every_model) == []
    generated = dictionary.markdown(dictionary.describe(every_model))
    assert DOC.read_text(encoding="utf-8") == generated, (
        "docs/warehouse.md is out of date: run `python -m warehouse.write_dictionary --sample > docs/warehouse.md`")


def test_every_table_and_column_is_described_with_its_type(every_model: duckdb.DuckDBPyConnection) -> None:
    tables = {t.name: t for t in dictionary.describe(every_model)}
    assert {m.name for m in discover_models()} | set(dictionary.builtin_tables()) == set(tables)
    columns = every_model.execute("select table_name, column_name, data_type from duckdb_columns() "
                                  "where not internal").fetchall()
    described = {(t.name, c.name, c.type) for t in tables.values() for c in t.columns}
    assert set(columns) == described and all(c.meaning for t in tables.values() for c in t.columns)
    assert tables["met_variant_diff"].key[-1] == dictionary.KeyColumn("num_players", nullable=True)


def test_each_common_meaning_is_used_somewhere_it_is_not_overridden(every_model: duckdb.DuckDBPyConnection) -> None:
    own = dictionary.meanings()
    used = {c.name for t in dictionary.describe(every_model) for c in t.columns if c.name not in own.get(t.name, {})}
    assert sorted(set(own[dictionary.COMMON]) - used) == []


def test_the_build_writes_grains_and_meanings_as_comments(every_model: duckdb.DuckDBPyConnection) -> None:
    expected = {(t.name, c.name): c.meaning for t in dictionary.describe(every_model) for c in t.columns}
    stored = {(t, c): comment for t, c, comment in every_model.execute(
        "select table_name, column_name, comment from duckdb_columns() where not internal").fetchall()}
    assert stored == expected
    grains = dict(every_model.execute("select table_name, comment from duckdb_tables() union all "
                                      "select view_name, comment from duckdb_views() where not internal").fetchall())
    assert grains["fct_games"] == "one row per game (game, run_id, game_id), every game in the lake"
    assert grains["stg_events"] == "one row per event, every game in the lake"
    assert grains["runs"] == dictionary.meanings()["runs"]["_grain"] and None not in grains.values()


def test_an_incremental_build_keeps_the_comments(fake_lake: Path, tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    shutil.copytree(fake_lake, lake)
    warehouse = tmp_path / "wh.duckdb"
    build(lake, warehouse)
    write_fake_run(lake, "caprices", "cap-new", [("random", "greedy")] * 20, seed=9)
    assert build(lake, warehouse).mode == "incremental"
    with duckdb.connect(str(warehouse), read_only=True) as con:
        missing = con.execute("select table_name, column_name from duckdb_columns() where not internal and "
                              "comment is null").fetchall()
        assert missing == []
        assert con.execute("select comment from duckdb_tables() where table_name = 'fct_player_games'"
                           ).fetchone() == ("one row per player per game, every game in the lake",)


def test_a_column_without_a_meaning_is_named_with_the_file_to_edit() -> None:
    with pytest.raises(dictionary.DictionaryError, match=r"fct_games\.no_such_column has no meaning: add"):
        dictionary.meaning("fct_games", "no_such_column")
    con = duckdb.connect()
    con.execute("create table stray_table as select 1 as x")
    assert dictionary.check_complete(con) == [
        f"table stray_table is in the warehouse but neither a model nor described in {dictionary.MEANINGS_DIR}"
        "/builtin.toml"]


def test_the_generator_command_writes_the_committed_page(
    every_model_warehouse: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    from warehouse.write_dictionary import main as write_dictionary

    copy = tmp_path / "warehouse.duckdb"  # the session's fixture holds the file open read-write
    shutil.copy(every_model_warehouse, copy)
    assert write_dictionary(["--warehouse", str(copy)]) == 0
    assert capsys.readouterr().out == (Path(__file__).parents[2] / "docs" / "warehouse.md").read_text(encoding="utf-8")
