"""The Chinese pages under ``/zh/``: every page of the site in Chinese (interface strings from the message
catalogue, the rulings' Chinese texts, the fans' Chinese names), links that stay in ``/zh/``, the language switch,
``hreflang`` and the sitemap.

Expected texts come from the rulings' files (their ``zh:`` front matter), the fan table and the catalogue.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from babel.messages.extract import extract_from_file
from jinja2.ext import babel_extract

from kb import i18n
from kb.build import build
from kb.load import load_corpus
from scorer.mcr.table import FANS

from .kb_support import copy_rulings
from .site_support import Site, text_of

HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"  # Mixed Straight, Prevalent Wind, Single Wait, Self-Drawn
TEMPLATES = Path(__file__).parent.parent / "web" / "templates"
_ = i18n.gettext("zh")


@pytest.fixture(scope="module")
def rulings():
    return {r.id: r for r in load_corpus().rulings}


@pytest.fixture(scope="module")
def disputed(rulings):
    """A disputed ruling with a Chinese body: its title, answer, positions and body are all shown in Chinese."""
    return next(r for r in sorted(rulings.values(), key=lambda r: r.id) if r.status == "disputed" and r.body_zh)


def pages(ruling_id: str) -> dict[str, str]:
    """One page of each kind, by its English path."""
    return {
        "home": "/",
        "ruling": f"/rulings/{ruling_id}",
        "fan": "/fans/tile-hog",
        "source": "/sources/Starback2008",
        "search": "/-/search?q=" + quote("四归一"),
        "score": "/-/score?hand=" + quote(HAND),
        "audit": "/-/score?" + "&".join(["hand=" + quote(HAND), "claim=" + quote("花龙"), "claim_total=8"]),
        "table": "/-/table",
    }


def zh(path: str) -> str:
    return "/zh" + path


def links(text: str) -> list[str]:
    """The site-relative links of a page's header, body and footer (the stylesheet and alternates left out)."""
    body = text[text.index("<body>") :]
    return [html.unescape(h) for h in re.findall(r'href="(/[^"]*)"', body)]


def test_every_chinese_page_answers_in_chinese(site, disputed):
    for name, path in pages(disputed.id).items():
        r = site.get(zh(path))
        assert r.status_code == 200, (name, r.status_code, r.text[:300])
        assert '<html lang="zh-Hans">' in r.text, name
        assert f'placeholder="{_("Search rulings: tile hog, 四归一, si gui yi")}"' in r.text, name
        assert f">{_('Score a hand')}</a>" in r.text, name


def test_links_of_a_chinese_page_stay_in_zh(site, disputed):
    # Data (/kb, /kb.db), the stylesheet and the switch to English are the only links out of /zh/.
    for name, path in pages(disputed.id).items():
        english = site.get(path).url.path  # the English page, whose address the switch gives
        for href in links(site.get(zh(path)).text):
            if href.startswith(("/kb", "/static/", "/-/qr.svg")) or href.split("?")[0] == english:
                continue
            assert href.startswith("/zh/"), (name, href)


def test_the_switch_goes_to_the_same_page_in_the_other_language(site, disputed):
    for name, path in pages(disputed.id).items():
        english, chinese = site.get(path).text, site.get(zh(path)).text
        switch_en = re.search(r'<a class="language" href="([^"]+)" hreflang="zh-Hans"', english)
        switch_zh = re.search(r'<a class="language" href="([^"]+)" hreflang="en"', chinese)
        assert switch_en and html.unescape(switch_en.group(1)) == zh(path), name
        assert switch_zh and html.unescape(switch_zh.group(1)) == path, name
        for page in (english, chinese):
            assert f'<link rel="alternate" hreflang="en" href="{html.escape(path)}">' in page, name
            assert f'<link rel="alternate" hreflang="zh-Hans" href="{html.escape(zh(path))}">' in page, name
    assert site.get("/zh", follow_redirects=False).headers["location"] == "/zh/"


def test_a_chinese_ruling_page_shows_its_chinese_texts(site, disputed):
    r = site.get(zh(f"/rulings/{disputed.id}"))
    shown = text_of(r.text)
    for field in ("title", "question", "answer"):
        assert disputed.zh[field] in shown, field
    for p in disputed.positions:
        assert (p.summary_zh or p.summary) in shown, p.id
    assert _("Positions") in shown and _("Sources") in shown
    assert disputed.title not in shown  # the English title is not on the Chinese page


