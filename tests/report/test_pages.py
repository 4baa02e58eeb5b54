"""HTML structure of every report page: offline, navigable, in the designer's words (no browser needed)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("report_study")
WAREHOUSE_NAMES = re.compile(
    r"\b(?:met|fct|stg)_[a-z_]+|\b\w+_(?:lo|hi)\b|\bnum_players\b|\b\w+_flagged\b|\bbeyond_noise\w*|\bwin_rate\b")


def pages(study: Path) -> dict[str, str]:
    found = {p.name: p.read_text(encoding="utf-8") for p in sorted((study / "reports").glob("*.html"))}
    assert "index.html" in found and len(found) >= 3
    return found


def designer_part(page: str) -> str:
    """The page without its data appendix (the one place warehouse names may appear)."""
    return re.sub(r"<section id='data-appendix'>.*?</section>", "", page, flags=re.S)


def test_pages_are_offline_and_self_contained(study: Path) -> None:
    for name, page in pages(study).items():
        assert not re.search(r"https?://", page), f"{name} names an external URL"
        assert "<script" not in page and "<link" not in page, f"{name} loads a script or stylesheet"
        for src in re.findall(r"<img[^>]*\ssrc=\"([^\"]*)\"", page):
            assert src.startswith("data:image/png;base64,"), f"{name}: image not inlined"


def test_every_page_links_to_the_index_and_every_other_page(study: Path) -> None:
    found = pages(study)
    for name, page in found.items():
        nav = re.search(r'<nav class="site".*?</nav>', page, re.S)
        assert nav, f"{name} has no navigation bar"
        links = set(re.findall(r'href="([^"#]+)"', nav.group(0)))
        assert links == set(found), f"{name} links {sorted(links)}, pages are {sorted(found)}"
        assert f'href="{name}" aria-current="page"' in nav.group(0)


def test_designer_pages_use_the_designers_words(study: Path) -> None:
    for name, page in pages(study).items():
        text = designer_part(page)
        leaked = sorted(set(WAREHOUSE_NAMES.findall(text)))
        assert not leaked, f"{name} shows warehouse names outside the data appendix: {leaked}"
        assert 'class="dataframe"' not in text, f"{name} shows a raw DataFrame (with its row-index column)"
        own_words = re.sub(r"<section id='assumptions'>.*?</section>", "", text, flags=re.S)  # ruleset notes quoted
        assert not re.search(r"\bseat 0\b", own_words), f"{name} numbers seats from 0"
    caprices = pages(study)["caprices.html"]
    assert re.search(r"Mon peuple m(&#x27;|')adore !", caprices) and "mon_peuple_m_adore" not in caprices
    assert "seat 1 playing first" in caprices


def test_index_is_short_enough_to_read_first(study: Path) -> None:
    index = pages(study)["index.html"]
    head = index[: index.index("Where to look")]
    assert head.count("<article class='finding'>") == 7  # every headline question has a card
    assert head.count("data:image/png") >= 2  # measured findings carry a chart
