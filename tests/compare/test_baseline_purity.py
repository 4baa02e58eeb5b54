"""A what-if played into the study's lake does not move the study's report (issue 27 item 13).

The general metric tables (seat advantage, Caprice hit rates, score components
...) and the index's headlines describe the study's own runs; an experiment's
arms, baseline and variant, are measured against each other in
met_variant_diff. Here a lake holding a study run and an experiment is built
twice, with and without the experiment's two arms, and every general table and
headline must come out identical. An experiment that asks (`pool = true`) adds
its baseline arm's games to the study, never its variant's.
"""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path
from types import SimpleNamespace

import duckdb
import pandas as pd
import pytest

from balance.cli import main
from lake.layout import meta_dir, run_dir
from lake.spec import RunSpec
from reports.findings.examples import Change
from reports.findings.headlines import QUESTIONS, what_if
from reports.site.index import examples_list
from simulate.experiment import Experiment, plan_arms, run_arms
from simulate.runner import run
from simulate.variants import variant_from_sets
from warehouse.build import build
from warehouse.display_names import Names

GENERAL = ("met_seat_advantage", "met_caprice_hit_rate", "met_caprice_slot_hit_rate", "met_caprices_score_components",
           "met_caprices_turn_order", "met_caprices_winning_score", "met_game_length", "met_caprices_abilities")


@pytest.fixture(scope="module")
def two_warehouses(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(built with the experiment's arms in the lake, built from the same lake without them)."""
    root = tmp_path_factory.mktemp("purity")
    lake, without = root / "lake", root / "lake-without-experiment"
    run(RunSpec("caprices", "standard", (4,), ("random",), 40, seed=5), lake, workers=1, progress=False)
    # the +30 slot pays 80 and the others 0: a different winner in many games, so pooling would show
    experiment = Experiment("purity", "caprices", "standard", (4,), ("random",), 40,
                            (variant_from_sets(["setup.bonus_tokens=[80, 0, 0, 0]"], "lopsided"),), seed=11)
    baseline, variant = plan_arms(experiment)
    run_arms([baseline, variant], lake, workers=1, progress=False)
    shutil.copytree(lake, without)
    for arm in (baseline, variant):
        shutil.rmtree(run_dir(without, "caprices", arm.spec.run_id))
        shutil.rmtree(meta_dir(without, arm.spec.run_id))
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
    assert sorted(games.groupby("ruleset").size().items()) == [("standard", 80), ("standard~lopsided", 40)]
    arms = games.run_id.str.startswith("purity.")
    assert set(games[~arms].in_study) == {True}
    assert set(games[arms].in_study) == {False}  # the baseline arm too: 40 study games, not 80
    diffs = _table(with_variant, "met_variant_diff")
    seats = diffs[diffs.metric == "seat_win_rate"]
    assert (seats.n == 40).all() and (seats["diff"] != 0).any()  # the change moved who wins: pooling would show
    score = diffs[(diffs.metric == "score") & (diffs.level == "overall")].iloc[0]
    assert score["diff"] != 0


@pytest.mark.parametrize("table", GENERAL)
def test_an_experiment_in_the_same_lake_leaves_every_general_table_unchanged(
    two_warehouses: tuple[Path, Path], table: str,
) -> None:
    with_variant, without = two_warehouses
    mine, plain = _table(with_variant, table), _table(without, table)
    assert len(plain) > 0
    pd.testing.assert_frame_equal(mine, plain)


def test_an_experiment_in_the_same_lake_leaves_the_study_headlines_unchanged(
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


def test_the_what_if_headline_lists_pairs_of_games_on_the_same_seed_that_replay(
    two_warehouses: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
) -> None:
    """Each example is game k of the baseline arm beside game k of the variant arm, where the biggest flagged
    change moved most in its direction; both commands replay."""
    with_variant, _ = two_warehouses
    lake = str(with_variant.parent / "lake")
    with duckdb.connect(str(with_variant), read_only=True) as con:
        finding = what_if(con, Names.from_warehouse(con))
        runs = dict(con.execute("select role, run_id from fct_variant_arms where experiment = 'purity'").fetchall())
        flagged = con.execute("select * from met_variant_diff where experiment = 'purity' and flagged").df()
        biggest = flagged.loc[(flagged["diff"].abs() / flagged.min_effect).idxmax()]
        values = con.execute("""
            select run_id, game_id, value from fct_variant_game_values where metric = ? and level = ?
            union all select run_id, game_id, value from fct_variant_values_caprices where metric = ? and level = ?""",
            [biggest.metric, biggest.level] * 2).df().set_index(["run_id", "game_id"]).value
    assert pd.isna(biggest.num_players)  # one player count: the row is pooled (null), its level as stored
    assert 2 <= len(finding.examples) <= 3
    moved = []
    for example in finding.examples:
        assert (example.baseline_run, example.run_id) == (runs["baseline"], runs["variant"])
        base, variant = example.commands(lake)
        assert base == f"balance show --lake {lake} --run {runs['baseline']} --game-id {example.game_id}"
        assert variant == f"balance show --lake {lake} --run {runs['variant']} --game-id {example.game_id}"
        assert f"<code>{base}</code> against <code>{variant}</code>" in examples_list(finding, lake)
        assert example.why.startswith(f"game id {example.game_id}, same seed and seating: ")
        moved.append(values[(runs["variant"], example.game_id)] - values[(runs["baseline"], example.game_id)])
    assert all(m * biggest["diff"] > 0 for m in moved)  # in the direction of the change, the biggest first
    assert [abs(m) for m in moved] == sorted((abs(m) for m in moved), reverse=True)
    for command in finding.examples[0].commands(lake):
        assert main(shlex.split(command)[1:]) == 0
        told = capsys.readouterr().out
        assert f"game id {finding.examples[0].game_id}" in told.lower() and "final" in told.lower()


def test_an_experiment_that_asks_pools_its_baseline_arm_and_never_its_variant(tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    experiment = Experiment("pooled", "caprices", "standard", (4,), ("random",), 12,
                            (variant_from_sets(["setup.bonus_tokens=[80, 0, 0, 0]"], "lopsided"),), seed=3, pool=True)
    run_arms(plan_arms(experiment), lake, workers=1, progress=False)
    build(lake, tmp_path / "w.duckdb")
    games = _table(tmp_path / "w.duckdb", "fct_games")
    assert dict(games.groupby("ruleset").in_study.all()) == {"standard": True, "standard~lopsided": False}
    seats = _table(tmp_path / "w.duckdb", "met_seat_advantage")
    assert seats.n.max() == 12  # the pooled baseline arm's games, the variant's left out


@pytest.mark.parametrize(("kind", "label", "players", "level"), [
    ("overall", "overall", None, "overall"), ("overall", "4 players", 4, "overall"),
    ("seat", "seat 2 of 3", 3, "seat 2"), ("caprice", "c07, 4 players", 4, "c07"), ("slot", "slot 1", None, "slot 1"),
])
def test_a_changed_row_reads_back_the_level_its_per_game_values_carry(
    kind: str, label: str, players: int | None, level: str,
) -> None:
    row = SimpleNamespace(run_id="v", baseline_run="b", metric="m", level_kind=kind,
                          num_players=float("nan") if players is None else players, diff=-1.0)
    assert Change.of(row, label) == Change("v", "b", "m", kind, level, players, -1.0)
