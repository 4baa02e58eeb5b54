"""`balance tile-value`: paired simulation at sampled bonus decisions, its lake file and warehouse metric."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest

import simulate.tile_value as tv
from balance.cli import main
from engine.core.driver import fold, state_digest
from engine.gardens.game import GAME
from simulate.runner import run
from simulate.spec import RunSpec
from warehouse.build import build

SMALL = tv.TileValueSpec("base", players=3, games=2, rollouts=2, seed=5, decisions_per_game=2)


@pytest.fixture(scope="module")
def small_table():
    return tv.measure(SMALL)


def test_rows_per_decision_are_the_options_on_offer_and_sum_to_zero(small_table):
    rows = small_table.to_pylist()
    by_decision = defaultdict(list)
    for row in rows:
        by_decision[row["decision"]].append(row)
    assert len(by_decision) >= 2
    for options in by_decision.values():
        assert len(options) == options[0]["options"] >= 2
        assert len({o["tile"] for o in options}) == len(options)
        assert abs(sum(o["score_vs_avg"] for o in options)) < 1e-9
        assert abs(sum(o["win_vs_avg"] for o in options)) < 1e-9
        assert all(o["n_rollouts"] == 2 for o in options)


def test_sampled_decisions_are_bonus_choices_rebuilt_from_the_log_prefix():
    ruleset = GAME.load_ruleset("base")
    decisions = tv.sample_decisions(SMALL, ruleset, 5)
    assert decisions and len(decisions) <= SMALL.decisions_per_game
    for decision in decisions:
        state = fold(GAME, ruleset, decision.prefix)
        assert state_digest(GAME, state) == decision.digest
        legal = GAME.legal_commands(state, decision.player)
        assert tuple(c[1] for c in legal) == decision.options and all(c[0] == "bonus" for c in legal)


def test_same_seeds_give_identical_results(small_table):
    assert tv.measure(SMALL).equals(small_table)
    other = tv.measure(tv.TileValueSpec("base", 3, 2, 2, seed=6, decisions_per_game=2))
    assert not other.equals(small_table)


def test_every_option_of_a_decision_uses_the_same_rollout_seeds(monkeypatch):
    ruleset = GAME.load_ruleset("base")
    decision = tv.sample_decisions(SMALL, ruleset, 5)[0]
    real = tv.play_out
    seen: list[list[int]] = []

    def recording_play_out(game, state, agents, seed, sink=None):
        seen[-1].append(seed)
        return real(game, state, agents, seed, sink)

    monkeypatch.setattr(tv, "play_out", recording_play_out)
    for tile in decision.options:
        seen.append([])
        tv._option_means(SMALL, fold(GAME, ruleset, decision.prefix), decision, 0, tile)
    assert len(seen) == len(decision.options) and all(s == seen[0] for s in seen)
    assert len(set(seen[0])) == SMALL.rollouts


def test_run_id_is_deterministic_and_parameter_dependent():
    digest = GAME.load_ruleset("base").digest
    assert SMALL.run_id(digest) == tv.TileValueSpec("base", 3, 2, 2, 5, ("greedy",), 2).run_id(digest)
    assert SMALL.run_id(digest) != tv.TileValueSpec("base", 3, 2, 3, 5, ("greedy",), 2).run_id(digest)


def test_bad_sizes_are_rejected_by_option_name():
    with pytest.raises(Exception, match="--rollouts"):
        tv.measure(tv.TileValueSpec(rollouts=0))
    with pytest.raises(Exception, match="one per seat"):
        tv.measure(tv.TileValueSpec(players=3, agents=("greedy", "random")))


@pytest.fixture(scope="module")
def lake_with_tile_values(tmp_path_factory: pytest.TempPathFactory) -> Path:
    lake = tmp_path_factory.mktemp("tv_lake")
    run(RunSpec("gardens", "base", (2,), ("random",), 4, seed=1, batch_size=100), lake, workers=1, progress=False)
    code = main(["tile-value", "--games", "2", "--rollouts", "2", "--players", "2", "--seed", "3",
                 "--lake", str(lake), "--no-progress"])
    assert code == 0
    return lake


def test_command_writes_one_parquet_file_per_run(lake_with_tile_values):
    files = list((lake_with_tile_values / "tile_values" / "game=gardens").glob("run=tv-*/part-0.parquet"))
    assert len(files) == 1
    table = pq.read_table(files[0])
    assert table.num_rows > 0 and set(tv.SCHEMA.names) == set(table.column_names)
    assert not list(files[0].parent.glob(".tmp-*"))


def test_metric_model_matches_the_python_summary(lake_with_tile_values, tmp_path):
    warehouse = tmp_path / "wh.duckdb"
    build(lake_with_tile_values, warehouse)
    table = pq.read_table(next((lake_with_tile_values / "tile_values").rglob("part-0.parquet")))
    expected = {s.tile: s for s in tv.summarise(table)}
    with duckdb.connect(str(warehouse), read_only=True) as con:
        rows = con.execute("select tile, n, n_rollouts, score_vs_avg, score_lo, score_hi, win_vs_avg "
                           "from met_gardens_tile_values").fetchall()
    assert {r[0] for r in rows} == set(expected)
    for tile, n, n_rollouts, score, lo, hi, win in rows:
        s = expected[tile]
        assert (n, n_rollouts) == (s.decisions, s.rollouts)
        assert score == pytest.approx(s.score_vs_avg) and win == pytest.approx(s.win_vs_avg)
        if n > 1:
            assert lo == pytest.approx(s.score_lo) and hi == pytest.approx(s.score_hi)


def test_metric_model_is_skipped_without_tile_value_runs(tmp_path):
    lake = tmp_path / "lake"
    run(RunSpec("gardens", "base", (2,), ("random",), 2, seed=1, batch_size=100), lake, workers=1, progress=False)
    result = build(lake, tmp_path / "wh.duckdb")
    assert {"stg_gardens__tile_values", "met_gardens_tile_values"} <= set(result.skipped)
    assert "met_gardens_bonus_tiles" in result.models


def test_t_interval_uses_student_quantiles_for_few_decisions():
    assert tv.t975(1) == 12.706 and tv.t975(30) == 2.042
    assert tv.t975(60) == pytest.approx(2.000, abs=0.003) and tv.t975(120) == pytest.approx(1.980, abs=0.003)
    mean, half = tv.mean_interval([1.0, 3.0])
    assert mean == 2.0 and half == pytest.approx(12.706 * 2 ** 0.5 / 2 ** 0.5)
