"""4 Gods search: progressive widening keeps a small budget on the greedy evaluation's best commands."""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine.core import NullSink, make_agent, play_game
from engine.core.game import InfoSet
from engine.core.ismcts import Node
from engine.gods.agents.search import _soft_bonus
from engine.gods.game import GAME


def _wide_decision() -> tuple[Any, int, list[Any]]:
    """A mid-game decision of a greedy game with many legal commands: (state, player, legal)."""
    found: list[tuple[Any, int, list[Any]]] = []

    def observe(state: Any, player: int, legal: Sequence[Any], command: Any) -> None:
        if not found and len(legal) >= 20:
            found.append((state.copy(), player, list(legal)))  # evolve may reuse the state object

    ruleset = GAME.load_ruleset("standard")
    play_game(GAME, ruleset, [make_agent("greedy", GAME) for _ in range(2)], 7, NullSink(), observer=observe)
    assert found, "no decision with 20 legal commands in the sample game"
    return found[0]


def _root_children(budget: int, widening: float) -> tuple[dict[Any, Any], list[Any], Any]:
    state, player, legal = _wide_decision()
    agent = make_agent(f"ismcts:{budget}", GAME)
    agent.profile = dataclasses.replace(agent.profile, widening=widening)
    root = agent.grow(GAME, InfoSet(GAME, state, player, 0), _fresh_root(player), random.Random(1))
    return root.children, legal, GAME.view(state, player)


def _fresh_root(player: int) -> Node:
    return Node(player)


def test_widening_limits_the_root_to_the_best_greedy_commands() -> None:
    budget = 16
    children, legal, view = _root_children(budget, widening=1.0)
    assert 1 < len(children) <= math.ceil(math.sqrt(budget))
    values = {c: GAME.greedy_value(view, c) for c in legal}
    worst_kept = min(values[c] for c in children)
    assert all(values[c] <= worst_kept for c in legal if c not in children)  # best first, nothing better left out
    assert sum(child.visits for child in children.values()) == budget


def test_without_widening_every_iteration_tries_a_new_command() -> None:
    children, legal, _ = _root_children(16, widening=0.0)
    assert len(children) == 16 < len(legal)


def test_soft_bonus_is_exact_for_clear_gaps_and_halves_a_tie() -> None:
    bonuses = (10, 6, 3)
    assert _soft_bonus([40, 20, 10, 0], bonuses, 0.01) == pytest.approx([10, 6, 3, 0])
    tied = _soft_bonus([30, 30, 0, 0], bonuses, 0.01)
    assert tied[:2] == pytest.approx([8.0, 8.0])  # half first, half second place
    assert _soft_bonus([30, 20, 0, 0], bonuses, 50.0)[0] < 10  # a lead early in the game is not yet the place
