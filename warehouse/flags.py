"""Flags that mean "look here": one rule for every metric table.

With thousands of games almost any difference is beyond noise, so an
uncorrected 95% interval flags most cells of a long table. A cell is flagged
here only when both hold:

1. it is beyond noise after a multiple-comparison correction over the cells
   the table compares (statsmodels' `multipletests`, Holm by default), one
   family per kind of play (`agent_mix`) and ruleset where the table has
   those columns, and
2. the difference is at least the minimum that matters for its metric.

A metric model opts in with a header line naming its columns, e.g.

    -- flag: metric=seat_win_rate estimate=win_rate reference=reference lo=win_lo hi=win_hi n=n

`reference` is a column or a number; `n` (optional) makes it a rate, tested
with the one-sample score test (z = (rate - p0) / sqrt(p0 (1 - p0) / n));
without `n` the standard error is read from the 95% interval ((hi - lo) / 3.92);
`p` names a column of p-values the model computed itself (used as they are).
`column` (default `flagged`) names the flag to write; its prefix (`holder_` for
`holder_flagged`) prefixes the companion columns. `where=<SQL>` (last on the
line) limits the compared rows. The minimum effects and the correction come
from the study file's `[flags]` table.

Companion columns written beside the flag: `<p>effect` (estimate - reference),
`<p>min_effect`, `<p>p_value`, `<p>p_adjusted`, `<p>beyond_noise_uncorrected`
(the old per-cell rule), `<p>beyond_noise` (after correction). A summary of
every flagged table goes to `flag_summary`.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import numpy as np
import pandas as pd
import pyarrow as pa

from engine.core.errors import BalanceError
from warehouse.writeback import table_schema, write_table

DEFAULT_STUDY = Path(__file__).resolve().parent.parent / "simulate" / "study.toml"
METHODS = {"holm": "Holm", "fdr_bh": "Benjamini–Hochberg"}
Z95 = 1.959963984540054
_PAIR = re.compile(r"(\w+)=(\S+)")
RULES_SCHEMA = pa.schema([("metric", pa.string()), ("min_effect", pa.float64()), ("correction", pa.string()),
                          ("correction_name", pa.string()), ("alpha", pa.float64()), ("source", pa.string())])
FAMILY_COLUMNS = ("agent_mix", "ruleset")  # a table's cells are corrected per kind of play and ruleset


class FlagError(BalanceError):
    """A `-- flag:` header or the study's `[flags]` table is malformed (names the file and the fix)."""


@dataclass(frozen=True)
class FlagRules:
    """The study's `[flags]` table: the correction and the minimum effect per metric."""

    correction: str = "holm"
    alpha: float = 0.05
    min_effect: dict[str, float] = field(default_factory=dict)
    source: str = "defaults"

    @property
    def correction_name(self) -> str:
        return METHODS[self.correction]


@dataclass(frozen=True)
class FlagSpec:
    """One `-- flag:` header of a metric model."""

    metric: str
    estimate: str
    reference: str
    lo: str
    hi: str
    n: str | None = None
    p: str | None = None  # a column of p-values the model computed itself (e.g. clustered), used as they are
    column: str = "flagged"
    where: str | None = None

    @property
    def prefix(self) -> str:
        return self.column.removesuffix("flagged")


def load_rules(path: Path = DEFAULT_STUDY) -> FlagRules:
    """The `[flags]` table of a study file over the default study's (a study may set only what it changes)."""
    data = {**_flags_table(DEFAULT_STUDY)}
    own = _flags_table(path) if path.resolve() != DEFAULT_STUDY else {}
    data.update({k: v for k, v in own.items() if k != "min_effect"})
    minimums = {**data.get("min_effect", {}), **own.get("min_effect", {})}
    correction = data.get("correction", "holm")
    if correction not in METHODS:
        raise FlagError(f"{path}: flags.correction must be one of {', '.join(METHODS)}, got {correction!r}")
    bad = [k for k, v in minimums.items() if isinstance(v, bool) or not isinstance(v, int | float) or v < 0]
    if bad:
        raise FlagError(f"{path}: flags.min_effect.{bad[0]} must be a number >= 0")
    alpha = data.get("alpha", 0.05)
    if not isinstance(alpha, float) or not 0 < alpha < 1:
        raise FlagError(f"{path}: flags.alpha must be a number between 0 and 1, got {alpha!r}")
    return FlagRules(correction, alpha, {k: float(v) for k, v in minimums.items()}, str(path))


