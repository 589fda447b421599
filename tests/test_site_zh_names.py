"""What a Chinese page names from the data, named in Chinese (issue 37): profiles by their Chinese names and titles,
the positions of disputed rulings by their labels, linked rulings by their titles, winds as 东南西北, sources' facts,
and the punctuation of the sentences the pages put together (：，；（）). The English pages keep what they showed.
The Chinese rulings' bodies (``rulings/zh/``) name the built-in profiles by the same Chinese names.

Expected texts come from the catalogue (``kb/locale/zh_Hans/LC_MESSAGES/mjref.po``: the profiles' names, context
``profile``; the positions' labels, context ``position``), the rulings' files (titles, ``zh:`` titles) and the
built-in profiles' files (``rulings/profiles/``), never from the code under test.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
import yaml
from click.testing import CliRunner

from kb import i18n
from kb.load import load_corpus
from mjref.main import cli
from scorer.profiles import builtin_names, load_profile

from .site_support import BABCOCK_TABLE, text_of

_, p_ = i18n.gettext("zh"), i18n.pgettext("zh")
TITLES = {r.id: r.zh["title"] for r in load_corpus().rulings}
GREEN_BOOK = load_profile("green-book")  # rulings/profiles/green-book.yaml: its title, its positions
HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"  # Mixed Straight, Prevalent Wind, Single Wait, Self-Drawn; East, West


def zh_text(html: str) -> str:
    """The visible text of a Chinese page (:func:`text_of`), without the spaces its tags left beside the full-width
    punctuation (``<strong>绿皮书</strong>：`` reads ``绿皮书：``)."""
    return re.sub(r"\s*([：，；（）。、])\s*", r"\1", text_of(html))


def en_text(html: str) -> str:
    """The visible text of an English page, without the spaces its tags left before punctuation."""
    return re.sub(r"\s+([:,;.)])", r"\1", text_of(html))


def test_the_home_page_names_the_profile_and_its_positions_in_chinese(site):
    page = zh_text(site.get("/zh/").text)
    title = _(GREEN_BOOK.title)
    assert title != GREEN_BOOK.title and GREEN_BOOK.title not in page  # "Green Book (WMO 2006) and its …"
    assert f"{p_('profile', 'green-book')}：{title}。" in page and "green-book" not in page
    # Each disputed ruling's row: the house position by its label, then its summary, after a full-width colon.
    seven_pairs = next(p for p in load_corpus().rulings if p.id == "seven-pairs-tile-hog")
    chosen = next(p for p in seven_pairs.positions if p.id == GREEN_BOOK.positions["seven-pairs-tile-hog"])
    assert f"{p_('position', chosen.id)}：{chosen.summary_zh}" in page
    for position in ("six", "exclude-both", "no-tile-hog"):  # the keys the issue saw shown as labels
        assert f"<strong>{position}</strong>" not in site.get("/zh/").text
    english = en_text(site.get("/").text)
    assert f"green-book: {GREEN_BOOK.title}." in english and "no-tile-hog: " in english


def test_a_ruling_page_labels_its_positions_and_profiles_in_chinese(site):
    html = site.get("/zh/rulings/seven-pairs-tile-hog").text
    page = zh_text(html)
    assert _("this site's position (%(profile)s)") % {"profile": p_("profile", "green-book")} in page
    assert f"<strong>{p_('position', 'tile-hog')}</strong> <code>tile-hog</code>" in html  # the body's id beside
    taken = _("Taken by: %(profiles)s") % {
        "profiles": "，".join(p_("profile", p) for p in ("chinese-practice", "starback"))
    }
    assert taken in page
    # The worked examples' totals under each profile, by the profiles' Chinese names.
    assert re.search(f'<span class="pt[^"]*">{p_("profile", "chinese-practice")} <b>', html)
    assert not re.search('<span class="pt[^"]*">chinese-practice <b>', html)


def test_the_score_breakdown_names_rulings_by_title_and_winds_in_chinese(site):
    html = site.get("/zh/-/score?hand=" + quote(HAND)).text
    assert f'<a href="/zh/rulings/fan-mixed-straight">{TITLES["fan-mixed-straight"]}</a>' in html
    assert ">fan-mixed-straight</a>" not in html and ">one-wait-fan-only</a>" not in html
    page = zh_text(html)
    situation = _("Prevalent wind %(prevalent)s, seat wind %(seat)s") % {"prevalent": "东", "seat": "西"}
    assert situation in page and "圈风 E" not in page
    # The keyboard's wind choices are named too, their values the notation's letters.
    assert '<option value="E">东</option><option value="S">南</option>' in html
    assert f"{_('winner')} +60，{_('others')}" in page  # the payments listed with the Chinese comma
    assert _("under %(profile)s") % {"profile": p_("profile", "green-book")} in page
    english = site.get("/-/score?hand=" + quote(HAND)).text
    assert ">fan-mixed-straight</a>" in english and "Prevalent wind E, seat wind W" in text_of(english)


def test_the_audit_names_rulings_and_profiles_in_chinese_with_chinese_brackets(site):
    query = urlencode({"hand": "234m567m234p567p88s", "claim": "喜相逢 x2，连六 x2", "claim_total": "24"})
    html = site.get("/zh/-/score?" + query).text
    page = zh_text(html)
    assert f"{_('The claim is not right')}：" in page and p_("profile", "green-book") in page
    assert f">{TITLES['principle-account-once']}</a>，<a" in html  # two rulings: titles, a Chinese comma
    assert f"（{_('because of')} " in html and ">account-once-four-chows</a>" not in html
    compared = zh_text(site.get("/zh/-/score?" + urlencode({"hand": HAND, "compare": "all"})).text)
    assert all(p_("profile", p) in compared for p in ("green-book", "chinese-practice", "starback"))


def test_the_house_page_without_a_house_profile_is_titled_by_the_profile(site):
    html = site.get("/zh/house").text
    title = _(GREEN_BOOK.title)
    assert f"<h1>{title}</h1>" in html and f"<title>{title} · mjref</title>" in html
    assert "green-book" not in zh_text(html)
    assert f"<h1>{GREEN_BOOK.title}</h1>" in site.get("/house").text


def test_the_club_house_page_speaks_chinese_but_the_clubs_own_words(club_site):
    html = club_site.get("/zh/house").text
    page = zh_text(html)
    assert "<h1>our-club 的本站规则</h1>" in html  # a club's name is its own
    assert p_("profile", "green-book") in page and "green-book" not in page
    assert f"{p_('position', 'no-tile-hog')}：" in page and f"{p_('position', 'tile-hog')}：" in page
    assert "Green Book (WMO 2006)" not in page and _(GREEN_BOOK.title) in page
    assert f">{TITLES['fan-tile-hog']}</a>" in html  # the fan value's ruling, by its title


def test_the_sheet_heads_each_hand_with_chinese_punctuation(site):
    query = urlencode({"p1": "Ann", "p2": "Bo", "p3": "Cy", "p4": "Di", "h1w": "1", "h1f": "2", "h1p": "12"})
    page = zh_text(site.get("/zh/-/sheet?" + query).text)
    wind = _("%(wind)s round") % {"wind": _("East")}
    assert f"{_('Hand %(n)s') % {'n': 1}}（{wind}）：" in page
    assert "Ann +36，Bo -20，Cy -8，Di -8（" in page  # Ann wins 12 on Bo's discard: 8 + 12 from Bo, 8 each else
    english = en_text(site.get("/-/sheet?" + query).text)
    assert "Hand 1 (East round): " in english and "Ann +36, Bo -20, Cy -8, Di -8 (" in english


def test_the_babcock_table_heads_each_seat_with_chinese_punctuation(site):
    page = zh_text(site.get("/zh/-/table?" + urlencode(BABCOCK_TABLE)).text)
    east = f"{_('East')}（{_('winner')}）："
    assert east in page, page[:600]
    assert "(winner)" not in page


def test_a_page_not_found_says_so_in_chinese(site):
    r = site.get("/zh/rulings/no-such-ruling")
    assert r.status_code == 404
    said = _("error: %(message)s") % {"message": _("ruling %(id)s not found") % {"id": "'no-such-ruling'"}}
    assert said in text_of(r.text)
    assert "not found" not in text_of(r.text)
    assert site.get("/zh/fans/no-such-fan").status_code == 404
    assert "error: ruling 'no-such-ruling' not found" in text_of(site.get("/rulings/no-such-ruling").text)


def test_a_source_page_gives_its_authority_and_languages_in_chinese(site):
    page = zh_text(site.get("/zh/sources/GB2006").text)  # rulings/sources.yaml: official rule text; zh, en
    assert f"{p_('authority', 'official rule text')}" in page and "official rule text" not in page
    assert f"{p_('language', 'zh')}，{p_('language', 'en')}" in page


def test_mjref_show_says_the_status_line_in_chinese(db):
    out = CliRunner().invoke(cli, ["show", "seven-pairs-tile-hog", "--db", str(db), "--lang", "zh"]).output
    status = next(line for line in out.splitlines() if line.startswith(_("Status")))
    assert status.split(maxsplit=1)[1] == f"{_('disputed')}（MCR，{_('Combinations')}）"
    house = next(line for line in out.splitlines() if line.startswith(_("House")))
    assert f"{p_('profile', 'green-book')}：{p_('position', 'no-tile-hog')} no-tile-hog。" in house
    english = CliRunner().invoke(cli, ["show", "seven-pairs-tile-hog", "--db", str(db)]).output
    assert "disputed (mcr, combinations)" in english and "green-book: no-tile-hog. " in english


def test_every_source_says_how_to_cite_it_and_its_note_in_chinese(site):
    """rulings/sources.yaml gives each source's locators and note in Chinese too (locators_zh, note_zh): the
    Chinese source page shows them, the English page its English ones."""
    sources = load_corpus().sources
    assert [s.id for s in sources.values() if not s.locators_zh or (s.note and not s.note_zh)] == []
    gb = sources["GB2006"]
    page, english = zh_text(site.get("/zh/sources/GB2006").text), en_text(site.get("/sources/GB2006").text)
    assert gb.note_zh in page and gb.note not in page and gb.locators_zh.split("；")[0] in page
    assert gb.note in english and gb.note_zh not in english


# A built-in profile's id as a word: not inside a longer id, a link's ruling id or a key (`babcock-flowers`).
_IDS = "|".join(map(re.escape, builtin_names()))  # rulings/profiles/*.yaml
PROFILE_ID = re.compile(rf"(?<![A-Za-z0-9_-])(?:{_IDS})(?![A-Za-z0-9_-])")
CODE_SPAN = re.compile(r"`([^`\n]+)`")


def profile_ids_named(body: str) -> list[str]:
    """Each place ``body`` names a built-in profile by its id: as a word (``green-book 方案``) or as a code span that
    holds the id alone. The one exception is the id inside a code span that holds more: what a file or a command
    says (``extends: babcock``, ``--profile green-book``) or a module's path (``scorer.babcock.settle``)."""
    allowed = [m.span() for m in CODE_SPAN.finditer(body) if not PROFILE_ID.fullmatch(m.group(1))]
    named = (m for m in PROFILE_ID.finditer(body) if not any(s <= m.start() < e for s, e in allowed))
    return [body[max(0, m.start() - 12) : m.end() + 6].replace("\n", " ") for m in named]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("green-book 和 chinese-practice 方案不计缺一门；starback 方案加计", 3),
        ("`green-book` 依从这一点；`babcock-optional` 方案约定此选项", 2),
        ("在green-book方案下", 1),
        ("写一个继承 Babcock 标准计分（`extends: babcock`）的文件；`mjref score --profile starback`", 0),
        ("见 [[babcock-flowers]]；`babcock-four-kongs` 设为 `limit`；由 `scorer.babcock.settle` 完成", 0),
    ],
)
def test_profile_ids_named_finds_the_ids_a_text_names_a_profile_by(text, named):
    assert len(profile_ids_named(text)) == named


