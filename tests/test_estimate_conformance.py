"""Every search estimate against the rules, on final states of every game (issue 25).

The search scores its leaves with the game's estimate (`SearchProfile.evaluate`);
an estimate that codes a rule differently from the rules (the Knight taking a
rallied Peasant, issue 25) misleads the search where it matters. On a finished
game everything is known and decided, so each seat's estimate, judged by that
seat, must be the rules' score. Les caprices du roi's estimate builds one
Knight/Minister choice greedily instead of searching them all (`agents/estimate.py`):
as a choice the rules allow, it can never be above the rules' score (it equals
it on most assemblies, not all), and the search's estimate of an assembly must
be the greedy agent's.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from engine.core import ListSink, make_agent, play_game
from engine.registry import GAMES, get_game

SEEDS = range(8)
GREEDY_CHOICE = {"caprices", "caprices-joust"}
"""Games whose estimate is a lower bound: one greedily built choice of the end scoring."""
SEARCH_AGENTS = ("ismcts",)


def _cases() -> list[tuple[str, str, int]]:
    cases = []
    for game_id in GAMES:
        game = get_game(game_id)
        for ruleset in getattr(game, "conformance_rulesets", (game.default_ruleset,)):
            cases += [(game_id, ruleset, players) for players in game.facts.player_counts]
    return cases


def _greedy_estimate(final: Any, seat: int) -> float:
    """The greedy agent's estimate of a Caprices seat's assembly (and its Joust match's finished games)."""
    from engine.caprices.agents.greedy import assembly_estimate

    estimate = assembly_estimate(final.rules, list(final.hands[seat]), tuple(final.rallied[seat]),
                                 final.caprices_in_play())
    return estimate + sum(s.score for s in final.deal_scores if s.player == seat and s.deal != final.deal)


@pytest.mark.parametrize(("game_id", "ruleset", "players"), _cases())
def test_estimates_of_a_finished_game_are_the_rules_scores(game_id: str, ruleset: str, players: int) -> None:
    game = get_game(game_id)
    rules = game.load_ruleset(ruleset)
    checked = 0
    for seed, agent in itertools.product(SEEDS, ("random", "greedy")):
        final = play_game(game, rules, [make_agent(agent, game) for _ in range(players)], seed, ListSink())
        scores = game.scores(final)
        for name in SEARCH_AGENTS:
            evaluate = make_agent(name, game).profile.evaluate
            for seat in range(players):
                estimate = evaluate(final, seat)[seat]
                checked += 1
                if game_id not in GREEDY_CHOICE:
                    assert estimate == pytest.approx(scores[seat]), f"{name} seat {seat} seed {seed}"
                    continue
                assert estimate <= scores[seat], f"{name} seat {seat} seed {seed}: above the rules' score"
                assert estimate == _greedy_estimate(final, seat), f"{name} seat {seat} seed {seed}: not greedy's"
    assert checked == 2 * len(SEEDS) * players * len(SEARCH_AGENTS)