def write_rules(con: duckdb.DuckDBPyConnection, rules: FlagRules) -> None:
    """The build's rules as the `flag_rules` table (one row per metric), for Python models and pages."""
    frame = pd.DataFrame([{"metric": metric, "min_effect": minimum, "correction": rules.correction,
                           "correction_name": rules.correction_name, "alpha": rules.alpha, "source": rules.source}
                          for metric, minimum in sorted(rules.min_effect.items())], columns=RULES_SCHEMA.names)
    write_table(con, "flag_rules", frame, RULES_SCHEMA)


def read_rules(con: duckdb.DuckDBPyConnection) -> FlagRules:
    """The rules a warehouse was built with (`flag_rules`), or the default study's for an older file."""
    try:
        rows = con.execute("select metric, min_effect, correction, alpha, source from flag_rules").fetchall()
    except duckdb.CatalogException:
        return load_rules()
    if not rows:
        return load_rules()
    return FlagRules(rows[0][2], rows[0][3], {r[0]: float(r[1]) for r in rows}, rows[0][4])


def _flags_table(path: Path) -> dict[str, Any]:
    try:
        flags = tomllib.loads(path.read_text(encoding="utf-8")).get("flags", {})
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise FlagError(f"{path}: cannot read the [flags] table ({exc})") from None
    if not isinstance(flags, dict) or not isinstance(flags.get("min_effect", {}), dict):
        raise FlagError(f"{path}: [flags] must be a table with a [flags.min_effect] table")
    return flags


def parse_spec(text: str, where: str) -> FlagSpec:
    """A `-- flag:` header's text (after the colon) as a FlagSpec; `where` names the model for errors."""
    body, _, condition = text.partition(" where=")
    values = dict(_PAIR.findall(body))
    missing = [k for k in ("metric", "estimate", "reference", "lo", "hi") if k not in values]
    if missing:
        raise FlagError(f"{where}: '-- flag:' needs {', '.join(missing)} (e.g. metric=seat_win_rate estimate=win_rate "
                        "reference=reference lo=win_lo hi=win_hi n=n)")
    unknown = set(values) - {"metric", "estimate", "reference", "lo", "hi", "n", "p", "column"}
    if unknown:
        raise FlagError(f"{where}: '-- flag:' has unknown keys {sorted(unknown)}")
    return FlagSpec(**values, where=condition.strip() or None)


def apply_flags(con: duckdb.DuckDBPyConnection, table: str, specs: list[FlagSpec], rules: FlagRules) -> None:
    """Recompute each spec's flag on `table` by the shared rule and record it in `flag_summary`."""
    frame = con.execute(f"select * from {table}").df()
    # the model's own columns keep their types (a nullable integer stays one), the flag columns get theirs
    types = {field.name: field.type for field in table_schema(con, table)}
    for spec in specs:
        if spec.metric not in rules.min_effect:
            raise FlagError(f"{rules.source}: no flags.min_effect.{spec.metric} for table {table}; "
                            f"add the smallest {spec.metric} difference that matters to a designer")
        compared = _compared_rows(con, table, spec, len(frame))
        frame = flag_frame(frame, spec, rules, compared)
        _record(con, table, spec, rules, frame)
        types.update(_flag_types(spec))
    write_table(con, table, frame, pa.schema([(name, types[name]) for name in frame.columns]))


def _flag_types(spec: FlagSpec) -> dict[str, pa.DataType]:
    """The types of the columns `flag_frame` writes for a spec."""
    p = spec.prefix
    return {f"{p}effect": pa.float64(), f"{p}min_effect": pa.float64(), f"{p}p_value": pa.float64(),
            f"{p}p_adjusted": pa.float64(), f"{p}beyond_noise_uncorrected": pa.bool_(),
            f"{p}beyond_noise": pa.bool_(), spec.column: pa.bool_()}


def flag_frame(frame: pd.DataFrame, spec: FlagSpec, rules: FlagRules, compared: np.ndarray) -> pd.DataFrame:
    """`frame` with the spec's flag and companion columns (pure: the rule itself)."""
    from statsmodels.stats.multitest import multipletests

    p = spec.prefix
    estimate = frame[spec.estimate].astype(float)
    reference = _reference(frame, spec.reference)
    effect = estimate - reference
    p_values = _p_values(frame, spec, estimate, reference)
    tested = compared & p_values.notna().to_numpy()
    adjusted = pd.Series(np.nan, index=frame.index)
    beyond = pd.Series(False, index=frame.index)
    for family in _families(frame, tested):
        reject, corrected, _, _ = multipletests(p_values[family], alpha=rules.alpha, method=rules.correction)
        adjusted[family] = corrected
        beyond[family] = reject
    minimum = rules.min_effect[spec.metric]
    uncorrected = tested & ((reference < frame[spec.lo]) | (reference > frame[spec.hi])).fillna(False).to_numpy()
    return frame.assign(**{
        f"{p}effect": effect,
        f"{p}min_effect": minimum,
        f"{p}p_value": p_values.where(tested),
        f"{p}p_adjusted": adjusted,
        f"{p}beyond_noise_uncorrected": uncorrected,
        f"{p}beyond_noise": beyond.astype(bool),
        spec.column: beyond.astype(bool) & (effect.abs() >= minimum - 1e-12).fillna(False),
    })


