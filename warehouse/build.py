"""Build the DuckDB warehouse from the Parquet lake, atomically.

Only the files the lake catalogue admits are read (those listed in complete
runs' manifests); incomplete and rejected runs and stray files are left out
and recorded in the `lake_left_out` table with the command that fixes each.
The build runs in a temporary file beside the target: macros, staging views
over the lake, the run tables from manifests, fact and metric tables in
dependency order, then every zero-row invariant test. Only when all of that
succeeds does the temporary file replace the warehouse (`os.replace`), so a
failed build never leaves a broken or half-built warehouse behind.

Once a warehouse exists, a build reads only the runs that landed since
(`warehouse.incremental`): in one transaction on the warehouse itself, the
incremental facts get the new runs' rows (staging views narrowed to the new
runs' files), every other model is rebuilt from the tables, and the invariant
tests run (those over events see the new runs' events); any failure rolls
the whole update back. `full=True` (`--full`) rebuilds from every file.

DuckDB works within `memory_limit` and spills what does not fit to a folder
beside the warehouse (removed afterwards), so a build's memory does not grow
with the lake.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import pyarrow.parquet as pq

from engine.core.errors import BalanceError
from engine.core.killpoint import kill_point
from lake.catalogue import LakeCatalogue, catalogue
from lake.layout import DATASETS
from lake.store import Store
from warehouse.dictionary import apply_comments
from warehouse.faults import DiskFullError, disk_full, no_space, remove_with_wal, writable_temp
from warehouse.flags import FlagRules, apply_flags, load_rules, write_rules
from warehouse.incremental import (
    Plan,
    add_runs,
    drop_narrowed,
    fingerprint,
    incremental_models,
    narrow_facts,
    narrow_staging,
    only,
    plan_update,
    record_state,
)
from warehouse.left_out import left_out_rows, load_left_out
from warehouse.models import MACROS_FILE, Model, discover_models, discover_tests, lake_globs, matching_files, render
from warehouse.old_envelopes import load_old_envelopes
from warehouse.query import connect
from warehouse.runs import load_runs
from warehouse.writeback import write_table

LOG = logging.getLogger("balance.warehouse.build")

GENERIC_GAME = None  # models without a `-- game:` header read every game
DEFAULT_MEMORY_LIMIT = "1GB"  # DuckDB's own budget; the process (Python, Arrow, DuckDB) stays under 2 GB


class LakeError(BalanceError):
    """The lake holds data that cannot be read: names the file and the fix."""


class InvariantError(BalanceError):
    """A zero-row invariant test returned rows: names the test and a sample row."""


@dataclass
class BuildResult:
    """What a build did, for the command's summary line."""

    warehouse: Path
    games: dict[str, int] = field(default_factory=dict)
    models: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    seconds: float = 0.0
    left_out: list[dict[str, Any]] = field(default_factory=list)  # rows of the `lake_left_out` table
    mode: str = "full"  # or "incremental"
    runs_read: int = 0  # runs whose files this build read (all of them when full)


def lake_games(cat: LakeCatalogue) -> set[str]:
    """Games with an admitted file in any dataset (a lake of tile-value runs alone still has Four Gardens)."""
    return {game for dataset in DATASETS for game in cat.games(dataset)}


def check_readable(cat: LakeCatalogue) -> None:
    """Open every admitted file's footer; an unreadable one is rejected by name."""
    for run in cat.complete_runs():
        for key in run.files:
            try:
                with cat.store.open(key) as handle:
                    pq.read_metadata(handle)
            except Exception as exc:  # pyarrow raises several types for corrupt files
                raise LakeError(
                    f"{cat.store.uri(key)}: unreadable Parquet file ({exc}); run `balance verify` and remove or "
                    f"re-simulate run {run.run_id}"
                ) from None


