"""Warehouse contracts: every model's `-- key:` holds on built warehouses, its `-- depends:` is what its SQL reads.

The key tests are generated from the headers: one per model, on a warehouse from which every model is built
(`every_model_warehouse`) and on the hand-made and engine lakes' warehouses (other data, other edge cases).
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
import sqlglot
from sqlglot import exp

from warehouse.dictionary import MEANINGS_DIR, builtin_tables, meanings
from warehouse.models import Model, discover_models, discover_tests, parse_key

MODELS = discover_models()
SQL_FILES = [m for m in MODELS + discover_tests() if m.python is None]
# the tables the builder loads itself, with the key their dictionary entry gives (warehouse/meanings/builtin.toml)
BUILTIN = [Model(name, "builtin", MEANINGS_DIR / "builtin.toml", "", meanings()[name]["_grain"], (), None,
                 parse_key(meanings()[name]["_key"], name)) for name in builtin_tables()]


def key_problems(con: duckdb.DuckDBPyConnection, model: Model) -> list[str]:
    """Duplicate keys (a sample) and nulls in the key's non-nullable columns, in words; [] when the key holds."""
    columns = ", ".join(f'"{c.name}"' for c in model.key)
    problems = [f"{model.name}: {count} rows share the key {dict(zip([c.name for c in model.key], row))}"
                for *row, count in con.execute(
                    f"select {columns}, count(*) from {model.name} group by all having count(*) > 1 limit 3"
                ).fetchall()]
    for column in model.key:
        nulls = con.execute(f'select count(*) from {model.name} where "{column.name}" is null').fetchone()
        if not column.nullable and nulls and nulls[0]:
            problems.append(f"{model.name}: {nulls[0]} rows have a null {column.name} (mark it `{column.name}?` only "
                            "if the grain has rows without it)")
    return problems


def tables(con: duckdb.DuckDBPyConnection) -> set[str]:
    return {row[0] for row in con.execute("select table_name from duckdb_columns()").fetchall()}


@pytest.fixture(scope="module")
def every_model(every_model_warehouse: Path) -> duckdb.DuckDBPyConnection:
    return duckdb.connect(str(every_model_warehouse), read_only=True)


def test_every_model_is_built_from_the_every_model_lake(every_model: duckdb.DuckDBPyConnection) -> None:
    assert sorted(m.name for m in MODELS if m.name not in tables(every_model)) == []


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.name)
def test_key_is_unique_and_not_null(every_model: duckdb.DuckDBPyConnection, model: Model) -> None:
    assert every_model.execute(f"select count(*) from {model.name}").fetchone() != (0,), "a key over no rows"
    assert key_problems(every_model, model) == []


@pytest.mark.parametrize("table", BUILTIN, ids=lambda m: m.name)
def test_builtin_table_key_is_unique_and_not_null(every_model: duckdb.DuckDBPyConnection, table: Model) -> None:
    assert key_problems(every_model, table) == []


def test_keys_hold_on_the_other_warehouses(lake_pair: tuple[Path, Path]) -> None:
    _, warehouse = lake_pair
    with duckdb.connect(str(warehouse), read_only=True) as con:
        present = tables(con)
        checked = [m for m in MODELS + BUILTIN if m.name in present]
        assert len(checked) > 20
        assert [p for m in checked for p in key_problems(con, m)] == []


def test_key_columns_are_columns_of_the_model(every_model: duckdb.DuckDBPyConnection) -> None:
    columns = set(every_model.execute("select table_name, column_name from duckdb_columns()").fetchall())
    assert [(m.name, c.name) for m in MODELS + BUILTIN for c in m.key if (m.name, c.name) not in columns] == []


def test_a_duplicate_key_and_a_null_key_column_are_reported() -> None:
    con = duckdb.connect()
    con.execute("create table t as select * from (values (1, 'a'), (1, 'a'), (null, 'b')) v(run, item)")
    problems = key_problems(con, Model("t", "facts", Path("t.sql"), "", "", (), None, parse_key("run, item", "t")))
    assert problems == ["t: 2 rows share the key {'run': 1, 'item': 'a'}",
                        "t: 1 rows have a null run (mark it `run?` only if the grain has rows without it)"]
    assert key_problems(con, Model("t", "facts", Path("t.sql"), "", "", (), None, parse_key("run?, item", "t"))
                        )[1:] == []
    assert all(m.key for m in MODELS)  # every model carries its key


def sql_reads(sql: str) -> set[str]:
    """The tables and views a model's SQL reads: every table reference, less its CTEs' names; a table function
    or table macro (`lake_events(...)`, `read_parquet(...)`) is a function call, not a table, and not counted."""
    tree = sqlglot.parse_one(sql, read="duckdb")
    ctes = {cte.alias_or_name for cte in tree.find_all(exp.CTE)}
    return {table.name for table in tree.find_all(exp.Table) if isinstance(table.this, exp.Identifier)} - ctes


@pytest.mark.parametrize("model", SQL_FILES, ids=lambda m: m.name)
def test_depends_header_is_what_the_sql_reads(model: Model) -> None:
    assert sorted(model.depends) == sorted(sql_reads(model.sql)), f"{model.path}: fix its `-- depends:` header"


def test_sql_reads_skips_ctes_and_table_functions_and_sees_subqueries() -> None:
    sql = """with a as (select * from lake_events('{{ lake }}/events/x.parquet')), b as (select * from a)
             select * from b join fct_games using (run_id)
             where run_id in (select run_id from runs) and exists (select 1 from read_parquet('x.parquet'))"""
    assert sql_reads(sql) == {"fct_games", "runs"}
