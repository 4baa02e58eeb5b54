"""The event writer alone against the `eventsourcing` library's SQLite store, on the same events.

Both sides start from the same played games held in memory, and both end
with every event durable on disk:

- **ours**: each event is appended to an `EventBuffer` exactly as the driver
  appends it during play, the buffer becomes one Arrow table, and the table
  is written as one Parquet part file through the lake's store (encoded per
  `lake.parquet_format`, fsynced, renamed into place);
- **eventsourcing** (`pip install 'boardgame-balance[bench]'`): each event is the same
  event as a frozen dataclass carrying the library's `originator_id` (the
  game, a UUID) and `originator_version` (its seq) beside the same fields and
  envelope (round, turn, clock_ms); no timestamp is added, as a simulation
  has none, which only saves the library work. The whole batch goes in one
  `EventStore.put` call -- the library's bulk path: its `Mapper` encodes each
  event with its `JSONTranscoder`, and its SQLite recorder inserts them all in
  one transaction into a database file (WAL journal, the library's default
  for files). Two recorders are timed: `SQLiteApplicationRecorder`, what an
  eventsourcing `Application.save()` writes through (it numbers every event
  in the application's notification log), and `SQLiteAggregateRecorder`, the
  library's fastest SQLite path (one `executemany`, no notification log).

Building the peer's event objects is not timed, as our events are built by
the game before the buffer sees them. Each side keeps its fastest of the
repeats, alternating so both see the same machine load.

Our time is also given by stage (append, Arrow table, Parquet file), with
the time Arrow's Parquet encoder takes for the same table with compression
off: what no Python-side work can remove, so what bounds the ratio.
"""

from __future__ import annotations

import dataclasses
import sqlite3
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from engine.core.buffer import EventBuffer
from engine.core.events import Event, event_field_names
from engine.core.game import Game
from lake import layout
from lake.parquet_format import parquet_options
from lake.spec import Batch, RunSpec
from lake.store import LocalStore
from simulate.batch import load_spec_ruleset, play_into

PEER = "eventsourcing"
RECORDERS = ("SQLiteApplicationRecorder", "SQLiteAggregateRecorder")


@dataclass(frozen=True)
class WriterFigure:
    """One side's best time to make the same events durable."""

    label: str
    events: int
    seconds: float
    stored: int  # events found in what it wrote (rows in the Parquet file, rows in the SQLite table)
    bytes: int
    stages: tuple[tuple[str, float], ...] = ()  # (what, seconds) of each step, in order, where the side has steps
    encoder_floor: tuple[float, int] | None = None
    """(seconds, bytes) of Arrow's Parquet encoder on the same table with compression off, in memory: the least
    any Parquet file of these columns costs through pyarrow (not part of `seconds`)."""

    @property
    def events_per_s(self) -> float:
        return self.events / self.seconds


class PeerMissing(Exception):
    """The eventsourcing library is not installed."""


def recorded_events(game: Game, spec: RunSpec) -> list[tuple[int, int, Event, int, int, int]]:
    """The spec's games played once, each event with its envelope as the driver hands it to a sink."""
    rows: list[tuple[int, int, Event, int, int, int]] = []

    class Recorder:
        def append(self, game_id: int, seq: int, event: Event, round_: int, turn: int, clock_ms: int) -> None:
            rows.append((game_id, seq, event, round_, turn, clock_ms))

    play_into(game, load_spec_ruleset(game, spec), spec, Batch(0, 0, spec.total_games), Recorder())
    return rows


def compare_writers(game: Game, spec: RunSpec, repeats: int = 3) -> list[WriterFigure]:
    """Our writer and each eventsourcing recorder on the spec's games; raises PeerMissing without the library."""
    peer = _peer()
    rows = recorded_events(game, spec)
    peer_events = _peer_events(rows)
    best: dict[str, WriterFigure] = {}
    with tempfile.TemporaryDirectory(prefix="balance-writer-") as folder:
        for repeat in range(repeats):
            figures = [_ours(game, rows, Path(folder), spec.run_id)]
            figures += [_theirs(peer, name, peer_events, Path(folder) / f"{name}-{repeat}.db") for name in RECORDERS]
            for figure in figures:
                if figure.label not in best or figure.seconds < best[figure.label].seconds:
                    best[figure.label] = figure
    return list(best.values())