def build(
    lake: str | Path | Store, warehouse: Path, run_tests: bool = True, log: Callable[[str], None] | None = None,
    flag_rules: FlagRules | None = None, full: bool = False, memory_limit: str = DEFAULT_MEMORY_LIMIT,
) -> BuildResult:
    """Build (or bring up to date) the warehouse file from the lake's complete runs.

    `flag_rules` (default: the default study's `[flags]` table) set the
    correction and the minimum effects of the shared "look here" flag.
    """
    started = time.perf_counter()
    say = log or LOG.debug
    cat = catalogue(lake)
    if not cat.runs and not cat.stray:
        raise BalanceError(f"{cat.store.url}: no runs in this lake; run `balance simulate` or `balance run` first")
    files = lake_games(cat)
    if not cat.complete_runs():
        raise BalanceError(f"{cat.store.url}: the lake has no complete run yet ({_left_out_text(cat)}); "
                           "finish a run (`balance simulate --resume ...`) or run `balance run` first")
    models, tests = discover_models(), discover_tests()
    expected = fingerprint(models, tests)
    plan = None if full else plan_update(warehouse, cat, expected)
    context = _Context(cat, set(files), models, tests, expected, run_tests, say, memory_limit,
                       flag_rules or load_rules())
    try:
        if plan is None:
            result = _rebuild(context, warehouse)
        else:
            say(f"incremental: {len(plan.new)} new run(s), {len(plan.removed)} removed")
            result = _update(context, warehouse, plan)
    except DiskFullError:
        raise
    except (duckdb.Error, OSError, BalanceError) as exc:
        if no_space(exc):
            raise disk_full(warehouse, exc) from None
        raise
    result.seconds = time.perf_counter() - started
    return result


@dataclass
class _Context:
    """What both kinds of build need."""

    cat: LakeCatalogue
    games: set[str]
    models: list[Model]
    tests: list[Model]
    fingerprint: str
    run_tests: bool
    say: Callable[[str], None]
    memory_limit: str
    rules: FlagRules


def _rebuild(ctx: _Context, warehouse: Path) -> BuildResult:
    """Every model from every admitted file, into a temporary file that then replaces the warehouse."""
    check_readable(ctx.cat)
    tmp = writable_temp(warehouse)
    result = BuildResult(warehouse, left_out=left_out_rows(ctx.cat), runs_read=len(ctx.cat.complete_runs()))
    try:
        with connect(str(tmp)) as con:
            _configure(con, ctx, warehouse)
            _load_inputs(con, ctx)
            _build_models(con, ctx, result, ctx.models)
            result.games = _game_counts(con, result)
            if ctx.run_tests:
                _run_tests(con, ctx.games, result, ctx.say, ctx.tests)
            _finish(con, ctx, own_transaction=True)
            kill_point("build:tables written")
            con.execute("checkpoint")
        kill_point("build:before replace")
        os.replace(tmp, warehouse)
    finally:
        remove_with_wal(tmp)
        _remove_spill(warehouse)
    return result


def _update(ctx: _Context, warehouse: Path, plan: Plan) -> BuildResult:
    """The new runs' rows into the incremental facts, everything else rebuilt; one transaction, in place."""
    result = BuildResult(warehouse, left_out=left_out_rows(ctx.cat), mode="incremental", runs_read=len(plan.new))
    check_readable(ctx.cat)  # footers only: the staging views bind every file, so a broken one is named here
    staging = [m for m in ctx.models if m.layer == "staging"]
    incremental = incremental_models(ctx.models)
    try:
        with connect(str(warehouse)) as con:
            _configure(con, ctx, warehouse)
            con.execute("begin transaction")  # before any write: a kill or failure leaves every table as it was
            try:
                _load_inputs(con, ctx, plan)
                kill_point("incremental:inputs written")
                _build_models(con, ctx, result, staging)
                narrow_staging(con, ctx.cat, only(ctx.cat, plan.new), staging, result.skipped)
                load_runs(con, ctx.cat, plan.removed)
                for model in ctx.models:
                    if model.name in incremental and not _skipped(model, ctx.cat, ctx.games, result.skipped):
                        add_runs(con, model, plan, ctx.say)
                        result.models.append(model.name)
                drop_narrowed(con, [m.name for m in staging])
                rest = [m for m in ctx.models if m.layer != "staging" and m.name not in incremental]
                _build_models(con, ctx, result, rest)
                result.games = _game_counts(con, result)
                if ctx.run_tests:
                    _test_new_runs(con, ctx, result, plan, staging, incremental)
                _finish(con, ctx)
                kill_point("incremental:before commit")
                con.execute("commit")
            except BaseException:
                _rollback(con)
                raise
            _checkpoint_committed(con, warehouse)
    finally:
        _remove_spill(warehouse)
    return result


