"""How the lake's Parquet files are encoded: one encoding per column, compression, statistics.

Chosen by measuring each column of 500-game part files of all three games
(`docs/benchmarks.md` gives the command and the figures). Rows are grouped by
event type, then game and seq (`engine.core.buffer.EventBuffer`), which these
choices assume:

- `game_id` ascends inside each event type's block: delta encoding stores
  steps of 0 or 1 (Caprices 0.28 -> 0.04 bytes per event).
- In a file in game order (`GameFacts.log_order`) the envelope's running
  counters (`seq`, `round`, `turn`, `clock_ms`) grow in small steps: delta
  encoding stores the steps (4 Gods `clock_ms` 1.9 -> 1.1 when it kept game
  order; since lake schema 2 it stores no clock and groups rows by type,
  5.2 -> 3.6 bytes per event).
- Wider integers (`seq`, `turn`, `clock_ms`, scores, tile ids ...) are split
  byte by byte (BYTE_STREAM_SPLIT): their high bytes are nearly constant and
  compress to nothing, and no dictionary has to be built (Caprices `seq`
  0.48 -> 0.40, 4 Gods `clock_ms` 3.7 -> 2.0).
- Values unique to a game (`seed`, `digest`) are stored plain: a dictionary
  of unique values only adds its index.
- Everything else (8-bit integers, names, lists) is dictionary-encoded:
  few distinct values, run-length encoded indexes.
- zstd at its default level 1, but level 9 for the envelope's running
  counters (`seq`, `round`, `turn`, `clock_ms`), whose split byte streams
  shrink 10-20% more there (Caprices `seq` 0.44 -> 0.36); the other columns
  gain under 2% from a higher level and would only cost write time.
- A game's `shape` (engine/core/shape.py: its counters and players as one
  string per game, lake schema 3) is stored plain at zstd level 12: its
  letters repeat in long patterns that zstd finds (Four Gardens 0.22 bytes
  per event, where the four columns it replaces took 1.3; level 9: 0.26,
  15: 0.20 at 8x the compression time).
- Statistics (min/max) are kept for the envelope only, which is what readers
  filter on (`event_type`, `game_id`, `run_id`); the others cost ~20% of the
  write time and no reader uses them.
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from engine.core.buffer import BY_GAME, ROW_ORDER
from engine.core.shape import SHAPE

COMPRESSION = "zstd"
COUNTERS = ("seq", "round", "turn", "clock_ms")
COUNTER_LEVEL = 9  # every other column: zstd's default level (1)
LEVELS = {SHAPE: 12}
DELTA = ("game_id",)
PLAIN = ("seed", "digest", SHAPE)
STATISTICS = ("run_id", "game_id", "seq", "event_type", "player", "round", "turn")


def parquet_options(schema: pa.Schema) -> dict[str, Any]:
    """Keyword arguments for `pyarrow.parquet.write_table` for a table of this schema (and row order)."""
    by_game = (schema.metadata or {}).get(ROW_ORDER.encode()) == BY_GAME.encode()
    encodings = {field.name: "DELTA_BINARY_PACKED" if by_game and field.name in COUNTERS else _encoding(field)
                 for field in schema}
    return {
        "compression": COMPRESSION,
        "compression_level": {name: LEVELS.get(name, COUNTER_LEVEL) for name in (*COUNTERS, SHAPE) if name in encodings}
        or None,
        "use_dictionary": [_leaf(schema.field(name)) for name, encoding in encodings.items() if encoding is None],
        "column_encoding": {name: encoding for name, encoding in encodings.items() if encoding is not None},
        "write_statistics": [name for name in STATISTICS if name in encodings],
        # Parquet's own types already say int8/int16/list<...>: the copy of the Arrow schema in every footer
        # (~3 kB) would only be read back as the same schema
        "store_schema": False,
    }


def _leaf(field: pa.Field) -> str:
    """The Parquet column path of a field: a list's values are `<name>.list.element`."""
    return f"{field.name}.list.element" if pa.types.is_list(field.type) else field.name


def _encoding(field: pa.Field) -> str | None:
    """The column's encoding, or None for dictionary encoding."""
    if field.name in DELTA:
        return "DELTA_BINARY_PACKED"
    if field.name in PLAIN:
        return "PLAIN"
    if field.name in COUNTERS:
        return "BYTE_STREAM_SPLIT"
    return None
