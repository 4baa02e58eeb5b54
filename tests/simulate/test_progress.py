"""Progress when not on a terminal: plain lines on elapsed time, never only when a batch finishes.

The clock and the ticker's wait are injected: no test sleeps to make time pass.
"""

from __future__ import annotations

import io
import threading

from simulate.progress import Heartbeat, LineProgress, Ticker


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_line_progress_prints_plain_lines_at_most_once_per_interval() -> None:
    out, clock = io.StringIO(), FakeClock()
    counter = LineProgress(total=300, desc="run-1", file=out, interval=10.0, clock=clock)
    for _ in range(3):
        clock.now += 12
        counter.update(100)
    assert out.getvalue().splitlines() == ["run-1: 100/300 games (33%), 12s elapsed",
                                           "run-1: 200/300 games (67%), 24s elapsed"]  # the end: the caller's
    quiet = io.StringIO()
    slow = LineProgress(total=300, desc="run-2", file=quiet, interval=3600.0, clock=clock)
    slow.update(100)
    assert quiet.getvalue() == "" and "\r" not in out.getvalue()


def test_the_heartbeat_fires_on_elapsed_time_while_no_batch_finishes() -> None:
    """A 144 s batch (a 4 Gods search on a loaded machine): a line every 10 s, not one after 144 s."""
    out, clock = io.StringIO(), FakeClock()
    counter = LineProgress(total=30, desc="gods-search", file=out, interval=10.0, clock=clock)
    for _ in range(144):  # the ticker's once-a-second look at the clock, during the one slow batch
        clock.now += 1
        counter.ticker.beat()
    lines = out.getvalue().splitlines()
    assert len(lines) == 14 and lines[0] == "gods-search: 0/30 games (0%), 10s elapsed"
    assert lines[-1] == "gods-search: 0/30 games (0%), 140s elapsed"
    counter.update(10)  # the batch ends 4 s after the last line: too soon for another
    assert len(out.getvalue().splitlines()) == 14


def test_the_ticker_thread_beats_until_stopped() -> None:
    """The thread's wait is injected: each wait moves the fake clock 5 s; the test stops it after 3 lines."""
    clock, said, enough = FakeClock(), [], threading.Event()

    def wait(_seconds: float) -> bool:
        if enough.is_set():
            return True
        clock.now += 5
        return False

    def say(elapsed: float) -> None:
        said.append(elapsed)
        if len(said) == 3:
            enough.set()

    ticker = Ticker(say, interval=10.0, clock=clock, wait=wait).start()
    assert enough.wait(timeout=60)  # a bound against a hang, not a measurement
    ticker.stop()
    assert said == [10.0, 20.0, 30.0]


def test_heartbeat_passes_the_latest_message_on_and_speaks_when_none_comes() -> None:
    out, clock = io.StringIO(), FakeClock()
    beat = Heartbeat("warehouse", file=out, interval=10.0, clock=clock)
    beat("built table a")  # too soon
    clock.now += 11
    beat("built table b")
    clock.now += 25  # a model that takes long: no message, the ticker speaks
    beat.ticker.beat()
    assert out.getvalue().splitlines() == ["warehouse: built table b",
                                           "warehouse: still working after built table b, 36s elapsed"]
