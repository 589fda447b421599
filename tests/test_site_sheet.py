"""The sheet page, ``/-/sheet`` and ``/-/sheet.json``, in-process: a session entered through the form's fields is
settled as ``mjref sheet`` settles the same session, every payment and penalty shows its ruling linked, the link
carries the whole sheet, bad input is one line naming the hand and the field in the page's language; and the
exported site's wheel settles it alike in a Python that sees nothing else (as Pyodide)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from urllib.parse import urlencode

import pytest

from scorer.profiles import load_profile
from scorer.sheet import settle_session
from web.export.site import _settings
from web.export.wheel import write_wheel

from .site_support import text_of

# The README's worked session (README, "The session score sheet"), without its claimed totals, entered as the form
# writes it. Worked out by hand:
# hand 1, Ann wins 12 on Bo's discard: Ann +8*3+12 = +36, Bo -8-12 = -20, Cy -8, Di -8.
# hand 2, Cy (South at hand 2) self-draws [123m,1][EEE,2]456p789s5s5s: Mixed Straight 8, Prevalent Wind 2 (East
#   round), Single Wait 1, Self-Drawn 1 = 12; each other pays 8+12 = 20, Cy +60 -> Ann 16, Bo -40, Cy 52, Di -28.
# hand 3, a draw; Bo penalised 30 split among the other three: Ann 26, Bo -70, Cy 62, Di -18.
# hand 4, Di wins 8 on Ann's discard (Di +32, Ann -16, Bo -8, Cy -8), and Cy loses 10 to no one:
#   Ann 10, Bo -78, Cy 44, Di 14. Places: Cy 1st (4), Di 2nd (2), Ann 3rd (1), Bo 4th (0). Sum -10: Cy's 10.
FORM = {
    "p1": "Ann", "p2": "Bo", "p3": "Cy", "p4": "Di",
    "h1w": "1", "h1f": "2", "h1p": "12",
    "h2w": "3", "h2f": "self", "h2t": "[123m,1][EEE,2]456p789s5s5s",
    "h3w": "draw", "h3x": "2", "h3xp": "30", "h3xt": "others",
    "h4w": "4", "h4f": "1", "h4p": "8", "h4x": "3", "h4xp": "10", "h4xt": "none",
}  # fmt: skip
SESSION = {
    "players": ["Ann", "Bo", "Cy", "Di"],
    "hands": [
        {"winner": "Ann", "from": "Bo", "points": 12},
        {"winner": "Cy", "self_drawn": True, "hand": "[123m,1][EEE,2]456p789s5s5s"},
        {"draw": True, "penalties": [{"player": "Bo", "points": 30, "to": "others"}]},
        {"winner": "Di", "from": "Ann", "points": 8, "penalties": [{"player": "Cy", "points": 10, "to": "none"}]},
    ],
}
TOTALS = {"Ann": 10, "Bo": -78, "Cy": 44, "Di": 14}
TABLE_POINTS = {"Ann": 1, "Bo": 0, "Cy": 4, "Di": 2}
RUNNING = [[36, -20, -8, -8], [16, -40, 52, -28], [26, -70, 62, -18], [10, -78, 44, 14]]


def _query(form: dict[str, str]) -> str:
    return urlencode(form)


def test_the_json_is_the_librarys(site):
    data = site.json("/-/sheet.json?" + _query(FORM))
    assert data["totals"] == TOTALS and data["table_points"] == TABLE_POINTS
    assert [[h["running"][p] for p in ("Ann", "Bo", "Cy", "Di")] for h in data["hands"]] == RUNNING
    assert data["zero_sum"]["sum"] == -10 and data["zero_sum"]["deducted"] == 10
    # What mjref sheet --json prints for the same session.
    assert data == json.loads(json.dumps(settle_session(SESSION, "green-book").to_dict()))


def test_the_page_shows_totals_table_points_and_every_ruling(site):
    page = site.get("/-/sheet?" + _query(FORM))
    assert page.status_code == 200
    totals = re.search(r'<tr class="sheet-total">.*?</tr>', page.text).group(0)
    assert text_of(totals) == "Total 10 -78 44 14"
    points = re.search(r'<tr class="sheet-table-points">.*?</tr>', page.text).group(0)
    assert text_of(points) == "Table points 1 0 4 2"
    hands = re.search(r'<ol class="sheet-hands">.*?</ol>', page.text, re.S).group(0)
    for hand in range(1, 5):
        item = re.search(rf'<li id="sheet-hand-{hand}">.*?</li>', hands, re.S).group(0)
        if hand != 3:  # a payment line, linked to its ruling
            assert 'href="/rulings/payments"' in item
        if hand in (3, 4):  # a penalty line, linked to its ruling
            assert "Penalty:" in item and 'href="/rulings/penalty-amounts"' in item
    assert 'href="/rulings/seat-rotation"' in hands  # hand 2's tiles, scored with the session's winds
    assert 'href="/rulings/table-points"' in page.text
    assert "Penalty: Bo −30, 10 to each other player" in text_of(hands)
    assert "Penalty: Cy −10, to no one" in text_of(hands)
    # The link carries the whole sheet: opened, it is the same page.
    share = re.search(r'id="share-url" value="([^"]+)"', page.text).group(1).replace("&amp;", "&")
    assert share.startswith("http://localhost/-/sheet?p1=Ann&p2=Bo")
    assert site.json("/-/sheet.json?" + share.split("?", 1)[1])["totals"] == TOTALS
    assert 'href="/-/sheet"' in site.get("/").text  # linked from the home page and the header
    assert 'src="/-/qr.svg?page=' in page.text
    qr = re.search(r'src="(/-/qr\.svg\?page=[^"]+)"', page.text).group(1).replace("&amp;", "&")
    assert site.get(qr).headers["content-type"].startswith("image/svg+xml")


def test_chinese(site):
    page = site.get("/zh/-/sheet?" + _query(FORM))
    assert page.status_code == 200 and "累计分" in page.text and "名次分" in page.text
    assert 'href="/zh/rulings/payments"' in page.text
    assert site.json("/zh/-/sheet.json?" + _query(FORM))["totals"] == TOTALS


@pytest.mark.parametrize(
    ("change", "english", "chinese"),
    [
        ({"h1f": "1"}, "hand 1, from: Ann won and cannot have discarded to himself", "第 1 盘"),
        ({"h1p": "7"}, "hand 1, points: 7 is under the 8-point minimum, so a false win, not a win", "错和"),
        ({"h3xp": "-30"}, "hand 3, penalty 1, points: -30: a penalty is a number of points above zero", "第 3 盘"),
        ({"h4f": "9"}, "hand 4, from: '9' is not at the table (players: Ann, Bo, Cy, Di)", "第 4 盘"),
        ({"h2p": "abc"}, "hand 2, points: expected a whole number, not 'abc'", "第 2 盘"),
        ({"h17w": "draw"}, "17 hands: a session has at most 16", "17 盘"),  # the house's limit, not a row ignored
        ({"h2t": "1m" * 101}, "hand 2, hand: too long (at most 200 characters)", "第 2 盘"),
    ],
)
def test_bad_input_is_one_line_naming_the_hand_and_field(site, change, english, chinese):
    page = site.get("/-/sheet?" + _query({**FORM, **change}))
    assert page.status_code == 400
    error = re.findall(r'<p class="error" role="alert">(.*?)</p>', page.text, re.S)
    assert len(error) == 1 and text_of(error[0]).startswith("error: " + english)
    zh = site.get("/zh/-/sheet.json?" + _query({**FORM, **change}))
    assert zh.status_code == 400 and chinese in zh.json()["error"] and "\n" not in zh.json()["error"]


def test_an_empty_form_is_the_page(site):
    page = site.get("/-/sheet")
    assert page.status_code == 200 and 'id="sheet-form"' in page.text and "sheet-result" in page.text
    assert page.text.count('class="sheet-hand"') == 16 and "error" not in text_of(page.text).split("Work out")[0]


def test_the_exported_wheel_settles_the_sheet_alike(tmp_path, site):
    """scorer.sheet, web.sheet_form and the page's macros run from the export's wheel alone (no site-packages)."""
    built = write_wheel(tmp_path / "py", _settings(load_profile("green-book"), "w.whl"))
    with zipfile.ZipFile(built) as z:
        z.extractall(tmp_path / "sp")
    query, more, twice = _query(FORM), _query(MORE), _query(FORM) + "&h1p=13"
    script = (
        f"import sys; sys.path.insert(0, {str(tmp_path / 'sp')!r}); import json, mjref_offline.sheet as s; "
        f"print(json.dumps([json.loads(s.sheet_page(q, 'u', lang)) for q in ({query!r}, {more!r}, {twice!r}) "
        "for lang in ('en', 'zh')]))"
    )
    done = subprocess.run([sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    en, zh, more_en, more_zh, twice_en, _ = json.loads(done.stdout)
    # A field given twice is refused as on the server (offline once took the last value, the server the first).
    assert (twice_en["status"], twice_en["data"]) == (400, site.get("/-/sheet.json?" + twice).json())
    assert en["data"] == site.json("/-/sheet.json?" + query)
    assert "Total 10 -78 44 14" in text_of(en["html"]) and "累计分" in zh["html"]
    # Two penalties, one by its foul, and the paper sheet's totals: the same sheet, the same first difference.
    assert more_en["data"] == site.json("/-/sheet.json?" + more) and more_en["data"]["first_difference"] == 3
    assert "penalty 2 was not applied" in text_of(more_en["html"]) and "第 2 项罚分未执行" in more_zh["html"]


# Several penalties in a hand, one given by its foul, and the paper sheet's running totals. Worked out by hand from
# FORM's hands 1 and 2 (Ann 16, Bo -40, Cy 52, Di -28):
# hand 3, a draw: Bo's 30 split among the other three (Ann +10, Bo -30, Cy +10, Di +10) and Di's false win, which the
#   green-book profile's table prices at 30 split among the other three (ruling penalty-amounts: Ann +10, Bo +10,
#   Cy +10, Di -30): Ann 36, Bo -60, Cy 72, Di -48. The paper sheet left the false win out: 26, -70, 62, -18, so
#   it is off by Ann -10, Bo -10, Cy -10, Di +30 (claimed less settled), penalty 2 not applied.
# hand 4, as in FORM (Ann -16, Bo -8, Cy -8 and Cy's 10 to no one, Di +32): Ann 20, Bo -68, Cy 54, Di -16.
MORE = {
    **FORM,
    "h3x2": "4", "h3xr2": "false-win",
    "h3c1": "26", "h3c2": "-70", "h3c3": "62", "h3c4": "-18",
}  # fmt: skip
MORE_TOTALS = {"Ann": 20, "Bo": -68, "Cy": 54, "Di": -16}


def test_several_penalties_one_by_its_foul_and_the_paper_sheets_totals(site):
    data = site.json("/-/sheet.json?" + _query(MORE))
    assert data["totals"] == MORE_TOTALS and data["first_difference"] == 3 and data["consistent"] is False
    assert [h["running"]["Di"] for h in data["hands"]] == [-8, -28, -48, -16]
    hand3 = data["hands"][2]
    assert [(p["player"], p["points"], p["to"], p["foul"]) for p in hand3["penalties"]] == [
        ("Bo", 30, "others", None),
        ("Di", 30, "others", "false-win"),
    ]
    assert data["difference"]["by"] == {"Ann": -10, "Bo": -10, "Cy": -10, "Di": 30}
    session = json.loads(json.dumps(SESSION))
    session["hands"][2]["penalties"].append({"player": "Di", "ruling": "false-win"})
    session["hands"][2]["claimed"] = {"Ann": 26, "Bo": -70, "Cy": 62, "Di": -18}
    assert data == json.loads(json.dumps(settle_session(session, "green-book").to_dict()))  # mjref sheet --json's
    page = site.get("/-/sheet?" + _query(MORE))
    assert page.status_code == 200
    paper = text_of(re.search(r'<p class="sheet-paper error".*?</p>', page.text, re.S).group(0))
    paper = re.sub(r"\( ", "(", re.sub(r" ([),:])", r"\1", paper))  # text_of spaces the links' edges
    assert paper == (
        "Paper: first differs after hand 3 (claimed less settled: Ann -10, Bo -10, Cy -10, Di +30): "
        "penalty 2 was not applied (penalty-amounts, false-win)"
    )
    hands = text_of(re.search(r'<ol class="sheet-hands">.*?</ol>', page.text, re.S).group(0))
    assert "Penalty: Di −30, 10 to each other player" in hands
    row = re.search(r"<tbody>.*?</tr>.*?</tr>.*?</tr>", page.text, re.S).group(0)
    assert text_of(row).endswith("+20 36 paper 26 -20 -60 paper -70 +20 72 paper 62 -20 -48 paper -18")
    # The form keeps both penalties and the claimed totals; a third penalty is ready, the fourth waits.
    assert re.search(r'<option value="false-win"[^>]*selected>', page.text)
    assert 'name="h3c4" value="-18"' in page.text
    assert re.search(r'<div class="sheet-penalty-fields" data-penalty="3">', page.text)
    assert re.search(r'<div class="sheet-penalty-fields" data-penalty="4" hidden>', page.text)
    # The link carries it all, and the old single-penalty fields still read (FORM's link above).
    share = re.search(r'id="share-url" value="([^"]+)"', page.text).group(1).replace("&amp;", "&")
    assert "h3x2=4&h3xr2=false-win" in share and "h3c4=-18" in share and "h3xt2" not in share
    assert site.json("/-/sheet.json?" + share.split("?", 1)[1]) == data
    zh = site.get("/zh/-/sheet?" + _query(MORE)).text
    assert "第 3 盘" in text_of(re.search(r'<p class="sheet-paper error".*?</p>', zh, re.S).group(0))


def test_a_foul_the_house_prices_and_one_it_leaves_to_the_referee(site):
    page = site.get("/-/sheet").text
    # green-book's table: false win 30, split among the other three; a wrong tile count, no fixed amount.
    assert re.search(r'<option value="false-win" data-points="30" data-to="others">A false win', page)
    assert re.search(r'<option value="wrong-tile-count" data-points="" data-to="">', page)
    open_ = site.get("/-/sheet?" + _query({**FORM, "h1xr": "wrong-tile-count", "h1x": "3"}))
    assert (
        open_.status_code == 400
        and "hand 1, penalty 1, ruling: the house (green-book) gives wrong-tile-count no "
        "fixed amount: give points and to"
        in text_of(open_.text)
    )
    assert "the referee decides. Write the points" in text_of(open_.text)
    given = {**FORM, "h1xr": "wrong-tile-count", "h1x": "3", "h1xp": "9", "h1xt": "none"}
    data = site.json("/-/sheet.json?" + _query(given))
    pen = data["hands"][0]["penalties"][0]
    assert (pen["player"], pen["points"], pen["to"], pen["foul"]) == ("Cy", 9, "none", "wrong-tile-count")
    assert pen["rulings"] == ["penalty-amounts", "wrong-tile-count"]
    assert data["totals"]["Cy"] == TOTALS["Cy"] - 9  # deducted only
    fixed = site.get("/-/sheet?" + _query({**FORM, "h1xr": "false-win", "h1x": "3"})).text
    assert "The house's table: 30 points, 10 to each other player." in text_of(fixed)
    assert site.json("/-/sheet.json?" + _query({**FORM, "h1xr": "false-win", "h1x": "3"}))["totals"]["Cy"] == 14


@pytest.mark.parametrize(
    ("change", "english"),
    [
        ({"h2c1": "16"}, "hand 2, claimed: the running total of Bo is missing"),
        ({**MORE, "h3xp2": "x"}, "hand 3, penalty 2, points: expected a whole number, not 'x'"),
        ({"h2c2": "1" * 201}, "hand 2, claimed: too long (at most 200 characters)"),
    ],
)
def test_bad_penalties_and_claims_name_the_hand_and_field(site, change, english):
    page = site.get("/-/sheet?" + _query({**FORM, **change}))
    assert page.status_code == 400
    assert text_of(re.search(r'<p class="error" role="alert">(.*?)</p>', page.text, re.S).group(1)) == (
        "error: " + english
    )


# A link's query the form never writes: each refused with one line naming the parameter (and its hand), in the
# page's language and the shape of the sheet's other errors, where the page once guessed or dropped it.
@pytest.mark.parametrize(
    ("query", "english", "chinese"),
    [
        ("h1000w=draw", "1000 hands: a session has at most 16", "1000 盘"),  # was ignored: an empty sheet
        ("h0w=draw", "'h0w': no field of the sheet (players p1 to p4; hands h1… to h16…, as h1w)", "记分表没有这一栏"),
        ("h01w=draw", "'h01w': no field of the sheet", "'h01w'"),
        ("h%D9%A3w=draw", "'h٣w': no field of the sheet", "'h٣w'"),  # an Arabic-Indic three
        ("p5=Ed", "'p5': no field of the sheet", "'p5'"),
        ("h1p=13", "hand 1, h1p: given more than once (a link gives each field once)", "第 1 盘，h1p"),
        ("h1w=2", "hand 1, h1w: given more than once", "第 1 盘，h1w"),
        ("p1=Al", "p1: given more than once", "p1：给了不止一次"),
        ("h2t=%ff%fe", "hand 2, h2t: not UTF-8 text", "第 2 盘，h2t：不是 UTF-8 文本"),
        ("profile=nope", "profile 'nope': the sheet is settled under the house's profile, green-book", "green-book"),
        ("profile=%2Fetc%2Fpasswd", "profile '/etc/passwd': the sheet is settled under", "'/etc/passwd'"),
        ("h2t=1m%0A2m", "hand 2, h2t: control characters are not allowed", "第 2 盘，h2t：不允许控制字符"),
    ],
)
def test_a_query_the_form_never_writes_is_one_line_naming_the_parameter(site, query, english, chinese):
    link = _query(FORM) + "&" + query
    data = site.get("/-/sheet.json?" + link)
    assert data.status_code == 400 and list(data.json()) == ["error"]  # as mjref sheet --json prints an error
    assert data.json()["error"].startswith(english)
    page = site.get("/-/sheet?" + link)  # the page with its error line, never the plain text of the guard
    assert page.status_code == 400 and page.headers["content-type"].startswith("text/html")
    error = re.findall(r'<p class="error" role="alert">(.*?)</p>', page.text, re.S)
    assert len(error) == 1 and text_of(error[0]).startswith("error: " + english)
    zh = site.get("/zh/-/sheet.json?" + link)
    assert zh.status_code == 400 and chinese in zh.json()["error"] and "\n" not in zh.json()["error"]


def test_a_name_with_invalid_utf8_or_a_control_character_is_named_escaped(site):
    for query, english in (("p1=%ff%fe", "p1: not UTF-8 text"), ("a%0Ab=1", "'a\\nb': control characters")):
        data = site.get("/-/sheet.json?" + _query(FORM) + "&" + query)
        assert data.status_code == 400 and data.json() == {"error": data.json()["error"]}
        assert data.json()["error"].startswith(english) and "\n" not in data.json()["error"]
    # The guard still refuses a control character for the other pages, in its own shape.
    score = site.get("/-/score.json?hand=1m%0A2m")
    assert score.status_code == 400 and score.json()["ok"] is False
    assert site.get("/kb/rulings.json?id=a%01").status_code == 400


def test_parameters_the_sheet_does_not_take_are_ignored_as_the_score_page_ignores_them(site):
    """The score page answers its hand whatever else the query holds (a tracker's tag, ``lang``: the language is
    the path's); so does the sheet, and ``profile`` naming the profile it settles under is what it uses."""
    others = "&lang=xx&utm_source=qr&hand=1m"
    assert site.get("/-/score.json?hand=[CCCC][5555m]123p789pNN" + others).status_code == 200
    data = site.json("/-/sheet.json?" + _query(FORM) + others + "&profile=green-book")
    assert data["totals"] == TOTALS and data["profile"] == "green-book"
    assert site.get("/zh/-/sheet?" + _query(FORM) + "&lang=en").text.count("累计分") >= 1
