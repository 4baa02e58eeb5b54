"""The Four Gardens kernel (engine/gardens/kernel) is the Python rules and agents, state by state and game by game.

At decisions of random, greedy and strong games (both rulesets, 2-4 players, and what-if variants that turn every
option of `Rules` the other way): the same legal commands, greedy values, estimates, re-deals, states after a
command (and random streams after it) and decisions; whole self-play games with identical logs. The big run is
`python -m simulate.gardens_kernel` (docs/benchmarks.md).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.core.agents import GreedyAgent, make_agent
from engine.core.game import InfoSet
from engine.core.kernel import switch
from engine.gardens.agents import kernel as hook
from engine.gardens.agents.tile_value import TileAgent
from engine.gardens.game import GAME
from engine.gardens.kernel import core
from engine.gardens.kernel.differential import Tally, check_state, observed_games, whole_games
from engine.gardens.state import clone
from simulate.variants import variant_from_sets, variant_ruleset
from tests.test_ismcts_games import same_choice_on_a_twin

VARIANTS = {
    "base": [
        ["groundwork.completion_check='end_of_action'", "groundwork.matched_while_resolving='after_current'",
         "pagoda.uncovered_icon='stop'", "gods.points=[0,1,1,2,3,5,8,13,21,34]", "bonus.take_wilds_values=[4,3]"],
        ["groundwork.conflict_key='panorama_and_number'", "groundwork.only_needed_resources=false",
         "gods.wild_advance='any_track'", "turn.may_end_early=false", "bonus.extra_rewards_values=[11,10,9,8]",
         "storage.capacity=3", "supply.per_resource=4", "end.threshold_2p=6", "end.threshold_3p=5",
         "end.threshold_4p=5"],
    ],
    "gods-caprice": [
        ["caprice.foresight_blessing_draw='any'", "caprice.offering_single_marker='forward'",
         "caprice.sabotage_action_points=1", "caprice.blessing_action_points=1", "caprice.helping_hand_action_points=1",
         "caprice.cohesion_counts_gift_storage=false", "caprice.cohesion_favor=[2,6,10]", "caprice.face_up=3"],
        ["caprice.foresight_blessing_draw='none'", "groundwork.completion_check='end_of_action'",
         "caprice.goodness_copies=3", "caprice.offering_back=2", "caprice.offering_forward=3",
         "caprice.foresight_extra_cards=2", "gods.start_space=1", "pagoda.uncovered_icon='stop'",
         "groundwork.copies_per_panorama=2"],
    ],
}


def _checked(tally: Tally, ruleset, players: int, agent: str, seed: int, states: int, every: int) -> None:
    """Rule-level checks at the first `states` decisions of one game (agent decisions at every `every`-th)."""
    decisions = observed_games(ruleset, players, agent, 1, seed, states)
    for k, (state, player, legal, command, where) in enumerate(decisions):
        check_state(tally, state, player, legal, command, where, seed * 1000 + k, decisions=k % every == 0)


def _clean(tally: Tally) -> None:
    assert tally.total() > 0
    assert not tally.mismatches, "\n".join(f"{kind} at {where}:\n  {detail}" for kind, where, detail
                                           in tally.mismatches[:3])


def test_the_kernel_is_built_and_in_use() -> None:
    assert hook.kernel_on()
    assert make_agent("strong", GAME).kernel is not None
    assert make_agent("lookahead:0.5", GAME).kernel is not None
    assert make_agent("strong-python", GAME).kernel is None
    assert isinstance(make_agent("greedy", GAME), hook.KernelGreedy) and make_agent("greedy", GAME).on
    assert isinstance(make_agent("greedy-python", GAME), GreedyAgent)
    assert TileAgent("gift", True).on


@pytest.mark.parametrize("ruleset_name", ["base", "gods-caprice"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rules_and_agents_agree_at_every_decision(ruleset_name: str, players: int) -> None:
    tally = Tally()
    ruleset = GAME.load_ruleset(ruleset_name)
    _checked(tally, ruleset, players, "random", 1, 150, 10)
    _checked(tally, ruleset, players, "greedy", 2, 150, 10)
    _checked(tally, ruleset, players, "strong", 3, 150, 10)
    _clean(tally)
    assert tally.compared["decision_strong"] >= 30


@pytest.mark.parametrize("ruleset_name,sets", [(name, sets) for name, variants in VARIANTS.items()
                                               for sets in variants])
def test_every_rules_option_agrees(ruleset_name: str, sets: list[str], tmp_path: Path) -> None:
    ruleset = variant_ruleset(GAME, GAME.load_ruleset(ruleset_name), variant_from_sets(sets), tmp_path)
    tally = Tally()
    for players in (2, 3, 4):
        _checked(tally, ruleset, players, "random", players, 120, 30)
        _checked(tally, ruleset, players, "greedy", players, 80, 10)
    _clean(tally)


@pytest.mark.parametrize("ruleset_name", ["base", "gods-caprice"])
def test_whole_games_are_identical(ruleset_name: str) -> None:
    tally = Tally()
    ruleset = GAME.load_ruleset(ruleset_name)
    for players in (2, 3, 4):
        whole_games(tally, ruleset, players, "greedy", 2, 40)
        whole_games(tally, ruleset, players, "strong", 1, 40)
    _clean(tally)


def test_the_kernel_reads_only_the_information_set() -> None:
    """At decisions of a greedy game, the true state and a re-dealt twin (same view, other hidden facts) give the
    same decision of `strong` on the kernel (tests/test_lookahead.py holds the Python search to the same)."""
    checked = []
    for ruleset_name in ("base", "gods-caprice"):
        decisions = observed_games(GAME.load_ruleset(ruleset_name), 3, "greedy", 1, 8, 200)
        searched = [(state, player, legal) for state, player, legal, _command, _where in decisions
                    if state.todo[-1][0] == "main" and len(legal) > 3]
        checked += [same_choice_on_a_twin(GAME, "strong", *decision) for decision in searched[::4]]
    assert len(checked) >= 10 and any(checked)  # the hidden facts really differed


def test_a_state_past_the_kernels_capacity_is_decided_in_python() -> None:
    ruleset = GAME.load_ruleset("base")
    state, player, legal, _command, _where = next(
        (s, p, legal, c, w) for s, p, legal, c, w in observed_games(ruleset, 2, "greedy", 1, 5)
        if s.todo[-1][0] == "main" and len(legal) > 3)
    other = state.players[1 - player]
    other.hand.extend(state.deck[:60])  # more cards than a C hand holds (re-dealt from the same pool)
    del state.deck[:60]
    assert core.lookahead_choice(clone(state), player, legal, 12345, 0.5) is None
    choices = [make_agent(name, GAME).search(GAME, InfoSet(GAME, clone(state), player, 0), legal, random.Random(1))
               for name in ("strong", "strong-python")]
    assert choices[0] == choices[1]


def test_an_unbuilt_kernel_falls_back_to_python(monkeypatch) -> None:
    monkeypatch.setattr(hook, "core", None)
    assert hook.lookahead_kernel() is None and type(hook.greedy()) is GreedyAgent


def test_balance_kernels_off_plays_python(monkeypatch) -> None:
    monkeypatch.setenv(switch.SWITCH, "off")
    assert make_agent("strong", GAME).kernel is None and make_agent("lookahead", GAME).kernel is None
    assert type(make_agent("greedy", GAME)) is GreedyAgent and not TileAgent("gift", True).on
