"""Python metric models for bonus-tile values (fits SQL cannot do), each row with its conditions.

Every output row belongs to one condition group — ruleset digest, player
count and agent line-up — and carries the conditions a designer needs to read
it: the agents, the player count, how many decisions (or pairs) and games it
rests on, the mix of offered sets, the rounds the decisions came from, the
rollouts, the stream scheme, and the ruleset's `assumed` tile values.

- met_gardens_tile_values: each tile's value against the group's reference tile
  on one scale (`warehouse.tile_scale`), score and win share.
- met_gardens_tile_contrasts: every pair, "choosing X instead of Y at the same
  decision", with Holm-adjusted noise and minimum-effect flags.
- met_gardens_tile_owning: the value of owning a tile (prefer vs avoid policy
  on shared deals): paired score and win-share differences.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import duckdb
import numpy as np
import pandas as pd
from scipy import stats

from engine.gardens.rules import BASE_TILES, CAPRICE_TILES
from lake.catalogue import LakeCatalogue
from warehouse.runs import ObservedRun, describe_run
from warehouse.tile_scale import WIN_RANGE, contrasts, interval, tile_values
from warehouse.writeback import schema

GROUP = ["ruleset_digest", "num_players", "agents"]
TILE_KEY_PREFIXES = ("bonus.", "caprice.")


def tile_order(tiles: set[str]) -> list[str]:
    """A fixed order (base tiles as the rules list them, then Caprice tiles): the first present is the reference."""
    return [t for t in (*BASE_TILES, *CAPRICE_TILES) if t in tiles]


def assumed_tile_values(lake: LakeCatalogue, runs: pd.DataFrame) -> dict[str, tuple[str, int]]:
    """Per ruleset digest: the assumed tile values ("key = value; ...") and how many other values are assumed."""
    found: dict[str, tuple[str, int]] = {}
    for row in runs.drop_duplicates("ruleset_digest").itertuples():
        found_run = lake.runs.get(row.run_id)
        manifest = found_run.manifest if found_run is not None else None
        _, assumptions, _ = describe_run(manifest, ObservedRun("gardens", row.run_id, row.ruleset, row.ruleset_digest))
        if not assumptions:
            found[row.ruleset_digest] = ("unknown (no manifest ruleset text)", 0)
            continue
        tiles = [a for a in assumptions if a["key"].startswith(TILE_KEY_PREFIXES)]
        text = "; ".join(f"{a['key']} = {a['value']}" for a in tiles) or "none"
        found[row.ruleset_digest] = (text, len(assumptions) - len(tiles))
    return found


def _span(values: pd.Series) -> str:
    low, high = int(values.min()), int(values.max())
    return str(low) if low == high else f"{low}–{high}"


def choice_conditions(part: pd.DataFrame, assumed: tuple[str, int]) -> dict[str, Any]:
    """The conditions of one group's decisions."""
    decisions = part.drop_duplicates("decision_key")
    mix = decisions.offered.value_counts()
    return {
        "ruleset": part.ruleset.iloc[0], "runs": part.run_id.nunique(),
        "run_ids": ",".join(sorted(part.run_id.unique())),
        "rollouts": _span(part.n_rollouts), "streams": ",".join(sorted(part.streams.unique())),
        "offered_mix": "; ".join(f"{offered} ×{n}" for offered, n in mix.items()),
        "rounds": (f"rounds {_span(decisions['round'])} (median {decisions['round'].median():g}) of games "
                   f"lasting {_span(decisions.game_rounds)}"),
        "assumed_tile_values": assumed[0], "other_assumed_values": assumed[1],
    }


def _groups(frame: pd.DataFrame, lake: LakeCatalogue, per_group: Callable[[pd.DataFrame], pd.DataFrame],
            conditions: Callable[[pd.DataFrame, tuple[str, int]], dict[str, Any]]) -> pd.DataFrame:
    """Apply `per_group` to each condition group and put the group's keys and conditions beside each row."""
    if frame.empty:
        return pd.DataFrame()
    assumed = assumed_tile_values(lake, frame)
    parts = []
    for key, part in frame.groupby(GROUP, sort=True):
        result = per_group(part)
        if result.empty:
            continue
        extra = {**dict(zip(GROUP, key)), **conditions(part, assumed[key[0]])}
        parts.append(result.assign(**extra))
    if not parts:
        return pd.DataFrame()
    table = pd.concat(parts, ignore_index=True)
    first = ["ruleset", *GROUP]
    return table[first + [c for c in table.columns if c not in first]]


