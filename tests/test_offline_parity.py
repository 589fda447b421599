"""The exported score page and Babcock table page do offline what the server's pages do online (issue 37): on a
390×844 touch phone and on a desktop, in English and in Chinese, with the export's static server stopped after
the first visit (only the service worker answers), each page is set beside the same page of ``mjref serve``:

- the result's heading with its total, "The notation" folded, the answer (the total, or the verdict) brought into
  view by itself; the result handed to the players (its address to copy, its QR code);
- the audit of a claimed score (the verdict, the false-win verdict above the form) and the comparison of profiles
  ("all of them side by side"), with the same words;
- the Babcock table's settlement (the book's Fig. 18 table of ``test_site_table``: +1008, -330, -336, -342);
- the header's and footer's links that cannot work offline (the database's tables, ``kb.db``, the JSON of a page
  asked with a query) not shown, the others answered from the cache.

``MJREF_SCREENSHOTS`` (a folder) keeps a screenshot of each page looked at. Like ``test_browser.py``: never
downloads a browser, skips without Chromium or Playwright locally, must run under CI."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from .offline_support import DESKTOP, PHONE, export_once, visited_then_stopped
from .site_support import Site
from .test_browser import pytestmark  # noqa: F401  (the same skip rule)
from .test_offline import _server
from .test_site_table import TABLE

HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"  # 12 points under green-book (test_site_audit: README_HAND)
NOT_A_WIN = "123m456m789m123p5s5p"  # no winning hand: a false win (test_site_audit)
SEVEN_PAIRS_HOG = "1111m2233p4455s7s7s"  # the profiles differ on seven-pairs-tile-hog
SCORE = "-/score/index.html?"
SHOWN = [
    "section.result h2",
    "dd.total",
    "section.false-win",
    "p.claim-verdict",
    "table.profile-totals",
    "p.reading",
    "section.waits",
]
ANSWERS = {  # a query of the score page, and what of it is compared with the server's page
    "total": {"hand": HAND},
    "audit": {"hand": HAND, "claim": "Mixed Straight, zi mo", "claim_total": "24"},
    "false-win": {"hand": NOT_A_WIN, "claim_total": "8"},
    "below-minimum": {"hand": "[234m,1]567p345s678s9m9m", "claim_total": "6"},  # 4 points (test_site_audit)
    "compare": {"hand": SEVEN_PAIRS_HOG, "compare": "all"},
    "waits": {"hand": "1113m123p123s789s", "compare": "all"},  # 13 tiles: the grid under each profile
}
LANGS = {"en": "", "zh": "zh/"}


@pytest.fixture(scope="module")
def stopped(browser: Any, db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict]]:
    """A phone and a desktop that visited the export once; then the export's server stopped."""
    with visited_then_stopped(browser, export_once(db, tmp_path_factory), {"phone": PHONE, "desktop": DESKTOP}) as s:
        yield s


@pytest.fixture(scope="module")
def online(browser: Any, url: str) -> Iterator[Any]:
    """A phone's page on ``mjref serve``: the pages the offline ones are set beside."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(60_000)
    yield context.new_page(), url
    context.close()


def _shot(page: Any, name: str) -> None:
    folder = os.environ.get("MJREF_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def _texts(page: Any, css: str) -> list[str]:
    return [" ".join(t.split()) for t in page.locator(css).all_inner_texts()]


def _in_view(page: Any, css: str) -> bool:
    """Whether the element's top is on the screen (the page scrolled to it, or it is there already)."""
    box = page.locator(css).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and -5 <= box["y"] < height - 40  # scrolled to the top: a fraction above it


def _opened(page: Any, address: str, ready: str) -> None:
    page.goto(address)
    page.locator(ready).first.wait_for(timeout=120_000)
    page.wait_for_timeout(300)  # the page lands on its answer once drawn


def _landed(kind: str) -> str:
    landing = {"total": "section.result h2", "compare": "#compare", "false-win": "section.false-win"}
    return {**landing, "waits": "section.waits h2"}.get(kind, "p.claim-verdict[data-land]")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ANSWERS)
def test_offline_the_score_page_shows_what_the_server_shows(
    stopped: tuple[str, dict], online: tuple[Any, str], kind: str, lang: str
) -> None:
    base, devices = stopped
    context, page, errors = devices["phone"]
    server, url = online
    query = urlencode(ANSWERS[kind])
    ready = {"false-win": "section.false-win", "waits": "section.waits h2"}.get(kind, "section.result h2")
    _opened(page, f"{base}{LANGS[lang]}{SCORE}{query}{'#compare' if kind == 'compare' else ''}", ready)
    _shot(page, f"score-{kind}-{lang}-phone")
    _opened(server, f"{url}/{LANGS[lang]}-/score?{query}{'#compare' if kind == 'compare' else ''}", ready)
    for css in SHOWN:
        assert _texts(page, css) == _texts(server, css), (css, kind, lang)
    assert _texts(page, _landed(kind)), "nothing to compare"
    # "The notation" folded as online, and the answer on the screen by itself (online too, as land.js brings it).
    assert page.locator("details.notation").get_attribute("open") is None
    assert server.locator("details.notation").get_attribute("open") is None
    assert _in_view(page, _landed(kind)) and _in_view(server, _landed(kind)), kind
    if kind == "total":
        total = {"en": "· 12 points", "zh": "· 12 番"}[lang]
        assert _texts(page, "section.result h2")[0].endswith(total)
        # Handed to the players as online: the page's address to copy, and its QR code drawn in the browser.
        assert page.input_value("#share-url") == page.url and page.locator("#copy-link").is_visible()
        page.locator("details.qr summary").click()
        image = page.locator("details.qr img")
        assert (image.get_attribute("src") or "").startswith("data:image/svg+xml;base64,")
        image.scroll_into_view_if_needed()
        for _ in range(50):  # the image is lazy: drawn once on the screen
            if page.evaluate("() => document.querySelector('details.qr img').naturalWidth") > 0:
                break
            page.wait_for_timeout(100)
        assert page.evaluate("() => document.querySelector('details.qr img').naturalWidth") > 0
        _shot(page, f"score-qr-{lang}-phone")
    assert errors == []