def _ours(game: Game, rows: list[tuple[int, int, Event, int, int, int]], folder: Path, run_id: str) -> WriterFigure:
    started = time.perf_counter()
    buffer = EventBuffer.for_game(game)
    append = buffer.append
    for game_id, seq, event, round_, turn, clock_ms in rows:
        append(game_id, seq, event, round_, turn, clock_ms)
    appended = time.perf_counter()
    table = buffer.to_table(run_id)
    tabled = time.perf_counter()
    written = LocalStore(folder).write_parquet(layout.part_name(0), table)
    ended = time.perf_counter()
    stages = (("append", appended - started), ("Arrow table", tabled - appended),
              ("Parquet file (encoded, fsynced, renamed)", ended - tabled))
    return WriterFigure("balance: EventBuffer -> Arrow -> Parquet", len(rows), ended - started, written.rows,
                        written.bytes, stages, _encoder_floor(table))


def _encoder_floor(table: pa.Table) -> tuple[float, int]:
    """Arrow's Parquet encoder on `table` with the lake's encodings but no compression, into memory."""
    options = {**parquet_options(table.schema), "compression": "none", "compression_level": None}
    sink = pa.BufferOutputStream()
    started = time.perf_counter()
    pq.write_table(table, sink, **options)
    seconds = time.perf_counter() - started
    return seconds, sink.getvalue().size


def _theirs(peer: Any, recorder_name: str, events: list[Any], path: Path) -> WriterFigure:
    datastore = peer.sqlite.SQLiteDatastore(str(path))
    try:
        recorder = getattr(peer.sqlite, recorder_name)(datastore)
        recorder.create_table()
        store = peer.persistence.EventStore(peer.persistence.Mapper(peer.persistence.JSONTranscoder()), recorder)
        started = time.perf_counter()
        store.put(events)
        seconds = time.perf_counter() - started
    finally:
        datastore.close()
    with sqlite3.connect(path) as con:
        stored = int(con.execute("select count(*) from stored_events").fetchone()[0])
    size = sum(p.stat().st_size for p in path.parent.glob(f"{path.name}*"))
    return WriterFigure(f"{PEER}: EventStore.put -> {recorder_name}", len(events), seconds, stored, size)


def _peer() -> Any:
    try:
        import eventsourcing.persistence
        import eventsourcing.sqlite
    except ImportError:
        raise PeerMissing(f"the {PEER} library is not installed (pip install 'boardgame-balance[bench]')") from None
    return eventsourcing


def _peer_events(rows: list[tuple[int, int, Event, int, int, int]]) -> list[Any]:
    """Each event as an eventsourcing domain event: the same fields and envelope, the game as its originator."""
    classes = _PEER_CLASSES
    originators: dict[int, uuid.UUID] = {}
    events = []
    for game_id, seq, event, round_, turn, clock_ms in rows:
        cls = classes.get(type(event))
        if cls is None:
            cls = classes[type(event)] = _peer_class(type(event))
        originator = originators.get(game_id)
        if originator is None:
            originator = originators[game_id] = uuid.uuid5(uuid.NAMESPACE_OID, f"balance-game-{game_id}")
        fields = (getattr(event, name) for name in event_field_names(type(event)))
        events.append(cls(originator, seq, round_, turn, clock_ms, *fields))
    return events


_PEER_CLASSES: dict[type, Any] = {}  # one per event class: the library registers each class's topic once


def _peer_class(cls: type[Event]) -> Any:
    envelope: list[tuple[str, Any]] = [
        ("originator_id", uuid.UUID), ("originator_version", int), ("round", int), ("turn", int), ("clock_ms", int)]
    fields = [(name, Any) for name in event_field_names(cls)]
    peer = dataclasses.make_dataclass(cls.__name__, envelope + fields, frozen=True)
    peer.__module__ = __name__
    return peer


def lake_bytes_per_event(game: Game, spec: RunSpec) -> tuple[int, int]:
    """(bytes, events) of the part files a real run of `spec` writes (the runner, one worker, a temporary lake)."""
    from simulate.runner import run

    with tempfile.TemporaryDirectory(prefix="balance-bytes-") as lake:
        manifest = run(spec, Path(lake), workers=1, progress=False, game=game)
        size = sum((Path(lake) / entry["file"]).stat().st_size for entry in manifest.files)
    return size, int(manifest.totals["events"])
