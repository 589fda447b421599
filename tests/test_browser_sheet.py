"""The sheet page on a phone: Playwright driving Debian's Chromium at 390×844 with touch, against ``mjref serve``, in
English and in Chinese. A session of four hands goes in through the form (a discard win, a self-draw tapped in on
the tile keyboard, a draw with a penalty to the others, a win with a penalty to no one); the running totals follow
each hand, then the table points; the link carries the whole sheet. Screenshots go to the test's temporary folder;
a console error fails the test. Like ``test_browser.py``: never downloads a browser, skips without Chromium or
Playwright locally, must run under CI.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .site_support import watched_page
from .test_browser import pytestmark  # noqa: F401  (the same skip rule)
from .test_browser_phone import PHONE, WIDTH

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
# Worked out by hand (the README's worked session, without its paper totals):
# hand 1, Ann wins 12 on Bo's discard: Ann 8*3+12 = +36, Bo -(8+12) = -20, Cy -8, Di -8.
# hand 2, Cy, South at hand 2 of East's round, self-draws [123m,1][EEE,2]456p789s5s5s: Mixed Straight 8, Prevalent
#   Wind 2, Single Wait 1, Self-Drawn 1 = 12; each other player pays 8+12 = 20, Cy +60.
# hand 3, a draw; Bo penalised 30, split among the other three (+10 each).
# hand 4, Di wins 8 on Ann's discard (Di +32, Ann -16, Bo -8, Cy -8); Cy penalised 10 to no one.
RUNNING = [(36, -20, -8, -8), (16, -40, 52, -28), (26, -70, 62, -18), (10, -78, 44, 14)]
TABLE_POINTS = ("1", "0", "4", "2")  # places: Cy 1st (4), Di 2nd (2), Ann 3rd (1), Bo 4th (0)
TEXTS = {
    "": {"total": "Total", "points": "Table points", "after": "After hand"},
    "/zh": {"total": "合计", "points": "名次分", "after": "盘后"},
}


@pytest.fixture
def phone(browser) -> Any:
    context, page, errors = watched_page(browser, **PHONE)
    yield page, errors
    context.close()


def _row(page: Any, css: str) -> list[str]:
    return [c.strip() for c in page.locator(f"{css} td").all_inner_texts()]


def _expect_running(page: Any, hand: int, totals: tuple[int, ...], after: str) -> None:
    """The bar at the foot of the screen shows the totals after ``hand`` (it follows the hands as they go in)."""
    from playwright.sync_api import expect

    text = " · ".join(f"{p} {t}" for p, t in zip(PLAYERS, totals, strict=True))
    bar = page.locator("p.sheet-now")
    expect(bar).to_contain_text(text, timeout=30_000)
    assert after in bar.inner_text() and str(hand) in bar.inner_text()
    box = bar.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844 + 1  # in sight while the next hand goes in


def _tap_tiles(page: Any) -> None:
    page.locator(".kb-mode[data-mode=chow]").tap()
    page.locator(".kb-from[data-offer='1']").tap()
    page.locator('#keyboard button[data-tile="1m"]').tap()
    page.locator(".kb-mode[data-mode=pung]").tap()
    page.locator(".kb-from[data-offer='2']").tap()
    page.locator('#keyboard button[data-tile="E"]').tap()
    for code in ["4p", "5p", "6p", "7s", "8s", "9s", "5s", "5s"]:
        page.locator(f'#keyboard button[data-tile="{code}"]').tap()


def _small_controls(page: Any) -> list[str]:
    """The visible controls of the form, the keyboard's tool buttons and the bar under 44 px tall."""
    small = []
    for el in page.locator(
        "#sheet-form input:visible, #sheet-form select:visible, #sheet-form button:visible, "
        "#sheet-form summary:visible, #sheet-result button:visible, p.sheet-now a"
    ).all():
        box = el.bounding_box()
        if box is not None and box["height"] < 44:
            small.append(el.evaluate("e => e.outerHTML.slice(0, 80)"))
    return small


