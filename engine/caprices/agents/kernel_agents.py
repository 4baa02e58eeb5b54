"""`greedy`, `distilled` and `strong` of Les caprices du roi on the compiled kernel (`engine/caprices/kernel`).

The kernel makes exactly the Python agents' decisions (same view, same random draws: the lake never depends on
which one played; `python -m simulate.caprices_differential` holds them against each other), at a fraction of
the CPU. The Python agents stay what they are and play instead when the kernel is not built (said once on
stderr), when a ruleset or a decision is beyond its fixed sizes (`Unsupported`, LEGAL_LIMIT), under the agent
names `greedy-python`, `distilled-python` and `strong-python`, or when BALANCE_KERNELS=off (engine.core.kernel.switch;
e.g. `balance bench --side-by-side strong,strong-python` compares the two on the same seeds).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.caprices.agents.distill import weights_for
from engine.caprices.agents.distilled import NAME as DISTILLED
from engine.caprices.agents.distilled import DistilledAgent
from engine.caprices.commands import Command
from engine.caprices.rules import Rules
from engine.caprices.state import View
from engine.core.agents import GreedyAgent
from engine.core.kernel import switch

kernel: Any = switch.load("engine.caprices.kernel.caprices_kernel", "Caprices")

PYTHON = "-python"
"""Suffix of the agent names that always play the Python implementation."""
_KERNEL_RULES: dict[int, Any] = {}  # id(Rules) -> (rules, kernel form or None when unsupported)


def kernel_in_use() -> bool:
    """Whether the agents made now play on the kernel (built, and not switched off)."""
    return kernel is not None and not switch.switched_off()


def kernel_rules(rules: Rules) -> Any:
    """The kernel's form of `rules`, or None when the kernel cannot play them (the Python agent does)."""
    held = _KERNEL_RULES.get(id(rules))
    if held is None or held[0] is not rules:
        try:
            form = kernel.kernel_rules(rules)
        except kernel.Unsupported:
            form = None
        held = _KERNEL_RULES[id(rules)] = (rules, form)
    return held[1]


class KernelGreedy(GreedyAgent):
    """The core greedy agent on Caprices' kernel: the same values, the same tie-break draw."""

    def choose(self, game: Any, view: View, legal: Sequence[Command], rng: random.Random) -> Command:
        if len(legal) == 1:
            return legal[0]
        form = kernel_rules(view.rules)
        if form is None or len(legal) > kernel.LEGAL_LIMIT:
            return super().choose(game, view, legal, rng)
        command: Command = kernel.greedy_choice(form, view, legal, rng)
        return command


class KernelDistilled(DistilledAgent):
    """`distilled` on the kernel: the same features and weights, the same argmax."""

    def __init__(self, name: str = DISTILLED) -> None:
        super().__init__(name)
        self._policies: dict[int, Any] = {}  # id(Rules) -> (rules, kernel policy or None)

    def choose(self, game: Any, view: View, legal: Sequence[Command], rng: random.Random) -> Command:
        if len(legal) == 1:
            return legal[0]
        rules = view.rules
        held = self._policies.get(id(rules))
        if held is None or held[0] is not rules:
            form = kernel_rules(rules)
            policy = None if form is None else kernel.Policy(form, weights_for(rules, game))
            held = self._policies[id(rules)] = (rules, policy)
        if held[1] is None or len(legal) > kernel.LEGAL_LIMIT:
            return super().choose(game, view, legal, rng)
        command: Command = held[1].choose(view, legal)
        return command


def greedy() -> Any:
    """`greedy`: on the kernel when it is in use."""
    return KernelGreedy() if kernel_in_use() else GreedyAgent()


def distilled(name: str = DISTILLED) -> Any:
    """`distilled` (or `strong`, its name then): on the kernel when it is in use."""
    return KernelDistilled(name) if kernel_in_use() else DistilledAgent(name)


class PythonGreedy(GreedyAgent):
    """The core greedy agent under the name `greedy-python` (side-by-side measurements)."""

    name = "greedy" + PYTHON


AGENTS = {
    "greedy": greedy, "greedy" + PYTHON: PythonGreedy,
    "strong": lambda: distilled("strong"), "strong" + PYTHON: lambda: DistilledAgent("strong" + PYTHON),
    DISTILLED: distilled, DISTILLED + PYTHON: lambda: DistilledAgent(DISTILLED + PYTHON),
}
"""The Caprices agents this module plays; a Joust match has only the greedy ones (its `strong` is the search)."""
JOUST_AGENTS = {name: make for name, make in AGENTS.items() if name.startswith("greedy")}
