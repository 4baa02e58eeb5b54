"""The lake catalogue: the one answer to "which files belong to the lake?".

A file belongs to the lake when it is listed in the manifest of a complete
run. `verify`, the warehouse and every other reader take their file lists
from `catalogue(lake)`; nothing globs the lake folders. Everything else is
classified here once:

- a run with a claim (`spec.json`) but no manifest is *incomplete* (or *in
  progress* while a writer holds its lock): its part files are pending, not
  read, and the fix is to resume or remove it;
- a run whose manifest is unreadable, malformed, edited (seal mismatch),
  disagrees with its claim, lists a file that is missing or (simulated runs)
  does not list exactly the batches its spec implies is *rejected* (the same
  verdict `verify` gives, so a re-sealed manifest that drops a batch is never
  read as complete);
- any other file in the folder (a foreign or copied part file, a file in a
  run folder that its manifest does not list, a stray temporary file) is
  *stray*: reported by name, never read.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.errors import BalanceError
from lake import layout
from lake.claim import is_being_written
from lake.manifest import manifest_problems
from lake.spec import RunSpec
from lake.store import TEMP_PREFIX, Store, open_store

COMPLETE, INCOMPLETE, IN_PROGRESS, REJECTED = "complete", "incomplete", "in progress", "rejected"


@dataclass(frozen=True)
class CatalogedRun:
    """One run id in the lake, its state, and the files it owns."""

    run_id: str
    state: str
    kind: str
    game: str | None
    manifest: dict[str, Any] | None
    claim: dict[str, Any] | None
    files: tuple[str, ...]  # complete: the manifest's files; otherwise: its part files present
    problems: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return self.state == COMPLETE

    def expected_files(self) -> int | None:
        """How many part files the run's spec implies (None when it has no spec)."""
        spec: Any = (self.claim or {}).get("spec") or (self.manifest or {}).get("spec")
        try:
            total = int(spec["games"]) * len(spec["players"])
            return -(-total // int(spec["batch_size"]))
        except (TypeError, KeyError, ValueError, ZeroDivisionError):
            return None


@dataclass(frozen=True)
class StrayFile:
    """A file in the lake folder that no complete run lists: reported, never read."""

    key: str
    reason: str


@dataclass
class LakeCatalogue:
    """Every run in a lake and every stray file, from one listing of the lake."""

    store: Store
    runs: dict[str, CatalogedRun] = field(default_factory=dict)
    stray: list[StrayFile] = field(default_factory=list)

    def complete_runs(self) -> list[CatalogedRun]:
        return [r for r in self.runs.values() if r.complete]

    def left_out(self) -> list[CatalogedRun]:
        """Runs whose files are not read: incomplete, in progress or rejected."""
        return [r for r in self.runs.values() if not r.complete]

    def files(self, dataset: str = "events", game: str | None = None) -> list[str]:
        """Keys of the data files that belong to the lake, in `dataset` (and `game`), sorted."""
        prefix = f"{dataset}/game={game}/" if game else f"{dataset}/"
        return sorted(key for run in self.complete_runs() for key in run.files if key.startswith(prefix))

    def uris(self, dataset: str = "events", game: str | None = None) -> list[str]:
        """`files` as names pyarrow and DuckDB open (local paths or URLs)."""
        return [self.store.uri(key) for key in self.files(dataset, game)]

    def games(self, dataset: str = "events") -> list[str]:
        """Games with at least one file in `dataset` that belongs to the lake."""
        return sorted({key.split("/")[1].removeprefix("game=") for key in self.files(dataset)})


def catalogue(lake: str | Path | Store) -> LakeCatalogue:
    """List the lake once and decide, for every run and file, whether it belongs to the lake."""
    store = open_store(lake)
    keys = store.find("")
    meta: dict[str, set[str]] = defaultdict(set)
    data: dict[str, list[str]] = defaultdict(list)
    result = LakeCatalogue(store)
    for key in keys:
        parts = key.split("/")
        if parts[0] in layout.SIDE_FOLDERS:
            continue
        if parts[0] == layout.RUNS and len(parts) == 3 and parts[2] in _META_NAMES:
            meta[parts[1]].add(parts[2])
        elif parts[0] in layout.DATASETS and len(parts) == 4 and parts[2].startswith("run="):
            data[parts[2].removeprefix("run=")].append(key)
        else:
            result.stray.append(StrayFile(key, _outside_layout(parts)))
    for run_id in sorted(meta):
        if meta[run_id] & {layout.SPEC_FILE, layout.MANIFEST_FILE}:
            result.runs[run_id] = _catalogue_run(store, run_id, meta[run_id], set(keys), data.get(run_id, []))
    owned = {key for run in result.runs.values() for key in run.files}
    for run_id, run_keys in sorted(data.items()):
        for key in run_keys:
            if key not in owned and not _pending_temp(result.runs.get(run_id), key):
                result.stray.append(StrayFile(key, _stray_reason(result.runs.get(run_id), key)))
    result.stray.sort(key=lambda s: s.key)
    return result


_META_NAMES = {layout.SPEC_FILE, layout.MANIFEST_FILE, layout.LOCK_FILE, layout.RECORDS_FILE}


def _catalogue_run(store: Store, run_id: str, names: set[str], keys: set[str], present: list[str]) -> CatalogedRun:
    claim, claim_problem = _read(store, layout.meta_key(run_id, layout.SPEC_FILE), names)
    manifest, manifest_problem = _read(store, layout.meta_key(run_id, layout.MANIFEST_FILE), names)
    pending = tuple(k for k in present if layout.PART_PATTERN.match(k.rsplit("/", 1)[1]))
    if layout.MANIFEST_FILE not in names:
        state = IN_PROGRESS if is_being_written(store, run_id) else INCOMPLETE
        spec = (claim or {}).get("spec") if isinstance(claim, dict) else None
        game = spec.get("game") if isinstance(spec, dict) else None
        kind = str((claim or {}).get("kind", "simulated")) if isinstance(claim, dict) else "simulated"
        return CatalogedRun(run_id, state, kind, game, None, claim, pending, (claim_problem,) if claim_problem else ())
    problems: list[str] = [manifest_problem] if manifest_problem else manifest_problems(manifest, run_id)
    if not problems:
        assert isinstance(manifest, dict)
        listed = tuple(entry["file"] for entry in manifest["files"])
        problems += [f"lists {k}, which is missing from the lake" for k in listed if k not in keys]
        problems += _claim_disagrees(claim, manifest)
        problems += _spec_disagrees(manifest)
        if not problems:
            kind = manifest.get("kind", "simulated")
            return CatalogedRun(run_id, COMPLETE, kind, manifest["game"], manifest, claim, listed)
    game = manifest.get("game") if isinstance(manifest, dict) else None
    kind = str(manifest.get("kind", "simulated")) if isinstance(manifest, dict) else "simulated"
    owned = tuple(k for k in present if layout.PART_PATTERN.match(k.rsplit("/", 1)[1]))
    return CatalogedRun(run_id, REJECTED, kind, game if isinstance(game, str) else None,
                        manifest if isinstance(manifest, dict) else None, claim, owned, tuple(problems))


def _read(store: Store, key: str, names: set[str]) -> tuple[Any, str | None]:
    if key.rsplit("/", 1)[1] not in names:
        return None, None
    try:
        return json.loads(store.read_bytes(key)), None
    except (ValueError, UnicodeDecodeError) as exc:
        return None, f"{key} is not readable JSON ({exc})"
    except OSError as exc:
        return None, f"{key} cannot be read ({exc})"


def _claim_disagrees(claim: Any, manifest: dict[str, Any]) -> list[str]:
    """A simulated run's manifest must carry the spec its run id was claimed with."""
    if manifest.get("kind", "simulated") != "simulated" or not isinstance(claim, dict) or "spec" not in claim:
        return []
    if claim.get("spec") != manifest.get("spec"):
        return ["the manifest's spec differs from the spec the run id was claimed with (runs/<id>/spec.json)"]
    digest = claim.get("ruleset_digest")
    if digest is not None and digest != (manifest.get("ruleset") or {}).get("digest"):
        return ["the manifest's ruleset digest differs from the one the run id was claimed with"]
    return []


def _spec_disagrees(manifest: dict[str, Any]) -> list[str]:
    """A simulated run is complete only when its manifest lists every batch its spec implies (cheap: no file read)."""
    if manifest.get("kind", "simulated") != "simulated":
        return []
    try:
        spec = RunSpec.from_dict(manifest.get("spec") or {}, where="the manifest's spec")
    except BalanceError as exc:
        return [str(exc)]
    problems = files_against_spec(manifest["files"], spec)
    games = (manifest.get("totals") or {}).get("games")
    if games is not None and games != spec.total_games:
        problems.append(f"the manifest counts {games} games, the spec implies {spec.total_games}")
    return problems


def files_against_spec(files: list[dict[str, Any]], spec: RunSpec) -> list[str]:
    """A simulated run's manifest must list exactly the batches its spec implies, each with its game range."""
    expected = {layout.part_key(spec.game, spec.run_id, b.index): b for b in spec.batches()}
    listed = {entry["file"]: entry for entry in files}
    problems = [f"manifest does not list {name}, which the spec implies (games {b.start}-{b.stop - 1})"
                for name, b in expected.items() if name not in listed]
    problems += [f"manifest lists {name}, which the spec does not imply" for name in listed if name not in expected]
    for name in sorted(set(expected) & set(listed)):
        batch, entry = expected[name], listed[name]
        found = (entry.get("first_game_id"), entry.get("last_game_id"), entry.get("games"))
        if found != (batch.start, batch.stop - 1, batch.games):
            problems.append(f"manifest entry {name} says games {found[0]}-{found[1]} ({found[2]}), the spec "
                            f"implies {batch.start}-{batch.stop - 1} ({batch.games})")
    return problems


def _pending_temp(run: CatalogedRun | None, key: str) -> bool:
    """A temporary file of a run still being written (or killed mid-write) is part of its incomplete state."""
    return run is not None and not run.complete and key.rsplit("/", 1)[1].startswith(TEMP_PREFIX)


def _stray_reason(run: CatalogedRun | None, key: str) -> str:
    name = key.rsplit("/", 1)[1]
    if run is None:
        return "no run claims this folder (no runs/<id>/spec.json or manifest.json)"
    if name.startswith(TEMP_PREFIX):
        return f"temporary file left in complete run {run.run_id}"
    if run.complete:
        return f"not listed in run {run.run_id}'s manifest"
    return f"not a part file name of run {run.run_id}"


def _outside_layout(parts: list[str]) -> str:
    if parts[0] == layout.RUNS and len(parts) == 3 and parts[2].startswith(TEMP_PREFIX):
        return (f"a record of run {parts[1]} half written by a killed writer; resuming the run "
                "(`balance simulate --resume`) removes it")
    if parts[0] == layout.RUNS:
        return "not a spec.json, manifest.json, records.json or lock of a run"
    if parts[0] in layout.DATASETS:
        return f"not in a {parts[0]}/game=<game>/run=<id>/ folder"
    return f"outside the lake layout ({', '.join(layout.DATASETS)}, {layout.RUNS})"
