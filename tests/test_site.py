"""The site's pages and their JSON, served in-process by Datasette as ``mjref serve`` configures it.

Expected values come from the rulings (front matter), the scorer's tables and the library functions the
site must agree with (``kb.lookup``, ``scorer.score``), never from what the site printed before.
"""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest
import yaml

from kb.load import body_references, load_corpus
from kb.lookup import lookup
from kb.names import pinyin_forms
from scorer import score
from scorer.mcr.positions import DISPUTED
from scorer.mcr.table import EXCLUSIONS, FANS
from scorer.notation import parse
from scorer.profiles import load_profile

from .site_support import Site, text_of

HAND_WITH_KONG = "[123m,1][EEE,2][5555s]789s5p5p|EW1000"  # a chow, a pung, a concealed kong, won on 5p
LOOKUP_QUESTIONS = yaml.safe_load((Path(__file__).parent / "fixtures" / "lookup_questions.yaml").read_text("utf-8"))


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.fixture(scope="module")
def rulings(corpus):
    return {r.id: r for r in corpus.rulings}


# Home.


def test_home_has_search_box_topics_disputed_rulings_and_fans(site, rulings):
    r = site.get("/")
    assert r.status_code == 200
    assert 'action="/-/search"' in r.text and 'name="q"' in r.text
    topics = {ruling.topic for ruling in rulings.values()}
    for topic in topics - {"fans"}:
        assert f'id="topic-{topic}"' in r.text
    for ruling in rulings.values():
        assert f'href="/rulings/{ruling.id}"' in r.text or ruling.topic == "fans"
    for n, fan in FANS.items():
        if n <= 81:
            assert f'href="/fans/{fan.key}"' in r.text


def test_every_ruling_fan_and_source_page_opens_in_both_languages(site, rulings):
    """Each page renders, worked examples and all (a Babcock loser's hand has no payments: it once made the
    page fail)."""
    sources = [row["id"] for row in site.json("/kb/sources.json", params={"_shape": "array", "_size": "max"})]
    paths = [f"/rulings/{r}" for r in rulings] + [f"/fans/{f.key}" for f in FANS.values()]
    paths += [f"/sources/{s}" for s in sources]
    failed = [(p, status) for p in paths for lang in ("", "/zh") if (status := site.get(lang + p).status_code) != 200]
    assert failed == []


def test_home_json_groups_the_81_fans_by_points(site):
    data = site.json("/index.json")
    seen = {}
    for group in data["fans_by_points"]:
        for fan in group["fans"]:
            seen[fan["id"]] = group["points"]
    assert seen == {n: f.points for n, f in FANS.items() if n <= 81}
    points = [g["points"] for g in data["fans_by_points"]]
    assert points == sorted(points, reverse=True)


def test_home_shows_the_house_position_on_every_disputed_ruling(site, rulings):
    house = load_profile("green-book")
    data = site.json("/index.json")
    shown = {d["id"]: d["house_position"] for d in data["disputed"]}
    assert set(shown) == {r.id for r in rulings.values() if r.status == "disputed"}
    for ruling_id, position in house.positions.items():
        if ruling_id in shown:
            assert shown[ruling_id]["id"] == position
    assert sum(t["count"] for t in data["topics"]) == len(rulings)
    assert data["profile"]["name"] == "green-book"


def test_home_follows_the_site_profile(db):
    s = Site(db, profile="chinese-practice")
    try:
        data = s.json("/index.json")
        house = load_profile("chinese-practice")
        assert data["profile"]["name"] == "chinese-practice"
        for d in data["disputed"]:
            if d["id"] in house.positions:
                assert d["house_position"]["id"] == house.positions[d["id"]]
        points = {f["id"]: g["points"] for g in data["fans_by_points"] for f in g["fans"]}
        assert points == {n: v for n, v in house.points.items() if n <= 81}
        assert s.json("/-/score.json", params={"hand": "123m456m789m123p55s"})["profile"] == "chinese-practice"
    finally:
        s.close()


# Rulings.


def test_ruling_page_shows_question_answer_body_and_citations(site, rulings):
    ruling = rulings["seven-pairs-tile-hog"]
    r = site.get(f"/rulings/{ruling.id}")
    assert r.status_code == 200
    text = text_of(r.text)
    assert ruling.title in text and ruling.question in text and ruling.answer in text
    data = site.json(f"/rulings/{ruling.id}.json")
    body = data["ruling"]["body_html"]
    # Hands are drawn after </code>, and each table is put in a figure that scrolls on a phone.
    page = r.text.replace('<figure class="table-scroll">', "").replace("</table></figure>", "</table>")
    assert body and all(piece in page for piece in re.split(r"(?<=</code>)", body))
    cited = {(c["source_id"], c["locator"]) for c in data["citations"]}
    assert {(c.source, c.at) for c in ruling.cites} <= cited
    assert {(c.source, c.at) for c in body_references(ruling)[0]} <= cited