def _families(frame: pd.DataFrame, tested: np.ndarray) -> list[np.ndarray]:
    """The tested rows split into correction families: one per kind of play and ruleset where the table has them.

    A search cell is not made to pay for the random and mixed-play cells of its table (nor one ruleset for
    another's): each kind of play asks its own question.
    """
    keys = [column for column in FAMILY_COLUMNS if column in frame.columns]
    if not keys:
        return [tested] if tested.any() else []
    groups = frame[keys].astype(str).agg("|".join, axis=1).to_numpy()
    return [tested & (groups == group) for group in dict.fromkeys(groups[tested])]


def _reference(frame: pd.DataFrame, reference: str) -> pd.Series:
    try:
        return pd.Series(float(reference), index=frame.index)
    except ValueError:
        return frame[reference].astype(float)


def _p_values(frame: pd.DataFrame, spec: FlagSpec, estimate: pd.Series, reference: pd.Series) -> pd.Series:
    """Two-sided p-values: the model's own, else the score test for rates with n, else a z test with the
    interval's standard error."""
    from scipy.stats import norm

    if spec.p is not None:
        return frame[spec.p].astype(float)
    interval_se = (frame[spec.hi].astype(float) - frame[spec.lo].astype(float)) / (2 * Z95)
    se = interval_se
    if spec.n is not None:
        n = frame[spec.n].astype(float)
        score_se = np.sqrt(reference * (1 - reference) / n)
        se = score_se.where((reference > 0) & (reference < 1) & (n > 0), interval_se)
    z = (estimate - reference) / se.where(se > 0)
    return pd.Series(2 * norm.sf(z.abs()), index=frame.index).where(z.notna())


def _compared_rows(con: duckdb.DuckDBPyConnection, table: str, spec: FlagSpec, rows: int) -> np.ndarray:
    """The rows the flag compares: the `where` ones, simulated games only where the table has a `source`.

    Recorded playtests are set beside the simulations with their own verdict
    (reports.kit.notebook.beside); they never enter the corrected flags.
    """
    columns = {row[0] for row in con.execute(f"describe {table}").fetchall()}
    conditions = ([f"({spec.where})"] if spec.where is not None else []) + (
        ["source = 'simulated'"] if "source" in columns else [])
    if not conditions:
        return np.ones(rows, dtype=bool)
    try:
        mask = con.execute(f"select coalesce({' and '.join(conditions)}, false) from {table}").fetchall()
    except duckdb.Error as exc:
        raise FlagError(f"{table}: '-- flag: ... where={spec.where}' does not run: {exc}") from None
    return np.array([bool(m[0]) for m in mask], dtype=bool)


def _record(con: duckdb.DuckDBPyConnection, table: str, spec: FlagSpec, rules: FlagRules, frame: pd.DataFrame) -> None:
    p = spec.prefix
    row: dict[str, Any] = {
        "table_name": table, "flag_column": spec.column, "metric": spec.metric, "estimate": spec.estimate,
        "lo": spec.lo, "hi": spec.hi, "reference": spec.reference,
        "min_effect": rules.min_effect[spec.metric], "correction": rules.correction_name, "alpha": rules.alpha,
        "cells": int(frame[f"{p}p_value"].notna().sum()),
        "beyond_noise_uncorrected": int(frame[f"{p}beyond_noise_uncorrected"].sum()),
        "beyond_noise": int(frame[f"{p}beyond_noise"].sum()),
        "flagged": int(frame[spec.column].sum()),
    }
    con.execute("""
        create table if not exists flag_summary (
            table_name varchar, flag_column varchar, metric varchar, estimate varchar, lo varchar, hi varchar,
            reference varchar, min_effect double, correction varchar,
            alpha double, cells integer, beyond_noise_uncorrected integer, beyond_noise integer, flagged integer)
    """)
    con.execute("delete from flag_summary where table_name = ? and flag_column = ?", [table, spec.column])
    con.execute(f"insert into flag_summary values ({', '.join('?' * len(row))})", list(row.values()))

