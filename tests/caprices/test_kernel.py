"""The compiled Caprices kernel makes exactly the Python agents' decisions (engine/caprices/kernel).

Rule by rule on the states of random, greedy and strong play at 2-5 players and under every ruleset option the
decisions read (greedy values, feature rows, estimates, greedy and distilled choices: simulate/caprices_differential
.py), whole games event by event, and the ways back to Python: a ruleset beyond the kernel's sizes, the
`-python` names, BALANCE_KERNELS=off, a kernel that is not built."""

from __future__ import annotations

import json
from random import Random

import numpy as np
import pytest

from engine.caprices.agents import kernel_agents
from engine.caprices.agents.distill import SHIPPED
from engine.caprices.agents.distilled import DistilledAgent
from engine.caprices.agents.features import FEATURES
from engine.caprices.game import GAME
from engine.caprices.rules import compile_rules
from engine.caprices.state import State, view_of
from engine.core import ListSink, make_agent, play_game
from engine.core.agents import GreedyAgent
from engine.core.chance import Chance
from engine.core.kernel import switch
from engine.core.ruleset import Ruleset
from engine.registry import get_game
from simulate import caprices_differential as differential
from simulate.variants import variant_from_sets, variant_ruleset

STANDARD = GAME.load_ruleset("standard")
SHIPPED_WEIGHTS = np.array(json.loads(SHIPPED.read_text())["weights"])
OPTIONS = [
    "knight.takes_rallied=true", 'minister.run_values="printed"', 'minister.run_values="integer"',
    "minister.printed_one_in_run=false", "order.merchant_on_shared_value=false",
    "minister.transformed_enables_knight=false", "minister.transformed_earns_merchant_bonus=false",
    "minister.keeps_run_value_when_transformed=false", "knight.takes_transformed_minister=false",
    "unity.points={0=3,2=4,3=5,5=30}", "order.points={0=1,3=5,6=20}", "unity.clerk_bonus=3",
    'minister.odd_castes=["peasant","merchant","knight"]', "setup.bonus_tokens=[60,40,30,20]",
    "order.merchant_bonus=10", "turns.max_rallied_artisans=3",
]
"""Every ruleset reading the estimate, greedy and the features read, each away from the standard value."""


def test_the_kernel_is_built_and_in_use() -> None:
    assert kernel_agents.kernel is not None and kernel_agents.kernel_in_use()
    assert isinstance(make_agent("greedy", GAME), kernel_agents.KernelGreedy)
    for name in ("strong", "distilled"):
        agent = make_agent(name, GAME)
        assert isinstance(agent, kernel_agents.KernelDistilled) and agent.name == name
    assert isinstance(make_agent("greedy", get_game("caprices-joust")), kernel_agents.KernelGreedy)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("plays", differential.PLAYS)
def test_every_decision_of_random_greedy_and_strong_play_agrees(players: int, plays: str) -> None:
    tally = differential.Tally()
    differential.check_states(GAME, STANDARD, plays, players, range(100, 103), tally)
    assert tally.states > 3 * 10 * players and tally.estimates >= tally.states * players


@pytest.mark.parametrize("option", OPTIONS)
def test_every_ruleset_option_agrees(option: str) -> None:
    ruleset = variant_ruleset(GAME, STANDARD, variant_from_sets([option]))
    tally = differential.Tally()
    for plays in ("random", "greedy"):
        differential.check_states(GAME, ruleset, plays, 3, range(7, 8), tally, SHIPPED_WEIGHTS)
    assert tally.states > 50


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", ["greedy", "strong"])
def test_whole_games_log_the_same_events(players: int, name: str) -> None:
    tally = differential.Tally()
    differential.compare_games(GAME, STANDARD, name, players, range(3), tally)
    assert tally.games == 3 and tally.events > 3 * 60


def test_a_joust_match_logs_the_same_events() -> None:
    joust = get_game("caprices-joust")
    tally = differential.Tally()
    differential.compare_games(joust, joust.load_ruleset("standard"), "greedy", 3, range(1), tally)
    assert tally.events > 4 * 75


def test_a_near_tie_is_left_to_numpy() -> None:
    """With every weight 0 each command scores 0: numpy's argmax, the first command, is the choice."""
    state = _first_decision(STANDARD, 3, seed=9)
    legal = GAME.legal_commands(state, state.current)
    policy = kernel_agents.kernel.Policy(kernel_agents.kernel_rules(compile_rules(STANDARD)), np.zeros(FEATURES))
    assert len(legal) > 1 and policy.choose(view_of(state, state.current), legal) is legal[0]


def test_a_ruleset_beyond_the_kernel_plays_in_python() -> None:
    """A Caprice condition of 71 parts is beyond the kernel's 64: greedy plays it in Python, the same game."""
    long_condition = "{any=[" + ",".join(['{has="clerk"}'] * 70) + "]}"
    sets = [f"caprices.pas_de_ramasse_miettes.condition={long_condition}"]
    ruleset = variant_ruleset(GAME, STANDARD, variant_from_sets(sets))
    assert kernel_agents.kernel_rules(compile_rules(ruleset)) is None
    logs = []
    for agent in (make_agent("greedy", GAME), GreedyAgent()):
        sink = ListSink()
        play_game(GAME, ruleset, [agent, agent], 5, sink)
        logs.append(sink.events)
    assert logs[0] == logs[1]


def test_a_decision_beyond_the_kernel_is_decided_in_python() -> None:
    """More legal commands than the kernel holds (a list no game reaches): the Python agents decide."""
    state = _first_decision(STANDARD, 3, seed=4)
    view, legal = view_of(state, state.current), GAME.legal_commands(state, state.current)
    many = legal * (1 + kernel_agents.kernel.LEGAL_LIMIT // len(legal))
    assert make_agent("greedy", GAME).choose(GAME, view, many, Random(1)) is \
        GreedyAgent().choose(GAME, view, many, Random(1))
    assert make_agent("strong", GAME).choose(GAME, view, many, Random(1)) is \
        DistilledAgent("strong").choose(GAME, view, many, Random(1))


def test_the_python_path_can_be_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    assert type(make_agent("strong-python", GAME)) is DistilledAgent
    assert type(make_agent("greedy-python", GAME)).__mro__[1] is GreedyAgent
    monkeypatch.setenv(switch.SWITCH, "off")
    assert type(make_agent("greedy", GAME)) is GreedyAgent and type(make_agent("strong", GAME)) is DistilledAgent


def test_without_the_kernel_the_python_agents_play(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kernel_agents, "kernel", None)
    assert type(make_agent("greedy", GAME)) is GreedyAgent and type(make_agent("strong", GAME)) is DistilledAgent


def _first_decision(ruleset: Ruleset, players: int, seed: int) -> State:
    """The table once dealt: the first player's first decision (a draw, among several commands)."""
    state = GAME.initial_state(ruleset, players, seed)
    for event in GAME.setup(state, Chance(seed)):
        state = GAME.evolve(state, event)
    return state
