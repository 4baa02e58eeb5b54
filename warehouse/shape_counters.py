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

from collections.abc import Collection

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from engine.core.shape import COUNTERS, SHAPE, fill_counters
from engine.registry import GAMES, get_game
from lake.catalogue import LakeCatalogue

TABLE = "lake_shape_counters"
SCHEMA = pa.schema([("run_id", pa.string()), ("game_id", pa.int64()), ("file_row_number", pa.int64()),
                    ("seq", pa.int32()), ("round", pa.int16()), ("turn", pa.int32()), ("player", pa.int8())])
COLUMNS = ("run_id varchar, game_id bigint, file_row_number bigint, seq integer, round smallint, turn integer, "
            "player tinyint")


def load_shape_counters(con: duckdb.DuckDBPyConnection, cat: LakeCatalogue,
                        runs: Collection[str] | None = None) -> int:
    """Derive the counters of admitted event files with a shape into `lake_shape_counters`; returns rows added.

    One file at a time, so memory holds one file's rows whatever the lake's size. With `runs` (an incremental
    build: its new and removed runs) only those runs' rows are replaced; the other runs' rows stay as derived.
    """
    if runs is None:
        con.execute(f"create or replace table {TABLE} ({COLUMNS})")
    else:
        con.execute(f"create table if not exists {TABLE} ({COLUMNS})")
        con.execute(f"delete from {TABLE} where run_id in (select unnest(?::varchar[]))", [sorted(runs)])
    added = 0
    for game in cat.games():
        if game not in GAMES or get_game(game).facts.log_counters:
            continue  # this game's files store their counters
        for key in cat.files("events", game):
            if runs is not None and key.split("/")[2].removeprefix("run=") not in runs:
                continue
            part = _file_counters(cat, key)
            if part is not None:
                con.register("_shape_counters", part)
                con.execute(f"insert into {TABLE} select * from _shape_counters")
                con.unregister("_shape_counters")
                added += part.num_rows
    return added


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