@pytest.mark.parametrize("lang", ["", "/zh"])
def test_a_session_entered_on_a_phone(url, phone, tmp_path, lang):
    page, errors = phone
    words = TEXTS[lang]
    page.goto(f"{url}{lang}/-/sheet")
    for seat, name in enumerate(PLAYERS, start=1):
        page.locator(f"#p{seat}").fill(name)
    # Hand 1: a win on a discard, by points.
    page.select_option("select[name=h1w]", "1")
    page.select_option("select[name=h1f]", "2")
    page.locator("input[name=h1p]").fill("12")
    _expect_running(page, 1, RUNNING[0], words["after"])
    # Hand 2: a self-drawn win, its tiles tapped in on the keyboard, which opens with the hand's winds.
    page.select_option("select[name=h2w]", "3")
    page.select_option("select[name=h2f]", "self")
    page.locator("button.sheet-keyboard[data-hand='2']").tap()
    assert page.input_value("#kb-prevalent") == "E" and page.input_value("#kb-seat") == "S"  # Cy is South at hand 2
    _tap_tiles(page)
    page.screenshot(path=str(tmp_path / f"keyboard{lang.replace('/', '-')}.png"))
    page.locator("#sheet-use-tiles").tap()
    assert page.input_value("input[name=h2t]") == "[123m,1][EEE,2]456p5789s5s|ES1000"
    _expect_running(page, 2, RUNNING[1], words["after"])
    # Hand 3: a draw, and Bo's penalty of 30 split among the other three.
    page.select_option("select[name=h3w]", "draw")
    assert page.locator("select[name=h3f]").is_disabled()
    page.locator("#hand-row-3 details.sheet-penalty summary").tap()
    page.select_option("select[name=h3x]", "2")
    page.locator("input[name=h3xp]").fill("30")
    _expect_running(page, 3, RUNNING[2], words["after"])
    # Hand 4: a win on Ann's discard, and Cy's penalty of 10 to no one.
    page.select_option("select[name=h4w]", "4")
    page.select_option("select[name=h4f]", "1")
    page.locator("input[name=h4p]").fill("8")
    page.locator("#hand-row-4 details.sheet-penalty summary").tap()
    page.select_option("select[name=h4x]", "3")
    page.select_option("select[name=h4xt]", "none")
    page.locator("input[name=h4xp]").fill("10")
    _expect_running(page, 4, RUNNING[3], words["after"])
    assert page.locator("#hand-row-5").is_visible()  # the next hand is ready
    for hand, totals in enumerate(RUNNING, start=1):
        cells = page.locator("table.sheet-totals tbody tr").nth(hand - 1).locator("strong.running").all_inner_texts()
        assert cells == [str(t) for t in totals]
    assert page.locator("tr.sheet-total th").inner_text() == words["total"]
    assert _row(page, "tr.sheet-total") == [str(t) for t in RUNNING[-1]]
    assert page.locator("tr.sheet-table-points th").inner_text() == words["points"]
    assert tuple(_row(page, "tr.sheet-table-points")) == TABLE_POINTS
    # Every payment and penalty names its ruling, linked.
    assert page.locator("ol.sheet-hands a[href$='/rulings/payments']").count() == 3
    assert page.locator("ol.sheet-hands a[href$='/rulings/penalty-amounts']").count() == 2
    assert int(page.evaluate("document.documentElement.scrollWidth")) <= WIDTH
    assert _small_controls(page) == []
    page.screenshot(path=str(tmp_path / f"sheet{lang.replace('/', '-')}.png"), full_page=True)
    page.locator("#sheet-result").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / f"totals{lang.replace('/', '-')}.png"))
    # The link carries the whole sheet: opened afresh, the server's page shows the same totals.
    link = page.input_value("#share-url")
    assert re.search(r"/-/sheet\?p1=Ann&p2=Bo&p3=Cy&p4=Di&h1w=1&h1f=2&h1p=12&h2w=3", link)
    page.goto(link)
    assert _row(page, "tr.sheet-total") == [str(t) for t in RUNNING[-1]]
    assert page.input_value("input[name=h4xp]") == "10"
    assert errors == []


