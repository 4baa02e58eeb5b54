"""Index sections fed by other work (left-out runs, what-if diffs, robustness labels): present, absent, empty."""

from __future__ import annotations

import duckdb

from reports.findings.headlines import _min_effect, strongest_god, what_if
from reports.findings.robustness import robustness
from reports.kit.words import agents_words
from reports.site.agents import agents_section
from reports.site.index import left_out_section
from warehouse.display_names import Names


def test_left_out_runs_are_listed_with_their_fix_or_said_to_be_unmeasured() -> None:
    con = duckdb.connect()
    assert "Not measured yet" in left_out_section(con, Names())
    con.execute("""create table lake_left_out (what varchar, run_id varchar, file varchar, state varchar,
                   kind varchar, game varchar, files_present bigint, files_expected bigint, reason varchar,
                   fix varchar)""")
    assert "every run in the lake is complete" in left_out_section(con, Names())
    con.execute("""insert into lake_left_out values ('run', 'caprices-abc', null, 'incomplete', 'simulated',
                   'caprices', 2, 5, 'no manifest: the run did not finish', 'balance simulate --resume ...')""")
    html = left_out_section(con, Names({("game", "caprices"): "Les caprices du roi"}))
    assert "run caprices-abc (Les caprices du roi, incomplete, 2 of 5 files)" in html
    assert "no manifest: the run did not finish" in html and "balance simulate --resume" in html


def test_what_if_is_not_measured_until_a_comparison_exists_then_names_the_biggest_flagged_change() -> None:
    con = duckdb.connect()
    assert not what_if(con, Names()).measured
    con.execute("""create table met_variant_diff as select * from (values
        ('bonus25', 'compare', 'gentler', 'caprice_points', 'overall', 'overall', 4000, 12.0, 10.5, -1.5, -1.6, -1.4,
         true, true, 1.0, '2026-12-01T01:00:00'),
        ('bonus25', 'compare', 'gentler', 'caprice_hit_rate', 'caprice', 'mon_peuple', 4000, 0.05, 0.15, 0.10, 0.09,
         0.11, true, true, 0.05, '2026-12-01T01:00:00'),
        ('bonus25', 'compare', 'gentler', 'score', 'overall', 'overall', 4000, 60.0, 60.5, 0.5, 0.4, 0.6,
         true, false, 1.0, '2026-12-01T01:00:00'),
        ('bonus25', 'compare', 'gentler', 'seat_win_rate', 'seat', 'seat 1 of 4', 4000, 0.25, 0.251, 0.001, -0.01,
         0.012, false, false, 0.02, '2026-12-01T01:00:00'),
        ('older', 'compare', 'other', 'score', 'overall', 'overall', 100, 60.0, 70.0, 10.0, 9.0, 11.0,
         true, true, 1.0, '2026-11-30T01:00:00'))
        as t(experiment, kind, variant, metric, level_kind, level, n, baseline, value, diff, diff_lo, diff_hi,
             beyond_noise, flagged, min_effect, created_at)""")
    finding = what_if(con, Names({("caprices", "mon_peuple"): "Mon peuple m'adore !"}))
    assert finding.measured and finding.detail == "compare-bonus25.html"  # the latest experiment's page
    assert finding.answer.startswith("bonus25, biggest changes first. "
                                     "gentler: Hit rate (Caprice Mon peuple m'adore !): 5.0% -> 15.0%")
    assert ("gentler: Caprice points per player (overall): 12.0 points -> 10.5 points, -1.50 points "
            "(-1.60 to -1.40), 4,000 paired games.") in finding.answer
    assert "Mean score" not in finding.answer  # beyond noise but below the minimum that matters
    assert "Win rate" not in finding.answer and "older" not in finding.answer


LABEL_COLUMNS = """game varchar, finding varchar, num_players integer, item varchar, greedy_estimate double,
    greedy_lo double, greedy_hi double, search_estimate double, search_lo double, search_hi double,
    search_lineup varchar, label varchar, label_note varchar"""
CAPRICE_NAMES = Names({("caprices", "mon_peuple"): "Mon peuple m'adore !", ("caprices", "chevalerie"): "Vive la "
                       "chevalerie !"})


