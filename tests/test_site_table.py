"""The score page's table mode for Babcock, ``/-/table``: four hands in, the settlement out.

The table is the book's Fig. 18 held by East (ch.VI: 42 points, doubled for the dragons and for his own
wind, 168) with the three losers of the README's ``mjref settle`` example: South's exposed pung of North
(4), West's exposed pung of 2 bamboo (2), North's nothing (0). East collects 2 x 168 = 336 from each
loser (+1008); the losers pay one another the differences: West pays South 4 - 2 = 2, North pays South 4
and West 2. South -336 + 2 + 4 = -330, West -336 - 2 + 2 = -336, North -336 - 4 - 2 = -342.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from mjref.main import cli

from .site_support import text_of

FIG18 = "[8888p,1]234sEEEFFPPF"  # ch.VI, Fig. 18, completed by punging the third Green Dragon
SOUTH = "[NNN,1]123m456m789m9p"  # exposed North 4 = 4
WEST = "[222s,3]345m678m567p1s"  # exposed 2s 2 = 2
NORTH = "123p456p567p789s5s"  # nothing = 0
TABLE = {"east": FIG18, "south": SOUTH, "west": WEST, "north": NORTH}


def _cli_json(*args: str) -> dict:
    out = CliRunner().invoke(cli, ["settle", *args, "--json"])
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def test_the_json_is_what_mjref_settle_prints(site):
    data = site.json("/-/table.json", params={**TABLE, "winner": "E"})
    assert data == _cli_json(FIG18, SOUTH, WEST, NORTH, "--winner", "E")
    assert set(data) == {"scores", "net", "hands"}
    assert data["scores"] == {"E": 168, "S": 4, "W": 2, "N": 0}
    assert data["net"] == {"E": 1008, "S": -330, "W": -336, "N": -342}


def test_a_draw_game_and_another_profile_match_the_cli_too(site):
    east = FIG18[:-1]  # Fig. 18 before the third Green Dragon: 13 tiles, no one wins
    draw = site.json("/-/table.json", params={**TABLE, "east": east, "winner": "none"})
    assert draw == _cli_json(east, SOUTH, WEST, NORTH, "--winner", "none")
    assert draw["net"] == dict.fromkeys("ESWN", 0)
    page = site.get("/-/table", params={**TABLE, "east": east, "winner": "none"})
    assert page.status_code == 200 and 'href="/rulings/babcock-draw-game"' in page.text
    assert "East (loser): 40 points, net +0" in text_of(page.text)
    params = {**TABLE, "winner": "E", "profile": "babcock-optional"}
    assert site.json("/-/table.json", params=params) == _cli_json(
        FIG18, SOUTH, WEST, NORTH, "--winner", "E", "--profile", "babcock-optional"
    )


def test_the_page_shows_each_seat_and_the_net(site):
    r = site.get("/-/table", params={**TABLE, "winner": "E"})
    assert r.status_code == 200
    text = text_of(r.text)
    assert "East (winner) 168 +1008" in text and "North (loser) 0 -342" in text
    assert "East (winner): 168 points, net +1008" in text and "South (loser): 4 points, net -330" in text
    assert "Base 42 points" in text and "Total 168 points" in text
    assert "Set of the player's own wind" in text and "Set of dragons" in text
    assert text.count("a hand that did not win: no winning tile") == 3  # the losers' hands drawn without one
    assert r.text.count('class="set winning"') == 1
    assert 'title="North wind"' in r.text  # South's pung drawn as tiles
    for ruling in ("babcock-settlement", "babcock-losers-hands", "babcock-standard-score-sheet"):
        assert f'href="/rulings/{ruling}"' in r.text
    assert "Payments" not in text  # the net replaces the winner's payments
    assert "'unsafe-inline'" not in r.headers["content-security-policy"]
    # One script, a static file: it brings the settlement into view (web/static/land.js).
    assert r.text.count("<script") == 1 and '<script src="/static/land.js" defer></script>' in r.text
    assert "style=" not in r.text


def test_the_empty_form_offers_the_babcock_profiles(site):
    r = site.get("/-/table")
    assert r.status_code == 200
    for field in ("east", "south", "west", "north"):
        assert f'name="{field}"' in r.text
    assert re.search(r'<form class="table-form" action="/-/table" method="get">', r.text)
    winner = r.text.split('<select id="winner"', 1)[1].split("</select>", 1)[0]
    assert re.findall(r'<option value="([^"]+)"', winner) == ["E", "S", "W", "N", "none"]
    profile = r.text.split('<select id="profile"', 1)[1].split("</select>", 1)[0]
    assert re.findall(r'<option value="([^"]+)"', profile) == ["babcock", "babcock-optional"]


def test_the_score_page_links_to_it_under_babcock(site):
    babcock = site.get("/-/score", params={"ruleset": "babcock"}).text
    assert "Score the whole table" in babcock and 'href="/-/table?profile=babcock"' in babcock
    assert "Score the whole table" not in site.get("/-/score").text  # MCR has no table mode


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"north": "123p456p789p789s5s"}, "5 copies of 8p across the table: a set has only four"),
        ({"south": SOUTH + "9p"}, "South: wrong tile count for a loser: 11 standing tiles"),
        ({"profile": "no-such-club"}, "unknown profile 'no-such-club': use one of babcock, babcock-optional"),
        ({"profile": "/etc/passwd"}, "unknown profile '/etc/passwd'"),
        ({"profile": "rulings/profiles/babcock.yaml"}, "unknown profile 'rulings/profiles/babcock.yaml'"),
        ({"profile": "green-book"}, "profile 'green-book' is not a Babcock profile"),
        ({"winner": "X"}, "winner 'X': expected E, S, W, N, or none"),
        ({"winner": ""}, "winner '': expected E, S, W, N, or none"),
        ({"west": ""}, "West: no hand"),
        ({"east": "9" * 201}, "East: hand too long"),
        ({"winner": "S"}, "East: wrong tile count for a loser"),
        ({"south": SOUTH + "|EW0000"}, "South: the hand says seat W"),
        ({"dead": "E"}, "East cannot both win and hold a Dead Hand"),
        ({"dead": ["S", "X"]}, "dead 'X': expected E, S, W or N"),
    ],
)
def test_bad_input_is_a_400_with_one_line(site, change, message):
    params = {**TABLE, "winner": "E", **change}
    r = site.get("/-/table", params=params)
    assert r.status_code == 400
    errors = re.findall(r'<p class="error" role="alert">(.*?)</p>', r.text, re.S)
    assert len(errors) == 1 and "\n" not in errors[0]
    assert message in text_of(errors[0])
    j = site.get("/-/table.json", params=params)
    assert j.status_code == 400
    assert j.json() == {"error": j.json()["error"]} and message in j.json()["error"]
    assert "\n" not in j.json()["error"]


def test_the_guard_lets_only_the_table_paths_through(site):
    assert site.get("/-/table.csv").status_code == 404
    assert site.get("/-/tables").status_code == 404
    assert site.get("/-/table", params={"east": "1m\x00"}).status_code == 400


def test_a_dead_hand_matches_the_cli_and_is_shown(site):
    # West's hand has a tile too many: dead (ch.III), it scores 0. Each of the three pays East 2 x 168 = 336
    # (+1008); West pays South 4 and North 0, South and North settle 4, no one pays West:
    # South -336 + 4 + 4 = -328, West -336 - 4 = -340, North -336 - 4 = -340.
    params = {**TABLE, "west": WEST + "9p", "winner": "E", "dead": ["W"]}
    data = site.json("/-/table.json", params=params)
    assert data == _cli_json(FIG18, SOUTH, WEST + "9p", NORTH, "--winner", "E", "--dead", "W")
    assert data["net"] == {"E": 1008, "S": -328, "W": -340, "N": -340} and data["dead"] == ["W"]
    page = site.get("/-/table", params=params)
    assert page.status_code == 200
    text = text_of(page.text)
    assert "West (dead hand): 0 points, net -340" in text and "A dead hand scores nothing" in text
    assert '<input type="checkbox" name="dead" value="W" checked>' in page.text
    assert '<input type="checkbox" name="dead" value="S">' in page.text
