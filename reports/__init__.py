"""reports: the report layer, in layers (each imports only the ones below it).

    render.py   running a report: execute the notebooks on a warehouse, export them as HTML pages
    site/       the site's pages: the index (index.py), its agents section (agents.py), every page's
                title and the navigation bar's links, the what-if pages the warehouse has (pages.py)
    findings/   the index's headline findings (headlines.py), their robustness labels (robustness.py)
                and the example games behind them (examples.py); the headline rates' precision
                that `balance run` prints (precision.py)
    kit/        what the notebooks use: house charts (charts.py), numbers in words (words.py), the
                notebook helpers (notebook.py), what-if wording (whatif.py) and charts (whatif_charts.py)
    page.py     the house page: one style, one navigation bar, no network

Generated pages go to `reports/html/` (git-ignored).
"""

from pathlib import Path

DEFAULT_OUT = Path("reports/html")
"""Where generated pages go unless a command is told otherwise (git-ignored)."""
