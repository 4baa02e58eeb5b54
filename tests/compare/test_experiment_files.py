"""Experiment files: what they accept, and one-line errors naming the file and key for what they do not."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulate.experiment import Experiment, ExperimentError, arm_run_id, load_experiment, plan_arms
from simulate.variants import VariantError
from warehouse.variant_metrics import paired

GOOD = """
name = "mine"
game = "caprices"
players = [4]
games = 10
[[variants]]
name = "v"
set = { "setup.bonus_tokens[0]" = 35 }
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "exp.toml"
    path.write_text(text)
    return path


def test_a_good_file_loads_with_the_games_defaults(tmp_path: Path) -> None:
    exp = load_experiment(write(tmp_path, GOOD))
    assert (exp.name, exp.kind, exp.ruleset, exp.agents, exp.seed) == ("mine", "compare", "default", ("random",), 0)
    assert exp.variants[0].overrides == {"setup.bonus_tokens[0]": 35}
    arms = plan_arms(exp)
    assert [a.spec.seed for a in arms] == [0, 0] and arms[0].spec.players == arms[1].spec.players
    assert arms[1].spec.run_id == arm_run_id("mine", "v", arms[1].spec)


@pytest.mark.parametrize(("text", "words"), [
    ("colour = 3\n" + GOOD, "unknown key(s) colour"),
    (GOOD.replace('game = "caprices"\n', ""), "missing key 'game'"),
    (GOOD.replace('name = "mine"', 'name = "my.exp"'), "use letters, digits"),
    (GOOD.replace('set = { "setup.bonus_tokens[0]" = 35 }', 'colour = 1'), "variants[0]: write name"),
    ('game = "caprices"\ngames = 5\n', "no variant"),
    ('game = "caprices"\ngames = 5\nkind = "sweep"\n[sweep]\nparam = "setup.rounds"\n', "a sweep needs"),
    ('game = "caprices"\ngames = 5\n[[variants]]\nfile = "missing.toml"\n', "cannot read the variant file"),
    ("game = [", "not a valid TOML file"),
])
def test_a_bad_file_is_refused_naming_the_file(tmp_path: Path, text: str, words: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises((ExperimentError, VariantError)) as caught:
        load_experiment(path)
    assert str(caught.value).startswith(str(path.parent)) and words in str(caught.value)


def test_variant_names_must_differ_and_not_be_the_baseline() -> None:
    exp = load_experiment(Path(__file__).resolve().parents[2] / "experiments" / "caprices-bonus.toml")
    with pytest.raises(ExperimentError, match="distinct"):
        Experiment("x", "caprices", "standard", (4,), ("random",), 4, exp.variants + exp.variants[:1])


def test_pairs_that_all_moved_alike_are_read_by_the_sign_test_not_as_certain() -> None:
    # two pairs both +0.25 (a rate over few player-games) once read p = 0 and flagged; 2 of 2 is a coin's luck
    base = np.array([0.5, 0.25])
    assert paired(base, base + 0.25)["p_value"] == 0.5
    assert paired(np.array([0.6, 0.8]), np.array([0.2, 0.4]))["p_value"] == 0.5  # alike up to float noise
    assert paired(np.zeros(10), np.ones(10))["p_value"] == pytest.approx(2 / 1024)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-100, 100, allow_nan=False), min_size=2, max_size=40), st.floats(-5, 5))
def test_paired_statistics_hold_their_invariants(base: list[float], shift: float) -> None:
    b = np.array(base)
    same = paired(b, b.copy())
    assert same["diff"] == same["diff_lo"] == same["diff_hi"] == 0 and same["p_value"] == 1.0
    moved = paired(b, b + shift)
    assert moved["diff"] == pytest.approx(shift, abs=1e-9)
    assert moved["diff_lo"] - 1e-9 <= moved["diff"] <= moved["diff_hi"] + 1e-9
    assert moved["value"] - moved["baseline"] == pytest.approx(moved["diff"], abs=1e-9)