def _test_new_runs(con: duckdb.DuckDBPyConnection, ctx: _Context, result: BuildResult, plan: Plan,
                   staging: list[Model], incremental: set[str]) -> None:
    """The invariant tests of an incremental build: over the new runs' rows where a test reads only staging and
    run-by-run facts (the older runs' rows are unchanged and passed when they were added), in full otherwise."""
    per_run = {m.name for m in staging} | incremental
    narrow = [t for t in ctx.tests if set(t.depends) <= per_run]
    narrow_staging(con, ctx.cat, only(ctx.cat, plan.new), staging, result.skipped)
    narrow_facts(con, sorted(incremental), [run.run_id for run in plan.new])
    try:
        _run_tests(con, ctx.games, result, ctx.say, narrow)
    finally:
        drop_narrowed(con, [*(m.name for m in staging), *incremental])
    _run_tests(con, ctx.games, result, ctx.say, [t for t in ctx.tests if t not in narrow])


def _finish(con: duckdb.DuckDBPyConnection, ctx: _Context, own_transaction: bool = False) -> None:
    """The state the next incremental build starts from, then every table's grain and column meanings as DuckDB
    comments (warehouse.dictionary)."""
    record_state(con, ctx.cat, ctx.fingerprint)
    apply_comments(con, ctx.models, own_transaction)


def _checkpoint_committed(con: duckdb.DuckDBPyConnection, warehouse: Path) -> None:
    """Fold the committed update into the file; on a full disk it is safe in the `.wal`, which DuckDB folds in
    at the next open."""
    try:
        con.execute("checkpoint")
    except duckdb.Error as exc:
        if not no_space(exc):
            raise
        raise DiskFullError(f"{warehouse}: the update is saved (in {warehouse.name}.wal) but the disk filled up "
                            "while writing it into the file; free space there and build again (nothing is lost)"
                            ) from None


def _rollback(con: duckdb.DuckDBPyConnection) -> None:
    """Undo the update; a fatal error (a full disk at commit) has already ended the transaction and must
    surface itself, not DuckDB's "cannot rollback - no transaction is active"."""
    with contextlib.suppress(duckdb.Error):
        con.execute("rollback")


def _configure(con: duckdb.DuckDBPyConnection, ctx: _Context, warehouse: Path) -> None:
    """Memory limit, spilling beside the warehouse, the lake's filesystem (settings, not data)."""
    con.execute("set enable_progress_bar = false")
    con.execute(f"set memory_limit = '{ctx.memory_limit}'")
    con.execute(f"set temp_directory = '{_spill_folder(warehouse).as_posix()}'")
    con.execute("set preserve_insertion_order = false")  # lets large inserts and aggregates stream and spill
    filesystem = ctx.cat.store.duckdb_filesystem()
    if filesystem is not None:
        con.register_filesystem(filesystem)


def _load_inputs(con: duckdb.DuckDBPyConnection, ctx: _Context, plan: Plan | None = None) -> None:
    """The shape counters (of the plan's runs only, in an incremental build), the macros, the left-out table and
    the flag rules: written inside an incremental build's transaction."""
    changed = None if plan is None else {*plan.removed, *(run.run_id for run in plan.new)}
    load_old_envelopes(con, ctx.cat, changed)  # before the macros: `lake_events` joins the table
    con.execute(MACROS_FILE.read_text(encoding="utf-8"))
    load_left_out(con, left_out_rows(ctx.cat))
    write_rules(con, ctx.rules)


