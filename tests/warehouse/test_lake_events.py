"""`lake_events` puts back the counters of shape logs and passes every other row through, damaged ones too."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

from warehouse.models import MACROS_FILE
from warehouse.old_envelopes import COLUMNS, TABLE


def test_a_row_without_counters_is_kept_with_nulls_not_dropped(tmp_path: Path) -> None:
    part = tmp_path / "events" / "game=caprices" / "run=r1" / "part-00000.parquet"
    part.parent.mkdir(parents=True)
    pq.write_table(pa.table({
        "run_id": ["r1"] * 3, "game_id": pa.array([0, 0, 0], pa.int64()), "seq": pa.array([0, None, 2], pa.int32()),
        "event_type": ["game_started", "card_played", "game_ended"], "player": pa.array([None, 1, None], pa.int8()),
        "round": pa.array([0, 1, 1], pa.int16()), "turn": pa.array([0, 3, 3], pa.int32()),
        "clock_ms": pa.array([0, 0, 0], pa.int64()),
    }), part)
    con = duckdb.connect()
    con.execute(f"create table {TABLE} ({COLUMNS})")  # no file older than lake schema 4: nothing upcast
    con.execute(MACROS_FILE.read_text(encoding="utf-8"))
    rows = con.sql(f"select seq, event_type from lake_events(['{part.as_posix()}']) order by event_type").fetchall()
    assert rows == [(None, "card_played"), (2, "game_ended"), (0, "game_started")]
