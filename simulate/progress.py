"""Progress a person can follow on a terminal and in a log file alike.

On a terminal: a tqdm bar. Elsewhere (CI, `make report | tee`, a pipe): one
plain line at most every `interval` seconds, so a long step is never silent
for more than ~10 s and a log file is not flooded with carriage returns.
"""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

from tqdm import tqdm

INTERVAL = 10.0  # seconds between plain progress lines


class LineProgress:
    """A tqdm-like counter that prints `desc: done/total unit (pct)` at most every `interval` seconds."""

    def __init__(self, total: int, initial: int = 0, desc: str = "", unit: str = "game",
                 file: TextIO | None = None, interval: float = INTERVAL) -> None:
        self.total, self.n, self.desc, self.unit = total, initial, desc, unit
        self.file = file or sys.stderr
        self.interval = interval
        self.last = time.monotonic()

    def update(self, amount: int = 1) -> None:
        self.n += amount
        now = time.monotonic()
        if now - self.last >= self.interval and self.n < self.total:
            self.last = now
            share = f" ({self.n / self.total:.0%})" if self.total else ""
            print(f"{self.desc}: {self.n:,}/{self.total:,} {self.unit}s{share}", file=self.file, flush=True)

    def __enter__(self) -> LineProgress:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None


def progress_counter(total: int, initial: int = 0, desc: str = "", unit: str = "game",
                     enabled: bool = True) -> Any:
    """A tqdm bar on a terminal, plain lines every ~10 s otherwise, nothing when not `enabled`."""
    if enabled and sys.stderr.isatty():
        return tqdm(total=total, initial=initial, unit=unit, file=sys.stderr, desc=desc)
    if enabled:
        return LineProgress(total, initial, desc, unit)
    return tqdm(total=total, initial=initial, disable=True)


class Heartbeat:
    """A log callback that passes a message on at most every `interval` seconds (the latest one)."""

    def __init__(self, prefix: str, file: TextIO | None = None, interval: float = INTERVAL) -> None:
        self.prefix, self.interval = prefix, interval
        self.file = file or sys.stdout
        self.last = time.monotonic()

    def __call__(self, message: str) -> None:
        now = time.monotonic()
        if now - self.last >= self.interval:
            self.last = now
            print(f"{self.prefix}: {message}", file=self.file, flush=True)
