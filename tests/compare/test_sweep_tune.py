"""balance sweep (values, arms, chart data) and balance tune (successive halving within a budget)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pandas as pd
import pytest

from balance.cli import main
from balance.commands.sweep import parse_values, split_values
from balance.commands.tune import Target, candidates, parse_target, score_round
from simulate.experiment import ExperimentError


def test_values_split_at_top_level_commas_only() -> None:
    assert split_values("6,8, 10") == ["6", "8", "10"]
    assert split_values("[6,5,4,3],[5,4,3,2]") == ["[6,5,4,3]", "[5,4,3,2]"]
    assert split_values('"a,b",c') == ['"a,b"', "c"]
    assert parse_values("bonus.extra_rewards_values", "[6,5,4,3],[5,4,3,2]") == ([6, 5, 4, 3], [5, 4, 3, 2])


def test_tune_candidates_are_every_combination_of_one_or_two_parameters() -> None:
    assert candidates(["a.x=1,2"]) == [{"a.x": 1}, {"a.x": 2}]
    assert candidates(["a.x=1,2", "b.y=true,false"]) == [
        {"a.x": 1, "b.y": True}, {"a.x": 1, "b.y": False}, {"a.x": 2, "b.y": True}, {"a.x": 2, "b.y": False}]
    with pytest.raises(ExperimentError, match="one or two"):
        candidates(["a=1", "b=2", "c=3"])


def test_a_candidate_is_as_far_as_its_worst_level_is_outside_the_range() -> None:
    target = parse_target("slot_hit_rate=0.20..0.45", "slot 1,slot 2")
    assert target == Target("slot_hit_rate", 0.2, 0.45, ("slot 1", "slot 2"))
    assert target.distance(pd.Series([0.3, 0.4])) == 0
    assert target.distance(pd.Series([0.1, 0.5])) == pytest.approx(0.1)
    rows = pd.DataFrame({
        "variant": ["a", "a", "a", "b", "b", "b"], "metric": ["slot_hit_rate"] * 6,
        "level": ["slot 1", "slot 2", "slot 3"] * 2, "num_players": [math.nan] * 6,
        "value": [0.30, 0.50, 0.9, 0.25, 0.44, 0.9], "value_lo": [0.2] * 6, "value_hi": [0.6] * 6,
    })
    scored = score_round(rows, target)
    assert list(scored.variant) == ["b", "a"] and list(scored.distance) == pytest.approx([0.0, 0.05])
    with pytest.raises(ExperimentError, match="not a level"):
        score_round(rows, parse_target("slot_hit_rate=0..1", "slot 9"))
    with pytest.raises(ExperimentError, match="unknown metric"):
        parse_target("speed=1..2", None)


def test_tune_halves_the_candidates_within_its_budget_and_reports_the_best(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """Random agents: the mean Caprice points grow with the first bonus, so the range picks the middle value."""
    status = main(["tune", "--game", "caprices", "--players", "4", "--param", "setup.bonus_tokens[0]=10,30,50,70",
                   "--target", "caprice_points=20..24", "--budget", "600", "--lake", str(tmp_path / "lake"),
                   "--warehouse", str(tmp_path / "w.duckdb"), "--workers", "1", "--no-progress", "--seed", "3"])
    out = capsys.readouterr().out
    assert status == 0
    rounds = re.findall(r"round (\d): (\d) candidates x ([\d,]+) games", out)
    assert [(r, c) for r, c, _ in rounds] == [("1", "4"), ("2", "2")]
    best = re.search(r"best: (\S+) \((.*?)\);.*games spent: ([\d,]+) of a budget of 600", out)
    assert best is not None, out
    assert best.group(1) == "bonus_tokens[0]=30"
    spent = int(best.group(3).replace(",", ""))
    assert spent == sum((int(c) + 1) * int(g) for _, c, g in rounds) <= 600
