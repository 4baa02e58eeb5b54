"""The report index: headline answers first, then where to look, agents, assumptions, and the data appendix.

The headline findings come from `reports.findings.headlines` (one function per
question); "look here" lists what the shared flag rule (`warehouse.flags`)
flagged, per metric, in the designer's words. Warehouse table and column
names appear only in the data appendix at the bottom.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd

from reports.findings import assumptions
from reports.findings.examples import Example
from reports.findings.headlines import Finding, findings, has_table
from reports.kit.charts import house_style
from reports.kit.verdicts import other_ruleset, verdicts_section
from reports.kit.words import agents_words, count, pct, plain_value, seat
from reports.page import PageLink, escape, page
from reports.site.agents import agents_section
from reports.site.assumptions import assumptions_effect_section
from warehouse.display_names import Names
from warehouse.query import connect, one_value

HEADLINE_METRICS = ("seat_win_rate", "caprice_hit_rate", "slot_hit_rate", "tile_value_observed", "god_win_rate",
                    "speed_win_rate")  # flag metrics whose headline cells met_verdicts decides
MAX_CELLS = 8  # flagged cells listed per metric; the detail pages show them all
METRICS = {  # metric key -> (what it compares, page)
    "seat_win_rate": ("Seat win rate against the fair share 1/P", "overview.html"),
    "caprice_hit_rate": ("Caprice hit rate against the pooled face-down rate", "caprices.html"),
    "slot_hit_rate": ("Bonus-slot hit rate against the pooled face-down rate", "caprices.html"),
    "tile_value": ("Bonus tiles: choosing one instead of another at the same decision (causal)", "gardens.html"),
    "tile_owning": ("Bonus tiles: always taking one against never (paired deals)", "gardens.html"),
    "tile_value_observed": ("Bonus tile takers' score against other completers' (observed)", "gardens.html"),
    "track_space": ("Four Gardens god track: mean final space against the other gods'", "gardens.html"),
    "god_win_rate": ("4 Gods: win rate of each god's holder against the fair share", "gods.html"),
    "claim_order_win_rate": ("4 Gods: win rate by the order gods were claimed", "gods.html"),
    "prophets_win_rate": ("4 Gods: win rate by prophets placed", "gods.html"),
    "speed_win_rate": ("4 Gods: win rate of the faster or slower side", "gods.html"),
}


def describe_cell(table: str, r: Any, names: Names) -> str:
    """One flagged cell in words (which seat, Caprice, tile, god ...)."""
    describers = {
        "met_seat_advantage": lambda: f"{names.game(r.game)}{other_ruleset(names, r)}, {seat(r.seat)} at "
                                      f"{r.num_players} players",
        "met_caprice_hit_rate": lambda: names("caprices", r.caprice_id) + (
            "" if r.dimension == "overall" else f" ({r.dimension.replace('_', ' ')} {r.level})"),
        "met_caprice_slot_hit_rate": lambda: f"{r.slot_label} slot at {r.num_players} players",
        "met_gardens_bonus_tiles": lambda: f"{names.ruleset(r.ruleset)}: {names('tiles', r.tile)}",
        "met_gardens_tile_contrasts": lambda: f"{names.ruleset(r.ruleset)}, {r.num_players} players, "
                                              f"{agents_words(r.agents)}: "
                                              f"{names('tiles', r.tile)} instead of {names('tiles', r.instead_of)}",
        "met_gardens_tile_owning": lambda: f"{names.ruleset(r.ruleset)}, {r.num_players} players, "
                                           f"{agents_words(r.agents)}: "
                                           f"owning {names('tiles', r.tile)}",
        "met_gardens_tracks": lambda: f"{names.ruleset(r.ruleset)}, {r.num_players} players: "
                                      f"{names('gods', r.god)}",
        "met_gods_god_win_rate": lambda: f"{names('landscapes', r.god)} god, {r.num_players} players",
        "met_gods_claim_timing": lambda: f"claimed {r.claim_order}. at {r.num_players} players",
        "met_gods_landscapes": lambda: f"{names('landscapes', r.landscape)} god's holder",
        "met_gods_prophets": lambda: f"{r.prophets} prophets placed at {r.num_players} players",
        "met_gods_speed": lambda: f"{r.pace} side at {r.num_players} players",
    }
    describe = describers.get(table)
    where = describe() if describe else table
    mix = getattr(r, "agent_mix", None)
    return f"{where} ({mix} play)" if isinstance(mix, str) and mix else where


def _number(value: float, is_rate: bool) -> str:
    return pct(value) if is_rate else f"{value:+.2f}"


def look_here(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """Per metric: cells compared, how the rule thinned them, and the cells flagged."""
    if not has_table(con, "flag_summary"):
        return "<p class='pending'>No flag summary in this warehouse (rebuild it with `balance warehouse build`).</p>"
    summary = con.execute("select * from flag_summary order by flagged desc, table_name").df()
    summary = summary[~summary.metric.isin(HEADLINE_METRICS)]  # their verdicts are the section above
    blocks = []
    for rule in summary.itertuples():
        title, target = METRICS.get(rule.metric, (rule.metric.replace("_", " "), "overview.html"))
        is_rate = "rate" in rule.metric
        minimum = f"{100 * rule.min_effect:.0f} points" if is_rate else f"{rule.min_effect:g}"
        head = (f"<h3><a href='{target}'>{escape(title)}</a>: "
                f"<span class='{'look' if rule.flagged else ''}'>{count(rule.flagged)} to look at</span> "
                f"of {count(rule.cells)} compared</h3>"
                f"<p class='note'>{count(rule.beyond_noise_uncorrected)} beyond noise cell by cell, "
                f"{count(rule.beyond_noise)} after the {escape(rule.correction)} correction, "
                f"{count(rule.flagged)} also at least {minimum} from the reference.</p>")
        cells = con.execute(
            f"select * from {rule.table_name} where {rule.flag_column} "
            f"order by abs({rule.estimate} - {_reference_sql(rule.reference)}) desc limit {MAX_CELLS}").df()
        items = "".join(
            f"<li>{escape(describe_cell(rule.table_name, r, names))}: "
            f"{_number(getattr(r, rule.estimate), is_rate)} "
            f"({_number(getattr(r, rule.lo), is_rate)} to {_number(getattr(r, rule.hi), is_rate)}) "
            f"against {_number(_reference_value(r, rule.reference), is_rate)}</li>"
            for r in cells.itertuples())
        more = f"<p class='note'>… and {rule.flagged - MAX_CELLS} more on the detail page.</p>" if (
            rule.flagged > MAX_CELLS) else ""
        blocks.append(head + (f"<ul>{items}</ul>{more}" if items else ""))
    rule = summary.iloc[0] if len(summary) else None
    intro = ("<p>The headline questions (seats, Caprices, slots, tiles taken, gods, speed) are answered by their "
             "verdicts above; these are the other tables. A cell is listed only when it is beyond noise after a "
             f"{escape(rule.correction) if rule is not None else 'Holm'} correction over the cells of its table "
             "(95% family-wise) <em>and</em> differs from its reference by at least the minimum that matters, set per "
             "metric in the study file (<code>simulate/study.toml</code>, <code>[flags]</code>). Agent strength is "
             "not an imbalance: agent win rates are in their own section below.</p>")
    return intro + "".join(blocks)


def _reference_sql(reference: str) -> str:
    try:
        return str(float(reference))
    except ValueError:
        return reference


def _reference_value(row: Any, reference: str) -> float:
    try:
        return float(reference)
    except ValueError:
        return float(getattr(row, reference))


def left_out_section(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """Runs and files the warehouse did not read (incomplete, in progress, rejected, stray), with their fix."""
    if not has_table(con, "lake_left_out"):
        return ("<p class='pending'>Not measured yet: this warehouse does not record which runs it left out "
                "(rebuild it with a `balance warehouse build` that lists incomplete runs).</p>")
    rows = con.execute("select * from lake_left_out order by what, game, run_id, file").df()
    if rows.empty:
        return "<p>None: every run in the lake is complete and every game in it is counted.</p>"
    items = []
    for r in rows.itertuples():
        if r.what == "run":
            expected = "" if pd.isna(r.files_expected) else f" of {count(r.files_expected)}"
            files = f"{count(r.files_present)}{expected} files"
            what = f"run {r.run_id} ({names.game(r.game) if r.game else 'unknown game'}, {r.state}, {files})"
        else:
            what = f"file {r.file}"
        items.append(f"<li>{escape(what)}: {escape(r.reason)}. <span class='note'>Fix: "
                     f"<code>{escape(r.fix)}</code></span></li>")
    return (f"<p class='look'>{len(rows)} left out: the numbers above do not include their games.</p>"
            f"<ul>{''.join(items)}</ul>")


def assumptions_section(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """Every assumed ruleset value, grouped by game (and ruleset) and section, with plain values."""
    assumed = con.execute("""
        select game, ruleset, key, any_value(value) as value, any_value(note) as note
        from ruleset_assumptions group by game, ruleset, key order by game, ruleset, key
    """).df()
    if assumed.empty:
        return "<p>No assumed values (or no ruleset text available).</p>"
    parts = []
    for (game, ruleset), rows in assumed.groupby(["game", "ruleset"], sort=False):
        sections = rows.assign(section=rows.key.str.split(".").str[0])
        body = "".join(
            f"<h4>{escape(section.replace('_', ' '))}</h4><ul>" + "".join(
                f"<li><strong>{escape(_key_words(r.key))}</strong>: {escape(plain_value(r.value))}"
                f"<span class='note'> — {escape(r.note)}</span></li>" for r in group.itertuples()) + "</ul>"
            for section, group in sections.groupby("section", sort=False))
        title = names.ruleset(ruleset) if ("ruleset", ruleset) in names.rows else f"{names.game(game)} ({ruleset})"
        parts.append(f"<details><summary>{escape(title)}: {len(rows)} assumed values</summary>{body}</details>")
    return ("<section id='assumptions'><p>Values the rule texts do not give, marked <em>assumed</em> in the ruleset "
            "files: conclusions resting on them are only as good as the guess. Correct the file and re-run to "
            "check.</p>" + "".join(parts) + "</section>")


def _key_words(key: str) -> str:
    return " ".join(key.split(".")[1:]).replace("_", " ") or key


def appendix(con: duckdb.DuckDBPyConnection, warehouse: Path) -> str:
    """The data appendix: where every number comes from, with warehouse names."""
    sample = con.execute("""
        select game, num_players, count(*) as games, sum(num_players) as player_games,
               count(*) filter (where is_mixed_lineup) as mixed_lineup_games
        from fct_games group by game, num_players order by game, num_players
    """).df()
    runs = con.execute("""
        select r.run_id, r.game, r.ruleset, r.ruleset_digest, count(*) as games,
               string_agg(distinct g.lineup, ', ' order by g.lineup) as lineups,
               any_value(r.spec_json) as spec_json, any_value(r.code_version) as code_version
        from runs r join fct_games g using (run_id, game)
        group by r.run_id, r.game, r.ruleset, r.ruleset_digest order by r.game, r.run_id
    """).df()
    runs["seed"] = [json.loads(s).get("seed") if isinstance(s, str) else None for s in runs.pop("spec_json")]
    flags = (con.execute("select * from flag_summary order by table_name").df() if has_table(con, "flag_summary")
             else pd.DataFrame())
    return (f"<section id='data-appendix'><h2>Data appendix</h2><p class='note'>For whoever checks the numbers: "
            f"warehouse <code>{escape(warehouse)}</code>, its tables and columns.</p>"
            f"<h3>Games per player count (fct_games)</h3>{_table(sample)}"
            f"<details><summary>Runs (runs): {len(runs)}</summary>{_table(runs)}</details>"
            f"<details><summary>Flag rule per table (flag_summary): {len(flags)} tables</summary>{_table(flags)}"
            "</details></section>")


def _table(frame: pd.DataFrame) -> str:
    if frame.empty:
        return "<p class='note'>none</p>"
    head = "".join(f"<th>{escape(c)}</th>" for c in frame.columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(_cell(v))}</td>" for v in row) + "</tr>"
                   for row in frame.itertuples(index=False))
    return f"<div class='table-wrap'><table><tr>{head}</tr>{body}</table></div>"


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return "" if value is None else str(value)


def finding_card(finding: Finding, lake: str = "data/lake", assumed: str = "") -> str:
    """A headline: question and label chip, the answer, why it carries its label, the assumed values that move
    it (`assumed`, from `balance assumptions`), the chart."""
    robust = finding.label
    label = "" if not finding.measured else (
        f"<span class='label {escape(robust.label.replace(' ', '-'))}'>{escape(robust.label)}</span>" if robust
        else "<span class='label'>robustness not labelled yet</span>")
    if not finding.measured:
        body = f"<p class='pending'>Not measured yet: {escape(finding.pending)}.</p>"
    else:
        detail = f" <a href='{escape(finding.detail)}'>Detail</a>" if finding.detail else ""
        why = f"<p class='note why'>{escape(robust.note)}</p>" if robust else ""
        why += f"<p class='note assumed'>{escape(assumed)}</p>" if assumed else ""
        body = f"<p>{escape(finding.answer)}{detail}</p>{why}{finding.chart}{examples_list(finding, lake)}"
    return f"<article class='finding'><h3>{escape(finding.question)}{label}</h3>{body}</article>"


def examples_list(finding: Finding, lake: str) -> str:
    """The finding's example games, each with the command that replays it turn by turn."""
    if not finding.examples:
        return ""
    items = "".join(f"<li>{escape(e.why)}: {_commands(e, lake)}</li>" for e in finding.examples)
    return f"<p class='examples'>Example games:</p><ul class='examples'>{items}</ul>"


