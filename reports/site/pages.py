"""The site's pages: which what-if pages the warehouse has, each page's title, and the navigation bar's links."""

from __future__ import annotations

from pathlib import Path

from engine.core.errors import BalanceError
from engine.registry import get_game
from reports.page import PageLink
from warehouse.query import connect

TITLES = {"index": "Headlines", "overview": "All games"}
EXTRA_PAGES = ("compare-*.html", "sweep-*.html")  # what-if pages written by other commands


def page_title(stem: str) -> str:
    """A page's title in the navigation bar: the game's own name for a game's page."""
    if stem in TITLES:
        return TITLES[stem]
    if stem.startswith(("compare-", "sweep-")):
        return "What if: " + stem.split("-", 1)[1].replace("-", " ")
    try:
        game = get_game(stem)
        return str(game.load_ruleset(game.default_ruleset).get("names.game", stem))
    except BalanceError:
        return stem


def site_links(stems: list[str], out: Path) -> list[PageLink]:
    """Index first, then the notebooks' pages, then any what-if pages already in `out`."""
    extra = sorted({p.stem for pattern in EXTRA_PAGES for p in out.glob(pattern)} - set(stems))
    return [PageLink(f"{stem}.html", page_title(stem)) for stem in ["index", *stems, *extra]]


def experiment_pages(warehouse: Path) -> list[tuple[str, str, str]]:
    """(experiment, notebook, page name) of every compare and sweep in the warehouse, latest first:
    `compare-<name>` from notebooks/compare.py, `sweep-<name>` from notebooks/sweep.py (a tune's rounds
    are printed by `balance tune`, not paged)."""
    with connect(str(warehouse), read_only=True) as con:
        tables = {row[0] for row in con.execute("select table_name from information_schema.tables").fetchall()}
        if "met_variant_diff" not in tables:
            return []
        found = con.execute("select experiment, any_value(kind) from met_variant_diff where kind != 'tune' "
                            "group by experiment order by max(created_at) desc, experiment").fetchall()
    return [(name, "sweep" if kind == "sweep" else "compare", f"{'sweep' if kind == 'sweep' else 'compare'}-{name}")
            for name, kind in found]
