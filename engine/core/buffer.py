"""A per-column event buffer: the in-memory form of the Parquet event log.

Appending an event appends its envelope to dense column lists and each of its
fields to that column's sparse (row, value) lists; no per-event dict is built.
`to_table` turns the buffer into an Arrow table in the lake's schema, and
`events_from_table` turns such a table back into event objects for replay.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Iterator, Mapping
from itertools import chain
from operator import attrgetter, itemgetter
from typing import Any

import numpy as np
import pyarrow as pa

from engine.core.errors import ReplayError
from engine.core.events import CORE_EVENTS, Event, event_field_names

SCHEMA_VERSION = 1

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


def lake_schema(game_columns: Mapping[str, pa.DataType]) -> pa.Schema:
    """Envelope, core columns, the game's typed columns, then `payload`."""
    fields = {**ENVELOPE, **CORE_COLUMNS, **game_columns, "payload": pa.string()}
    return pa.schema(list(fields.items()))


class _ClassSpec:
    """One event class's columns, and the rows and field values buffered for it.

    Values are kept per class as one tuple per event (player first when the
    class has one); `EventBuffer.to_table` scatters them into the columns.
    """

    __slots__ = ("type", "version", "fields", "getter", "payload_names", "rows", "values", "payloads")

    def __init__(self, cls: type[Event], columns: Mapping[str, pa.DataType]) -> None:
        names = event_field_names(cls)
        self.type = cls.TYPE
        self.version = cls.VERSION
        typed = [n for n in names if n in columns]
        self.fields = (["player"] if "player" in names else []) + typed
        self.payload_names = tuple(n for n in names if n not in columns and n != "player")
        self.getter = _tuple_getter(self.fields)
        self.rows = array("q")
        self.values: list[tuple[Any, ...]] = []
        self.payloads: list[str] = []

    def add_payload(self, event: Event) -> None:
        payload = {name: getattr(event, name) for name in self.payload_names}
        self.payloads.append(json.dumps(payload, separators=(",", ":")))


class EventBuffer:
    """Columns of events for many games, ready to become one Parquet file.

    Per event only the envelope (seq, round, turn, clock_ms) is appended to
    dense columns; game ids are kept as runs, and the event type, version,
    player and typed fields per event class, all expanded in `to_table`.
    """

    def __init__(self, game_columns: Mapping[str, pa.DataType]) -> None:
        self.columns = {**CORE_COLUMNS, **game_columns}
        self.schema = lake_schema(game_columns)
        self.clear()

    def clear(self) -> None:
        # typed arrays: appends as cheap as a list's, and numpy reads them without copying
        self.seq = array("q")
        self.round = array("q")
        self.turn = array("q")
        self.clock_ms = array("q")
        self._game_starts: list[tuple[int, int]] = []  # (first row, game id)
        self._last_game: int | None = None
        self._specs: dict[type, _ClassSpec] = {}

    def __len__(self) -> int:
        return len(self.seq)

    def append(self, game_id: int, seq: int, event: Event, round_: int, turn: int, clock_ms: int) -> None:
        """Append one event with its envelope."""
        row = len(self.seq)
        if game_id != self._last_game:
            self._game_starts.append((row, game_id))
            self._last_game = game_id
        self.seq.append(seq)
        self.round.append(round_)
        self.turn.append(turn)
        self.clock_ms.append(clock_ms)
        spec = self._specs.get(type(event))
        if spec is None:
            spec = self._specs[type(event)] = _ClassSpec(type(event), self.columns)
        spec.rows.append(row)
        spec.values.append(spec.getter(event))
        if spec.payload_names:
            spec.add_payload(event)

    def to_table(self, run_id: str) -> pa.Table:
        """The buffered events as an Arrow table in the lake schema."""
        n = len(self.seq)
        specs = [spec for spec in self._specs.values() if spec.rows]
        rows = {id(spec): np.frombuffer(spec.rows, dtype=np.int64) for spec in specs}
        dense: dict[str, pa.Array] = {
            "run_id": pa.DictionaryArray.from_arrays(np.zeros(n, np.int32), [run_id]).cast(pa.string()),
            "game_id": self._game_ids(n),
            "event_type": _per_class(n, [(rows[id(s)], s.type) for s in specs], pa.string()),
            "schema_version": _per_class(n, [(rows[id(s)], s.version) for s in specs], pa.int16()),
        }
        for name in ("seq", "round", "turn", "clock_ms"):
            values = np.frombuffer(getattr(self, name), dtype=np.int64)
            dense[name] = pa.array(values, type=self.schema.field(name).type)
        pieces: dict[str, list[tuple[np.ndarray, list[Any]]]] = {}
        for spec in specs:
            if spec.payloads:
                pieces.setdefault("payload", []).append((rows[id(spec)], spec.payloads))
            for index, name in enumerate(spec.fields):
                pieces.setdefault(name, []).append((rows[id(spec)], list(map(itemgetter(index), spec.values))))
        arrays = []
        for schema_field in self.schema:
            name, dtype = schema_field.name, schema_field.type
            if name in dense:
                arrays.append(dense[name])
            elif name in pieces:
                arrays.append(_scatter(n, pieces[name], dtype))
            else:
                arrays.append(pa.nulls(n, type=dtype))
        return pa.Table.from_arrays(arrays, schema=self.schema)

    def _game_ids(self, n: int) -> pa.Array:
        ids = np.empty(n, dtype=np.int64)
        stops = [row for row, _ in self._game_starts[1:]] + [n]
        for (start, game_id), stop in zip(self._game_starts, stops):
            ids[start:stop] = game_id
        return pa.array(ids)


