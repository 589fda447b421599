"""The Chinese site in a real browser (issue 17): Playwright driving Debian's Chromium against ``mjref serve``.

On ``/zh/`` a referee searches a question in Chinese, opens the ruling from the results, and scores a hand on
``/zh/-/score`` twice, typed in the notation field and tapped in on the tile keyboard, reading the fans by
their Chinese names (the fan table's ``name_zh``) and the keyboard's and the scorer's messages in Chinese. On
a phone (390×844, touch) and on a desktop; no console error, no page wider than the screen. Expected texts come
from the rulings' files, the fan table and the message catalogue. The same skip rule as ``test_browser.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from kb.i18n import fan_name, gettext
from kb.load import load_corpus
from scorer import score
from web.tiles import KEYBOARD_TEXTS

from .site_support import watched_page
from .test_browser import pytestmark  # noqa: F401  (the skip rule; the fixtures url and browser are in conftest.py)

QUESTION = "七对里有四张一样的牌，能不能再算四归一？"
RULING = "seven-pairs-tile-hog"
HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"  # Mixed Straight, Prevalent Wind, Single Wait, Self-Drawn, …
TAPPED = "123456789m123p5s5s"  # tapped tile by tile, the last 5s the winning tile (the keyboard writes it so)
BAD = "123m456p789s112z"  # 12 tiles (13 would be a waiting hand: the page shows its wait grid)
DEVICES = {
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
    },
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}
CJK = re.compile(r"[\u4e00-\u9fff]")
_ = gettext("zh")


@pytest.fixture(params=sorted(DEVICES))
def device(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[Any, list[str], str]]:
    """A fresh page on a phone or a desktop, the console errors it logs, and which device it is."""
    context, page, errors = watched_page(browser, **DEVICES[request.param])
    yield page, errors, request.param
    context.close()


def _press(page: Any, device: str, selector: str) -> None:
    """Tap on a phone, click on a desktop."""
    locator = page.locator(selector).first
    locator.tap() if device == "phone" else locator.click()


def _fits(page: Any) -> None:
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def _zh_title(ruling: str) -> str:
    return next(r for r in load_corpus().rulings if r.id == ruling).zh["title"]


def test_a_chinese_question_finds_its_ruling_and_opens_it(url, device, tmp_path):
    page, errors, kind = device
    page.goto(url + "/zh/")
    assert page.locator("html").get_attribute("lang") == "zh-Hans"
    page.fill("#home-q", QUESTION)
    page.locator("#home-q").press("Enter")
    page.wait_for_url("**/zh/-/search?q=*")
    results = page.locator("ol.results li.result a.result-title")
    hrefs = [results.nth(i).get_attribute("href") for i in range(min(3, results.count()))]
    assert any(h and h.endswith(f"/zh/rulings/{RULING}") for h in hrefs), hrefs
    _fits(page)
    _press(page, kind, f'ol.results a.result-title[href$="/zh/rulings/{RULING}"]')
    page.wait_for_url(f"**/zh/rulings/{RULING}")
    assert page.locator("h1").inner_text().strip() == _zh_title(RULING)
    assert CJK.search(page.locator("p.answer").first.inner_text())
    page.screenshot(path=str(tmp_path / f"ruling-{kind}.png"), full_page=True)
    _fits(page)
    assert errors == []


def test_a_typed_hand_is_scored_with_chinese_fan_names(url, device, tmp_path):
    page, errors, kind = device
    page.goto(url + "/zh/-/score")
    page.fill("#hand", HAND)
    _press(page, kind, "form.score-form button[type=submit]")
    page.wait_for_url("**/zh/-/score?hand=*")
    expected = score(HAND)
    assert page.locator("dd.total").inner_text().startswith(_("%(points)s points") % {"points": expected.total})
    names = page.locator("table.fans td.fan-name").all_inner_texts()
    for fan in expected.fans:
        assert any(n.startswith(fan_name(fan.fan, fan.name, "zh")) for n in names), (fan.name, names)
    # The drawn tiles are named in Chinese: 红中, 五条 …
    assert page.locator('section.result .hand .tile[title="五条"]').count() >= 1
    assert page.locator('section.result .hand .tile[title="东风"]').count() == 3
    page.screenshot(path=str(tmp_path / f"typed-{kind}.png"), full_page=True)
    _fits(page)
    assert errors == []


def test_a_tapped_hand_speaks_chinese_and_scores(url, device, tmp_path):
    page, errors, kind = device
    page.goto(url + "/zh/-/score")
    status = page.locator("#kb-status")
    assert status.inner_text() == _(KEYBOARD_TEXTS["empty"])
    assert page.locator('#keyboard button[data-tile="1m"]').get_attribute("aria-label") == "一万"
    assert page.locator('#keyboard button[data-tile="C"]').get_attribute("aria-label") == "红中"
    _press(page, kind, ".kb-mode[data-mode=chow]")
    assert page.locator("#kb-from-caption").inner_text() == _("Claimed tile")
    assert page.locator(".kb-from[data-offer='1']").inner_text() == _("first")
    _press(page, kind, ".kb-mode[data-mode=chow]")  # off again
    assert page.locator(".kb-from[data-offer='2']").inner_text() == _("opposite")
    tiles = re.findall(r"\d[mps]", "1m2m3m4m5m6m7m8m9m1p2p3p5s5s")
    for code in tiles[:-1]:
        _press(page, kind, f'#keyboard button[data-tile="{code}"]')
    more = _(KEYBOARD_TEXTS["counting"]) % {"total": 13, "more": 1}
    assert status.inner_text() == more + " " + _(KEYBOARD_TEXTS["waiting"])  # 13 tiles may be scored for their waits
    _press(page, kind, '#keyboard button[data-tile="5s"]')
    assert page.input_value("#hand") == TAPPED
    # The winning tile by its Chinese name, as its key is labelled, never its code 5s (issue 37).
    assert status.inner_text() == _(KEYBOARD_TEXTS["complete"]) % {"tile": "五条"}
    assert page.locator("#kb-hand .winning").get_attribute("title") == _(KEYBOARD_TEXTS["winning"])
    page.screenshot(path=str(tmp_path / f"keyboard-{kind}.png"), full_page=True)
    _fits(page)
    _press(page, kind, "form.score-form button[type=submit]")
    page.wait_for_url("**/zh/-/score?hand=*")
    expected = score(TAPPED)
    assert page.locator("dd.total").inner_text().startswith(_("%(points)s points") % {"points": expected.total})
    names = " ".join(page.locator("table.fans td.fan-name").all_inner_texts())
    assert all(fan_name(f.fan, f.name, "zh") in names for f in expected.fans), names
    # A fifth copy is refused in Chinese: the key's title says all four are in the hand.
    page.fill("#hand", "1111m")
    page.locator("#hand").dispatch_event("input")
    key = page.locator('#keyboard button[data-tile="1m"]')
    assert key.is_disabled() and key.get_attribute("title") == _(KEYBOARD_TEXTS["all-four"]) % {"tile": "一万"}
    _fits(page)
    assert errors == []


def test_a_bad_hand_is_refused_in_one_chinese_line(url, device, tmp_path):
    page, errors, kind = device
    response = page.goto(url + "/zh/-/score?hand=" + quote(BAD))
    assert response is not None and response.status == 400
    error = page.locator("p.error").inner_text()
    assert error.startswith("错误：牌数不对"), error
    assert "\n" not in error.strip() and not re.search(r"\b(tiles|standing|expected)\b", error), error
    page.screenshot(path=str(tmp_path / f"bad-{kind}.png"), full_page=True)
    _fits(page)
    assert [e for e in errors if "400" not in e] == []  # the page's own status is logged as a failed load
