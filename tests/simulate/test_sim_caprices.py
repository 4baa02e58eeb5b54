"""The simulate layer on the real game: a small caprices run writes, verifies and reproduces."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from lake.spec import RunSpec
from lake.verify import verify
from simulate.runner import run


def test_caprices_run_verifies_and_is_reproducible(tmp_path: Path) -> None:
    spec = RunSpec.from_dict({"game": "caprices", "players": [2, 4], "agents": ["random", "greedy"], "games": 2,
                              "seed": 5, "batch_size": 2})
    manifest = run(spec, tmp_path / "a", workers=1, progress=False)
    assert manifest.ruleset["name"] == "standard"  # ruleset "default" means the game's default
    assert manifest.totals["games"] == 4 and manifest.totals["files"] == 2
    report = verify(tmp_path / "a")
    assert report.ok, [p.line() for p in report.problems]
    assert report.games == 4 and report.events == manifest.totals["events"]
    run(spec, tmp_path / "b", workers=2, progress=False)
    for entry in manifest.files:
        assert pq.read_table(tmp_path / "a" / entry["file"]).equals(pq.read_table(tmp_path / "b" / entry["file"]))


def _edit(part: Path, event_type: str, column: str, value: pa.Scalar) -> int:
    """Set `column` of game 1's first `event_type` row to `value`, as a tampering tool would; its seq."""
    table = pq.read_table(part)
    rows = pc.and_(pc.equal(table.column("game_id"), 1), pc.equal(table.column("event_type"), event_type))
    seq = table.filter(rows).column("seq")[0].as_py()
    row = pc.and_(rows, pc.equal(table.column("seq"), seq))
    edited = pc.if_else(row, value, table.column(column))
    pq.write_table(table.set_column(table.schema.get_field_index(column), column, edited), part, compression="zstd")
    return int(seq)


def _small_run(lake: Path) -> str:
    spec = RunSpec.from_dict({"game": "caprices", "players": [3], "agents": ["random"], "games": 2,
                              "seed": 6, "batch_size": 2})
    return str(run(spec, lake, workers=1, progress=False).files[0]["file"])


def test_an_edited_score_component_breaks_the_seal_and_is_located(tmp_path: Path) -> None:
    name = _small_run(tmp_path)
    seq = _edit(tmp_path / name, "player_scored", "order_points", pa.scalar(99, pa.int16()))
    [problem] = verify(tmp_path).problems
    assert (problem.file, problem.game_id, problem.seq) == (name, 1, seq)
    assert "digest mismatch" in problem.problem


def test_an_edit_the_final_state_does_not_keep_is_caught_by_the_checksum(tmp_path: Path) -> None:
    name = _small_run(tmp_path)
    # a turn's action names what its card events then show: replay alone cannot see this edit
    # ("juggle" is no action of the game, so the value surely changes)
    seq = _edit(tmp_path / name, "turn_taken", "action", pa.scalar("juggle"))
    [problem] = verify(tmp_path).problems
    assert (problem.file, problem.game_id) == (name, 1) and problem.seq is not None and problem.seq <= seq
    assert "checksum" in problem.problem
