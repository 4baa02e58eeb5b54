"""The Parquet event lake: where part files and run manifests live, and how they are written.

Layout (partitioned by game and run only)::

    LAKE/events/game=<game>/run=<run_id>/part-00000.parquet   one file per batch of games
    LAKE/runs/<run_id>/spec.json                              written when the run starts
    LAKE/runs/<run_id>/manifest.json                          written last, when every part exists

Every file is first written under a hidden temporary name in its final folder
and then `os.replace`d, so a reader (or a crash) never sees half a file and
`part-*.parquet` globs match only complete files.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

DEFAULT_LAKE = Path("data/lake")
COMPRESSION = "zstd"
MIN_ROW_GROUP = 100_000
MAX_ROW_GROUP = 1_000_000
PART_PATTERN = re.compile(r"^part-(\d{5,})\.parquet$")
_TEMP_PREFIX = ".tmp-"


def run_dir(lake: Path, game: str, run_id: str) -> Path:
    """The folder holding a run's part files."""
    return Path(lake) / "events" / f"game={game}" / f"run={run_id}"


def meta_dir(lake: Path, run_id: str) -> Path:
    """The folder holding a run's spec and manifest."""
    return Path(lake) / "runs" / run_id


def part_name(index: int) -> str:
    """The deterministic file name of batch `index`."""
    return f"part-{index:05d}.parquet"


def existing_parts(folder: Path) -> dict[int, Path]:
    """Complete part files in a run folder, by batch index (temporary files are ignored)."""
    if not folder.is_dir():
        return {}
    found = {}
    for path in folder.iterdir():
        match = PART_PATTERN.match(path.name)
        if match:
            found[int(match.group(1))] = path
    return found


def remove_stale_temps(folder: Path) -> list[str]:
    """Delete temporary files a killed writer left behind; returns their names."""
    if not folder.is_dir():
        return []
    stale = [p for p in folder.iterdir() if p.name.startswith(_TEMP_PREFIX)]
    for path in stale:
        path.unlink(missing_ok=True)
    return [p.name for p in stale]


def write_table_atomic(table: pa.Table, path: Path) -> None:
    """Write a zstd, dictionary-encoded Parquet file via a temp name and `os.replace`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f"{_TEMP_PREFIX}{os.getpid()}-{path.name}")
    row_group = min(max(table.num_rows, MIN_ROW_GROUP), MAX_ROW_GROUP)
    try:
        pq.write_table(
            table,
            temp,
            compression=COMPRESSION,
            use_dictionary=True,
            row_group_size=row_group,
        )
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)


def write_json_atomic(data: Any, path: Path) -> None:
    """Write JSON via a temp name and `os.replace`, so it is never seen half written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f"{_TEMP_PREFIX}{os.getpid()}-{path.name}")
    try:
        temp.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)


def read_json(path: Path) -> Any:
    """Parsed JSON, or None when the file does not exist."""
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def parquet_rows(path: Path) -> int:
    """Row count of a Parquet file from its footer (no data read)."""
    return int(pq.ParquetFile(path).metadata.num_rows)


def list_runs(lake: Path) -> list[str]:
    """Run ids that have a metadata folder or part files in the lake, sorted."""
    lake = Path(lake)
    runs = {p.name for p in (lake / "runs").glob("*") if p.is_dir()}
    runs |= {p.name.removeprefix("run=") for p in (lake / "events").glob("game=*/run=*") if p.is_dir()}
    return sorted(runs)


def run_event_dirs(lake: Path, run_id: str) -> list[Path]:
    """Every `events/game=*/run=<run_id>` folder (normally exactly one)."""
    return sorted(p for p in (Path(lake) / "events").glob(f"game=*/run={run_id}") if p.is_dir())
