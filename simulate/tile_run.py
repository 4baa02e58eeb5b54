"""A tile-value run in the lake: its two tables, registered by a manifest like any run.

Layout (one file per table, deterministic names, written atomically)::

    LAKE/tile_values/game=gardens/run=<run_id>/part-00000.parquet   choices (simulate.tile_value)
    LAKE/tile_owning/game=gardens/run=<run_id>/part-00000.parquet   owning pairs (simulate.tile_owning)
    LAKE/runs/<run_id>/manifest.json                                written last

The manifest has `kind = "tile_value"`, the spec, the ruleset (name, digest,
TOML text: the report lists the `assumed` values the estimates rest on), the
code version and every file with its row count and SHA-256. A run whose
manifest exists is complete and is skipped when asked for again (the run id
derives from the spec and the ruleset text, so nothing is measured twice).
"""

from __future__ import annotations

import json
import math
import time
import tomllib
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa

from engine.core.agents import strong_record
from engine.core.errors import BalanceError
from engine.gardens.game import GAME
from lake.claim import RunConflict, claim_run
from lake.layout import MANIFEST_FILE, meta_dir, meta_key, part_key
from lake.manifest import Manifest, code_version, publish
from lake.parquet_format import read_table
from lake.store import open_store
from simulate.tile_owning import measure_owning
from simulate.tile_value import GAME_ID, TileValueSpec, measure_choices

KIND = "tile_value"
TABLES = ("tile_values", "tile_owning")


def table_path(lake: Path, table: str, run_id: str) -> Path:
    """Where one of a run's tables is written."""
    return Path(lake) / table_key(table, run_id)


def table_key(table: str, run_id: str) -> str:
    """The lake key of one of a run's tables."""
    return part_key(GAME_ID, run_id, 0, dataset=table)


def manifest_file(lake: Path, run_id: str) -> Path:
    return meta_dir(lake, run_id) / MANIFEST_FILE


def spec_run_id(spec: TileValueSpec) -> str:
    """The run id of a spec (loads its ruleset for the digest)."""
    return spec.run_id(GAME.load_ruleset(spec.ruleset).digest)


def measure(spec: TileValueSpec, progress: Callable[[str, int, int], None] | None = None,
            workers: int = 1) -> dict[str, pa.Table]:
    """Both tables of a run (owning is empty when `pairs` is 0); the same for any worker count."""
    spec.validate()
    run_id = spec_run_id(spec)
    step = (lambda name: (lambda done, total: progress(name, done, total))) if progress else (lambda name: None)
    return {"tile_values": measure_choices(spec, run_id, step("choices"), workers),
            "tile_owning": measure_owning(spec, run_id, step("owning pairs"), workers)}


def write_run(spec: TileValueSpec, tables: dict[str, pa.Table], lake: Path, seconds: float) -> Path:
    """Write the tables, then the manifest that makes the run count; returns the manifest path."""
    ruleset = GAME.load_ruleset(spec.ruleset)
    run_id = spec.run_id(ruleset.digest)
    store = open_store(lake)
    strong = strong_record(spec.agents, GAME)  # as simulate.runner: never two `strong`s under one run id
    record = {"kind": KIND, "spec": spec.to_dict(), "ruleset_digest": ruleset.digest, **strong}
    with claim_run(store, run_id, record, resume=True):  # one writer per run id; a killed one is resumed
        return _write_claimed(spec, tables, lake, seconds, ruleset, run_id, strong)


def _write_claimed(
    spec: TileValueSpec, tables: dict[str, pa.Table], lake: Path, seconds: float, ruleset: Any, run_id: str,
    extra: dict[str, str],
) -> Path:
    store = open_store(lake)  # a local folder or an object store: the same keys
    files: list[dict[str, Any]] = []
    for name in TABLES:
        written = store.write_parquet(table_key(name, run_id), tables[name])
        files.append({"file": written.key, "table": name, "rows": written.rows, "bytes": written.bytes,
                      "sha256": written.sha256})
    manifest = {
        "kind": KIND, "run_id": run_id, "game": GAME_ID, "spec": spec.to_dict(),
        "ruleset": {"name": ruleset.name, "digest": ruleset.digest, "path": ruleset.path, "text": ruleset.text},
        "code_version": code_version(), "files": files,
        "totals": {"rows": sum(f["rows"] for f in files), "files": len(files)},
        "timings": {"seconds": round(seconds, 3)},
        "created_at": datetime.now(tz=UTC).isoformat(timespec="seconds"), "extra": extra,
    }
    publish(store, Manifest.from_dict(manifest))  # sealed: the run counts from here on
    return manifest_file(lake, run_id)


def run_step(spec: TileValueSpec, lake: Path, progress: Callable[[str, int, int], None] | None = None,
             workers: int = 1) -> tuple[str, dict[str, pa.Table], bool]:
    """Measure and write a run unless its manifest is already in the lake; (run id, tables, measured now)."""
    run_id = spec_run_id(spec)
    store = open_store(lake)
    key = meta_key(run_id, MANIFEST_FILE)
    if store.exists(key):
        if json.loads(store.read_bytes(key)).get("kind") != KIND:
            raise BalanceError(f"{manifest_file(lake, run_id)}: run id {run_id} belongs to another kind of run")
        _refuse_another_strong(spec, json.loads(store.read_bytes(key)), manifest_file(lake, run_id))
        return run_id, {name: read_table(store.read_bytes(table_key(name, run_id))) for name in TABLES}, False
    started = time.perf_counter()
    tables = measure(spec, progress, workers)
    write_run(spec, tables, lake, time.perf_counter() - started)
    return run_id, tables, True


def _refuse_another_strong(spec: TileValueSpec, manifest: dict[str, Any], where: Path) -> None:
    """A complete run of `strong` made when `strong` was another agent is not today's answer: refused, named."""
    now = strong_record(spec.agents, GAME).get("strong_plays")
    then = (manifest.get("extra") or {}).get("strong_plays")
    if now != then:
        raise RunConflict(f"{where}: this tile-value run was played by `strong` = {then!r}, and `strong` is {now!r} "
                          "today; move the lake away or pass --lake NEWDIR, so the two are never read as one")


def study_steps(path: Path, scale: float = 1.0) -> list[TileValueSpec]:
    """The `[[tile_value]]` entries of a study file (none is fine); games and pairs are multiplied by `scale`."""
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    seed = data.get("defaults", {}).get("seed", 0)
    specs = []
    for number, entry in enumerate(data.get("tile_value", []), start=1):
        values: dict[str, Any] = {"seed": seed, **entry}
        unknown = set(values) - set(TileValueSpec.__dataclass_fields__)
        if unknown:
            raise BalanceError(f"{path} [[tile_value]] #{number}: unknown keys {sorted(unknown)}")
        values["agents"] = tuple(values.get("agents", ("greedy",)))
        values["games"] = max(1, math.ceil(values.get("games", 10) * scale))
        values["pairs"] = math.ceil(values.get("pairs", 0) * scale)
        spec = TileValueSpec(**values)
        try:
            spec.validate()
        except BalanceError as exc:
            raise BalanceError(f"{path} [[tile_value]] #{number}: {exc}") from exc
        specs.append(spec)
    return specs
