"""Old-format event logs kept as text, turned back into Parquet when a test needs one.

Upcaster tests need logs written by earlier code. They are kept as JSON lines
(a header with the Arrow schema, then one event per line with its non-null
values) rather than as Parquet files, so the repository holds readable test
data and no lake output. `write_parquet` rebuilds the file with exactly the
old schema; what the tests check (today's code reading the old rows) does not
depend on the bytes of the original file.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

_SCALARS = {name: getattr(pa, name)() for name in ("string", "float64", "int64", "int32", "int16", "int8")}
_SCALARS["double"] = pa.float64()


def _arrow_type(text: str) -> pa.DataType:
    if text.startswith("list<element: ") and text.endswith(">"):
        return pa.list_(_arrow_type(text[len("list<element: "):-1]))
    return _SCALARS[text]


def read_table(path: Path) -> pa.Table:
    """The Arrow table kept in `path` (written by `save_table`)."""
    with path.open(encoding="utf-8") as lines:
        header = json.loads(next(lines))
        rows = [json.loads(line) for line in lines]
    schema = pa.schema([(name, _arrow_type(kind)) for name, kind in header["schema"]])
    return pa.Table.from_pylist(rows, schema=schema)


def write_parquet(path: Path, dest: Path) -> Path:
    """Write the table kept in `path` as a zstd Parquet file at `dest` (its folders made)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(read_table(path), dest, compression="zstd")
    return dest


def save_table(table: pa.Table, path: Path) -> None:
    """Keep `table` as JSON lines (how the fixtures were made from the old Parquet files)."""
    header = {"schema": [[field.name, str(field.type)] for field in table.schema]}
    with path.open("w", encoding="utf-8") as out:
        out.write(json.dumps(header) + "\n")
        for row in table.to_pylist():
            out.write(json.dumps({k: v for k, v in row.items() if v is not None}, separators=(",", ":")) + "\n")


def restore_run(data: Path, lake: Path, game: str, run_id: str) -> Path:
    """Lay out a kept run in `lake` as its run wrote it: its runs/ folder and its one part file rebuilt from
    `data/events.jsonl`, the manifest's checksum and seal updated for the rebuilt bytes. Returns the part."""
    from lake.manifest import compute_seal

    shutil.copytree(data / "runs", lake / "runs", dirs_exist_ok=True)
    part = write_parquet(data / "events.jsonl", lake / f"events/game={game}/run={run_id}/part-00000.parquet")
    manifest_path = lake / "runs" / run_id / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    [entry] = manifest["files"]
    entry["sha256"] = hashlib.sha256(part.read_bytes()).hexdigest()  # of the rebuilt file
    manifest["seal"] = compute_seal(manifest)
    manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    return part


def lake_with_old_and_new_runs(folder: Path, old: dict[str, Path], spec: Any) -> Path:
    """A lake holding the kept runs `old` (run id -> its data folder) and `spec` played today: the same games in
    several layouts."""
    from simulate.runner import run

    lake = folder / "lake"
    for run_id, data in old.items():
        restore_run(data, lake, spec.game, run_id)
    run(spec, lake, workers=1, progress=False)
    return lake


def run_part(lake: Path, game: str, run_id: str) -> Path:
    """The one part file of a run (these runs have one)."""
    return next(lake.glob(f"events/game={game}/run={run_id}/part-*.parquet"))


def assert_layouts_replay_alike(lake: Path, game: Any, old_runs: list[str], new_run: str) -> None:
    """Each old run and today's give the same events for their two games, and the whole lake verifies."""
    from engine.core import events_from_table
    from lake.verify import verify

    def games_of(run_id: str) -> dict[int, list[Any]]:
        """Each game's events, its ruleset's digest left out: a key added to the ruleset since (with its old
        reading as default, e.g. issue 28's readings) changes the digest of its text but not one event of play."""
        read = events_from_table(pq.read_table(run_part(lake, game.id, run_id)), game.event_types)
        return {gid: [dataclasses.replace(events[0], ruleset_digest=""), *events[1:]] for gid, events in read}

    new = games_of(new_run)
    assert new.keys() == {0, 1} and all(len(events) > 100 for events in new.values())
    for old_run in old_runs:
        assert games_of(old_run) == new
    report = verify(lake)
    assert report.problems == [] and report.games == 2 * (len(old_runs) + 1)
