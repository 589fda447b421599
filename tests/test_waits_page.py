"""The score page's wait grid (a hand of 13 tiles) and ``/-/waits.json``, in-process, and the exported page's
Python (the wheel, without a browser).

The totals are worked by hand in the README's wait-list section: ``1113m123p123s789s`` wins on 2m (Mixed Triple
Chow 8, Outside Hand 4, Concealed Hand 2, All Chows 2, Two Terminal Chows 1 = 17 on a discard; self-drawn, Fully
Concealed Hand 4 for Concealed Hand 2: 19; as the last of its kind Last Tile 4 more: 21 / 23) and on 3m (111m 33m
123p 123s 789s: 6 on a discard, below the minimum, 8 self-drawn). Two tiles win, so neither earns a wait fan.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import quote

import pytest
from click.testing import CliRunner

from mjref.main import cli
from scorer.profiles import load_profile
from web.export.site import _settings, standalone
from web.export.wheel import write_wheel

from .site_support import Site, text_of

README_HAND = "1113m123p123s789s"
CANONICAL = "1113m123p123789s"
EXHAUSTED = "1113333m456p789p"  # waits on 2m only: the hand holds all four 3m
NOT_READY = "123m567m1234p6pNC"  # one tile from ready; 5p, N and C bring it closer (4 + 3 + 3 left)
SCRIPT = re.compile(r"<script\b[^>]*>")


def cli_json(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["waits", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def cells(html: str, tile: str) -> dict[str, str]:
    """The grid row of ``tile``: each way's cell, by its data-way."""
    row = re.search(rf'<tr data-tile="{tile}">(.*?)</tr>', html, re.S)
    assert row, f"no row for {tile}"
    return dict(re.findall(r'<td class="num" data-way="(\w+)">(.*?)</td>', row.group(1), re.S))


def test_a_hand_of_13_shows_every_winning_tile_with_both_totals(site: Site) -> None:
    page = site.get(f"/-/score?hand={README_HAND}")
    assert page.status_code == 200
    html = page.text
    assert 'id="waits"' in html and "error:" not in html
    assert re.findall(r'<tr data-tile="(\w+)">', html) == ["2m", "3m"]
    two, three = cells(html, "2m"), cells(html, "3m")
    assert [text_of(two[w]).split()[0] for w in ("discard", "self_drawn")] == ["17", "19"]
    assert text_of(two["last_of_kind"]).replace(" ", "") == "21/23"
    assert text_of(three["discard"]).startswith("6") and "below-minimum" in three["discard"]
    assert "below-minimum" not in three["self_drawn"] and text_of(three["self_drawn"]) == "8"
    assert "the same" in three["last_of_kind"]  # a 3m stands in the hand: it cannot be the last of its kind
    assert 'title="2 characters"' in html and '<span class="wait-name">2 characters</span>' in html
    assert "4 left" in html and "3 left" in html  # 2m: none held; 3m: one held
    # The false win is marked and its rulings linked.
    assert 'href="/rulings/false-win"' in html and 'href="/rulings/eight-point-minimum"' in html
    # The page's one script is the keyboard's static file: no inline script.
    assert SCRIPT.findall(html) == ['<script src="/static/keyboard.js" defer>', '<script src="/static/land.js" defer>']


def test_each_total_links_to_the_full_score_of_that_win(site: Site) -> None:
    html = site.get(f"/-/score?hand={README_HAND}").text
    link = re.search(r'href="([^"]+)"', cells(html, "2m")["self_drawn"])
    assert link
    target = link.group(1).replace("&amp;", "&")
    assert target == f"/-/score?hand={quote(CANONICAL + '2m|EE1000', safe='')}&profile=green-book"
    assert site.json(target.replace("/-/score?", "/-/score.json?"))["total"] == 19
    discard = re.search(r'href="([^"]+)"', cells(html, "3m")["discard"])
    assert discard and f"hand={quote(CANONICAL + '3m|EE0000', safe='')}" in discard.group(1)
    assert site.json(f"/-/score.json?hand={quote(CANONICAL + '3m|EE0000')}")["total"] == 6


def test_the_json_is_the_librarys(site: Site) -> None:
    assert site.json(f"/-/waits.json?hand={README_HAND}") == cli_json(README_HAND)
    assert site.json(f"/-/score.json?hand={README_HAND}") == cli_json(README_HAND)
    # Side by side: the same grids and differences (the site lists its profiles in its own order).
    mine, theirs = site.json(f"/-/waits.json?hand={EXHAUSTED}&compare=all"), cli_json(EXHAUSTED, "--compare", "all")
    assert sorted(mine.pop("profiles")) == sorted(theirs.pop("profiles"))
    assert mine == theirs


