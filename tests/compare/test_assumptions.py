"""`balance assumptions`: every assumed value with an alternative against it, on shared seeds, and the index."""

from __future__ import annotations

import argparse
import html
import inspect
import re
from pathlib import Path

import pandas as pd
import pytest
from scipy import stats

from balance.cli import main
from balance.commands.assumptions import experiment_from_args, strongest_play
from engine.core.agents import SEARCH_AGENT_NAMES
from engine.registry import get_game
from lake.spec import SpecError
from reports.findings import headlines
from reports.findings.assumptions import HEADLINE_OF_METRIC, beside, effects, flag_words, latest, smallest_flagged
from reports.site.assumptions import assumptions_effect_section
from reports.site.index import finding_card
from simulate.assumptions import alternatives
from simulate.experiment import ExperimentError
from simulate.study import load_screens, strong_agents
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
    assert "discard.limit_3p" not in keys and "end.idle_ms" not in keys  # numbers: no listed alternative
    caprices = {key for key, _, _ in alternatives("caprices", get_game("caprices").load_ruleset("standard"))}
    assert "order.merchant_on_shared_value" in caprices and not any(k.startswith("joust.") for k in caprices)
    joust = {key for key, _, _ in alternatives("caprices-joust", get_game("caprices").load_ruleset("standard"))}
    assert "joust.tie_break" in joust
    three = [t for t in alternatives("caprices", get_game("caprices").load_ruleset("standard"))
             if t[0] == "minister.run_values"]
    assert [alt for _, _, alt in three] == ["printed", "integer"]


def test_the_play_is_the_study_s_strong_agent() -> None:
    for game in ("caprices", "gardens", "gods"):
        assert strongest_play(game) == strong_agents()[game] and strongest_play(game).startswith(SEARCH_AGENT_NAMES)


