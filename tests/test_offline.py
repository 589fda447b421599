"""The exported site in a phone's browser with no network: Playwright driving Debian's Chromium against the export
served by a static file server on loopback. The first visit lets the service worker cache everything; then, offline,
a ruling opens from the home page, a hand scores on the score page, and a few hundred hands score in the browser
to what ``/-/score.json`` answers; the search page ranks as ``mjref lookup`` does.

Like ``test_browser.py``: never downloads a browser, skips without Chromium or Playwright locally, must run under CI.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
import yaml

from kb.lookup import lookup
from web.export.offline import write_service_worker

from .offline_support import _watch, export_once, static_server
from .site_support import Site
from .test_browser import pytestmark  # noqa: F401  (the same skip rule)

HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"
BAD = ["", "123m", "[135m]123m456m789m5s5s", "1m" * 101, "[EEE,9]123m456m789m5s5s"]
MANY = 300  # hands scored in one page evaluation


def _server(site: Site, paths: list[str]) -> list[Any]:
    """The site's answers to ``paths`` (JSON, or the text of a page), fetched in-process in a thread of their own:
    Playwright's synchronous API keeps an event loop running in this one."""

    def fetch() -> list[Any]:
        answers = [site.get(p) for p in paths]
        return [a.json() if ".json" in p else a.text for p, a in zip(paths, answers, strict=True)]

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(fetch).result()


def _wait(page: Any, script: str, expected: Any, seconds: float = 120.0) -> None:
    """Poll ``script`` (evaluated by the driver: the page's policy forbids eval, which wait_for_function needs)."""
    deadline = time.monotonic() + seconds
    while page.evaluate(script) != expected:
        assert time.monotonic() < deadline, f"timed out waiting for {script}"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def offline(
    browser: Any, db: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Any, Any, str, list[str]]]:
    """A phone's browser context that visited the export's home page once and then lost the network."""
    with static_server(export_once(db, tmp_path_factory)) as base:
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        context.set_default_timeout(60_000)
        page = context.new_page()
        errors = _watch(page)  # an icon fetch cut short is no fault of the site; that it comes cached is checked
        page.goto(base + "index.html")
        _wait(page, "() => document.documentElement.dataset.offline", "ready")
        # What the browser fetches on its own after the page (the manifest, its icons) is in before the network
        # goes: a fetch cut short by going offline is a console error that is no fault of the site.
        page.wait_for_load_state("networkidle")
        context.set_offline(True)
        yield context, page, base, errors
        context.close()


def test_offline_a_ruling_opens_and_a_hand_scores(offline: Any, site: Site) -> None:
    context, page, base, errors = offline
    link = page.locator("a[href^='rulings/']").first
    title = link.inner_text()
    link.click()
    page.wait_for_load_state()
    assert "/rulings/" in page.url and page.locator("h1").inner_text() == title
    page.locator("nav a", has_text="Score a hand").first.click()
    page.wait_for_load_state()
    page.fill("#hand", HAND)
    page.locator("form.score-form button[type=submit]").click()
    page.wait_for_selector("dd.total", timeout=60_000)
    query = urlencode({"hand": HAND})
    expected, server = _server(site, [f"/-/score.json?{query}", f"/-/score?{query}"])
    assert page.locator("dd.total").inner_text().startswith(f"{expected['total']} points")
    assert page.locator("table.fans").get_by_text(expected["fans"][0]["name"]).first.is_visible()
    assert page.locator("table.excluded").count() == (1 if expected["excluded"] else 0)
    assert "hand=" in page.url and page.input_value("#hand") == HAND  # the address keeps the hand, as online
    # The same result section as the server's page: the breakdown, exclusions, rulings and payments.
    for cell in page.locator("table.fans td.fan-name, table.excluded td.fan-name").all_inner_texts():
        assert cell in server
    assert errors == []


