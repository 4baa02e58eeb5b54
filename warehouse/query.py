"""The one small DuckDB helper every layer needs: a query that answers with one value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import duckdb


def one_value(con: duckdb.DuckDBPyConnection, sql: str, params: Sequence[Any] | None = None) -> Any:
    """The first column of the first row of `sql` (an aggregate always has one row; None when there is none)."""
    row = con.execute(sql, params or []).fetchone()
    return None if row is None else row[0]