def test_disputed_ruling_marks_the_house_position(site, rulings):
    ruling_id = "seven-pairs-tile-hog"
    data = site.json(f"/rulings/{ruling_id}.json")
    assert [p["id"] for p in data["positions"]] == [p.id for p in rulings[ruling_id].positions]
    assert {p["id"] for p in data["positions"]} == set(DISPUTED[ruling_id])
    marked = [p["id"] for p in data["positions"] if p["house"]]
    assert marked == [load_profile("green-book").positions[ruling_id]]
    for p in data["positions"]:
        wanted = {(c.source, c.at) for c in next(x for x in rulings[ruling_id].positions if x.id == p["id"]).cites}
        assert wanted <= {(c["source_id"], c["locator"]) for c in p["citations"]}
    html = site.get(f"/rulings/{ruling_id}").text
    assert re.search(r'class="position house">\s*<strong>' + marked[0], html)


def test_ruling_examples_are_drawn_as_tiles_with_the_scorer_breakdown(site, rulings):
    ruling = rulings["fan-tile-hog"]
    data = site.json(f"/rulings/{ruling.id}.json")
    assert [(e["hand"], e["profile"], e["expected_total"]) for e in data["examples"]] == [
        (ex.hand, ex.profile, ex.total) for ex in ruling.examples
    ]
    html = site.get(f"/rulings/{ruling.id}").text
    # A card a hand (issue 37): each example's result in its hand's card, its breakdown in the card's fold.
    cards = html.split('<div class="example">')[1:]
    hands = {e["canonical"] or e["hand"] for e in data["examples"]}
    assert len(cards) == len(hands) == 3 < len(ruling.examples)  # examples 3 and 4 share a hand
    for i, ex in enumerate(ruling.examples):
        [card] = [c for c in cards if f'id="example-{i}"' in c]
        hand = parse(ex.hand)
        tiles = sum(len(m.tiles) for m in hand.melds) + len(hand.standing) + 1
        assert card.split("</p>")[0].count('<span class="tile ') == tiles  # the hand drawn once, in its line
        result = card.split(f'id="example-{i}"')[1].split("</li>")[0]
        assert f"{ex.profile} Expected total: {ex.total}" in text_of(">" + result)
        [breakdown] = [
            b for b in card.split('<section class="example-breakdown">')[1:] if f"<strong>{ex.profile}<" in b
        ]
        assert f"{ex.total} points" in text_of(breakdown)
        for fan in score(ex.hand, profile=ex.profile).fans:
            assert f'href="/fans/{fan.key}"' in breakdown


def test_every_ruling_is_prepared_at_once_and_serving_it_changes_nothing(db, rulings):
    # web/ruling_page.py prepares every ruling's page content on the first call, for one language; the pages then
    # share it, so what one request sees must be what every later one sees, in either language.
    from web.ruling_page import prepare

    site = Site(db)
    try:
        first = {
            lang: (site.get(f"{pre}/rulings/kong-table").text, site.get(f"{pre}/rulings/kong-table.json").text)
            for lang, pre in (("en", ""), ("zh", "/zh"))
        }
        prepared = {lang: prepare(site.ds, lang) for lang in ("en", "zh")}
        assert set(prepared["en"]) == set(prepared["zh"]) == set(rulings)  # every ruling, not the ones asked for
        for lang, pre in (("zh", "/zh"), ("en", "")):  # in the other order, with other pages between
            site.get(f"{pre}/rulings/fan-tile-hog")
            again = (site.get(f"{pre}/rulings/kong-table").text, site.get(f"{pre}/rulings/kong-table.json").text)
            assert again == first[lang]
        assert prepare(site.ds, "en") is prepared["en"]  # made once per site and language
        # No page changes what it shares: every ruling's data is the same after every page has been served.
        before = json.dumps({lang: {r: p.data for r, p in kept.items()} for lang, kept in prepared.items()})
        for rid in rulings:
            for pre in ("", "/zh"):
                assert site.get(f"{pre}/rulings/{rid}").status_code == 200
                assert site.get(f"{pre}/rulings/{rid}.json").status_code == 200
        assert json.dumps({lang: {r: p.data for r, p in kept.items()} for lang, kept in prepared.items()}) == before
    finally:
        site.close()


