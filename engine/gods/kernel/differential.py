"""The kernel held against the Python rules and search, state by state and game by game (tests, and the long run
`python -m simulate.gods_kernel`): every difference is a mismatch, and a run must find none.

`rule_mismatches` compares, on one state: the legal commands, greedy's value of each, the search's estimate, the
state after each command (its think-time draws included: the random stream must be left alike too), and a re-deal
of the hidden facts. `search_mismatches` compares one decision of `ismcts:N` with and without the kernel.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.chance import Chance
from engine.core.game import InfoSet
from engine.core.ismcts import IsmctsAgent, Node
from engine.gods.agents.greedy import greedy_value
from engine.gods.agents.hidden import resample_hidden
from engine.gods.agents.search import PROFILE, evaluate
from engine.gods.decide import decide, legal_commands, to_move
from engine.gods.evolve import evolve
from engine.gods.game import GAME
from engine.gods.kernel.compiled import KernelState
from engine.gods.scoring import scores
from engine.gods.state import GodsState, view_of


def facts_of(state: GodsState) -> tuple[Any, ...]:
    """A GodsState's facts and derived tables, as `KernelState.facts` lists them."""
    return (
        list(state.bag), state.bag_top, [list(h) for h in state.hands], [list(d) for d in state.discards],
        list(state.tile_at), list(state.face_at), list(state.rot_at), list(state.edges_at), list(state.groups_at),
        list(state.city_at), list(state.pattern_at), list(state.sides_at), list(state.open_cells),
        list(state.placed_of_kind), state.kinds_left,
        [(c.cell, c.placed_by, c.claimant, c.broken_by) for c in state.cities], list(state.god_of),
        list(state.player_god), list(state.god_ms), list(state.prophets_left), list(state.prophets),
        list(state.just_placed), list(state.plan), list(state.plan_start), list(state.ready), list(state.tie_rank),
        state.filled, state.tiles_on_board, state.end_reason, state.turn, state.clock_ms, state.progress_ms,
    )


def rule_mismatches(state: GodsState, seed: int, most_commands: int = 4) -> list[str]:
    """What differs between the kernel and the Python rules on `state` (empty: nothing); `most_commands` legal
    commands are applied (drawn by `seed`, the first and last always)."""
    found: list[str] = []
    kernel = KernelState(state)
    if facts_of(state) != kernel.facts():
        return ["loading the state"]
    player = to_move(state)
    if kernel.to_move() != player:
        return [f"to_move {kernel.to_move()} != {player}"]
    if player is None:
        return [] if kernel.scores() == scores(state) else ["final scores"]
    legal = legal_commands(state, player)
    if kernel.legal_commands(player) != legal:
        return [f"legal commands of player {player}"]
    view = view_of(state, player)
    if kernel.greedy_values(player, legal) != [greedy_value(view, c) for c in legal]:
        found.append("greedy values")
    if kernel.evaluate() != list(evaluate(state, player)):
        found.append("evaluate")
    pick = random.Random(seed)
    chosen = sorted({0, len(legal) - 1, *(pick.randrange(len(legal)) for _ in range(most_commands - 2))})
    for index in chosen[:most_commands]:
        found += _apply_mismatches(state, legal[index], seed + index)
    for other in range(state.num_players):
        found += _resample_mismatches(state, other, seed + 1000 + other)
    return found


def _apply_mismatches(state: GodsState, command: Any, seed: int) -> list[str]:
    python_rng, kernel_rng = Chance(seed), random.Random(seed)
    kernel = KernelState(state)
    kernel.apply(command, kernel_rng)
    after = state.copy()
    for event in decide(GAME, after, command, python_rng):
        after = evolve(after, event)
    if facts_of(after) != kernel.facts() or python_rng.getstate() != kernel_rng.getstate():
        return [f"state after {command}"]
    return []


def _resample_mismatches(state: GodsState, player: int, seed: int) -> list[str]:
    python_rng, kernel_rng = random.Random(seed), random.Random(seed)
    world = resample_hidden(state, player, python_rng)
    redealt = KernelState(state).resample(player, kernel_rng)
    if facts_of(world) != redealt.facts() or python_rng.getstate() != kernel_rng.getstate():
        return [f"re-deal for player {player}"]
    return []


def search_agents(iterations: int) -> tuple[IsmctsAgent, IsmctsAgent]:
    """`ismcts:N` on the kernel and the same agent in pure Python (built as the reference search is)."""
    make = GAME.agents
    tactical = make[PROFILE.tactical]() if PROFILE.tactical in make else _core_agent(PROFILE.tactical)
    policy = _core_agent("random")
    name = f"ismcts:{iterations}"
    kernel = IsmctsAgent(name, iterations, policy, tactical, PROFILE)
    python = IsmctsAgent(name, iterations, policy, tactical, PROFILE, reference=True)
    assert kernel.compiled is not None, "the kernel is not built"
    return kernel, python


def _core_agent(name: str) -> Any:
    from engine.core.agents import make_agent

    return make_agent(name, GAME)


def search_mismatches(state: GodsState, player: int, legal: Sequence[Any], seed: int, iterations: int) -> list[str]:
    """Whether `ismcts:iterations` grows the same tree and chooses the same command with and without the kernel."""
    trees = []
    for agent in search_agents(iterations):
        root = agent.grow(GAME, InfoSet(GAME, state, player, 0), Node(player), random.Random(seed))
        trees.append(_tree(root))
    return [] if trees[0] == trees[1] else [f"search tree of player {player}"]


def _tree(node: Node) -> list[Any]:
    return [(command, child.visits, child.total, child.available, child.bias, _tree(child))
            for command, child in node.children.items()]
