"""The house page: one style, one navigation bar, no network.

Every report page (the index, each executed notebook, what-if pages) is wrapped
by `page()`, so all pages look alike, link to the index and to each other, and
load nothing from outside the file: no scripts, no fonts, images inlined as
`data:` URIs. Width is capped so a 1,400 px window never scrolls sideways;
wide tables scroll inside their own box instead.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

HOUSE_CSS = """
:root { --ink: #1f2328; --muted: #59636e; --line: #d0d7de; --look: #c2410c; --accent: #1f5fa8; }
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); margin: 0;
       line-height: 1.45; background: #fff; }
main { max-width: 1180px; margin: 0 auto; padding: 0 24px 48px; }
nav.site { position: sticky; top: 0; background: #f6f8fa; border-bottom: 1px solid var(--line); z-index: 2; }
nav.site ul { max-width: 1180px; margin: 0 auto; padding: 8px 24px; list-style: none; display: flex;
              flex-wrap: wrap; gap: 4px 18px; }
nav.site a { color: var(--accent); text-decoration: none; }
nav.site a[aria-current="page"] { color: var(--ink); font-weight: 600; }
h1 { font-size: 1.8em; margin: 0.8em 0 0.3em; } h2 { margin-top: 1.6em; border-bottom: 1px solid var(--line); }
h3 { margin-top: 1.2em; }
p, li { max-width: 80ch; }
.note, .jp-RenderedMarkdown .note { color: var(--muted); font-size: 0.92em; }
.look { color: var(--look); font-weight: 600; }
.table-wrap { overflow-x: auto; max-width: 100%; margin: 0.4em 0 1.2em; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; } td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
img { max-width: 100%; height: auto; }
code { font-size: 0.9em; background: #f6f8fa; padding: 0 3px; border-radius: 3px; }
.findings { display: grid; grid-template-columns: repeat(auto-fill, minmax(520px, 1fr)); gap: 16px; }
.finding { border: 1px solid var(--line); border-radius: 6px; padding: 10px 14px; }
.finding h3 { margin: 0.2em 0 0.4em; font-size: 1.05em; }
.finding img { display: block; margin-top: 6px; }
.label { display: inline-block; font-size: 0.78em; padding: 1px 7px; border-radius: 10px; margin-left: 6px;
         vertical-align: middle; border: 1px solid var(--line); color: var(--muted); font-weight: normal; }
.label.robust { border-color: #1a7f37; color: #1a7f37; }
.label.agent-dependent { border-color: #9a6700; color: #9a6700; }
.pending { color: var(--muted); font-style: italic; }
details { margin: 0.5em 0; } summary { cursor: pointer; color: var(--accent); }
.jp-Cell { margin: 0; } .jp-OutputArea-output pre { white-space: pre-wrap; }
"""


@dataclass(frozen=True)
class PageLink:
    """One page in the navigation bar: its file name and its title."""

    file: str
    title: str


def nav(links: list[PageLink], current: str) -> str:
    """The navigation bar: every page, the current one marked."""
    items = "".join(
        f'<li><a href="{html.escape(link.file)}"'
        + (' aria-current="page"' if link.file == current else "")
        + f">{html.escape(link.title)}</a></li>"
        for link in links
    )
    return f'<nav class="site" aria-label="Reports"><ul>{items}</ul></nav>'


def page(title: str, body: str, links: list[PageLink], current: str) -> str:
    """A complete, self-contained HTML page in the house style."""
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{HOUSE_CSS}</style></head>\n"
        f"<body>{nav(links, current)}<main>\n{body}\n</main></body></html>\n"
    )


def escape(text: object) -> str:
    """HTML-escaped text."""
    return html.escape(str(text))
