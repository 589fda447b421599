"""The wait grid on a phone: Playwright driving Debian's Chromium at 390×844 with touch, against ``mjref serve``.

Thirteen tiles tapped on the tile keyboard and scored, in English and in Chinese: the grid lists the winning
tiles with their totals (the README's hand, worked there: 2m 17 on a discard and 19 self-drawn, 3m 6 below the
minimum and 8), a total opens the full score of that win, every link and button of the grid is at least 44 px
tall and the page no wider than the screen. Screenshots go to each test's temporary folder; a console error
fails the test. Skips like ``test_browser.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from .site_support import watched_page
from .test_browser import pytestmark  # noqa: F401
from .test_browser_phone import PHONE, WIDTH

TAPS = ["1m", "1m", "1m", "3m", "1p", "2p", "3p", "1s", "2s", "3s", "7s", "8s", "9s"]  # 1113m123p123s789s
STATUS = {"en": "score these 13 now", "zh": "这 13 张"}
TOTALS = {"en": ("17", "19", "6", "8"), "zh": ("17", "19", "6", "8")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tap_13_tiles_and_read_the_grid(url: str, browser: Any, tmp_path: Any, lang: str) -> None:
    context, page, errors = watched_page(browser, **PHONE)
    prefix = "/zh" if lang == "zh" else ""
    page.goto(url + prefix + "/-/score")
    for code in TAPS:
        page.locator(f'#keyboard button[data-tile="{code}"]').tap()
    assert page.input_value("#hand") == "1113m123p12378s9s"  # the keyboard writes the last tile apart
    assert STATUS[lang] in page.locator("#kb-status").inner_text()
    page.locator("form.score-form button[type=submit]").tap()
    page.wait_for_url("**/-/score?hand=*")
    grid = page.locator("section.waits table.waits")
    grid.wait_for()
    rows = grid.locator("tbody tr")
    assert rows.count() == 2
    assert [rows.nth(i).get_attribute("data-tile") for i in range(2)] == ["2m", "3m"]

    def total(tile: str, way: str) -> str:
        return str(grid.locator(f'tr[data-tile="{tile}"] td[data-way="{way}"] a').first.inner_text()).strip()

    got = (total("2m", "discard"), total("2m", "self_drawn"), total("3m", "discard")[:1], total("3m", "self_drawn"))
    assert got == TOTALS[lang]
    assert grid.locator('tr[data-tile="3m"] td[data-way="discard"] a.below-minimum').count() == 1
    # Every link and button of the grid is a control at least 44 px tall.
    heights = page.evaluate(
        "[...document.querySelectorAll('section.waits a, section.waits button, section.waits summary')]"
        ".filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 44, heights
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    page.screenshot(path=str(tmp_path / f"waits-{lang}.png"), full_page=True)
    # A total opens the full score of that win: 2m self-drawn, 19 points.
    grid.locator('tr[data-tile="2m"] td[data-way="self_drawn"] a').tap()
    page.wait_for_url("**EE1000**")
    assert page.locator("section.result .result-total").inner_text().startswith("19")
    assert not errors, errors
    context.close()
