"""Build the DuckDB warehouse from the Parquet lake, atomically.

Only the files the lake catalogue admits are read (those listed in complete
runs' manifests); incomplete and rejected runs and stray files are left out
and recorded in the `lake_left_out` table with the command that fixes each.
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
from typing import Any

import duckdb
import pyarrow.parquet as pq

from engine.core.errors import BalanceError
from simulate.lake.catalogue import LakeCatalogue, catalogue
from simulate.lake.store import Store
from warehouse.flags import FlagRules, apply_flags, load_rules, write_rules
from warehouse.left_out import left_out_rows, load_left_out
from warehouse.models import MACROS_FILE, Model, discover_models, discover_tests, matching_files, render
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
    left_out: list[dict[str, Any]] = field(default_factory=list)  # rows of the `lake_left_out` table


def lake_files(cat: LakeCatalogue) -> dict[str, list[str]]:
    """The event files of each game that belong to the lake (complete runs' manifests), as reader names."""
    return {game: cat.uris("events", game) for game in cat.games("events")}


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
    flag_rules: FlagRules | None = None,
) -> BuildResult:
    """Build the warehouse file from the lake's complete runs; returns what was built and what was left out.

    `flag_rules` (default: the default study's `[flags]` table) set the
    correction and the minimum effects of the shared "look here" flag.
    """
    started = time.perf_counter()
    say = log or (lambda _msg: None)
    rules = flag_rules or load_rules()
    cat = catalogue(lake)
    if not cat.runs and not cat.stray:
        raise BalanceError(f"{cat.store.url}: no runs in this lake; run `balance simulate` or `balance run` first")
    files = lake_files(cat)
    if not files:
        raise BalanceError(f"{cat.store.url}: the lake has no complete run yet ({_left_out_text(cat)}); "
                           "finish a run (`balance simulate --resume ...`) or run `balance run` first")
    check_readable(cat)
    tmp = _writable_temp(warehouse)
    result = BuildResult(warehouse, left_out=left_out_rows(cat))
    try:
        with duckdb.connect(str(tmp)) as con:
            con.execute("set enable_progress_bar = false")
            filesystem = cat.store.duckdb_filesystem()
            if filesystem is not None:
                con.register_filesystem(filesystem)
            con.execute(MACROS_FILE.read_text(encoding="utf-8"))
            load_left_out(con, result.left_out)
            write_rules(con, rules)
            _build_models(con, cat, set(files), result, say, rules)
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


def _writable_temp(warehouse: Path) -> Path:
    """The temporary file the build writes, after checking its folder can be written (error names the path)."""
    tmp = warehouse.with_name(f".{warehouse.name}.{os.getpid()}.tmp")
    try:
        warehouse.parent.mkdir(parents=True, exist_ok=True)
        _remove(tmp)
        tmp.write_bytes(b"")
        tmp.unlink()
    except OSError as exc:
        raise BalanceError(f"{warehouse}: cannot write the warehouse here ({exc.strerror or exc}); "
                           "pass --warehouse with a writable path") from None
    return tmp


def _left_out_text(cat: LakeCatalogue) -> str:
    states = [f"{r.run_id}: {r.state}" for r in cat.left_out()]
    return "; ".join(states) or "nothing but stray files"


def _build_models(
    con: duckdb.DuckDBPyConnection, cat: LakeCatalogue, games: set[str], result: BuildResult,
    say: Callable[[str], None], rules: FlagRules,
) -> None:
    for model in discover_models():
        if model.game is not GENERIC_GAME and model.game not in games:
            result.skipped.append(model.name)
            continue
        if _optional_input_missing(model, cat, result.skipped):
            result.skipped.append(model.name)
            continue
        if not _create(con, model, cat):
            result.skipped.append(model.name)
            continue
        if model.flags:  # before any model that reads the flag is built
            apply_flags(con, model.name, list(model.flags), rules)
        result.models.append(model.name)
        say(f"built {model.materialization} {model.name}")
        if model.name == "stg_events":
            _load_runs(con, cat)


def _optional_input_missing(model: Model, cat: LakeCatalogue, skipped: list[str]) -> bool:
    """A model over an optional lake folder (`-- lake:`) with no admitted file yet, or depending on a skipped one."""
    if model.lake_glob is not None and not matching_files(cat, model.lake_glob):
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
    con.register("python_model_frame", frame)
    try:
        con.execute(f"create or replace table {model.name} as select * from python_model_frame")
    finally:
        con.unregister("python_model_frame")
    return True


def _load_runs(con: duckdb.DuckDBPyConnection, cat: LakeCatalogue) -> None:
    observed = [
        ObservedRun(*row)
        for row in con.execute(
            "select distinct game, run_id, ruleset, ruleset_digest from stg_events "
            "where event_type = 'game_started' order by game, run_id"
        ).fetchall()
    ]
    for name, table in zip(("runs", "ruleset_assumptions", "display_names"), run_tables(cat, observed)):
        con.register(f"{name}_arrow", table)
        con.execute(f"create or replace table {name} as select * from {name}_arrow")
        con.unregister(f"{name}_arrow")


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
