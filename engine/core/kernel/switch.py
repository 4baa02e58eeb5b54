"""Whether the compiled kernels play: built, and not switched off (one switch for every game).

A kernel makes exactly the decisions of the Python agent it stands in for, so the switch changes the CPU a game
costs, never the game: `BALANCE_KERNELS=off` plays every game's Python agents (for a side-by-side measurement or a
differential check). A kernel that is not built (an ImportError: `make` builds them) is said once on stderr, and
the Python agents play.
"""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType

SWITCH = "BALANCE_KERNELS"
"""Environment variable: `off` plays the Python implementation of every agent a kernel accelerates."""
_said: set[str] = set()


def switched_off() -> bool:
    """Whether `BALANCE_KERNELS=off` asks for the Python agents."""
    return os.environ.get(SWITCH, "").lower() == "off"


def load(module: str, game: str) -> ModuleType | None:
    """The compiled module, or None when it is not built (said once per module on stderr)."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if module not in _said:
            _said.add(module)
            print(f"balance: the {game} kernel is not built ({exc}); its agents play in Python (run `make` to "
                  "build it)", file=sys.stderr)
        return None
