"""Lake rows back into events: the reader behind replay, `balance verify`, export and `balance show`.

A table is decoded one event class at a time, the way `EventBuffer` wrote
it: the rows of a class are taken together (a zero-copy slice when they lie
side by side, as in a part file grouped by event type), each column the
class needs becomes one Python list, and the events are built from those
lists, with no dict per row. Rows this fast path cannot vouch for go through
`event_from_row`, the one-row reader: a row with a JSON payload, a
`schema_version` other than its class's (an older row to upcast, or a newer
one to refuse), an unknown event type, or any class whose values its
constructor refuses. Both paths therefore give the same events and the same
errors, each naming its game and seq.
"""

from __future__ import annotations

import bisect
import gc
import inspect
import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from engine.core.errors import ReplayError
from engine.core.events import CORE_EVENTS, Event, event_field_names
from engine.core.shape import SHAPE, fill_counters

GAME_ORDER = [("game_id", "ascending"), ("seq", "ascending")]


@dataclass
class DecodedTable:
    """A table's events in (game_id, seq) order, the order of `Table.sort_by(GAME_ORDER)` (stable, nulls last).

    `events[i]` is the event of the i-th row in that order, or None when
    `errors[i]` holds why that row does not build one.
    """

    table: pa.Table  # the table read, its counters put back where a shape gives them (`fill_counters`)
    order: np.ndarray  # the table's row numbers in (game_id, seq) order
    events: list[Event | None]
    errors: dict[int, Exception]
    games: list[tuple[int | None, int, int]]  # (game_id, start, end): a game's positions in that order

    def __post_init__(self) -> None:
        self._failed = sorted(self.errors)

    def game_events(self, start: int, end: int) -> list[Event]:
        """The events of one game; raises the first of its rows' errors, in seq order."""
        if self._failed:
            first = bisect.bisect_left(self._failed, start)
            if first < len(self._failed) and self._failed[first] < end:
                raise self.errors[self._failed[first]]
        return self.events[start:end]  # type: ignore[return-value]


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection inside: building a file's events (and replaying them) makes hundreds of
    thousands of objects that hold no cycles, and the collector's passes over them cost a third of the time.
    The collector resumes (if it ran before) on the way out and finds any cycles then."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def decode_table(table: pa.Table, event_types: tuple[type[Event], ...]) -> DecodedTable:
    """Every row of a lake table as an event (or the error building it raises), in (game_id, seq) order.

    A log that keeps its counters in a shape (lake schema 3) has them put back first (`fill_counters`).
    """
    with paused_gc():
        return _decode_table(fill_counters(table), event_types)


def _decode_table(table: pa.Table, event_types: tuple[type[Event], ...]) -> DecodedTable:
    by_type = {cls.TYPE: cls for cls in (*CORE_EVENTS, *event_types)}
    rows = table.num_rows
    order = pc.sort_indices(table, sort_keys=GAME_ORDER).to_numpy() if rows else np.zeros(0, np.int64)
    position = np.empty(rows, dtype=np.int64)  # row number -> its place in (game_id, seq) order
    position[order] = np.arange(rows)
    events = np.full(rows, None, dtype=object)
    errors: dict[int, Exception] = {}
    for name, of_type in _rows_by_type(table):
        cls = by_type.get(name) if name is not None else None
        built, failed = _decode_class(table, of_type, cls, by_type)
        events[position[of_type]] = np.fromiter(built, dtype=object, count=len(built))  # elements kept whole
        errors.update((int(position[row]), exc) for row, exc in failed.items())
    for row, exc in _unplaced(table, position).items():
        errors.setdefault(row, exc)
    game_ids = table.column("game_id").take(order) if rows else None
    return DecodedTable(table, order, events.tolist(), errors, _games(game_ids))


def _unplaced(table: pa.Table, position: np.ndarray) -> dict[int, Exception]:
    """Rows of a shape log that `fill_counters` left without a seq (their game's rows and shape disagree), by
    their place in (game_id, seq) order: their game cannot be put in order, so it cannot be replayed."""
    if SHAPE not in table.column_names:
        return {}
    rows = np.flatnonzero(table.column("seq").is_null().to_numpy(zero_copy_only=False))
    games = table.column("game_id").take(pa.array(rows)).to_pylist() if len(rows) else []
    return {int(position[row]): ReplayError(f"game {game}: its rows no longer match its shape (a row lost, added or "
                                            "changed), so its events cannot be put in order")
            for row, game in zip(rows.tolist(), games)}


def events_from_table(table: pa.Table, event_types: tuple[type[Event], ...]) -> Iterator[tuple[int, list[Event]]]:
    """Yield (game_id, events) per game from a lake table, events in seq order.

    Raises ReplayError naming the game and seq of an unknown event type or a
    row whose fields cannot build its event (games before it are yielded).
    """
    decoded = decode_table(table, event_types)
    for game_id, start, end in decoded.games:
        yield game_id, decoded.game_events(start, end)  # type: ignore[misc]


def event_from_row(row: Mapping[str, Any], by_type: Mapping[str, type[Event]]) -> Event:
    """One row (column name -> value) as its event: payload fields, upcast, checks; errors name game and seq."""
    cls = by_type.get(row["event_type"])
    if cls is None:
        raise ReplayError(f"game {row['game_id']} seq {row['seq']}: unknown event type {row['event_type']!r}")
    payload = json.loads(row["payload"]) if row.get("payload") else {}
    kwargs = {}
    for name in event_field_names(cls):
        value = payload[name] if name in payload else row.get(name)
        kwargs[name] = deep_tuple(value)
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


