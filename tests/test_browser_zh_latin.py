"""No English on the Chinese pages (issue 37): Playwright driving Debian's Chromium over one page of every kind under
``/zh/`` (home, ruling, fan, source, search, score with a result, the audit's verdict, profiles compared, the wait
grid, the score sheet, Babcock's table, the house page, a page not found), on a phone (390×844, touch) and a
desktop, reading the text a referee sees and flagging every run of Latin words in it.

What may stay in Latin letters is what is notation or a name by nature: hands and tiles in mjref's notation (and
the tiles' faces), ids and code shown as code, the sources' citations (a source's id and locator, its title an
English name), proper names (mjref, MCR, Babcock, Starbäck, Four Winds, WMO), the fans' names in every language on
a fan page (its "all names" list, the pinyin), the language switch, and the footer's file names. A ruling's own
texts (its body and its examples' notes) are the ruling files' Chinese, checked by ``mjref build``
(:mod:`kb.chinese`): this test reads the pages' own words, the labels, the data the site names (profiles,
positions, rulings, winds, sources' facts) and the punctuation of its sentences. The same skip rule as
``test_browser.py``; screenshots in each test's temporary folder.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote, urlencode

import pytest

from .site_support import BABCOCK_TABLE, watched_page
from .test_browser import pytestmark  # noqa: F401  (the skip rule; the fixtures url and browser are in conftest.py)

DEVICES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}
HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"  # Mixed Straight, Prevalent Wind, Single Wait, Self-Drawn
# A session of four hands with Chinese players' names (a player's name is the user's text, in any script).
SHEET = {
    **{f"p{n}": name for n, name in enumerate(("甲", "乙", "丙", "丁"), start=1)},
    **{"h1w": "1", "h1f": "2", "h1p": "12", "h2w": "3", "h2f": "self", "h2t": "[123m,1][EEE,2]456p5789s5s|ES1000"},
    **{"h3w": "draw", "h3x": "2", "h3xp": "30", "h4w": "4", "h4f": "1", "h4p": "8"},
    **{"h4x": "3", "h4xt": "none", "h4xp": "10"},
}
PAGES = {
    "home": "/zh/",
    "ruling": "/zh/rulings/seven-pairs-tile-hog",
    "babcock-ruling": "/zh/rulings/babcock-standard-score-sheet",
    "draw-game": "/zh/rulings/babcock-draw-game",
    "fan": "/zh/fans/mixed-straight",
    "source": "/zh/sources/Starback2008",
    "search": "/zh/-/search?q=" + quote("七对 四归一"),
    "score": "/zh/-/score?hand=" + quote(HAND),
    "audit": "/zh/-/score?"
    + urlencode({"hand": "234m567m234p567p88s", "claim": "喜相逢 x2，连六 x2", "claim_total": "24"}),
    "compare": "/zh/-/score?" + urlencode({"hand": HAND, "compare": "all"}),
    "waits": "/zh/-/score?" + urlencode({"hand": "[2222m][5555m]123p456sN", "compare": "all"}),
    "sheet": "/zh/-/sheet?" + urlencode(SHEET),
    "table": "/zh/-/table?" + urlencode(BABCOCK_TABLE),
    "babcock-score": "/zh/-/score?" + urlencode({"ruleset": "babcock", "hand": BABCOCK_TABLE["east"]}),
    "house": "/zh/house",
    "not-found": "/zh/rulings/no-such-ruling",
}
# Left out of the text read: notation and ids as code, the tiles, citations and addresses, the names list and
# pinyin of a fan page, a source's own title and author, the language switch, and the ruling's own texts (body, an
# example's note, a search result's excerpt of the body; see the module's docstring).
LEFT_OUT = (
    'code, kbd, script, style, .tile, [hreflang], a[href*="/sources/"], a[href^="http"], .cite, .citations, '
    ".cite-locators, ul.names, .pinyin, .source-name, .body, .note, .snippet"
)
VISIBLE_TEXT = """left => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const texts = document.querySelector('h1.source-name') ? [] : [document.title];  // a source: its own title
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && !parent.closest(left) && parent.getClientRects().length) texts.push(node.textContent);
  }
  // A select shows its options when it is opened: every option of a select on the page is read too.
  document.querySelectorAll('select').forEach(s => {
    if (s.getClientRects().length && !s.closest(left)) texts.push(...[...s.options].map(o => o.text));
  });
  return texts;
}"""
# Names (of the program, the rules, people, sources) and the footer's file names; "Four Winds" is a program.
NAMES = {"mjref", "MCR", "WMO", "OEMC", "Babcock", "BABCOCK", "Starbäck", "Sloper", "Kugimiya", "Four", "Winds"}
NAMES |= {"JSON", "kb.db", "x2"}
RUN = re.compile(r"[A-Za-zÀ-ÿ][\wÀ-ÿ'’.\-]*(?:[ ,:;()/]+[A-Za-zÀ-ÿ][\wÀ-ÿ'’.\-]*)*")
# A hand, a set or a tile in the notation (a run with a digit, an honour set EEE, a suit letter); a lone wind
# letter is not (a Chinese page names the winds 东南西北).
NOTATION = re.compile(r"[\[\](),|0-9mpszESWNCFP×x]*\d[\[\](),|0-9mpszESWNCFP×x]*|[ESWNCFP]{2,4}|[mpsz]")


HAND_TEXT = re.compile(r"[\[\](),|0-9mpszESWNCFPx×]*\d[\[\](),|0-9mpszESWNCFPx×]*")  # a hand or set: has a digit
# What is quoted as it is written: an id the user asked for, quoted back ('no-such'); a locator's example ("fan 5").
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def latin_runs(text: str) -> list[str]:
    """The runs of Latin words in ``text`` that are neither notation nor an allowed name."""
    flagged = []
    for run in RUN.findall(QUOTED.sub(" ", HAND_TEXT.sub(" ", text))):
        words = [w.strip(".,:;()") for w in re.split(r"[ ,:;()/]+", run)]
        if not all(w in NAMES or NOTATION.fullmatch(w) for w in words if w):
            flagged.append(run)
    return flagged


def test_the_sweep_flags_english_and_lets_notation_and_names_through():
    """The checker itself, on texts of the kinds it must flag (position keys, profile names, winds as letters, a
    ruling's id, an English message) and let through (a hand, sets, numbers, Babcock, Four Winds)."""
    assert latin_runs("本站采用规则设定 green-book：six") == ["green-book", "six"]
    assert latin_runs("圈风 E，门风 W，自摸和。") == ["E", "W"]  # the winds as letters (a select's option too) …
    assert latin_runs("圈风 东，门风 西；牌组 EEE、55s") == []  # … not as names, nor honour sets
    assert latin_runs("裁定：fan-mixed-straight，one-wait-fan-only") == ["fan-mixed-straight", "one-wait-fan-only"]
    assert latin_runs("[123m,1][EEE,2]456p789s5s5s|EW1000 按 绿皮书 · 12 番") == []
    assert latin_runs("输家计分（Four Winds）· Babcock 标准计分 · 喜相逢 x2") == []
    assert latin_runs("error: ruling not found") == ["error: ruling not found"]
    assert latin_runs("按条款引用，如 \"Art.10 一(五)\"；没有裁定 'no-such'") == []


@pytest.fixture(params=sorted(DEVICES))
def device(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[Any, list[str], str]]:
    context, page, errors = watched_page(browser, **DEVICES[request.param])
    yield page, errors, request.param
    context.close()


def test_no_english_on_the_chinese_pages(url, device, tmp_path):
    page, errors, kind = device
    found: dict[str, list[str]] = {}
    for name, path in PAGES.items():
        page.goto(url + path)
        assert page.locator("html").get_attribute("lang") == "zh-Hans", name
        runs = [run for text in page.evaluate(VISIBLE_TEXT, LEFT_OUT) for run in latin_runs(text)]
        if runs:
            found[name] = sorted(set(runs))
        page.screenshot(path=str(tmp_path / f"{name}-{kind}.png"))
    assert found == {}, "\n".join(f"{name}: {runs}" for name, runs in found.items())
    # The page not found answers 404 (its error in Chinese): the one console error expected. A request the next
    # page's navigation cut short (a QR code still loading) is no error of the pages'.
    assert [e for e in errors if "404" not in e and not e.startswith("failed: ")] == []
