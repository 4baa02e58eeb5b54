"""The warehouse's data dictionary: every table's grain, key, and columns with their DuckDB types and meanings.

Meanings are kept in `warehouse/meanings/*.toml` (staging, facts, metrics and metrics_<game>, builtin), one TOML
table per warehouse table (column = meaning), and `[common]` in common.toml for the columns that mean the same
wherever they appear (a table's own entry wins).
The tables the builder loads itself (runs, flag rules, build state) have no model file: their section in
builtin.toml also holds `_grain` and `_key`. Every column of every table must have a meaning.

The build writes them into the warehouse as DuckDB comments (`COMMENT ON TABLE`: the grain; `COMMENT ON
COLUMN`: the meaning), so any client sees them in `duckdb_tables()` / `duckdb_columns()`.
`python -m warehouse.write_dictionary --sample > docs/warehouse.md` writes the dictionary page from a warehouse built
from the sample lake (warehouse.sample_lake, where every model is built); `--warehouse FILE` reads a built one.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path

import duckdb

from engine.core.errors import BalanceError
from warehouse.models import LAYERS, KeyColumn, Model, discover_models, parse_key

MEANINGS_DIR = Path(__file__).parent / "meanings"
COMMON = "common"


class DictionaryError(BalanceError):
    """A table or column has no meaning, or a meaning names nothing: names it and the file to edit."""


@dataclass(frozen=True)
class Column:
    name: str
    type: str
    meaning: str


@dataclass(frozen=True)
class Table:
    name: str
    layer: str  # staging / facts / metrics, or "builtin" (loaded by the builder)
    grain: str
    key: tuple[KeyColumn, ...]
    columns: tuple[Column, ...]


@functools.lru_cache(maxsize=1)
def meanings() -> dict[str, dict[str, str]]:
    """Table name -> {column or `_grain` / `_key`: text}, from every meanings file (a table in one file only)."""
    found: dict[str, dict[str, str]] = {}
    for path in sorted(MEANINGS_DIR.glob("*.toml")):
        for table, entries in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if table in found:
                raise DictionaryError(f"{path}: [{table}] is described in another meanings file too; keep one")
            found[table] = {column: " ".join(str(text).split()) for column, text in entries.items()}
    return found


def builtin_tables() -> list[str]:
    """The tables described with their own `_grain` (loaded by the builder, not by a model)."""
    return sorted(name for name, entries in meanings().items() if "_grain" in entries)


def meaning(table: str, column: str) -> str:
    """A column's meaning: the table's own entry, else the common one."""
    text = meanings().get(table, {}).get(column) or meanings().get(COMMON, {}).get(column)
    if not text:
        raise DictionaryError(f"{table}.{column} has no meaning: add `{column} = \"...\"` under [{table}] in "
                              f"the file of {MEANINGS_DIR} for its layer (or under [common] if it means the same "
                              "everywhere)")
    return text


def describe(con: duckdb.DuckDBPyConnection, models: list[Model] | None = None) -> list[Table]:
    """Every model and builtin table present in the warehouse, with its grain, key and columns."""
    types = _column_types(con)
    tables = []
    for model in sorted(models if models is not None else discover_models(), key=_doc_order):
        if model.name in types:
            tables.append(_table(model.name, model.layer, model.grain, model.key, types[model.name]))
    for name in builtin_tables():
        if name in types:
            entries = meanings()[name]
            key = parse_key(entries.get("_key", ""), f"{MEANINGS_DIR}/builtin.toml [{name}] _key")
            tables.append(_table(name, "builtin", entries["_grain"], key, types[name]))
    return tables


def check_complete(con: duckdb.DuckDBPyConnection) -> list[str]:
    """What makes the dictionary wrong for this warehouse: a table it does not describe, a meaning for a table
    that is neither a model nor builtin or for a column its table does not have (stale after a rename)."""
    types = _column_types(con)
    described = {m.name for m in discover_models()} | set(builtin_tables())
    problems = [f"table {name} is in the warehouse but neither a model nor described in {MEANINGS_DIR}/builtin.toml"
                for name in sorted(set(types) - described)]
    for table, entries in meanings().items():
        if table != COMMON and table not in described:
            problems.append(f"{MEANINGS_DIR}: [{table}] describes no model (add `_grain` for a builtin table)")
        elif table in types:
            problems += [f"{MEANINGS_DIR}: [{table}] {column} is not a column of {table}"
                         for column in entries if not column.startswith("_") and column not in types[table]]
    return problems


def markdown(tables: list[Table]) -> str:
    """The dictionary page (docs/warehouse.md)."""
    lines = ["# Warehouse data dictionary", "",
             "Generated by `python -m warehouse.write_dictionary --sample > docs/warehouse.md` from the model headers "
             "(`-- grain:`, `-- key:`) and `warehouse/meanings/*.toml`; a test keeps it equal to the generator's "
             "output. The same meanings are in every built warehouse as DuckDB comments "
             "(`select table_name, comment from duckdb_tables()`, `select column_name, comment from "
             "duckdb_columns() where table_name = 'fct_games'`).", "",
             "Key: the columns that identify a row (unique together; a column marked `?` is null on the rows "
             "that pool over it, every other key column is never null), checked on built warehouses by "
             "tests/warehouse/test_contracts.py.", ""]
    for layer in (*LAYERS, "builtin"):
        chosen = [t for t in tables if t.layer == layer]
        if chosen:
            lines += [f"## {_LAYER_TITLES[layer]}", "", *(f"- [`{t.name}`](#{t.name})" for t in chosen), ""]
            for table in chosen:
                lines += _table_lines(table)
    return "\n".join(lines).rstrip() + "\n"


def comment_statements(con: duckdb.DuckDBPyConnection, models: list[Model]) -> list[str]:
    """COMMENT ON statements for every described table and view of the warehouse and its columns."""
    kinds = dict(con.execute("select table_name, 'table' from duckdb_tables() where not temporary and "
                             "database_name = current_database() union all select view_name, 'view' from "
                             "duckdb_views() where not internal and not temporary and "
                             "database_name = current_database()").fetchall())
    statements = []
    for table in describe(con, models):
        if table.name not in kinds:  # a temporary view of an incremental build shadows it
            continue
        statements.append(f"comment on {kinds[table.name]} {table.name} is {_quoted(table.grain)}")
        statements += [f"comment on column {table.name}.\"{c.name}\" is {_quoted(c.meaning)}" for c in table.columns]
    return statements


def apply_comments(con: duckdb.DuckDBPyConnection, models: list[Model], own_transaction: bool = False) -> None:
    """Write the grain and column meanings into the warehouse as DuckDB comments; `own_transaction` when the
    caller is not in one (a commit per statement costs ~3x more)."""
    statements = comment_statements(con, models)
    if statements and own_transaction:
        statements = ["begin transaction", *statements, "commit"]
    if statements:
        con.execute(";\n".join(statements))


_LAYER_TITLES = {"staging": "Staging views (over the lake's files)", "facts": "Facts",
                 "metrics": "Metrics", "builtin": "Tables the builder loads (runs, rules, build state)"}


def _doc_order(model: Model) -> tuple[int, str]:
    return LAYERS.index(model.layer), model.name


def _column_types(con: duckdb.DuckDBPyConnection) -> dict[str, dict[str, str]]:
    rows = con.execute("select table_name, column_name, data_type from duckdb_columns() where not internal and "
                       "database_name = current_database() order by table_name, column_index").fetchall()
    types: dict[str, dict[str, str]] = {}
    for table, column, kind in rows:
        types.setdefault(table, {})[column] = kind
    return types


def _table(name: str, layer: str, grain: str, key: tuple[KeyColumn, ...], types: dict[str, str]) -> Table:
    columns = tuple(Column(column, kind, meaning(name, column)) for column, kind in types.items())
    return Table(name, layer, " ".join(grain.split()), key, columns)


def _table_lines(table: Table) -> list[str]:
    key = ", ".join(f"`{c.name}{'?' if c.nullable else ''}`" for c in table.key) or "none"
    lines = [f"### {table.name}", "", f"Grain: {table.grain}.", "", f"Key: {key}.", "",
             "| column | type | meaning |", "|---|---|---|"]
    lines += [f"| `{c.name}` | {c.type} | {c.meaning.replace('|', '/')} |" for c in table.columns]
    return [*lines, ""]


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"
