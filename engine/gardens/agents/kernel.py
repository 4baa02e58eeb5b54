"""Four Gardens' agents on the compiled kernel (engine/gardens/kernel): the same decisions as in Python, cheaper.

`greedy` (and the prefer-/avoid-tile agents built on it) decides in C when the kernel is built, and so do the
searched decisions of `lookahead[:SHARE]` and `strong` (their other decisions are greedy's): the C rules make
exactly the Python agent's decision from the same state and random stream (tests/gardens/test_kernel.py;
`python -m simulate.gardens_kernel`), so the lake never depends on which one played. A decision the kernel cannot
take (a state past its capacities; for the search, a legal list other than the rules' own) is taken in Python.
`BALANCE_KERNELS=off` (engine.core.kernel.switch) forces Python everywhere, and the names `greedy-python` and
`strong-python` name the Python agents (for `balance bench --side-by-side strong,strong-python`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.agents import GreedyAgent
from engine.core.game import Game, InfoSet
from engine.core.kernel import switch
from engine.core.lookahead import Kernel

core: Any = switch.load("engine.gardens.kernel.core", "Four Gardens")


def kernel_on() -> bool:
    """Whether decisions go to the kernel: built, and not switched off by `BALANCE_KERNELS=off`."""
    return core is not None and not switch.switched_off()


class KernelGreedy(GreedyAgent):
    """`greedy`, deciding in C (in Python when the kernel is off or cannot say)."""

    def __init__(self) -> None:
        self.on = kernel_on()

    def choose(self, game: Game, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) > 1 and self.on and core is not None:
            index = core.greedy_choice(view, legal, rng)
            if index is not None:
                return legal[index]
        return super().choose(game, view, legal, rng)


def greedy() -> GreedyAgent:
    """The game's `greedy`: on the kernel when it is on."""
    return KernelGreedy() if kernel_on() else GreedyAgent()


def _lookahead(info: InfoSet, legal: Sequence[Any], world_seed: int, screen: float | None) -> Any:
    # the information set's state: the kernel re-deals what the player has not seen as resample_hidden does
    return core.lookahead_choice(info._state, info.player, legal, world_seed, screen or 0.0)  # noqa: SLF001


def lookahead_kernel() -> Kernel | None:
    """`lookahead[:SHARE]`'s compiled search (engine.core.lookahead.Kernel), or None when the kernel is off."""
    return _lookahead if kernel_on() else None