def _commands(example: Example, lake: str) -> str:
    """One command, or for a what-if pair the baseline game's against the variant game's (same seed)."""
    return " against ".join(f"<code>{escape(command)}</code>" for command in example.commands(lake))


def write_index(warehouse: Path, target: Path, links: list[PageLink], games: list[str],
                lake: str = "data/lake") -> None:
    """Write `index.html` for the given warehouse and site pages."""
    house_style()
    with connect(str(warehouse), read_only=True) as con:
        names = Names.from_warehouse(con)
        games_total = one_value(con, "select count(*) from fct_games "
                                     "where source = 'simulated' and in_study")
        screens = assumptions.latest(con)
        cards = "".join(finding_card(f, lake, assumptions.beside(screens, f.question)) for f in findings(con, names))
        sections = {
            "Tilted, fair or undecided: every headline cell": verdicts_section(con, names),
            "Where to look": look_here(con, names),
            "How strong are the agents?": agents_section(con, names),
            "Runs left out": left_out_section(con, names),
            "Assumed ruleset values": assumptions_section(con, names),
            "Which assumptions matter": assumptions_effect_section(screens, frozenset(link.file for link in links)),
        }
        tail = appendix(con, warehouse)
    game_names = ", ".join(names.game(g) for g in games)
    pages = "".join(f"<li><a href='{escape(link.file)}'>{escape(link.title)}</a></li>" for link in links[1:])
    body = (
        "<h1>Is the game balanced? Headline findings</h1>"
        f"<p class='note'>{count(games_total)} simulated games of {escape(game_names)}; generated "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC. Every headline cell is <em>tilted</em> (beyond noise and big "
        "enough to matter), <em>fair</em> (within the minimum that matters) or <em>undecided</em> (with the games "
        "that would decide it), per kind of play, from intervals that stay valid however often the study looked. "
        "Each answer says which play its numbers rest on: the strongest self-play in the study (search, else "
        "greedy); random play only as a labelled reference, never pooled. Labels: <em>robust</em> = the same verdict "
        "under greedy and under search (ismcts) self-play, <em>agent-dependent</em> = both decided, differently, "
        "<em>not shown</em> = undecided under one of them; the note under each answer says which cells and why.</p>"
        f"<div class='findings'>{cards}</div>"
        f"<h2>Detail pages</h2><ul>{pages}</ul>"
        + "".join(f"<h2>{escape(title)}</h2>{html}" for title, html in sections.items())
        + tail
    )
    target.write_text(page("Headlines: is the game balanced?", body, links, "index.html"), encoding="utf-8")