def test_offline_every_kind_of_page_comes_from_the_cache(offline: Any) -> None:
    context, page, base, errors = offline
    for path in [
        "zh/index.html",
        "fans/tile-hog/index.html",
        "sources/Starback2008/index.html",
        "zh/rulings/seven-pairs-tile-hog/index.html",
        "rulings/kong-table.json",
        "rulings/kong-table/",
    ]:
        response = page.goto(base + path)
        assert response is not None and response.ok and response.from_service_worker, path
    # The icons the pages link to (the browser's own fetch of them is not held against the site, above), and
    # favicon.ico, which the browser asks for by itself on a page that names no icon (the .json page above).
    for icon in ("icons/icon.svg", "icons/icon-192.png", "favicon.ico"):
        assert page.evaluate(f"() => fetch('{base}{icon}').then(r => r.ok)"), icon
    assert errors == []


def test_the_browser_scores_as_the_server(offline: Any, site: Site, db: Path) -> None:
    context, page, base, errors = offline
    page.goto(base + "-/score/index.html")
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT DISTINCT hand, profile FROM examples WHERE ruleset = 'mcr' ORDER BY ruling_id, ord"
        ).fetchall()
    by_profile: dict[str, list[str]] = {}
    for hand, profile in rows[:MANY]:
        by_profile.setdefault(profile, []).append(hand)
    by_profile.setdefault("green-book", []).extend(BAD)
    got = page.evaluate(
        "async (groups) => { const api = await window.mjrefScorer(); const out = {};"
        " for (const [p, hands] of Object.entries(groups)) out[p] = api.many(hands, p, ''); return out; }",
        by_profile,
    )
    asked = [(hand, profile) for profile, hands in by_profile.items() for hand in hands]
    expected = _server(site, ["/-/score.json?" + urlencode({"hand": h, "profile": p}) for h, p in asked])
    browser = [data for profile, hands in by_profile.items() for data in got[profile]]
    assert len(browser) == len(asked) >= MANY
    for (hand, profile), data, server in zip(asked, browser, expected, strict=True):
        assert data == server, (hand, profile)
    # In Chinese: the fans named as the Chinese site names them, the errors in Chinese.
    hands = [*by_profile["green-book"][:20], *BAD]
    zh = page.evaluate("async (hands) => (await window.mjrefScorer()).many(hands, 'green-book', '', 'zh')", hands)
    expected = _server(site, ["/zh/-/score.json?" + urlencode({"hand": h, "profile": "green-book"}) for h in hands])
    assert zh == expected
    assert errors == []


QUERIES = [
    "tile hog seven pairs",
    "四归一",
    "si gui yi",
    "robbing the kong last tile",
    "kong table",
    "fan 64",
    "七对里有四张一样的牌，能不能再算四归一？",
    "concealed kongs",
    "payments",
    "kong-table",  # a ruling's id, and a Chinese title: that ruling first (kb/exact_names.py)
    "杠与暗刻的各种组合",
]
# The foul questions of branch search32, in both languages: slang, whole sentences, misspellings (kb.spelling), the
# question's kind (kb.intent) and the Chinese index of pairs of characters, all ranked alike offline.
FOUL_QUESTIONS = yaml.safe_load((Path(__file__).parent / "fixtures" / "foul_questions_dev2.yaml").read_text("utf-8"))
QUERIES += [case["q"] for lang in ("en", "zh") for case in FOUL_QUESTIONS[lang]]
# Branch para's: table vocabulary in the aliases, "his go" (kb.table_words) and sets written as tiles (kb.laid_sets).
DEV3 = yaml.safe_load((Path(__file__).parent / "fixtures" / "foul_questions_dev3.yaml").read_text("utf-8"))
QUERIES += [case["q"] for lang in ("en", "zh") for case in DEV3[lang]]
QUERIES += ["吃了个三五六", "he called chow on the 3 but only had 5 and 6", "kong of 3334"]  # kb.laid_sets
QUERIES += ["跳摸罚多少分", "碰错罚几分", "penalty for a wrong call"]  # kb.table_words: 罚多少分 is 罚分
QUERIES += ["七番就胡了", "和了以后一算只有七番", "he won with only 5 pts"]  # kb.table_words: below the minimum
QUERIES += ["invalid claim", "incorrect meld on the table after discarding"]  # kb.table_words: "wrong"
QUERIES += ["how many secs do i get to discard", "he has 2 mins left"]  # kb.table_words: "seconds", "minutes"
QUERIES += ["he went out with only 7 points", "诈胡怎么罚", "someone ponged after I ronned", "碰pong"]  # kb.table_words
QUERIES += ["he has 16 tiles", "摸完牌一数16张", "数了一下有十五张"]  # kb.table_words: a wrong tile count