def deep_tuple(value: Any) -> Any:
    """Lists from Arrow or JSON back to the tuples events are built with."""
    if isinstance(value, list):
        return tuple(deep_tuple(v) for v in value)
    return value


def _rows_by_type(table: pa.Table) -> Iterator[tuple[str | None, np.ndarray]]:
    """(event type, its row numbers ascending) for each event type in the table (None: rows without one)."""
    if not table.num_rows:
        return
    encoded = table.column("event_type").combine_chunks().dictionary_encode()
    codes = encoded.indices.fill_null(-1).to_numpy(zero_copy_only=False).astype(np.int64)
    names = encoded.dictionary.to_pylist()
    rows = np.argsort(codes, kind="stable")
    counts = np.bincount(codes + 1, minlength=len(names) + 1)
    bounds = np.concatenate(([0], np.cumsum(counts)))
    for code in range(-1, len(names)):
        start, end = int(bounds[code + 1]), int(bounds[code + 2])
        if start < end:
            yield (names[code] if code >= 0 else None), rows[start:end]


def _decode_class(
    table: pa.Table, rows: np.ndarray, cls: type[Event] | None, by_type: Mapping[str, type[Event]],
) -> tuple[list[Event | None], dict[int, Exception]]:
    """The events of the rows of one event type (None where a row fails) and, by row number, why rows fail."""
    fields = event_field_names(cls) if cls is not None else ()
    wanted = dict.fromkeys(n for n in ("game_id", "seq", "event_type", "schema_version", "payload", *fields)
                           if n in table.column_names)
    contiguous = int(rows[-1]) - int(rows[0]) + 1 == len(rows)
    part = (table.slice(int(rows[0]), len(rows)) if contiguous else table.take(rows)).select(list(wanted))
    if cls is not None and _plain_rows(part, cls):
        built = _build_plain(part, cls)
        if built is not None:
            return built, {}  # type: ignore[return-value]
    events: list[Event | None] = []
    failed: dict[int, Exception] = {}
    for row, values in zip(rows.tolist(), part.to_pylist()):
        try:
            events.append(event_from_row(values, by_type))
        except Exception as exc:  # noqa: BLE001 - e.g. a payload that is not JSON: reported for its game
            events.append(None)
            failed[row] = exc
    return events, failed


def _build_plain(part: pa.Table, cls: type[Event]) -> list[Event] | None:
    """The events of rows that need no payload and no upcast, from their columns; None if any is refused."""
    fields = event_field_names(cls)
    if not fields:
        return [cls() for _ in range(part.num_rows)]
    values = [_column_values(part, name) for name in fields]
    try:
        return list(map(_builder(cls), *values))
    except Exception:  # noqa: BLE001 - some row's values are refused: the one-row reader says which
        return None


def _plain_rows(part: pa.Table, cls: type[Event]) -> bool:
    """Whether every row is of its class's version (0 or null count as it) and has no payload."""
    if "payload" in part.column_names:
        payload = part.column("payload")
        if payload.null_count < len(payload) and (not pa.types.is_string(payload.type)
                                                  or pc.any(pc.greater(pc.binary_length(payload), 0)).as_py()):
            return False
    if "schema_version" in part.column_names:
        if not pa.types.is_integer(part.schema.field("schema_version").type):
            return False
        versions = part.column("schema_version").fill_null(0)
        current = pc.or_(pc.equal(versions, cls.VERSION), pc.equal(versions, 0))
        if not pc.all(current).as_py():
            return False
    return True


def _column_values(part: pa.Table, name: str) -> list[Any]:
    """One field's values as the events hold them (lists as tuples); None where the table has no such column."""
    if name not in part.column_names:
        return [None] * part.num_rows
    column = part.column(name)
    values = column.to_pylist()
    if pa.types.is_list(column.type) and not pa.types.is_nested(column.type.value_type):
        return [None if v is None else tuple(v) for v in values]
    if pa.types.is_nested(column.type):
        return [deep_tuple(v) for v in values]
    return values


def _builder(cls: type[Event]) -> Callable[..., Event]:
    """The class itself when it takes its fields positionally in order, else a keyword call."""
    names = event_field_names(cls)
    params = list(inspect.signature(cls).parameters.values())
    if [p.name for p in params] == list(names) and all(p.kind is p.POSITIONAL_OR_KEYWORD for p in params):
        return cls
    return lambda *values: cls(**dict(zip(names, values)))


def _games(game_ids: pa.ChunkedArray | None) -> list[tuple[int | None, int, int]]:
    """(game_id, start, end) of each run of equal game ids (null ids form their own runs)."""
    if game_ids is None or len(game_ids) == 0:
        return []
    valid = game_ids.is_valid().to_numpy(zero_copy_only=False).astype(np.int8)
    ids = game_ids.fill_null(0).to_numpy()
    change = (np.diff(ids) != 0) | (np.diff(valid) != 0)
    starts = [0, *(np.flatnonzero(change) + 1).tolist()]
    ends = [*starts[1:], len(ids)]
    return [(int(ids[s]) if valid[s] else None, s, e) for s, e in zip(starts, ends)]
