"""Running a report: execute the notebooks on a warehouse and export them as HTML pages.

Each notebook in `notebooks/` (jupytext percent format) is converted, executed
with papermill on the venv's own `python3` kernel with the warehouse path as
its parameter, exported with nbconvert's `basic` template (cells only, code
hidden: no require.js, MathJax or other script from a CDN) and wrapped in the
house page (`reports.page`) with a navigation bar linking every page.
`overview` always runs; a game's notebook (`<game>.py`) runs only when that
game is in the warehouse. A what-if page (`compare-<name>.html`,
`sweep-<name>.html`) is the `compare` or `sweep` notebook run with the
experiment's name as a parameter. Everything is written to a staging folder
first and moved into place only when every notebook succeeded, so a failing
notebook leaves the earlier reports untouched.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import duckdb

from engine.core.errors import BalanceError
from engine.core.killpoint import kill_point
from reports import DEFAULT_OUT
from reports.page import PageLink, page
from reports.site.index import write_index
from reports.site.pages import experiment_pages, page_title, site_links
from warehouse.faults import remove_dead_leftovers
from warehouse.query import connect, one_value

LOG = logging.getLogger("balance.reports.render")

NOTEBOOKS_DIR = Path(str(resources.files("notebooks")))  # package data: a checkout's notebooks/ or the wheel's
GENERIC_NOTEBOOKS = ("overview",)
KERNEL = "python3"
EXECUTED_DIR = "_executed"  # executed .ipynb files, kept for debugging (git-ignored)
STAGING = re.compile(r"\.staging-(?:.+-)?(?P<pid>\d+)")  # `.staging-<pid>`, `.staging-<experiment>-<pid>`


class ReportError(BalanceError):
    """A notebook failed (named, with its cell error) or the warehouse is missing."""


@dataclass(frozen=True)
class Report:
    """One notebook's HTML report."""

    name: str
    html: Path


def games_in(warehouse: Path) -> list[str]:
    """The games that have at least one game in the warehouse."""
    if not warehouse.exists():
        raise ReportError(f"{warehouse}: no warehouse; run `balance warehouse build` first")
    try:
        with connect(str(warehouse), read_only=True) as con:
            if not one_value(con, "select count(*) from duckdb_tables() where table_name = 'fct_games'"):
                raise ReportError(f"{warehouse}: the warehouse holds no game logs (tile-value runs only); simulate "
                                  "games too (`balance simulate` or `balance run`), then build it again")
            return [row[0] for row in con.execute("select distinct game from fct_games order by game").fetchall()]
    except duckdb.Error as exc:
        raise ReportError(f"{warehouse}: not a warehouse built by `balance warehouse build` ({exc})") from None


def notebooks_for(games: list[str], notebooks_dir: Path = NOTEBOOKS_DIR) -> list[Path]:
    """The overview plus one notebook per game present, of those `notebooks_dir` holds (the Joust has none).

    The package's own overview is listed even when absent: an install without it fails naming it
    (`execute_notebook`) instead of writing only the index.
    """
    paths = [notebooks_dir / f"{name}.py" for name in [*GENERIC_NOTEBOOKS, *games]]
    shipped = paths[:len(GENERIC_NOTEBOOKS)] if notebooks_dir == NOTEBOOKS_DIR else []
    return [path for path in paths if path in shipped or path.exists()]


def execute_notebook(
    source: Path, warehouse: Path, staging: Path, parameters: dict[str, str] | None = None, name: str | None = None,
    links: list[PageLink] | None = None,
) -> Path:
    """Convert, execute and export one notebook; returns its HTML path in `staging`.

    `links` is the site's navigation (default: the index and this page); `parameters` are passed beside
    the warehouse (e.g. an experiment's name) and `name` names the page (default: the notebook's own name).
    """
    if not source.exists():  # an incomplete install: an error, never a page silently left out
        raise ReportError(f"missing notebook {source}: the installation is incomplete; "
                          "earlier reports were left untouched")
    name = name or source.stem
    links = links if links is not None else site_links([name], staging)
    import jupytext
    import papermill
    from nbconvert import HTMLExporter

    executed = staging / EXECUTED_DIR / f"{name}.ipynb"
    executed.parent.mkdir(parents=True, exist_ok=True)
    raw = executed.with_suffix(".input.ipynb")
    notebook = jupytext.read(source)
    # a notebook without a header still runs on the venv's kernel (papermill needs its language)
    notebook.metadata.setdefault("kernelspec", {"name": KERNEL, "display_name": "Python 3", "language": "python"})
    jupytext.write(notebook, raw)
    try:
        papermill.execute_notebook(
            str(raw), str(executed), parameters={"warehouse": str(warehouse.resolve()), **(parameters or {})},
            kernel_name=KERNEL, cwd=str(staging), progress_bar=False, log_output=False,
        )
    except papermill.PapermillExecutionError as exc:
        raise ReportError(
            f"notebook {source} failed in cell {exc.exec_count}: {exc.ename}: {exc.evalue}; "
            "earlier reports were left untouched"
        ) from None
    except Exception as exc:  # kernel start-up and I/O failures
        raise ReportError(f"notebook {source} could not run: {exc}; earlier reports were left untouched") from None
    finally:
        raw.unlink(missing_ok=True)
    exporter = HTMLExporter(template_name="basic", exclude_input=True, exclude_input_prompt=True,
                            exclude_output_prompt=True, anchor_link_text="")
    body, _ = exporter.from_filename(str(executed))
    html = staging / f"{name}.html"
    html.write_text(page(page_title(name), body, links, html.name), encoding="utf-8")
    return html


