"""`--json` on every command that reports figures: stdout is exactly one JSON document with the documented keys.

Each command runs once at a small scale; its stdout must parse with json.loads as a whole, validate against
docs/json.schema.json, and hold the figures the run produced (the text goes to stderr).
"""

from __future__ import annotations

import json
import re
from importlib import metadata
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from balance.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "json.schema.json").read_text(encoding="utf-8"))
DOCS = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
COMMANDS = ("runs", "verify", "ladder", "compare", "sweep", "tune", "tile-value", "bench")


def document(capsys: pytest.CaptureFixture[str], argv: list[str], code: int = 0) -> dict[str, Any]:
    """Run the command; its stdout must be one JSON document valid for the command's schema."""
    assert main(argv) == code
    out = capsys.readouterr().out
    assert out.endswith("\n") and out.count("\n") == 1, out[:500]
    found = json.loads(out)
    kind = "error" if "error" in found else found["command"]
    jsonschema.validate(found, {**SCHEMA, "$ref": f"#/$defs/{kind}"})
    assert found["exit_code"] == code
    return found


@pytest.fixture(scope="module")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    lake = tmp_path_factory.mktemp("json") / "lake"
    assert main(["simulate", "--game", "caprices", "--games", "4", "--players", "2", "--seed", "3",
                 "--lake", str(lake), "--workers", "1", "--no-progress"]) == 0
    return lake


def test_runs_and_verify(lake: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listed = document(capsys, ["runs", "--lake", str(lake), "--json"])
    [run] = listed["runs"]
    assert run["state"] == "complete" and run["games"] == 4 and listed["stray"] == []
    checked = document(capsys, ["verify", "--lake", str(lake), "--json", "--workers", "1"])
    assert checked["ok"] and checked["runs"] == [run["run_id"]] and checked["games"] == 4
    assert checked["events"] > 4 and checked["problems"] == []


def test_a_failure_is_an_error_document(lake: Path, capsys: pytest.CaptureFixture[str]) -> None:
    failed = document(capsys, ["runs", "remove", "nope", "--lake", str(lake), "--json"], code=1)
    assert failed["command"] == "runs" and "no run 'nope'" in failed["error"]


def test_ladder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = document(capsys, ["ladder", "--game", "caprices", "--agents", "random,greedy", "--games", "4",
                              "--lake", str(tmp_path / "lake"), "--warehouse", str(tmp_path / "w.duckdb"),
                              "--workers", "1", "--no-progress", "--json"])
    assert [p["agents"] for p in found["pairings"]] == [["random", "greedy"]]
    assert sorted(r["agent"] for r in found["ratings"]) == ["greedy", "random"]
    assert {(c["agent"], c["opponent"]) for c in found["pairwise"]} == {("random", "greedy"), ("greedy", "random")}


@pytest.mark.parametrize("command", ["compare", "sweep"])
def test_compare_and_sweep(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    change = (["--set", "setup.bonus_tokens=[25,20,15,10]"] if command == "compare"
              else ["--param", "setup.bonus_tokens[0]", "--values", "10,50"])
    found = document(capsys, [command, "--game", "caprices", *change, "--games", "6", "--players", "2",
                              "--lake", str(tmp_path / "lake"), "--warehouse", str(tmp_path / "w.duckdb"),
                              "--workers", "1", "--no-progress", "--no-report", "--json"])
    assert found["experiment"]["kind"] == command and found["page"] is None
    assert len(found["variants"]) == (1 if command == "compare" else 2)
    assert found["games_played"] == 6 * (len(found["variants"]) + 1)
    assert all(v["measures"] == len(v["rows"]) > 0 for v in found["variants"])


def test_tune(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = document(capsys, ["tune", "--game", "caprices", "--players", "2", "--param",
                              "setup.bonus_tokens[0]=10,50", "--target", "caprice_points=20..24", "--budget", "60",
                              "--lake", str(tmp_path / "lake"), "--warehouse", str(tmp_path / "w.duckdb"),
                              "--workers", "1", "--no-progress", "--json"])
    assert found["target"] == {"metric": "caprice_points", "low": 20.0, "high": 24.0, "levels": []}
    assert len(found["rounds"][0]["candidates"]) == 2 and found["best"] == found["rounds"][-1]["candidates"][0]
    assert 0 < found["games_spent"] <= 60 or found["games_spent"] == found["rounds"][0]["games"] * 3


def test_tile_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = document(capsys, ["tile-value", "--games", "3", "--rollouts", "2", "--pairs", "2", "--seed", "3",
                              "--lake", str(tmp_path / "lake"), "--workers", "1", "--no-progress", "--json"])
    assert found["conditions"]["games"] <= 3 and found["conditions"]["rollouts"] == 2
    assert found["owning"] and all(row["pairs"] == 2 for row in found["owning"])


def test_bench(capsys: pytest.CaptureFixture[str]) -> None:
    found = document(capsys, ["bench", "--game", "caprices", "--games", "2", "--players", "2", "--agents", "random",
                              "--workers", "1", "--repeats", "1", "--json"])
    [agent] = found["agents"]
    assert agent["agent"] == "random" and agent["logged"]["games"] == 2 and agent["bytes_per_event"] > 0
    assert [p["workers"] for p in found["pipeline"]] == [1] and found["writers"] is not None


def test_the_docs_name_every_key_the_schema_requires() -> None:
    for command in COMMANDS:
        assert f"**{command}**" in DOCS or f"**{command}**" in DOCS.replace(" and **", "**, **"), command
    required = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            required.update(node.get("required", []))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(SCHEMA)
    missing = sorted(key for key in required if f"`{key}`" not in DOCS)
    assert missing == []


def test_version_names_the_distribution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    try:
        expected = f"boardgame-balance {metadata.version('boardgame-balance')}"
    except metadata.PackageNotFoundError:
        expected = "boardgame-balance (not installed: pip install -e .)"
    assert out == expected and re.match(r"boardgame-balance \S", out)


def test_verbose_shows_the_library_log_and_quiet_hides_it(lake: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-v", "verify", "--lake", str(lake), "--workers", "1"]) == 0
    assert "balance.lake.verify: verify caprices-" in capsys.readouterr().err
    assert main(["verify", "--lake", str(lake), "--workers", "1"]) == 0
    assert "balance.lake.verify" not in capsys.readouterr().err
    assert main(["-v", "-q", "simulate", "--game", "caprices", "--games", "4", "--players", "2", "--seed", "3",
                 "--lake", str(lake), "--workers", "1", "--resume"]) == 0
    assert "balance.simulate" not in capsys.readouterr().err  # -q wins over -v: errors only
