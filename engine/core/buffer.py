"""A per-column event buffer: the in-memory form of the Parquet event log.

Appending an event appends its envelope to dense column lists and each of its
fields to that column's sparse (row, value) lists; no per-event dict is built.
`to_table` turns the buffer into an Arrow table in the lake's schema, and
`events_from_table` turns such a table back into event objects for replay.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from operator import attrgetter
from typing import Any

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
    """How one event class maps onto columns (computed once per class)."""

    __slots__ = ("type", "version", "typed", "getter", "payload_names", "payload_getter", "has_player")

    def __init__(self, cls: type[Event], columns: Mapping[str, pa.DataType]) -> None:
        names = event_field_names(cls)
        self.type = cls.TYPE
        self.version = cls.VERSION
        self.has_player = "player" in names
        self.typed = tuple(n for n in names if n in columns and n != "player")
        self.payload_names = tuple(n for n in names if n not in columns and n != "player")
        self.getter = attrgetter(*self.typed) if self.typed else None
        self.payload_getter = attrgetter(*self.payload_names) if self.payload_names else None


class EventBuffer:
    """Columns of events for many games, ready to become one Parquet file."""

    def __init__(self, game_columns: Mapping[str, pa.DataType]) -> None:
        self.columns = {**CORE_COLUMNS, **game_columns}
        self.schema = lake_schema(game_columns)
        self._specs: dict[type, _ClassSpec] = {}
        self.clear()

    def clear(self) -> None:
        self.game_id: list[int] = []
        self.seq: list[int] = []
        self.event_type: list[str] = []
        self.schema_version: list[int] = []
        self.player: list[int | None] = []
        self.round: list[int] = []
        self.turn: list[int] = []
        self.clock_ms: list[int] = []
        self._sparse: dict[str, tuple[list[int], list[Any]]] = {
            name: ([], []) for name in [*self.columns, "payload"]
        }

    def __len__(self) -> int:
        return len(self.seq)

    def append(self, game_id: int, seq: int, event: Event, round_: int, turn: int, clock_ms: int) -> None:
        """Append one event with its envelope."""
        spec = self._specs.get(type(event))
        if spec is None:
            spec = self._specs[type(event)] = _ClassSpec(type(event), self.columns)
        row = len(self.seq)
        self.game_id.append(game_id)
        self.seq.append(seq)
        self.event_type.append(spec.type)
        self.schema_version.append(spec.version)
        self.player.append(event.player if spec.has_player else None)  # type: ignore[attr-defined]
        self.round.append(round_)
        self.turn.append(turn)
        self.clock_ms.append(clock_ms)
        if spec.getter is not None:
            values = spec.getter(event)
            if len(spec.typed) == 1:
                values = (values,)
            sparse = self._sparse
            for name, value in zip(spec.typed, values):
                rows, vals = sparse[name]
                rows.append(row)
                vals.append(value)
        if spec.payload_getter is not None:
            values = spec.payload_getter(event)
            if len(spec.payload_names) == 1:
                values = (values,)
            rows, vals = self._sparse["payload"]
            rows.append(row)
            vals.append(json.dumps(dict(zip(spec.payload_names, values)), separators=(",", ":")))

    def to_table(self, run_id: str) -> pa.Table:
        """The buffered events as an Arrow table in the lake schema."""
        n = len(self.seq)
        dense = {
            "run_id": [run_id] * n,
            "game_id": self.game_id,
            "seq": self.seq,
            "event_type": self.event_type,
            "schema_version": self.schema_version,
            "player": self.player,
            "round": self.round,
            "turn": self.turn,
            "clock_ms": self.clock_ms,
        }
        arrays = []
        for schema_field in self.schema:
            if schema_field.name in dense:
                arrays.append(pa.array(dense[schema_field.name], type=schema_field.type))
            else:
                arrays.append(_scatter(self._sparse[schema_field.name], n, schema_field.type))
        return pa.Table.from_arrays(arrays, schema=self.schema)


def _scatter(sparse: tuple[list[int], list[Any]], n: int, dtype: pa.DataType) -> pa.Array:
    rows, vals = sparse
    if not rows:
        return pa.nulls(n, type=dtype)
    full: list[Any] = [None] * n
    for row, value in zip(rows, vals):
        full[row] = value
    return pa.array(full, type=dtype)


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
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ReplayError(f"game {row['game_id']} seq {row['seq']}: cannot rebuild {cls.TYPE}: {exc}") from None


def _deep_tuple(value: Any) -> Any:
    """Lists from Arrow or JSON back to the tuples events are built with."""
    if isinstance(value, list):
        return tuple(_deep_tuple(v) for v in value)
    return value
