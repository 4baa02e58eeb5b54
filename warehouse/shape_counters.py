"""The counters of logs that keep them in a shape string, read once per build for the staging views.

A game that logs no counters (`GameFacts.log_counters`: Four Gardens, lake
schema 3) leaves `seq`, `round`, `turn` and `player` null and gives them in one
`shape` string per game (engine/core/shape.py). Deriving them in SQL costs
window functions over every event each time a view is read, so the build
derives them once here, with the same code replay uses (`fill_counters`), into
the table `lake_shape_counters` (run_id, game_id, file_row_number -> counters)
that the `lake_events` macro joins (warehouse/macros.sql). Files that store the
counters (every other game, older Four Gardens logs) add no rows.
"""

from __future__ import annotations

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from engine.core.shape import COUNTERS, SHAPE, fill_counters
from engine.registry import GAMES, get_game
from simulate.lake.catalogue import LakeCatalogue

TABLE = "lake_shape_counters"
SCHEMA = pa.schema([("run_id", pa.string()), ("game_id", pa.int64()), ("file_row_number", pa.int64()),
                    ("seq", pa.int32()), ("round", pa.int16()), ("turn", pa.int32()), ("player", pa.int8())])


def load_shape_counters(con: duckdb.DuckDBPyConnection, cat: LakeCatalogue) -> int:
    """(Re)make `lake_shape_counters` for every admitted event file with a shape; returns its row count."""
    parts = [_file_counters(cat, key) for game in cat.games() if game in GAMES
             and not get_game(game).facts.log_counters for key in cat.files("events", game)]
    table = pa.concat_tables([part for part in parts if part is not None] or [SCHEMA.empty_table()])
    con.register("_shape_counters", table)
    con.execute(f"create or replace table {TABLE} as select * from _shape_counters")
    con.unregister("_shape_counters")
    return table.num_rows


def _file_counters(cat: LakeCatalogue, key: str) -> pa.Table | None:
    with cat.store.open(key) as handle:
        parquet = pq.ParquetFile(handle)
        if SHAPE not in parquet.schema_arrow.names:
            return None  # written before lake schema 3: the file stores its counters
        rows = parquet.read(columns=["run_id", "game_id", "event_type", SHAPE, *COUNTERS])
    filled = fill_counters(rows)
    return pa.table({
        "run_id": filled.column("run_id"),
        "game_id": filled.column("game_id"),
        "file_row_number": pa.array(np.arange(filled.num_rows, dtype=np.int64)),
        **{name: filled.column(name).cast(SCHEMA.field(name).type) for name in COUNTERS},
    }, schema=SCHEMA)
