"""The small DuckDB helpers every layer needs: an offline connection, and a query that answers with one value."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import duckdb

# A known extension is never downloaded or loaded behind our back (parquet, json and icu are built in):
# the project runs offline, and a query needing anything else fails loudly instead of fetching it.
OFFLINE: dict[str, str | bool | int | float | list[str]] = {  # the value type duckdb.connect's config takes
    "autoinstall_known_extensions": False, "autoload_known_extensions": False}


def connect(database: str | Path = ":memory:", read_only: bool = False) -> duckdb.DuckDBPyConnection:
    """A DuckDB connection (in memory by default) with extension auto-install and auto-load off."""
    return duckdb.connect(str(database), read_only=read_only, config=OFFLINE)


def one_value(con: duckdb.DuckDBPyConnection, sql: str, params: Sequence[Any] | None = None) -> Any:
    """The first column of the first row of `sql` (an aggregate always has one row; None when there is none)."""
    row = con.execute(sql, params or []).fetchone()
    return None if row is None else row[0]