def build_reports(
    warehouse: Path, out: Path = DEFAULT_OUT, notebooks_dir: Path = NOTEBOOKS_DIR,
    log: Callable[[str], None] | None = None, lake: str = "data/lake",
) -> list[Report]:
    """Execute every relevant notebook and write its HTML plus `index.html` into `out`; `log` gets progress lines
    (default: the `balance` logger at info level).
    `lake` is where the warehouse's games are, for the example games' `balance show` commands."""
    log = log or LOG.info
    games = games_in(warehouse)
    sources = notebooks_for(games, notebooks_dir)
    staging = _staging(out, f".staging-{os.getpid()}")
    try:
        experiments = experiment_pages(warehouse)
        links = site_links([src.stem for src in sources] + [page for _, _, page in experiments], out)
        total = len(sources) + len(experiments) + 1
        reports = []
        for number, src in enumerate(sources, start=1):
            log(f"report {number} of {total}: running notebook {src.name}")
            reports.append(Report(src.stem, execute_notebook(src, warehouse, staging, links=links)))
        for number, (name, notebook, page_name) in enumerate(experiments, start=len(sources) + 1):
            log(f"report {number} of {total}: what-if page {page_name}")
            reports.append(Report(page_name, execute_notebook(notebooks_dir / f"{notebook}.py", warehouse, staging,
                                                              {"experiment": name}, page_name, links)))
        log(f"report {total} of {total}: the index (headline findings)")
        write_index(warehouse, staging / "index.html", links, games, lake)
        kill_point("report:staged")
        return _publish(staging, out, reports)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def experiments_in(warehouse: Path) -> list[tuple[str, str]]:
    """(name, kind) of every experiment with comparison rows, latest first (a tune's rounds read as compares)."""
    return [(name, notebook) for name, notebook, _ in experiment_pages(warehouse)]


def write_experiment_page(warehouse: Path, experiment: str, kind: str, out: Path, lake: str = "data/lake",
                          notebooks_dir: Path = NOTEBOOKS_DIR) -> Path:
    """Execute the experiment's notebook and move its HTML page into `out` (beside an earlier report's pages),
    then write the index again so that it links the page and its headline reads the new what-if."""
    staging = _staging(out, f".staging-{experiment}-{os.getpid()}")
    try:
        notebook = "sweep" if kind == "sweep" else "compare"
        name = f"{notebook}-{experiment}"
        # the navigation links the report's pages already in `out` (index, overview, games, other what-ifs)
        pages = sorted(p.stem for p in out.glob("*.html")
                       if p.stem != "index" and not p.stem.startswith(("compare-", "sweep-")))
        links = site_links([*pages, name], out)
        html = execute_notebook(notebooks_dir / f"{notebook}.py", warehouse, staging, {"experiment": experiment},
                                name, links)
        _publish_executed(staging, out)
        target = out / html.name
        os.replace(html, target)
        write_index(warehouse, staging / "index.html", links, games_in(warehouse), lake)
        os.replace(staging / "index.html", out / "index.html")
        return target
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _staging(out: Path, name: str) -> Path:
    """A fresh staging folder in `out`, after removing those of killed reports (dead process ids only)."""
    out.mkdir(parents=True, exist_ok=True)
    remove_dead_leftovers(out, STAGING)
    staging = out / name
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    return staging


def _publish(staging: Path, out: Path, reports: list[Report]) -> list[Report]:
    """Move the staged files into `out` (each an atomic rename)."""
    _publish_executed(staging, out)
    published = []
    for report in reports:
        target = out / report.html.name
        os.replace(report.html, target)
        published.append(Report(report.name, target))
    os.replace(staging / "index.html", out / "index.html")
    return [*published, Report("index", out / "index.html")]


def _publish_executed(staging: Path, out: Path) -> None:
    """Move the staged executed notebooks into `out`'s `_executed/` (kept for debugging)."""
    (out / EXECUTED_DIR).mkdir(exist_ok=True)
    for path in (staging / EXECUTED_DIR).glob("*.ipynb"):
        os.replace(path, out / EXECUTED_DIR / path.name)
