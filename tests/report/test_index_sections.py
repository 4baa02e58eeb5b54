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


def test_what_if_is_not_measured_until_a_comparison_exists_then_names_the_biggest_change() -> None:
    con = duckdb.connect()
    assert not what_if(con, Names()).measured
    con.execute("""create table met_variant_diff as select * from (values
        ('bonus25', 'plus25', 'caprice_points_mean', 'overall', 4000, 12.0, 10.5, -1.5, -1.6, -1.4, true),
        ('bonus25', 'plus25', 'seat_win_rate', 'seat 1', 4000, 0.5, 0.501, 0.001, -0.01, 0.012, false))
        as t(experiment, variant, metric, level, n, baseline, value, diff, diff_lo, diff_hi, beyond_noise)""")
    finding = what_if(con, Names())
    assert finding.measured
    assert "caprice points mean (overall) moves -1.5 (-1.6 to -1.4, n = 4,000 paired games)" in finding.answer
    assert "seat win rate" not in finding.answer  # within noise: not a headline


def test_robustness_label_is_read_from_the_warehouse_when_present() -> None:
    con = duckdb.connect()
    assert label_for(con, "seat_advantage") is None
    con.execute("create table met_finding_labels as select 'seat_advantage' as finding, 'robust' as label")
    assert label_for(con, "seat_advantage") == "robust"