def test_the_default_study_screens_every_game_and_ruleset_at_its_strong_agent(tmp_path: Path) -> None:
    screens = load_screens()
    assert {(s.game, s.ruleset) for s in screens} == {("caprices", "standard"), ("gardens", "base"),
                                                      ("gardens", "gods-caprice"), ("gods", "standard")}
    assert all(s.agent == strong_agents()[s.game] for s in screens)
    experiments = [s.experiment() for s in screens]
    assert all(e.kind == "assumptions" and not e.pool for e in experiments)  # kept out of the study's tables
    assert len({e.name for e in experiments}) == 4 and [e.name for e in experiments] == [
        s.experiment().name for s in load_screens()]  # named from content: a re-run resumes the same runs
    assert [s.games for s in load_screens(scale=0.5)] == [max(2, -(-s.games // 2)) for s in screens]
    study = tmp_path / "study.toml"
    study.write_text('[[assumptions]]\ngame = "gods"\nagent = "random"\ngames = 8\nonly = ["x"]\n')
    with pytest.raises(SpecError, match=r"study.toml \[\[assumptions\]\] #1: unknown key\(s\) only"):
        load_screens(study)
    study.write_text('[[assumptions]]\ngame = "gods"\nagent = "random"\ngames = 1\n')
    with pytest.raises(SpecError, match="games must be a whole number of paired games per player count, at least 2"):
        load_screens(study)


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


def _diff_rows(variant: str, moved: dict[str, float], quiet: int = 3, spread: float = 0.5) -> list[dict[str, object]]:
    """Rows of met_variant_diff: the `moved` metrics flagged, then `quiet` score rows moved by 0.1 within
    +-`spread` (0: every pair alike)."""
    common = {"game": "gods", "variant": variant, "change": variant, "level_kind": "overall", "level": "overall",
              "n": 30, "alpha": 0.05, "p_value": 0.5}
    rows = [{**common, "metric": metric, "diff": diff, "diff_lo": diff / 2, "diff_hi": diff * 1.5,
             "min_effect": 0.02, "flagged": True} for metric, diff in moved.items()]
    rows += [{**common, "metric": "score", "diff": 0.1 if spread else 0.0, "diff_lo": 0.1 - spread,
              "diff_hi": 0.1 + spread if spread else 0.0, "min_effect": 1.0, "flagged": False}] * quiet
    return rows


def test_assumptions_are_ranked_by_the_headline_findings_they_move_and_moves_nothing_is_said() -> None:
    frame = pd.DataFrame(_diff_rows("a = x", {}) + _diff_rows("b = y", {"god_win_rate": 0.05})
                         + _diff_rows("c = z", {"god_win_rate": 0.03, "seat_win_rate": 0.04})
                         + _diff_rows("d = w", {}, spread=0.0))
    ranked = effects(frame)
    assert [e.variant for e in ranked][:3] == ["c = z", "b = y", "a = x"]
    assert ranked[0].headlines == ["Is the first seat favoured?", "Which god is strongest?"]
    assert ranked[0].summary() == "moves 2 headline findings (Is the first seat favoured; Which god is strongest)"
    assert ranked[2].summary() == "moves nothing (none of 3 measures beyond noise and the minimum that matters)"
    assert ranked[3].summary() == "moves nothing (none of 3 measures differed in any paired game)"


def test_smallest_flagged_move_comes_from_the_pairs_spread_n_and_the_family() -> None:
    rows = pd.DataFrame(_diff_rows("a = x", {}, quiet=1, spread=1.0))  # 30 pairs, half width 1 point
    se = 1.0 / stats.t.ppf(0.975, 29)
    assert smallest_flagged(rows, family=40) == pytest.approx(stats.t.ppf(1 - 0.05 / 80, 29) * se)  # 1.75 points
    narrow = pd.DataFrame(_diff_rows("a = x", {}, quiet=1, spread=0.1))
    assert smallest_flagged(narrow, family=40) == 1.0  # the minimum that matters is the floor
    assert smallest_flagged(pd.DataFrame(_diff_rows("a = x", {}, quiet=1, spread=0.0)), family=40) is None
    wide = pd.DataFrame(_diff_rows("a = x", {}, quiet=1, spread=0.5)).assign(metric="seat_win_rate", n=3)
    assert flag_words(wide, smallest_flagged(wide, family=40)).startswith("could flag no move of it")


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
        screens = latest(con)
    assert list(screens) == ["gods"]
    card = finding_card(headlines.Finding("Which god is strongest?", answer="..."), assumed=beside(
        screens, "Which god is strongest?"))
    # 10 pairs, one god's win rate among the family of rows: no move of it could pass, and the card says so
    assert ("Rests on no assumption that moves it (screened: gods: 1 assumed value, random self-play, 10 paired "
            "games at 2 players; it could flag no move of it (at this n not even one of 100 percentage points would "
            "pass)).") in card
    assert beside(screens, "Which Caprices are too easy or too hard?") == (
        "Assumed values that move it: not measured yet (run `balance assumptions --game caprices`).")
    assert beside(screens, "Does speed decide 4 Gods?").startswith(
        "Assumed values that move it: not screened; the assumptions screens play uniform self-play")
    section = html.unescape(assumptions_effect_section(screens))
    assert ("cities.placement = no_tile_of_the_set_fits (assumed: no_visible_tile_fits)</strong>: moves no headline "
            "finding (city points per player)") in section
    # the effect on city points, and on the god and seat findings though neither moved at this budget
    assert f"City points per player (overall): {before:.1f} points -> {after:.2f} points" in section
    assert "<li>Which god is strongest: not moved; its biggest change: Holder's win rate (god " in section
    assert "<li>Is the first seat favoured: not moved; its biggest change: Win rate (seat " in section
    assert "What it can see: Is the first seat favoured? It " in section


def test_a_move_of_the_common_caprices_slot_is_not_a_move_of_the_plus_thirty_slot() -> None:
    """Slot 0 holds the two common Caprices; only slot 1 (the +30 Caprice) is the +30 headline's figure."""
    from reports.findings.assumptions import Effect

    def rows(level: str) -> pd.DataFrame:
        return pd.DataFrame({"metric": ["slot_hit_rate"], "level": [level], "level_kind": ["slot"],
                             "diff": [0.2], "diff_lo": [0.1], "diff_hi": [0.3], "min_effect": [0.05],
                             "flagged": [True], "p_value": [0.001]})

    common = Effect("caprices", "x = 1 (assumed: 0)", "x = 1", 1, rows("slot 0"), rows("slot 0"))
    assert common.headlines == []
    assert common.summary().startswith("moves no headline finding (")
    thirty = Effect("caprices", "x = 1 (assumed: 0)", "x = 1", 1, rows("slot 1"), rows("slot 1"))
    assert thirty.headlines == ["Is the +30 slot too generous?"]
