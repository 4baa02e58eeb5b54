"""The overview notebook on a warehouse of mixed line-ups only (2-player random against greedy Caprices).

Only a uniform line-up (every seat the same agent) measures a seat, so such a warehouse has no seat rows;
the notebook failed there ("No objects to concatenate") and `balance report` wrote nothing.
"""

from __future__ import annotations

import pytest

from lake.spec import RunSpec
from reports.render import NOTEBOOKS_DIR, execute_notebook
from simulate.runner import run
from warehouse.build import build


@pytest.fixture(scope="module")
def overview(tmp_path_factory: pytest.TempPathFactory) -> str:
    """overview.html executed as `balance report` executes it, on the mixed-only warehouse."""
    root = tmp_path_factory.mktemp("mixed_only")
    run(RunSpec("caprices", "standard", (2,), ("random", "greedy"), 12, seed=23, batch_size=100), root / "lake",
        workers=1, progress=False)
    build(root / "lake", root / "wh.duckdb")
    return execute_notebook(NOTEBOOKS_DIR / "overview.py", root / "wh.duckdb", root / "out").read_text("utf-8")


def test_the_overview_runs_on_mixed_line_ups_only_and_says_why_no_seat_is_measured(overview: str) -> None:
    assert "No uniform line-ups in this warehouse" in overview
    assert "How strong are the agents?" in overview and "greedy" in overview  # the sections after it still ran
