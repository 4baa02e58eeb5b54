"""The simulate layer on the real game: a small caprices run writes, verifies and reproduces."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from simulate.runner import run
from simulate.spec import RunSpec
from simulate.verify import verify


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


def test_an_edited_score_component_is_located_although_the_game_still_replays(tmp_path: Path) -> None:
    spec = RunSpec.from_dict({"game": "caprices", "players": [3], "agents": ["random"], "games": 2,
                              "seed": 6, "batch_size": 2})
    manifest = run(spec, tmp_path, workers=1, progress=False)
    part = tmp_path / manifest.files[0]["file"]
    table = pq.read_table(part)
    scored = pc.and_(pc.equal(table.column("game_id"), 1), pc.equal(table.column("event_type"), "player_scored"))
    seq = table.filter(scored).column("seq")[0].as_py()
    row = pc.and_(scored, pc.equal(table.column("seq"), seq))
    column = table.schema.get_field_index("order_points")
    edited = pc.if_else(row, pa.scalar(99, pa.int16()), table.column("order_points"))
    pq.write_table(table.set_column(column, "order_points", edited), part, compression="zstd")
    [problem] = verify(tmp_path).problems
    assert (problem.file, problem.game_id, problem.seq) == (manifest.files[0]["file"], 1, seq)
    assert "checksum" in problem.problem
