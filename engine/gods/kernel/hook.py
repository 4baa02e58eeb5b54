"""4 Gods' `SearchProfile.compiled`: the compiled search for a search agent, when the kernel can stand in for it.

The kernel (compiled.pyx, c/) ports the search 4 Gods uses: no rollout (`horizon` 0), no tactical decisions, the
profile's `evaluate`, on the 4 Gods rules themselves. It makes exactly the Python search's decisions
(tests/gods/test_kernel.py), so any agent but the reference search may use it. Not built (an ImportError): the
search runs in Python, said once on stderr.
"""

from __future__ import annotations

import sys
from typing import Any

_WARNED: list[str] = []


def compiled_search(agent: Any) -> Any | None:
    """The compiled `grow` for `agent` (an IsmctsAgent), or None when the kernel is not built."""
    try:
        from engine.gods.kernel.compiled import CompiledSearch
    except ImportError as exc:
        if not _WARNED:
            _WARNED.append(str(exc))
            print(f"4 Gods: the compiled search is not built ({exc}); searching in Python (run make)",
                  file=sys.stderr)
        return None
    return GodsCompiled(agent, CompiledSearch())


class GodsCompiled:
    """The compiled search of one agent, used where the kernel ports what the agent would run in Python."""

    def __init__(self, agent: Any, search: Any) -> None:
        self.agent = agent
        self.search = search

    def grow(self, game: Any, info: Any, root: Any, seed: int, todo: int, stop_early: bool) -> int | None:
        """`todo` iterations from `root` with the search stream `seed`: how many ran, or None (search in Python).

        The profile is read now, not when the agent was built: a caller may have changed it since (a test of
        another widening); a wrapped game object (a test counting re-deals) is searched in Python."""
        from engine.gods.agents.search import evaluate
        from engine.gods.game import GodsGame

        profile = self.agent.profile
        if (type(game) is not GodsGame or profile.horizon or profile.strategic is not None
                or profile.evaluate is not evaluate):
            return None
        done: int | None = self.search.grow(info, root, seed, todo, stop_early, profile.scale, profile.prior,
                                            profile.widening)
        return done
