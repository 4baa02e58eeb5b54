"""Run a spec: claim its run id, fan its batches out to workers, and publish the run's manifest.

Workers are a local `ProcessPoolExecutor` (default: all cores) or, with
`scheduler`, a Dask cluster; with one worker the batches run in this process.
Each worker writes its own part file into the lake (a local folder or an
object store); the driver (this module) only collects small summaries and
publishes `runs/<run_id>/manifest.json` last, which makes the run complete.

Everything that can be checked is checked before the run id is claimed (the
game, players, agents, the ruleset's keys and bounds, that the lake is
writable), so a refused command leaves nothing behind. A run that fails
before writing any part gives its run id back; one that fails later stays
incomplete and `--resume` finishes it without playing any game twice.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from engine.core.agents import make_agent, strong_record
from engine.core.errors import BalanceError
from engine.core.game import Game
from engine.core.ruleset import Ruleset
from engine.registry import resolve_game
from lake import layout
from lake.claim import RunBusy, RunConflict, claim_run
from lake.manifest import Manifest, code_version, created_now, publish
from lake.spec import Batch, RunSpec, SpecError
from lake.store import Store, open_store
from simulate.batch import BatchSummary, load_spec_ruleset, play_batch
from simulate.progress import progress_counter

LOG = logging.getLogger("balance.simulate.runner")

__all__ = ["RunBusy", "RunConflict", "run", "claim_record"]


def claim_record(spec: RunSpec, ruleset: Ruleset, strong: dict[str, str]) -> dict[str, Any]:
    """What a simulated run's id is claimed with: its spec, its ruleset's digest and, when it plays `strong`, what
    `strong` is today (`strong_record`): a later `strong` (issue 25 changes it) is a conflict, never a resume."""
    return {"kind": "simulated", "spec": spec.to_dict(), "ruleset_digest": ruleset.digest, **strong}


def run(
    spec: RunSpec,
    lake: str | Path | Store,
    workers: int | None = None,
    resume: bool = False,
    progress: bool = True,
    scheduler: str | None = None,
    game: Game | None = None,
    wait: bool = False,
    ruleset: Ruleset | None = None,
    extra: dict[str, Any] | None = None,
) -> Manifest:
    """Play every game of `spec` into `lake` and return the published manifest.

    `game` overrides the registry lookup of `spec.game` (for games defined in tests);
    `wait` waits for another writer of the same run instead of refusing; `ruleset` replaces the
    spec's (an experiment's variant, built and checked from its overrides) and `extra` tags the
    manifest (an experiment arm: `simulate.experiment`).
    """
    started = time.time()
    store = open_store(lake)
    game_obj = game if game is not None else resolve_game(spec.game)
    _check_against_game(spec, game_obj)
    ruleset = ruleset if ruleset is not None else load_spec_ruleset(game_obj, spec)
    store.check_usable(write=True)
    strong = strong_record(spec.agents, game_obj)
    claim = claim_run(store, spec.run_id, claim_record(spec, ruleset, strong), resume, wait)
    try:
        manifest_key = layout.meta_key(spec.run_id, layout.MANIFEST_FILE)
        if store.exists(manifest_key):
            return Manifest.from_dict(json.loads(store.read_bytes(manifest_key)))  # complete: keep its record
        done = _existing_parts(store, spec)
        todo = [b for b in spec.batches() if b.index not in done]
        summaries = [_summary_of_existing(store, b, done[b.index]) for b in spec.batches() if b.index in done]
        LOG.info("run %s: %d of %d part files already in %s; playing %d (%s)", spec.run_id, len(done),
                 len(spec.batches()), store.url, len(todo), scheduler or f"{workers or 'all'} local worker(s)")
        game_ref: str | Game = game if game is not None else spec.game
        bar = _progress_bar(spec, summaries, progress)
        with bar:
            for summary in _execute(game_ref, ruleset, spec, todo, store, workers, scheduler):
                summaries.append(summary)
                bar.update(summary.games)
        manifest = _manifest(spec, ruleset, summaries, started, time.time(), {b.index for b in todo})
        manifest.extra.update(strong, **(extra or {}))  # strong: the reader's record of what `strong` was
        published = publish(store, manifest)
        LOG.info("run %s: manifest published, %d games in %d files", spec.run_id, manifest.totals["games"],
                 manifest.totals["files"])
        return published
    except BaseException:
        if not _existing_parts(store, spec):
            claim.abandon()  # nothing written: the run id is free again, nothing is left to trip a later command
        raise
    finally:
        claim.release()


def _check_against_game(spec: RunSpec, game: Game) -> None:
    """Player counts and agent names must exist for this game (errors name the key)."""
    allowed = tuple(game.facts.player_counts)
    bad = [p for p in spec.players if p not in allowed]
    if bad:
        raise SpecError(f"key 'players': {bad} not allowed for game {game.id!r}; allowed: {list(allowed)}")
    for name in dict.fromkeys(spec.agents):
        make_agent(name, game)  # raises UnknownName listing the known agents


def _existing_parts(store: Store, spec: RunSpec) -> dict[int, str]:
    """Part files already in the run's folder (complete by construction; `claim_run` cleared a killed
    writer's temporary files)."""
    found = {}
    for key in store.find(layout.data_folder_key("events", spec.game, spec.run_id)):
        match = layout.PART_PATTERN.match(key.rsplit("/", 1)[1])
        if match:
            found[int(match.group(1))] = key
    return found


