"""What-if pages: `reports/compare-<name>.html` and `reports/sweep-<name>.html`, one per experiment.

Each is the `compare` or `sweep` notebook executed on the warehouse with the
experiment's name as a parameter; it answers "what changed beyond noise",
biggest changes first. Written to a staging folder first and moved into place,
so a failing notebook leaves the earlier page untouched.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import duckdb

from balance.report import EXECUTED_DIR, NOTEBOOKS_DIR, ReportError, execute_notebook

PAGES = {"compare": "compare", "sweep": "sweep", "tune": "compare"}


def page_name(experiment: str, kind: str) -> str:
    """`compare-<name>` or `sweep-<name>` (a tune's rounds read as comparisons)."""
    return f"{'sweep' if kind == 'sweep' else 'compare'}-{experiment}"


def experiments_in(warehouse: Path) -> list[tuple[str, str]]:
    """(name, kind) of every experiment with comparison rows, latest first."""
    try:
        with duckdb.connect(str(warehouse), read_only=True) as con:
            tables = {r[0] for r in con.execute("select table_name from information_schema.tables").fetchall()}
            if "met_variant_diff" not in tables:
                return []
            return [(r[0], r[1]) for r in con.execute(
                "select experiment, any_value(kind) from met_variant_diff group by experiment "
                "order by max(created_at) desc, experiment").fetchall()]
    except duckdb.Error as exc:
        raise ReportError(f"{warehouse}: cannot read the what-if comparisons ({exc})") from None


def write_experiment_page(warehouse: Path, experiment: str, kind: str, out: Path,
                          notebooks_dir: Path = NOTEBOOKS_DIR) -> Path:
    """Execute the experiment's notebook and move its HTML page into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    staging = out / f".staging-{experiment}-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        name = page_name(experiment, kind)
        html = execute_notebook(notebooks_dir / f"{PAGES.get(kind, 'compare')}.py", warehouse, staging,
                                {"experiment": experiment}, name)
        (out / EXECUTED_DIR).mkdir(exist_ok=True)
        for path in (staging / EXECUTED_DIR).glob("*.ipynb"):
            os.replace(path, out / EXECUTED_DIR / path.name)
        target = out / html.name
        os.replace(html, target)
        return target
    finally:
        shutil.rmtree(staging, ignore_errors=True)
