"""The house page, ``/house`` (``/zh/house``, ``/house.json``): every way the site's house profile differs from
the Green Book, in both languages, linked from the home page, allowed by the guard and listed for the export."""

from __future__ import annotations

import pytest

from kb.house_differences import fan_values, house_differences
from scorer import MjrefError
from scorer.profiles import load_profile
from web.export.pages import json_path, site_paths
from web.guard import PUBLIC

from .site_support import Site, text_of


def test_the_green_book_itself_differs_in_nothing_and_says_so(site):
    data = site.json("/house.json")
    assert data["profile"]["name"] == data["reference"]["name"] == "green-book"
    assert data["differences"] == []
    assert "No differences" in text_of(site.get("/house").text)
    assert "没有不同" in text_of(site.get("/zh/house").text)


def test_a_club_file_lists_each_kind_of_difference(club_site):
    data = club_site.json("/house.json")
    named = [
        (d["kind"], d.get("ruling") if d["kind"] in ("position", "house-ruling") else d["fan"])
        for d in data["differences"]
    ]
    assert named == [
        ("position", "seven-pairs-tile-hog"),
        ("points", "tile-hog"),
        ("exclusion", "all-pungs"),
        ("exclusion", "mixed-shifted-pungs"),
        ("house-ruling", "our-forced-scoring"),
        ("house-ruling", "our-no-shifted-pungs"),
    ]
    position, points, lift, add = data["differences"][:4]
    # Both positions, with their citations (rulings/mcr/seven-pairs-tile-hog.md: Exp2007 I.6 for the Green Book's,
    # Starbäck §3.1 for the other).
    assert position["reference"]["position"] == "no-tile-hog" and position["house"]["position"] == "tile-hog"
    assert {"source": "Exp2007", "locator": "I.6"} in position["reference"]["cites"]
    assert {"source": "Starback2008", "locator": "§3.1"} in position["house"]["cites"]
    assert position["reference"]["summary"] and position["house"]["summary"]
    assert (points["base_points"], points["house_points"], points["fan_ruling"], points["set_by"]) == (
        2,
        4,
        "fan-tile-hog",
        [],
    )
    assert (lift["change"], lift["within"], lift["ruling"]) == ("lift", "four-concealed-pungs", "our-forced-scoring")
    assert lift["table_rulings"] == ["principle-non-repetition"]  # exclusions.csv: 12,49,all,,principle-non-repetition
    assert (add["change"], add["within"], add["ruling"]) == ("add", "four-concealed-pungs", "our-no-shifted-pungs")
    page = text_of(club_site.get("/house").text)
    for shown in (
        "All Pungs is paid inside Four Concealed Pungs",
        "Mixed Shifted Pungs is not paid inside Four Concealed Pungs",
        "Our club does not pay Mixed Shifted Pungs on top of Four Concealed Pungs.",
        "Exp2007 I.6",
    ):
        assert shown in page, shown


def test_the_chinese_page_says_it_in_chinese(club_site):
    data = club_site.json("/zh/house.json")
    assert data["differences"][0]["title"] == "例外：七对兼绿一色或清幺九时的四归一"  # its zh.title
    page = text_of(club_site.get("/zh/house").text)
    assert "本站采取另一立场的有争议裁定" in page and "计四暗刻时照计碰碰和" in page
    assert 'href="/zh/rulings/seven-pairs-tile-hog"' in club_site.get("/zh/house").text


def test_a_value_set_by_a_position_names_that_ruling():
    # chinese-practice takes two-concealed-kongs: six, the 1998 value of Two Concealed Kongs (MCR06 §3.8.1: 8).
    found = fan_values(load_profile("chinese-practice"), load_profile("green-book"), str)
    assert [(d["fan"], d["base_points"], d["house_points"], d["set_by"]) for d in found] == [
        ("two-concealed-kongs", 8, 6, ["two-concealed-kongs"])
    ]


def test_chinese_practice_lists_the_positions_its_file_takes(db):
    s = Site(db, profile="chinese-practice")
    try:
        data = s.json("/house.json")
    finally:
        s.close()
    # rulings/profiles/chinese-practice.yaml, each line that differs from green-book.yaml (penalty-amounts does not).
    assert {d["ruling"] for d in data["differences"] if d["kind"] == "position"} == {
        "seven-pairs-tile-hog",
        "nine-gates-terminal-pungs",
        "kong-table",
        "two-concealed-kongs",
        "melded-and-concealed-kong",
        "self-drawn-concealed-special-hands",
        "suit-fans-with-special-hands",
        "all-terminals-double-pung",
        "wait-only-one-winning-tile",
    }


def test_the_home_page_links_to_it_in_its_language(site):
    assert 'href="/house"' in site.get("/").text
    assert 'href="/zh/house"' in site.get("/zh/").text


def test_the_guard_allows_it_and_the_export_lists_it():
    for path in ("/house", "/zh/house", "/house.json", "/zh/house.json"):
        assert PUBLIC.fullmatch(path), path
    assert not PUBLIC.fullmatch("/house/x")
    paths = site_paths({"rulings": [], "fans": [], "sources": []})
    assert "/house" in paths and "/zh/house" in paths
    assert json_path("/house") == "/house.json"


def test_a_house_ruling_cited_by_the_scorer_leads_to_the_house_page(club_site):
    # 111m222m333p444sEE under the club: All Pungs paid inside Four Concealed Pungs, citing our-forced-scoring.
    data = club_site.json("/-/score.json", params={"hand": "111m222m333p444sEE"})
    assert "our-forced-scoring" in {r for f in data["fans"] if f["key"] == "all-pungs" for r in f["rulings"]}
    response = club_site.get("/rulings/our-forced-scoring")
    assert response.status_code == 302 and response.headers["location"] == "/house#house-ruling-our-forced-scoring"
    assert (
        club_site.get("/zh/rulings/our-forced-scoring").headers["location"]
        == "/zh/house#house-ruling-our-forced-scoring"
    )
    assert club_site.get("/rulings/no-such-ruling").status_code == 404


def test_the_differences_refuse_what_is_not_a_profile_or_a_language(db):
    with pytest.raises(MjrefError, match="profile: expected a loaded profile, not str"):
        house_differences("green-book", lambda sql, params=(): [])  # type: ignore[arg-type]
    with pytest.raises(MjrefError, match="lang: expected one of en, zh"):
        house_differences(load_profile("green-book"), lambda sql, params=(): [], "fr")