# Two penalties in one hand, one given by its foul, and the paper sheet's wrong running totals. Worked out by hand:
# hand 1, Ann wins 12 on Bo's discard: Ann 36, Bo -20, Cy -8, Di -8.
# hand 2, a draw; Bo penalised 30 split among the other three (Ann +10, Bo -30, Cy +10, Di +10), and Di's false
#   win, which the green-book profile's table prices at 30 split among the other three (Ann +10, Bo +10, Cy +10,
#   Di -30): Ann 56, Bo -40, Cy 12, Di -28. Places: Ann 4, Cy 2, Di 1, Bo 0 table points.
# The paper sheet, having left the false win out, says 46, -50, 2, 2 after hand 2: claimed less settled, Ann -10,
#   Bo -10, Cy -10, Di +30, penalty 2 not applied.
PENALTY_RUNNING = [(36, -20, -8, -8), (56, -40, 12, -28)]
PAPER = {
    "": ("first differs after hand 2", "Ann -10, Bo -10, Cy -10, Di +30", "penalty 2 was not applied"),
    "/zh": ("第 2 盘后开始不符", "Ann -10, Bo -10, Cy -10, Di +30", "2"),
}
NOTES = {
    "": ("the referee decides", "30 points, 10 to each other player"),
    "/zh": ("由裁判决定", "30 分，其他三家各得 10 分"),
}


@pytest.mark.parametrize("lang", ["", "/zh"])
def test_two_penalties_one_by_its_foul_and_a_wrong_paper_total(url, phone, tmp_path, lang):
    page, errors = phone
    words = TEXTS[lang]
    page.goto(f"{url}{lang}/-/sheet")
    for seat, name in enumerate(PLAYERS, start=1):
        page.locator(f"#p{seat}").fill(name)
    page.select_option("select[name=h1w]", "1")
    page.select_option("select[name=h1f]", "2")
    page.locator("input[name=h1p]").fill("12")
    _expect_running(page, 1, PENALTY_RUNNING[0], words["after"])
    page.select_option("select[name=h2w]", "draw")
    page.locator("#hand-row-2 details.sheet-penalty summary").tap()
    second = page.locator("#hand-row-2 [data-penalty='2']")
    assert not second.is_visible()  # the next penalty waits until one is written
    page.select_option("select[name=h2x]", "2")
    page.locator("input[name=h2xp]").fill("30")
    assert second.is_visible()
    page.select_option("select[name=h2x2]", "4")
    # A foul the house's table does not price: the referee decides, and the points are asked for.
    page.select_option("select[name=h2xr2]", "wrong-tile-count")
    assert NOTES[lang][0] in second.locator(".sheet-foul-note").inner_text()
    assert page.locator("input[name=h2xp2]").is_enabled()
    # A false win, which it prices: the points come from the table.
    page.select_option("select[name=h2xr2]", "false-win")
    assert NOTES[lang][1] in second.locator(".sheet-foul-note").inner_text()
    assert page.locator("input[name=h2xp2]").is_disabled()
    _expect_running(page, 2, PENALTY_RUNNING[1], words["after"])
    # The paper sheet's running totals after hand 2, folded away until asked for.
    claimed = page.locator("#hand-row-2 details.sheet-claimed")
    assert not page.locator("input[name=h2c1]").is_visible()
    claimed.locator("summary").tap()
    for seat, total in enumerate((46, -50, 2, 2), start=1):
        page.locator(f"input[name=h2c{seat}]").fill(str(total))
    paper = page.locator("p.sheet-paper")
    from playwright.sync_api import expect

    expect(paper).to_contain_text(PAPER[lang][0], timeout=30_000)
    assert all(part in paper.inner_text() for part in PAPER[lang][1:])
    assert paper.locator("a[href$='/rulings/false-win']").count() == 1
    assert tuple(_row(page, "tr.sheet-table-points")) == ("4", "0", "2", "1")
    assert int(page.evaluate("document.documentElement.scrollWidth")) <= 390
    assert _small_controls(page) == []
    page.locator("#hand-row-2").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / f"penalties{lang.replace('/', '-')}.png"))
    paper.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / f"paper{lang.replace('/', '-')}.png"))
    link = page.input_value("#share-url")
    assert "h2x2=4&h2xr2=false-win" in link and "h2c1=46&h2c2=-50&h2c3=2&h2c4=2" in link
    page.goto(link)  # opened afresh, the server's page: both penalties and the paper's totals, open
    assert page.locator("input[name=h2c2]").is_visible() and page.input_value("input[name=h2c2]") == "-50"
    assert page.locator("select[name=h2xr2]").input_value() == "false-win"
    assert PAPER[lang][0] in page.locator("p.sheet-paper").inner_text()
    assert errors == []
