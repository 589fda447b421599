"""The house page exported for offline use (``mjref export --profile`` a club's file): written in both languages with
its JSON, listed for the service worker, and read on a phone with no network, reached from the home page.

Like ``test_browser.py``: never downloads a browser, skips without Chromium or Playwright locally, must run under CI.
One export of its own (about 15 s): the shared one (``offline_support.export_once``) is the Green Book's.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from web.export.pyodide import PyodideUnavailable
from web.export.site import export_site

from .offline_support import static_server
from .site_support import CLUB
from .test_browser import pytestmark  # noqa: F401  (the same skip rule)
from .test_offline import _wait


@pytest.fixture(scope="module")
def club_export(db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("club-export")
    (folder / "our-club.yaml").write_text(CLUB, encoding="utf-8")
    out = folder / "site"
    try:
        export_site(out, db, profile=str(folder / "our-club.yaml"), say=lambda line: None)
    except PyodideUnavailable as e:  # as offline_support.export_once: a skip locally, a failure under CI
        if os.environ.get("CI"):
            pytest.fail(f"the export's tests must run under CI: {e}", pytrace=False)
        pytest.skip(f"mjref export needs Pyodide: {e}")
    return out


@pytest.fixture(scope="module")
def offline_phone(browser: Any, club_export: Path) -> Iterator[tuple[Any, str, list[str]]]:
    """A phone that visited the export's home page once, and then lost the network."""
    with static_server(club_export) as base:
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        context.set_default_timeout(60_000)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "/icons/" not in m.text else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + "index.html")
        _wait(page, "() => document.documentElement.dataset.offline", "ready")
        page.wait_for_load_state("networkidle")
        context.set_offline(True)
        yield page, base, errors
        context.close()


def test_the_export_writes_the_house_page_and_its_json(club_export: Path) -> None:
    for prefix in ("", "zh/"):
        assert (club_export / prefix / "house" / "index.html").is_file()
        data = json.loads((club_export / prefix / "house.json").read_text(encoding="utf-8"))
        assert [d["kind"] for d in data["differences"]] == [
            "position",
            "points",
            "exclusion",
            "exclusion",
            "house-ruling",
            "house-ruling",
        ]
    assert 'href="house/index.html"' in (club_export / "index.html").read_text(encoding="utf-8")
    assert "house/index.html" in (club_export / "sw.js").read_text(encoding="utf-8")


def test_offline_the_house_page_opens_from_the_home_page(offline_phone: Any) -> None:
    page, base, errors = offline_phone
    page.goto(base + "index.html")
    page.locator("a.house-link").tap()
    page.wait_for_url("**/house/index.html")
    assert page.locator("h1").inner_text() == "House rules of our-club"
    assert page.locator("table.house-exclusions tbody tr").count() == 2
    assert "All Pungs is paid inside Four Concealed Pungs" in page.locator("table.house-exclusions").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    response = page.goto(base + "zh/house/index.html")
    assert response is not None and response.ok and response.from_service_worker
    assert page.locator("h1").inner_text() == "our-club 的本站规则"
    response = page.goto(base + "house.json")
    assert response is not None and response.ok and response.from_service_worker
    assert errors == []
