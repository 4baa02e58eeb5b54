"""The report index: run metadata, sample sizes, flagged imbalances, assumed values.

Everything comes from the warehouse's tables: `runs`, `ruleset_assumptions`,
`fct_games` and every metric table (`met_*`) that has a `flagged` column, so a
new game's metrics appear here without code changes.
"""

from __future__ import annotations

import html
import json
from datetime import UTC, datetime
from pathlib import Path
from statistics import NormalDist
from typing import Any

import duckdb
import pandas as pd

FIRST_FLAGGED = ("met_seat_advantage",)
MAX_FLAGGED = 15  # rows shown per metric table; the notebooks show them all
STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #222; }
table { border-collapse: collapse; margin: .5em 0 1.5em; font-size: 90%; }
th, td { border: 1px solid #ccc; padding: .25em .6em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; } .flag { color: #b00; } .note { color: #555; font-size: 90%; }
"""


def _table(frame: pd.DataFrame, empty: str) -> str:
    if frame.empty:
        return f"<p class='note'>{html.escape(empty)}</p>"
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in frame.columns)
    rows = "".join(
        "<tr>" + "".join(f"<td>{html.escape(_fmt(v))}</td>" for v in row) + "</tr>"
        for row in frame.itertuples(index=False)
    )
    return f"<table><tr>{head}</tr>{rows}</table>"


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    return "" if value is None else str(value)


def run_rows(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    """One row per run: ruleset, games, player counts, line-ups, seeds, code version."""
    runs = con.execute("""
        select r.run_id, r.game, r.ruleset, r.ruleset_digest, count(*) as games,
               string_agg(distinct g.num_players::varchar, ',' order by g.num_players::varchar) as players,
               string_agg(distinct g.lineup, ', ' order by g.lineup) as lineups,
               min(g.seed) as min_game_seed, max(g.seed) as max_game_seed,
               any_value(r.spec_json) as spec_json, any_value(r.code_version) as code_version,
               any_value(r.assumptions_from) as assumptions_from
        from runs r join fct_games g using (run_id, game)
        group by r.run_id, r.game, r.ruleset, r.ruleset_digest
        order by r.game, r.run_id
    """).df()
    runs["spec_seed"] = [json.loads(s).get("seed") if isinstance(s, str) else None for s in runs.pop("spec_json")]
    return runs


def sample_rows(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    """Games and player-games per game and player count."""
    return con.execute("""
        select game, num_players, count(*) as games, sum(num_players) as player_games,
               count(*) filter (where is_mixed_lineup) as mixed_lineup_games
        from fct_games group by game, num_players order by game, num_players
    """).df()


def flagged_rows(con: duckdb.DuckDBPyConnection) -> list[tuple[str, int, pd.DataFrame]]:
    """For each metric table with a `flagged` column: cells compared, and its flagged rows.

    Rate rows also say whether they stay beyond noise after a Bonferroni
    correction for the number of cells the table compares: at 95% per cell,
    about 1 in 20 fair cells is flagged by chance, so a long table always
    shows a few.
    """
    tables = [row[0] for row in con.execute("""
        select table_name from information_schema.columns
        where column_name = 'flagged' and table_name like 'met_%' order by table_name
    """).fetchall()]
    tables.sort(key=lambda name: name not in FIRST_FLAGGED)  # stable: the headline question first
    found = []
    for table in tables:
        compared = con.execute(f"select count(*) from {table} where flagged is not null").fetchone()[0]
        frame = con.execute(f"select * from {table} where flagged").df()
        if frame.empty:
            continue
        columns = list(frame.columns)
        rate = next((c for c in columns if c.endswith("_rate")), None)
        if "n" not in columns or rate is None or not {"reference", "reference_label"} <= set(columns):
            found.append((table, compared, frame))  # not a rate against a reference: show it whole
            continue
        keys = columns[: columns.index("n") + 1]
        stem = rate.removesuffix("_rate")
        frame = frame[[*keys, rate, f"{stem}_lo", f"{stem}_hi", "reference", "reference_label"]]
        frame = frame.assign(beyond_noise_after_bonferroni=_survives_bonferroni(frame, rate, compared))
        frame = frame.assign(distance=(frame[rate] - frame["reference"]).abs()).sort_values("distance", ascending=False)
        found.append((table, compared, frame.drop(columns="distance")))
    return found


def _survives_bonferroni(frame: pd.DataFrame, rate: str, cells: int) -> pd.Series:
    """Whether |rate - reference| exceeds z(1 - 0.025 / cells) binomial standard errors."""
    z = NormalDist().inv_cdf(1 - 0.025 / max(cells, 1))
    reference = frame["reference"].astype(float)
    se = (reference * (1 - reference) / frame["n"].astype(float)) ** 0.5
    return (frame[rate] - reference).abs() > z * se


def assumption_rows(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    """Every assumed ruleset value behind the results, with the runs that used it."""
    return con.execute("""
        select game, ruleset, ruleset_digest, key, value, note, count(distinct run_id) as runs
        from ruleset_assumptions
        group by game, ruleset, ruleset_digest, key, value, note
        order by game, ruleset, key
    """).df()


def left_out_rows(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    """What the warehouse build left out of the lake (table `lake_left_out`; empty for older warehouses)."""
    try:
        return con.execute("select what, coalesce(run_id, file) as name, state, reason, fix from lake_left_out").df()
    except duckdb.CatalogException:
        return pd.DataFrame()


def write_index(warehouse: Path, target: Path, reports: list[str], games: list[str]) -> None:
    """Write `index.html` for the given warehouse and report names."""
    with duckdb.connect(str(warehouse), read_only=True) as con:
        runs = run_rows(con)
        sample = sample_rows(con)
        flagged = flagged_rows(con)
        assumed = assumption_rows(con)
        left_out = left_out_rows(con)
    unknown = runs[runs.assumptions_from == "unknown"].run_id.tolist()
    versions = ", ".join(sorted({str(v) for v in runs.code_version.dropna()})) or "unknown (no run manifest)"
    links = "".join(f"<li><a href='{html.escape(n)}.html'>{html.escape(n)}</a></li>" for n in reports)
    flagged_html = "".join(
        f"<h3 class='flag'>{html.escape(table)}: {len(frame)} of {compared} cells flagged "
        f"(about {0.05 * compared:.1f} expected by chance)"
        f"{f', the {MAX_FLAGGED} farthest from their reference' if len(frame) > MAX_FLAGGED else ''}</h3>"
        + _table(frame.head(MAX_FLAGGED), "")
        for table, compared, frame in flagged
    ) or "<p>No metric differs from its reference beyond noise (95% intervals).</p>"
    unknown_html = (
        f"<p class='flag'>Runs whose ruleset text is unavailable (no manifest and no matching ruleset file), so "
        f"their assumptions cannot be listed: {html.escape(', '.join(unknown))}</p>" if unknown else ""
    )
    page = f"""<!doctype html><html><head><meta charset="utf-8"><title>Balance reports</title>
<style>{STYLE}</style></head><body>
<h1>Balance reports</h1>
<p class="note">Generated {datetime.now(UTC):%Y-%m-%d %H:%M} UTC from {html.escape(str(warehouse))};
games: {html.escape(', '.join(games))}; code version: {html.escape(versions)}.</p>
<h2>Reports</h2><ul>{links}</ul>
<h2>Flagged imbalances</h2>
<p class="note">Rows whose 95% interval excludes their reference (fair share 1/P for seats and agents; pooled rate for
Caprices and slots). With many comparisons, about 1 in 20 unbiased cells is flagged by chance; the column
<code>beyond_noise_after_bonferroni</code> says which rates stay beyond noise once the number of cells
is allowed for.</p>
{flagged_html}
<h2>Assumed ruleset values these results depend on</h2>
<p class="note">Values marked <code>assumed</code> in the ruleset files: conclusions resting on them are only as good as
the guess. Correct the TOML file and re-run to check.</p>
{unknown_html}{_table(assumed, "No assumed values (or no ruleset text available).")}
<h2>Sample sizes</h2>{_table(sample, "No games.")}
<h2>Runs</h2>{_table(runs, "No runs.")}
<h2>Left out of these results</h2>
<p class="note">Runs that did not finish (or whose manifest was rejected) and files no complete run lists are never
read; <code>balance verify</code> and <code>balance runs</code> say how to finish or remove each.</p>
{_table(left_out, "Nothing: every run in the lake is complete and every file belongs to one.")}
</body></html>
"""
    target.write_text(page, encoding="utf-8")
