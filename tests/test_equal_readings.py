"""Equal readings: a hand read two ways for the same best total is right either way, never as a mix.

The expected fans come from the fan values of the Green Book table, worked out next to each case; the
reference calculator (pymahjonggb) is used as an independent player who writes down its own reading.
"""

from __future__ import annotations

import itertools
import json
import re

import pytest
from click.testing import CliRunner

from kb.audit import audit
from mjref.main import cli
from scorer import parse, score
from scorer.rulings import RULING_IDS
from tests.support.generate import random_hands
from tests.support.oracle import LibraryRejected, library_score
from tests.support.ties import SHAPES, tie_hands

MCR_PROFILES = ("green-book", "chinese-practice", "starback")

# 222p 333p 444p 3s4s5s 66p, won on a discarded 4p; West round, East seat. Either
#   pungs: Pure Shifted Pungs 24 + Two Concealed Pungs 2 (444p is completed by the discard, so melded)
#          + Concealed Hand 2 + All Simples 2 + One Voided Suit 1 = 31, or
#   chows: 234p x3 = Pure Triple Chow 24 (it implies the Pure Double Chows) + All Chows 2
#          + Concealed Hand 2 + All Simples 2 + One Voided Suit 1 = 31.
# No Honors is left out under All Simples in both. Tsui's Example 5 (either reading, not both).
PUNGS_OR_CHOWS = "3s4s5s2p2p2p3p3p3p4p4p6p6p4p|WE0000"
PUNG_READING = "Pure Shifted Pungs, Two Concealed Pungs, Concealed Hand, All Simples, One Voided Suit"
CHOW_READING = "Pure Triple Chow, All Chows, Concealed Hand, All Simples, One Voided Suit"
MIXED = "Pure Triple Chow, Two Concealed Pungs, Concealed Hand, All Simples, One Voided Suit"

# [678p] melded, 22p 456p 678p 789p standing, self-drawn 7p: the 7p sits in 678p (closed wait, 6_8) or in
# 789p (edge wait, 89). Full Flush 24 + All Chows 2 + Pure Double Chow 1 (678p 678p) + Short Straight 1
# (456p 789p) + one wait fan 1 + Self-Drawn 1 = 30 either way; only the wait fan's name differs.
EDGE_OR_CLOSED = "[678p,1]2p2p4p5p6p6p7p8p8p9p7p|WE1000"
WAIT_COMMON = "Full Flush, All Chows, Pure Double Chow, Short Straight, Self-Drawn"


def fan_keys(fans) -> set[str]:
    return {f.key for f in fans}


def test_pungs_or_chows_has_both_readings_at_31() -> None:
    s = score(PUNGS_OR_CHOWS, profile="chinese-practice")
    assert s.total == 31
    pungs = {"pure-shifted-pungs", "two-concealed-pungs", "concealed-hand", "all-simples", "one-voided-suit"}
    chows = {"pure-triple-chow", "all-chows", "concealed-hand", "all-simples", "one-voided-suit"}
    assert fan_keys(s.fans) == pungs  # the main reading: the lowest tiles read as pungs first
    assert [fan_keys(a.fans) for a in s.alternatives] == [chows]
    assert sum(f.points for f in s.alternatives[0].fans) == 31
    assert "equal-readings" in s.rulings and s.alternatives[0].rulings == ("equal-readings",)


def test_edge_or_closed_has_both_wait_fans() -> None:
    s = score(EDGE_OR_CLOSED)
    assert s.total == 30
    assert "closed-wait" in fan_keys(s.fans) and "edge-wait" not in fan_keys(s.fans)
    assert [fan_keys(a.fans) ^ fan_keys(s.fans) for a in s.alternatives] == [{"closed-wait", "edge-wait"}]


@pytest.mark.parametrize("profile", MCR_PROFILES)
@pytest.mark.parametrize(
    ("hand", "claim"),
    [
        (PUNGS_OR_CHOWS, PUNG_READING),
        (PUNGS_OR_CHOWS, CHOW_READING),
        (EDGE_OR_CLOSED, WAIT_COMMON + ", Closed Wait"),
        (EDGE_OR_CLOSED, WAIT_COMMON + ", Edge Wait"),
    ],
)
def test_either_reading_claimed_is_right_under_every_profile(hand: str, claim: str, profile: str) -> None:
    result = audit(hand, claim=claim, profile=profile)
    assert result.claim_is_right, [v.to_dict() for v in result.verdicts]
    assert {v.verdict for v in result.verdicts} == {"accepted"}


def test_the_report_says_which_reading_the_claim_matched() -> None:
    main = audit(PUNGS_OR_CHOWS, claim=PUNG_READING, profile="chinese-practice").to_dict()
    other = audit(PUNGS_OR_CHOWS, claim=CHOW_READING, profile="chinese-practice").to_dict()
    assert (main["reading"], main["readings"], main["right"]) == (0, 2, True)
    assert (other["reading"], other["readings"], other["right"]) == (1, 2, True)


