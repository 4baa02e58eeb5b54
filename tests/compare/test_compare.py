"""balance compare: A/A identity, a variant whose effect is known by hand, pairing, resumption."""

from __future__ import annotations

from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pytest

from balance.cli import main
from lake.claim import resume_hint
from simulate.experiment import Experiment, plan_arms, run_arms
from simulate.variants import variant_from_sets
from tests.compare.helpers import arm_events, diffs, play


def experiment(name: str, sets: list[str], games: int = 60, agents: tuple[str, ...] = ("random",),
               batch_size: int = 500) -> Experiment:
    return Experiment(name, "caprices", "standard", (4,), agents, games, (variant_from_sets(sets, "variant"),),
                      seed=5, batch_size=batch_size)


@pytest.fixture(scope="module")
def lake_and_warehouse(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("compare")
    return root / "lake", root / "warehouse.duckdb"


def test_an_a_a_variant_plays_identical_games_and_changes_nothing(lake_and_warehouse: tuple[Path, Path]) -> None:
    lake, warehouse = lake_and_warehouse
    same = experiment("aa", ["setup.bonus_tokens=[30, 20, 15, 10]"])  # the baseline's own value
    arms, _ = play(same, lake, warehouse)
    base, variant = (arm_events(lake, arm) for arm in arms)
    assert arms[0].spec.run_id != arms[1].spec.run_id and arms[0].ruleset.digest == arms[1].ruleset.digest
    assert len(base) == len(variant) > 0
    differing = [c for c in base.columns if c not in ("run_id", "ruleset")
                 and not base[c].equals(variant[c])]
    assert differing == []  # every event (seeds, seats, moves, chance, scores, sealed digests) is the same
    rows = diffs(warehouse, "aa")
    assert len(rows) > 30 and set(rows.metric) >= {"score", "seat_win_rate", "slot_hit_rate", "caprice_hit_rate"}
    assert (rows["diff"] == 0).all() and (rows.diff_lo == 0).all() and (rows.diff_hi == 0).all()
    assert not rows.beyond_noise.any() and not rows.flagged.any()


def test_the_arms_are_ordinary_runs_that_verify_and_are_listed_with_their_experiment(
    lake_and_warehouse: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
) -> None:
    lake, _ = lake_and_warehouse
    play(experiment("listed", ["setup.bonus_tokens[3]=12"], games=8), lake, lake.parent / "listed.duckdb")
    assert main(["verify", "--lake", str(lake), "--workers", "1", "--no-progress"]) == 0
    assert main(["runs", "--lake", str(lake)]) == 0
    out = capsys.readouterr().out
    assert "experiment listed, arm variant: setup.bonus_tokens[3] = 12" in out
    assert "experiment listed, arm baseline: the baseline ruleset" in out


def test_a_bonus_raised_by_ten_raises_the_mean_score_by_ten_times_that_slots_hit_rate(
    lake_and_warehouse: tuple[Path, Path],
) -> None:
    """Random agents ignore scores, so the games are the same and only the slot-1 Caprice pays 10 more."""
    lake, warehouse = lake_and_warehouse
    play(experiment("plus10", ["setup.bonus_tokens[0]=40"]), lake, warehouse)
    rows = diffs(warehouse, "plus10").set_index(["metric", "level"])
    hit_rate = rows.loc[("slot_hit_rate", "slot 1"), "baseline"]  # share of player-games meeting the slot-1 Caprice
    assert 0 < hit_rate < 1
    score = rows.loc[("score", "overall")]
    assert score["diff"] == pytest.approx(10 * hit_rate, abs=1e-9)
    assert rows.loc[("caprice_points", "overall"), "diff"] == pytest.approx(10 * hit_rate, abs=1e-9)
    assert rows.loc[("slot_hit_rate", "slot 1"), "diff"] == 0  # the same Caprices are met
    # only the players who met the slot-1 Caprice gain, so in no game does their share of the win fall
    with duckdb.connect(str(warehouse), read_only=True) as con:
        shares = con.execute("""
            select v.value - b.value from fct_variant_values_caprices v
            join fct_variant_arms a on a.run_id = v.run_id and a.experiment = 'plus10' and a.role = 'variant'
            join fct_variant_values_caprices b on b.run_id = a.baseline_run and b.game_id = v.game_id
                 and b.metric = v.metric and b.level = v.level
            where v.metric = 'slot_win_share' and v.level = 'slot 1'""").fetchall()
    assert len(shares) == 60 and min(s[0] for s in shares) >= 0 and max(s[0] for s in shares) > 0
    assert rows.loc[("slot_win_share", "slot 1"), "diff"] > 0
    assert score.flagged and score.diff_lo > 0
    # pairing pays: the paired interval is far narrower than two independent samples' on the same games
    assert score.pairing_gain > 3
    assert score.diff_hi - score.diff_lo < (score.diff_hi_unpaired - score.diff_lo_unpaired) / 3


def test_the_paired_interval_is_the_t_interval_of_the_per_game_differences() -> None:
    from scipy import stats

    from warehouse.variant_metrics import paired

    rng = np.random.default_rng(3)
    base = rng.normal(50, 10, 200)
    variant = base + 2 + rng.normal(0, 1, 200)  # shared chance: the pair moves together
    row = paired(base, variant)
    d = variant - base
    half = stats.t.ppf(0.975, 199) * d.std(ddof=1) / np.sqrt(200)
    assert row["diff"] == pytest.approx(d.mean())
    assert (row["diff_lo"], row["diff_hi"]) == pytest.approx((d.mean() - half, d.mean() + half))
    welch = stats.ttest_ind(variant, base, equal_var=False).confidence_interval()
    assert (row["diff_lo_unpaired"], row["diff_hi_unpaired"]) == pytest.approx((welch.low, welch.high))
    assert row["pairing_gain"] > 5


def test_rerunning_an_experiment_resumes_it_without_playing_a_game_twice(tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    exp = experiment("resume", ["setup.bonus_tokens[1]=25"], games=40, batch_size=20)
    arms = plan_arms(exp)
    assert run_arms(arms, lake, workers=1, progress=False) == 80  # two arms of 40 games
    before = {arm.name: arm_events(lake, arm) for arm in arms}
    assert run_arms(plan_arms(exp), lake, workers=1, progress=False) == 0  # complete: nothing played
    # a killed run: the variant arm lost its manifest and its second part file
    variant = arms[1]
    (lake / "runs" / variant.spec.run_id / "manifest.json").unlink()
    parts = sorted(lake.glob(f"events/game=caprices/run={variant.spec.run_id}/part-*.parquet"))
    assert len(parts) == 2
    parts[1].unlink()
    assert run_arms(plan_arms(exp), lake, workers=1, progress=False) == 20  # only the missing batch
    after = arm_events(lake, variant)
    pd.testing.assert_frame_equal(before[variant.name], after)


def test_an_unfinished_arm_says_to_re_run_its_experiment() -> None:
    arms = plan_arms(experiment("hint", ["setup.bonus_tokens[3]=12"], games=8))
    assert all(resume_hint(arm.spec.run_id) == "re-run experiment hint (the balance compare / sweep / tune command "
               "that played it resumes it)" for arm in arms)
    assert resume_hint("caprices-0123456789") is None
