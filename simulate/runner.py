"""Run a spec: plan batches, fan them out to workers, and write the run's manifest.

Workers are a local `ProcessPoolExecutor` (default: all cores) or, with
`scheduler`, a Dask cluster; with one worker the batches run in this process.
Each worker writes its own part file; the driver (this module) only collects
small summaries and writes `runs/<run_id>/manifest.json` last.

A run is identified by its run id. Its spec (and ruleset digest) is recorded
in `runs/<run_id>/spec.json` before any part is written, so a second run with
the same id but a different spec is refused, and `resume=True` fills only the
missing parts of the same spec.
"""

from __future__ import annotations

import functools
import os
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from tqdm import tqdm

from engine.core.agents import make_agent
from engine.core.errors import BalanceError
from engine.core.game import Game
from engine.core.ruleset import Ruleset
from simulate import lake as lake_files
from simulate.batch import BatchSummary, load_spec_ruleset, play_batch, resolve_game
from simulate.manifest import Manifest, build_manifest
from simulate.spec import Batch, RunSpec, SpecError


class RunConflict(BalanceError):
    """The run id is taken (by another spec, or by this spec without --resume)."""


def run(
    spec: RunSpec,
    lake: Path,
    workers: int | None = None,
    resume: bool = False,
    progress: bool = True,
    scheduler: str | None = None,
    game: Game | None = None,
) -> Manifest:
    """Play every game of `spec` into `lake` and return the written manifest.

    `game` overrides the registry lookup of `spec.game` (for games defined in tests).
    """
    started = time.time()
    lake = Path(lake)
    game_obj = game if game is not None else resolve_game(spec.game)
    _check_against_game(spec, game_obj)
    ruleset = load_spec_ruleset(game_obj, spec)
    _claim_run_id(spec, ruleset, lake, resume)
    folder = lake_files.run_dir(lake, spec.game, spec.run_id)
    if resume:
        lake_files.remove_stale_temps(folder)
    done = lake_files.existing_parts(folder)
    batches = spec.batches()
    todo = [b for b in batches if b.index not in done]
    manifest_path = lake_files.meta_dir(lake, spec.run_id) / "manifest.json"
    if not todo and manifest_path.exists():
        return Manifest.from_dict(lake_files.read_json(manifest_path))  # complete: keep its record as written
    summaries = [_summary_of_existing(b, done[b.index]) for b in batches if b.index in done]
    bar = tqdm(
        total=spec.total_games,
        initial=sum(s.games for s in summaries),
        unit="game",
        file=sys.stderr,
        disable=not (progress and sys.stderr.isatty()),
        desc=spec.run_id,
    )
    game_ref: str | Game = game if game is not None else spec.game
    with bar:
        for summary in _execute(game_ref, ruleset, spec, todo, folder, workers, scheduler):
            summaries.append(summary)
            bar.update(summary.games)
    manifest = build_manifest(spec, ruleset, folder, lake, summaries, started, time.time(), {b.index for b in todo})
    lake_files.write_json_atomic(manifest.to_dict(), manifest_path)
    return manifest


def _check_against_game(spec: RunSpec, game: Game) -> None:
    """Player counts and agent names must exist for this game (errors name the key)."""
    allowed = tuple(game.facts.player_counts)
    bad = [p for p in spec.players if p not in allowed]
    if bad:
        raise SpecError(f"key 'players': {bad} not allowed for game {game.id!r}; allowed: {list(allowed)}")
    for name in dict.fromkeys(spec.agents):
        make_agent(name, game)  # raises UnknownName listing the known agents


def _claim_run_id(spec: RunSpec, ruleset: Ruleset, lake: Path, resume: bool) -> None:
    """Record the spec for this run id, or refuse when the id is taken."""
    path = lake_files.meta_dir(lake, spec.run_id) / "spec.json"
    record = {"spec": spec.to_dict(), "ruleset_digest": ruleset.digest}
    stored = lake_files.read_json(path)
    if stored is not None and stored != record:
        raise RunConflict(
            f"run id {spec.run_id!r} already exists in {lake} with a different spec "
            f"({_differences(stored, record)}); choose another --run-id (a changed ruleset file keeps the derived id)"
        )
    if stored is not None and not resume:
        raise RunConflict(
            f"run id {spec.run_id!r} already exists in {lake}; pass --resume to fill its missing parts, "
            "or choose another --run-id"
        )
    has_parts = bool(lake_files.existing_parts(lake_files.run_dir(lake, spec.game, spec.run_id)))
    if stored is None and has_parts:
        raise RunConflict(
            f"{lake_files.run_dir(lake, spec.game, spec.run_id)} holds part files but no spec.json; "
            "it was not written by `balance simulate`: move it away or choose another --run-id"
        )
    if stored is None:
        lake_files.write_json_atomic(record, path)


def _differences(stored: dict[str, Any], record: dict[str, Any]) -> str:
    """'key: old there, new now' for every spec key (and the ruleset digest) that differs."""
    def flat(rec: dict[str, Any]) -> dict[str, Any]:
        return {**rec.get("spec", {}), "ruleset_digest": rec.get("ruleset_digest")}

    old, new = flat(stored), flat(record)
    keys = sorted(k for k in {*old, *new} if old.get(k) != new.get(k))
    return "; ".join(f"{k}: {old.get(k)!r} there, {new.get(k)!r} now" for k in keys)


def _summary_of_existing(batch: Batch, path: Path) -> BatchSummary:
    return BatchSummary(batch.index, path.name, batch.games, lake_files.parquet_rows(path), 0.0)


def _execute(
    game_ref: str | Game, ruleset: Ruleset, spec: RunSpec, todo: list[Batch], folder: Path,
    workers: int | None, scheduler: str | None,
) -> Iterable[BatchSummary]:
    """Summaries of the played batches, in completion order."""
    if not todo:
        return
    args = (game_ref, ruleset, spec)
    if scheduler is not None:
        yield from _on_dask(scheduler, args, todo, str(folder.absolute()))
        return
    workers = min(workers or os.cpu_count() or 1, len(todo))
    if workers == 1:
        for batch in todo:
            yield play_batch(*args, batch, str(folder))
        return
    yield from _on_pool(workers, args, todo, str(folder))


def _on_pool(workers: int, args: tuple[Any, ...], todo: list[Batch], folder: str) -> Iterable[BatchSummary]:
    """Batches on a local process pool; pending work is cancelled on error or interrupt."""
    pool = ProcessPoolExecutor(max_workers=workers)
    task = functools.partial(play_batch, *args)
    try:
        pending: set[Future[BatchSummary]] = {pool.submit(task, b, folder) for b in todo}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _on_dask(scheduler: str, args: tuple[Any, ...], todo: list[Batch], folder: str) -> Iterable[BatchSummary]:
    """Batches on a Dask cluster; workers must see `folder` (shared or object-store path)."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise BalanceError("--scheduler needs Dask: pip install 'balance[dask]'") from None
    client = Client(scheduler)
    submit: Callable[..., Any] = client.submit
    try:
        futures = [submit(play_batch, *args, b, folder, pure=False) for b in todo]
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.close()
