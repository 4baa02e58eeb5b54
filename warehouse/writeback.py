"""Tables the build writes from Python, through Arrow with declared types.

A pandas frame is a poor carrier for a warehouse table: an integer column with
one null turns into doubles, and a column that is null on every row of this
lake (no search line-up played yet) has no type at all, so the table's types
would follow the data. Every write-back goes through `write_table` instead:
the frame becomes an Arrow table of exactly the declared schema (NaN and None
read as null; an integer column carried as doubles is cast back, and a
fraction in it is an error), registered with DuckDB and copied into the table.
"""

from __future__ import annotations

import duckdb
import pandas as pd
import pyarrow as pa

from engine.core.errors import BalanceError


class WriteBackError(BalanceError):
    """A frame does not fit the schema declared for its table: names the table and the column."""


def typed_table(frame: pd.DataFrame, schema: pa.Schema, table: str) -> pa.Table:
    """`frame` as an Arrow table of exactly `schema` (its columns, in its order, of its types)."""
    missing = [name for name in schema.names if name not in frame.columns]
    extra = [name for name in frame.columns if name not in schema.names]
    if missing or extra:
        raise WriteBackError(f"{table}: the frame's columns differ from the declared schema (missing {missing}, "
                             f"undeclared {extra}); declare every column the model writes, with its type")
    columns = []
    for field in schema:
        try:
            columns.append(pa.array(frame[field.name], from_pandas=True).cast(field.type))
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as exc:
            raise WriteBackError(f"{table}.{field.name}: values do not fit the declared type {field.type} "
                                 f"({exc})") from None
    return pa.Table.from_arrays(columns, schema=schema)


def write_table(con: duckdb.DuckDBPyConnection, table: str, frame: pd.DataFrame, schema: pa.Schema) -> None:
    """Create or replace `table` from `frame`, with `schema`'s column types."""
    arrow = typed_table(frame, schema, table)
    view = f"{table}_arrow"
    con.register(view, arrow)
    try:
        con.execute(f"create or replace table {table} as select * from {view}")
    finally:
        con.unregister(view)


def table_schema(con: duckdb.DuckDBPyConnection, table: str) -> pa.Schema:
    """An existing table's columns as an Arrow schema (what a rewrite of it must keep)."""
    return con.sql(f"select * from {table} limit 0").to_arrow_table().schema


_TYPES = {"string": pa.string(), "int32": pa.int32(), "int64": pa.int64(), "double": pa.float64(), "bool": pa.bool_()}


def schema(text: str) -> pa.Schema:
    """A schema written as `name type, name type, ...` (types: string, int32, int64, double, bool), for the
    Python models' declared columns."""
    fields = []
    for part in (p.strip() for p in text.split(",")):
        name, _, kind = part.partition(" ")
        if kind.strip() not in _TYPES:
            raise WriteBackError(f"column {name!r}: type {kind.strip()!r} is not one of {', '.join(_TYPES)}")
        fields.append(pa.field(name, _TYPES[kind.strip()]))
    return pa.schema(fields)
