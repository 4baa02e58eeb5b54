"""Index sections fed by other work (left-out runs, what-if diffs, robustness labels): present, absent, empty."""

from __future__ import annotations

import duckdb

from balance.headlines import what_if
from balance.report_index import left_out_section
from balance.robustness import label_for
from balance.words import Names


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


def test_robustness_label_is_read_from_the_warehouse_when_present() -> None:
    con = duckdb.connect()
    assert label_for(con, "seat_advantage") is None
    con.execute("create table met_finding_labels as select 'seat_advantage' as finding, 'robust' as label")
    assert label_for(con, "seat_advantage") == "robust"
