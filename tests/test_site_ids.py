"""One element to an id, on every kind of page the site serves, in both languages (issue 37).

The score page once gave its comparison and the checkbox that asks for it the same id, ``compare``, so the link
"all of them side by side" (``#compare``) landed on the checkbox. Here every page of the site's kinds is parsed,
in-process, with each fold as the server writes it (the browser test ``test_browser_targets`` opens them on a
phone too): every ruling and every fan page, each source page, and the score page in each of its states.
"""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser
from urllib.parse import quote, urlencode

import pytest

from scorer.mcr.fans import FANS

from .test_browser_targets import PAGES as TARGET_PAGES
from .test_browser_targets import SCORED
from .test_site_sheet import FORM

# The pages the phone test measures (test_browser_targets), and the score page's other states: a claim checked
# with profiles compared, a false win, a hand of 13 (the wait grid, alone and compared), a Babcock score, an error;
# the other pages with a form, filled and not; a page not found.
PAGES = {
    **TARGET_PAGES,
    "search-nothing": "/-/search?q=zzzzqqqq",
    "audit-compare": f"/-/score?hand={SCORED}&claim=Dragon+Pung&claim_total=40&compare=all",
    "false-win": "/-/score?hand=123m456m789m23p55s9p",
    "waits": "/-/score?hand=123m456m789m23p55s",
    "waits-compare": "/-/score?hand=123m456m789m23p55s&compare=all",
    "babcock": "/-/score?ruleset=babcock&hand=" + quote("[8888p,1]234sEEEFFPPF"),
    "score-error": "/-/score?hand=123m4",
    "table-empty": "/-/table",
    "sheet-filled": "/-/sheet?" + urlencode(FORM),
    "not-found": "/rulings/no-such-ruling",
}


class _Ids(HTMLParser):
    """The ids of a page's elements, each as often as it occurs."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: Counter[str] = Counter()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids.update(value for name, value in attrs if name == "id" and value is not None)


def repeated_ids(html: str) -> list[str]:
    """The ids ``html`` gives more than one element.

    >>> repeated_ids('<p id="a"></p><section id="b"><input id="a"></section>')
    ['a']
    """
    parser = _Ids()
    parser.feed(html)
    return sorted(i for i, n in parser.ids.items() if n > 1)


def _all_paths(site) -> list[str]:
    rulings = [row["id"] for row in site.json("/kb/rulings.json", params={"_shape": "array", "_size": "max"})]
    sources = [row["id"] for row in site.json("/kb/sources.json", params={"_shape": "array", "_size": "max"})]
    paths = list(PAGES.values()) + [f"/rulings/{r}" for r in rulings] + [f"/sources/{s}" for s in sources]
    return paths + [f"/fans/{f.key}" for f in FANS.values()]


@pytest.mark.parametrize("lang", ["", "/zh"])
def test_no_page_gives_two_elements_one_id(site, lang):
    seen, repeated = 0, {}
    for path in _all_paths(site):
        response = site.get(lang + path)
        assert response.status_code in (200, 400, 404), (path, response.status_code)
        assert response.headers["content-type"].startswith("text/html"), path
        seen += 1
        if found := repeated_ids(response.text):
            repeated[path] = found
    assert repeated == {}
    assert seen > 300  # every ruling, fan and source, not a few


def test_the_check_finds_the_score_pages_old_repeated_id(site):
    """The score page as it was before issue 37 (the checkbox ``compare`` beside the section ``compare``) fails."""
    page = site.get(f"/-/score?hand={SCORED}&compare=all").text
    assert repeated_ids(page) == [] and page.count('id="compare"') == 1
    assert repeated_ids(page.replace('id="compare-all"', 'id="compare"')) == ["compare"]
