"""The compiled search kernel (engine/gods/kernel) against the Python rules and search: the same legal commands,
values, estimates, states (think-time draws included) and re-deals on states of random, greedy and search play at
2-4 players and under every ruleset reading; the same trees and whole games. The long run of the same checks:
`python -m simulate.gods_kernel` (docs/benchmarks.md)."""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from engine.gods.kernel.compiled import KernelState, unsupported

from engine.core import ListSink, make_agent, play_game
from engine.core.game import InfoSet
from engine.core.ismcts import IsmctsAgent, Node
from engine.core.kernel import switch
from engine.gods import end
from engine.gods.game import GAME
from engine.gods.kernel.differential import rule_mismatches, search_agents, search_mismatches
from tests.gods.helpers import RULESET, ruleset_with

READINGS = [
    ('wait = { value = "any_time"', 'wait = { value = "when_nothing_else"'),
    ('placement = { value = "no_visible_tile_fits"', 'placement = { value = "no_tile_of_the_set_fits"'),
    ("count_as_side = { value = false", "count_as_side = { value = true"),
    ("prophet_returns_when_broken = { value = false", "prophet_returns_when_broken = { value = true"),
    ("per_placed_tile = { value = 1", "per_placed_tile = { value = 2"),
    ('mass_of = { value = "total"', 'mass_of = { value = "largest_region"'),
    ('mass_measure = { value = "edges"', 'mass_measure = { value = "tiles"'),
    ('full_world = { value = "tiles_and_cities"', 'full_world = { value = "tiles_only"'),
    ('tiles_considered = { value = "hands_discards_bag"', 'tiles_considered = { value = "hands_discards"'),
    ("draw_one = { value = false", "draw_one = { value = true"),
    ("mass = { value = [10, 6, 3]", "mass = { value = [20, 12, 6]"),
    ("sigma = { value = 0.5", "sigma = { value = 0.0"),
]
"""One change of standard.toml per reading of a ruleset option the kernel implements (and a what-if's numbers)."""
IDLE_SOON = ("idle_ms = { value = 300000", "idle_ms = { value = 6000")
"""The idle end after 6 s without progress instead of 5 minutes: tables go idle in ordinary games."""


def _states(ruleset: Any, agents: list[str], seed: int, every: int = 1) -> list[Any]:
    """Copies of every `every`-th decision state of one game."""
    states: list[Any] = []

    def observe(state: Any, player: int, legal: Any, command: Any) -> None:
        states.append(state.copy())  # evolve changes the state in place

    play_game(GAME, ruleset, [make_agent(name, GAME) for name in agents], seed, ListSink(), observer=observe)
    return states[::every]


def test_the_kernel_is_built_and_used_by_every_search_but_the_reference() -> None:
    assert make_agent("ismcts", GAME).compiled is not None
    assert make_agent("ismcts:100", GAME).compiled is not None
    assert make_agent("ismcts-skim", GAME).compiled is not None
    assert make_agent("ismcts-ref", GAME).compiled is None  # issue 25's yardstick stays the pure-Python search


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rules_agree_on_states_of_random_greedy_and_search_play(players: int) -> None:
    mixes = [["random"] * players, ["greedy"] * players, ["ismcts:4", *["greedy"] * (players - 1)]]
    checked = 0
    for seed, agents in enumerate(mixes):
        for k, state in enumerate(_states(RULESET, agents, seed)):
            assert rule_mismatches(state, 1000 * seed + k, most_commands=3) == [], (agents, k)
            checked += 1
    assert checked > 400


@pytest.mark.parametrize(("old", "new"), READINGS, ids=[new.split(" =")[0] for _, new in READINGS])
def test_rules_agree_under_every_ruleset_reading(tmp_path: Path, old: str, new: str) -> None:
    ruleset = ruleset_with(tmp_path, (old, new))
    states = _states(ruleset, ["greedy", "random", "greedy"], 3, every=2)
    for k, state in enumerate(states):
        assert rule_mismatches(state, k, most_commands=2) == [], k
    assert len(states) > 50


def test_search_trees_agree_at_two_to_four_players() -> None:
    for players in (2, 3, 4):
        for k, state in enumerate(_states(RULESET, ["greedy"] * players, players, every=25)):
            player = GAME.to_move(state)
            assert search_mismatches(state, player, GAME.legal_commands(state, player), k, 25) == [], (players, k)