def test_the_chinese_rulings_name_the_built_in_profiles_by_their_chinese_names():
    """A Chinese ruling's body names a profile as the Chinese pages do (绿皮书, Starbäck 方案 …), never by its id
    (``green-book 方案``); the id stays only as code, in what a file or a command holds."""
    bodies = {r.id: r.body_zh for r in load_corpus().rulings if r.body_zh}
    assert len(bodies) >= 100  # rulings/zh/ holds the Chinese bodies
    named = {rid: found for rid, body in bodies.items() if (found := profile_ids_named(body))}
    assert named == {}
    names = [p_("profile", p) for p in builtin_names()]
    assert all(any(name in body for body in bodies.values()) for name in names)  # each is named somewhere


def _chinese_fields(node: object, key: str = "") -> list[str]:
    """Every text under a key ending in ``_zh`` in a ruling's front matter (a worked example's ``note_zh`` …)."""
    if isinstance(node, dict):
        return [text for k, v in node.items() for text in _chinese_fields(v, str(k))]
    if isinstance(node, list):
        return [text for v in node for text in _chinese_fields(v, key)]
    return [node] if key.endswith("_zh") and isinstance(node, str) else []


def test_the_chinese_texts_of_the_rulings_front_matter_name_the_profiles_in_chinese():
    # The worked examples' notes and the other Chinese fields of the English files' front matter, as the bodies.
    rulings = Path(__file__).parent.parent / "rulings"
    texts = {
        f"{path.relative_to(rulings)}: {text}"
        for path in rulings.rglob("*.md")
        if "zh" not in path.parts and path.read_text("utf-8").startswith("---")
        for text in _chinese_fields(yaml.safe_load(path.read_text("utf-8").split("---", 2)[1]))
    }
    assert len(texts) >= 300  # every worked example has its note in Chinese
    assert [t for t in texts if profile_ids_named(t.split(": ", 1)[1])] == []
