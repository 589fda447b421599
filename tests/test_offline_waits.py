"""The wait grid in the exported site, with its server stopped: a phone's browser visits the export once, the static
server is shut down and the network cut, and the score page then answers a hand of 13 tiles with the grid, worked
out by the scorer in Pyodide, in English and in Chinese, the same data as ``/-/waits.json``. Slow (the export and
Pyodide's start): run it on its own. Skips like the other export tests without Pyodide or Chromium.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from .offline_support import export_once, static_server
from .site_support import Site
from .test_browser import pytestmark  # noqa: F401

HAND = "1113m123p123s789s"  # the README's hand: 2m 17 / 19, 3m 6 (below the minimum) / 8, worked there


def _wait(page: Any, script: str, expected: Any, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while page.evaluate(script) != expected:
        assert time.monotonic() < deadline, f"timed out waiting for {script}"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def stopped(browser: Any, db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str, list[str]]]:
    """A phone's page that visited the export's home page once; then its server stopped and the network cut."""
    root = export_once(db, tmp_path_factory)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    with static_server(root) as base:
        page.goto(base + "index.html")
        _wait(page, "() => document.documentElement.dataset.offline", "ready")
        page.wait_for_load_state("networkidle")
    context.set_offline(True)  # the server is stopped too: nothing answers but the browser's cache
    yield page, base, errors
    context.close()


def test_the_grid_offline_in_both_languages(stopped: Any, site: Site, tmp_path: Path) -> None:
    page, base, errors = stopped
    with ThreadPoolExecutor(max_workers=1) as pool:  # Playwright's loop runs in this thread
        expected = pool.submit(site.json, "/-/waits.json?" + urlencode({"hand": HAND})).result()
    for lang, words in (("en", "waits on"), ("zh", "听什么牌")):
        prefix = "zh/" if lang == "zh" else ""
        page.goto(base + prefix + "-/score/index.html?" + urlencode({"hand": HAND}))
        page.wait_for_selector("section.waits table.waits", timeout=120_000)
        assert words in page.locator("section.waits h2").inner_text()
        rows = page.locator("section.waits table.waits tbody tr")
        assert [rows.nth(i).get_attribute("data-tile") for i in range(rows.count())] == ["2m", "3m"]
        cell = page.locator('tr[data-tile="2m"] td[data-way="self_drawn"] a')
        assert cell.inner_text().strip() == "19"
        assert page.locator('tr[data-tile="3m"] td[data-way="discard"] a.below-minimum').count() == 1
        page.screenshot(path=str(tmp_path / f"offline-waits-{lang}.png"), full_page=True)
        answer = page.evaluate("async (h) => (await window.mjrefScorer()).page(h, '', '')", HAND)
        assert answer["waits"] is True and answer["data"] == expected  # what /-/waits.json answers
    # A total opens the full score of that win, offline too.
    page.locator('tr[data-tile="2m"] td[data-way="self_drawn"] a').click()
    page.wait_for_selector("dd.total", timeout=60_000)
    assert page.locator("dd.total").inner_text().startswith("19")
    assert errors == []
