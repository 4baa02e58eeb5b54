"""The sensitivity table (the same contrast under a second line-up), the stream-variance measurement
(`simulate.tile_crn`) and a lake that holds tile-value runs alone. The report's sensitivity lines are
checked in test_gardens_report."""

from __future__ import annotations

import dataclasses
import re
import shutil
import statistics
from pathlib import Path

import duckdb
import pandas as pd
import pytest

import simulate.tile_crn as crn
from balance.cli import main
from simulate.tile_value import STREAMS, TileValueSpec
from warehouse.models import MODELS_DIR

SENSITIVITY_SQL = (MODELS_DIR / "metrics" / "met_gardens_tile_sensitivity.sql").read_text(encoding="utf-8")
GREEDY, RANDOM, ISMCTS = "greedy,greedy,greedy", "random,random,random", "ismcts:50,ismcts:50,ismcts:50"


def _sensitivity(rows: list[tuple]) -> list[tuple]:
    """met_gardens_tile_sensitivity over a hand-made met_gardens_tile_contrasts (ruleset base, 3 players)."""
    with duckdb.connect() as con:
        con.execute("create table met_gardens_tile_contrasts (ruleset varchar, ruleset_digest varchar, "
                    "num_players integer, agents varchar, tile varchar, instead_of varchar, score_diff double, "
                    "score_lo double, score_hi double, decisions integer, games integer)")
        con.executemany("insert into met_gardens_tile_contrasts values ('base', 'd1', 3, ?, ?, ?, ?, ?, ?, ?, ?)",
                        rows)
        return con.execute("select tile, instead_of, other_agents, primary_score_diff, other_score_diff, "
                           "other_score_lo, other_score_hi, change, same_direction, overlap "
                           f"from ({SENSITIVITY_SQL}) order by tile, instead_of, other_agents").fetchall()


def test_sensitivity_orients_the_other_line_up_like_the_greedy_estimate_and_compares_them() -> None:
    rows = _sensitivity([
        (GREEDY, "extra_rewards", "planning", 3.6, 3.4, 3.8, 300, 200),
        (RANDOM, "extra_rewards", "planning", 5.5, 5.3, 5.7, 180, 130),  # same orientation
        (ISMCTS, "planning", "extra_rewards", -2.9, -3.7, -2.1, 46, 24),  # stored the other way round
        (GREEDY, "take_wilds", "planning", 0.98, 0.72, 1.23, 340, 200),
        (RANDOM, "planning", "take_wilds", 0.4, 0.2, 0.6, 180, 130),  # opposite direction
        (ISMCTS, "take_wilds", "planning", 1.5e-15, -0.5, 0.5, 46, 24),  # zero up to rounding: no direction
        (RANDOM, "take_wilds", "extra_rewards", 1.0, 0.5, 1.5, 180, 130),  # no greedy estimate of this pair
    ])
    assert rows == [
        ("extra_rewards", "planning", ISMCTS, 3.6, 2.9, 2.1, 3.7, pytest.approx(-0.7), True, True),
        ("extra_rewards", "planning", RANDOM, 3.6, 5.5, 5.3, 5.7, pytest.approx(1.9), True, False),
        ("take_wilds", "planning", ISMCTS, 0.98, 1.5e-15, -0.5, 0.5, pytest.approx(-0.98), None, False),
        ("take_wilds", "planning", RANDOM, 0.98, -0.4, -0.6, -0.2, pytest.approx(-1.38), False, False),
    ]


