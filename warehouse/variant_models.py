"""What-if comparisons in the warehouse: the experiment arms, and `met_variant_diff`.

`fct_variant_arms` lists every run the lake catalogue admits whose manifest
carries an experiment tag (written by `balance compare` / `sweep` / `tune`).
`met_variant_diff` pairs each variant arm's games with its baseline's by game
id (same seed, same seating) and gives, per metric and level (overall, player
count, seat, agent, Caprice, slot, tile, god), the paired difference with its
interval; `beyond_noise` holds after the study's correction (Holm) over every row of the
same experiment and variant, and `flagged` adds the minimum effect that
matters for the metric (the report's rule: the correction, alpha and minimums
of the study's `[flags]` table, read from the build's `flag_rules`).
"""

from __future__ import annotations

import json
from typing import Any

import duckdb
import numpy as np
import pandas as pd

from lake.catalogue import LakeCatalogue
from warehouse.flags import FlagError, FlagRules, read_rules
from warehouse.variant_metrics import METRICS, paired
from warehouse.writeback import schema

VALUE_TABLES = ("fct_variant_game_values", "fct_variant_values_caprices", "fct_variant_values_gardens",
                "fct_variant_values_gods")
ARM_COLUMNS = ["run_id", "game", "experiment", "kind", "arm", "role", "baseline_run", "change", "overrides",
               "param", "param_value", "question", "metrics", "ruleset_digest", "created_at"]
KEYS = ["metric", "level_kind", "level"]


def variant_arms_model(con: duckdb.DuckDBPyConnection, lake: LakeCatalogue) -> pd.DataFrame:
    """One row per experiment arm run in the lake (an empty frame when there is none)."""
    rows = []
    for run_id, game, manifest in _manifests(lake):
        tag = manifest.get("extra", {}).get("experiment")
        if not isinstance(tag, dict):
            continue
        rows.append({
            "run_id": run_id, "game": game, "experiment": tag.get("name"), "kind": tag.get("kind"),
            "arm": tag.get("arm"), "role": tag.get("role"), "baseline_run": tag.get("baseline_run"),
            "change": tag.get("change"), "overrides": json.dumps(tag.get("overrides", {})),
            "param": tag.get("param"), "param_value": _shown(tag.get("param_value")),
            "question": tag.get("question", ""), "metrics": json.dumps(tag.get("metrics", [])),
            "ruleset_digest": manifest.get("ruleset", {}).get("digest"),
            "created_at": manifest.get("created_at"),
        })
    return pd.DataFrame(rows, columns=ARM_COLUMNS) if rows else pd.DataFrame()


def variant_diff_model(con: duckdb.DuckDBPyConnection, lake: LakeCatalogue) -> pd.DataFrame:
    """`met_variant_diff`: one row per experiment, variant, metric and level (see the module docstring)."""
    arms = con.execute("select * from fct_variant_arms").df()
    values = _game_values(con)
    rows: list[dict[str, Any]] = []
    for variant in arms[arms.role == "variant"].itertuples():
        base = values[values.run_id == variant.baseline_run]
        mine = values[values.run_id == variant.run_id]
        if base.empty or mine.empty:
            continue
        pairs = mine.merge(base, on=["game_id", "num_players", *KEYS], suffixes=("", "_base"))
        head = {"experiment": variant.experiment, "kind": variant.kind, "game": variant.game,
                "variant": variant.arm, "change": variant.change, "param": variant.param,
                "param_value": variant.param_value, "run_id": variant.run_id, "baseline_run": variant.baseline_run,
                "created_at": variant.created_at}
        rows.extend({**head, **row} for row in diff_rows(pairs))
    if not rows:
        return pd.DataFrame()
    return flag(pd.DataFrame(rows), read_rules(con))


def diff_rows(pairs: pd.DataFrame) -> list[dict[str, Any]]:
    """Paired rows for every metric and level, pooled over player counts and per player count."""
    rows: list[dict[str, Any]] = []
    counts = sorted(pairs.num_players.unique())
    for (metric, kind, level), group in pairs.groupby(KEYS, sort=True):
        if kind != "seat":  # a seat is only meaningful within one player count
            rows.append(_row(metric, kind, level, None, group))
        if len(counts) > 1 or kind == "seat":
            for players, part in group.groupby("num_players"):
                label = (f"{players} players" if kind == "overall" else
                         f"{level} of {players}" if kind == "seat" else f"{level}, {players} players")
                rows.append(_row(metric, kind, label, int(players), part))
    return rows