def _summary_of_existing(store: Store, batch: Batch, key: str) -> BatchSummary:
    data = store.read_bytes(key)
    rows = pq.ParquetFile(pa.BufferReader(data)).metadata.num_rows
    return BatchSummary(batch.index, key, batch.games, rows, 0.0, hashlib.sha256(data).hexdigest(), len(data))


def _progress_bar(spec: RunSpec, summaries: list[BatchSummary], progress: bool) -> Any:
    return progress_counter(spec.total_games, sum(s.games for s in summaries), spec.run_id, enabled=progress)


def _manifest(
    spec: RunSpec, ruleset: Ruleset, summaries: list[BatchSummary], started: float, finished: float,
    played_now: set[int],
) -> Manifest:
    """The manifest of a finished run (summaries of every part, played now or before)."""
    ordered = sorted(summaries, key=lambda s: s.index)
    batches = {b.index: b for b in spec.batches()}
    files = [{"file": s.file, "games": s.games, "events": s.events, "bytes": s.bytes,
              "first_game_id": batches[s.index].start, "last_game_id": batches[s.index].stop - 1,
              "sha256": s.sha256} for s in ordered]
    seconds = max(finished - started, 1e-9)
    played_games = sum(s.games for s in ordered if s.index in played_now)
    return Manifest(
        run_id=spec.run_id, game=spec.game, kind="simulated", spec=spec.to_dict(),
        ruleset={"name": ruleset.name, "digest": ruleset.digest, "path": ruleset.path, "text": ruleset.text},
        code_version=code_version(), created_at=created_now(finished), files=files,
        totals={"games": sum(s.games for s in ordered), "events": sum(s.events for s in ordered),
                "files": len(files)},
        timings={"started_unix": round(started, 3), "finished_unix": round(finished, 3),
                 "seconds": round(seconds, 3), "batches_played_now": len(played_now),
                 "games_played_now": played_games, "games_per_second_now": round(played_games / seconds, 1)},
    )


def _execute(
    game_ref: str | Game, ruleset: Ruleset, spec: RunSpec, todo: list[Batch], store: Store,
    workers: int | None, scheduler: str | None,
) -> Iterable[BatchSummary]:
    """Summaries of the played batches, in completion order."""
    if not todo:
        return
    args = (game_ref, ruleset, spec)
    if scheduler is not None:
        yield from _on_dask(scheduler, args, todo, store)
        return
    workers = min(workers or os.cpu_count() or 1, len(todo))
    if workers == 1:
        for batch in todo:
            yield play_batch(*args, batch, store)
        return
    yield from _on_pool(workers, args, todo, store)


def _on_pool(workers: int, args: tuple[Any, ...], todo: list[Batch], store: Store) -> Iterable[BatchSummary]:
    """Batches on a local process pool; pending work is cancelled on error or interrupt."""
    pool = ProcessPoolExecutor(max_workers=workers)
    task = functools.partial(play_batch, *args)
    try:
        pending: set[Future[BatchSummary]] = {pool.submit(task, b, store) for b in todo}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _on_dask(scheduler: str, args: tuple[Any, ...], todo: list[Batch], store: Store) -> Iterable[BatchSummary]:
    """Batches on a Dask cluster; every worker must reach the lake (a shared folder or an object-store URL)."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise BalanceError("--scheduler needs Dask: pip install 'boardgame-balance[dask]'") from None
    try:
        client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise BalanceError(f"--scheduler {scheduler}: cannot connect to the Dask scheduler ({exc})") from None
    submit: Callable[..., Any] = client.submit
    try:
        futures = [submit(play_batch, *args, b, store, pure=False) for b in todo]
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.close()