def test_tile_value_runs_alone_build_a_warehouse_with_their_tables(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    lake = tmp_path / "lake"
    assert main(["tile-value", "--games", "3", "--rollouts", "2", "--seed", "1", "--pairs", "1", "--lake", str(lake),
                 "--workers", "1", "--no-progress"]) == 0
    assert main(["runs", "--lake", str(lake)]) == 0 and " complete " in capsys.readouterr().out
    assert main(["verify", "--lake", str(lake), "--workers", "1"]) == 0
    verified = capsys.readouterr().out  # tile-value rows are counted as rows, not as game events
    assert re.search(r"0 game\(s\), 0 event\(s\), [1-9]\d* tile-value row\(s\)", verified), verified
    warehouse = tmp_path / "w.duckdb"
    capsys.readouterr()
    assert main(["warehouse", "build", "--lake", str(lake), "--warehouse", str(warehouse)]) == 0
    out, err = capsys.readouterr()
    assert "stray" not in out + err and "no game logs" in out, out + err
    with duckdb.connect(str(warehouse), read_only=True) as con:
        tables = {t for (t,) in con.execute("select table_name from duckdb_tables()").fetchall()}
        assert {"met_gardens_tile_values", "met_gardens_tile_contrasts", "met_gardens_tile_owning"} <= tables
        assert con.execute("select count(*) from met_gardens_tile_contrasts").fetchone()[0] > 0
        assert con.execute("select count(*) from lake_left_out").fetchone() == (0,)
    assert "fct_games" not in tables  # no game logs: the game tables are not built (as for any absent game)
    shutil.rmtree(lake / "tile_values")  # nothing complete any more: the error names the run, not "stray files"
    assert main(["warehouse", "build", "--lake", str(lake), "--warehouse", str(warehouse)]) == 1
    assert "stray" not in capsys.readouterr().err


def test_stream_variance_pairs_rollouts_by_index_and_averages_over_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    spread = {"independent": 3.0, "shared": 2.0, "coupled": 1.0}

    def fake_rollouts(spec, state, decision, tile):  # score = tile offset + k * spread of the scheme
        offset = decision.options.index(tile)
        return [(offset + k * (offset + 1) * spread[spec.streams], 0.0, {}) for k in range(spec.rollouts)]

    monkeypatch.setattr(crn, "option_rollouts", fake_rollouts)
    spec = TileValueSpec("base", 3, games=2, rollouts=4, seed=7)
    result = crn.difference_variance(spec)
    decisions = [d for g in range(spec.games) for d in crn.sample_decisions(spec, crn.GAME.load_ruleset("base"), g)]
    expected_pairs = sum(len(d.options) * (len(d.options) - 1) // 2 for d in decisions)
    assert expected_pairs > 0 and set(result) == set(STREAMS)
    for mode, (variance, pairs) in result.items():
        # options i < j differ by (j - i) + k * (j - i) * spread: variance (j - i)^2 spread^2 var(0..K-1)
        gaps = [j - i for d in decisions for i in range(len(d.options)) for j in range(i + 1, len(d.options))]
        want = statistics.fmean(g * g * spread[mode] ** 2 * statistics.variance(range(4)) for g in gaps)
        assert pairs == expected_pairs and variance == pytest.approx(want)


def test_a_real_measurement_covers_the_same_pairs_under_every_scheme_and_is_reproducible() -> None:
    spec = TileValueSpec("base", 3, games=2, rollouts=3, seed=7)
    result = crn.difference_variance(spec)
    assert {pairs for _, pairs in result.values()} == {result["coupled"][1]} and result["coupled"][1] > 0
    assert all(variance >= 0 for variance, _ in result.values())
    again = crn.difference_variance(dataclasses.replace(spec))
    assert again == result  # the measurement is reproducible from its seed


def test_an_estimate_from_one_decision_has_no_interval_and_win_shares_stay_within_one() -> None:
    from warehouse.tile_models import owning_per_tile
    from warehouse.tile_scale import contrasts, tile_values

    rows = [{"decision_key": d, "cluster": d, "tile": t, "mean_score": 30.0 + d + (4.0 if t == "extra_rewards" else 0),
             "mean_win_share": (1.0 if t == "extra_rewards" else 0.0) if d < 3 else 0.5}
            for d in range(4) for t in ("planning", "extra_rewards")]
    rows += [{"decision_key": 9, "cluster": 9, "tile": t, "mean_score": 20.0 + (5.0 if t == "gift" else 0),
              "mean_win_share": 0.0} for t in ("planning", "gift")]  # gift: offered at one decision only
    order = ["planning", "extra_rewards", "gift"]
    frame = pd.DataFrame(rows)
    values = tile_values(frame, order).set_index("tile")
    assert values.loc["gift"].score_value == pytest.approx(5.0)
    assert values.loc["gift", ["score_lo", "score_hi"]].isna().all()  # not a zero-width interval
    table = contrasts(frame, order).set_index(["tile", "instead_of"])
    assert table.loc[("gift", "planning"), ["score_lo", "score_hi"]].isna().all()
    assert not table.loc[("gift", "planning")].beyond_noise
    assert (table.win_lo.dropna() >= -1).all() and (table.win_hi.dropna() <= 1).all()
    pairs = pd.DataFrame({"tile": "gift", "game_seed": [1, 2, 3], "score_prefer": [30, 20, 35],
                          "score_avoid": [10, 25, 12], "win_prefer": [1.0, 0.0, 1.0], "win_avoid": [0.0, 1.0, 0.0],
                          "took_prefer": [1, 1, 0], "took_avoid": [0, 0, 0]})
    owning = owning_per_tile(pairs).iloc[0]
    assert -1 <= owning.win_lo <= owning.win_diff <= owning.win_hi <= 1  # unclipped: about -2.5 to +3.2
