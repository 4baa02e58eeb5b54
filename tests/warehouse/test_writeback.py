"""Write-backs keep column types: frames go to DuckDB through Arrow with declared types, not pandas' guesses."""

from __future__ import annotations

from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from warehouse.flags import FlagRules, FlagSpec, apply_flags
from warehouse.writeback import WriteBackError, schema, typed_table, write_table

SPEC = FlagSpec("seat_win_rate", estimate="win_rate", reference="reference", lo="win_lo", hi="win_hi", n="n")


def types(con: duckdb.DuckDBPyConnection, table: str) -> dict[str, str]:
    return dict(con.execute("select column_name, data_type from duckdb_columns() where table_name = ?",
                            [table]).fetchall())


def test_a_nullable_integer_written_back_stays_an_integer() -> None:
    frame = pd.DataFrame({"num_players": [2, None, 4], "label": [None, None, None]})  # pandas: doubles, objects
    assert frame.num_players.dtype == np.float64
    con = duckdb.connect()
    write_table(con, "t", frame, schema("num_players int32, label string"))
    assert types(con, "t") == {"num_players": "INTEGER", "label": "VARCHAR"}
    assert con.execute("select num_players from t").fetchall() == [(2,), (None,), (4,)]


def test_a_frame_that_does_not_fit_its_schema_is_named() -> None:
    with pytest.raises(WriteBackError, match=r"t\.n: values do not fit the declared type int64"):
        typed_table(pd.DataFrame({"n": [1.5]}), schema("n int64"), "t")
    with pytest.raises(WriteBackError, match=r"missing \['m'\], undeclared \['n'\]"):
        typed_table(pd.DataFrame({"n": [1]}), schema("m int64"), "t")
    with pytest.raises(WriteBackError, match="'float' is not one of"):
        schema("n float")


def test_flags_keep_the_model_types_of_a_nullable_integer_column() -> None:
    con = duckdb.connect()
    con.execute("""create table m as select * from (values
        ('a', 0.9, 0.8, 1.0, 0.5, 40, cast(null as integer)), ('b', 0.5, 0.4, 0.6, 0.5, 30, 3)
    ) v(seat, win_rate, win_lo, win_hi, reference, n, holder)""")
    before = types(con, "m")
    apply_flags(con, "m", [SPEC], FlagRules(min_effect={"seat_win_rate": 0.05}))
    after = types(con, "m")
    assert {c: after[c] for c in before} == before and before["holder"] == "INTEGER"
    assert after["flagged"] == "BOOLEAN" and after["p_adjusted"] == "DOUBLE"
    assert con.execute("select seat, holder, flagged from m order by seat").fetchall() == [
        ("a", None, True), ("b", 3, False)]


def test_no_column_of_a_built_warehouse_lacks_a_type(every_model_warehouse: Path) -> None:
    with duckdb.connect(str(every_model_warehouse), read_only=True) as con:
        # DuckDB spells the type of a column created from all-null values `"NULL"`
        untyped = con.execute("""select table_name, column_name from duckdb_columns()
                                 where not internal and data_type in ('NULL', '"NULL"')""").fetchall()
        pooled = con.execute("select count(*) from met_variant_diff where num_players is null").fetchone()
        assert untyped == []
        assert types(con, "met_variant_diff")["num_players"] == "INTEGER" and pooled and pooled[0] > 0
        assert types(con, "met_finding_labels")["search_n"] == "BIGINT"


def test_python_model_schemas_are_arrow_schemas() -> None:
    from warehouse.models import python_models

    assert all(isinstance(m.schema, pa.Schema) and len(m.schema) for m in python_models())
