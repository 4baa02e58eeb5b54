"""Per-column Parquet encodings of a part file: delta encoding where it beats the dictionary.

Rows run in (game, seq) order, so the envelope's whole numbers (`seq`, `turn`,
`round`, `game_id`, `clock_ms`) grow in small steps: delta encoding stores the
steps where a dictionary stores every value (4 Gods' simulated clock: 3.6 -> 1.3
bytes per event; Four Gardens' long games make `seq` a dictionary of thousands of
values, 0.65 bytes per event, that delta encoding stores in 0.03). Caprices'
short games repeat a few dozen `seq` and `round` values, which the dictionary
stores better. So each is tried on a sample of the table (its first rows, a
small fraction of the file's write time) and the smaller kept. Every other
column stays dictionary-encoded (strings, lists, the game's fields).
"""

from __future__ import annotations

import io
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

DELTA_CANDIDATES = ("game_id", "seq", "round", "turn", "clock_ms")
SAMPLE_ROWS = 20_000
DELTA = "DELTA_BINARY_PACKED"


def parquet_options(table: pa.Table, compression: str, level: int | None = None) -> dict[str, Any]:
    """`use_dictionary` and `column_encoding` for `pq.write_table` (leaf paths, so lists keep their dictionary)."""
    codec = {"compression": compression, "compression_level": level}
    delta = [name for name in DELTA_CANDIDATES if name in table.column_names and _delta_is_smaller(table, name, codec)]
    if not delta:
        return {"use_dictionary": True}
    return {"use_dictionary": [path for path in _leaf_paths(table.schema) if path not in delta],
            "column_encoding": dict.fromkeys(delta, DELTA)}


def _delta_is_smaller(table: pa.Table, name: str, codec: dict[str, Any]) -> bool:
    if not pa.types.is_integer(table.schema.field(name).type):
        return False
    sample = table.select([name]).slice(0, SAMPLE_ROWS)
    delta = _size(sample, use_dictionary=False, column_encoding={name: DELTA}, **codec)
    return delta < _size(sample, use_dictionary=True, **codec)


def _size(table: pa.Table, **options: Any) -> int:
    sink = io.BytesIO()
    pq.write_table(table, sink, **options)
    return sink.tell()


def _leaf_paths(schema: pa.Schema) -> list[str]:
    """Column paths as Parquet names them (a list column's values are `<name>.list.element`)."""
    return [f"{field.name}.list.element" if pa.types.is_list(field.type) else field.name for field in schema]
