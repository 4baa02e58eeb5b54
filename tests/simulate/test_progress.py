"""Progress when not on a terminal: plain lines, at most one per interval."""

from __future__ import annotations

import io

from simulate.progress import Heartbeat, LineProgress


def test_line_progress_prints_plain_lines_at_most_once_per_interval() -> None:
    out = io.StringIO()
    counter = LineProgress(total=300, desc="run-1", file=out, interval=0.0)
    for _ in range(3):
        counter.update(100)
    lines = out.getvalue().splitlines()
    assert lines == ["run-1: 100/300 games (33%)", "run-1: 200/300 games (67%)"]  # the end is reported by the caller
    quiet = io.StringIO()
    slow = LineProgress(total=300, desc="run-2", file=quiet, interval=3600.0)
    slow.update(100)
    assert quiet.getvalue() == "" and "\r" not in out.getvalue()


def test_heartbeat_passes_a_message_on_only_after_its_interval() -> None:
    out = io.StringIO()
    Heartbeat("warehouse", file=out, interval=0.0)("built table a")
    Heartbeat("warehouse", file=out, interval=3600.0)("built table b")
    assert out.getvalue() == "warehouse: built table a\n"
