"""SQL models and invariant tests: discovery, header parsing, dependency order.

Each `.sql` file is one model (or one zero-row test) whose header comments
declare what the builder needs:

    -- grain: one row per player per game     (required for models)
    -- key: run_id, game_id, seat              (required for models: the columns that identify a row; a column
                                                that is null on some rows by the grain ends in `?`, e.g.
                                                `num_players?` for rows pooled over player counts)
    -- depends: stg_events, fct_games          (models or tables it reads)
    -- game: caprices                          (only built when that game is in the lake)
    -- lake: tile_values/game=gardens/run=*/part-*.parquet
                                               (only built when that glob matches a file in the lake;
                                                models depending on a skipped model are skipped too)
    -- flag: metric=seat_win_rate estimate=win_rate reference=reference lo=win_lo hi=win_hi n=n
                                               (the shared "look here" rule, see warehouse/flags.py;
                                                one line per flag column)
    -- incremental: run                        (a fact whose rows for a run depend only on that run:
                                                updated run by run, see warehouse.incremental)

A few metrics need fits SQL cannot do (a fixed-effects regression with
clustered errors, a Bradley-Terry rating): those are Python models, declared
with the same facts (name, grain, depends) in a module's `PYTHON_MODELS`
and their keys in its `PYTHON_KEYS`
(`warehouse.tile_models` for Four Gardens; `warehouse.ratings`,
`warehouse.findings` and `warehouse.verdicts` for every game), each a function
of the connection and the lake catalogue returning a data frame.

Models are ordered by layer (staging, facts, metrics) and, within the whole
graph, topologically by their declared dependencies.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from engine.core.errors import BalanceError
from lake.catalogue import LakeCatalogue
from warehouse.flags import FlagSpec, parse_spec

LAYERS = ("staging", "facts", "metrics")
MODELS_DIR = Path(__file__).parent / "models"
TESTS_DIR = Path(__file__).parent / "tests"
MACROS_FILE = Path(__file__).parent / "macros.sql"
# Tables the builder loads itself (from run manifests) before any model runs.
BUILTIN_TABLES = ("runs", "ruleset_assumptions", "lake_left_out", "display_names")
_LAKE_GLOB = re.compile(r"'\{\{ lake \}\}/([^']*)'")
_HEADER = re.compile(r"^--\s*(grain|key|depends|game|lake|flag|incremental):\s*(.*?)\s*$")


class ModelError(BalanceError):
    """A model file is malformed or its dependencies cannot be ordered."""


@dataclass(frozen=True)
class KeyColumn:
    """One column of a model's key; `nullable` where the grain has rows without it (pooled rows)."""

    name: str
    nullable: bool = False