@pytest.mark.parametrize(("players", "old", "new", "seed"),
                         [(2, "", "", 11), (4, "", "", 11), (3, *READINGS[10], 11), (2, *IDLE_SOON, 12)])
def test_whole_self_play_games_are_identical(tmp_path: Path, players: int, old: str, new: str, seed: int) -> None:
    ruleset = ruleset_with(tmp_path, (old, new)) if old else RULESET
    logs = []
    for which in (0, 1):  # the kernel, then the Python search
        agents = [search_agents(6)[which] for _ in range(players)]
        sink = ListSink()
        play_game(GAME, ruleset, agents, seed, sink)
        logs.append(sink.events)
    assert logs[0] == logs[1] and logs[0][-1].TYPE == "game_sealed"
    if old == IDLE_SOON[0]:
        assert logs[0][-2].end_reason == "idle"


def test_rules_and_search_agree_on_a_table_going_idle(tmp_path: Path) -> None:
    """A random game that ends idle: every state compared, and the search where its tree crosses the limit."""
    states = _states(ruleset_with(tmp_path, IDLE_SOON), ["random", "random"], 1)
    assert end.idle(states[-1]) and not end.world_done(states[-1])  # the last decision: agree the end
    for k, state in enumerate(states):
        assert rule_mismatches(state, k, most_commands=3) == [], k
    for k, state in enumerate(states[-4:-1]):  # just under the limit: a wait in the tree reaches it
        assert not end.idle(state)
        player = GAME.to_move(state)
        assert search_mismatches(state, player, GAME.legal_commands(state, player), k, 25) == [], k


def test_the_budget_is_obeyed_with_the_kernel() -> None:
    agent = make_agent("ismcts:9", GAME)
    spent: list[int] = []

    def observe(state: Any, player: int, legal: Any, command: Any) -> None:
        if player == 0:
            spent.append(agent.iterations_run - sum(spent))

    play_game(GAME, RULESET, [agent, make_agent("greedy", GAME)], 2, ListSink(), observer=observe)
    assert max(spent) == 9 and agent.decisions_searched > 0


def test_an_unimplemented_ruleset_reading_searches_in_python() -> None:
    state = _states(RULESET, ["greedy", "greedy"], 5, every=40)[1]
    state.config = dataclasses.replace(state.config, wait_rule="on_a_whim")  # a reading the kernel does not know
    state.cache.clear()
    assert unsupported(state.config, 2) == "wait_rule = 'on_a_whim'"
    with pytest.raises(ValueError, match="on_a_whim"):
        KernelState(state)
    player = GAME.to_move(state)
    kernel, python = search_agents(10)
    info = InfoSet(GAME, state, player, 0)
    assert kernel.compiled.grow(GAME, info, Node(player), 1, 10, False) is None
    trees = [agent.grow(GAME, info, Node(player), random.Random(3)) for agent in (kernel, python)]
    assert [[(c, n.visits) for c, n in tree.children.items()] for tree in trees] == [
        [(c, n.visits) for c, n in trees[1].children.items()]] * 2


def test_without_the_built_kernel_the_search_runs_in_python(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "engine.gods.kernel.compiled", None)  # importing it raises ImportError
    monkeypatch.setattr(switch, "_said", set())
    assert make_agent("ismcts", GAME).compiled is None
    assert make_agent("ismcts:50", GAME).compiled is None
    assert capsys.readouterr().err.count("not built") == 1


def test_balance_kernels_off_searches_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    assert make_agent("ismcts", GAME).compiled is not None
    monkeypatch.setenv(switch.SWITCH, "off")
    assert make_agent("ismcts", GAME).compiled is None


def test_stopping_early_and_skimming_decide_alike_with_the_kernel() -> None:
    """`ismcts-skim` (a decisive greedy lead played unsearched, the search stopped once decided) on the kernel."""
    for k, state in enumerate(_states(RULESET, ["greedy"] * 3, 4, every=12)):
        player = GAME.to_move(state)
        legal = GAME.legal_commands(state, player)
        runs = []
        for reference in (False, True):
            skim = make_agent("ismcts-skim", GAME)
            agent = IsmctsAgent(skim.name, skim.iterations, skim.policy, skim.tactical, skim.profile, stop_early=True,
                                decisive_margin=skim.decisive_margin, reference=reference)
            runs.append((agent.search(GAME, InfoSet(GAME, state, player, 0), legal, random.Random(k)),
                         agent.iterations_run))
        assert runs[0] == runs[1], k
