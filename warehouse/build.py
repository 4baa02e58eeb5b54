"""Build the DuckDB warehouse from the Parquet lake, atomically.

The build runs in a temporary file beside the target: macros, staging views
over the lake, the run tables from manifests, fact and metric tables in
dependency order, then every zero-row invariant test. Only when all of that
succeeds does the temporary file replace the warehouse (`os.replace`), so a
failed build never leaves a broken or half-built warehouse behind.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pyarrow.parquet as pq

from engine.core.errors import BalanceError
from warehouse.models import MACROS_FILE, Model, discover_models, discover_tests, render
from warehouse.runs import ObservedRun, run_tables

GENERIC_GAME = None  # models without a `-- game:` header read every game


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


def lake_files(lake: Path) -> dict[str, list[Path]]:
    """The Parquet part files of each game present in the lake."""
    files: dict[str, list[Path]] = {}
    for game_dir in sorted((lake / "events").glob("game=*")):
        parts = sorted(game_dir.glob("run=*/part-*.parquet"))  # .tmp- files are writes in progress
        if parts:
            files[game_dir.name.removeprefix("game=")] = parts
    return files


def check_readable(files: dict[str, list[Path]]) -> None:
    """Open every part file's footer; an unreadable one is rejected by name."""
    for parts in files.values():
        for path in parts:
            try:
                pq.read_metadata(path)
            except Exception as exc:  # pyarrow raises several types for corrupt files
                raise LakeError(
                    f"{path}: unreadable Parquet file ({exc}); delete it and re-run the simulation with --resume"
                ) from None


def build(lake: Path, warehouse: Path, run_tests: bool = True, log: Callable[[str], None] | None = None) -> BuildResult:
    """Build the warehouse file from the lake; returns what was built."""
    started = time.perf_counter()
    say = log or (lambda _msg: None)
    if not (lake / "events").is_dir():
        raise BalanceError(f"{lake}: no events/ folder; is this a lake? run `balance simulate` or `balance run` first")
    files = lake_files(lake)
    if not files:
        raise BalanceError(f"{lake}: the lake has no event files yet; run `balance simulate` or `balance run` first")
    check_readable(files)
    warehouse.parent.mkdir(parents=True, exist_ok=True)
    tmp = warehouse.with_name(f".{warehouse.name}.{os.getpid()}.tmp")
    _remove(tmp)
    result = BuildResult(warehouse)
    try:
        with duckdb.connect(str(tmp)) as con:
            con.execute("set enable_progress_bar = false")
            con.execute(MACROS_FILE.read_text(encoding="utf-8"))
            _build_models(con, lake, set(files), result, say)
            counts = con.execute("select game, count(*) from fct_games group by game order by game").fetchall()
            result.games = dict(counts)
            if run_tests:
                _run_tests(con, set(files), result, say)
            con.execute("checkpoint")
        os.replace(tmp, warehouse)
    finally:
        _remove(tmp)
    result.seconds = time.perf_counter() - started
    return result


def _build_models(
    con: duckdb.DuckDBPyConnection, lake: Path, games: set[str], result: BuildResult, say: Callable[[str], None]
) -> None:
    for model in discover_models():
        if model.game is not GENERIC_GAME and model.game not in games:
            result.skipped.append(model.name)
            continue
        if _optional_input_missing(model, lake, result.skipped):
            result.skipped.append(model.name)
            continue
        if not _create(con, model, lake):
            result.skipped.append(model.name)
            continue
        result.models.append(model.name)
        say(f"built {model.materialization} {model.name}")
        if model.name == "stg_events":
            _load_runs(con, lake)


def _optional_input_missing(model: Model, lake: Path, skipped: list[str]) -> bool:
    """A model over an optional lake folder (`-- lake:`) with no file yet, or depending on a skipped one."""
    if model.lake_glob is not None and next(lake.glob(model.lake_glob), None) is None:
        return True
    return any(dep in skipped for dep in model.depends)


def _create(con: duckdb.DuckDBPyConnection, model: Model, lake: Path) -> bool:
    """Create a model's view or table; False when a Python model had nothing to fit."""
    if model.python is not None:
        return _create_python(con, model, lake)
    body = render(model.sql, lake)
    try:
        con.execute(f"create or replace {model.materialization} {model.name} as\n{body}")
    except duckdb.Error as exc:
        raise BalanceError(f"{model.path}: model {model.name} failed: {exc}") from None
    return True


def _create_python(con: duckdb.DuckDBPyConnection, model: Model, lake: Path) -> bool:
    assert model.python is not None
    frame = model.python(con, lake)
    if len(frame.columns) == 0:
        return False
    con.register("python_model_frame", frame)
    try:
        con.execute(f"create or replace table {model.name} as select * from python_model_frame")
    finally:
        con.unregister("python_model_frame")
    return True


def _load_runs(con: duckdb.DuckDBPyConnection, lake: Path) -> None:
    observed = [
        ObservedRun(*row)
        for row in con.execute(
            "select distinct game, run_id, ruleset, ruleset_digest from stg_events "
            "where event_type = 'game_started' order by game, run_id"
        ).fetchall()
    ]
    runs, assumptions = run_tables(lake, observed)
    con.register("runs_arrow", runs)
    con.register("assumptions_arrow", assumptions)
    con.execute("create or replace table runs as select * from runs_arrow")
    con.execute("create or replace table ruleset_assumptions as select * from assumptions_arrow")
    con.unregister("runs_arrow")
    con.unregister("assumptions_arrow")


def _run_tests(
    con: duckdb.DuckDBPyConnection, games: set[str], result: BuildResult, say: Callable[[str], None]
) -> None:
    for test in discover_tests():
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


def _remove(path: Path) -> None:
    for candidate in (path, path.with_name(path.name + ".wal")):
        if candidate.exists():
            candidate.unlink()