def parse_key(text: str, where: str) -> tuple[KeyColumn, ...]:
    """`run_id, game_id, num_players?` -> the key's columns (a trailing `?` marks a nullable one)."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise ModelError(f"{where}: missing '-- key: <columns that identify a row>' header comment")
    key = tuple(KeyColumn(name.rstrip("?").strip(), name.endswith("?")) for name in names)
    if len({column.name for column in key}) != len(key):
        raise ModelError(f"{where}: '-- key: {text}' names a column twice")
    return key


@dataclass(frozen=True)
class Model:
    """One SQL file: a staging view, a fact or metric table, or a zero-row test."""

    name: str
    layer: str
    path: Path
    sql: str
    grain: str
    depends: tuple[str, ...]
    game: str | None
    key: tuple[KeyColumn, ...] = ()  # `-- key:` header; checked unique and not null by tests/warehouse/test_contracts
    lake_glob: str | None = None  # optional lake input: skip the model when nothing matches
    python: Callable[[Any, Any], Any] | None = None  # a Python model: (connection, lake catalogue) -> data frame
    schema: Any = None  # a Python model's columns and their types (a pyarrow schema, warehouse.writeback)
    flags: tuple[FlagSpec, ...] = ()  # `-- flag:` headers: columns the shared flag rule recomputes
    incremental: bool = False  # `-- incremental: run`: rows of new runs are inserted, see warehouse.incremental

    @property
    def materialization(self) -> str:
        """Staging models are views over the lake; everything else is a table."""
        return "view" if self.layer == "staging" else "table"


def parse_model(path: Path, layer: str) -> Model:
    """Read one SQL file and its header comments."""
    sql = path.read_text(encoding="utf-8")
    headers: dict[str, str] = {}
    flags = []
    for line in sql.splitlines():
        match = _HEADER.match(line)
        if match and match.group(1) == "flag":
            flags.append(parse_spec(match.group(2), str(path)))
        elif match:
            headers[match.group(1)] = match.group(2)
    if layer in LAYERS and not headers.get("grain"):
        raise ModelError(f"{path}: missing '-- grain: one row per ...' header comment")
    key = parse_key(headers.get("key", ""), str(path)) if layer in LAYERS else ()
    depends = tuple(d.strip() for d in headers.get("depends", "").split(",") if d.strip())
    incremental = headers.get("incremental", "")
    if incremental not in ("", "run"):
        raise ModelError(f"{path}: '-- incremental: {incremental}' is not understood; the only form is "
                         "'-- incremental: run'")
    return Model(path.stem, layer, path, sql, headers.get("grain", ""), depends, headers.get("game") or None,
                 key, headers.get("lake") or None, flags=tuple(flags), incremental=incremental == "run")


def discover_models(models_dir: Path = MODELS_DIR) -> list[Model]:
    """Every model under staging/, facts/, metrics/, in build order."""
    models = [parse_model(path, layer) for layer in LAYERS for path in sorted((models_dir / layer).glob("*.sql"))]
    return build_order(models + python_models())


def python_models() -> list[Model]:
    """The Python models (imported here: they need pandas, statsmodels and choix).

    Metric models declare (builder, the model they read, grain); the what-if models also their layer; every
    module its models' keys (`PYTHON_KEYS`, written as in a `-- key:` header) and the columns they write with their
    types (`PYTHON_SCHEMAS`: the table keeps them whatever the data, see warehouse.writeback).
    """
    from warehouse import findings, ratings, tile_models, variant_models, verdicts

    # listed after every SQL model, so within the metrics layer they are built after all SQL metrics
    # (met_findings_by_lineup reads whichever headline tables the lake's games produced)
    return [
        *(Model(name, "metrics", Path(module.__file__ or ""), "", grain, (depends,), game, _python_key(module, name),
                python=builder, schema=module.PYTHON_SCHEMAS[name],
                flags=tuple(parse_spec(spec, f"{module.__file__} {name}")
                            for spec in getattr(module, "PYTHON_FLAGS", {}).get(name, ())))
          for module, game in ((tile_models, "gardens"), (ratings, None), (findings, None), (verdicts, None))
          for name, (builder, depends, grain) in module.PYTHON_MODELS.items()),
        *(Model(name, layer, Path(variant_models.__file__), "", grain, depends, None,
                _python_key(variant_models, name), python=builder, schema=variant_models.PYTHON_SCHEMAS[name])
          for name, (builder, depends, grain, layer) in variant_models.PYTHON_MODELS.items()),
    ]


def _python_key(module: Any, name: str) -> tuple[KeyColumn, ...]:
    return parse_key(getattr(module, "PYTHON_KEYS", {}).get(name, ""), f"{module.__file__} PYTHON_KEYS[{name!r}]")


def discover_tests(tests_dir: Path = TESTS_DIR) -> list[Model]:
    """Every zero-row invariant query, by name."""
    return [parse_model(path, "test") for path in sorted(tests_dir.glob("*.sql"))]


def build_order(models: list[Model]) -> list[Model]:
    """Topological order over declared dependencies; layer order breaks ties."""
    by_name = {m.name: m for m in models}
    if len(by_name) != len(models):
        raise ModelError("two model files share a name; model names must be unique across layers")
    for model in models:
        for dep in model.depends:
            if dep not in by_name and dep not in BUILTIN_TABLES:
                raise ModelError(f"{model.path}: depends on unknown model {dep!r}")
    ordered: list[Model] = []
    done: set[str] = set()
    visiting: set[str] = set()

    def visit(model: Model) -> None:
        if model.name in done:
            return
        if model.name in visiting:
            raise ModelError(f"{model.path}: dependency cycle through {model.name!r}")
        visiting.add(model.name)
        for dep in model.depends:
            if dep in by_name:
                visit(by_name[dep])
        visiting.discard(model.name)
        done.add(model.name)
        ordered.append(model)

    for model in sorted(models, key=lambda m: LAYERS.index(m.layer)):
        visit(model)
    return ordered


def matching_files(cat: LakeCatalogue, pattern: str) -> list[str]:
    """The admitted files (complete runs' manifests) whose lake key matches a glob such as
    `events/game=caprices/run=*/part-*.parquet`, as names DuckDB opens."""
    admitted = sorted(key for run in cat.complete_runs() for key in run.files)
    return [cat.store.uri(key) for key in admitted if fnmatchcase(key, pattern)]


def lake_globs(sql: str) -> list[str]:
    """The lake globs a model's SQL reads (`'{{ lake }}/<glob>'`)."""
    return _LAKE_GLOB.findall(sql)


def render(sql: str, cat: LakeCatalogue) -> str:
    """Replace each `'{{ lake }}/<glob>'` string with the list of admitted files matching the glob.

    Models keep their readable globs, but DuckDB never lists the lake itself:
    it reads exactly the files the lake catalogue admits, nothing stray.
    """
    def files_literal(match: re.Match[str]) -> str:
        names = matching_files(cat, match.group(1))
        if not names:
            raise ModelError(f"no admitted lake file matches {match.group(1)!r}")
        return "[" + ", ".join("'" + name.replace("'", "''") + "'" for name in names) + "]"

    return _LAKE_GLOB.sub(files_literal, sql)
