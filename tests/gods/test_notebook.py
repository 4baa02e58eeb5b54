"""The 4 Gods report notebook runs on a small warehouse and answers its questions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lake.spec import RunSpec
from reports.render import execute_notebook, notebooks_for
from simulate.runner import run
from warehouse.build import build

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "gods.py"


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """gods.html (and the executed notebook) on a warehouse of random, greedy vs greedy-fast and greedy vs random."""
    lake = tmp_path_factory.mktemp("gods_nb_lake")
    for spec in (
        RunSpec("gods", "standard", (2, 3, 4), ("random",), 6, seed=1, batch_size=100),
        RunSpec("gods", "standard", (2, 3), ("greedy", "greedy-fast"), 6, seed=2, batch_size=100),
        RunSpec("gods", "standard", (2,), ("greedy", "random"), 4, seed=3, batch_size=100),
    ):
        run(spec, lake, workers=1, progress=False)
    root = tmp_path_factory.mktemp("gods_nb")
    build(lake, root / "wh.duckdb")
    execute_notebook(NOTEBOOK, root / "wh.duckdb", root)
    return root


@pytest.fixture(scope="module")
def html(report_dir: Path) -> str:
    """The exported report."""
    return (report_dir / "gods.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def stderr_outputs(report_dir: Path) -> list[str]:
    """Warnings and errors any cell of the executed notebook printed."""
    cells = json.loads((report_dir / "_executed" / "gods.ipynb").read_text(encoding="utf-8"))["cells"]
    return [
        "".join(out.get("text", "")) or out.get("ename", "")
        for cell in cells for out in cell.get("outputs", [])
        if out.get("name") == "stderr" or out.get("output_type") == "error"
    ]


def test_the_notebook_runs_without_errors_or_warnings_and_embeds_its_charts(html: str, stderr_outputs: list) -> None:
    assert stderr_outputs == []
    assert html.count("data:image/png;base64") >= 8
    assert "import duckdb" not in html  # code hidden


def test_the_notebook_answers_the_speed_question_with_intervals(html: str) -> None:
    assert "How much does being 20% faster matter" in html
    assert "greedy-fast (pace ×0.80" in html and "default (pace ×1.25" in html  # the 2-player sides
    assert "vs fair share 50.0%" in html


def test_the_notebook_reports_length_in_simulated_minutes_and_agent_match_ups(html: str) -> None:
    assert "simulated minutes" in html and "greedy vs random" in html and "greedy vs greedy-fast" in html
    assert "actions (" in html and "failed attempts" in html


def test_the_notebook_reports_how_often_plans_fail_by_pace(html: str) -> None:
    assert "How often do plans fail, by pace?" in html
    assert "greedy vs greedy-fast, 2 players, greedy-fast (pace ×0.80)" in html and "plans fail (" in html


def test_the_report_builder_picks_the_gods_notebook_only_when_gods_is_present() -> None:
    assert [p.stem for p in notebooks_for(["gods"])] == ["overview", "gods"]
    assert "gods" not in [p.stem for p in notebooks_for(["caprices"])]
