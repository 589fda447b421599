"""The Babcock table page on a phone (issue 37): each seat's net amount is drawn inside that seat's card.

A referee reads who pays whom off this page: the net of a seat drawn on the border of the next card reads as
the next seat's (issue 37 found "+1008", East's, next to South). Playwright at 390×844 with touch, both
languages; like ``test_browser_phone.py`` it never downloads a browser.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from .site_support import BABCOCK_TABLE, watched_page
from .test_browser import pytestmark  # noqa: F401
from .test_browser_phone import PHONE

# East wins with 168 in the book's Fig. 18 (each loser pays him 168, doubled as East): 3 × 336 = +1008 to East;
# the losers' own differences and East's doubling give the other three nets, which sum with East's to zero.
NETS = {"E": 1008}


@pytest.mark.parametrize("lang", ["", "/zh"])
def test_each_net_is_drawn_inside_its_own_seat_card(url, browser, lang, tmp_path):
    context, page, errors = watched_page(browser, **PHONE)
    page.goto(url + lang + "/-/table?" + urlencode(BABCOCK_TABLE))
    page.screenshot(path=str(tmp_path / "table.png"), full_page=True)
    page.locator("table.settlement").screenshot(path=str(tmp_path / "settlement.png"))
    rows = page.locator("table.settlement tbody tr")
    assert rows.count() == 4
    nets = []
    for i in range(4):
        row = rows.nth(i)
        card, net = row.bounding_box(), row.locator("td.points").bounding_box()
        assert card is not None and net is not None
        # The whole net lies within its own card, not on the next card's border.
        assert card["y"] <= net["y"] and net["y"] + net["height"] <= card["y"] + card["height"], (i, card, net)
        assert card["x"] <= net["x"] and net["x"] + net["width"] <= card["x"] + card["width"], (i, card, net)
        nets.append(int(row.locator("td.points").inner_text().split()[-1].replace("+", "")))
    seat = rows.nth(0).locator("a").get_attribute("href")
    assert seat == "#seat-E" and nets[0] == NETS["E"] and sum(nets) == 0
    assert errors == []
    context.close()
