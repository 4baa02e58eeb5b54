"""Writing a run that is not a simulated spec (recorded games, derived measurements), and removing runs.

Every kind of run enters the lake the same way, so the catalogue admits it:
claim the run id, write its data files, publish a sealed manifest last.

    manifest = write_run(lake, "rec-2026-11", kind="recorded", game="caprices",
                         parts=[Part(table, games=120, first_game_id=0, last_game_id=119)],
                         ruleset=ruleset, claim={"source": "recorded/*.json"})

`remove_run` deletes a run (its metadata and data folders) under its lock;
`unlock_run` clears an object-store lock left by a killed writer.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa

from engine.core.ruleset import Ruleset
from lake import layout
from lake.claim import RunBusy, RunClaim, claim_run, hold_lock, owner_text
from lake.manifest import Manifest, code_version, created_now, file_entry, publish
from lake.store import Store, open_store


@dataclass(frozen=True)
class Part:
    """One data file of a run: its rows and which games it holds (0 games for non-event datasets)."""

    table: pa.Table
    games: int = 0
    first_game_id: int = 0
    last_game_id: int = -1
    dataset: str = "events"


@dataclass(frozen=True)
class RunRecord:
    """What a run id is claimed with (compared on resume: a different record is a conflict)."""

    kind: str
    game: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self, ruleset: Ruleset | None) -> dict[str, Any]:
        return {"kind": self.kind, "game": self.game, "ruleset_digest": ruleset.digest if ruleset else None,
                **self.details}


def write_run(
    lake: str | Path | Store, run_id: str, kind: str, game: str, parts: Sequence[Part],
    ruleset: Ruleset | None = None, details: dict[str, Any] | None = None, spec: dict[str, Any] | None = None,
    extra: dict[str, Any] | None = None, resume: bool = False,
) -> Manifest:
    """Claim `run_id`, write `parts` (part-00000, part-00001, ...) and publish the run's manifest."""
    store = open_store(lake)
    store.check_usable(write=True)
    started = time.time()
    record = RunRecord(kind, game, details or {}).to_dict(ruleset)
    claim = claim_run(store, run_id, record, resume)
    try:
        files = []
        for index, part in enumerate(parts):
            written = store.write_parquet(layout.part_key(game, run_id, index, part.dataset), part.table)
            files.append(file_entry(written, part.games, part.first_game_id, part.last_game_id))
        finished = time.time()
        manifest = Manifest(
            run_id=run_id, game=game, kind=kind, spec=spec or {},
            ruleset=_ruleset_record(ruleset), code_version=code_version(), files=files,
            totals={"games": sum(p.games for p in parts), "events": sum(f["events"] for f in files),
                    "files": len(files)},
            timings={"started_unix": round(started, 3), "finished_unix": round(finished, 3),
                     "seconds": round(finished - started, 3)},
            created_at=created_now(finished), extra=extra or {},
        )
        return publish(store, manifest)
    except BaseException:
        _abandon_if_empty(store, claim, game, run_id)
        raise
    finally:
        claim.release()


def remove_run(lake: str | Path | Store, run_id: str) -> list[str]:
    """Delete a run's metadata and data files under its writer lock (RunBusy while a writer holds it, on a
    local disk or an object store); returns the removed keys.

    The manifest goes first: from then on the run is incomplete, not complete with missing files, so a
    removal killed midway leaves a run that `verify` calls incomplete (finish it with `runs remove` again),
    never one that reads like tampering. The claim goes last.
    """
    store = open_store(lake)
    try:
        claim = hold_lock(store, run_id)
    except RunBusy:
        killed = "" if store.local_path() is not None else (
            f", or if that writer was killed, `balance runs unlock {run_id}` and remove it again")
        raise RunBusy(f"run {run_id!r} is being written by {owner_text(store, run_id)}; stop it first{killed}") \
            from None
    local = store.local_path()
    try:
        removed = [k for k in store.find(layout.meta_key(run_id))
                   if k.split("/")[1] == run_id and k.rsplit("/", 1)[-1] != layout.LOCK_FILE]
        for dataset in layout.DATASETS:
            removed += [k for k in store.find(dataset) if k.split("/")[2:3] == [f"run={run_id}"]]
        for key in sorted(removed, key=_removal_order):
            store.remove(key)
        if local is not None:  # unlinked while held, so no writer takes a lock file that is going away
            (local / layout.meta_key(run_id, layout.LOCK_FILE)).unlink(missing_ok=True)
    finally:
        claim.release()  # an object store's lock object is deleted here
    if local is not None:
        _remove_empty_folders(local, [*removed, layout.meta_key(run_id, layout.LOCK_FILE)])
    return removed


def _removal_order(key: str) -> tuple[int, str]:
    """The manifest first (the run stops being complete), then the data, the records, the claim last."""
    if not key.startswith(layout.RUNS):
        return 1, key
    return {layout.MANIFEST_FILE: 0, layout.SPEC_FILE: 3}.get(key.rsplit("/", 1)[-1], 2), key


def unlock_run(lake: str | Path | Store, run_id: str) -> bool:
    """Remove an object-store lock left by a killed writer (local locks die with their process)."""
    store = open_store(lake)
    key = layout.meta_key(run_id, layout.LOCK_FILE)
    if store.local_path() is not None or not store.exists(key):
        return False
    store.remove(key)
    return True


def _ruleset_record(ruleset: Ruleset | None) -> dict[str, str]:
    if ruleset is None:
        return {}
    return {"name": ruleset.name, "digest": ruleset.digest, "path": ruleset.path, "text": ruleset.text}


def _abandon_if_empty(store: Store, claim: RunClaim, game: str, run_id: str) -> None:
    if not any(store.find(layout.data_folder_key(d, game, run_id)) for d in layout.DATASETS):
        claim.abandon()


def _remove_empty_folders(root: Path, keys: list[str]) -> None:
    folders = sorted({(root / k).parent for k in keys}, key=lambda p: len(p.parts), reverse=True)
    for folder in folders:
        while folder != root and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
            folder = folder.parent
