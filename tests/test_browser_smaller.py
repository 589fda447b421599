"""Issue 37's smaller points, in Chromium at 390×844 with touch and on a desktop screen, in English and Chinese.

The link "all of them side by side" lands on the comparison (its id was also the checkbox's); a ruling's fans
concerned carry their number labelled as one, not a bare "69" read as points; a hand drawn as tiles is read tile by
tile by a screen reader (each tile an image named "5 bamboo", 五条); a ruling's worked examples draw each hand once,
its profiles' results and notes side by side and shown; a Babcock score card keeps an item's name and points on
one line; a link in running text adds no height to its line yet offers a 44 px touch area; the Babcock table's
dead-hand rows are 44 px targets. Expected texts come from the fan table and the rulings' JSON, or are written
out here (the tile names: what a player calls each tile). Screenshots go to each test's temporary folder.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote, urlencode

import httpx
import pytest

from kb.i18n import profile_name
from scorer.mcr.fans import FANS

from .site_support import BABCOCK_TABLE, watched_page
from .test_browser import pytestmark  # noqa: F401
from .test_browser_phone import PHONE

SCREENS = {"phone": PHONE, "desktop": {"viewport": {"width": 1280, "height": 900}}}
SCORED = quote("[CCCC][5555m]123p789pNN")
BABCOCK = "/-/score?ruleset=babcock&hand=" + quote("[8888p,1]234sEEEFFPPF")
TABLE = "/-/table?" + urlencode(BABCOCK_TABLE)
EXAMPLES = "/rulings/account-once-four-chows"  # 7 examples of 3 hands: 1-3, 4-5 and 6-7 share theirs


@pytest.fixture(params=[(s, lang) for s in SCREENS for lang in ("", "/zh")], ids=lambda p: p[0] + (p[1] or "/en"))
def screen(request, browser) -> Iterator[tuple[Any, str, bool, list[str]]]:
    """A page on a phone or a desktop screen, the language prefix, whether it is touched, and its errors."""
    name, lang = request.param
    context, page, errors = watched_page(browser, **SCREENS[name])
    yield page, lang, name == "phone", errors
    context.close()


def _press(page: Any, locator: Any, touch: bool) -> None:
    locator.tap() if touch else locator.click()


def test_all_of_them_side_by_side_lands_on_the_comparison(url, screen, tmp_path):
    page, lang, touch, errors = screen
    page.goto(url + lang + f"/-/score?hand={SCORED}")
    link = page.locator("section.result p.other-profiles a[href$='#compare']")
    assert link.count() == 1
    _press(page, link, touch)
    page.wait_for_url("**#compare")
    target = page.locator("#compare")
    assert target.count() == 1 and target.evaluate("(e) => e.tagName + '.' + e.className") == "SECTION.compare"
    # Scrolled to it, not to the form's checkbox: its top at the screen's, or the page at its end with it in view.
    box, height = target.bounding_box(), page.viewport_size["height"]
    at_end = page.evaluate("() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1")
    assert box is not None and (abs(box["y"]) <= 2 or (at_end and 0 <= box["y"] < height - 100)), box
    assert page.locator("#compare-all").get_attribute("type") == "checkbox"
    page.screenshot(path=str(tmp_path / "compare.png"))
    assert errors == []


def test_the_fans_concerned_say_which_number_is_the_fans(url, screen, tmp_path):
    page, lang, _, errors = screen
    page.goto(url + lang + EXAMPLES)
    concerned = httpx.get(url + EXAMPLES + ".json").json()["fans"]
    items = page.locator("#fans ul.fan-list li")
    page.locator("#fans").screenshot(path=str(tmp_path / "fans.png"))
    texts = [" ".join(t.split()) for t in items.all_inner_texts()]
    if lang:  # 一般高（第 69 番种）
        expected = [f"{FANS[f['id']].name_zh}（第 {f['id']} 番种）" for f in concerned]
    else:  # Pure Double Chow 一般高 (fan no. 69)
        expected = [f"{FANS[f['id']].name} {FANS[f['id']].name_zh} (fan no. {f['id']})" for f in concerned]
    assert texts == expected and len(texts) == 4
    for i in range(items.count()):  # the name and its number on one line
        name, number = items.nth(i).locator("a").bounding_box(), items.nth(i).locator(".fan-number").bounding_box()
        assert (
            name is not None
            and number is not None
            and abs(name["y"] + name["height"] / 2 - number["y"] - number["height"] / 2) < 8
        )
    assert errors == []


# [123m,1][EEE,2]456p789s5s5s: a chow, a pung of East, three runs' worth of standing tiles, the 5 of bamboo twice.
SPOKEN_HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"
# The result draws the standing tiles in order (the 5 of bamboo before the 7), the winning tile last.
SPOKEN = {
    "": ["1 characters", "2 characters", "3 characters", *["East wind"] * 3, "4 dots", "5 dots", "6 dots"]
    + ["5 bamboo", "7 bamboo", "8 bamboo", "9 bamboo", "5 bamboo"],
    "/zh": ["一万", "二万", "三万", *["东风"] * 3, "四筒", "五筒", "六筒", "五条", "七条", "八条", "九条", "五条"],
}
# The keyboard draws the tiles as they were tapped: 4p 5p 6p 7s 8s 9s 5s, then 5s, the winning tile.
TAPPED = ["4p", "5p", "6p", "7s", "8s", "9s", "5s", "5s"]
KEYED = {
    "": ["4 dots", "5 dots", "6 dots", "7 bamboo", "8 bamboo", "9 bamboo", "5 bamboo", "5 bamboo"],
    "/zh": ["四筒", "五筒", "六筒", "七条", "八条", "九条", "五条", "五条"],
}
SETS = {"": ["melded chow", "winning tile"], "/zh": ["明顺", "和张"]}
# [234m,1][567m,1]23456p88s7p, a worked example's hand: its first tile and its winning tile.
ENDS = {"": ("2 characters", "7 dots"), "/zh": ("二万", "七筒")}


def _spoken(locator: Any) -> list[str]:
    """The names a screen reader gives the tiles under ``locator`` (Chromium's accessibility tree), in order."""
    snapshot = locator.aria_snapshot()
    assert not re.search(r"text: \d [萬筒條]", snapshot), snapshot  # no face read out as a digit and a character
    return re.findall(r'- img "([^"]+)"', snapshot)


def test_a_hand_drawn_as_tiles_is_read_tile_by_tile(url, screen, tmp_path):
    page, lang, touch, errors = screen
    page.goto(url + lang + "/-/score?hand=" + quote(SPOKEN_HAND))
    hand = page.locator("section.result .hand").first
    hand.screenshot(path=str(tmp_path / "result-hand.png"))
    assert _spoken(hand) == SPOKEN[lang]
    # The same hand tapped in on the keyboard, as the keyboard draws it: each tile named as its key is.
    page.goto(url + lang + "/-/score")
    for code in TAPPED:
        _press(page, page.locator(f'#keyboard button[data-tile="{code}"]'), touch)
    assert _spoken(page.locator("#kb-hand")) == KEYED[lang]
    # A worked example's line (a hand in one line, its sets named): each tile named too.
    page.goto(url + lang + EXAMPLES)
    line = page.locator("div.example p.example-line").nth(1)  # [234m,1][567m,1]23456p88s7p
    names = _spoken(line)
    assert len(names) == 14 and (names[0], names[-1]) == ENDS[lang], names
    groups = re.findall(r'- group "([^"]+)"', line.aria_snapshot())
    assert groups == [SETS[lang][0], SETS[lang][0], SETS[lang][1]], groups
    assert errors == []


def test_a_worked_examples_hand_is_drawn_once_with_each_profiles_result_and_note(url, screen, tmp_path):
    page, lang, touch, errors = screen
    page.goto(url + lang + EXAMPLES)
    examples = httpx.get(url + lang + EXAMPLES + ".json").json()["examples"]
    for e in examples:  # each profile as the page names it: 绿皮书 on a Chinese page (issue 37)
        e["profile"] = profile_name(e["profile"], "zh" if lang else "en")
    cards = page.locator("section#examples div.example")
    assert cards.count() == 3 and page.locator("li.example-result").count() == len(examples) == 7
    first = cards.first
    first.scroll_into_view_if_needed()
    first.screenshot(path=str(tmp_path / "card.png"))
    results = first.locator("li.example-result")
    assert results.count() == 3 and first.locator("p.example-line .tile").count() == 14  # the hand, once
    boxes = []
    for i in range(3):  # numbered 1-3, each under its profile with its expected total and note, shown unopened
        e, result = examples[i], results.nth(i)
        said = " ".join(result.inner_text().split())
        assert result.is_visible() and said.startswith(f"{i + 1} {e['profile']} ")
        assert str(e["expected_total"]) in said and " ".join(e["note"].split()) in said
        boxes.append(result.bounding_box())
    if touch:  # one under another on a phone
        assert boxes[0]["x"] == boxes[1]["x"] == boxes[2]["x"] and boxes[0]["y"] < boxes[1]["y"] < boxes[2]["y"]
    else:  # side by side on a desktop screen
        assert boxes[0]["y"] == boxes[1]["y"] == boxes[2]["y"] and boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"]
    # The totals under every profile once, the examples' own bold; the breakdowns a tap away, one a profile.
    own = first.locator(".example-totals .pt.own").all_inner_texts()
    assert sorted(" ".join(t.split()) for t in own) == sorted(
        f"{e['profile']} {e['expected_total']}" for e in examples[:3]
    )
    fold = first.locator("details.example-more")
    assert not first.locator("table.fans").first.is_visible()  # folded
    _press(page, fold.locator("summary"), touch)
    sections = fold.locator("section.example-breakdown")
    assert sections.count() == 3 and all(sections.nth(i).locator("table.fans").first.is_visible() for i in range(3))
    assert sections.nth(1).locator("strong").inner_text() == examples[1]["profile"]
    first.screenshot(path=str(tmp_path / "card-open.png"))
    # A link to one example (a fan page's) lands on its result and opens its card's breakdowns.
    page.goto(url + lang + EXAMPLES + "#example-4")
    target = page.locator("li#example-4")
    box = target.bounding_box()
    assert box is not None and -2 <= box["y"] < page.viewport_size["height"]
    assert page.locator("div.example:has(#example-4) details.example-more").get_attribute("open") is not None
    assert errors == []


def test_a_fan_pages_examples_draw_a_hand_once_with_its_notes(url, screen, tmp_path):
    page, lang, touch, errors = screen
    page.goto(url + lang + "/fans/all-green")
    group = page.locator("details.example-group:has(a[href$='/rulings/fan-all-green#examples'])")
    _press(page, group.locator("summary").first, touch)
    cards = group.locator("div.example")
    examples = [e for e in httpx.get(url + lang + "/rulings/fan-all-green.json").json()["examples"]]
    assert cards.count() == len({e["canonical"] for e in examples}) < len(examples)
    card = cards.first  # examples 1 and 2: the same hand under green-book and chinese-practice
    results = card.locator("li.example-result")
    assert results.count() == 2
    for i in range(2):
        assert " ".join(examples[i]["note"].split()) in " ".join(results.nth(i).inner_text().split())
    card.screenshot(path=str(tmp_path / "fan-card.png"))
    link = card.locator("a[href*='#example-']")
    assert link.get_attribute("href").endswith("/rulings/fan-all-green#example-0")
    assert errors == []


def test_a_babcock_cards_points_share_the_line_of_its_name(url, screen, tmp_path):
    page, lang, _, errors = screen
    page.goto(url + lang + BABCOCK)
    rows = page.locator("section.result table.fans tbody tr, section.result table.doubles tbody tr")
    assert rows.count() == 7  # Mah-Jongg, four sets, a pair; two doubles
    page.locator("section.result table.fans").screenshot(path=str(tmp_path / "babcock-cards.png"))
    for i in range(rows.count()):
        name, points = rows.nth(i).locator("td.fan-name"), rows.nth(i).locator("td.points")
        n, p = name.bounding_box(), points.bounding_box()
        assert n is not None and p is not None
        first_line = n["y"] + float(name.evaluate("(e) => parseFloat(getComputedStyle(e).lineHeight)"))
        # The points start on the name's first line, at its right: not on a line of their own below the sets.
        assert n["y"] - 4 <= p["y"] < first_line and p["x"] >= n["x"] + 0.5 * n["width"], (i, n, p)
    assert errors == []


INTROS = {"sheet": "/-/sheet", "table": TABLE, "babcock": BABCOCK}
# The touch area a link in running text offers: the elements the browser finds at points 20 px above and below the
# middle of the link's text (all of them, not only the topmost: a link on the next line may overlap it).
REACHES = """(a) => {
  const box = a.getBoundingClientRect(), x = box.left + Math.min(box.width / 2, 8), mid = box.top + box.height / 2;
  return [mid - 20, mid + 20].map((y) => document.elementsFromPoint(x, y).includes(a));
}"""
# The same links drawn plain: the paragraph's height when no link stretches a line.
PLAIN = """(p) => p.querySelectorAll('a').forEach((a) => {
  for (const [k, v] of [['display', 'inline'], ['padding', '0'], ['min-height', '0']]) {
    a.style.setProperty(k, v, 'important');
  }
})"""


@pytest.mark.parametrize("name", INTROS)
def test_a_link_in_running_text_keeps_its_line_and_a_44_px_touch_area(url, screen, name, tmp_path):
    page, lang, _, errors = screen
    page.goto(url + lang + INTROS[name])
    intro = page.locator("p.rulesets")
    intro.screenshot(path=str(tmp_path / f"{name}-intro.png"))
    links = intro.locator("a")
    assert links.count() >= 1
    for i in range(links.count()):
        assert links.nth(i).evaluate(REACHES) == [True, True], (i, links.nth(i).text_content())
    height = intro.evaluate("(p) => p.getBoundingClientRect().height")
    intro.evaluate(PLAIN)
    assert intro.evaluate("(p) => p.getBoundingClientRect().height") == pytest.approx(height, abs=0.5)
    assert errors == []


def test_a_dead_hand_row_is_a_44_px_target(url, screen, tmp_path):
    page, lang, touch, errors = screen
    page.goto(url + lang + TABLE)
    rows = page.locator("label.dead")
    assert rows.count() == 4
    page.locator("form.table-form").screenshot(path=str(tmp_path / "table-form.png"))
    for i in range(4):
        row, box = rows.nth(i), rows.nth(i).bounding_box()
        assert box is not None and box["height"] >= 44
        check = row.locator("input[type=checkbox]")
        before = check.is_checked()
        where = {"x": box["width"] - 6, "y": box["height"] - 4}  # the row's far corner, away from the box itself
        row.tap(position=where) if touch else row.click(position=where)
        assert check.is_checked() != before
    assert errors == []