def test_a_claim_mixing_two_readings_is_refused_under_non_separation() -> None:
    result = audit(PUNGS_OR_CHOWS, claim=MIXED, profile="chinese-practice")
    assert not result.claim_is_right
    mixed = [v for v in result.verdicts if v.verdict != "accepted"]
    assert len(mixed) == 1 and mixed[0].verdict == "other-reading"
    assert "principle-non-separation" in mixed[0].rulings and "equal-readings" in mixed[0].rulings
    assert "other way" in mixed[0].why


def test_cli_audit_accepts_the_other_reading_and_names_it() -> None:
    runner = CliRunner()
    ok = runner.invoke(cli, ["audit", PUNGS_OR_CHOWS, "--profile", "chinese-practice", "--claim", CHOW_READING])
    assert ok.exit_code == 0, ok.output
    assert re.search(r"^Reading\s+also-read 1 ", ok.output, re.M)
    mixed = runner.invoke(cli, ["audit", PUNGS_OR_CHOWS, "--profile", "chinese-practice", "--claim", MIXED])
    assert mixed.exit_code == 1 and "other-reading" in mixed.output


def test_cli_score_lists_the_other_reading() -> None:
    out = CliRunner().invoke(cli, ["score", PUNGS_OR_CHOWS, "--profile", "chinese-practice"]).output
    assert "Also read as" in out and "also-read 1: Pure Triple Chow 24" in out
    data = json.loads(CliRunner().invoke(cli, ["score", EDGE_OR_CLOSED, "--json"]).output)
    (alt,) = data["alternatives"]
    assert set(alt) == {"form", "fans", "excluded", "rulings"}
    assert {f["key"] for f in alt["fans"]} - {f["key"] for f in data["fans"]} == {"edge-wait"}


def test_audit_log_judges_each_line_against_its_best_reading(tmp_path) -> None:
    lines = [
        {"id": "pungs", "hand": PUNGS_OR_CHOWS, "claim": PUNG_READING, "profile": "chinese-practice"},
        {"id": "chows", "hand": PUNGS_OR_CHOWS, "claim": CHOW_READING, "profile": "chinese-practice"},
        {"id": "mixed", "hand": PUNGS_OR_CHOWS, "claim": MIXED, "profile": "chinese-practice"},
    ]
    events = tmp_path / "event.jsonl"
    events.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    report = tmp_path / "report.jsonl"
    result = CliRunner().invoke(cli, ["audit-log", str(events), "--out", str(report), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    records = [json.loads(x) for x in report.read_text(encoding="utf-8").splitlines()]
    agrees = {r["id"]: r["agrees"] for r in records if "id" in r}
    assert agrees == {"pungs": True, "chows": True, "mixed": False}


def test_meld_order_does_not_change_the_score() -> None:
    # Hands with two or more declared sets, their sets written in every order: the JSON is byte-identical.
    hands = [g for g in random_hands(41, 600) if len(g.hand.melds) >= 2][:60]
    assert len(hands) >= 30
    for g in hands:
        sets = re.findall(r"\[[^\]]*\]", g.text)
        rest = re.sub(r"\[[^\]]*\]", "", g.text)
        outputs = {score("".join(order) + rest).to_json() for order in itertools.permutations(sets)}
        assert len(outputs) == 1, g.text


def tie_cases():
    return tie_hands(20261124, 240)


def test_tie_hands_cover_every_shape_and_have_alternatives() -> None:
    cases = tie_cases()
    assert {c.shape for c in cases} == set(SHAPES)
    with_alternatives = [c for c in cases if score(c.text, profile="chinese-practice").alternatives]
    assert len(with_alternatives) >= len(cases) // 5  # ties are common in these shapes, rare in random hands


@pytest.mark.parametrize("profile", MCR_PROFILES)
def test_alternatives_tie_the_total_and_list_other_fans(profile: str) -> None:
    for c in tie_cases():
        s = score(c.text, profile=profile)
        lists = [sorted((f.fan, f.count) for f in s.fans)]
        for a in s.alternatives:
            assert sum(f.points for f in a.fans) == s.total, c.text
            lists.append(sorted((f.fan, f.count) for f in a.fans))
        assert len(lists) == len({tuple(x) for x in lists}), f"{c.text}: two readings list the same fans"
        assert s.ruling_ids <= RULING_IDS, c.text


def test_the_reference_calculators_fan_list_claimed_is_right_on_tie_hands() -> None:
    # A careful scorekeeper who copies the reference calculator's fans: when the totals agree (they do on all
    # of these), the claim must match the score, whichever equal reading the calculator shows (fans_right: a
    # hand below the minimum is a false win besides, which is not the question here).
    judged, on_alternative = 0, 0
    for c in tie_cases():
        try:
            total, fans = library_score(parse(c.text))
        except LibraryRejected:
            continue
        claim = ", ".join(f"{f}" + (f" x{n}" if n > 1 else "") for f, n in sorted(fans.items()))
        result = audit(c.text, claim=claim, profile="chinese-practice")
        assert result.total == total, c.text
        assert result.fans_right, (c.text, claim, [v.to_dict() for v in result.verdicts if v.verdict != "accepted"])
        judged += 1
        on_alternative += result.reading > 0
    assert judged >= 200 and on_alternative >= 10  # the calculator often shows another reading than ours
