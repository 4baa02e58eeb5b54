"""Verify a lake: every run complete and genuine, every game replayed to its seal, nothing else in the folder.

The lake catalogue (`lake.catalogue`) says which runs are complete
and which files belong to the lake; everything it does not admit is a
problem here: stray files (reported by name), incomplete runs (with the
command that finishes or removes them) and rejected manifests (edited,
malformed, or naming missing files). For each complete run:

- a simulated run's manifest must list exactly the part files its spec
  implies (every batch, with its game range);
- each file must match the SHA-256 and row count its manifest records and
  hold exactly the games of its range, no game in two files;
- each game's `game_started` must be the one the spec derives for its game
  id (seed, player count, agents per seat, ruleset digest), so games from
  another seed or with agent labels swapped between seats are caught;
- each game is checked by `lake.gamecheck` (gapless seq, rebuildable
  rows, replayed envelope, sealed digest; an altered event is located by
  re-simulation, also when an edit leaves the seal intact).

Files of all runs are checked on one process pool (all cores by default)
with a progress bar. Problems are reported by file, game and seq; nothing raises.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from tqdm import tqdm

from engine.core.errors import BalanceError
from engine.core.game import Game
from engine.registry import get_game
from lake import layout
from lake.catalogue import CatalogedRun, LakeCatalogue, catalogue
from lake.claim import resume_command, resume_hint
from lake.filecheck import FileResult, FileTask, check_file
from lake.manifest import manifest_ruleset
from lake.spec import RunSpec
from lake.store import Store

LOG = logging.getLogger("balance.lake.verify")

EVENT_KINDS = ("simulated", "recorded")  # runs of game logs; other kinds (tile values) are checked file by file


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
    rows: int = 0  # rows of files that are not game logs (tile values): checked by checksum and count
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(
    lake: str | Path | Store, run_id: str | None = None, resolve: Callable[[str], Game] = get_game,
    workers: int | None = 1, progress: bool = False,
) -> VerifyReport:
    """Check every run of the lake (or only `run_id`) and every file in its folder.

    `workers` > 1 (None: all cores) checks files on a process pool; a custom
    `resolve` (games defined in tests) always runs in this process.
    """
    cat = catalogue(lake)
    report = VerifyReport()
    if run_id is not None and run_id not in cat.runs:
        report.problems.append(Problem(cat.store.url, None, None, f"no run {run_id!r} in this lake"))
        return report
    selected = [cat.runs[run_id]] if run_id is not None else list(cat.runs.values())
    report.problems += [Problem(s.key, None, None, f"stray file: {s.reason}; it is never read: remove it or "
                                "move it out of the lake") for s in cat.stray
                        if run_id is None or f"/run={run_id}/" in s.key]
    workers = (workers or os.cpu_count() or 1) if resolve is get_game else 1
    tasks: list[FileTask] = []
    for run in selected:
        report.runs.append(run.run_id)
        tasks += _run_tasks(cat, run, resolve, workers, report)
        LOG.info("verify %s: %s, %d file(s) to check", run.run_id, run.state, len(run.files))
    _check_files(tasks, workers, progress, report)
    return report


def _run_tasks(
    cat: LakeCatalogue, run: CatalogedRun, resolve: Callable[[str], Game], workers: int, report: VerifyReport,
) -> list[FileTask]:
    """The file checks of one run, after its run-level verdict (the catalogue: state, manifest against spec)."""
    where = layout.meta_key(run.run_id, layout.MANIFEST_FILE)
    if run.state in ("incomplete", "in progress"):
        report.problems.append(Problem(layout.meta_key(run.run_id), None, None, _incomplete_text(cat, run)))
        return []
    if not run.complete:
        report.problems += [Problem(where, None, None, f"rejected manifest: {p}") for p in run.problems]
        return []
    manifest = run.manifest or {}
    try:
        game = resolve(manifest["game"])
        ruleset = manifest_ruleset(game, manifest) if manifest.get("kind", "simulated") in EVENT_KINDS else None
        spec = RunSpec.from_dict(manifest["spec"]) if manifest.get("kind", "simulated") == "simulated" else None
    except (BalanceError, KeyError, TypeError, ValueError) as exc:
        report.problems.append(Problem(where, None, None, f"cannot set up replay: {type(exc).__name__}: {exc}"))
        return []
    game_ref: str | Game = manifest["game"] if workers > 1 else game
    digest = (manifest.get("ruleset") or {}).get("digest")
    return [FileTask(entry["file"], cat.store, entry, run.run_id, game_ref, ruleset, spec, digest)
            for entry in manifest["files"]]


def _incomplete_text(cat: LakeCatalogue, run: CatalogedRun) -> str:
    lake = cat.store.url
    expected = run.expected_files()
    have = f"{len(run.files)} of {expected}" if expected is not None else f"{len(run.files)}"
    state = "being written by another process" if run.state == "in progress" else "incomplete (no manifest)"
    command = resume_command(run.run_id, lake)
    finish = (resume_hint(run.run_id) or f"finish it with `{command}` (it reads the run's spec)"
              if run.kind == "simulated" else "write it again")
    return (f"run {run.run_id} is {state}, {have} part files present; its games are not read; "
            f"{finish}, or remove it with `balance runs remove {run.run_id} --lake {lake}`")


def _check_files(tasks: list[FileTask], workers: int, progress: bool, report: VerifyReport) -> None:
    total = sum(int(t.entry.get("games") or 0) for t in tasks)
    bar = tqdm(total=total, unit="game", desc="verify", file=sys.stderr, disable=not progress)
    seen: dict[str, set[int]] = {}
    with bar:
        for task, result in zip(tasks, _map_files(tasks, workers)):
            bar.update(int(task.entry.get("games") or 0))
            _add(report, task, result, seen.setdefault(task.run_id, set()))


def _add(report: VerifyReport, task: FileTask, result: FileResult, seen: set[int]) -> None:
    report.files += 1
    report.games += result.games
    if task.ruleset is None:  # not a game log: its rows are not events
        report.rows += result.events
    else:
        report.events += result.events
    report.problems += [Problem(task.key, g, s, text) for g, s, text in result.problems]
    for game_id in sorted(seen.intersection(result.game_ids)):
        report.problems.append(Problem(task.key, game_id, None, "game appears in more than one part file"))
    seen.update(result.game_ids)


def _map_files(tasks: list[FileTask], workers: int) -> Iterator[FileResult]:
    """check_file over the tasks, in order, on a pool when there is more than one worker."""
    if workers <= 1 or len(tasks) <= 1:
        yield from (check_file(task) for task in tasks)
        return
    with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
        yield from pool.map(check_file, tasks, chunksize=1)
