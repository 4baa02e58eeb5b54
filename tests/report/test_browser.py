"""Every report page in a real browser (headless Chromium): no console errors, images load, no sideways scroll.

Runs when Chromium is installed (Debian: `apt-get install chromium`) and skips
cleanly otherwise. By default it renders the tiny study's pages; `make
check-report` points it at the real reports with BALANCE_REPORTS=reports/html.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("report_study")
WIDTH = 1400
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium() -> str:
    found = next((shutil.which(n) for n in ("chromium", "chromium-browser") if shutil.which(n)), None)
    if found is None:
        pytest.skip("no Chromium installed (Debian: apt-get install chromium); HTML structure is checked anyway")
    return found


@pytest.fixture(scope="module")
def report_dir(request: pytest.FixtureRequest) -> Path:
    chosen = os.environ.get("BALANCE_REPORTS")
    if chosen:
        folder = Path(chosen)
        if not (folder / "index.html").exists():
            pytest.fail(f"{folder}/index.html does not exist: run `make report` first")
        return folder
    return request.getfixturevalue("study") / "reports"


def test_every_page_renders_cleanly_at_1400_px(report_dir: Path) -> None:
    executable = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    problems = []
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        try:
            for path in sorted(report_dir.glob("*.html")):
                problems += render(browser, path)
        finally:
            browser.close()
    assert not problems, "\n".join(problems)


def render(browser: object, path: Path) -> list[str]:
    """One page's problems: console errors, requests leaving the file, broken images, sideways scroll."""
    page = browser.new_page(viewport={"width": WIDTH, "height": 900})  # type: ignore[attr-defined]
    errors: list[str] = []
    outside: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: outside.append(request.url)
            if not request.url.startswith(("file:", "data:", "about:")) else None)
    page.goto(path.resolve().as_uri(), wait_until="load")
    broken = page.evaluate("Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0)).length")
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    images = page.evaluate("document.images.length")
    page.close()
    found = [f"{path.name}: console error {e}" for e in errors] + [f"{path.name}: requested {u}" for u in outside]
    if broken:
        found.append(f"{path.name}: {broken} of {images} images did not load")
    if scroll_width > WIDTH:
        found.append(f"{path.name}: {scroll_width} px wide at a {WIDTH} px window (scrolls sideways)")
    return found