def test_the_chinese_json_has_the_chinese_texts_in_the_english_fields(site, disputed):
    data = site.json(zh(f"/rulings/{disputed.id}.json"))
    english = site.json(f"/rulings/{disputed.id}.json")
    assert set(data) == set(english) and set(data["ruling"]) == set(english["ruling"])
    for field in ("title", "question", "answer"):
        assert data["ruling"][field] == disputed.zh[field]
    assert [p["summary"] for p in data["positions"]] == [p.summary_zh or p.summary for p in disputed.positions]
    for f in data["fans"]:
        if f["id"] in FANS:
            assert f["name"] == FANS[f["id"]].name_zh
    home = site.json("/zh/index.json")
    assert {f["name"] for g in home["fans_by_points"] for f in g["fans"]} == {
        f.name_zh for n, f in FANS.items() if n <= 81
    }
    assert any(d["title"] == disputed.zh["title"] for d in home["disputed"])


def test_a_ruling_without_chinese_falls_back_to_english(tmp_path):
    """A club's ruling written in English only (no zh: texts, no Chinese body) is shown in English on /zh/."""
    root = copy_rulings(tmp_path)
    path = root / "mcr" / "payments.md"
    english_only = re.sub(r"^zh:\n(?:[ \t]+.*\n)*", "", path.read_text(encoding="utf-8"), flags=re.M)
    path.write_text(english_only, encoding="utf-8")
    (root / "zh" / "payments.md").unlink()
    build(tmp_path / "kb.db", root)
    site = Site(tmp_path / "kb.db")
    try:
        data = site.json(zh("/rulings/payments.json"))["ruling"]
        plain = site.json("/rulings/payments.json")["ruling"]
    finally:
        site.close()
    assert data["title"] == plain["title"] == "Who pays what after a win"
    assert data["answer"] == plain["answer"] and data["question"] == plain["question"]
    assert data["body_html"] == plain["body_html"].replace('href="/rulings/', 'href="/zh/rulings/').replace(
        'href="/sources/', 'href="/zh/sources/'
    )


def test_a_chinese_fan_page_names_the_fan_in_chinese(site):
    fan = FANS[64]
    r = site.get(zh(f"/fans/{fan.key}"))
    assert f"<h1>{fan.name_zh}</h1>" in r.text
    assert site.json(zh(f"/fans/{fan.key}.json"))["fan"]["name"] == fan.name_zh
    assert site.get("/zh/fans/64", follow_redirects=False).headers["location"] == f"/zh/fans/{fan.key}"
    assert site.get("/zh/fans/64.json", follow_redirects=False).headers["location"] == f"/zh/fans/{fan.key}.json"


def test_chinese_search_gives_chinese_results_linked_in_zh(site, rulings):
    data = site.json("/zh/-/search.json?q=" + quote("四归一"))
    assert data["results"] and data["fans_named"][0]["name"] == "四归一"
    for hit in data["results"]:
        ruling = rulings[hit["id"]]
        assert hit["url"] == f"/zh/rulings/{ruling.id}"
        assert hit["title"] == (ruling.zh.get("title") or ruling.title)
    page = site.get("/zh/-/search?q=" + quote("四归一")).text
    assert f'href="/zh/rulings/{data["results"][0]["id"]}"' in page


def test_the_chinese_score_page_names_its_fans_in_chinese(site):
    data = site.json("/zh/-/score.json?hand=" + quote(HAND))
    assert data["total"] == site.json("/-/score.json?hand=" + quote(HAND))["total"]
    names = {f["fan"]: f["name"] for f in data["fans"]}
    assert names == {n: FANS[n].name_zh for n in names}
    shown = text_of(site.get("/zh/-/score?hand=" + quote(HAND)).text)
    assert all(FANS[n].name_zh in shown for n in names)
    assert _("Total") in shown and _("%(points)s points") % {"points": data["total"]} in shown
    audit = site.get(zh(pages("x")["audit"])).text
    assert _("The claim is not right") in audit and 'href="/zh/fans/' in audit


def test_the_sitemap_lists_both_languages_and_robots_keeps_tools_out(site, rulings):
    sitemap = site.get("/sitemap.xml").text
    locs = set(re.findall(r"<loc>https?://[^/<]+([^<]*)</loc>", sitemap))
    for ruling in rulings.values():
        assert f"/rulings/{ruling.id}" in locs and f"/zh/rulings/{ruling.id}" in locs
    assert {"/", "/zh/", "/fans/tile-hog", "/zh/fans/tile-hog"} <= locs
    assert len(locs) == len(re.findall("<loc>", sitemap)), "a page listed twice"
    # Each page names its other language itself (its hreflang links, checked above), so the sitemap need not.
    robots = site.get("/robots.txt").text
    assert "Disallow: /zh/-/" in robots and re.search(r"^Sitemap: https?://[^/]+/sitemap\.xml$", robots, re.M)


