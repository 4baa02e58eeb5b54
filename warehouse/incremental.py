"""What an incremental build must do: the runs the warehouse holds, and which runs are new or gone.

The warehouse remembers, in `warehouse_built_runs`, every complete run it
has read (with its manifest's seal), and in `warehouse_meta` a fingerprint of
the models, tests and macros it was built with. A later build then reads only
the runs that landed since; it rebuilds in full (`plan_update` returns None)
when there is no warehouse yet, when the fingerprint differs (a model, test or
macro changed), or when a new run brings a game the warehouse has no tables
for yet.

A fact model opts in with the header `-- incremental: run`, which promises
that its rows for a run depend only on that run's events and on the same
run's rows of the tables it reads (every row carries `run_id`). Its new rows
are inserted from staging views that read only the new runs' files; its rows
of removed runs are deleted. Every other model (metrics, facts that pool runs,
Python models) is rebuilt in full from the tables, which are small next to
the events.
"""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import duckdb

from engine.core.errors import BalanceError
from lake.catalogue import CatalogedRun, LakeCatalogue
from warehouse.models import MACROS_FILE, Model, render
from warehouse.query import connect, one_value

STATE_TABLE = "warehouse_built_runs"
META_TABLE = "warehouse_meta"
FORMAT = "1"  # bump when the warehouse's own layout (these tables) changes


@dataclass(frozen=True)
class Plan:
    """An incremental update: runs to read and runs whose rows go."""

    new: list[CatalogedRun]
    removed: list[str]  # run ids built before, no longer complete in the lake (or replaced: also in `new`)

    @property
    def empty(self) -> bool:
        return not self.new and not self.removed


def fingerprint(models: list[Model], tests: list[Model]) -> str:
    """A digest of everything that decides the warehouse's contents besides the lake."""
    digest = hashlib.sha256(FORMAT.encode())
    digest.update(MACROS_FILE.read_bytes())
    for model in [*models, *tests]:
        digest.update(f"\0{model.layer}:{model.name}\0".encode())
        digest.update(model.sql.encode() if model.python is None else inspect.getsource(model.python).encode())
    return digest.hexdigest()


def run_seal(run: CatalogedRun) -> str:
    return str((run.manifest or {}).get("seal", ""))


def plan_update(warehouse: Path, cat: LakeCatalogue, expected: str) -> Plan | None:
    """The runs to add and remove to bring `warehouse` up to date, or None when it must be rebuilt in full."""
    if not warehouse.exists():
        return None
    try:
        with connect(str(warehouse), read_only=True) as con:
            meta = dict(con.execute(f"select key, value from {META_TABLE}").fetchall())
            built = {run_id: (game, seal) for run_id, game, seal in
                     con.execute(f"select run_id, game, seal from {STATE_TABLE}").fetchall()}
    except duckdb.Error:
        return None  # an older warehouse without the tables, or not a warehouse at all
    if meta.get("fingerprint") != expected:
        return None
    complete = {run.run_id: run for run in cat.complete_runs()}
    new = [run for run_id, run in sorted(complete.items())
           if run_id not in built or built[run_id][1] != run_seal(run)]
    removed = sorted(run_id for run_id, (_, seal) in built.items()
                     if run_id not in complete or run_seal(complete[run_id]) != seal)
    known_games = {game for game, _ in built.values() if game}
    if any(run.game not in known_games for run in new):
        return None
    return Plan(new, removed)


def record_state(con: duckdb.DuckDBPyConnection, cat: LakeCatalogue, expected: str) -> None:
    """Remember the runs just built and the fingerprint they were built with."""
    rows = [(run.run_id, run.game, run_seal(run)) for run in cat.complete_runs()]
    con.execute(f"create or replace table {STATE_TABLE} (run_id varchar, game varchar, seal varchar)")
    if rows:
        con.executemany(f"insert into {STATE_TABLE} values (?, ?, ?)", rows)
    con.execute(f"create or replace table {META_TABLE} (key varchar, value varchar)")
    con.execute(f"insert into {META_TABLE} values ('fingerprint', ?)", [expected])


def only(cat: LakeCatalogue, runs: list[CatalogedRun]) -> LakeCatalogue:
    """The catalogue narrowed to `runs` (for staging views over the new runs' files alone)."""
    return LakeCatalogue(cat.store, {run.run_id: run for run in runs}, [])


def incremental_models(models: list[Model]) -> set[str]:
    """Models updated run by run: opted in, and reading only staging, builtin tables and other such models."""
    names = {m.name for m in models}
    chosen: set[str] = set()
    staging = {m.name for m in models if m.layer == "staging"}
    for model in models:  # in build order: dependencies come first
        if model.incremental and model.python is None and all(
                dep in staging or dep in chosen or dep not in names for dep in model.depends):
            chosen.add(model.name)
    return chosen


def narrow_staging(
    con: duckdb.DuckDBPyConnection, cat: LakeCatalogue, new: LakeCatalogue, staging: list[Model], skipped: list[str],
) -> None:
    """Temporary staging views over the new runs' files alone; they shadow the full ones by name (a model
    none of whose files is new gets an empty view of the same columns)."""
    for model in staging:
        if model.name in skipped:
            continue
        if _has_files(model, new):
            body = render(model.sql, new)
        else:
            body = f"select * from (\n{render(model.sql, cat)}\n) where false"
        con.execute(f"create or replace temp view {model.name} as\n{body}")


def narrow_facts(con: duckdb.DuckDBPyConnection, tables: list[str], run_ids: list[str]) -> None:
    """Temporary views of run-by-run fact tables holding only `run_ids`' rows; they shadow the tables by name."""
    database = one_value(con, "select current_database()")
    present = {row[0] for row in con.execute(
        "select table_name from duckdb_tables() where schema_name = 'main' and not temporary").fetchall()}
    listed = ", ".join("'" + run_id.replace("'", "''") + "'" for run_id in run_ids) or "null"
    for table in tables:
        if table in present:
            con.execute(f'create or replace temp view {table} as select * from "{database}".main.{table} '
                        f"where run_id in ({listed})")


def drop_narrowed(con: duckdb.DuckDBPyConnection, names: list[str]) -> None:
    for name in names:
        con.execute(f"drop view if exists temp.{name}")


def _has_files(model: Model, cat: LakeCatalogue) -> bool:
    try:
        render(model.sql, cat)
    except BalanceError:
        return False
    return True


def add_runs(con: duckdb.DuckDBPyConnection, model: Model, plan: Plan, say: Callable[[str], None]) -> None:
    """Delete a model's rows of removed runs, insert those of the new runs (the table is made if absent)."""
    exists = one_value(con, "select count(*) from duckdb_tables() where schema_name = 'main' and table_name = ?",
                       [model.name])
    try:
        if not exists:
            con.execute(f"create table {model.name} as\n{model.sql}")
        else:
            if plan.removed:
                con.execute(f"delete from {model.name} where run_id in (select unnest(?))", [plan.removed])
            if plan.new:
                con.execute(f"insert into {model.name} select * from (\n{model.sql}\n)")
    except duckdb.Error as exc:
        raise BalanceError(f"{model.path}: model {model.name} failed: {exc}") from None
    say(f"added {len(plan.new)} run(s) to {model.name}")
