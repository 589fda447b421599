"""The score page's rule-set switch: Babcock hands scored and shown with their base, doubles and limit."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from .site_support import text_of

# Babcock's Fig. 27, held by East and won on a discard: exposed pungs of South, North and East winds, a
# chow of dots and a pair of West. Worked by hand from the Standard Score Sheet [Babcock1923, ch.V-VI]:
# Mah-Jongg 20 + three exposed pungs of honours at 4 each = 32; doubled once for the set of the player's
# own wind (East) and once for one suit with honours: 32 x 2 x 2 = 128. East collects double from each
# of the three others: 3 x 256 = 768.
FIG_27 = "[SSS,1][NNN,2]123pEEWWE|EE0000"


def _url(hand: str, **args: str) -> str:
    extra = "".join(f"&{k}={quote(v)}" for k, v in args.items())
    return f"/-/score?hand={quote(hand)}{extra}"


def _profile_options(page: str) -> list[str]:
    select = page.split('<select id="profile"', 1)[1].split("</select>", 1)[0]
    return re.findall(r'<option value="([^"]+)"', select)


def test_the_switch_scores_a_babcock_hand(site):
    r = site.get(_url(FIG_27, ruleset="babcock"))
    assert r.status_code == 200
    text = text_of(r.text)
    assert "Rule set: MCR · Babcock" in text
    assert "Base 32 points" in text and "Total 128 points" in text
    assert "Set of the player's own wind" in text and "One suit with honours" in text
    assert "winner +768" in text and "others (each) -256" in text
    assert 'href="/rulings/babcock-standard-score-sheet"' in r.text
    assert 'href="/rulings/babcock-settlement"' in r.text
    assert _profile_options(r.text) == ["babcock", "babcock-optional"]
    assert 'id="claim"' not in r.text  # audit and compare are MCR tools


def test_the_json_has_base_doubles_and_limit(site):
    data = site.json(_url(FIG_27, ruleset="babcock").replace("/-/score?", "/-/score.json?"))
    assert (data["ruleset"], data["profile"], data["base"], data["total"], data["limit"]) == (
        "babcock",
        "babcock",
        32,
        128,
        False,
    )
    assert {d["key"] for d in data["doubles"]} == {"own-wind-set", "one-suit-with-honours"}
    assert data["payments"] == {"winner": 768, "others": -256}


def test_a_babcock_profile_brings_its_rule_set(site):
    # With every option of chapter VII agreed, Fig. 27 (pungs of three winds and a pair of the fourth) is the
    # Four Wind Hand, scored at the limit [Babcock1923, ch.VII, Four Wind Hand].
    data = site.json("/-/score.json?hand=" + quote(FIG_27) + "&profile=babcock-optional")
    assert (data["ruleset"], data["total"]) == ("babcock", 300)
    assert [f["key"] for f in data["fans"]] == ["four-wind-hand"]
    assert data["limit"] is False  # scored at the limit, not capped by it
    page = text_of(site.get(_url(FIG_27, profile="babcock-optional")).text)
    assert "a limit hand, scored at the limit of 300" in page


def test_another_seat_pays_east_double(site):
    # The same hand held by South: 128 from West and North, 256 from East: 512 in all.
    data = site.json("/-/score.json?hand=" + quote("[SSS,1][NNN,2]123pEEWWE|ES0000") + "&ruleset=babcock")
    assert data["payments"] == {"winner": 512, "east": -256, "others": -128}


def test_mcr_stays_the_default_and_lists_only_mcr_profiles(site):
    r = site.get("/-/score")
    assert r.status_code == 200
    assert _profile_options(r.text) == ["chinese-practice", "green-book", "starback"]
    # Empty parameters are left out of links.
    assert "<strong>MCR</strong>" in r.text and 'href="/-/score?ruleset=babcock"' in r.text
    assert site.json("/-/score.json?hand=" + quote("[123m,1][EEE,2]456p789s5s5s|EW1000"))["ruleset"] == "mcr"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"ruleset": "babcock", "profile": "green-book"}, "profile 'green-book' is not a Babcock profile"),
        ({"ruleset": "mcr", "profile": "babcock"}, "profile 'babcock' is not a MCR profile"),
        ({"ruleset": "<script>chess"}, "unknown rule set '<script>chess'"),
        ({"ruleset": "babcock", "claim": "Mah-Jongg"}, "audit and compare are for MCR hands"),
        ({"ruleset": "babcock", "compare": "all"}, "audit and compare are for MCR hands"),
    ],
)
def test_a_wrong_choice_is_a_400_with_one_line(site, args, message):
    r = site.get(_url(FIG_27, **args))
    assert r.status_code == 400
    assert message in text_of(r.text)
    assert "<script>chess" not in r.text
    j = site.get(_url(FIG_27, **args).replace("/-/score?", "/-/score.json?"))
    assert j.status_code == 400 and message in j.json()["error"]


def test_babcock_rulings_have_their_own_topics_on_the_home_page(site):
    topics = {t["topic"]: t for t in site.json("/index.json")["topics"]}
    assert {"babcock-scoring", "babcock-optional-scores"} <= set(topics)
    babcock = {r["id"] for t in ("babcock-scoring", "babcock-optional-scores") for r in topics[t]["rulings"]}
    assert "babcock-standard-score-sheet" in babcock and "babcock-settlement" in babcock
    assert all(
        r["ruleset"] == "babcock" for t in ("babcock-scoring", "babcock-optional-scores") for r in topics[t]["rulings"]
    )
