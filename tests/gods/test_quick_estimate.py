"""`quick_evaluate` is the search's estimate by another route: equal on every state of played games (issue 25).

The shortlist agent scores its candidates with it while the reference search
keeps `search.evaluate`; a difference would make the two agents judge
different games. Compared on every decision state of games at 2, 3 and 4
players (random and greedy play, so boards of every shape and fill), whole
and as leaves of the decision's board (legal commands planned, the plans in
progress carried out), under the standard ruleset and under readings whose
regions count differently (the largest region's mass in tiles, groups from
two tiles, regions from three). `python -m simulate.estimate_check` runs the
same comparison at any scale.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.agents import make_agent
from engine.core.driver import NullSink, play_game
from engine.gods.agents.quick_estimate import DecisionBoard, quick_evaluate
from engine.gods.agents.search import evaluate
from engine.gods.game import GAME
from simulate.estimate_check import EstimatesDiffer, _check, compare_on_games, main
from tests.gods.helpers import RULESET, ruleset_with, start


def test_quick_estimate_equals_the_search_estimate_on_played_games() -> None:
    compared = compare_on_games(RULESET, range(2), leaf_share=3)
    assert compared.states > 400 and compared.leaves > 1000


@pytest.mark.parametrize("replacements", [
    (('mass_of = { value = "total"', 'mass_of = { value = "largest_region"'),
     ('mass_measure = { value = "edges"', 'mass_measure = { value = "tiles"')),
    (('mass_of = { value = "total"', 'mass_of = { value = "largest_region"'),
     ("groups_min_tiles = { value = 1,", "groups_min_tiles = { value = 2,"),
     ("region_min_tiles = { value = 2,", "region_min_tiles = { value = 3,")),
])
def test_quick_estimate_equals_the_search_estimate_on_other_readings(
        tmp_path: Path, replacements: tuple[tuple[str, str], ...]) -> None:
    compared = compare_on_games(ruleset_with(tmp_path, *replacements), range(1), leaf_share=4)
    assert compared.states > 200 and compared.leaves > 300


def test_a_difference_is_reported_with_where_it_was(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    state = start(2)
    assert quick_evaluate(state.copy(), 0, DecisionBoard(state.edges_at, state.groups_at)) == evaluate(state, 0)
    monkeypatch.setattr("simulate.estimate_check.quick_evaluate", lambda *args, **kwargs: [0.5, 0.0])
    with pytest.raises(EstimatesDiffer, match="here: quick_evaluate"):
        _check(state, 0, None, "here")
    assert main(["--games", "1"]) == 1
    assert "players, seed 1, decision at version" in capsys.readouterr().err


@pytest.mark.parametrize("players", [2, 3, 4])
def test_on_a_finished_game_the_quick_estimate_is_the_rules_score(players: int) -> None:
    """Issue 25's conformance check for `strong`'s own estimate (the reference's: test_estimate_conformance.py)."""
    for seed in range(3):
        final = play_game(GAME, RULESET, [make_agent("greedy", GAME) for _ in range(players)], seed, NullSink())
        assert final.end_reason
        assert [quick_evaluate(final.copy(), seat)[seat] for seat in range(players)] == GAME.scores(final)
