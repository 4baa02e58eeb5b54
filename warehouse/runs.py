"""Run metadata: the `runs`, `ruleset_assumptions` and `display_names` tables.

Every run the warehouse reads is complete, so it has a manifest (kind, spec,
ruleset name/digest/TOML text, code version), taken from the lake catalogue.
The ruleset text is parsed with the engine's own ruleset loader so the report
can list every `assumed` value a result depends on. A manifest without the
TOML text falls back to the game's registered ruleset of the same name when
its digest matches what the games logged; otherwise its assumptions are
marked unknown.

Display names (`[names]` in a ruleset, and each Caprice's `name`) come from the
run's ruleset text, overlaid by the registered ruleset file of the same name
when its digest matches: names are outside the digest, so a renamed Caprice
shows in the report without re-simulating.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from engine.core.errors import BalanceError
from engine.core.ruleset import DISPLAY_PREFIX, Ruleset, load_ruleset
from lake.catalogue import LakeCatalogue
from lake.manifest import in_study
from warehouse.query import one_value

RUNS_SCHEMA = pa.schema([
    ("run_id", pa.string()), ("game", pa.string()), ("ruleset", pa.string()), ("ruleset_digest", pa.string()),
    ("has_manifest", pa.bool_()), ("spec_json", pa.string()), ("code_version", pa.string()),
    ("created_at", pa.string()), ("assumptions_from", pa.string()), ("source", pa.string()), ("kind", pa.string()),
    ("in_study", pa.bool_()), ("strong_plays", pa.string()),
])
ASSUMPTIONS_SCHEMA = pa.schema([
    ("run_id", pa.string()), ("game", pa.string()), ("ruleset", pa.string()), ("ruleset_digest", pa.string()),
    ("key", pa.string()), ("value", pa.string()), ("note", pa.string()),
])
NAMES_SCHEMA = pa.schema([
    ("game", pa.string()), ("ruleset", pa.string()), ("kind", pa.string()), ("id", pa.string()),
    ("name", pa.string()),
])


@dataclass(frozen=True)
class ObservedRun:
    """What the events themselves say about a run (from its game_started events)."""

    game: str
    run_id: str
    ruleset: str
    ruleset_digest: str


def _pick(data: dict[str, Any], *paths: str) -> Any:
    """The first present value among dotted key paths (manifest fields may nest)."""
    for dotted in paths:
        node: Any = data
        for part in dotted.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        if node is not None:
            return node
    return None


def _ruleset_from_text(text: str, game: str) -> Ruleset:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "manifest_ruleset.toml"
        path.write_text(text, encoding="utf-8")
        return load_ruleset(path, _ruleset_game(game))


def _ruleset_game(game: str) -> str:
    """The `meta.game` its rulesets carry: a variant game (e.g. `caprices-joust`) plays another game's rulesets."""
    try:
        from engine.registry import get_game

        return get_game(game).ruleset_game
    except (BalanceError, ImportError):
        return game


def _registered_ruleset(game: str, name: str) -> Ruleset | None:
    try:
        from engine.registry import get_game

        return get_game(game).load_ruleset(name)
    except (BalanceError, ImportError):
        return None


