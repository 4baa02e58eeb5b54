"""How the lake's Parquet files are encoded: one encoding per column, compression, statistics.

Chosen by measuring each column of 500-game part files of all three games
(`docs/benchmarks.md` gives the command and the figures). Rows are grouped by
event type, then game and seq (`engine.core.buffer.EventBuffer`), which these
choices assume:

- `game_id` ascends inside each event type's block: delta encoding stores
  steps of 0 or 1 (Caprices 0.28 -> 0.04 bytes per event).
- Every row holds its whole envelope (lake schema 4): `seq`, `round`,
  `turn`, `player` and `clock_ms` are plain Parquet values any reader sees.
  Schema 3 kept the Four Gardens counters as one `shape` string per game
  (2.0 bytes per event instead of 3.05) and schemas 2-3 left the 4 Gods clock
  out (3.6 instead of 5.5): a format only this code read was not worth the
  bytes, which column encodings now win back where they can.
- In a file in game order (`GameFacts.log_order`) the running counters
  (`seq`, `round`, `turn`, `clock_ms`) grow in small steps: delta encoding
  stores the steps (4 Gods `clock_ms` 1.9 -> 1.1).
- In a file grouped by event type, `seq`, `round` and `turn` are split
  byte by byte (BYTE_STREAM_SPLIT): their high bytes are nearly constant and
  compress to nothing (Four Gardens `seq` 1.03 as a dictionary, 1.01 delta,
  0.80 split; Caprices 0.50, 0.57, 0.37).
- `clock_ms` there is dictionary-encoded: a 4 Gods clock moves in multiples
  of think times, so a file holds few distinct moments (4 Gods 1.49 bytes
  per event; split 1.89, delta 2.00); the turn-based games' clock is 0.
- Values unique to a game (`seed`, `digest`) are stored plain: a dictionary
  of unique values only adds its index.
- Everything else (8-bit integers, names, lists) is dictionary-encoded:
  few distinct values, run-length encoded indexes.
- zstd at its default level 1, but level 9 for the split counters (`seq`,
  `round`, `turn`), whose byte streams shrink 10-20% more there (Caprices
  `seq` 0.44 -> 0.36); the other columns gain under 2% from a higher level
  and would only cost write time.
- Statistics (min/max, null counts) are kept for the envelope only, which is
  what readers filter on (`event_type`, `game_id`, `run_id`; the warehouse
  skips row groups with no null `seq` or `clock_ms` when it upcasts older
  files); the others cost ~20% of the write time and no reader uses them.
- The footer declares the row order (`sorting_columns`: event type, game,
  seq; or game, seq) and the lake schema (key-value metadata
  `balance.lake_schema`), both readable without this code.
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from engine.core.buffer import BY_GAME, LAKE_SCHEMA, ROW_ORDER

COMPRESSION = "zstd"
SPLIT = ("seq", "round", "turn")
RUNNING = (*SPLIT, "clock_ms")  # delta-encoded in game order
COUNTER_LEVEL = 9  # every other column: zstd's default level (1)
DELTA = ("game_id",)
PLAIN = ("seed", "digest")
STATISTICS = ("run_id", "game_id", "seq", "event_type", "player", "round", "turn", "clock_ms")


def write_table(table: pa.Table, sink: Any, row_group_size: int) -> None:
    """Write `table` as Parquet to `sink` with the lake's encodings, its row order and lake schema in the footer."""
    with pq.ParquetWriter(sink, table.schema, **parquet_options(table.schema)) as writer:
        writer.write_table(table, row_group_size=row_group_size)
        kept = {key: value for key, value in (table.schema.metadata or {}).items() if key == LAKE_SCHEMA.encode()}
        if kept:
            writer.add_key_value_metadata(kept)


def read_table(source: Any, columns: list[str] | None = None,
               filters: list[tuple[str, str, Any]] | None = None) -> pa.Table:
    """A whole Parquet file (bytes, or an open file object) as a table, read on the calling thread's terms.

    `pq.read_table` on a Python-backed source scans it as a dataset, and a scanner thread can hold the last
    reference to the Python buffer; dropped there while the interpreter shuts down, it aborts the process
    ("terminate called without an active exception", apache/arrow#34314; a `balance verify` died so in CI).
    `ParquetFile` keeps the reader with the Python object, released on this thread.
    """
    if isinstance(source, bytes | bytearray | memoryview):
        source = pa.BufferReader(source)
    with pq.ParquetFile(source) as reader:
        table = reader.read(columns=columns)
    return table.filter(pq.filters_to_expression(filters)) if filters else table


def parquet_options(schema: pa.Schema) -> dict[str, Any]:
    """Keyword arguments for `pyarrow.parquet.write_table` for a table of this schema (and row order)."""
    by_game = (schema.metadata or {}).get(ROW_ORDER.encode()) == BY_GAME.encode()
    encodings = {field.name: "DELTA_BINARY_PACKED" if by_game and field.name in RUNNING else _encoding(field)
                 for field in schema}
    levels = {name: COUNTER_LEVEL for name in (RUNNING if by_game else SPLIT) if name in encodings}
    return {
        "compression": COMPRESSION,
        "compression_level": levels or None,
        "use_dictionary": [_leaf(schema.field(name)) for name, encoding in encodings.items() if encoding is None],
        "column_encoding": {name: encoding for name, encoding in encodings.items() if encoding is not None},
        "write_statistics": [name for name in STATISTICS if name in encodings],
        "sorting_columns": _sorting(schema, by_game),
        # Parquet's own types already say int8/int16/list<...>: the copy of the Arrow schema in every footer
        # (~3 kB) would only be read back as the same schema
        "store_schema": False,
    }


def _sorting(schema: pa.Schema, by_game: bool) -> list[pq.SortingColumn] | None:
    """The row order `EventBuffer` wrote, as Parquet sorting columns (None for a table not in the lake schema)."""
    keys = ("game_id", "seq") if by_game else ("event_type", "game_id", "seq")
    if ROW_ORDER.encode() not in (schema.metadata or {}) or not all(key in schema.names for key in keys):
        return None
    return list(pq.SortingColumn.from_ordering(schema, [(key, "ascending") for key in keys]))


def _leaf(field: pa.Field) -> str:
    """The Parquet column path of a field: a list's values are `<name>.list.element`."""
    return f"{field.name}.list.element" if pa.types.is_list(field.type) else field.name


def _encoding(field: pa.Field) -> str | None:
    """The column's encoding, or None for dictionary encoding."""
    if field.name in DELTA:
        return "DELTA_BINARY_PACKED"
    if field.name in PLAIN:
        return "PLAIN"
    if field.name in SPLIT:
        return "BYTE_STREAM_SPLIT"
    return None