def test_the_exhausted_tile_and_the_profiles_side_by_side(site: Site) -> None:
    html = site.get(f"/-/score?hand={EXHAUSTED}").text
    assert re.findall(r'<tr data-tile="(\w+)">', html) == ["2m"]
    assert "the hand holds all four" in html and 'title="3 characters"' in html
    assert 'href="/rulings/exhausted-waits"' in html
    assert 'href="/fans/closed-wait">Closed Wait</a> 1' in html
    # Under every profile (README: 2m on a discard is 8 under green-book and starback, 7 under chinese-practice,
    # which takes wait-only-one-winning-tile's formal position: no Closed Wait with the fourth 3m held).
    html = site.get(f"/-/score?hand={EXHAUSTED}&compare=all").text
    grids = re.findall(r'<details class="wait-profile" id="waits-([\w-]+)"( open)?>', html)
    assert sorted(g for g, _ in grids) == ["chinese-practice", "green-book", "starback"]
    assert [g for g, is_open in grids if is_open] == ["green-book"]
    differ = html[html.index('id="waits-differ"') :]
    assert "green-book 8" in differ and "chinese-practice 7" in differ and "starback 8" in differ
    assert 'href="/rulings/wait-only-one-winning-tile"' in differ and "formal: chinese-practice" in differ


def test_a_hand_not_ready_shows_its_shanten_and_useful_tiles(site: Site) -> None:
    html = site.get(f"/-/score?hand={NOT_READY}").text
    assert "Not ready: 1 tile from ready (shanten 1)." in text_of(html)
    useful = re.search(r'<ul class="useful-tiles">(.*?)</ul>', html, re.S)
    assert useful and re.findall(r'<span class="wait-name">([^<]+)</span>', useful.group(1)) == [
        "5 dots",
        "North wind",
        "Red dragon",
    ]
    assert "10 copies left unseen" in html


def test_the_grid_in_chinese(site: Site) -> None:
    html = site.get(f"/zh/-/score?hand={README_HAND}").text
    assert "听什么牌" in html and "点和" in html and "自摸" in html
    assert '<span class="wait-name">二万</span>' in html and "剩 4 张" in html
    assert f'href="/zh/-/score?hand={quote(CANONICAL + "2m|EE0000", safe="")}&amp;profile=green-book"' in html
    assert "不足 8 番起和" in html
    not_ready = site.get(f"/zh/-/score?hand={NOT_READY}").text
    assert "1 向听" in not_ready and "有效牌" in not_ready
    # No space after full-width punctuation (English puts one after its colon and full stop).
    assert "有效牌：未见" in not_ready and '同一手牌按：<a href="' in not_ready
    assert "没有第五张可和。裁定：" in site.get(f"/zh/-/score?hand={EXHAUSTED}").text
    assert "no fifth copy to win on. Rulings: " in site.get(f"/-/score?hand={EXHAUSTED}").text


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/-/waits.json?hand=123m456m789m123p5p5p", "that is a complete hand: score it"),
        ("/-/waits.json?hand=123m456m789m12p5p", "12 tiles, a declared set counted as three: a waiting hand has 13"),
        (f"/-/waits.json?hand={README_HAND}|EE1000", "the win-method digits after the winds must be 0"),
        ("/-/waits.json?hand=11111m456m789m12p", "5 copies of 1m"),
        (f"/-/waits.json?hand={README_HAND}&profile=nope", "unknown profile 'nope'"),
        (f"/-/waits.json?hand={README_HAND}&profile=babcock", "the MCR rule set"),
        (f"/-/waits.json?hand={README_HAND}&compare=green-book", "name at least two profiles"),
    ],
)
def test_bad_input_is_one_line(site: Site, path: str, words: str) -> None:
    page = site.get(path)
    assert page.status_code == 400 and words in page.json()["error"], page.text
    assert "\n" not in page.json()["error"]


def test_a_13_tile_hand_with_a_win_digit_is_an_error_on_the_page(site: Site) -> None:
    page = site.get(f"/-/score?hand={README_HAND}|EE1000")
    assert page.status_code == 400 and "win-method digits after the winds must be 0" in page.text
    page = site.get(f"/zh/-/score?hand={README_HAND}|EE1000")
    assert page.status_code == 400 and 'class="error"' in page.text
    assert site.json("/-/score.json?hand=1113m123p123s789s2m")["total"] == 17  # 14 tiles: scored as before


