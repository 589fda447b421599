"""The house page in a browser: Playwright driving Debian's Chromium against ``mjref serve --profile`` a club's file,
on a phone (390x844, touch) and a desktop, in English and Chinese. It is reached from the home page, fits the
screen, its links are at least 44 px tall to tap, it logs no console error, and it prints on one A4 page.

Like ``test_browser.py``: never downloads a browser, skips without Chromium or Playwright locally, must run under CI.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .site_support import CLUB, running_site, watched_page, workdir_with
from .test_browser import pytestmark  # noqa: F401  (the same skip rule)

DEVICES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}
TAP = 44  # px: the least height of a control a finger taps


@pytest.fixture(scope="module")
def club_url(db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    workdir = workdir_with(db, tmp_path_factory.mktemp("house"))
    (workdir / "our-club.yaml").write_text(CLUB, encoding="utf-8")
    with running_site(workdir, "--profile", "our-club.yaml") as base:
        yield base


def _pdf_pages(pdf: bytes) -> int:
    """The pages of a PDF Chromium printed: its page objects (``/Type /Page``, not ``/Pages``)."""
    return pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize(("home", "heading"), [("/", "House rules of our-club"), ("/zh/", "our-club 的本站规则")])
def test_the_house_page_from_the_home_page(browser, club_url, device, home, heading, tmp_path):
    context, page, errors = watched_page(browser, **DEVICES[device])
    try:
        page.goto(club_url + home)
        link = page.locator("a.house-link")
        box = link.bounding_box()
        assert box is not None and box["height"] >= TAP
        if device == "phone":
            link.tap()
        else:
            link.click()
        page.wait_for_url("**/house")
        assert page.locator("h1").inner_text() == heading
        assert page.locator("table.house-positions tbody tr").count() == 1
        assert page.locator("table.house-points tbody tr").count() == 1
        assert page.locator("table.house-exclusions tbody tr").count() == 2
        assert page.locator("dl.house-rulings dt").count() == 2
        width = DEVICES[device]["viewport"]["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for a in page.locator("article.house td a, article.house dt a").all():
            if a.is_visible() and not a.evaluate("e => !!e.closest('.house-cites')"):
                found = a.bounding_box()
                assert found is not None and found["height"] >= TAP, a.inner_text()
        # An exclusion's ruling leads to the house's own ruling on the same page.
        page.locator("table.house-exclusions a[href^='#house-ruling-']").first.click()
        assert page.url.endswith("#house-ruling-our-forced-scoring")
        page.screenshot(path=str(tmp_path / f"house-{device}.png"), full_page=True)
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("path", ["/house", "/zh/house"])
def test_the_house_page_prints_on_one_page(browser, club_url, path, tmp_path):
    context, page, errors = watched_page(browser, viewport={"width": 1280, "height": 900})
    try:
        page.goto(club_url + path)
        page.emulate_media(media="print")
        assert not page.locator("header.site").is_visible()  # the players' pack has no site header
        pdf = page.pdf(format="A4", prefer_css_page_size=True)
        (tmp_path / "house.pdf").write_bytes(pdf)
        assert _pdf_pages(pdf) == 1
        assert errors == []
    finally:
        context.close()


def test_chinese_practice_prints_on_one_page(browser, db, tmp_path):
    # The longest built-in list: nine disputed rulings, each with both positions and their citations.
    with running_site(workdir_with(db, tmp_path), "--profile", "chinese-practice") as base:
        context, page, errors = watched_page(browser, viewport={"width": 1280, "height": 900})
        try:
            page.goto(base + "/house")
            assert page.locator("table.house-positions tbody tr").count() == 9
            assert _pdf_pages(page.pdf(format="A4", prefer_css_page_size=True)) == 1
            assert errors == []
        finally:
            context.close()
