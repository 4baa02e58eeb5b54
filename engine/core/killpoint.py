"""Kill points: `BALANCE_KILL_AT=<name>` makes the process SIGKILL itself at the named point.

The reliability tests (tests/reliability, `make soak`) reproduce a `kill -9` at
an exact moment of a write (the temporary warehouse file filled but not yet in
place, an incremental build inside its transaction, a report staged but not
published) instead of sleeping and hoping the signal lands there. Unset, a
kill point costs one environment lookup.
"""

from __future__ import annotations

import os
import signal

ENV = "BALANCE_KILL_AT"


def kill_point(name: str) -> None:
    """Die here, as `kill -9` would, when the environment names this point."""
    if os.environ.get(ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)