def test_offline_a_claim_checked_through_the_form(stopped: tuple[str, dict]) -> None:
    """The form's fold-out "Check a claimed score" works offline: the verdict comes into view, the address keeps
    the claim; "all of them side by side" then sets the profiles beside one another."""
    base, devices = stopped
    for device in ("phone", "desktop"):
        context, page, errors = devices[device]
        for lang, prefix in LANGS.items():
            page.goto(f"{base}{prefix}{SCORE}")
            page.fill("#hand", HAND)
            page.locator("details.claim-check summary").click()
            page.fill("#claim_total", "24")
            page.locator("form.score-form > button[type=submit]").click()
            page.locator("p.claim-verdict").wait_for(timeout=120_000)
            page.wait_for_timeout(300)
            verdict = {"en": "claimed 24 points, the scorer gives 12 under green-book, 12 too high", "zh": "多报 12 番"}
            assert verdict[lang] in _texts(page, "p.claim-verdict")[0]
            assert _in_view(page, "p.claim-verdict") and "claim_total=24" in page.url
            _shot(page, f"score-claim-form-{lang}-{device}")
            page.locator("p.other-profiles a[href*='compare=all']").click()
            page.locator("section.compare").wait_for(timeout=120_000)
            page.wait_for_timeout(300)
            assert _in_view(page, "#compare") and page.locator("table.profile-totals tbody tr").count() >= 3
            _shot(page, f"score-form-compare-{lang}-{device}")
        assert errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_offline_the_babcock_table_settles_as_the_server(
    stopped: tuple[str, dict], online: tuple[Any, str], site: Site, lang: str
) -> None:
    base, devices = stopped
    server, url = online
    query = urlencode({**TABLE, "winner": "E"})
    expected = _server(site, [f"/{LANGS[lang]}-/table.json?{query}"])[0]
    assert expected["net"] == {"E": 1008, "S": -330, "W": -336, "N": -342}  # worked out in test_site_table
    _opened(server, f"{url}/{LANGS[lang]}-/table?{query}", "table.settlement")
    for device in ("phone", "desktop"):
        context, page, errors = devices[device]
        _opened(page, f"{base}{LANGS[lang]}-/table/index.html?{query}", "table.settlement")
        _shot(page, f"table-{lang}-{device}")
        for css in ("table.settlement", "section.seat h2", "section.seat table"):
            assert _texts(page, css) == _texts(server, css), (css, device)
        assert [t.split()[-1] for t in _texts(page, "table.settlement tbody tr")] == ["+1008", "-330", "-336", "-342"]
        assert page.locator("details.notation").get_attribute("open") is None
        assert _in_view(page, "h2[data-land]")
        assert errors == []


def test_offline_from_the_score_page_to_the_babcock_table(stopped: tuple[str, dict]) -> None:
    """The score page's Babcock switch offers "Score the whole table", as online; the table's form settles."""
    base, devices = stopped
    context, page, errors = devices["phone"]
    for lang, prefix in LANGS.items():
        page.goto(f"{base}{prefix}{SCORE}")
        page.locator("p.rulesets a", has_text="Babcock").click()
        page.locator("p.rulesets a[href^='../table/']").click()
        page.wait_for_load_state()
        assert page.url.endswith("-/table/index.html?profile=babcock")
        for field, hand in TABLE.items():
            page.fill(f"#{field}", hand)
        page.select_option("#winner", "E")
        page.locator("form.table-form button[type=submit]").click()
        page.locator("table.settlement").wait_for(timeout=120_000)
        page.wait_for_timeout(300)
        assert _texts(page, "table.settlement tbody tr td.points") == ["+1008", "-330", "-336", "-342"]
        assert _in_view(page, "h2[data-land]") and "winner=E" in page.url
        _shot(page, f"table-form-{lang}-phone")
    assert errors == []


PAGES = ["index.html", "rulings/payments/index.html", SCORE, "-/table/index.html", "-/sheet/index.html"]


def test_offline_no_link_leads_nowhere(stopped: tuple[str, dict]) -> None:
    """The header's "Data" and the footer's tables and kb.db (and a page's JSON the export lacks) are not shown;
    every link the header and footer keep opens from the cache."""
    base, devices = stopped
    context, page, errors = devices["phone"]
    for prefix in LANGS.values():
        for path in PAGES:
            page.goto(base + prefix + path)
            links = page.locator("header.site a, footer.site a")
            assert page.locator("header.site a:not([href]), footer.site a:not([href])").count() == 0, path
            assert not {"Data", "数据", "download kb.db", "下载 kb.db"} & set(links.all_inner_texts()), path
            hrefs = [a.get_attribute("href") or "" for a in links.all()]
            assert len(hrefs) >= 3 and all(not h.startswith("/") for h in hrefs), (path, hrefs)
            answered = page.evaluate("(hs) => Promise.all(hs.map((h) => fetch(h).then((r) => r.ok)))", hrefs)
            assert all(answered), (path, hrefs)
            footer = " ".join(page.locator("footer.site").inner_text().split())
            assert not footer.startswith("·") and not footer.endswith("·") and "· ·" not in footer, (path, footer)
        _shot(page, f"links-{prefix.strip('/') or 'en'}-phone")
    assert errors == []
