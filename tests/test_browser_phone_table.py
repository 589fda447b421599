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


@pytest.mark.parametrize("lang", ["", "/zh"])
def test_the_kong_table_keeps_the_row_names_in_view(url, browser, lang, tmp_path):
    """Scrolled to its points columns, the kong table still shows each row's kongs, MK, CK and CP counts."""
    context, page, errors = watched_page(browser, **PHONE)
    page.goto(url + lang + "/rulings/kong-table")
    table = page.locator("figure.table-scroll table[data-keys='4']")
    assert table.count() == 1
    figure = page.locator("figure.table-scroll:has(table[data-keys='4'])")
    figure.scroll_into_view_if_needed()
    figure.evaluate("(f) => { f.scrollLeft = f.scrollWidth; }")  # the last column, Chinese practice, in view
    row = table.locator("tbody tr").nth(3)  # 4 kongs: 1 melded, 3 concealed, 0 concealed pungs
    row.evaluate("(r) => window.scrollTo(0, r.getBoundingClientRect().top + window.scrollY - 200)")
    cells = row.locator("td")
    assert [cells.nth(i).inner_text() for i in range(4)] == ["4", "1", "3", "0"]
    page.screenshot(path=str(tmp_path / "kong-table.png"))  # the screen as the reader sees it
    frame = figure.bounding_box()
    assert frame is not None
    for i in list(range(4)) + [cells.count() - 1]:
        box = cells.nth(i).bounding_box()
        assert box is not None and frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"] + 1
        # Not covered by another cell: the point at its middle is the cell itself.
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y).closest('td')?.cellIndex",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        assert hit == i, (i, hit)
    # The last column, scrolled to, shows whole beside the row's names, not half under them.
    fourth, last = cells.nth(3).bounding_box(), cells.nth(cells.count() - 1).bounding_box()
    assert fourth is not None and last is not None and last["x"] >= fourth["x"] + fourth["width"] - 1, (fourth, last)
    headers = table.locator("thead th").all_inner_texts()
    if lang:  # the Chinese page's headers are Chinese, not the positions' ids
        assert not any(word in " ".join(headers) for word in ("full", "reduced", "chinese")), headers
    assert errors == []
    context.close()
