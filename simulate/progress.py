"""Progress a person can follow on a terminal and in a log file alike, on elapsed time.

On a terminal: a tqdm bar. Elsewhere (CI, `make report | tee`, a pipe): one
plain line at most every `interval` seconds. Either way a ticker thread looks
at the clock about once a second and speaks when `interval` seconds passed
without a line, so a step is never silent for more than ~10 s even while no
batch finishes (one 4 Gods search batch can take minutes on a loaded machine).
`Ticker` takes the clock and the wait as arguments, so tests drive it without
sleeping.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO

from tqdm import tqdm

INTERVAL = 10.0  # seconds between plain progress lines
POLL = 1.0  # how often the ticker looks at the clock

Clock = Callable[[], float]


class Ticker:
    """Calls `say(elapsed)` whenever `interval` seconds passed since the last line (or the start).

    `beat()` checks the clock once; `start()` runs a daemon thread that beats
    every `POLL` seconds until `stop()`. `wait(seconds)` returns True to stop
    (an Event's wait by default).
    """

    def __init__(self, say: Callable[[float], None], interval: float = INTERVAL, clock: Clock = time.monotonic,
                 wait: Callable[[float], bool] | None = None) -> None:
        self.say, self.interval, self.clock = say, interval, clock
        self.started = self.last = clock()
        self._stopped = threading.Event()
        self._wait = wait or self._stopped.wait
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def beat(self, force: bool = False) -> bool:
        """Speak if the interval has passed (or `force`); True when a line was said."""
        with self._lock:
            now = self.clock()
            if not force and now - self.last < self.interval:
                return False
            self.last = now
            self.say(now - self.started)
            return True

    def start(self) -> Ticker:
        self._thread = threading.Thread(target=self._run, name="progress-ticker", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopped.set()
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        while not self._wait(POLL) and not self._stopped.is_set():
            self.beat()


class LineProgress:
    """A tqdm-like counter printing `desc: done/total units (pct), Ns elapsed` at most every `interval` seconds.

    As a context manager its ticker prints that line on time even when no
    `update` comes in.
    """

    def __init__(self, total: int, initial: int = 0, desc: str = "", unit: str = "game",
                 file: TextIO | None = None, interval: float = INTERVAL, clock: Clock = time.monotonic,
                 wait: Callable[[float], bool] | None = None) -> None:
        self.total, self.n, self.desc, self.unit = total, initial, desc, unit
        self.file = file or sys.stderr
        self.ticker = Ticker(self._say, interval, clock, wait)

    def update(self, amount: int = 1) -> None:
        self.n += amount
        if self.n < self.total:  # the end is reported by the caller
            self.ticker.beat()

    def _say(self, elapsed: float) -> None:
        share = f" ({self.n / self.total:.0%})" if self.total else ""
        print(f"{self.desc}: {self.n:,}/{self.total:,} {self.unit}s{share}, {elapsed:.0f}s elapsed",
              file=self.file, flush=True)

    def __enter__(self) -> LineProgress:
        self.ticker.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.ticker.stop()


class TickingBar:
    """A tqdm bar redrawn by a ticker, so its elapsed time moves while no update comes in."""

    def __init__(self, bar: tqdm, interval: float = POLL) -> None:
        self.bar = bar
        self.ticker = Ticker(lambda _elapsed: bar.refresh(), interval)

    def update(self, amount: int = 1) -> None:
        self.bar.update(amount)

    def __enter__(self) -> TickingBar:
        self.ticker.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.ticker.stop()
        self.bar.close()


def progress_counter(total: int, initial: int = 0, desc: str = "", unit: str = "game",
                     enabled: bool = True) -> Any:
    """A tqdm bar on a terminal, plain lines every ~10 s otherwise, nothing when not `enabled`."""
    if enabled and sys.stderr.isatty():
        return TickingBar(tqdm(total=total, initial=initial, unit=unit, file=sys.stderr, desc=desc))
    if enabled:
        return LineProgress(total, initial, desc, unit)
    return tqdm(total=total, initial=initial, disable=True)


class Heartbeat:
    """A log callback that passes the latest message on at most every `interval` seconds.

    As a context manager it also speaks on time when no message comes in
    (`prefix: still working after <latest message>, Ns elapsed`): a warehouse model or a tile-value step can
    take minutes.
    """

    def __init__(self, prefix: str, file: TextIO | None = None, interval: float = INTERVAL,
                 clock: Clock = time.monotonic, wait: Callable[[float], bool] | None = None) -> None:
        self.prefix = prefix
        self.file = file or sys.stdout
        self.latest = "started"
        self.fresh = False  # the latest message has not been shown yet
        self.ticker = Ticker(self._say, interval, clock, wait)

    def __call__(self, message: str) -> None:
        self.latest, self.fresh = message, True
        self.ticker.beat()

    def _say(self, elapsed: float) -> None:
        text = self.latest if self.fresh else f"still working after {self.latest}, {elapsed:.0f}s elapsed"
        self.fresh = False
        print(f"{self.prefix}: {text}", file=self.file, flush=True)

    def __enter__(self) -> Heartbeat:
        self.ticker.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.ticker.stop()
