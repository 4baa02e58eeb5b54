"""The lake's layout: where each run's data files and records live, and how their keys are named.

Layout (partitioned by game and run only)::

    LAKE/events/game=<game>/run=<run_id>/part-00000.parquet       one file per batch of games
    LAKE/tile_values/game=gardens/run=<run_id>/part-00000.parquet  derived measurements (balance tile-value)
    LAKE/tile_owning/game=gardens/run=<run_id>/part-00000.parquet  (the same runs' ownership pairs)
    LAKE/runs/<run_id>/spec.json       the claim: created exclusively when the run starts
    LAKE/runs/<run_id>/lock            held by the process writing the run (local lakes)
    LAKE/runs/<run_id>/manifest.json   written last, when every part exists: the run is complete
    LAKE/runs/<run_id>/records.json    recorded runs: the game records they were ingested from
    LAKE/quarantine/                   recorded games `balance ingest` rejected (not lake data)

What belongs to the lake is decided in one place, `lake.catalogue`:
the files listed in complete runs' manifests. The lake may be a local folder
or an object-store URL (`lake.store`); the path helpers at the end are for
local lakes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from lake.store import LocalStore, Store, WrittenFile

DEFAULT_LAKE = Path("data/lake")
# top-level folders holding run data, each `<dataset>/game=<g>/run=<id>/` (tile_*: `balance tile-value`)
DATASETS = ("events", "tile_values", "tile_owning")
RUNS = "runs"
SPEC_FILE, MANIFEST_FILE, LOCK_FILE = "spec.json", "manifest.json", "lock"
RECORDS_FILE = "records.json"  # recorded runs: the original game records, kept beside the manifest
SIDE_FOLDERS = ("quarantine",)  # not lake data and never read by the warehouse (balance ingest's rejects)
PART_PATTERN = re.compile(r"^part-(\d{5,})\.parquet$")
RUN_ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$")
RUN_ID_RULE = "1-80 characters: letters, digits, '.', '_' or '-', starting with a letter or digit"

def safe_run_id(run_id: object) -> bool:
    """Run ids are folder names on every filesystem and object store, and never glob patterns."""
    return isinstance(run_id, str) and RUN_ID_PATTERN.match(run_id) is not None and ".." not in run_id


def part_name(index: int) -> str:
    """The deterministic file name of batch `index`."""
    return f"part-{index:05d}.parquet"


def data_folder_key(dataset: str, game: str, run_id: str) -> str:
    """The key prefix of a run's data files in `dataset`."""
    return f"{dataset}/game={game}/run={run_id}"


def part_key(game: str, run_id: str, index: int, dataset: str = "events") -> str:
    """The key of batch `index` of a run."""
    return f"{data_folder_key(dataset, game, run_id)}/{part_name(index)}"


def meta_key(run_id: str, name: str = "") -> str:
    """The key of a run's spec, lock or manifest (or its metadata folder)."""
    return f"{RUNS}/{run_id}/{name}" if name else f"{RUNS}/{run_id}"


def write_json(store: Store, key: str, data: Any) -> None:
    """JSON written atomically and durably (sorted keys, so equal data gives equal bytes)."""
    store.write_bytes(key, json_bytes(data))


def json_bytes(data: Any) -> bytes:
    return (json.dumps(data, indent=2, sort_keys=True) + "\n").encode("utf-8")


# Path-based helpers for local lakes (tests and tools that hold a folder path).

def run_dir(lake: Path, game: str, run_id: str) -> Path:
    """The local folder holding a run's event part files."""
    return Path(lake) / data_folder_key("events", game, run_id)


def meta_dir(lake: Path, run_id: str) -> Path:
    """The local folder holding a run's spec and manifest."""
    return Path(lake) / meta_key(run_id)


def existing_parts(folder: Path) -> dict[int, Path]:
    """Complete part files in a local run folder, by batch index (temporary files are ignored)."""
    if not folder.is_dir():
        return {}
    found = {}
    for path in folder.iterdir():
        match = PART_PATTERN.match(path.name)
        if match:
            found[int(match.group(1))] = path
    return found


def write_table_atomic(table: pa.Table, path: Path) -> WrittenFile:
    """Write a Parquet file at a local path: temp name, fsync, `os.replace`, folder fsync."""
    path = Path(path)
    return LocalStore(path.parent).write_parquet(path.name, table)


def write_json_atomic(data: Any, path: Path) -> None:
    """Write JSON at a local path, atomically and durably."""
    path = Path(path)
    LocalStore(path.parent).write_bytes(path.name, json_bytes(data))


def read_json(path: Path) -> Any:
    """Parsed JSON, or None when the file does not exist."""
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def parquet_rows(path: Path) -> int:
    """Row count of a Parquet file from its footer (no data read)."""
    return int(pq.ParquetFile(path).metadata.num_rows)
