"""`distilled`, Les caprices du roi's `strong` (issue 25): a one-ply policy fitted to the reference search's choices.

What is checked: the fit learns what its teacher chose; learning is deterministic; the shipped weights are the
standard ruleset's; a what-if variant learns its own weights on first use, keeps them and reads them back; the
agent decides from the view alone, draws nothing, and plays the same game from the same seed."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.caprices.agents import distill
from engine.caprices.agents.distilled import DistilledAgent
from engine.caprices.agents.features import FEATURES, features
from engine.caprices.game import GAME
from engine.caprices.state import view_of
from engine.core import ListSink, make_agent, play_game
from engine.core.agents import strong_record
from engine.registry import get_game
from simulate.variants import variant_from_sets, variant_ruleset

STANDARD = GAME.load_ruleset("standard")


def test_strong_is_distilled_under_its_own_name() -> None:
    agent = make_agent("strong", GAME)
    assert isinstance(agent, DistilledAgent) and agent.name == "strong" and not agent.searches
    assert strong_record(["strong", "greedy"], GAME) == {"strong_plays": f"distilled@{distill.fingerprint()}"}
    assert make_agent("distilled", GAME).name == "distilled"
    joust = get_game("caprices-joust")  # a Joust's `strong` stays the search: the policy learnt single games
    assert make_agent("strong", joust).searches


def test_the_fit_learns_the_command_its_teacher_chose() -> None:
    """Synthetic decisions whose teacher always put its visits on the command with the largest feature 3: the
    fitted policy picks that command on fresh decisions (a sign error in the gradient fails this)."""
    rng = np.random.default_rng(1)

    def decision() -> tuple[np.ndarray, np.ndarray]:
        rows = rng.normal(size=(6, FEATURES))
        visits = np.zeros(6)
        visits[int(np.argmax(rows[:, 3]))] = 40.0
        return rows, visits + 1.0

    weights = distill.fit([decision() for _ in range(300)])
    fresh = [decision() for _ in range(100)]
    agree = sum(int(np.argmax(rows @ weights)) == int(np.argmax(visits)) for rows, visits in fresh)
    assert agree >= 90
    assert weights[3] == max(weights)


def test_learning_is_deterministic_and_the_shipped_weights_are_the_standard_rulesets() -> None:
    first, again = (distill.learn(GAME, STANDARD, games=2, seed=5) for _ in range(2))
    assert first.tolist() == again.tolist()
    shipped = json.loads(distill.SHIPPED.read_text())
    assert shipped["digest"] == STANDARD.digest and shipped["teacher"] == "ismcts-ref"
    assert len(shipped["weights"]) == FEATURES
    assert distill._stored(STANDARD) is not None  # the default study never learns at run time


def test_a_what_if_learns_its_own_weights_once_and_keeps_them(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BALANCE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(distill, "VARIANT_TEACHER_GAMES", 2)
    monkeypatch.setattr(distill, "_LEARNT", {})  # this test's 2-game weights stay out of the other tests
    variant = variant_ruleset(GAME, STANDARD, variant_from_sets(["order.merchant_bonus=10"]))
    taught: list[str] = []
    learn = distill.learn

    def counted(game, ruleset, games, seed=distill.TEACHER_SEED, prior=None):  # type: ignore[no-untyped-def]
        taught.append(ruleset.digest)
        assert games == 2 and prior is not None  # a variant starts from the shipped weights
        return learn(game, ruleset, games, seed, prior)

    monkeypatch.setattr(distill, "learn", counted)
    state = GAME.initial_state(variant, 2, 1)
    rules = state.rules
    weights = distill.weights_for(rules, GAME)
    kept = tmp_path / f"caprices-distilled-{variant.digest}-{distill.fingerprint()}.json"
    assert taught == [variant.digest] and kept.exists()
    record = json.loads(kept.read_text())
    assert record["weights"] == weights.tolist() and record["prior"] == "shipped" and record["teacher_games"] == 2
    assert weights.tolist() != distill.weights_for(GAME.initial_state(STANDARD, 2, 1).rules, GAME).tolist()
    distill._LEARNT.clear()  # a new process: the kept file is read, nothing is learnt again
    assert distill.weights_for(rules, GAME).tolist() == weights.tolist() and taught == [variant.digest]


def test_it_decides_from_the_view_alone_and_plays_the_same_game_from_the_same_seed() -> None:
    """A re-dealt twin of each state (other hidden hands and pile) has the same view, and the agent's choice from
    that view is the one it made; it draws no random number (another stream, the same choice)."""
    agent = make_agent("strong", GAME)
    checked: list[bool] = []

    def observe(state: Any, player: int, legal: Any, command: Any) -> None:
        if player == 0:
            twin = GAME.resample_hidden(state, 0, random.Random(3))
            assert view_of(twin, 0) == view_of(state, 0)
            rng = random.Random(99)
            before = rng.getstate()
            assert agent.choose(GAME, view_of(twin, 0), legal, rng) == command
            assert rng.getstate() == before  # it draws nothing
            checked.append(twin.hands[1] != state.hands[1])

    sinks = ListSink(), ListSink()
    for sink in sinks:
        play_game(GAME, STANDARD, [make_agent("strong", GAME), make_agent("greedy", GAME)], 8, sink, observer=observe)
    assert sinks[0].events == sinks[1].events
    assert len(checked) >= 10 and any(checked)


def test_features_are_one_row_per_legal_command() -> None:
    rows_seen: list[tuple[int, int]] = []

    def observe(state: Any, player: int, legal: Any, command: Any) -> None:
        rows = features(view_of(state, player), legal)
        assert rows[:, 0].max() == 0.0  # greedy's value relative to the decision's best
        rows_seen.append((rows.shape[0] - len(legal), rows.shape[1]))

    play_game(GAME, STANDARD, [make_agent("greedy", GAME)] * 2, 2, ListSink(), observer=observe)
    assert rows_seen and set(rows_seen) == {(0, FEATURES)}


def test_a_variant_fit_keeps_near_its_prior_where_the_teacher_says_little() -> None:
    """With one decision to learn from, a fit from the shipped weights stays close to them; one from scratch
    does not (the prior is what keeps a 16-game variant fit sensible)."""
    prior = distill._shipped()
    rows = np.random.default_rng(2).normal(size=(5, FEATURES))
    one = [(rows, np.array([30.0, 1.0, 1.0, 1.0, 1.0]))]
    near, free = distill.fit(one, prior=prior), distill.fit(one)
    assert np.abs(near - prior).max() < np.abs(free - prior).max()
    assert np.abs(near - prior).max() < 0.5 * np.abs(prior).max()


@pytest.mark.parametrize("damage", ["{\"weights\": [1, 2", "[]", "{\"digest\": \"x\"}", "NaN"])
def test_a_damaged_kept_file_is_learnt_again_with_a_warning_naming_it(tmp_path: Path, damage: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BALANCE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(distill, "VARIANT_TEACHER_GAMES", 1)
    monkeypatch.setattr(distill, "_LEARNT", {})
    variant = variant_ruleset(GAME, STANDARD, variant_from_sets(["unity.clerk_bonus=2"]))
    kept = tmp_path / f"caprices-distilled-{variant.digest}-{distill.fingerprint()}.json"
    kept.write_text(damage)
    with pytest.warns(UserWarning, match=str(kept)):
        weights = distill.weights_for(GAME.initial_state(variant, 2, 1).rules, GAME)
    assert np.isfinite(weights).all() and json.loads(kept.read_text())["weights"] == weights.tolist()
    assert not list(tmp_path.glob("*.tmp"))


def test_a_ruleset_without_two_players_is_taught_at_its_smallest_table(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = variant_ruleset(GAME, STANDARD, variant_from_sets(["players.counts=[3,4]"]))
    decisions = distill.teacher_decisions(GAME, variant, 1, 7)
    assert decisions and all(np.isfinite(rows).all() and visits.sum() > 0 for rows, visits in decisions)


def test_a_cache_folder_that_cannot_be_written_costs_only_the_keeping(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("BALANCE_CACHE_DIR", str(blocked))
    monkeypatch.setattr(distill, "VARIANT_TEACHER_GAMES", 1)
    monkeypatch.setattr(distill, "_LEARNT", {})
    variant = variant_ruleset(GAME, STANDARD, variant_from_sets(["unity.clerk_bonus=3"]))
    with pytest.warns(UserWarning, match="cannot keep learnt weights"):
        weights = distill.weights_for(GAME.initial_state(variant, 2, 1).rules, GAME)
    assert np.isfinite(weights).all() and blocked.read_text() == "not a folder"
