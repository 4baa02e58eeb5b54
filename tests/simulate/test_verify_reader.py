"""verify on a real game's lake reads each file column by column; every check still fails when it should.

`balance verify` sorts a part file once, builds its events one event class
at a time and flags the games whose seqs or run ids are off with numpy
before reading any of their rows one by one (`lake.filerows`). These
tests damage a Caprices lake where such a fast path could look away: an
unknown event type, a row from a newer engine, a null value, rows in
another order, and check the problem is still found, on one worker and on
two alike; and that a part file written in an older format (card events at
schema v1, read through their upcaster) and a file whose rows are in any
order still verify.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from engine.caprices.rules import compile_rules
from engine.registry import get_game
from lake.manifest import compute_seal
from lake.spec import RunSpec
from lake.verify import verify
from simulate.runner import run
from tests.caprices.test_old_logs import _as_v1

SPEC = RunSpec("caprices", "standard", (2, 4), ("random", "greedy"), 8, seed=3, batch_size=8)
PART = f"events/game=caprices/run={SPEC.run_id}/part-00001.parquet"
MANIFEST = f"runs/{SPEC.run_id}/manifest.json"


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """16 Caprices games (8 with 2 players, 8 with 4) in two part files."""
    lake = tmp_path_factory.mktemp("caprices_lake")
    run(SPEC, lake, workers=1, progress=False)
    return lake


@pytest.fixture
def lake(pristine: Path, tmp_path: Path) -> Path:
    shutil.copytree(pristine, tmp_path / "lake")
    return tmp_path / "lake"


def _rewrite(lake: Path, change: Callable[[pa.Table], pa.Table], reseal: bool = False) -> None:
    """Rewrite part-00001 with `change`; `reseal`: and record its new checksum in a resealed manifest."""
    path = lake / PART
    pq.write_table(change(pq.read_table(path)), path, compression="zstd")
    if reseal:
        manifest = json.loads((lake / MANIFEST).read_text())
        [entry] = [e for e in manifest["files"] if e["file"] == PART]
        entry.update(sha256=hashlib.sha256(path.read_bytes()).hexdigest(), bytes=path.stat().st_size)
        manifest["seal"] = compute_seal(manifest)
        (lake / MANIFEST).write_text(json.dumps(manifest, indent=2))


def _set(column: str, event_type: str, value: object) -> Callable[[pa.Table], pa.Table]:
    """Set `column` of the first `event_type` row of game 9 (seq order) to `value`."""
    def change(table: pa.Table) -> pa.Table:
        rows = pc.and_(pc.equal(table["game_id"], 9), pc.equal(table["event_type"], event_type))
        seq = pc.min(table.filter(rows)["seq"]).as_py()
        where = pc.and_(pc.equal(table["game_id"], 9), pc.equal(table["seq"], seq))
        new = pc.if_else(where, pa.scalar(value, table.schema.field(column).type), table[column])
        return table.set_column(table.schema.get_field_index(column), column, new)
    return change


def _problems(lake: Path) -> list[str]:
    """The problem lines on one worker, checked to be those of two workers."""
    one, two = verify(lake, workers=1), verify(lake, workers=2)
    assert [p.line() for p in one.problems] == [p.line() for p in two.problems]
    assert (one.games, one.events) == (two.games, two.events)
    return [p.line() for p in one.problems]


def test_the_lake_verifies_on_one_worker_and_on_two(lake: Path) -> None:
    assert _problems(lake) == []
    assert verify(lake, workers=2).games == 16


def test_an_unknown_event_type_is_named_with_its_game_and_seq(lake: Path) -> None:
    _rewrite(lake, _set("event_type", "card_recruited", "card_stolen"))
    [line] = _problems(lake)
    assert f"{PART} / game 9 / seq " in line and "unknown event type 'card_stolen'" in line


def test_a_row_from_a_newer_engine_is_refused(lake: Path) -> None:
    _rewrite(lake, _set("schema_version", "turn_taken", 9), reseal=True)
    [line] = _problems(lake)
    assert "/ game 9 / seq " in line and "turn_taken v9 was written by a newer engine" in line


def test_a_null_value_in_an_event_column_is_caught(lake: Path) -> None:
    _rewrite(lake, _set("card", "card_recruited", None), reseal=True)
    [line] = _problems(lake)
    assert "/ game 9 / seq " in line and "card_recruited cannot be applied" in line


def test_a_part_file_in_the_older_card_format_verifies_through_its_upcaster(lake: Path) -> None:
    deck = list(compile_rules(get_game("caprices").load_ruleset("standard")).deck)
    _rewrite(lake, lambda table: _as_v1(table, deck), reseal=True)
    old = pq.read_table(lake / PART)
    assert pc.sum(pc.equal(old["schema_version"], 1)).as_py() > 100  # the card events are v1 now
    assert _problems(lake) == []


def test_rows_in_any_order_verify_and_a_gap_is_still_found(lake: Path) -> None:
    def shuffle(table: pa.Table) -> pa.Table:
        return table.take(random.Random(4).sample(range(table.num_rows), table.num_rows))
    _rewrite(lake, shuffle, reseal=True)
    assert _problems(lake) == []
    _rewrite(lake, lambda t: t.filter(pc.invert(pc.and_(pc.equal(t["game_id"], 10), pc.equal(t["seq"], 5)))))
    problems = _problems(lake)
    assert f"{PART} / game 10 / seq 5 / seq missing (seq must be gapless from 0)" in problems
