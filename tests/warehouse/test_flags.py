"""The shared "look here" rule: corrected for the table's many cells, and big enough to matter."""

from __future__ import annotations

from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pytest
from scipy.stats import norm

from warehouse.flags import FlagError, FlagRules, apply_flags, flag_frame, load_rules, parse_spec

SEATS = parse_spec("metric=seat_win_rate estimate=win_rate reference=reference lo=win_lo hi=win_hi n=n", "test")
RULES = FlagRules("holm", 0.05, {"seat_win_rate": 0.02, "tile_value": 1.0})


def rates(rows: list[tuple[float, int, float]]) -> pd.DataFrame:
    """(rate, n, reference) rows with their Wilson-like 95% intervals (normal approximation is enough here)."""
    frame = pd.DataFrame(rows, columns=["win_rate", "n", "reference"])
    half = 1.96 * np.sqrt(frame.win_rate * (1 - frame.win_rate) / frame.n)
    return frame.assign(win_lo=frame.win_rate - half, win_hi=frame.win_rate + half)


def test_a_tiny_difference_on_a_huge_sample_is_beyond_noise_but_not_flagged() -> None:
    frame = flag_frame(rates([(0.51, 200_000, 0.5)]), SEATS, RULES, np.array([True]))
    assert frame.beyond_noise_uncorrected[0] and frame.beyond_noise[0]
    assert not frame.flagged[0]  # 1 point < the 2-point minimum


def test_a_big_difference_beyond_noise_is_flagged() -> None:
    frame = flag_frame(rates([(0.56, 2_000, 0.5)]), SEATS, RULES, np.array([True]))
    assert frame.flagged[0]
    assert frame.effect[0] == pytest.approx(0.06)
    z = 0.06 / np.sqrt(0.25 / 2_000)  # the score test: the standard error under the reference
    assert frame.p_value[0] == pytest.approx(2 * norm.sf(z))


def test_the_correction_removes_a_cell_that_is_only_beyond_noise_alone() -> None:
    # z = 2.2 on its own (p = 0.028) is beyond noise; among 20 fair cells Holm needs p < 0.05 / 20
    n = 2_000
    lone = 0.5 + 2.2 * np.sqrt(0.25 / n)
    frame = flag_frame(rates([(lone, n, 0.5)] + [(0.5, n, 0.5)] * 19), SEATS, RULES, np.ones(20, dtype=bool))
    assert frame.beyond_noise_uncorrected[0] and not frame.beyond_noise[0] and not frame.flagged[0]
    assert frame.p_adjusted[0] == pytest.approx(min(1.0, 20 * frame.p_value[0]))


def test_each_kind_of_play_and_ruleset_is_its_own_correction_family() -> None:
    """A search cell is corrected over the search cells only, not over its table's random and greedy ones."""
    n = 300
    search = 0.5 + 3.0 * np.sqrt(0.25 / n)  # p = 0.0027: beyond noise among 2 cells, not among 40
    rows = rates([(search, n, 0.5), (0.5, n, 0.5)] + [(0.5, n, 0.5)] * 38)
    rows["agent_mix"] = ["ismcts", "ismcts"] + ["random"] * 19 + ["greedy"] * 19
    frame = flag_frame(rows, SEATS, RULES, np.ones(40, dtype=bool))
    assert frame.beyond_noise[0] and frame.flagged[0]
    assert frame.p_adjusted[0] == pytest.approx(2 * frame.p_value[0])
    pooled = flag_frame(rows.drop(columns="agent_mix"), SEATS, RULES, np.ones(40, dtype=bool))
    assert not pooled.beyond_noise[0]  # one family over the whole table would miss it
    rows["ruleset"] = ["base", "gods-caprice"] + ["base"] * 38
    split = flag_frame(rows, SEATS, RULES, np.ones(40, dtype=bool))
    assert split.p_adjusted[0] == pytest.approx(split.p_value[0])  # alone in its play and ruleset


def test_rows_outside_where_are_not_compared_and_not_counted() -> None:
    frame = flag_frame(rates([(0.7, 2_000, 0.5), (0.7, 2_000, 0.5)]), SEATS, RULES, np.array([True, False]))
    assert frame.flagged.tolist() == [True, False]
    assert frame.p_value.isna().tolist() == [False, True]


def test_values_without_n_take_their_standard_error_from_the_interval() -> None:
    spec = parse_spec("metric=tile_value estimate=v reference=0 lo=lo hi=hi", "test")
    frame = pd.DataFrame({"v": [1.5, 0.5, 1.5], "lo": [1.0, 0.1, -0.5], "hi": [2.0, 0.9, 3.5]})
    flagged = flag_frame(frame, spec, RULES, np.ones(3, dtype=bool))
    assert flagged.flagged.tolist() == [True, False, False]  # small effect; wide interval


def test_apply_flags_rewrites_the_table_and_records_the_summary() -> None:
    con = duckdb.connect()
    con.register("src", rates([(0.56, 2_000, 0.5), (0.5, 2_000, 0.5)]))
    con.execute("create table met_x as select *, false as flagged from src")
    apply_flags(con, "met_x", [SEATS], RULES)
    assert con.execute("select flagged from met_x").fetchall() == [(True,), (False,)]
    summary = con.execute("select cells, beyond_noise, flagged, correction from flag_summary").fetchone()
    assert summary == (2, 1, 1, "Holm")


def test_a_metric_without_a_minimum_is_an_error_naming_the_key() -> None:
    con = duckdb.connect()
    con.execute("create table met_y as select 0.5 as win_rate, 0.4 as win_lo, 0.6 as win_hi, 0.5 as reference, 10 as n")
    with pytest.raises(FlagError, match="flags.min_effect.seat_win_rate"):
        apply_flags(con, "met_y", [SEATS], FlagRules("holm", 0.05, {}))


def test_malformed_headers_and_study_tables_are_named(tmp_path: Path) -> None:
    with pytest.raises(FlagError, match="needs lo, hi"):
        parse_spec("metric=m estimate=e reference=r", "met_z.sql")
    study = tmp_path / "study.toml"
    study.write_text('[flags]\ncorrection = "bonferoni"\n')
    with pytest.raises(FlagError, match="correction must be one of holm, fdr_bh"):
        load_rules(study)


def test_a_study_overrides_only_what_it_sets(tmp_path: Path) -> None:
    study = tmp_path / "study.toml"
    study.write_text('[flags]\ncorrection = "fdr_bh"\n[flags.min_effect]\nseat_win_rate = 0.05\n')
    rules = load_rules(study)
    assert rules.correction_name == "Benjamini–Hochberg"
    assert rules.min_effect["seat_win_rate"] == 0.05
    assert rules.min_effect["caprice_hit_rate"] == load_rules().min_effect["caprice_hit_rate"]
