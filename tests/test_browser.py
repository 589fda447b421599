"""The site in a real browser: Playwright driving Debian's Chromium against ``mjref serve`` on loopback.

Never downloads a browser. Without ``/usr/bin/chromium`` or Playwright the tests skip, except under CI
(``CI`` set), where they must run: ``.ci/run`` installs Chromium and a CJK font from Debian's packages.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from kb.load import load_corpus
from scorer import score

from .conftest import CHROMIUM  # the fixtures url and browser are in conftest.py, shared with test_browser_phone
from .site_support import watched_page

try:
    from playwright.sync_api import Page, sync_playwright
except ImportError:  # pragma: no cover - reported below
    sync_playwright = None  # type: ignore[assignment]

_missing = "playwright is not installed" if sync_playwright is None else None
_missing = _missing or (None if CHROMIUM.exists() else f"{CHROMIUM} is missing (apt-get install chromium)")
if _missing and os.environ.get("CI"):
    pytest.fail(f"browser tests must run under CI: {_missing}", pytrace=False)
pytestmark = pytest.mark.skipif(_missing is not None, reason=_missing or "")


@pytest.fixture
def page(browser) -> Iterator[tuple[Page, list[str]]]:
    """A fresh page, and the console errors and failed requests it logs (a CSP violation shows there)."""
    context, p, errors = watched_page(browser, viewport={"width": 1100, "height": 900})
    yield p, errors
    context.close()


def test_search_by_chinese_name_and_open_the_ruling(url, page, tmp_path):
    p, errors = page
    ruling = next(r for r in load_corpus().rulings if r.id == "seven-pairs-tile-hog")
    p.goto(url + "/")
    p.fill("#home-q", "四归一 七对")
    p.click("form.search-big button")
    p.wait_for_url("**/-/search?q=*")
    assert p.locator("ol.results > li").count() >= 3
    p.screenshot(path=str(tmp_path / "search.png"))
    p.locator("a.result-title", has_text=ruling.title).first.click()
    p.wait_for_url(f"**/rulings/{ruling.id}")
    assert p.locator("h1").inner_text() == ruling.title
    assert p.locator(".position.house").count() == 1
    p.screenshot(path=str(tmp_path / "ruling.png"))
    assert (tmp_path / "search.png").stat().st_size > 0 and (tmp_path / "ruling.png").stat().st_size > 0
    assert errors == []


def test_score_a_hand_through_the_form(url, page, tmp_path):
    p, errors = page
    hand = "[123m,1][EEE,2][5555s]789s5p5p|EW1000"
    p.goto(url + "/-/score")
    p.fill("#hand", hand)
    p.select_option("#profile", "chinese-practice")
    p.click("form.score-form button")
    p.wait_for_url("**/-/score?hand=*")
    expected = score(hand, profile="chinese-practice").total
    assert p.locator("dd.total").inner_text().startswith(f"{expected} points")
    assert p.locator(".set.kong.concealed .tile.down").count() == 2
    p.screenshot(path=str(tmp_path / "score.png"), full_page=True)
    assert (tmp_path / "score.png").stat().st_size > 0
    assert errors == []


def test_datasette_table_page_runs_under_its_policy(url, page):
    p, errors = page
    p.goto(url + "/kb/fans?_size=10")
    assert p.locator("table.rows-and-columns").count() == 1
    assert errors == []


def test_audit_a_claim_and_compare_profiles_through_the_form(url, page, tmp_path):
    # Tsui's example 3 (234m 567m 234p 567p, pair 8s) with all four two-chow fans claimed: under
    # green-book one Short Straight is too many (account-once); starback scores all four. 喜相逢 is
    # Mixed Double Chow, lian liu (连六) Short Straight.
    p, errors = page
    p.goto(url + "/-/score")
    p.fill("#hand", "234m567m234p567p88s")
    p.click("details.claim-check summary")  # the claim's fields are folded until wanted
    p.fill("#claim", "喜相逢 x2, Short Straight, lian liu")
    p.check("#compare-all")
    p.click("form.score-form button")
    p.wait_for_url("**/-/score?hand=*")
    assert p.locator(".claim-verdict.wrong").count() == 1
    verdicts = p.locator("table.verdicts tbody tr")
    assert verdicts.count() == 3
    assert p.locator("table.verdicts tr.verdict-accepted").count() == 2
    assert p.locator("table.verdicts a[href='/rulings/principle-account-once']").count() >= 1
    totals = p.locator("table.profile-totals tbody tr")
    assert totals.count() == 3
    assert p.locator("table.differences a[href='/fans/short-straight']").count() == 1
    p.screenshot(path=str(tmp_path / "audit.png"), full_page=True)
    assert (tmp_path / "audit.png").stat().st_size > 0
    assert errors == []