def _offline(site_packages: Path, code: str) -> dict:
    script = f"import sys; sys.path.insert(0, {str(site_packages)!r}); import json, mjref_offline as m; print({code})"
    done = subprocess.run([sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    answer: dict = json.loads(done.stdout)
    return answer


def test_the_exported_pages_wheel_draws_the_grid(tmp_path: Path) -> None:
    built = write_wheel(tmp_path / "py", _settings(load_profile("green-book"), "w.whl"))
    with zipfile.ZipFile(built) as z:
        assert {"web/waits.py", "web/waits_table.py", "scorer/wait_list/grid.py"} <= set(z.namelist())
        z.extractall(tmp_path / "site-packages")
    en = _offline(tmp_path / "site-packages", f"m.score_page({README_HAND!r}, '', '', 'en')")
    assert en["status"] == 200 and en["waits"] is True and en["data"] == cli_json(README_HAND)
    assert re.findall(r'<tr data-tile="(\w+)">', en["html"]) == ["2m", "3m"]
    assert f'href="index.html?hand={quote(CANONICAL + "2m|EE1000", safe="")}&amp;profile=green-book"' in en["html"]
    assert 'href="../../rulings/false-win/index.html"' in en["html"]
    zh = _offline(tmp_path / "site-packages", f"m.score_page({README_HAND!r}, '', '', 'zh')")
    assert "听什么牌" in zh["html"] and "二万" in zh["html"]
    bad = _offline(tmp_path / "site-packages", f"m.score_page({README_HAND + '|EE1000'!r}, '', '', 'en')")
    assert bad["status"] == 400 and "must be 0" in bad["data"]["error"]


FORMAL_CLUB = """name: formal-club
title: A club that takes the formal reading of a wait on one tile
extends: green-book
positions:
  wait-only-one-winning-tile: formal
"""


def test_a_club_profile_from_a_file_side_by_side(tmp_path: Path, db: Path) -> None:
    """A profile read from a file compares as a built-in does (the comparison once looked it up by its name, which
    names no built-in: 'unknown profile'). The club takes chinese-practice's formal position, so 2m on a discard
    loses Closed Wait there too: 7, below the minimum, against green-book's 8 (README)."""
    club = tmp_path / "formal-club.yaml"
    club.write_text(FORMAL_CLUB)
    mine = cli_json(EXHAUSTED, "--compare", f"green-book,{club}")
    assert mine["profiles"] == ["green-book", "formal-club"]
    assert mine["differences"][0]["totals"] == {"green-book": 8, "formal-club": 7}
    s = Site(db, profile=str(club))
    try:
        page = s.get(f"/-/score?hand={EXHAUSTED}&compare=all")
        assert page.status_code == 200 and str(tmp_path) not in page.text  # the house's file is never shown
        assert 'id="waits-formal-club"' in page.text and "formal-club 7" in page.text
        data = s.json(f"/-/waits.json?hand={EXHAUSTED}&compare=all")
        assert "formal-club" in data["profiles"] and data["grids"]["formal-club"]["profile"] == "formal-club"
    finally:
        s.close()


# A club whose name holds every character HTML gives a meaning to. The wait grid's section is drawn in Python
# (web/waits_table.py), not by an autoescaping template, so each place it writes a profile's name must escape it.
MARKED_NAME = '<i>club\'s "&amp;" co'
MARKED_CLUB = FORMAL_CLUB.replace("name: formal-club", "name: '<i>club''s \"&amp;\" co'")
MARKED = "&lt;i&gt;club&#39;s &#34;&amp;amp;&#34; co"  # as escape_text (and Jinja's autoescape) writes it


def _marked_section(html: str) -> str:
    """The wait grid's section of a page, checked to hold the club's name escaped only."""
    section = html[html.index('<section class="result waits"') :]
    section = section[: section.index("</section>")]
    assert "<i>" not in section and "club's" not in section and '"&amp;"' not in section
    return section


def test_a_club_name_with_markup_is_escaped_in_the_grid(tmp_path: Path, db: Path) -> None:
    """The club's name in each place the section writes it, online and in the exported page: the open grid's id
    and data, its heading, the totals and the positions where the profiles differ (the club takes the formal
    position: 7 on a discard, as in the test above), the link to the hand under it; and raw in the JSON."""
    club = tmp_path / "marked-club.yaml"
    club.write_text(MARKED_CLUB)
    house = load_profile(str(club))
    assert house.name == MARKED_NAME
    s = Site(db, profile=str(club))
    try:
        side_by_side = _marked_section(s.get(f"/-/score?hand={EXHAUSTED}&compare=all").text)
        alone = _marked_section(s.get(f"/-/score?hand={EXHAUSTED}").text)
        data = s.json(f"/-/waits.json?hand={EXHAUSTED}&compare=all")
    finally:
        s.close()
    assert f'<details class="wait-profile" id="waits-{MARKED}" open>' in side_by_side
    assert f'data-profile="{MARKED}"' in side_by_side and f"<summary>Under {MARKED}</summary>" in side_by_side
    assert f"{MARKED} 7" in side_by_side and f"formal: chinese-practice, {MARKED}" in side_by_side
    assert f">{MARKED}</a>" in side_by_side  # the same hand under the club
    assert f"<h3>Under {MARKED}</h3>" in alone
    assert MARKED_NAME in data["profiles"] and data["differences"][0]["totals"][MARKED_NAME] == 7
    built = write_wheel(tmp_path / "py", _settings(house, "w.whl"), (house.name, standalone(house)))
    with zipfile.ZipFile(built) as z:
        z.extractall(tmp_path / "site-packages")
    offline = _offline(tmp_path / "site-packages", f"m.page_answer('hand={EXHAUSTED}&compare=all', 'en')")
    assert offline["status"] == 200 and MARKED_NAME in offline["data"]["profiles"]
    offline_section = _marked_section(offline["html"])
    assert f'id="waits-{MARKED}" open>' in offline_section and f"<summary>Under {MARKED}</summary>" in offline_section
    assert f"formal: chinese-practice, {MARKED}" in offline_section and f">{MARKED}</a>" in offline_section
