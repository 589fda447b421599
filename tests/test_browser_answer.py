"""The answer where the eye is (issue 37): after a form is sent, the page shows its answer on the first screen.

On a 390×844 touch phone, both languages: a claimed score checked lands on the verdict (which gives the total),
a hand scored lands on its total, a table settled lands on the settlement; after a hand is tapped in on the tile
keyboard, its Score button is on the screen without scrolling. Like ``test_browser_phone.py`` it never downloads
a browser.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from .site_support import BABCOCK_TABLE, watched_page
from .test_browser import pytestmark  # noqa: F401
from .test_browser_phone import HEIGHT, PHONE

LANGS = ["", "/zh"]


def _scrolled(page: Any) -> None:
    """Wait until the page has scrolled by itself (polled by the driver: the page's policy forbids the eval that
    wait_for_function needs)."""
    deadline = time.monotonic() + 10
    while page.evaluate("() => window.scrollY") <= 0:
        assert time.monotonic() < deadline, "the page never scrolled to its answer"
        time.sleep(0.05)


def _on_screen(page: Any, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()  # relative to the viewport
    return box is not None and box["y"] >= -1 and box["y"] + min(box["height"], 200) <= HEIGHT


@pytest.fixture
def phone(browser):
    context, page, errors = watched_page(browser, **PHONE)
    yield page, errors
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_checked_claim_lands_on_its_verdict(url, phone, lang, tmp_path):
    page, errors = phone
    # 234m567m234p567p88s: Mixed Double Chow ×2 (1 each) and Short Straight ×2 (1 each) claimed as 34, a
    # claim of the wrong total whichever fans the scorer finds: the verdict says "not right".
    page.goto(url + lang + "/-/score?hand=234m567m234p567p88s")
    page.locator("details.claim-check > summary").tap()
    page.fill("#claim", "Mixed Double Chow x2, Short Straight x2")
    page.fill("#claim_total", "34")
    page.locator("form.score-form button[type=submit]").tap()
    page.wait_for_url("**claim_total=34**")
    _scrolled(page)
    page.screenshot(path=str(tmp_path / "verdict.png"))
    assert page.locator(".claim-verdict.wrong").count() == 1
    if lang:  # a Chinese sentence: full-width punctuation, no ASCII ": , ." (issue 37)
        verdict = page.locator(".claim-verdict").inner_text()
        assert "：" in verdict and verdict.endswith("。") and not any(c in verdict for c in ":,."), verdict
    assert _on_screen(page, ".claim-verdict"), page.locator(".claim-verdict").bounding_box()
    assert errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_tapped_hand_keeps_score_in_reach_and_lands_on_its_total(url, phone, lang, tmp_path):
    page, errors = phone
    page.goto(url + lang + "/-/score")
    for code in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "5s", "5s"]:
        page.locator(f'#keyboard button[data-tile="{code}"]').tap()
    page.screenshot(path=str(tmp_path / "tapped.png"))
    assert page.locator("#kb-status.complete").count() == 1  # 14 tiles, the last one the winning tile
    assert _on_screen(page, "#keyboard .kb-score")  # reachable where the thumb is, not below the fold
    page.locator("#keyboard .kb-score").tap()
    page.wait_for_url("**/-/score?hand=*")
    _scrolled(page)
    page.screenshot(path=str(tmp_path / "total.png"))
    assert _on_screen(page, "section.result .result-total")
    assert errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_settled_table_lands_on_the_settlement(url, phone, lang, tmp_path):
    page, errors = phone
    page.goto(url + lang + "/-/table")
    for field in ("east", "south", "west", "north"):
        page.fill(f"#{field}", BABCOCK_TABLE[field])
    page.select_option("#winner", "E")
    page.locator("form.table-form button[type=submit]").tap()
    page.wait_for_url("**/-/table?*")
    _scrolled(page)
    page.screenshot(path=str(tmp_path / "settled.png"))
    assert _on_screen(page, "table.settlement")
    assert errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_of_13_lands_on_its_wait_grid(url, phone, lang, tmp_path):
    page, errors = phone
    page.goto(url + lang + "/-/score?hand=123m456m789m23p55s")  # ready: waits on 1p and 4p
    _scrolled(page)
    page.screenshot(path=str(tmp_path / "waits.png"))
    assert _on_screen(page, "section.waits h2")
    assert errors == []
