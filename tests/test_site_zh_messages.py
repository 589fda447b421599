"""What a Chinese reader still read in English on ``/zh/`` (issue 17): the scorer's one-line errors, the audit's
reasons, Babcock's score sheet, the table page, the drawn tiles and the tile keyboard's texts, now from the
message catalogue, in the page and in its JSON (the same fields as in English). The English pages and JSON
are unchanged.
"""

from __future__ import annotations

import html
import json
import re
from urllib.parse import quote, urlencode

from kb.i18n import babcock_name, gettext, localize
from scorer import score
from scorer.errors import MjrefError
from web.tiles import KEYBOARD_TEXTS

from .site_support import BABCOCK_TABLE, text_of

_ = gettext("zh")
BAD = {  # a bad hand -> words its Chinese error names
    "123m456p789s112z": ["牌数不对", "12 张"],  # 13 tiles are a waiting hand: the page shows its wait grid
    "11111m456p789s111z": ["1m 有 5 张"],
    "123m456p789s1177zx": ["手牌第 18 个字符", "'x'"],
}
BABCOCK = {"hand": "[SSS,1][NNN,2]123pEEWWE|EE0000", "ruleset": "babcock", "profile": "babcock-optional"}
TABLE = BABCOCK_TABLE
CJK = re.compile(r"[\u4e00-\u9fff]")


def _error_of(page: str) -> str:
    m = re.search(r'<p class="error" role="alert">(.*?)</p>', page, re.S)
    assert m, page[:300]
    return html.unescape(m.group(1))


def test_a_bad_hand_is_refused_in_chinese_on_the_page_and_in_its_json(site):
    for hand, words in BAD.items():
        try:
            score(hand)
        except MjrefError as e:
            english, chinese = str(e), localize(e, "zh")
        r = site.get("/zh/-/score?hand=" + quote(hand))
        assert r.status_code == 400
        assert _error_of(r.text) == _("error: %(message)s") % {"message": chinese}
        assert all(w in chinese for w in words), chinese
        assert site.get("/zh/-/score.json?hand=" + quote(hand)).json()["error"] == chinese
        assert site.get("/-/score.json?hand=" + quote(hand)).json()["error"] == english  # English unchanged
        assert _error_of(site.get("/-/score?hand=" + quote(hand)).text) == f"error: {english}"


def test_the_audit_gives_its_reasons_in_chinese(site):
    query = urlencode({"hand": "234m567m234p567p88s", "claim": "喜相逢×2, 连六×2, 四归一"})
    data = site.json("/zh/-/score.json?" + query)
    why = [v["why"] for v in data["audit"]["verdicts"]]
    assert why[1] == _("the hand scores it %(count)s time, not %(claimed)s") % {"count": 1, "claimed": 2}
    assert why[2] == _("the hand does not have %(fan)s: see its definition") % {"fan": "四归一"}
    assert all(CJK.search(w) for w in why), why
    english = site.json("/-/score.json?" + query)["audit"]["verdicts"]
    assert english[2]["why"] == "the hand does not have Tile Hog: see its definition"
    page = text_of(site.get("/zh/-/score?" + query).text)
    assert all(w in page for w in why)


def test_babcock_items_are_named_in_chinese(site):
    data = site.json("/zh/-/score.json?" + urlencode(BABCOCK))
    english = site.json("/-/score.json?" + urlencode(BABCOCK))
    assert [f["name"] for f in data["fans"]] == [babcock_name(f["key"], f["name"], "zh") for f in english["fans"]]
    assert data["fans"][0]["name"] == "四风牌" and english["fans"][0]["name"] == "Four Wind Hand"
    assert all(CJK.search(e["name"]) for e in data["excluded"])
    page = text_of(site.get("/zh/-/score?" + urlencode(BABCOCK)).text)
    assert "四风牌" in page and "Four Wind Hand" not in page and "Mah-Jongg" not in page


def test_the_table_page_is_chinese(site):
    page = site.get("/zh/-/table?" + urlencode({**TABLE, "dead": "W"}))
    text = text_of(page.text)
    assert "每个输家按和牌者的得分付给和牌者" in text and "Each loser pays" not in text
    assert "死牌不计分" in text
    data = site.json("/zh/-/table.json?" + urlencode(TABLE))
    assert data["hands"]["E"]["fans"][0]["name"] == babcock_name("mah-jongg", "Mah-Jongg", "zh")
    assert site.json("/-/table.json?" + urlencode(TABLE))["hands"]["E"]["fans"][0]["name"] == "Mah-Jongg"
    form = text_of(site.get("/zh/-/table").text)
    assert "巴布科克《麻将规则》" in form and "Each hand is written" not in form
    bad = site.get("/zh/-/table?" + urlencode({**TABLE, "south": ""}))
    assert bad.status_code == 400 and _error_of(bad.text).startswith("错误：南：没有手牌")


def test_tiles_and_sets_are_named_in_chinese(site):
    page = site.get("/zh/-/score?hand=" + quote("[123m,1][CCCC]456p789s5s5s")).text
    result = page[page.index('<section class="result">') :]
    titles = set(re.findall(r'class="tile[^"]*" title="([^"]*)"', result))
    assert {"一万", "红中" + _(" (face down)"), "五条", "四筒"} <= titles, titles
    assert 'title="明顺"' in result and 'title="暗杠"' in result
    assert 'title="1 characters"' in site.get("/-/score?hand=" + quote("[123m,1][CCCC]456p789s5s5s")).text


def test_the_keyboard_is_given_its_texts_in_chinese(site):
    page = site.get("/zh/-/score").text
    m = re.search(r"data-texts='([^']*)'", page)
    assert m, "the keyboard carries its texts"
    texts = json.loads(html.unescape(m.group(1)))
    assert texts == {k: _(v) for k, v in KEYBOARD_TEXTS.items()}
    assert all(CJK.search(t) for t in texts.values())
    assert 'aria-label="五筒"' in page and 'aria-label="发财"' in page
    english = re.search(r"data-texts='([^']*)'", site.get("/-/score").text)
    assert english and json.loads(html.unescape(english.group(1))) == KEYBOARD_TEXTS
    script = site.get("/static/keyboard.js").text
    assert all(json.dumps(text) in script for text in KEYBOARD_TEXTS.values())  # its English defaults, in step