def describe_run(
    manifest: dict[str, Any] | None, seen: ObservedRun
) -> tuple[dict[str, Any], list[dict[str, Any]], dict[tuple, str]]:
    """One `runs` row, its `ruleset_assumptions` rows and its display names."""
    data = manifest or {}
    toml_text = _pick(data, "ruleset.toml", "ruleset.text", "ruleset_toml", "ruleset_text", "ruleset.toml_text")
    ruleset: Ruleset | None = None
    source = "unknown"
    if isinstance(toml_text, str):
        ruleset = _ruleset_from_text(toml_text, seen.game)
        source = "manifest"
    current = _registered_ruleset(seen.game, seen.ruleset)
    if ruleset is None and current is not None and current.digest == seen.ruleset_digest:
        ruleset, source = current, "ruleset file (digest matches)"
    spec = _pick(data, "spec")
    row = {
        "run_id": seen.run_id, "game": seen.game, "ruleset": seen.ruleset, "ruleset_digest": seen.ruleset_digest,
        "has_manifest": manifest is not None,
        "spec_json": json.dumps(spec, sort_keys=True) if spec is not None else None,
        "code_version": _as_text(_pick(data, "code_version", "version", "git")),
        "created_at": _as_text(_pick(data, "created_at", "timings.finished_unix")),
        "assumptions_from": source,
        "source": run_source(data),
        "kind": _as_text(data.get("kind", "simulated" if manifest is not None else None)),
        "in_study": in_study(data),
        "strong_plays": _as_text(_pick(data, "extra.strong_plays")),
    }
    assumptions = []
    names = display_names(ruleset, current, seen)
    if ruleset is not None:
        for key, prov in sorted(ruleset.assumed().items()):
            if key.startswith(DISPLAY_PREFIX):
                continue  # a name, not a rule the results rest on
            assumptions.append({
                "run_id": seen.run_id, "game": seen.game, "ruleset": seen.ruleset,
                "ruleset_digest": seen.ruleset_digest, "key": key,
                "value": json.dumps(ruleset.values[key], ensure_ascii=False), "note": prov.note,
            })
    return row, assumptions, names


def display_names(logged: Ruleset | None, current: Ruleset | None, seen: ObservedRun) -> dict[tuple, str]:
    """(game, ruleset, kind, id) -> name from the run's ruleset, the current file's names winning."""
    names: dict[tuple, str] = {}
    same_rules = current is not None and current.digest == seen.ruleset_digest
    for ruleset in (logged, current if same_rules else None):
        if ruleset is not None:
            for (kind, ident), name in ruleset.display_names(seen.game).items():
                ident = seen.game if kind == "game" else seen.ruleset if kind == "ruleset" else ident
                names[(seen.game, seen.ruleset, kind, ident)] = name
    return names


def run_source(manifest: dict[str, Any]) -> str:
    """`recorded` for games ingested from playtests (`balance ingest`), else `simulated`."""
    return "recorded" if _pick(manifest, "extra.source") == "recorded" else "simulated"


def _as_text(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True)


def run_tables(cat: LakeCatalogue, observed: list[ObservedRun]) -> tuple[pa.Table, pa.Table, pa.Table]:
    """The `runs`, `ruleset_assumptions` and `display_names` tables for every run seen in the events."""
    runs: list[dict[str, Any]] = []
    assumptions: list[dict[str, Any]] = []
    names: dict[tuple, str] = {}
    for seen in observed:
        found = cat.runs.get(seen.run_id)
        row, rows, run_names = describe_run(found.manifest if found is not None else None, seen)
        runs.append(row)
        assumptions.extend(rows)
        names.update(run_names)
    name_rows = [dict(zip(NAMES_SCHEMA.names, (*key, name))) for key, name in sorted(names.items())]
    return (pa.Table.from_pylist(runs, schema=RUNS_SCHEMA),
            pa.Table.from_pylist(assumptions, schema=ASSUMPTIONS_SCHEMA),
            pa.Table.from_pylist(name_rows, schema=NAMES_SCHEMA))


def load_runs(con: duckdb.DuckDBPyConnection, cat: LakeCatalogue, removed: list[str]) -> None:
    """The `runs`, `ruleset_assumptions` and `display_names` tables: every run seen in stg_events (in an
    incremental build, stg_events holds the new runs alone and the runs built before are kept, less the removed
    ones)."""
    query = ("select distinct game, run_id, ruleset, ruleset_digest from stg_events "
             "where event_type = 'game_started'")
    if one_value(con, "select count(*) from duckdb_tables() where schema_name = 'main' and table_name = 'runs'"):
        query += (" union select game, run_id, ruleset, ruleset_digest from main.runs "
                  "where run_id not in (select unnest(?::varchar[]))")
        params: list[Any] = [removed]
    else:
        params = []
    observed = [ObservedRun(*row) for row in con.execute(f"{query} order by game, run_id", params).fetchall()]
    for name, table in zip(("runs", "ruleset_assumptions", "display_names"), run_tables(cat, observed)):
        con.register(f"{name}_arrow", table)
        con.execute(f"create or replace table {name} as select * from {name}_arrow")
        con.unregister(f"{name}_arrow")