def _spill_folder(warehouse: Path) -> Path:
    return warehouse.with_name(f".{warehouse.name}.spill")


def _remove_spill(warehouse: Path) -> None:
    shutil.rmtree(_spill_folder(warehouse), ignore_errors=True)


def _left_out_text(cat: LakeCatalogue) -> str:
    states = [f"{r.run_id}: {r.state}" for r in cat.left_out()]
    return "; ".join(states) or f"only {len(cat.stray)} stray file(s), listed by no run's manifest"


def _game_counts(con: duckdb.DuckDBPyConnection, result: BuildResult) -> dict[str, int]:
    """Games per game id (none when the lake holds no game logs, e.g. tile-value runs alone)."""
    if "fct_games" not in result.models:
        return {}
    return dict(con.execute("select game, count(*) from fct_games group by game order by game").fetchall())


def _build_models(
    con: duckdb.DuckDBPyConnection, ctx: _Context, result: BuildResult, models: list[Model],
) -> None:
    for model in models:
        if _skipped(model, ctx.cat, ctx.games, result.skipped):
            continue
        if not _create(con, model, ctx.cat):
            result.skipped.append(model.name)
            continue
        if model.flags:  # before any model that reads the flag is built
            apply_flags(con, model.name, list(model.flags), ctx.rules)
        result.models.append(model.name)
        ctx.say(f"built {model.materialization} {model.name}")
        if model.name == "stg_events" and result.mode == "full":
            load_runs(con, ctx.cat, [])


def _skipped(model: Model, cat: LakeCatalogue, games: set[str], skipped: list[str]) -> bool:
    """A model for a game absent from the lake, or over an optional input that is absent, is skipped (noted)."""
    if model.game is not GENERIC_GAME and model.game not in games or _optional_input_missing(model, cat, skipped):
        skipped.append(model.name)
        return True
    return False


def _optional_input_missing(model: Model, cat: LakeCatalogue, skipped: list[str]) -> bool:
    """A model over a lake folder with no admitted file (an optional `-- lake:` input, or the events of a lake
    that holds only tile-value runs), or depending on a skipped one."""
    if any(not matching_files(cat, glob) for glob in (model.lake_glob, *lake_globs(model.sql)) if glob):
        return True
    return any(dep in skipped for dep in model.depends)


def _create(con: duckdb.DuckDBPyConnection, model: Model, cat: LakeCatalogue) -> bool:
    """Create a model's view or table; False when a Python model had nothing to fit."""
    if model.python is not None:
        return _create_python(con, model, cat)
    body = render(model.sql, cat)
    try:
        con.execute(f"create or replace {model.materialization} {model.name} as\n{body}")
    except duckdb.Error as exc:
        raise BalanceError(f"{model.path}: model {model.name} failed: {exc}") from None
    return True


def _create_python(con: duckdb.DuckDBPyConnection, model: Model, cat: LakeCatalogue) -> bool:
    assert model.python is not None
    frame = model.python(con, cat)
    if len(frame.columns) == 0:
        return False
    write_table(con, model.name, frame, model.schema)
    return True


def _run_tests(
    con: duckdb.DuckDBPyConnection, games: set[str], result: BuildResult, say: Callable[[str], None],
    tests: list[Model],
) -> None:
    for test in tests:
        if test.game is not GENERIC_GAME and test.game not in games or set(test.depends) & set(result.skipped):
            continue
        try:
            rows = con.execute(f"select * from (\n{test.sql}\n) limit 3").fetchall()
        except duckdb.Error as exc:
            raise BalanceError(f"{test.path}: invariant test {test.name} failed to run: {exc}") from None
        if rows:
            raise InvariantError(
                f"invariant {test.name} ({test.path}) returned rows, e.g. {rows[0]}; "
                "the lake holds inconsistent games; the warehouse was left unchanged"
            )
        result.tests.append(test.name)
        say(f"passed test {test.name}")
