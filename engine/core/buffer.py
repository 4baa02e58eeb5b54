"""The event buffer: the in-memory form of the Parquet event log.

Appending an event stores its envelope in a typed array and keeps the event;
`to_table` builds the Arrow table in the lake's schema column by column, one
event class at a time (no per-event dict). `engine.core.logread` turns such a
table back into event objects for replay, the same way round.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any

import numpy as np
import pyarrow as pa

from engine.core.events import Event, event_field_names

SCHEMA_VERSION = 4
"""The lake layout, named in every part file's key-value metadata (`LAKE_SCHEMA`). 4: every row holds its whole
envelope as plain Parquet values, so any reader sees it. Files without the key are older: 2 and 3 left the 4 Gods
`clock_ms` null, 3 also left the Four Gardens `seq`, `round`, `turn` and `player` null and gave them in one `shape`
string per game; readers upcast both (engine/core/shape.py, `FileRows.clock_logged`, warehouse/old_envelopes.py)."""
LAKE_SCHEMA = "balance.lake_schema"  # Parquet key-value metadata key: SCHEMA_VERSION, as text

ENVELOPE: dict[str, pa.DataType] = {
    "run_id": pa.string(),
    "game_id": pa.int64(),
    "seq": pa.int32(),
    "event_type": pa.string(),
    "schema_version": pa.int16(),
    "player": pa.int8(),
    "round": pa.int16(),
    "turn": pa.int32(),
    "clock_ms": pa.int64(),
}

CORE_COLUMNS: dict[str, pa.DataType] = {
    "seed": pa.int64(),
    "num_players": pa.int8(),
    "ruleset": pa.string(),
    "ruleset_digest": pa.string(),
    "agents": pa.list_(pa.string()),
    "digest": pa.string(),
}


BY_TYPE, BY_GAME = "event_type", "game"
ROW_ORDER = "balance.row_order"  # schema metadata key: BY_TYPE or BY_GAME


def lake_schema(game_columns: Mapping[str, pa.DataType]) -> pa.Schema:
    """Envelope, core columns, the game's typed columns, then `payload`."""
    return pa.schema(list({**ENVELOPE, **CORE_COLUMNS, **game_columns, "payload": pa.string()}.items()))


def lake_schema_of(metadata: Mapping[bytes, bytes] | None) -> int | None:
    """The lake schema a file's key-value metadata names; None for files written before schema 4."""
    text = (metadata or {}).get(LAKE_SCHEMA.encode())
    return int(text) if text is not None and text.isdigit() else None


class EventBuffer:
    """Events of many games, ready to become one Parquet file.

    Appending is the hot path of every simulated game, so it does the least
    it can while the event is fresh in the cache: the envelope and the event
    class's number go into one typed array, and the event's field values, in
    its class's column order, onto that class's flat value list (one C-level
    call each, no per-event dict). `to_table` builds every column in bulk.

    Rows come out grouped by event type (by name), then by game and seq:
    each typed column is filled by only a few event types, so grouped rows
    leave long runs of nulls and of similar values that encode to almost
    nothing (Caprices: 3.5 -> 2.3 bytes per event). With `order="game"` they
    come out by game and seq instead (a log whose clock grows with every
    event: 4 Gods). Readers order by (game_id, seq) themselves; nothing reads
    a part file in row order. The table's schema metadata names the order
    (`ROW_ORDER`), for the writer's choice of encodings, and the lake schema
    (`LAKE_SCHEMA`), which the writer keeps in the file.
    """

    append: Callable[[int, int, Event, int, int, int], None]
    """Append one event with its envelope: (game_id, seq, event, round, turn, clock_ms)."""

    def __init__(self, game_columns: Mapping[str, pa.DataType], order: str = BY_TYPE) -> None:
        if order not in (BY_TYPE, BY_GAME):
            raise ValueError(f"row order {order!r}: choose {BY_TYPE!r} or {BY_GAME!r}")
        self.columns = {**CORE_COLUMNS, **game_columns}
        self.schema = lake_schema(game_columns).with_metadata({ROW_ORDER: order, LAKE_SCHEMA: str(SCHEMA_VERSION)})
        self.order = order
        self.clear()

    @classmethod
    def for_game(cls, game: Any) -> EventBuffer:
        """A buffer with the game's columns and row order (`GameFacts.log_order`)."""
        return cls(game.columns, game.facts.log_order)

    def clear(self) -> None:
        envelope: list[int] = []  # ENVELOPE_FIELDS and the class number per event, flat (extending a list
        classes = _ClassTable(self.columns)  # is 4x cheaper than extending an array with a tuple)
        add_envelope = envelope.extend

        # a closure, not a method: `append` runs once per event of every game, and reads only locals
        def append(game_id: int, seq: int, event: Event, round_: int, turn: int, clock_ms: int) -> None:
            add, values_of, number = classes[type(event)]
            add(values_of(event))
            add_envelope((game_id, seq, round_, turn, clock_ms, number))

        self._envelope, self._classes, self.append = envelope, classes, append

    def __len__(self) -> int:
        return len(self._envelope) // _STRIDE

    def to_table(self, run_id: str) -> pa.Table:
        """The buffered events as an Arrow table in the lake schema, rows grouped by event type."""
        n = len(self)
        rows = np.frombuffer(array("q", self._envelope), dtype=np.int64).reshape(n, _STRIDE)
        layouts = sorted(self._classes.layouts, key=attrgetter("type"))
        rank = np.zeros(len(layouts), dtype=np.int64)
        rank[[layout.number for layout in layouts]] = np.arange(len(layouts))
        ranks = rank[rows[:, -1]]
        order = _grouped_order(ranks, rows)
        if order is not None:
            rows = rows[order]
        counts = np.bincount(ranks, minlength=len(layouts)).tolist()
        columns = self._envelope_columns(run_id, rows, layouts, counts)
        for schema_field in self.schema:
            if schema_field.name not in columns:
                columns[schema_field.name] = pa.chunked_array(
                    [layout.column(schema_field.name, schema_field.type, count)
                     for layout, count in zip(layouts, counts)], schema_field.type)
        table = pa.Table.from_arrays([columns[f.name] for f in self.schema], schema=self.schema)
        if self.order == BY_GAME and order is not None:
            table = table.take(np.argsort(order))  # back to append order: game after game, each in seq order
        return table

    def _envelope_columns(
        self, run_id: str, rows: np.ndarray, layouts: list[_ClassLayout], counts: list[int]
    ) -> dict[str, pa.Array | pa.ChunkedArray]:
        columns: dict[str, pa.Array | pa.ChunkedArray] = {
            name: pa.array(np.ascontiguousarray(rows[:, index]), type=self.schema.field(name).type)
            for index, name in enumerate(ENVELOPE_FIELDS)
        }
        columns["run_id"] = _constant(len(rows), run_id, pa.string())
        columns["event_type"] = pa.chunked_array(
            [_constant(count, layout.type, pa.string()) for layout, count in zip(layouts, counts)], pa.string())
        columns["schema_version"] = pa.chunked_array(
            [_constant(count, layout.version, pa.int16()) for layout, count in zip(layouts, counts)], pa.int16())
        return columns


