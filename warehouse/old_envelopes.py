"""The envelope of event files written before lake schema 4, upcast once per build for the staging views.

Since lake schema 4 every row holds its whole envelope and the staging models
read it as it is. Older files left part of it null: Four Gardens files of
schema 3 gave `seq`, `round`, `turn` and `player` in one `shape` string per
game (engine/core/shape.py), 4 Gods files of schemas 2-3 stored no `clock_ms`.
The build derives what they lack once here, with the code replay uses
(`fill_counters` for a shape; the replay's own clock after each event), into
the table `lake_old_envelopes` (run_id, game_id, file_row_number -> the
envelope), which the `lake_events` macro joins (warehouse/macros.sql). Files of
schema 4, and older files that stored their envelope, add no rows. Only the
admitted runs' files are read, one at a time, and in an incremental build only
the new runs'.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from engine.core.buffer import lake_schema_of
from engine.core.driver import fold
from engine.core.logread import DecodedTable, decode_table
from engine.core.shape import COUNTERS, SHAPE
from engine.registry import GAMES, get_game
from lake.catalogue import LakeCatalogue
from lake.manifest import manifest_ruleset

TABLE = "lake_old_envelopes"
SCHEMA = pa.schema([("run_id", pa.string()), ("game_id", pa.int64()), ("file_row_number", pa.int64()),
                    ("seq", pa.int32()), ("round", pa.int16()), ("turn", pa.int32()), ("player", pa.int8()),
                    ("clock_ms", pa.int64())])
COLUMNS = ("run_id varchar, game_id bigint, file_row_number bigint, seq integer, round smallint, turn integer, "
           "player tinyint, clock_ms bigint")


def load_old_envelopes(con: duckdb.DuckDBPyConnection, cat: LakeCatalogue,
                       runs: Collection[str] | None = None) -> int:
    """Upcast the envelope of admitted event files older than lake schema 4 into `lake_old_envelopes`.

    Returns the rows added. With `runs` (an incremental build: its new and removed runs) only those runs' rows
    are replaced; the other runs' rows stay as derived.
    """
    if runs is None:
        con.execute(f"create or replace table {TABLE} ({COLUMNS})")
    else:
        con.execute(f"create table if not exists {TABLE} ({COLUMNS})")
        con.execute(f"delete from {TABLE} where run_id in (select unnest(?::varchar[]))", [sorted(runs)])
    added = 0
    for run in cat.complete_runs():
        if run.game not in GAMES or (runs is not None and run.run_id not in runs):
            continue
        for key in run.files:
            part = _file_envelope(cat, key, run.game, run.manifest or {})
            if part is not None:
                con.register("_old_envelopes", part)
                con.execute(f"insert into {TABLE} select * from _old_envelopes")
                con.unregister("_old_envelopes")
                added += part.num_rows
    return added


def _file_envelope(cat: LakeCatalogue, key: str, game_id: str, manifest: dict[str, Any]) -> pa.Table | None:
    """The upcast envelope of one event file, or None when the file stores its whole envelope."""
    if not key.startswith(f"events/game={game_id}/"):
        return None
    with cat.store.open(key) as handle:
        parquet = pq.ParquetFile(handle)
        if lake_schema_of(parquet.schema_arrow.metadata) is not None:
            return None  # lake schema 4 or later: every row holds its envelope
        shaped = SHAPE in parquet.schema_arrow.names
        clockless = parquet.metadata.num_rows > 0 and _all_null(parquet, "clock_ms")
        if not (shaped or clockless):
            return None
        table = parquet.read()
    game = get_game(game_id)
    decoded = decode_table(table, game.event_types)  # a shape's counters are put back here
    filled = decoded.table
    clock = _replayed_clock(game, manifest, decoded) if clockless else filled.column("clock_ms").cast(pa.int64())
    return pa.table({
        "run_id": filled.column("run_id"),
        "game_id": filled.column("game_id"),
        "file_row_number": pa.array(np.arange(filled.num_rows, dtype=np.int64)),
        **{name: filled.column(name).cast(SCHEMA.field(name).type) for name in COUNTERS},
        "clock_ms": clock,
    }, schema=SCHEMA)


def _all_null(parquet: pq.ParquetFile, name: str) -> bool:
    """Whether the file holds no value in column `name` (or has no such column)."""
    if name not in parquet.schema_arrow.names:
        return True
    return bool(parquet.read(columns=[name]).column(name).null_count == parquet.metadata.num_rows)


def _replayed_clock(game: Any, manifest: dict[str, Any], decoded: DecodedTable) -> pa.Array:
    """Each row's `clock_ms` as the replay moves it: 0 at `game_started`, the state's clock after every later
    event. A game whose rows do not replay keeps null clocks, which the warehouse's invariant tests report."""
    ruleset = manifest_ruleset(game, manifest)
    values = np.zeros(decoded.table.num_rows, dtype=np.int64)
    known = np.zeros(decoded.table.num_rows, dtype=bool)
    for game_id, start, end in decoded.games:
        envelopes: list[tuple[int, int, int]] = []
        try:
            final = fold(game, ruleset, decoded.game_events(start, end)[:-1], game_id or 0, envelopes)
        except Exception:  # noqa: BLE001 - a damaged game: left null, reported by the tests and by verify
            continue
        clocks = [0, *(clock for _, _, clock in envelopes), final.clock_ms]
        if len(clocks) == end - start:
            rows = decoded.order[start:end]
            values[rows], known[rows] = clocks, True
    return pa.array(values, type=pa.int64(), mask=~known)
