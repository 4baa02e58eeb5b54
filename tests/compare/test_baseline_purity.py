"""A what-if arm played into the study's lake does not move the baseline report.

The general metric tables (seat advantage, Caprice hit rates, score components
...) and the index's headlines describe the game's own rulesets only; a variant
arm is measured against its baseline in met_variant_diff. Here the same lake is
built twice, with and without a variant arm that changes who wins, and every
general table and headline must come out identical.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pandas as pd
import pytest

from balance.headlines import QUESTIONS
from balance.words import Names
from simulate.experiment import Experiment, plan_arms, run_arms
from simulate.lake import meta_dir, run_dir
from simulate.variants import variant_from_sets
from warehouse.build import build

GENERAL = ("met_seat_advantage", "met_caprice_hit_rate", "met_caprice_slot_hit_rate", "met_caprices_score_components",
           "met_caprices_turn_order", "met_caprices_winning_score", "met_game_length", "met_caprices_abilities")


@pytest.fixture(scope="module")
def two_warehouses(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(built with the variant arm in the lake, built from the same lake without it)."""
    root = tmp_path_factory.mktemp("purity")
    lake, without = root / "lake", root / "lake-without-variant"
    # the +30 slot pays 80 and the others 0: a different winner in many games, so pooling would show
    experiment = Experiment("purity", "caprices", "standard", (4,), ("random",), 40,
                            (variant_from_sets(["setup.bonus_tokens=[80, 0, 0, 0]"], "lopsided"),), seed=11)
    baseline, variant = plan_arms(experiment)
    run_arms([baseline, variant], lake, workers=1, progress=False)
    shutil.copytree(lake, without)
    shutil.rmtree(run_dir(without, "caprices", variant.spec.run_id))
    shutil.rmtree(meta_dir(without, variant.spec.run_id))
    build(lake, root / "with.duckdb")
    build(without, root / "without.duckdb")
    return root / "with.duckdb", root / "without.duckdb"


def _table(warehouse: Path, name: str) -> pd.DataFrame:
    with duckdb.connect(str(warehouse), read_only=True) as con:
        return con.execute(f"select * from {name}").df()


def test_the_variant_arm_is_in_the_lake_tagged_and_measured_against_its_baseline(
    two_warehouses: tuple[Path, Path],
) -> None:
    with_variant, _ = two_warehouses
    games = _table(with_variant, "fct_games")
    assert sorted(games.groupby("ruleset").size().items()) == [("standard", 40), ("standard~lopsided", 40)]
    assert set(games[games.ruleset == "standard"].is_baseline_ruleset) == {True}
    assert set(games[games.ruleset == "standard~lopsided"].is_baseline_ruleset) == {False}
    diffs = _table(with_variant, "met_variant_diff")
    seats = diffs[diffs.metric == "seat_win_rate"]
    assert (seats.n == 40).all() and (seats["diff"] != 0).any()  # the change moved who wins: pooling would show
    score = diffs[(diffs.metric == "score") & (diffs.level == "overall")].iloc[0]
    assert score["diff"] != 0


@pytest.mark.parametrize("table", GENERAL)
def test_a_variant_arm_in_the_same_lake_leaves_every_general_table_unchanged(
    two_warehouses: tuple[Path, Path], table: str,
) -> None:
    with_variant, without = two_warehouses
    mine, plain = _table(with_variant, table), _table(without, table)
    assert len(plain) > 0
    pd.testing.assert_frame_equal(mine, plain)


def test_a_variant_arm_in_the_same_lake_leaves_the_baseline_headlines_unchanged(
    two_warehouses: tuple[Path, Path],
) -> None:
    answers = []
    for warehouse in two_warehouses:
        with duckdb.connect(str(warehouse), read_only=True) as con:
            names = Names.from_warehouse(con)
            answers.append([(q.__name__, f.answer, f.pending) for q in QUESTIONS[:-1] if (f := q(con, names))])
    assert answers[0] == answers[1]
    first_seat = dict((name, answer) for name, answer, _ in answers[0])["first_seat"]
    assert "Les caprices du roi" in first_seat or "caprices" in first_seat.lower()
