"""The wheel the exported score page installs in Pyodide, checked without a browser: unpacked and imported by a
Python that sees nothing else (``-I -S``: no site-packages, so no Datasette, no Babel, as in Pyodide), it scores
hands to the JSON of ``/-/score.json``, under a built-in profile and under a club's profile file baked in, and
draws the result section in English and in Chinese."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import urlencode

import pytest

from scorer import score
from scorer.profiles import load_profile
from web.export.claim_facts import read_facts
from web.export.site import _settings, standalone
from web.export.wheel import write_wheel

from .site_support import Site

CLUB = """name: our-club
title: Our club's house rules
extends: green-book
positions:
  seven-pairs-tile-hog: tile-hog
points:
  two-concealed-kongs: 6
"""
HANDS = ["[123m,1][EEE,2]456p789s5s5s|EW1000", "1111m2233p4455s7s7s", "[5555s][6666s]123m789p5p5p", "123m", ""]


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The wheel, with the club's profile as the house profile, unpacked as Pyodide unpacks it; and the club file."""
    folder = tmp_path_factory.mktemp("wheel")
    club = folder / "our-club.yaml"
    club.write_text(CLUB)
    house = load_profile(str(club))
    built = write_wheel(folder / "py", _settings(house, "w.whl"), (house.name, standalone(house)))
    target = folder / "site-packages"
    with zipfile.ZipFile(built) as z:
        z.extractall(target)
    return target, club


def _run(site_packages: Path, code: str) -> object:
    script = f"import sys; sys.path.insert(0, {str(site_packages)!r}); import json, mjref_offline as m; print({code})"
    done = subprocess.run([sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def _expected(hand: str, profile: str) -> dict[str, object]:
    if not hand:
        return {"error": "no hand: give one as ?hand=… in mjref's notation", "hand": hand, "profile": "green-book"}
    try:
        return score(hand, profile=profile).to_dict()
    except Exception as e:  # the page's one-line error, as the server's
        return {"error": " ".join(str(e).split()), "hand": hand, "profile": "green-book"}


def test_the_wheel_scores_alone_as_the_scorer(unpacked: tuple[Path, Path]) -> None:
    site_packages, club = unpacked
    got = _run(site_packages, f"m.score_many({json.dumps(json.dumps(HANDS))}, 'green-book', '')")
    assert got == [_expected(h, "green-book") for h in HANDS]
    club_hand = "1111m2233p4455s7s7s"
    got = _run(site_packages, f"m.score_many({json.dumps(json.dumps([club_hand]))}, 'our-club', '')")
    assert got == [score(club_hand, profile=str(club)).to_dict()]
    assert isinstance(got, list) and got[0]["profile"] == "our-club"


def test_the_wheel_draws_the_result_in_both_languages(unpacked: tuple[Path, Path]) -> None:
    site_packages, _ = unpacked
    hand = json.dumps(HANDS[0])
    en = _run(site_packages, f"m.score_page({hand}, '', '', 'en')")
    zh = _run(site_packages, f"m.score_page({hand}, '', '', 'zh')")
    assert isinstance(en, dict) and isinstance(zh, dict)
    assert en["status"] == 200 and '<dd class="total">12 points' in en["html"]
    assert 'href="../../rulings/fan-mixed-straight/index.html"' in en["html"] and "under our-club" in en["html"]
    assert "green-book</a>" in en["html"]  # the same hand under the other profiles
    assert "番" in zh["html"] and zh["data"]["fans"][0]["name"] != en["data"]["fans"][0]["name"]
    bad = _run(site_packages, "m.score_page('123m', '', '', 'en')")
    assert isinstance(bad, dict) and bad["status"] == 400 and bad["html"].startswith('<p class="error"')


CLAIMS = [  # the audit's verdict, the false win and the comparison (test_site_audit's hands)
    {"hand": HANDS[0], "claim": "Mixed Straight, 单钓将, zi mo", "claim_total": "24"},
    {"hand": "123m456m789m123p5s5p", "claim_total": "8"},
    {"hand": "1111m2233p4455s7s7s", "compare": "all"},
    {"hand": HANDS[0], "claim": "no such fan"},
]


def test_the_wheel_judges_a_claim_as_the_server(db: Path, site: Site, tmp_path: Path) -> None:
    """With the database's fan names and titles baked in, the browser's answer to a claimed score or a comparison is
    the server's JSON, in English and in Chinese (the verdicts' reasons, the false win's penalty)."""
    built = write_wheel(tmp_path / "py", _settings(load_profile("green-book"), "w.whl"), None, read_facts(db))
    with zipfile.ZipFile(built) as z:
        z.extractall(tmp_path / "site-packages")
    for lang, prefix in (("en", ""), ("zh", "/zh")):
        for params in CLAIMS:
            got = _run(tmp_path / "site-packages", f"m.page_answer({json.dumps(urlencode(params))}, {lang!r})")
            assert isinstance(got, dict)
            expected = site.get(f"{prefix}/-/score.json", params=params)
            assert (got["status"], got["data"]) == (expected.status_code, expected.json()), (lang, params)
            if "claim_total" in params:
                assert 'class="claim-verdict' in got["html"] + got["top"]
