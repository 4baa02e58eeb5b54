"""4 Gods' `SearchProfile.compiled`: the compiled search for a search agent, when the kernel can stand in for it.

The kernel (compiled.pyx, c/) ports the search 4 Gods uses: no rollout (`horizon` 0), no tactical decisions, the
profile's `evaluate`, on the 4 Gods rules themselves. It makes exactly the Python search's decisions
(tests/gods/test_kernel.py), so any agent but the reference search may use it. Not built (an ImportError) or
switched off (`BALANCE_KERNELS=off`, engine.core.kernel.switch): the search runs in Python.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.kernel import switch
from engine.gods import decide as rules
from engine.gods.agents.greedy import greedy_value
from engine.gods.agents.hidden import resample_hidden
from engine.gods.evolve import evolve
from engine.gods.scoring import scores

PORTED = {"legal_commands": rules.legal_commands, "to_move": rules.to_move, "evolve": evolve, "scores": scores,
          "resample_hidden": resample_hidden, "greedy_value": greedy_value}
"""What the kernel replays, by the game's attribute name: a game object answering any of them otherwise (a test's
wrapper counting re-deals) is searched in Python."""


def compiled_search(agent: Any, estimate: Callable[..., Any]) -> Any | None:
    """The compiled `grow` for `agent` (an IsmctsAgent) of a profile whose `evaluate` the kernel ports as
    `estimate` (agents/search.py's), or None when the kernel is not built."""
    if switch.switched_off():
        return None
    compiled = switch.load("engine.gods.kernel.compiled", "4 Gods")
    return None if compiled is None else GodsCompiled(agent, compiled.CompiledSearch(), estimate)


class GodsCompiled:
    """The compiled search of one agent, used where the kernel ports what the agent would run in Python."""

    def __init__(self, agent: Any, search: Any, estimate: Callable[..., Any]) -> None:
        self.agent = agent
        self.search = search
        self.estimate = estimate

    def grow(self, game: Any, info: Any, root: Any, seed: int, todo: int, stop_early: bool) -> int | None:
        """`todo` iterations from `root` with the search stream `seed`: how many ran, or None (search in Python).

        The profile is read now, not when the agent was built: a caller may have changed it since (a test of
        another widening); a wrapped game object (a test counting re-deals) is searched in Python."""
        profile = self.agent.profile
        if (profile.horizon or profile.strategic is not None or profile.evaluate is not self.estimate
                or not _ported(game)):
            return None
        done: int | None = self.search.grow(info, root, seed, todo, stop_early, profile.scale, profile.prior,
                                            profile.widening)
        return done


def _ported(game: Any) -> bool:
    """Whether `game` answers with the 4 Gods rules the kernel replays."""
    return getattr(game.decide, "__func__", None) is rules.decide and all(
        getattr(game, name, None) is function for name, function in PORTED.items())