ENVELOPE_FIELDS = ("game_id", "seq", "round", "turn", "clock_ms")
"""The envelope values `append` receives with each event, in the order they are buffered."""
_STRIDE = len(ENVELOPE_FIELDS) + 1  # and the event class's number


class _ClassLayout:
    """One event class: its typed columns (player included), its JSON payload fields, its buffered values.

    `values` is flat: one entry per column (and one payload string) per event,
    in `names` order; column k of the class is `values[k::width]`.
    """

    def __init__(self, cls: type[Event], columns: Mapping[str, pa.DataType], number: int) -> None:
        fields = event_field_names(cls)
        self.type, self.version, self.number = cls.TYPE, cls.VERSION, number
        self.names = [n for n in fields if n in columns or n == "player"]
        self.payload_names = tuple(n for n in fields if n not in self.names)
        if self.payload_names:
            self.names.append("payload")
        self.values: list[Any] = []

    def entry(self) -> tuple[Any, Any, int]:
        """(add, values_of, number) for `EventBuffer.append`: one call each per event."""
        typed = [n for n in self.names if n != "payload"]
        if self.payload_names:
            getter, names = _tuple_getter(typed), self.payload_names
            return self.values.extend, lambda e: (*getter(e), _payload(e, names)), self.number
        if len(typed) == 1:
            return self.values.append, attrgetter(typed[0]), self.number
        return self.values.extend, _tuple_getter(typed), self.number

    def column(self, name: str, dtype: pa.DataType, count: int) -> pa.Array:
        """This class's chunk of column `name`: its values, or nulls when it has no such field."""
        if name not in self.names:
            return pa.nulls(count, dtype)
        width = len(self.names)
        values = self.values if width == 1 else self.values[self.names.index(name)::width]
        return pa.array(values, type=dtype)


class _ClassTable(dict[type, tuple[Any, Any, int]]):
    """Event class -> its `_ClassLayout.entry()`, made on first sight (classes numbered as they appear)."""

    def __init__(self, columns: Mapping[str, pa.DataType]) -> None:
        super().__init__()
        self.columns = columns
        self.layouts: list[_ClassLayout] = []

    def __missing__(self, cls: type) -> tuple[Any, Any, int]:
        layout = _ClassLayout(cls, self.columns, len(self.layouts))
        self.layouts.append(layout)
        entry = self[cls] = layout.entry()
        return entry


def _grouped_order(ranks: np.ndarray, rows: np.ndarray) -> np.ndarray | None:
    """Row order grouping events by class rank, then (game_id, seq); None when already so.

    Games are appended one after the other, each in seq order, so a stable
    sort on the class alone keeps (game_id, seq) order inside each class, as
    the class's value list has it; a buffer filled in any other order is refused
    rather than written with its values misplaced.
    """
    games, seqs = rows[:, 0], rows[:, 1]
    step_game, step_seq = np.diff(games), np.diff(seqs)
    if not bool(np.all((step_game > 0) | ((step_game == 0) & (step_seq > 0)))):
        raise ValueError("events must be appended game after game, each in seq order")
    if len(ranks) < 2 or bool(np.all(np.diff(ranks) >= 0)):
        return None
    return np.argsort(ranks, kind="stable")


def _payload(event: Event, names: tuple[str, ...]) -> str:
    return json.dumps({name: getattr(event, name) for name in names}, separators=(",", ":"))


def _tuple_getter(names: list[str]) -> Any:
    """A function returning the named attributes as a tuple (also for 0 or 1 names)."""
    if not names:
        return lambda event: ()
    if len(names) == 1:
        name = names[0]
        return lambda event: (getattr(event, name),)
    return attrgetter(*names)


def _constant(n: int, value: Any, dtype: pa.DataType) -> pa.Array:
    """`n` copies of one string or integer, built from buffers (no Python list of n items)."""
    if pa.types.is_string(dtype):
        data = str(value).encode("utf-8")
        offsets = np.arange(n + 1, dtype=np.int32) * len(data)
        return pa.Array.from_buffers(dtype, n, [None, pa.py_buffer(offsets), pa.py_buffer(data * n)])
    return pa.array(np.full(n, value, dtype=dtype.to_pandas_dtype()), type=dtype)
