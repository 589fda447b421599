"""The score page shows every best reading, and its audit judges a claim against the one it matches.

The hands and their two readings of 31 and 30 points are worked out in tests/test_equal_readings.py.
"""

from __future__ import annotations

from .site_support import text_of
from .test_equal_readings import CHOW_READING, EDGE_OR_CLOSED, MIXED, PUNGS_OR_CHOWS


def alternatives_section(page: str) -> str:
    return page.split('<section class="alternatives"')[1].split("</section>")[0]


def test_score_page_lists_the_other_reading_with_its_ruling(site) -> None:
    page = site.get("/-/score", params={"hand": PUNGS_OR_CHOWS, "profile": "chinese-practice"})
    assert page.status_code == 200
    shown = alternatives_section(page.text)
    assert 'href="/rulings/equal-readings"' in shown
    text = text_of(shown)
    assert "also-read 1" in text and "Pure Triple Chow" in text and "All Chows" in text
    assert "The same total, 31 points" in text


def test_score_json_has_the_alternatives(site) -> None:
    data = site.json("/-/score.json", params={"hand": EDGE_OR_CLOSED})
    (alt,) = data["alternatives"]
    assert {f["key"] for f in alt["fans"]} - {f["key"] for f in data["fans"]} == {"edge-wait"}


def test_a_hand_with_one_reading_shows_no_alternatives(site) -> None:
    page = site.get("/-/score", params={"hand": "[123m,1][EEE,2]456p789s5s5s|EW1000"})
    assert 'class="alternatives"' not in page.text
    assert site.json("/-/score.json", params={"hand": "[123m,1][EEE,2]456p789s5s5s|EW1000"})["alternatives"] == []


def test_audit_mode_accepts_the_other_reading_and_says_so(site) -> None:
    params = {"hand": PUNGS_OR_CHOWS, "profile": "chinese-practice", "claim": CHOW_READING}
    data = site.json("/-/score.json", params=params)["audit"]
    assert (data["right"], data["reading"], data["readings"]) == (True, 1, 2)
    page = site.get("/-/score", params=params).text
    assert "Judged against also-read 1" in text_of(page)


def test_audit_mode_refuses_a_mixed_claim(site) -> None:
    params = {"hand": PUNGS_OR_CHOWS, "profile": "chinese-practice", "claim": MIXED}
    data = site.json("/-/score.json", params=params)["audit"]
    assert data["right"] is False
    assert [v["verdict"] for v in data["verdicts"]].count("other-reading") == 1
    assert 'class="verdict verdict-other-reading"' in site.get("/-/score", params=params).text
