"""The score page's audit mode (``claim``, ``claim_total``) and compare view (``compare``), in-process.

Expected totals are worked by hand next to each case (from the rulings and sources cited there); the
JSON must be what ``mjref audit --json`` and ``mjref compare --json`` print for the same input, since the
page promises exactly that.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

import kb.claims
from mjref.main import cli
from scorer import score

from .site_support import Site, text_of

# Tsui's example 3 (Sloper FAQ 22, 10.1.5.5): 234m 567m 234p 567p, pair 8s, won on a discarded 8s.
# Concealed Hand 2 + All Chows 2 + All Simples 2 + three of the four pairings 3 + Single Wait 1 = 10
# (rulings/mcr/account-once-four-chows.md). Claimed: the four pairings only, 4 points.
TSUI_3 = "234m567m234p567p88s"
TSUI_3_CLAIM = "Mixed Double Chow x2, Short Straight x2"
# The README hand: Mixed Straight 8 + Prevalent Wind 2 (East round) + Single Wait 1 + Self-Drawn 1 = 12.
README_HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"
README_FANS = ["mixed-straight", "prevalent-wind", "single-wait", "self-drawn"]
# Two concealed kongs (rulings/mcr/two-concealed-kongs.md): 15 under green-book and starback (Two
# Concealed Kongs 8), 13 under chinese-practice (6).
KONGS = "[CCCC][5555m]123p789pNN"
HOSTILE = ["<script>alert(1)</script>", "\"'><img src=x onerror=alert(1)>", "x" * 10_000]
RAW = ("<script>alert", "<img src=x", "onerror=alert(1)>")
# The score page's scripts, static files: its keyboard, and what brings the answer into view (issue 37).
KEYBOARD = '<script src="/static/keyboard.js" defer></script>\n<script src="/static/land.js" defer></script>'


def cli_json(*args: str) -> dict:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def section(html: str, name: str) -> str:
    """The ``<section class="NAME">`` of a page."""
    return html.split(f'<section class="{name}"')[1].split("</section>")[0]


def row_of(html: str, claim: str) -> str:
    """The table row of the verdicts table whose first cell is ``claim`` (as shown, escaped)."""
    return next(r for r in section(html, "audit").split("<tr") if f"<td>{claim}</td>" in r)


# Audit mode: JSON.


def test_audit_json_is_what_mjref_audit_json_prints(site):
    data = site.json("/-/score.json", params={"hand": TSUI_3, "claim": TSUI_3_CLAIM})
    assert data["audit"] == cli_json("audit", TSUI_3, "--claim", TSUI_3_CLAIM, "--json")
    assert {k: v for k, v in data.items() if k != "audit"} == score(TSUI_3).to_dict()
    assert (data["audit"]["total"], data["audit"]["claimed_total"], data["audit"]["right"]) == (10, 4, False)
    assert [v["verdict"] for v in data["audit"]["verdicts"]] == ["accepted", "wrong-count"]
    assert [m["key"] for m in data["audit"]["missed"]] == ["concealed-hand", "all-chows", "all-simples", "single-wait"]


def test_a_right_claim_in_any_names(site):
    # Mixed Straight as 花龙, Prevalent Wind as pinyin, Single Wait by number (79), Self-Drawn as zi mo.
    claim = "花龙, quan feng ke, 79, zi mo"
    data = site.json("/-/score.json", params={"hand": README_HAND, "claim": claim})
    assert data["audit"]["right"] is True and data["audit"]["claimed_total"] == data["audit"]["total"] == 12
    assert [v["key"] for v in data["audit"]["verdicts"]] == [
        "mixed-straight",
        "prevalent-wind",
        "single-wait",
        "self-drawn",
    ]
    text = text_of(section(site.get("/-/score", params={"hand": README_HAND, "claim": claim}).text, "audit"))
    assert "The claim is right: claimed 12 points, the scorer gives 12 under green-book." in text


def test_a_claimed_total_alone(site):
    data = site.json("/-/score.json", params={"hand": README_HAND, "claim_total": "14"})
    assert data["audit"] == cli_json("audit", README_HAND, "--claim-total", "14", "--json")
    assert (data["audit"]["claimed_total"], data["audit"]["verdicts"], data["audit"]["right"]) == (14, [], False)
    text = text_of(section(site.get("/-/score", params={"hand": README_HAND, "claim_total": "14"}).text, "audit"))
    assert "claimed 14 points, the scorer gives 12 under green-book, 2 too high" in text
    assert "Difference +2 points" in text


def test_claim_and_total_together_the_total_is_the_claim(site):
    data = site.json("/-/score.json", params={"hand": README_HAND, "claim": "Mixed Straight", "claim_total": "12"})
    assert data["audit"]["claimed_total"] == 12 and data["audit"]["right"] is False  # three fans missed
    assert {m["key"] for m in data["audit"]["missed"]} == {"prevalent-wind", "single-wait", "self-drawn"}


# Audit mode: the page.


def test_audit_page_shows_each_verdict_with_links_to_the_rulings(site):
    r = site.get("/-/score", params={"hand": TSUI_3, "claim": TSUI_3_CLAIM})
    assert r.status_code == 200
    audit = section(r.text, "audit")
    assert "claimed 4 points, the scorer gives 10 under green-book, 6 too low" in text_of(audit)
    accepted = row_of(r.text, "Mixed Double Chow x2")
    assert "accepted" in accepted and 'href="/fans/mixed-double-chow"' in accepted
    wrong = row_of(r.text, "Short Straight x2")
    assert "wrong-count" in text_of(wrong) and "the hand scores it 1 time, not 2" in text_of(wrong)
    assert 'href="/rulings/principle-account-once"' in wrong and 'href="/rulings/account-once-four-chows"' in wrong
    missed = audit.split('class="missed"')[1]
    for key in ("concealed-hand", "all-chows", "all-simples", "single-wait"):
        assert f'href="/fans/{key}"' in missed
    assert "Difference -6 points" in text_of(audit)
    assert 'href="/rulings/fan-single-wait"' in missed
    assert 'class="fans"' in r.text  # the normal breakdown is still there, beside the audit


def test_excluded_and_absent_verdicts_name_the_fan_and_the_ruling(site):
    # All Even Pungs (21) implies All Pungs (non-repetition); Pure Straight is not in the hand.
    hand = "[222m,1][666p,2]444888s8p8p"
    r = site.get("/-/score", params={"hand": hand, "claim": "All Even Pungs, All Pungs, Pure Straight"})
    excluded = row_of(r.text, "All Pungs")
    assert 'excluded by <a href="/fans/all-even-pungs">All Even Pungs</a>' in excluded
    assert 'href="/rulings/principle-non-repetition"' in excluded
    absent = row_of(r.text, "Pure Straight")
    assert "absent" in text_of(absent) and 'href="/rulings/fan-pure-straight"' in absent


def test_the_other_profiles_keep_the_claim(site):
    r = site.get("/-/score", params={"hand": TSUI_3, "claim": TSUI_3_CLAIM})
    links = re.findall(r'href="(/-/score\?[^"]*profile=starback[^"]*)"', r.text)
    assert any("claim=Mixed+Double+Chow+x2%2C+Short+Straight+x2" in link for link in links), links
    starback = site.json("/-/score.json", params={"hand": TSUI_3, "claim": TSUI_3_CLAIM, "profile": "starback"})
    assert starback["audit"]["right"] is False and starback["audit"]["total"] == 11  # all four pairings: 11
    assert [v["verdict"] for v in starback["audit"]["verdicts"]] == ["accepted", "accepted"]


def test_the_claim_is_read_with_the_databases_names_not_the_ruling_files(site, monkeypatch):
    # A published site carries kb.db but not rulings/fans/: the page must read pinyin and aliases from the
    # database. Without the files' index, pinyin (which only the fan rulings give) still resolves.
    def no_files():
        raise AssertionError("the site must not read the fan rulings' files")

    monkeypatch.setattr(kb.claims, "name_index", no_files)
    claim = "hua long, quan feng ke, dan diao jiang, zi mo"
    data = site.json("/-/score.json", params={"hand": README_HAND, "claim": claim})
    assert [v["key"] for v in data["audit"]["verdicts"]] == [
        "mixed-straight",
        "prevalent-wind",
        "single-wait",
        "self-drawn",
    ]
    assert data["audit"]["right"] is True


# Compare view.


def test_compare_json_is_what_mjref_compare_json_prints(site):
    profiles = "green-book,chinese-practice,starback"
    data = site.json("/-/score.json", params={"hand": KONGS, "compare": profiles})
    assert data["compare"] == cli_json("compare", KONGS, "--profiles", profiles, "--json")
    assert data["compare"]["totals"] == {"green-book": 15, "chinese-practice": 13, "starback": 15}
    [difference] = data["compare"]["differences"]
    assert difference["key"] == "two-concealed-kongs"
    assert difference["points"] == {"green-book": 8, "chinese-practice": 6, "starback": 8}
    assert difference["positions"]["two-concealed-kongs"] == {
        "green-book": "eight",
        "chinese-practice": "six",
        "starback": "eight",
    }


def test_compare_page_shows_totals_and_each_difference_with_its_ruling_and_positions(site):
    r = site.get("/-/score", params={"hand": KONGS, "compare": "green-book,chinese-practice,starback"})
    assert r.status_code == 200
    compare = section(r.text, "compare")
    text = text_of(compare)
    assert "green-book (this site) 15" in text and "chinese-practice 13" in text and "starback 15" in text
    row = compare.split('class="differences"')[1]
    assert 'href="/fans/two-concealed-kongs"' in row and 'href="/rulings/two-concealed-kongs"' in row
    assert "eight (green-book, starback)" in text_of(row) and "six (chinese-practice)" in text_of(row)
    assert 'href="/rulings/two-concealed-kongs#positions"' in row
    assert 'class="fans"' in r.text  # the breakdown under the page's own profile stays


def test_compare_all_is_every_profile_the_site_offers_and_the_form_asks_for_it(site):
    form = site.get("/-/score").text
    assert re.search(r'<input type="checkbox" id="compare-all" name="compare" value="all">', form)
    assert 'name="claim"' in form and 'name="claim_total"' in form
    data = site.json("/-/score.json", params={"hand": KONGS, "compare": "all"})
    assert set(data["compare"]["totals"]) == {"green-book", "chinese-practice", "starback"}  # the MCR profiles
    checked = site.get("/-/score", params={"hand": KONGS, "compare": "all"}).text
    assert 'name="compare" value="all" checked' in checked


def test_compare_without_differences_says_so(site):
    # 123m 456m 789m 123p 55s: nothing in it is disputed between green-book and chinese-practice.
    hand = "123m456m789m123p55s"
    data = site.json("/-/score.json", params={"hand": hand, "compare": "green-book,chinese-practice"})
    assert data["compare"]["differences"] == []
    page = site.get("/-/score", params={"hand": hand, "compare": "green-book,chinese-practice"}).text
    assert "No fan differs between these profiles." in page


def test_audit_and_compare_together(site):
    data = site.json("/-/score.json", params={"hand": KONGS, "claim_total": "15", "compare": "all"})
    assert data["audit"]["right"] is True and data["compare"]["totals"]["chinese-practice"] == 13


def test_a_house_profile_is_compared_under_its_name_never_its_path(db, tmp_path):
    house = tmp_path / "club.yaml"
    house.write_text("name: club\nextends: green-book\npositions:\n  two-concealed-kongs: six\n", encoding="utf-8")
    s = Site(db, profile=str(house))
    try:
        r = s.get("/-/score.json", params={"hand": KONGS, "compare": "all"})
        assert r.status_code == 200 and str(tmp_path) not in r.text
        # The club takes the 1998 value 6 for Two Concealed Kongs and nothing else: 13, as chinese-practice.
        assert r.json()["compare"]["totals"] == {"chinese-practice": 13, "green-book": 15, "starback": 15, "club": 13}
        page = s.get("/-/score", params={"hand": KONGS, "compare": "club,green-book"}).text
        assert str(tmp_path) not in page and "six (club)" in text_of(page)
    finally:
        s.close()


# Bad input: status 400 and the one-line error, as for a bad hand.


def _claim_error(claim: str) -> str:
    try:
        kb.claims.parse_claims(claim)
    except kb.claims.ClaimError as e:
        return str(e)
    raise AssertionError("the claim should be refused")


@pytest.mark.parametrize("claim", ["Pure Stright", "Tile Hog, Nine Dragons", ",,,"])
def test_bad_claim_gives_400_with_the_one_line_error(site, claim):
    message = _claim_error(claim)
    r = site.get("/-/score", params={"hand": TSUI_3, "claim": claim})
    assert r.status_code == 400
    assert f"error: {message}" in text_of(r.text)
    assert f'value="{claim}"' in r.text  # the form keeps what was typed, to be corrected
    j = site.get("/-/score.json", params={"hand": TSUI_3, "claim": claim})
    assert j.status_code == 400 and j.json()["error"] == message


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"compare": "green-book,nope"}, "compare: unknown profile 'nope': use one of"),
        ({"compare": "green-book"}, "compare: name at least two profiles"),
        ({"compare": "../rulings/profiles/green-book.yaml,starback"}, "compare: unknown profile '../rulings/"),
        ({"claim_total": "twelve"}, "claim_total: expected a whole number of points"),
        ({"claim_total": "-3"}, "claim_total: expected a whole number of points"),
        ({"claim_total": "99999"}, "claim_total: expected a whole number of points"),
        ({"claim_total": "0099999"}, "claim_total: expected a whole number of points"),  # leading zeros once passed
        ({"claim": "Tile Hog", "hand": "123x"}, "hand:4: unknown character 'x'"),
    ],
)
def test_bad_compare_or_total_gives_400_with_one_line(site, params, message):
    query = {"hand": KONGS, **params}
    j = site.get("/-/score.json", params=query)
    assert j.status_code == 400 and message in j.json()["error"] and "\n" not in j.json()["error"]
    r = site.get("/-/score", params=query)
    assert r.status_code == 400 and message in text_of(r.text)
    assert 'class="audit"' not in r.text and 'class="compare"' not in r.text


def test_a_bad_hand_with_a_claim_reports_the_hand(site):
    # Five copies of 1m are no hand at all: an input error, as the scorer says it; tiles that do not win are a
    # verdict instead (tests/test_false_win.py).
    try:
        score("11111m456m789m1p55s")
        raise AssertionError("the hand should be refused")
    except Exception as e:
        message = str(e)
    j = site.get("/-/score.json", params={"hand": "11111m456m789m1p55s", "claim": "All Chows"})
    assert j.status_code == 400 and j.json()["error"] == message


def test_the_claims_verdict_on_a_false_win_says_the_win_does_not_stand(site):
    # A 4-point hand claimed at 6: the claim section said only "2 too high", as if the win stood at 4.
    claim = {"hand": "[234m,1]567p345s678s9m9m", "claim_total": "6"}
    for prefix, words in (("", "Whatever was claimed, the win does not stand"), ("/zh", "这次和牌都不成立")):
        page = site.get(prefix + "/-/score", params=claim).text
        audit = re.search(r'<section class="audit".*?</section>', page, re.S)
        assert words in text_of(audit.group(0)) and 'href="#false-win"' in audit.group(0)
    valid = site.get("/-/score", params={"hand": "[123m,1][EEE,2]456p789s5s5s|EW1000", "claim_total": "6"})
    assert "does not stand" not in valid.text  # a valid win's wrong claim says nothing of the kind


# Hostile input: escaped or refused; the strict CSP stays.


def assert_strict_and_clean(r) -> None:
    policy = r.headers["content-security-policy"]
    assert "script-src 'self';" in policy and "style-src 'self';" in policy and "unsafe-inline" not in policy
    assert "<script" not in r.text.replace(KEYBOARD, "") and "<style" not in r.text and " style=" not in r.text
    for raw in RAW:
        assert raw not in r.text


@pytest.mark.parametrize("field", ["claim", "claim_total", "compare"])
@pytest.mark.parametrize("value", HOSTILE, ids=["script", "quotes", "10000"])
def test_hostile_input_is_refused_and_escaped(site, field, value):
    r = site.get("/-/score", params={"hand": README_HAND, field: value})
    assert r.status_code == 400
    assert_strict_and_clean(r)
    if len(value) > 1000:
        assert "too long" in text_of(r.text) or "whole number" in text_of(r.text)
    j = site.get("/-/score.json", params={"hand": README_HAND, field: value})
    assert j.status_code == 400 and j.headers["content-type"].startswith("application/json")


def test_a_claim_with_markup_around_real_fan_names_is_shown_escaped(site):
    # Punctuation is ignored when a name is read, so these are Mixed Straight and Self-Drawn; what the
    # player typed is shown as text.
    claim = "Mixed Straight<\"'>, <>Self-Drawn</>"
    r = site.get("/-/score", params={"hand": README_HAND, "claim": claim})
    assert r.status_code == 200
    assert_strict_and_clean(r)
    assert "Mixed Straight&lt;&#34;&#39;&gt;" in r.text and "&lt;&gt;Self-Drawn&lt;/&gt;" in r.text
    assert "<>Self-Drawn</>" not in r.text and "Mixed Straight<\"'>" not in r.text


@pytest.mark.parametrize(
    "params",
    [{"claim": TSUI_3_CLAIM}, {"compare": "all"}, {"claim_total": "10", "compare": "green-book,starback"}],
)
def test_audit_and_compare_pages_keep_the_strict_policy(site, params):
    r = site.get("/-/score", params={"hand": TSUI_3, **params})
    assert r.status_code == 200
    assert_strict_and_clean(r)
    assert r.headers["x-content-type-options"] == "nosniff"
    assert re.findall(r'<link rel="stylesheet" href="([^"]+)"', r.text) == ["/static/mjref.css"]
