"""Verify a lake: every game replays with its run's own ruleset and matches its seal.

For each run: the manifest must exist and its files must be exactly the part
files present; each file must be readable Parquet with the listed row count
and hold exactly the games of its range, no game in two files; each game is
checked by `simulate.gamecheck` (gapless seq, rebuildable rows, replayed
envelope, sealed digest; an altered event is located by re-simulation).
A file whose SHA-256 differs from the manifest's was edited after the run:
its games are re-simulated even when they replay to their seal, because an
edit may touch fields the final state does not keep (a score component, say).
Problems are reported by file, game and seq; nothing raises. Files are
checked in parallel on a process pool when `workers` > 1.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from engine.core.errors import BalanceError, ReplayError
from engine.core.game import Game
from engine.core.ruleset import Ruleset
from engine.registry import get_game
from simulate import lake as lake_files
from simulate.batch import resolve_game
from simulate.gamecheck import check_game, first_difference
from simulate.manifest import file_sha256


@dataclass(frozen=True)
class Problem:
    """One thing wrong in the lake: where (file, game, seq) and what."""

    file: str
    game_id: int | None
    seq: int | None
    problem: str

    def line(self) -> str:
        game = "-" if self.game_id is None else str(self.game_id)
        seq = "-" if self.seq is None else str(self.seq)
        return f"{self.file} / game {game} / seq {seq} / {self.problem}"


@dataclass
class VerifyReport:
    """What was checked and every problem found."""

    runs: list[str] = field(default_factory=list)
    files: int = 0
    games: int = 0
    events: int = 0
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class FileResult:
    """What checking one part file found (returned by a worker)."""

    problems: list[Problem]
    games: int
    events: int
    game_ids: list[int]


def verify(
    lake: Path, run_id: str | None = None, resolve: Callable[[str], Game] = get_game, workers: int | None = 1,
) -> VerifyReport:
    """Replay every game of every run (or of `run_id`) in `lake`.

    `workers` > 1 (None: all cores) checks files on a process pool; a custom
    `resolve` (games defined in tests) always runs in this process.
    """
    lake = Path(lake)
    report = VerifyReport()
    runs = [run_id] if run_id is not None else lake_files.list_runs(lake)
    if run_id is not None and run_id not in lake_files.list_runs(lake):
        report.problems.append(Problem(str(lake), None, None, f"no run {run_id!r} in this lake"))
        return report
    workers = (workers or os.cpu_count() or 1) if resolve is get_game else 1
    for rid in runs:
        report.runs.append(rid)
        _verify_run(lake, rid, resolve, workers, report)
    return report


def _verify_run(lake: Path, run_id: str, resolve: Callable[[str], Game], workers: int, report: VerifyReport) -> None:
    manifest_path = lake_files.meta_dir(lake, run_id) / "manifest.json"
    where = str(manifest_path.relative_to(lake))
    try:
        manifest = lake_files.read_json(manifest_path)
    except (OSError, json.JSONDecodeError) as exc:
        report.problems.append(Problem(where, None, None, f"unreadable manifest: {exc}"))
        return
    if manifest is None:
        problem = "no manifest: the run is incomplete; finish it with `balance simulate --resume`"
        report.problems.append(Problem(where, None, None, problem))
        return
    if isinstance(manifest, dict) and manifest.get("kind") == "tile_value":
        report.problems += tile_run_problems(lake, manifest, where)
        return
    try:
        game = resolve(manifest["game"])
        ruleset = _manifest_ruleset(game, manifest)
        listed = {entry["file"]: entry for entry in manifest["files"]}
    except (BalanceError, KeyError, TypeError) as exc:
        report.problems.append(Problem(where, None, None, f"cannot set up replay: {type(exc).__name__}: {exc}"))
        return
    present = {
        str(path.relative_to(lake)): path
        for folder in lake_files.run_event_dirs(lake, run_id)
        for path in lake_files.existing_parts(folder).values()
    }
    for name in sorted(set(listed) - set(present)):
        report.problems.append(Problem(name, None, None, "listed in the manifest but missing from the lake"))
    for name in sorted(set(present) - set(listed)):
        report.problems.append(Problem(name, None, None, "part file not listed in the run's manifest"))
    names = sorted(set(listed) & set(present))
    game_ref: str | Game = manifest["game"] if workers > 1 else game
    tasks = [(name, str(present[name]), listed[name], run_id, game_ref, ruleset) for name in names]
    seen: set[int] = set()
    for name, result in zip(names, _map_files(tasks, workers)):
        report.files += 1
        report.games += result.games
        report.events += result.events
        report.problems += result.problems
        for game_id in sorted(seen.intersection(result.game_ids)):
            report.problems.append(Problem(name, game_id, None, "game appears in more than one part file"))
        seen.update(result.game_ids)


def tile_run_problems(lake: Path, manifest: dict[str, Any], where: str) -> list[Problem]:
    """A tile-value run (no game logs to replay): every listed file present, unedited, with its row count."""
    problems = []
    for entry in manifest.get("files", []):
        path = lake / entry["file"]
        if not path.exists():
            problems.append(Problem(entry["file"], None, None, "listed in the manifest but missing from the lake"))
        elif file_sha256(path) != entry.get("sha256"):
            problems.append(Problem(entry["file"], None, None, "file differs from its checksum in the manifest"))
        elif lake_files.parquet_rows(path) != entry.get("rows"):
            problems.append(Problem(entry["file"], None, None, f"row count differs from the manifest ({where})"))
    return problems


def _map_files(tasks: list[tuple[Any, ...]], workers: int) -> Iterator[FileResult]:
    """check_file over the tasks, in order, on a pool when there is more than one worker."""
    if workers <= 1 or len(tasks) <= 1:
        yield from (check_file(*task) for task in tasks)
        return
    with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
        yield from pool.map(check_file, *zip(*tasks))


def _manifest_ruleset(game: Game, manifest: dict[str, Any]) -> Ruleset:
    """The exact ruleset the run used, rebuilt from the TOML text kept in its manifest."""
    info = manifest["ruleset"]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{info['name']}.toml"
        path.write_text(info["text"], encoding="utf-8")
        ruleset = game.load_ruleset(str(path))
    if ruleset.digest != info["digest"]:
        raise ReplayError(f"manifest ruleset text has digest {ruleset.digest}, manifest says {info['digest']}")
    return ruleset


def check_file(
    name: str, path: str, entry: dict[str, Any], run_id: str, game_ref: str | Game, ruleset: Ruleset,
) -> FileResult:
    """Check one part file (runs in a worker when verifying in parallel)."""
    try:
        table = pq.read_table(path)
    except Exception as exc:  # noqa: BLE001 - any reader failure means the file is unusable
        problem = Problem(name, None, None, f"unreadable Parquet file ({type(exc).__name__}: {exc})")
        return FileResult([problem], 0, 0, [])
    game = resolve_game(game_ref)
    problems = []
    if table.num_rows != entry["events"]:
        problems.append(Problem(name, None, None, f"{table.num_rows} rows, manifest lists {entry['events']}"))
    edited = "sha256" in entry and file_sha256(Path(path)) != entry["sha256"]
    game_ids: list[int] = []
    for game_id, rows in _games_in(table):
        game_ids.append(game_id)
        found = check_game(game, ruleset, run_id, game_id, rows)
        if found is None and edited:
            found = first_difference(game, ruleset, rows)
        if found is not None:
            problems.append(Problem(name, game_id, found[0], found[1]))
    if edited and not problems:
        edit = "file differs from its checksum in the manifest (edited after the run)"
        problems.append(Problem(name, None, None, edit))
    expected_ids = set(range(entry["first_game_id"], entry["last_game_id"] + 1))
    for game_id in sorted(expected_ids - set(game_ids)):
        problems.append(Problem(name, game_id, None, "game listed in the manifest's range has no events"))
    for game_id in sorted(set(game_ids) - expected_ids):
        problems.append(Problem(name, game_id, None, "game outside the manifest's range for this file"))
    return FileResult(problems, len(game_ids), table.num_rows, game_ids)


def _games_in(table: pa.Table) -> Iterator[tuple[int, pa.Table]]:
    """(game_id, that game's rows in seq order) for each game in the table."""
    table = table.sort_by([("game_id", "ascending"), ("seq", "ascending")])
    ids = table.column("game_id").to_numpy()
    if len(ids) == 0:
        return
    starts = [0, *(np.flatnonzero(np.diff(ids)) + 1).tolist()]
    ends = [*starts[1:], len(ids)]
    for start, end in zip(starts, ends):
        yield int(ids[start]), table.slice(start, end - start)