def test_hands_written_in_a_ruling_body_are_drawn_as_tiles(site, rulings):
    ruling = rulings["two-concealed-kongs"]
    hands = [h for h in re.findall(r"`([^`]+)`", ruling.body) if _complete(h)]
    assert hands, "the ruling writes worked hands in its text"
    html = site.get(f"/rulings/{ruling.id}").text
    body = html.split('<div class="body">')[1].split("</div>")[0]
    assert body.count('class="hand hand-inline"') == len(hands)


def _complete(text: str) -> bool:
    try:
        hand = parse(text)
    except Exception:
        return False
    kongs = sum(len(m.tiles) == 4 for m in hand.melds)
    return sum(len(m.tiles) for m in hand.melds) + len(hand.standing) + 1 == 14 + kongs


def test_ruling_says_what_the_scorer_applies_it_to(site):
    data = site.json("/rulings/fan-tile-hog.json")
    assert {(a["kind"], a.get("id")) for a in data["applies_to"] if a["kind"] == "definition"} == {("definition", 64)}
    data = site.json("/rulings/principle-non-repetition.json")
    pairs = {(a["fan_id"], a["excluded_fan_id"]) for a in data["applies_to"] if a["kind"] == "exclusion"}
    assert pairs == {(e.fan, e.excludes) for e in EXCLUSIONS if e.ruling == "principle-non-repetition"}
    html = site.get("/rulings/principle-non-repetition").text
    assert "The scorer applies this ruling to" in html


def test_ruling_lists_the_fans_it_concerns(site, rulings):
    ruling = rulings["seven-pairs-tile-hog"]
    data = site.json(f"/rulings/{ruling.id}.json")
    assert [f["id"] for f in data["fans"]] == list(ruling.fans)


# Fans.


def test_fan_page_has_points_every_name_and_what_it_does_not_combine_with(site, rulings):
    fan = FANS[64]
    r = site.get(f"/fans/{fan.key}")
    assert r.status_code == 200
    text = text_of(r.text)
    assert fan.name in text and fan.name_zh in text and f"{fan.points} points" in text
    data = site.json(f"/fans/{fan.key}.json")
    names = {n["alias"] for n in data["names"]}
    assert set(pinyin_forms(rulings[fan.ruling].pinyin)) <= names
    assert {fan.name, fan.name_zh} | set(rulings[fan.ruling].aliases.get("en", ())) <= names
    assert {p["fan_id"] for p in data["does_not_combine_with"]} == {e.excludes for e in EXCLUSIONS if e.fan == 64}
    assert {p["fan_id"] for p in data["excluded_by"]} == {e.fan for e in EXCLUSIONS if e.excludes == 64}
    for p in data["does_not_combine_with"] + data["excluded_by"]:
        assert f'href="/rulings/{p["ruling_id"]}"' in r.text
    assert data["examples"], "some worked example scores Tile Hog"
    for ex in data["examples"]:  # each one's breakdown is its ruling's (a fan page lists, and links to it)
        assert "computed" not in ex
        [stored] = [e for e in site.json(f"/rulings/{ex['ruling_id']}.json")["examples"] if e["ord"] == ex["ord"]]
        assert "tile-hog" in {f["key"] for f in stored["computed"]["fans"]}
    involved = {r.id for r in rulings.values() if 64 in r.fans and r.id != fan.ruling}
    assert {x["id"] for x in data["rulings"]} == involved


def test_fan_by_number_redirects_to_its_key(site):
    r = site.get("/fans/64")
    assert r.status_code == 302 and r.headers["location"] == f"/fans/{FANS[64].key}"


# Sources.


def test_source_page_lists_every_ruling_that_cites_it(site, corpus):
    source = corpus.sources["Starback2008"]
    r = site.get(f"/sources/{source.id}")
    assert r.status_code == 200 and source.title in text_of(r.text)
    citing = set()
    for ruling in corpus.rulings:
        cites = [*ruling.cites, *(c for p in ruling.positions for c in p.cites), *body_references(ruling)[0]]
        if any(c.source == source.id for c in cites):
            citing.add(ruling.id)
    data = site.json(f"/sources/{source.id}.json")
    assert {x["id"] for x in data["rulings"]} == citing
    assert data["source"]["title"] == source.title


# Search.