def _choices(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    frame = con.execute("select * exclude (owned) from fct_gardens_tile_choices").df()
    frame["cluster"] = frame.game_seed
    return frame


def tile_values_model(con: duckdb.DuckDBPyConnection, lake: LakeCatalogue) -> pd.DataFrame:
    frame = _choices(con)
    return _groups(frame, lake, lambda part: tile_values(part, tile_order(set(part.tile))), choice_conditions)


def tile_contrasts_model(con: duckdb.DuckDBPyConnection, lake: LakeCatalogue) -> pd.DataFrame:
    frame = _choices(con)
    return _groups(frame, lake, lambda part: contrasts(part, tile_order(set(part.tile))), choice_conditions)


def owning_conditions(part: pd.DataFrame, assumed: tuple[str, int]) -> dict[str, Any]:
    """The conditions of one group's ownership pairs."""
    rounds = pd.concat([part.rounds_prefer, part.rounds_avoid])
    lineup = part.agents.iloc[0]
    return {
        "ruleset": part.ruleset.iloc[0], "runs": part.run_id.nunique(),
        "run_ids": ",".join(sorted(part.run_id.unique())), "streams": ",".join(sorted(part.streams.unique())),
        "policy": f"one rotating seat plays prefer-<tile> vs avoid-<tile> (greedy otherwise); line-up {lineup}",
        "rounds": f"games lasting {_span(rounds)} rounds",
        "assumed_tile_values": assumed[0], "other_assumed_values": assumed[1],
    }


def _mean_interval(values: pd.Series, bounds: tuple[float, float] | None = None) -> tuple[float, float, float]:
    """Mean and 95% t interval of paired differences (pairs are independent deals), clipped to `bounds`;
    unknown (NaN) below two pairs or when every pair differs alike (no spread measured)."""
    n, mean = len(values), float(values.mean())
    if n < 2:
        return mean, float("nan"), float("nan")
    lo, hi = interval(mean, float(values.std(ddof=1) / np.sqrt(n)), float(stats.t.ppf(0.975, n - 1)), bounds)
    return mean, lo, hi


def _wilson(k: float, n: int) -> tuple[float, float]:
    if n == 0:
        return float("nan"), float("nan")
    p, z = k / n, 1.96
    centre, half = (p + z * z / (2 * n)), z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, (centre - half) / (1 + z * z / n)), min(1.0, (centre + half) / (1 + z * z / n))


def owning_per_tile(part: pd.DataFrame) -> pd.DataFrame:
    """Per tile: paired score and win-share differences, take rates and both win rates."""
    rows = []
    for tile, pairs in part.groupby("tile", sort=True):
        n = len(pairs)
        score, score_lo, score_hi = _mean_interval(pairs.score_prefer - pairs.score_avoid)
        win, win_lo, win_hi = _mean_interval(pairs.win_prefer - pairs.win_avoid, WIN_RANGE)
        prefer_lo, prefer_hi = _wilson(pairs.win_prefer.sum(), n)
        avoid_lo, avoid_hi = _wilson(pairs.win_avoid.sum(), n)
        took_lo, took_hi = _wilson(pairs.took_prefer.sum(), n)
        rows.append({
            "tile": tile, "pairs": n, "games": pairs.game_seed.nunique(),
            "took_rate": pairs.took_prefer.mean(), "took_lo": took_lo, "took_hi": took_hi,
            "avoid_took_rate": pairs.took_avoid.mean(),
            "score_diff": score, "score_lo": score_lo, "score_hi": score_hi,
            "win_diff": win, "win_lo": win_lo, "win_hi": win_hi,
            "win_rate_prefer": pairs.win_prefer.mean(), "win_prefer_lo": prefer_lo, "win_prefer_hi": prefer_hi,
            "win_rate_avoid": pairs.win_avoid.mean(), "win_avoid_lo": avoid_lo, "win_avoid_hi": avoid_hi,
            "beyond_noise": bool(score_lo > 0 or score_hi < 0),
        })
    return pd.DataFrame(rows)