def test_robustness_label_names_the_cells_and_why_most_cautious_first() -> None:
    con = duckdb.connect()
    assert robustness(con, "caprice_hit_rate", CAPRICE_NAMES) is None  # no label table: 'not labelled yet'
    con.execute(f"create table met_finding_labels ({LABEL_COLUMNS})")
    con.execute("""insert into met_finding_labels values
        ('caprices', 'caprice_hit_rate', 0, 'mon_peuple', 0.049, 0.045, 0.053, 0.12, 0.11, 0.13, 'ismcts',
         'agent-dependent', 'beyond noise under greedy play only, and the two differ beyond noise'),
        ('caprices', 'caprice_hit_rate', 0, 'chevalerie', 0.77, 0.76, 0.78, 0.74, 0.72, 0.76, 'ismcts',
         'robust', 'beyond noise, same direction, under greedy and under search self-play'),
        ('caprices', 'caprice_hit_rate', 0, 'other', 0.33, 0.32, 0.34, 0.33, 0.30, 0.36, 'ismcts',
         'not shown', 'within noise under greedy and under search self-play')""")
    both = robustness(con, "caprice_hit_rate", CAPRICE_NAMES,
                      [("caprices", 0, "mon_peuple"), ("caprices", 0, "chevalerie")])
    assert both is not None and both.label == "agent-dependent"  # robust only when every named cell is
    assert both.note == (
        "Agent-dependent for 1 of 2 (beyond noise under greedy play only, and the two differ beyond noise): "
        "Mon peuple m'adore ! (greedy 4.9% (4.5–5.3%), ismcts 12.0% (11.0–13.0%)). "
        "Robust for 1 of 2 (beyond noise, same direction, under greedy and under search self-play): "
        "Vive la chevalerie !.")
    alone = robustness(con, "caprice_hit_rate", CAPRICE_NAMES, [("caprices", 0, "chevalerie")])
    assert alone is not None and alone.label == "robust" and alone.note.startswith("Robust for it (")
    every = robustness(con, "caprice_hit_rate", CAPRICE_NAMES)  # no cells named: all the finding's cells
    assert every is not None and "Not shown for 1 of 3 (within noise" in every.note
    unmeasured = robustness(con, "speed_effect", CAPRICE_NAMES)
    assert unmeasured is not None and unmeasured.label == "not shown" and "not measured" in unmeasured.note


def _gods_table(con: duckdb.DuckDBPyConnection, rows: str) -> None:
    con.execute(f"""create or replace table met_gods_god_win_rate as select * from (values {rows})
        as t(agent_mix, num_players, god, n, win_rate, win_lo, win_hi, reference, flagged)""")


def test_headline_numbers_are_one_kind_of_play_never_pooled_and_random_only_as_a_labelled_reference() -> None:
    con = duckdb.connect()
    _gods_table(con, """('greedy', 'all', 'forest', 4000, 0.47, 0.45, 0.48, 0.375, true),
                        ('greedy', 'all', 'plains', 4000, 0.21, 0.20, 0.23, 0.324, true),
                        ('random', 'all', 'forest', 9000, 0.30, 0.29, 0.31, 0.375, true),
                        ('ismcts', 'all', 'forest', 300, 0.60, 0.55, 0.65, 0.375, true)""")
    answer = strongest_god(con, Names()).answer  # the strongest play present: search
    assert answer.startswith("Under ismcts self-play: The holder of the forest god wins 60.0% (55.0–65.0%)")
    assert "30.0%" not in answer and "47.0%" not in answer  # neither random nor greedy pooled in
    _gods_table(con, """('greedy', 'all', 'forest', 4000, 0.47, 0.45, 0.48, 0.375, true),
                        ('greedy vs greedy-fast', 'all', 'forest', 900, 0.52, 0.49, 0.55, 0.375, true),
                        ('random', 'all', 'forest', 9000, 0.30, 0.29, 0.31, 0.375, true)""")
    assert strongest_god(con, Names()).answer.startswith("Under greedy self-play: The holder of the forest god wins "
                                                         "47.0%")
    _gods_table(con, "('random', 'all', 'forest', 9000, 0.30, 0.29, 0.31, 0.375, true)")
    assert strongest_god(con, Names()).answer.startswith("Under random self-play only — a reference, not how "
                                                         "people play")


def test_agents_section_shows_ratings_and_head_to_head_win_rates() -> None:
    con = duckdb.connect()
    con.execute("""create table met_agent_ratings as select * from (values
        ('caprices', 'base', 2, 'ismcts', 95.0, 60.0, 130.0, 400),
        ('caprices', 'base', 2, 'greedy', -95.0, -130.0, -60.0, 400))
        as t(game, ruleset, num_players, agent, rating, rating_lo, rating_hi, games)""")
    con.execute("""create table met_agent_pairwise as select * from (values
        ('caprices', 'base', 2, 'ismcts', 'greedy', 400, 0.75, 0.70, 0.80, true),
        ('caprices', 'base', 2, 'greedy', 'ismcts', 400, 0.25, 0.20, 0.30, true))
        as t(game, ruleset, num_players, agent, opponent, n, win_rate, win_lo, win_hi, flagged)""")
    html = agents_section(con, Names({("game", "caprices"): "Les caprices du roi", ("ruleset", "base"): "base"}))
    assert "Les caprices du roi (base), 2 players: ismcts beats greedy in 75.0% (70.0–80.0%) of 400 games." in html
    assert "<td class='num'>+95</td><td class='num'>+60 to +130</td>" in html
    assert "<summary>Head to head: 1 pairs of agents</summary>" in html  # one row per pair: the winner's side
    assert ("<td>ismcts</td><td>greedy</td><td class='num'>75.0% (70.0–80.0%)</td><td class='num'>400</td>"
            "<td>yes</td>") in html and "25.0%" not in html
    assert "Mixed line-ups: none in this warehouse" in html


def test_a_seat_by_seat_agent_list_reads_as_its_kinds_of_play() -> None:
    assert agents_words("greedy,greedy,greedy") == "greedy"
    assert agents_words("random,greedy,random") == "greedy + random"


def test_a_warehouse_from_before_the_shared_flag_rule_still_gets_its_headlines_worded() -> None:
    assert _min_effect(duckdb.connect(), "met_seat_advantage") == "the minimum that matters"