@pytest.mark.parametrize("q", ["四归一", "si gui yi", "Tile Hog", "sì guī yī"])
def test_search_finds_a_fan_by_any_of_its_names(site, q):
    data = site.json("/-/search.json", params={"q": q})
    assert "fan-tile-hog" in [x["id"] for x in data["results"]][:3]
    assert [f["id"] for f in data["fans_named"]] == [64]


@pytest.mark.parametrize("question", LOOKUP_QUESTIONS[:12], ids=lambda q: q["q"])
def test_search_ranks_as_mjref_lookup(site, db, question):
    data = site.json("/-/search.json", params={"q": question["q"]})
    assert [x["id"] for x in data["results"]] == [h.id for h in lookup(question["q"], db, 10)]


def test_search_highlights_the_words_and_fan_names(site):
    r = site.get("/-/search", params={"q": "四归一 七对"})
    assert r.status_code == 200
    assert "<mark>Tile Hog</mark>" in r.text and "<mark>Seven Pairs</mark>" in r.text
    assert 'href="/rulings/seven-pairs-tile-hog"' in r.text


def test_empty_search_shows_the_form(site):
    r = site.get("/-/search", params={"q": ""})
    assert r.status_code == 200 and 'name="q"' in r.text
    assert site.json("/-/search.json")["results"] == []


# Score.


def test_score_json_is_the_scorers_json(site):
    hand = "[123m,1][EEE,2]456p789s5s5s|EW1000"
    assert site.json("/-/score.json", params={"hand": hand}) == score(hand).to_dict()


def test_score_totals_match_the_worked_examples(site, rulings):
    for ex in rulings["fan-tile-hog"].examples + rulings["seven-pairs-tile-hog"].examples:
        data = site.json("/-/score.json", params={"hand": ex.hand, "profile": ex.profile})
        assert data["total"] == ex.total, ex


def test_score_page_draws_the_hand_and_links_every_fan_and_ruling(site):
    result = score(HAND_WITH_KONG)
    r = site.get("/-/score", params={"hand": HAND_WITH_KONG})
    assert r.status_code == 200
    hand = parse(HAND_WITH_KONG)
    assert r.text.count('<span class="tile ') == sum(len(m.tiles) for m in hand.melds) + len(hand.standing) + 1
    assert "concealed kong" in r.text
    assert len(re.findall(r'class="tile tile-s down"', r.text)) == 2  # the kong's outer tiles face down
    assert "melded chow" in r.text and "melded pung" in r.text
    assert len(re.findall(r'class="tile tile-\w claimed"', r.text)) == 2  # the chow's and the pung's claimed tiles
    for fan in result.fans:
        assert f'href="/fans/{fan.key}">{fan.name}</a>' in r.text
    for ruling_id in result.ruling_ids - set(result.rulings):
        assert f'href="/rulings/{ruling_id}"' in r.text
    for ex in result.excluded:
        assert f'href="/fans/{ex.key}">{ex.name}</a>' in r.text
    text = text_of(r.text)
    assert f"Total {result.total} points" in text
    assert ("Minimum met" if result.meets_minimum else "Minimum not met") in text


def test_score_page_payments_and_honours_readable(site):
    hand = "[123m,1][EEE,2]456p789s5s5s|EW1000"
    result = score(hand)
    text = text_of(site.get("/-/score", params={"hand": hand}).text)
    assert result.payments is not None
    assert f"winner {result.payments['winner']:+d}" in text
    assert "東" in text and 'title="East wind"' in site.get("/-/score", params={"hand": hand}).text


def test_score_page_switches_profile(site):
    hand = "2233446688sFF22s|EE0000"  # a Seven Pairs All Green: the profiles disagree on Tile Hog
    for profile in ("green-book", "chinese-practice", "starback"):
        data = site.json("/-/score.json", params={"hand": hand, "profile": profile})
        assert data["total"] == score(hand, profile=profile).total and data["profile"] == profile
    r = site.get("/-/score", params={"hand": hand, "profile": "starback"})
    assert '<option value="starback" selected>' in r.text
    assert f"/-/score?hand={quote(hand, safe='')}&amp;profile=green-book" in r.text


def test_score_form_explains_the_notation(site):
    r = site.get("/-/score")
    assert r.status_code == 200
    assert 'name="hand"' in r.text and 'name="profile"' in r.text and "The notation" in r.text