def _per_class(n: int, pieces: list[tuple[np.ndarray, Any]], dtype: pa.DataType) -> pa.Array:
    """A column holding one constant per event class, built from dictionary codes."""
    codes = np.zeros(n, dtype=np.int32)
    for code, (rows, _) in enumerate(pieces):
        codes[rows] = code
    dictionary = pa.array([value for _, value in pieces], type=dtype)
    return pa.DictionaryArray.from_arrays(codes, dictionary).cast(dtype)


def _scatter(n: int, pieces: list[tuple[np.ndarray, list[Any]]], dtype: pa.DataType) -> pa.Array:
    """A full-length column from (rows, values) pieces; null where no event has the field.

    Numeric columns are filled as typed arrays with a validity mask (fast);
    strings and lists go through an object array.
    """
    if pa.types.is_integer(dtype) or pa.types.is_floating(dtype) or pa.types.is_boolean(dtype):
        data = np.zeros(n, dtype=dtype.to_pandas_dtype())
        valid = np.zeros(n, dtype=bool)
        for rows, values in pieces:
            if None in values:
                present = np.fromiter((v is not None for v in values), dtype=bool, count=len(values))
                rows = rows[present]
                values = [v for v in values if v is not None]
            data[rows] = values
            valid[rows] = True
        return pa.array(data, type=dtype, mask=~valid)
    if pa.types.is_list(dtype) and _is_numeric(dtype.value_type):
        return _scatter_numeric_lists(n, pieces, dtype)
    objects = np.full(n, None, dtype=object)
    for rows, values in pieces:
        objects[rows] = _objects(values)
    return pa.array(objects, type=dtype, from_pandas=True)


def _is_numeric(dtype: pa.DataType) -> bool:
    return bool(pa.types.is_integer(dtype) or pa.types.is_floating(dtype))


def _scatter_numeric_lists(n: int, pieces: list[tuple[np.ndarray, list[Any]]], dtype: pa.DataType) -> pa.Array:
    """A list<number> column built from offsets and one flat value array (10x faster than objects)."""
    rows = np.concatenate([r for r, _ in pieces])
    values = [v for _, vals in pieces for v in vals]
    order = np.argsort(rows, kind="stable")
    ordered = [values[i] for i in order]
    lengths = np.zeros(n, dtype=np.int32)
    lengths[rows[order]] = np.fromiter(map(len, ordered), dtype=np.int32, count=len(ordered))
    offsets = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(lengths, out=offsets[1:])
    flat = np.fromiter(chain.from_iterable(ordered), dtype=dtype.value_type.to_pandas_dtype(), count=int(offsets[-1]))
    absent = np.ones(n, dtype=bool)
    absent[rows] = False
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(flat, type=dtype.value_type), mask=pa.array(absent))


def _objects(values: list[Any]) -> np.ndarray:
    """A 1-d object array (tuples stay single elements, not a 2-d array)."""
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out


def _tuple_getter(names: list[str]) -> Any:
    """A function returning the named attributes as a tuple (also for 0 or 1 names)."""
    if not names:
        return lambda event: ()
    if len(names) == 1:
        name = names[0]
        return lambda event: (getattr(event, name),)
    return attrgetter(*names)


def events_from_table(table: pa.Table, event_types: tuple[type[Event], ...]) -> Iterator[tuple[int, list[Event]]]:
    """Yield (game_id, events) per game from a lake table, events in seq order.

    Raises ReplayError naming the game and seq of an unknown event type or a
    row whose fields cannot build its event.
    """
    by_type = {cls.TYPE: cls for cls in (*CORE_EVENTS, *event_types)}
    table = table.sort_by([("game_id", "ascending"), ("seq", "ascending")])
    rows = table.to_pylist()
    current: int | None = None
    events: list[Event] = []
    for row in rows:
        game_id = row["game_id"]
        if game_id != current:
            if current is not None:
                yield current, events
            current, events = game_id, []
        events.append(_event_from_row(row, by_type))
    if current is not None:
        yield current, events


def _event_from_row(row: dict[str, Any], by_type: Mapping[str, type[Event]]) -> Event:
    cls = by_type.get(row["event_type"])
    if cls is None:
        raise ReplayError(f"game {row['game_id']} seq {row['seq']}: unknown event type {row['event_type']!r}")
    payload = json.loads(row["payload"]) if row.get("payload") else {}
    kwargs = {}
    for name in event_field_names(cls):
        value = payload[name] if name in payload else row.get(name)
        kwargs[name] = _deep_tuple(value)
    version = row.get("schema_version") or cls.VERSION
    if version > cls.VERSION:
        raise ReplayError(f"game {row['game_id']} seq {row['seq']}: {cls.TYPE} v{version} was written by a newer "
                          f"engine (this one reads up to v{cls.VERSION}); update the code")
    if version < cls.VERSION:
        kwargs = cls.upcast(kwargs, version)
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ReplayError(f"game {row['game_id']} seq {row['seq']}: cannot rebuild {cls.TYPE}: {exc}") from None


def _deep_tuple(value: Any) -> Any:
    """Lists from Arrow or JSON back to the tuples events are built with."""
    if isinstance(value, list):
        return tuple(_deep_tuple(v) for v in value)
    return value
