"""The false-win verdict on the score page, in Debian's Chromium (Playwright) on a phone (390×844, touch) and a
desktop, in English and Chinese: the claim typed into the form, the verdict shown first, on the first screen.

The hand is issue 32's: All Chows 2 + Short Straight 1 + Single Wait 1 = 4 points, 4 short of the minimum
(tests/test_false_win.py works it out); the penalty is the built-in profiles' (30 points, 10 to each other
player). Like test_browser.py, never downloads a browser and must run under CI.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from .site_support import watched_page
from .test_browser import pytestmark  # noqa: F401  (the same skip rule; fixtures url and browser in conftest.py)
from .test_browser_phone import PHONE

HAND = "[234m,1]567p345s678s9m9m"
CLAIM = "All Chows, Short Straight, Single Wait"
SCREENS = {"phone": PHONE, "desktop": {"viewport": {"width": 1280, "height": 800}}}
SAYS = {
    "": ("False win", "4 short of the 8-point minimum", "30 points: 10 to each of the other three players"),
    "/zh": ("错和", "比 8 番起和线少 4 番", "罚 30 分：其他三家每家得 10 分"),
}


@pytest.mark.parametrize("lang", ["", "/zh"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_false_win_verdict_comes_first_on_the_first_screen(url, browser, tmp_path, screen, lang):
    context, page, errors = watched_page(browser, **SCREENS[screen])
    try:
        page.goto(url + f"{lang}/-/score?" + urlencode({"hand": HAND}))
        page.locator("details.score-more summary, form.score-form details summary").first.click()
        page.fill("#claim", CLAIM)
        page.locator("form.score-form button[type=submit]").click()
        page.wait_for_url("**/-/score?*claim=*")
        verdict = page.locator("section.false-win")
        heading, reason, penalty = SAYS[lang]
        assert verdict.locator("h2").inner_text() == heading
        assert reason in verdict.locator("p.claim-verdict").inner_text()
        assert penalty in verdict.locator("dd.penalty").inner_text()
        # The ruling linked, by its id on an English page and its title on a Chinese one (issue 37).
        assert verdict.locator('a[href$="/rulings/false-win"]').count() == 1
        height = SCREENS[screen]["viewport"]["height"]  # type: ignore[index]
        box = verdict.locator("p.claim-verdict").bounding_box()
        assert box is not None and box["y"] + box["height"] <= height  # read without scrolling
        first = page.evaluate("[...document.querySelectorAll('main section')].map(s => s.className)[0]")
        assert first == "false-win"
        width = SCREENS[screen]["viewport"]["width"]  # type: ignore[index]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(tmp_path / f"false-win-{screen}.png"), full_page=True)
        assert errors == []
    finally:
        context.close()