@pytest.mark.parametrize("hand", ["123x456m789m123p55s", "123m456m789m124p55s", "123m456m789m123p55s|EE0001"])
def test_bad_hand_gives_400_with_the_one_line_error(site, hand):
    try:
        score(hand)
        raise AssertionError("the hand should be refused")
    except Exception as e:  # the scorer's own message is what the page must show
        message = str(e)
    r = site.get("/-/score", params={"hand": hand})
    assert r.status_code == 400
    assert f"error: {message}" in text_of(r.text)
    j = site.get("/-/score.json", params={"hand": hand})
    assert j.status_code == 400 and j.json()["error"] == message


def test_score_json_without_a_hand_is_400(site):
    assert site.get("/-/score.json").status_code == 400


# 404s and Datasette's own pages.


@pytest.mark.parametrize("path", ["/rulings/no-such-ruling", "/fans/no-such-fan", "/sources/NoSuchSource", "/fans/99"])
def test_unknown_pages_are_404(site, path):
    assert site.get(path).status_code == 404
    j = site.get(path + ".json")
    assert j.status_code == 404 and "not found" in j.json()["error"]


def test_datasette_tables_and_json_stay_available(site, rulings):
    assert site.get("/kb").status_code == 200
    rows = site.json("/kb/rulings.json", params={"_shape": "array", "_size": "max", "_col": "title"})
    assert {row["id"] for row in rows} == set(rulings)
    assert site.json("/kb/fans/64.json", params={"_shape": "array"})[0]["name"] == FANS[64].name


def test_robots_and_sitemap_let_ruling_pages_be_indexed(site, rulings):
    robots = site.get("/robots.txt").text
    assert "Disallow: /kb" in robots and "Disallow: /-/" in robots and "Sitemap: " in robots
    assert "Disallow: /\n" not in robots
    sitemap = site.get("/sitemap.xml")
    assert sitemap.status_code == 200 and sitemap.headers["content-type"].startswith("application/xml")
    locs = set(re.findall(r"<loc>[^<]*?(/rulings/[^<]+)</loc>", sitemap.text))
    assert locs == {f"/rulings/{r}" for r in rulings}


def test_a_link_to_another_ruling_reads_as_its_title_in_the_pages_language(site, rulings):
    # The seven-pairs tile hog ruling links the Tile Hog and Seven Pairs fans ([[fan-tile-hog]] in its Markdown):
    # the page shows the linked rulings' titles, the Chinese page their Chinese titles (or the English title where
    # none is written), and the links still lead to the rulings by id.
    source = rulings["seven-pairs-tile-hog"]
    for lang, prefix in (("en", ""), ("zh", "/zh")):
        page = site.get(f"{prefix}/rulings/{source.id}").text
        links = dict(re.findall(r'<a class="ruling-link" href="[^"]*/rulings/([^"]+)">([^<]*)</a>', page))
        assert {"fan-tile-hog", "fan-seven-pairs"} <= set(links)
        for target, shown in links.items():
            linked = rulings[target]
            title = linked.zh.get("title") or linked.title if lang == "zh" else linked.title
            assert shown == html_lib.escape(title), (lang, target)
            assert f'href="{prefix}/rulings/{target}"' in page


def test_search_snippets_quote_linked_rulings_by_title_not_id(site, rulings):
    # A body's [[ruling-id]] links read as the linked rulings' titles on the page; a search result's snippet
    # quotes the body as the page reads it, in the page's language, so no id the body only links shows in it.
    def only_linked(ruling, zh: bool) -> set[str]:
        body = ruling.body_zh if zh else ruling.body
        unlinked = re.sub(r"\[\[[^\]]*\]\]", " ", body)  # the body's text besides its links
        return {target for target, _line in body_references(ruling, zh=zh)[1] if target not in unlinked}

    checked = 0
    for case in LOOKUP_QUESTIONS[:40]:
        for prefix in ("", "/zh"):
            page = site.get(f"{prefix}/-/search?q={quote(case['q'])}").text
            for item in page.split('<li class="result">')[1:]:
                rid = re.search(r'<code class="muted">([^<]+)</code>', item).group(1)
                snippet = re.search(r'<p class="snippet">(.*?)</p>', item)
                if snippet is None:
                    continue
                ruling = rulings[rid]
                ids = only_linked(ruling, zh=bool(prefix and ruling.body_zh))
                text = re.sub(r"<[^>]+>", "", snippet.group(1))
                assert not [t for t in ids if re.search(rf"(?<![\w-]){t}(?![\w-])", text)], (rid, text)
                checked += bool(ids)
    assert checked > 50  # results whose bodies link other rulings