def _row(metric: str, kind: str, level: str, players: int | None, group: pd.DataFrame) -> dict[str, Any]:
    ordered = group.sort_values("game_id")
    stats = paired(ordered["value_base"].to_numpy(dtype=float), ordered["value"].to_numpy(dtype=float))
    return {"metric": metric, "level_kind": kind, "level": level, "num_players": players, **stats}


def flag(frame: pd.DataFrame, rules: FlagRules) -> pd.DataFrame:
    """beyond_noise: the study's correction (Holm by default) over each experiment and variant's rows;
    flagged: also at least the metric's minimum (the study's `[flags]` table, as for every metric table)."""
    from statsmodels.stats.multitest import multipletests

    missing = sorted(set(frame.metric) - set(rules.min_effect))
    if missing:
        raise FlagError(f"{rules.source}: no flags.min_effect.{missing[0]} for met_variant_diff; add the smallest "
                        f"change in {missing[0]} that matters to a designer")
    frame = frame.assign(p_adjusted=np.nan, beyond_noise=False, min_effect=frame.metric.map(rules.min_effect),
                         correction=rules.correction_name, alpha=rules.alpha)
    for _, index in frame.groupby(["experiment", "variant"]).groups.items():
        p = frame.loc[index, "p_value"]
        tested = p.notna()
        if tested.any():
            reject, adjusted, _, _ = multipletests(p[tested], alpha=rules.alpha, method=rules.correction)
            frame.loc[p[tested].index, "p_adjusted"] = adjusted
            frame.loc[p[tested].index, "beyond_noise"] = reject
    frame["beyond_noise"] = frame["beyond_noise"].astype(bool)
    frame["flagged"] = frame.beyond_noise & (frame["diff"].abs() >= frame.min_effect - 1e-12)
    frame["metric_title"] = frame.metric.map(lambda m: METRICS[m].title if m in METRICS else m)
    return frame


def _game_values(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    present = {row[0] for row in con.execute("select table_name from information_schema.tables").fetchall()}
    parts = [f"select run_id, game_id, num_players, metric, level_kind, level, value from {t}"
             for t in VALUE_TABLES if t in present]
    return con.execute(" union all ".join(parts)).df()


def _manifests(lake: LakeCatalogue) -> list[tuple[str, str | None, dict[str, Any]]]:
    """(run id, game, manifest) of every complete run the lake catalogue admits."""
    return [(run.run_id, run.game, run.manifest or {}) for run in lake.complete_runs()]


def _shown(value: Any) -> str | None:
    return None if value is None else json.dumps(value) if not isinstance(value, str) else value


PYTHON_MODELS = {
    "fct_variant_arms": (variant_arms_model, (), "one row per experiment arm run (baseline or variant)", "facts"),
    "met_variant_diff": (variant_diff_model, ("fct_variant_arms", "fct_variant_game_values"),
                         "one row per experiment, variant, metric and level (paired by game)", "metrics"),
}

# name -> key (as in a model's `-- key:` header); num_players is null on rows pooled over player counts
PYTHON_KEYS = {
    "fct_variant_arms": "run_id",
    "met_variant_diff": "experiment, variant, metric, level, num_players?",
}

# name -> the columns it writes, with their types (warehouse.writeback)
PYTHON_SCHEMAS = {
    "fct_variant_arms": schema(", ".join(f"{name} string" for name in ARM_COLUMNS)),
    "met_variant_diff": schema(
        "experiment string, kind string, game string, variant string, change string, param string, "
        "param_value string, run_id string, baseline_run string, created_at string, metric string, "
        "level_kind string, level string, num_players int32, n int64, baseline double, value double, diff double, "
        "value_lo double, value_hi double, diff_lo double, diff_hi double, p_value double, "
        "diff_lo_unpaired double, diff_hi_unpaired double, pairing_gain double, p_adjusted double, "
        "beyond_noise bool, min_effect double, correction string, alpha double, flagged bool, "
        "metric_title string"),
}
