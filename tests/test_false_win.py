"""False wins are verdicts: `mjref audit`, `kb.audit`, the score page's audit mode and `mjref audit-log` judge
the win before the fans (rulings/mcr/false-win.md, eight-point-minimum.md, penalty-amounts.md).

Each hand's figures are worked next to it from the fan rulings; the penalty is the one rulings/mcr/
penalty-amounts.md gives for the position the profile takes (every built-in MCR profile: chinese-2006,
Sloper col. 289's 10 points to each other player, 30 in all; the EMA's table gives no false-win figure).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.audit import audit
from kb.false_win import FALSE_WIN_RULINGS, judge_win
from mjref.main import cli
from scorer import NotWinning, score

from .site_support import text_of

# The hand: chow 234m declared, 567p 345s 678s and a pair of 9m won on 9m. All Chows 2 + Short Straight
# (345s 678s) 1 + Single Wait 1 = 4 (fan-all-chows, fan-short-straight, fan-single-wait): 4 short of 8.
FOUR_POINTS = "[234m,1]567p345s678s9m9m"
FOUR_CLAIM = "All Chows, Short Straight, Single Wait"
# 123m 456m 789m 123p and 5s 6s: no pair, so no winning hand; a 4s or 7s for either of them would leave the
# hand ready (one tile from a win): 1 tile away.
NO_PAIR = "123m456m789m123p5s6s"
# 1m 5m 9m 2p 6p 3s 7s and E S W N C F P, no pair. Closest as Honours and Knitted Tiles: the layout 147m 258p
# 369s holds 1m 2p 3s, with the seven honours 10 of its 14 different tiles (13 - 10 = 3 from ready), closer than
# Thirteen Orphans (1m 9m and the honours, 9 orphans, none twice: 13 - 9 = 4) or four sets and a pair: 4 tiles
# from a win (3 from ready, then the winning tile).
FAR = "159m26p37sESWNCFP"
# Flowers do not count toward the minimum (eight-point-minimum): the four-point hand with five flowers scores
# 9 in all, still 4 short.
WITH_FLOWERS = FOUR_POINTS + "|EE0000+5"
# The README hand, 12 points (Mixed Straight 8 + Prevalent Wind 2 + Single Wait 1 + Self-Drawn 1): a valid win.
VALID = "[123m,1][EEE,2]456p789s5s5s|EW1000"


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_below_the_minimum_is_a_false_win_with_the_fan_verdicts_still_given():
    result = audit(FOUR_POINTS, claim=FOUR_CLAIM)
    assert (result.total, result.valid_win, result.fans_right, result.claim_is_right) == (4, False, True, False)
    assert [v.verdict for v in result.verdicts] == ["accepted"] * 3
    assert result.win.points_short == 4 and result.win.rulings == FALSE_WIN_RULINGS
    assert result.win.penalty is not None and (result.win.penalty.points, result.win.penalty.to) == (30, "others")
    data = result.to_dict()
    assert data["valid_win"] is False and data["false_win"]["kind"] == "below-minimum"
    assert data["false_win"]["penalty_text"] == (
        "30 points: 10 to each of the other three players (as in Sloper's Tianjin 2006 exercises)"
    )


def test_flowers_do_not_lift_a_hand_to_the_minimum():
    _, win, _ = judge_win(WITH_FLOWERS)
    assert score(WITH_FLOWERS).total == 9 and not win.valid and win.points_short == 4


@pytest.mark.parametrize(("hand", "away"), [(NO_PAIR, 1), (FAR, 4)])
def test_tiles_that_do_not_win_are_a_verdict_with_how_far_they_are(hand, away):
    with pytest.raises(NotWinning):
        score(hand)
    result = audit(hand, claim="All Chows")
    assert result.score is None and not result.valid_win and not result.claim_is_right
    assert result.win.kind == "not-winning" and result.win.tiles_away == away
    assert result.verdicts == () and result.claimed_total == 2  # All Chows is worth 2: the claim is still read
    assert result.to_dict()["total"] is None


def test_a_valid_win_says_so():
    result = audit(VALID, claim_total=12)
    assert result.valid_win and result.claim_is_right and result.to_dict()["valid_win"] is True


def test_the_penalty_follows_the_house_profile(tmp_path):
    # A club that takes the EMA's table: it has no fixed figure for a false win, so the referee decides.
    club = tmp_path / "club.yaml"
    club.write_text("name: club\nextends: green-book\npositions:\n  penalty-amounts: ema\n", encoding="utf-8")
    win = audit(FOUR_POINTS, claim_total=4, profile=str(club)).win
    assert win.penalty is None and win.position == "ema"
    assert str(win.penalty_message) == (
        "no fixed amount in this profile's penalty table (the EMA's penalty overview): the referee decides"
    )


def test_mjref_audit_says_false_win_and_exits_1():
    r = run("audit", FOUR_POINTS, "--claim", FOUR_CLAIM)
    assert r.exit_code == 1, r.output
    lines = r.output.splitlines()
    assert (
        lines[4] == "Win        a false win: the hand scores 4 points without flowers, 4 short of the 8-point minimum"
    )
    penalty = "30 points: 10 to each of the other three players (as in Sloper's Tianjin 2006 exercises)"
    assert lines[5] == "Penalty    " + penalty
    assert lines[6] == "Rulings    false-win, eight-point-minimum, penalty-amounts"
    assert lines[-1] == "Verdict    a false win: the claim is NOT right" and "the claim is right" not in r.output


def test_mjref_audit_json_and_chinese():
    r = run("audit", NO_PAIR, "--claim-total", "8", "--json")
    data = json.loads(r.output)
    assert r.exit_code == 1 and data["valid_win"] is False and data["false_win"]["tiles_away"] == 1
    assert data["false_win"]["rulings"] == list(FALSE_WIN_RULINGS)
    zh = run("audit", NO_PAIR, "--claim-total", "8", "--lang", "zh")
    assert zh.exit_code == 1 and "错和：这些牌不成和牌，离和牌还差 1 张" in zh.output
    assert "罚 30 分：其他三家每家得 10 分" in zh.output


@pytest.mark.parametrize(
    ("hand", "problem"),
    [("11111m456m789m1p55s", "5 copies of 1m"), ("123m456m789m123p5s", "wrong tile count"), ("123x", "")],
)
def test_malformed_input_stays_an_input_error(hand, problem):
    r = run("audit", hand, "--claim-total", "8")
    assert r.exit_code == 2 and problem in r.output and "false win" not in r.output


def test_audit_log_counts_false_wins_on_their_own_line(tmp_path):
    event = tmp_path / "event.jsonl"
    lines = [
        {"id": 1, "hand": FOUR_POINTS, "claim": FOUR_CLAIM},  # false win, claimed: a disagreement too
        {"id": 2, "hand": NO_PAIR},  # false win, without a claim
        {"id": 3, "hand": VALID, "claim_total": 12},  # agrees
        {"id": 4, "hand": "11111m456m789m1p55s"},  # a bad line
    ]
    event.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    report = tmp_path / "report.jsonl"
    r = run("audit-log", str(event), "--out", str(report), "--jobs", "1")
    assert r.exit_code == 0, r.output
    assert "agreements 1, disagreements 1 (1 of them false wins), without a claim 1" in r.output
    assert "false wins 2 (below the minimum or no winning hand, claimed or not)" in r.output
    assert "       2  false-win" in r.output and "       2  penalty-amounts" in r.output
    records = [json.loads(x) for x in report.read_text(encoding="utf-8").splitlines()[1:]]
    assert [r.get("valid_win") for r in records] == [False, False, True, None]
    assert [r.get("agrees") for r in records[:3]] == [False, None, True]


# The score page's audit mode.


def test_score_json_gives_the_false_win_verdict(site):
    data = site.json("/-/score.json", params={"hand": NO_PAIR, "claim": "All Chows"})
    assert data["audit"]["valid_win"] is False and data["audit"]["false_win"]["tiles_away"] == 1
    assert data["audit"] == json.loads(run("audit", NO_PAIR, "--claim", "All Chows", "--json").output)
    below = site.json("/-/score.json", params={"hand": FOUR_POINTS, "claim": FOUR_CLAIM})
    assert below["total"] == 4 and below["audit"]["valid_win"] is False
    valid = site.json("/-/score.json", params={"hand": VALID, "claim_total": "12"})
    assert valid["audit"]["valid_win"] is True


@pytest.mark.parametrize(
    ("prefix", "reason", "penalty"),
    [
        ("", "a false win: the hand scores 4 points without flowers, 4 short of the 8-point minimum", "30 points"),
        ("/zh", "错和：不计花牌只有 4 番，比 8 番起和线少 4 番", "罚 30 分"),
    ],
)
def test_score_page_shows_the_false_win_first(site, prefix, reason, penalty):
    r = site.get(f"{prefix}/-/score", params={"hand": FOUR_POINTS, "claim": FOUR_CLAIM})
    assert r.status_code == 200
    html = r.text
    first = html.index('<section class="false-win"')
    assert first < html.index('<section class="result"') < html.index('<section class="audit"')
    shown = text_of(html[first : html.index("</section>", first)])
    assert reason in shown and penalty in shown
    for ruling in FALSE_WIN_RULINGS:
        assert f"/rulings/{ruling}" in html[first : html.index("</section>", first)]


def test_score_page_for_tiles_that_do_not_win(site):
    r = site.get("/-/score", params={"hand": NO_PAIR, "claim": "All Chows"})
    assert r.status_code == 200 and 'class="false-win"' in r.text and 'class="audit"' not in r.text
    assert "1 tile away from a win" in text_of(r.text)
    plain = site.get("/-/score", params={"hand": NO_PAIR})  # scoring, not auditing: still an input error
    assert plain.status_code == 400