def test_offline_search_ranks_as_lookup(offline: Any, db: Path) -> None:
    context, page, base, errors = offline
    page.goto(base + "-/search/index.html?" + urlencode({"q": "tile hog"}))
    _wait(page, "() => document.documentElement.dataset.searched", "1")
    assert page.locator("ol.results li.result").count() > 0
    found = page.evaluate(
        "async (qs) => { const index = await window.mjrefSearchIndex();"
        " return qs.map((q) => index.find(q, 10).hits.map((h) => h.ruling.id)); }",
        QUERIES,
    )
    for query, ids in zip(QUERIES, found, strict=True):
        expected = [h.id for h in lookup(query, db, 10)]
        # The best three alike; below them, near ties may fall the other way (BM25 recomputed in the browser).
        assert ids[:3] == expected[:3], (query, ids)
        assert len(set(ids) & set(expected)) >= min(8, len(expected)), (query, json.dumps(ids))
    assert errors == []


def test_offline_chinese_and_babcock_score_pages(offline: Any, site: Site) -> None:
    context, page, base, errors = offline
    babcock = "[8888p,1]234sEEEFFPPF"
    asked = {"zh/-/score/index.html?" + urlencode({"hand": HAND}): "/zh/-/score.json?" + urlencode({"hand": HAND})}
    asked["-/score/index.html?" + urlencode({"hand": babcock, "ruleset": "babcock"})] = "/-/score.json?" + urlencode(
        {"hand": babcock, "ruleset": "babcock"}
    )
    expected = _server(site, list(asked.values()))
    for path, data in zip(asked, expected, strict=True):
        page.goto(base + path)
        page.wait_for_selector("dd.total", timeout=60_000)
        shown = page.locator("dd.total").inner_text()
        assert str(data["total"]) in shown and (not path.startswith("zh/") or "番" in shown), (path, shown)
    assert page.locator("input[name=ruleset]").input_value() == "babcock"
    page.goto(base + "zh/-/score/index.html")
    zh = page.evaluate("async (h) => (await window.mjrefScorer()).page(h, '', '')", HAND)
    assert zh["data"] == expected[0]  # what /zh/-/score.json answers: the fans named in Chinese
    assert errors == []


def test_a_new_export_replaces_the_old_cache(browser: Any, db: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    copy = tmp_path_factory.mktemp("again") / "site"
    shutil.copytree(export_once(db, tmp_path_factory), copy)
    with static_server(copy) as base:
        context = browser.new_context()
        page = context.new_page()
        page.goto(base + "index.html")
        _wait(page, "() => document.documentElement.dataset.offline", "ready")
        keys = "async () => (await caches.keys()).filter((k) => k.startsWith('mjref-'))"
        old = page.evaluate(keys)
        assert old == [f"mjref-{_version(copy)}"]
        with (copy / "static" / "mjref.css").open("a") as f:  # what a new export does: new contents, a new list
            f.write("\n/* changed */\n")
        write_service_worker(copy, skip=("sw.js", ".mjref-export"))
        new = f"mjref-{_version(copy)}"
        assert [new] != old
        page.evaluate("async () => { const r = await navigator.serviceWorker.getRegistration(); await r.update(); }")
        _wait(page, keys, [new])  # the new version cached, the old cache deleted
        context.set_offline(True)
        page.goto(base + "static/mjref.css")
        assert "/* changed */" in page.content()
        context.close()


def _version(root: Path) -> str:
    return str(json.loads((root / "sw.js").read_text().split("\n", 1)[0].split("=", 1)[1].strip().rstrip(";")))