def test_chinese_pages_are_public_own_pages_and_cached(site):
    r = site.get("/zh/rulings/payments")
    assert "'unsafe-inline'" not in r.headers["content-security-policy"]
    assert r.headers["cache-control"].startswith("public")
    assert site.get("/zh/rulings/no-such-ruling").status_code == 404
    assert '<html lang="zh-Hans">' in site.get("/zh/rulings/no-such-ruling").text
    assert site.get("/zh/kb").status_code == 404  # only the site's own pages are mirrored


def test_the_catalogue_translates_every_message_of_the_templates():
    catalog = i18n.catalog("zh")
    used = set()
    for template in TEMPLATES.glob("*.html"):
        options = {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true"}
        for _line, message, _comments, context in extract_from_file(babel_extract, str(template), options=options):
            used.add((message, context))
    assert len(used) > 100
    for message, context in used:
        ids = message if isinstance(message, tuple) else (message,)
        entry = catalog.get(ids[0], context=context)
        assert entry is not None and not entry.fuzzy, f"not in the catalogue: {message!r}"
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(strings), f"untranslated: {message!r}"
        holes = {h for m in ids for h in re.findall(r"%\((\w+)\)s", m)}
        assert all(set(re.findall(r"%\((\w+)\)s", s)) == holes for s in strings), message


def test_a_chinese_ruling_page_names_its_examples_fans_in_chinese(site):
    """The worked examples' stored breakdowns name their fans as the fan table does in Chinese, and the
    sentences put together around them end in Chinese punctuation."""
    data = site.json("/zh/rulings/seven-pairs-tile-hog.json")
    fans = [f for e in data["examples"] for f in e["computed"]["fans"]]
    assert fans and all(f["name"] == FANS[f["fan"]].name_zh for f in fans if f["fan"] in FANS)
    page = site.get("/zh/rulings/seven-pairs-tile-hog").text
    # The examples' profile by its Chinese name (the catalogue's, context "profile"), never its id; the winds as
    # 东南西北 (issue 37).
    green = i18n.pgettext("zh")("profile", "green-book")
    assert f"<strong>{green}</strong>" in page and "<strong>green-book</strong>" not in page
    assert (
        "</code>。圈风 东，门风 东，点和。" in page
        and "预期合计：<b>" in page
        and f'<a href="/zh/fans/{FANS[64].key}">{FANS[64].name_zh}</a>' in page
    )
    assert site.json("/rulings/seven-pairs-tile-hog.json")["examples"][0]["computed"]["fans"][0]["name"].isascii()


def _zh_title(ruling: str) -> str:
    return next(r for r in load_corpus().rulings if r.id == ruling).zh["title"]


def test_the_equal_readings_note_is_punctuated_in_the_pages_language(site):
    """A hand with two readings of the same total cites the two rulings in brackets: Chinese ones on a Chinese
    page (（…，…）。), as the English page has its own ((…, …).)."""
    zh = site.get("/zh/rulings/account-once-four-chows").text
    equal, separation = (_zh_title(r) for r in ("equal-readings", "principle-non-separation"))  # named by title
    assert f'不得混合（<a href="/zh/rulings/equal-readings">{equal}</a>，<a href' in zh
    assert f"{separation}</a>）。</p>" in zh
    en = site.get("/rulings/account-once-four-chows").text
    assert 'never a mix (<a href="/rulings/equal-readings">equal-readings</a>, <a href' in en
    assert "principle-non-separation</a>).</p>" in en


def test_an_equal_reading_in_another_form_names_the_form_in_the_pages_language(site):
    """A hand read two ways of the same total shows each other reading's form when it differs: the scorer's id in
    English, its Chinese name in Chinese brackets on a Chinese page."""
    zh = site.get("/zh/rulings/account-once-four-chows").text
    assert "另一组合 1（四副牌加一对将）</caption>" in zh
    assert "also-read 1 (regular)</caption>" in site.get("/rulings/account-once-four-chows").text


def test_the_parts_drawn_once_are_drawn_once_for_each_language(site):
    # The tile keyboard and the notation's help are drawn once per language (fixed_part, web/respond.py): the
    # first page of one language must not give its texts to the other's pages, in either order.
    zh, en = site.get("/zh/-/score?_=keyboard").text, site.get("/-/score?_=keyboard").text
    assert 'aria-label="Tiles: tap one to add it"' in en and "Suited tiles: digits" in en
    assert "牌张：点击加入" not in en
    assert 'aria-label="牌张：点击加入"' in zh and "Suited tiles: digits" not in zh
    assert 'aria-label="Tiles: tap one to add it"' not in site.get("/zh/-/sheet?_=keyboard").text
