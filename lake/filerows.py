"""A part file's rows as verify reads them: in (game_id, seq) order, column by column, events decoded once.

`balance verify` checks every game of a file; reading each game's rows as
its own Arrow slice and each row as a dict cost far more than replaying the
game. Here the file is sorted once, each envelope column becomes one Python
list, the events are built one event class at a time (`decode_table`), and
the checks that hold for almost every game are made for the whole file at
once with numpy: a game whose seqs are not 0, 1, 2, ... or whose `run_id`
differs is flagged, and `lake.gamecheck` then reads that game's rows
one by one to say what is wrong, exactly as before.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from engine.core.buffer import lake_schema_of
from engine.core.events import Event
from engine.core.logread import decode_table

ENVELOPE_CHECKED = ("run_id", "event_type", "round", "turn", "clock_ms", "player")
"""Columns every game's check reads (besides game_id and seq, without which a file holds no games)."""
STARTED_CHECKED = ("seq", "event_type", "seed", "num_players", "agents", "ruleset_digest")
"""Columns of each game's first row that its spec and manifest fix (`game_started`)."""


class FileRows:
    """The rows of one part file, by game: envelope lists, events, and which games need a closer look."""

    def __init__(self, table: pa.Table, event_types: tuple[type[Event], ...], run_id: str) -> None:
        decoded = decode_table(table, event_types)
        table = decoded.table  # counters put back where the log keeps them in a shape (lake schema 3)
        self.table, self.run_id = table, run_id
        self.decoded, self.games = decoded, decoded.games
        order = decoded.order
        column = self._in_order
        self.seq: list[int | None] = column("seq").to_pylist()
        self.round, self.turn = column("round").to_pylist(), column("turn").to_pylist()
        self.clock, self.player = column("clock_ms").to_pylist(), column("player").to_pylist()
        self.clock_logged = lake_schema_of(table.schema.metadata) is not None or any(c is not None for c in self.clock)
        """False for a file of lake schema 2-3 that left `clock_ms` null (4 Gods): its clock is the replay's."""
        starts = np.array([start for _, start, _ in self.games], dtype=np.int64)
        self.seq_suspect = _any_per_game(_seq_off(column("seq"), starts, len(order)), starts)
        self.run_suspect = _any_per_game(_run_off(column("run_id"), run_id), starts)
        firsts = table.take(order[starts]) if len(starts) else table.slice(0, 0)
        self.first: dict[str, list[Any]] = {
            name: firsts.column(name).to_pylist() if name in table.column_names else [None] * len(starts)
            for name in STARTED_CHECKED}

    def _in_order(self, name: str) -> pa.ChunkedArray:
        return self.table.column(name).take(self.decoded.order)

    def run_ids(self, start: int, end: int) -> list[str | None]:
        """The `run_id` values of a game's rows (read only for a game whose run_id is off)."""
        return self.table.column("run_id").take(self.decoded.order[start:end]).to_pylist()

    def events(self, start: int, end: int) -> list[Event]:
        """A game's events; raises what the first row that does not rebuild its event raises."""
        return self.decoded.game_events(start, end)


def _seq_off(seq: pa.ChunkedArray, starts: np.ndarray, rows: int) -> np.ndarray:
    """Per row: whether its seq differs from its place in its game (0, 1, 2, ...); null or not an integer: off."""
    if not pa.types.is_integer(seq.type):
        return np.ones(rows, dtype=bool)
    place = np.arange(rows, dtype=np.int64)
    if len(starts):
        place -= np.repeat(starts, np.diff(np.append(starts, rows)))
    values = seq.fill_null(-1).to_numpy().astype(np.int64) if rows else np.zeros(0, np.int64)
    return values != place


def _run_off(run_ids: pa.ChunkedArray, run_id: str) -> np.ndarray:
    """Per row: whether its `run_id` is not the run's (null, or a column that is not text: off)."""
    if not pa.types.is_string(run_ids.type):
        return np.ones(len(run_ids), dtype=bool)
    same = pc.fill_null(pc.equal(run_ids, pa.scalar(run_id)), False)
    return ~same.to_numpy(zero_copy_only=False)


def _any_per_game(flags: np.ndarray, starts: np.ndarray) -> list[bool]:
    """Per game (rows from each start to the next): whether any of its rows is flagged."""
    if not len(starts):
        return []
    return np.logical_or.reduceat(flags, starts).tolist()
