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

from reports.report import EXECUTED_DIR, NOTEBOOKS_DIR, execute_notebook, experiment_pages, site_links


def experiments_in(warehouse: Path) -> list[tuple[str, str]]:
    """(name, kind) of every experiment with comparison rows, latest first (a tune's rounds read as compares)."""
    return [(name, notebook) for name, notebook, _ in experiment_pages(warehouse)]


def write_experiment_page(warehouse: Path, experiment: str, kind: str, out: Path,
                          notebooks_dir: Path = NOTEBOOKS_DIR) -> Path:
    """Execute the experiment's notebook and move its HTML page into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    staging = out / f".staging-{experiment}-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        notebook = "sweep" if kind == "sweep" else "compare"
        name = f"{notebook}-{experiment}"
        # the navigation links the report's pages already in `out` (index, overview, games, other what-ifs)
        pages = sorted(p.stem for p in out.glob("*.html")
                       if p.stem != "index" and not p.stem.startswith(("compare-", "sweep-")))
        links = [link for link in site_links([*pages, name], out)  # no index yet: no dead link to it
                 if link.file != "index.html" or (out / "index.html").exists()]
        html = execute_notebook(notebooks_dir / f"{notebook}.py", warehouse, staging, {"experiment": experiment},
                                name, links)
        (out / EXECUTED_DIR).mkdir(exist_ok=True)
        for path in (staging / EXECUTED_DIR).glob("*.ipynb"):
            os.replace(path, out / EXECUTED_DIR / path.name)
        target = out / html.name
        os.replace(html, target)
        return target
    finally:
        shutil.rmtree(staging, ignore_errors=True)
