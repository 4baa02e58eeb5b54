"""Incomplete runs stay out of the warehouse, with a warning naming them and the fix; `balance runs` lists them."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import duckdb
import pytest

from balance.cli import main
from lake import layout
from tests.reliability.tampering import PART1, edit_manifest
from tests.warehouse.conftest import lineups
from tests.warehouse.fake_events import write_fake_run


def test_incomplete_run_is_left_out_named_and_removable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lake, scratch = tmp_path / "lake", tmp_path / "scratch"
    write_fake_run(lake, "toy", "done", lineups(30, 1))
    write_fake_run(scratch, "toy", "half", lineups(20, 2))
    # run `half` killed after its first part: its claim and one part file, no manifest
    shutil.copytree(scratch / "events/game=toy/run=half", lake / "events/game=toy/run=half")
    spec = {"game": "toy", "players": [2], "agents": ["random"], "games": 80, "batch_size": 20, "run_id": "half"}
    (lake / "runs/half").mkdir(parents=True)
    (lake / "runs/half/spec.json").write_text(json.dumps({"kind": "simulated", "spec": spec}))
    warehouse = tmp_path / "w.duckdb"
    capsys.readouterr()
    assert main(["warehouse", "build", "--lake", str(lake), "--warehouse", str(warehouse)]) == 0
    err = capsys.readouterr().err
    assert "warning: left out incomplete run half (1 of 4 files)" in err
    assert f"balance simulate --resume --run-id half --lake {lake}" in err
    with duckdb.connect(str(warehouse), read_only=True) as con:
        assert con.execute("select count(*) from fct_games").fetchone() == (30,)  # run `done` only
        left = con.execute("select what, run_id, state, files_present, files_expected from lake_left_out").fetchall()
    assert left == [("run", "half", "incomplete", 1, 4)]

    assert main(["runs", "--lake", str(lake)]) == 0
    listing = capsys.readouterr().out
    assert "half" in listing and "incomplete" in listing and "1/4" in listing and "done" in listing
    assert main(["verify", "--lake", str(lake), "--run", "half", "--workers", "1"]) == 2
    assert "run half is incomplete (no manifest), 1 of 4 part files" in capsys.readouterr().err
    assert main(["runs", "remove", "half", "--lake", str(lake)]) == 0
    assert not (lake / layout.meta_key("half")).exists() and not (lake / "events/game=toy/run=half").exists()
    assert main(["runs", "remove", "half", "--lake", str(lake)]) == 1
    assert main(["warehouse", "build", "--lake", str(lake), "--warehouse", str(warehouse)]) == 0
    assert "warning" not in capsys.readouterr().err


def test_a_resealed_manifest_missing_a_batch_is_rejected_by_runs_warehouse_and_verify_alike(
    pristine: Path, tmp_path: Path, toy_game: None, capsys: pytest.CaptureFixture[str],
) -> None:
    lake = tmp_path / "lake"
    shutil.copytree(pristine, lake)
    write_fake_run(lake, "toy", "done", lineups(30, 1))
    (lake / PART1).unlink()  # a batch deleted, its entry dropped, the manifest re-sealed: consistent but short
    edit_manifest(lake, lambda m: m.update(files=[f for f in m["files"] if f["file"] != PART1]), reseal=True)
    missing = f"manifest does not list {PART1}, which the spec implies"
    capsys.readouterr()
    assert main(["runs", "--lake", str(lake)]) == 0
    listing = capsys.readouterr().out
    assert re.search(r"^t +simulated +toy +rejected", listing, re.M) and missing in listing, listing
    warehouse = tmp_path / "w.duckdb"
    assert main(["warehouse", "build", "--lake", str(lake), "--warehouse", str(warehouse)]) == 0
    assert "warning: left out rejected run t" in capsys.readouterr().err
    with duckdb.connect(str(warehouse), read_only=True) as con:
        assert con.execute("select count(*) from fct_games").fetchone() == (30,)  # run `done` only
        left = con.execute("select run_id, state, reason from lake_left_out").fetchall()
    assert [(r, s) for r, s, _ in left] == [("t", "rejected")] and missing in left[0][2]
    assert main(["verify", "--lake", str(lake), "--run", "t", "--workers", "1"]) == 2
    assert missing in capsys.readouterr().err
