"""Run a `balance` command that kills itself (SIGKILL) at an exact system call: a deterministic kill point.

    python -m tests.reliability.killpoint replace 1 part- KILL -- ingest game.json --lake LAKE

patches `os.replace` so that its 1st call on a path containing `part-` sends
SIGKILL to this process instead of running, then runs `balance ingest ...`
(STOP instead of KILL freezes it there until SIGCONT: a deterministic
interleaving of two processes).
The call is one of `replace`, `unlink`, `link` (what the lake's atomic writes,
claims and removals are made of), so a test names the exact moment — just
before a part file's rename, after the manifest is deleted — with no sleep.
`count` lists how many such calls a command makes (`make soak` kills at each).
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from typing import Any

from balance.cli import main

CALLS = ("replace", "unlink", "link")


def _killing(name: str, nth: int, pattern: str, signum: int) -> Callable[..., Any]:
    real = getattr(os, name)
    seen = 0

    def call(*args: Any, **kwargs: Any) -> Any:
        nonlocal seen
        if pattern in " ".join(str(a) for a in args):
            seen += 1
            if seen == nth:
                os.kill(os.getpid(), signum)
        return real(*args, **kwargs)

    return call


def _counting(name: str, pattern: str, counts: list[int]) -> Callable[..., Any]:
    real = getattr(os, name)

    def call(*args: Any, **kwargs: Any) -> Any:
        if pattern in " ".join(str(a) for a in args):
            counts[0] += 1
        return real(*args, **kwargs)

    return call


if __name__ == "__main__":
    name, nth, pattern, sig, dash, *argv = sys.argv[1:]
    assert name in CALLS and dash == "--", "usage: killpoint CALL N|count PATTERN KILL|STOP -- balance-args..."
    if nth == "count":
        counted = [0]
        setattr(os, name, _counting(name, pattern, counted))
        code = main(argv)
        print(f"calls {counted[0]}", file=sys.stderr)
        sys.exit(code)
    setattr(os, name, _killing(name, int(nth), pattern, getattr(signal, f"SIG{sig}")))
    sys.exit(main(argv))
