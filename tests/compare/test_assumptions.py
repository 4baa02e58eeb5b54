"""`balance assumptions`: every assumed value with an alternative against it, on shared seeds, and the index."""

from __future__ import annotations

import argparse
import inspect
import re
from pathlib import Path

import pandas as pd
import pytest

from balance.cli import main
from balance.commands.assumptions import alternatives, experiment_from_args, strongest_play
from engine.core.agents import SEARCH_AGENT_NAMES
from engine.registry import get_game
from reports.findings import headlines
from reports.findings.assumptions import HEADLINE_OF_METRIC, beside, effects, latest
from reports.site.index import assumptions_effect_section, finding_card
from simulate.experiment import ExperimentError
from warehouse.query import connect

pytestmark = pytest.mark.xdist_group("assumptions")


def test_every_assumed_switch_and_choice_the_game_plays_is_tested_against_each_alternative() -> None:
    gods = get_game("gods")
    tested = alternatives("gods", gods.load_ruleset("standard"))
    assert ("cities.placement", "no_visible_tile_fits", "no_tile_of_the_set_fits") in tested
    assert ("cities.count_as_side", False, True) in tested
    keys = {key for key, _, _ in tested}
    assert "hands.draw_one" not in keys  # a seed value, not an assumption
    assert "scoring.winner_ties" not in keys and "end.when_stuck" not in keys  # assumed, but no other reading
    assert "discard.limit_3p" not in keys  # a number: no listed alternative
    caprices = {key for key, _, _ in alternatives("caprices", get_game("caprices").load_ruleset("standard"))}
    assert "order.merchant_on_shared_value" in caprices and not any(k.startswith("joust.") for k in caprices)
    joust = {key for key, _, _ in alternatives("caprices-joust", get_game("caprices").load_ruleset("standard"))}
    assert "joust.tie_break" in joust
    three = [t for t in alternatives("caprices", get_game("caprices").load_ruleset("standard"))
             if t[0] == "minister.run_values"]
    assert [alt for _, _, alt in three] == ["printed", "integer"]


def test_the_play_is_the_study_s_strongest_self_play() -> None:
    for game in ("caprices", "gardens", "gods"):
        assert strongest_play(game).startswith(SEARCH_AGENT_NAMES)


def _args(**given: object) -> argparse.Namespace:
    fields = {"game": "gods", "ruleset": None, "games": 20, "players": None, "agents": None, "seed": None,
              "name": None, "only": []}
    return argparse.Namespace(**{**fields, **given})


def test_the_experiment_pairs_every_alternative_with_one_baseline_on_shared_seeds() -> None:
    experiment, source = experiment_from_args(_args())
    assert source == "the study's strongest self-play" and experiment.agents == (strongest_play("gods"),)
    assert experiment.kind == "assumptions" and experiment.players == (2, 3, 4) and experiment.games == 20
    assert len(experiment.variants) == len(alternatives("gods", get_game("gods").load_ruleset("standard")))
    again, _ = experiment_from_args(_args())
    assert again.name == experiment.name  # the same flags resume the same runs
    with pytest.raises(ExperimentError, match="--only cities.placment: not an assumed value"):
        experiment_from_args(_args(only=["cities.placment"]))


def _diff_rows(variant: str, moved: dict[str, float], quiet: int = 3) -> list[dict[str, object]]:
    rows = [{"game": "gods", "variant": variant, "change": variant, "metric": metric, "level_kind": "overall",
             "level": "overall", "diff": diff, "min_effect": 0.02, "flagged": True} for metric, diff in moved.items()]
    rows += [{"game": "gods", "variant": variant, "change": variant, "metric": "score", "level_kind": "overall",
              "level": "overall", "diff": 0.1, "min_effect": 1.0, "flagged": False}] * quiet
    return rows


def test_assumptions_are_ranked_by_the_headline_findings_they_move_and_moves_nothing_is_said() -> None:
    frame = pd.DataFrame(_diff_rows("a = x", {}) + _diff_rows("b = y", {"god_win_rate": 0.05})
                         + _diff_rows("c = z", {"god_win_rate": 0.03, "seat_win_rate": 0.04}))
    ranked = effects(frame)
    assert [e.variant for e in ranked] == ["c = z", "b = y", "a = x"]
    assert ranked[0].headlines == ["Is the first seat favoured?", "Which god is strongest?"]
    assert ranked[-1].summary().startswith("moves nothing (none of 3 measures")


def test_every_headline_metric_names_a_question_the_index_asks() -> None:
    asked = inspect.getsource(headlines)
    for question in set(HEADLINE_OF_METRIC.values()):
        assert f'question = "{question}"' in asked, question


def test_city_placement_moves_city_points_and_the_index_says_so(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    lake, warehouse = tmp_path / "lake", tmp_path / "w.duckdb"
    code = main(["assumptions", "--game", "gods", "--only", "cities.placement", "--agents", "random",
                 "--games", "10", "--players", "2", "--lake", str(lake), "--warehouse", str(warehouse),
                 "--no-report", "--no-progress", "--workers", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "play: random self-play (given by --agents), 10 games per player count (2 players)" in out
    assert "1. cities.placement = no_tile_of_the_set_fits (assumed: no_visible_tile_fits): " in out
    # unbreakable cities are founded only where nothing of the set fits: far fewer city points
    before, after = map(float, re.search(r"City points per player \(overall\): ([\d.]+) points -> ([\d.]+)",
                                         out).groups())
    assert after < before / 2
    with connect(str(warehouse), read_only=True) as con:
        per_game = latest(con)
    assert list(per_game) == ["gods"]
    card = finding_card(headlines.Finding("Which god is strongest?", answer="..."), assumed=beside(
        per_game, "Which god is strongest?"))
    assert "Rests on no assumption that moves it (gods: random/random play, 10 paired games)" in card
    assert beside(per_game, "Which Caprices are too easy or too hard?") == (
        "Assumed values that move it: not measured yet (run `balance assumptions --game caprices`).")
    section = assumptions_effect_section(per_game)
    assert "moves no headline finding (city points per player)" in section