def tile_owning_model(con: duckdb.DuckDBPyConnection, lake: LakeCatalogue) -> pd.DataFrame:
    frame = con.execute("select * from fct_gardens_tile_owning").df()
    return _groups(frame, lake, owning_per_tile, owning_conditions)


# name -> (builder, depends, grain): registered with the SQL models by warehouse.models
PYTHON_MODELS: dict[str, tuple[Callable[[duckdb.DuckDBPyConnection, LakeCatalogue], pd.DataFrame], str, str]] = {
    "met_gardens_tile_values": (
        tile_values_model, "fct_gardens_tile_choices", "one row per condition group and tile"),
    "met_gardens_tile_contrasts": (
        tile_contrasts_model, "fct_gardens_tile_choices", "one row per condition group and pair of tiles"),
    "met_gardens_tile_owning": (
        tile_owning_model, "fct_gardens_tile_owning", "one row per condition group and tile"),
}

# name -> key (as in a model's `-- key:` header): one row per condition group (ruleset digest, players, agents) and tile
PYTHON_KEYS = {
    "met_gardens_tile_values": "ruleset_digest, num_players, agents, tile",
    "met_gardens_tile_contrasts": "ruleset_digest, num_players, agents, tile, instead_of",
    "met_gardens_tile_owning": "ruleset_digest, num_players, agents, tile",
}

# the columns every tile model writes about its condition group and its assumed values
_CONDITIONS = "ruleset string, ruleset_digest string, num_players int32, agents string, tile string"
_ASSUMED = "rounds string, assumed_tile_values string, other_assumed_values int64"
# name -> the columns it writes, with their types (warehouse.writeback; the flag adds its own columns)
PYTHON_SCHEMAS = {
    "met_gardens_tile_values": schema(
        f"{_CONDITIONS}, reference string, score_value double, score_se double, score_lo double, score_hi double, "
        "win_value double, win_lo double, win_hi double, offered_decisions int64, decisions int64, games int64, "
        f"runs int64, run_ids string, rollouts string, streams string, offered_mix string, {_ASSUMED}"),
    "met_gardens_tile_contrasts": schema(
        f"{_CONDITIONS}, instead_of string, score_diff double, score_se double, score_lo double, score_hi double, "
        "p_value double, win_diff double, win_lo double, win_hi double, direct_diff double, "
        "direct_decisions int64, decisions int64, games int64, p_holm double, beyond_noise bool, matters bool, "
        f"runs int64, run_ids string, rollouts string, streams string, offered_mix string, {_ASSUMED}"),
    "met_gardens_tile_owning": schema(
        f"{_CONDITIONS}, pairs int64, games int64, took_rate double, took_lo double, took_hi double, "
        "avoid_took_rate double, score_diff double, score_lo double, score_hi double, win_diff double, "
        "win_lo double, win_hi double, win_rate_prefer double, win_prefer_lo double, win_prefer_hi double, "
        "win_rate_avoid double, win_avoid_lo double, win_avoid_hi double, beyond_noise bool, "
        f"runs int64, run_ids string, streams string, policy string, {_ASSUMED}"),
}

# name -> `-- flag:` specs of the Python models (the shared "look here" rule, warehouse.flags): the contrasts
# keep their game-clustered t p-values, the owning differences take theirs from the interval
PYTHON_FLAGS: dict[str, tuple[str, ...]] = {
    "met_gardens_tile_contrasts": (
        "metric=tile_value estimate=score_diff reference=0 lo=score_lo hi=score_hi p=p_value",),
    "met_gardens_tile_owning": ("metric=tile_owning estimate=score_diff reference=0 lo=score_lo hi=score_hi",),
}
