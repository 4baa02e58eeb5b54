"""The writer comparison stores the same events on both sides and says so; no timing is asserted."""

from __future__ import annotations

import pytest

from engine.registry import get_game
from lake.spec import RunSpec
from simulate.writer_bench import RECORDERS, compare_writers, lake_bytes_per_event, recorded_events

pytest.importorskip("eventsourcing")


def test_both_stores_hold_every_event_of_the_same_games() -> None:
    game = get_game("caprices")
    spec = RunSpec("caprices", "standard", (3,), ("random",), 4, 1, 4, "bench-writer")
    events = len(recorded_events(game, spec))
    figures = compare_writers(game, spec, repeats=1)
    assert [f.label.split(" -> ")[-1] for f in figures[1:]] == list(RECORDERS)
    for figure in figures:
        assert figure.events == figure.stored == events > 4 * 50, figure.label
        assert figure.seconds > 0 and figure.bytes > 0
    assert figures[0].bytes < min(f.bytes for f in figures[1:])  # columns and zstd against JSON rows
    stages = figures[0].stages
    assert [name.split()[0] for name, _ in stages] == ["append", "Arrow", "Parquet"]
    assert all(seconds > 0 for _, seconds in stages)
    assert sum(seconds for _, seconds in stages) == pytest.approx(figures[0].seconds)  # the stages are the whole
    floor = figures[0].encoder_floor
    assert floor is not None and floor[0] > 0 and floor[1] > figures[0].bytes  # uncompressed: larger than the file


def test_bytes_per_event_are_those_of_the_part_files_a_run_writes(tmp_path: object) -> None:
    game = get_game("caprices")
    spec = RunSpec("caprices", "standard", (2,), ("random",), 6, 2, 3, "bench-bytes")
    size, events = lake_bytes_per_event(game, spec)
    assert events == len(recorded_events(game, spec)) and size > 0
