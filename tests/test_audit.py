"""`mjref audit` and `mjref compare`: verdicts on claims taken from the sources, and differences between profiles."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from kb.audit import audit, compare
from kb.claims import ClaimError, parse_claims
from mjref.main import cli

# Tsui, Example 3 (also Sloper FAQ 22, 10.1.5.5): 234m 567m 234p 567p with a pair of 8s. The four chows
# pair up four ways: two Mixed Double Chows (234m-234p, 567m-567p) and two Short Straights (234m-567m,
# 234p-567p). Under account-once (Sloper, the Green Book profile) only three of the four may be scored.
TSUI_3 = "234m567m234p567p88s"


def test_tsui_example_3_all_four_two_chow_fans_claimed_exactly_one_rejected():
    result = audit(TSUI_3, claim="Mixed Double Chow, Mixed Double Chow, Short Straight, Short Straight")
    rejected = [v for v in result.verdicts if v.verdict != "accepted"]
    assert len(rejected) == 1
    assert rejected[0].key == "short-straight"
    assert "principle-account-once" in rejected[0].rulings
    assert not result.claim_is_right


def test_tsui_example_3_under_starback_accepts_all_four():
    # Starbäck §4.3 proposes no account-once limit beyond non-identical: all four pairings score.
    result = audit(TSUI_3, claim="Mixed Double Chow x2, Short Straight x2", profile="starback")
    assert [v.verdict for v in result.verdicts] == ["accepted", "accepted"]


@pytest.mark.parametrize(
    "claim",
    [
        "Pure Straight, Tile Hog",
        "清龙, 四归一",
        "qing long; si gui yi",
        "qīng lóng + sì guī yī",
        "28, fan 64",
        "pure dragon, tile hog",
    ],
)
def test_a_claim_may_name_fans_in_any_form(claim):
    assert [(c.fan.number, c.count) for c in parse_claims(claim)] == [(28, 1), (64, 1)]


@pytest.mark.parametrize("text", ["Tile Hog x2", "Tile Hog ×2", "2x Tile Hog", "Tile Hog (2)", "四归一×2"])
def test_counts(text):
    assert [(c.fan.number, c.count) for c in parse_claims(text)] == [(64, 2)]


def test_unknown_fan_in_a_claim_names_it_and_suggests():
    with pytest.raises(ClaimError, match=r"no fan is called 'Pure Stright' \(did you mean 'Pure Straight'\?\)"):
        parse_claims("Pure Stright")


def test_excluded_and_absent_verdicts():
    # All Even Pungs (Green Book fan 21) implies All Pungs (49): the claim of All Pungs is excluded by 21,
    # citing non-repetition. Pure Straight is simply not in this hand.
    hand = "[222m,1][666p,2]444888s8p8p"
    result = audit(hand, claim="All Even Pungs, All Pungs, Pure Straight")
    verdicts = {v.key: v for v in result.verdicts}
    assert verdicts["all-even-pungs"].verdict == "accepted"
    assert verdicts["all-pungs"].verdict == "excluded"
    assert verdicts["all-pungs"].by == (21,)
    assert "principle-non-repetition" in verdicts["all-pungs"].rulings
    assert verdicts["pure-straight"].verdict == "absent"
    assert verdicts["pure-straight"].rulings == ("fan-pure-straight",)


def test_a_right_claim_exits_0_and_json_contract():
    # [123m,1][EEE,2]456p789s5s5s|EW1000, worked by hand: Mixed Straight 8, Prevalent Wind 2 (East round),
    # Single Wait 1 (only 5s completes), Self-Drawn 1 = 12.
    hand = "[123m,1][EEE,2]456p789s5s5s|EW1000"
    claim = "Mixed Straight, Prevalent Wind, Single Wait, Self-Drawn"
    result = CliRunner().invoke(cli, ["audit", hand, "--claim", claim, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"total", "claimed_total", "verdicts", "missed"} <= set(data)
    assert data["total"] == data["claimed_total"] == 12
    assert all({"claim", "fan", "verdict", "rulings"} <= set(v) for v in data["verdicts"])
    assert data["missed"] == []


def test_a_wrong_claim_exits_1_and_bad_input_exits_2():
    wrong = CliRunner().invoke(cli, ["audit", "[123m,1][EEE,2]456p789s5s5s|EW1000", "--claim-total", "14"])
    assert wrong.exit_code == 1
    assert "the claim is 2 too high" in wrong.output
    bad = CliRunner().invoke(cli, ["audit", "[123m,1][EEE,2]456p789s5s5s|EW1000", "--claim", "Pure Stright"])
    assert bad.exit_code == 2
    assert bad.stderr.startswith("error: claim: no fan is called 'Pure Stright'")
    neither = CliRunner().invoke(cli, ["audit", "[123m,1][EEE,2]456p789s5s5s|EW1000"])
    assert neither.exit_code == 2
    # A total no hand scores is a typo, refused in one line (it was judged "999999999999999999986 too high").
    typo = CliRunner().invoke(cli, ["audit", "[123m,1][EEE,2]456p789s5s5s|EW1000", "--claim-total", "1" + "0" * 21])
    assert typo.exit_code == 2 and "'--claim-total'" in typo.stderr and "0<=x<=9999" in typo.stderr
    assert "Traceback" not in typo.output


def test_compare_on_a_kong_table_hand():
    # Two concealed kongs (5m, red dragon) plus 123p 789p and a pair of North, won on a discard.
    # Green Book: Two Concealed Kongs 8 (1998 value 6, raised in 2006; Sloper col. 259); Chinese practice
    # keeps 6. Nothing else differs: Dragon Pung 2, Concealed Hand 2, Two Terminal Chows 1, One Voided
    # Suit 1, Single Wait 1 under both, so the totals are 15 and 13.
    result = compare("[CCCC][5555m]123p789pNN", ["green-book", "chinese-practice"])
    assert result.totals == {"green-book": 15, "chinese-practice": 13}
    assert [d.key for d in result.differences] == ["two-concealed-kongs"]
    diff = result.differences[0]
    assert diff.points == {"green-book": 8, "chinese-practice": 6}
    assert "two-concealed-kongs" in diff.rulings
    assert diff.positions["two-concealed-kongs"] == {"green-book": "eight", "chinese-practice": "six"}


def test_compare_json_contract():
    result = CliRunner().invoke(
        cli, ["compare", "[CCCC][5555m]123p789pNN", "--profiles", "green-book,chinese-practice", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["totals"] == {"green-book": 15, "chinese-practice": 13}
    assert all({"fan", "points", "rulings"} <= set(d) for d in data["differences"])


# Whole-event re-scoring. The event file is generated: random valid hands whose claimed totals are the
# scorer's own totals (so they agree) except every 10th, claimed one point high (so it disagrees), and those
# below the 8-point minimum (false wins, which never agree), plus corrupt lines. What is checked is the
# bookkeeping: one report line per input line, bad lines named by number, agreement as planted, and a
# resumed run that finishes the report without redoing lines.


@pytest.fixture(scope="module")
def event(tmp_path_factory):
    from scorer import score
    from tests.support.generate import random_hands

    path = tmp_path_factory.mktemp("event") / "event.jsonl"
    planted = {}
    lines = []
    for i, h in enumerate(random_hands(11, 120), start=1):
        if i % 40 == 0:
            lines.append("{not json")
            planted[i] = "error"
        elif i % 55 == 0:
            lines.append(json.dumps({"id": f"h{i}", "hand": "123x"}))
            planted[i] = "error"
        else:
            high = i % 10 == 0
            result = score(h.text)
            lines.append(json.dumps({"id": f"h{i}", "hand": h.text, "claim_total": result.total + high}))
            planted[i] = not high and result.meets_minimum
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, planted


def check_report(report, planted):
    header, *records = (json.loads(line) for line in report.read_text(encoding="utf-8").splitlines())
    assert header["mjref_report"] == 1
    assert sorted(r["line"] for r in records) == sorted(planted)
    for r in records:
        if planted[r["line"]] == "error":
            assert "error" in r, r
        else:
            assert r["agrees"] is planted[r["line"]], r
            assert r["id"] == f"h{r['line']}"
    return records


def test_audit_log_reports_every_line_and_names_bad_ones(event, tmp_path):
    path, planted = event
    report = tmp_path / "report.jsonl"
    result = CliRunner().invoke(cli, ["audit-log", str(path), "--out", str(report), "--jobs", "2"])
    assert result.exit_code == 0, result.output
    check_report(report, planted)
    bad = [n for n, v in planted.items() if v == "error"]
    assert [line.split(":")[1] for line in result.stderr.splitlines()] == [str(n) for n in bad]
    disagreements = sum(1 for v in planted.values() if v is False)
    agreements = sum(1 for v in planted.values() if v is True)
    assert f"agreements {agreements}, disagreements {disagreements}" in result.stdout
    records = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()[1:]]
    false_wins = sum(1 for r in records if r.get("valid_win") is False)
    assert false_wins >= 3  # the generator makes hands below the minimum; each is counted on its own line
    assert f"false wins {false_wins} " in result.stdout
    assert re.search(rf"^ +{false_wins}  false-win$", result.stdout, re.M)


def test_an_interrupted_run_resumes_without_redoing_lines(event, tmp_path):
    path, planted = event
    report = tmp_path / "report.jsonl"
    CliRunner().invoke(cli, ["audit-log", str(path), "--out", str(report), "--jobs", "1"])
    full = report.read_text(encoding="utf-8").splitlines()
    # Interrupt: keep the header, 50 lines and half of the 51st, as a killed process would leave them.
    report.write_text("\n".join(full[:51]) + "\n" + full[51][: len(full[51]) // 2], encoding="utf-8")
    result = CliRunner().invoke(cli, ["audit-log", str(path), "--out", str(report), "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert ", 50 already in the report)" in result.stdout
    check_report(report, planted)
