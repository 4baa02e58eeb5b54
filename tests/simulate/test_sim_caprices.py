"""The simulate layer on the real game: a small caprices run writes, verifies and reproduces."""

from __future__ import annotations

from pathlib import Path

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
