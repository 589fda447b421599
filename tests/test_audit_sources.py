"""Verdicts on claimed scores taken from the sources: Tsui's Article 10 examples, Sloper's FAQ 22, the kong table.

Each case is a claim a table would make from the source, checked under every built-in profile. The
expected totals and verdicts are worked by hand next to the case, from the source (locator given) and
the rulings of ``rulings/``; none is copied from the scorer's output. Notation of the sources: Tsui and
Sloper write B bamboo (``s``), C characters (``m``), D dots (``p``). A hand without a situation is won on
a discard in an East round, East seat, so a pair of winds scores nothing. Tsui's example 3 under
green-book and starback is in ``tests/test_audit.py`` and not repeated here.

Sources: /work/shared/sources/tsui-2005-cmcr-article10.txt (Tsui2005),
/work/shared/sources/sloper-faq22-chinese-official-scoring.txt (SloperFAQ22),
rulings/mcr/kong-table.md (Starbäck 2008 §5.1, Table 3, and the Chinese column),
rulings/mcr/two-concealed-kongs.md, rulings/mcr/melded-and-concealed-kong.md.
"""

from __future__ import annotations

import pytest

from kb.audit import Audit, audit, compare
from kb.claims import parse_claims

PROFILES = ("green-book", "chinese-practice", "starback")


def by_claim(result: Audit) -> dict[str, str]:
    """Claim as written -> verdict."""
    return {v.claim: v.verdict for v in result.verdicts}


def verdict(result: Audit, claim: str):
    return next(v for v in result.verdicts if v.claim == claim)


def missed(result: Audit) -> dict[str, tuple[int, int]]:
    """Missed fan key -> (count, points)."""
    return {m.key: (m.count, m.points) for m in result.missed}


# Tsui, Article 10, Example 1 (Sloper's hand): 123B 456C 789D 789C EE. Mixed Straight 8 on 123s 456m
# 789p; the spare 789m may be combined once (CMCR 10.1(5)5, "Explanation based on CMCR: Only one more
# additional element can be claimed"): Short Straight with 456m OR Mixed Double Chow with 789p, 1 point.
# Won on a discarded East, the only tile that completes the hand: Single Wait 1; no set melded:
# Concealed Hand 2. Green Book (tree, and chinese-practice which inherits it): 8 + 1 + 2 + 1 = 12.
# Starbäck §4.3 (non-identical-only): both pairings, 13. The table claims both: 8+1+1+2+1 = 13.
TSUI_1 = "456789m789p123sEE"
TSUI_1_CLAIM = "Mixed Straight, Short Straight, Mixed Double Chow, Concealed Hand, Single Wait"


@pytest.mark.parametrize("profile", PROFILES)
def test_tsui_example_1_the_spare_chow_combines_once(profile):
    result = audit(TSUI_1, claim=TSUI_1_CLAIM, profile=profile)
    assert result.claimed_total == 13
    pairings = [verdict(result, "Short Straight"), verdict(result, "Mixed Double Chow")]
    if profile == "starback":
        assert result.total == 13 and result.claim_is_right
        assert all(v.verdict == "accepted" for v in pairings)
    else:
        assert result.total == 12 and not result.claim_is_right
        rejected = [v for v in pairings if v.verdict != "accepted"]
        assert len(rejected) == 1  # which one is a free choice worth the same point
        assert rejected[0].verdict == "excluded"
        assert "principle-account-once" in rejected[0].rulings
        assert 39 in rejected[0].by  # the Mixed Straight the spare chow is combined with
    assert {k: v for k, v in by_claim(result).items() if k not in ("Short Straight", "Mixed Double Chow")} == {
        "Mixed Straight": "accepted",
        "Concealed Hand": "accepted",
        "Single Wait": "accepted",
    }
    assert result.missed == ()


# Tsui Example 2: 234B 345C 456D 567B 88C. Mixed Shifted Chows 6 on 234s 345m 456p; 567s may join 234s
# as a Short Straight 1, but not 345m 456p as a second Mixed Shifted Chows (Tsui: non-identical, CMCR
# 10.1(5)3; Sloper: the exclusionary rule), so under every profile. All Chows 2, All Simples 2 (2 to 8
# only), Concealed Hand 2; won on 7s with 23456s standing (waits 1s, 4s, 7s): no wait fan.
# 6 + 1 + 2 + 2 + 2 = 13. Claimed with MSC twice: 6*2 + 1 + 2 + 2 + 2 = 19, 6 too high.
TSUI_2 = "34588m456p234567s"


@pytest.mark.parametrize("profile", PROFILES)
def test_tsui_example_2_no_second_mixed_shifted_chows(profile):
    claim = "Mixed Shifted Chows x2, Short Straight, All Chows, All Simples, Concealed Hand"
    result = audit(TSUI_2, claim=claim, profile=profile)
    assert (result.total, result.claimed_total) == (13, 19)
    msc = verdict(result, "Mixed Shifted Chows x2")
    assert msc.verdict == "wrong-count" and "principle-non-identical" in msc.rulings
    assert [v.verdict for v in result.verdicts[1:]] == ["accepted"] * 4
    assert result.missed == ()


# Tsui Example 4: 222B 333C 444D 555B 77D, here with 222s 333m 444p melded so that no concealed-pung fan
# arises (only 555s is concealed). Mixed Shifted Pungs 8 once: a second one from 333m 444p 555s reuses
# two sets for the same fan (Tsui: non-identical, 10.1(5)3). Sloper's consolation: All Pungs 6 and All
# Simples 2. Won on 7p, the only tile that completes the hand: Single Wait 1. 8 + 6 + 2 + 1 = 17.
# The claim (MSC twice, All Pungs, All Simples) is 16 + 6 + 2 = 24, and misses Single Wait.
TSUI_4 = "[222s,1][333m,2][444p,3]555s7p7p"


@pytest.mark.parametrize("profile", PROFILES)
def test_tsui_example_4_mixed_shifted_pungs_only_once(profile):
    result = audit(TSUI_4, claim="Mixed Shifted Pungs x2, 碰碰和, duan yao", profile=profile)
    assert (result.total, result.claimed_total) == (17, 24)
    assert by_claim(result) == {"Mixed Shifted Pungs x2": "wrong-count", "碰碰和": "accepted", "duan yao": "accepted"}
    assert "principle-non-identical" in verdict(result, "Mixed Shifted Pungs x2").rulings
    assert missed(result) == {"single-wait": (1, 1)}


# Tsui Example 5 and Sloper 10.1.5.2 (non-separation): 222 333 444 of one suit is three pungs or three
# chows, not both. Hand 222333444s 678m 55p, won on 5p (the only wait). As pungs: Pure Shifted Pungs 24
# + Three Concealed Pungs 16 (all three pungs in hand, the discard completes the pair) + All Simples 2 +
# Concealed Hand 2 + Single Wait 1 = 45. As chows: Pure Triple Chow 24 + All Chows 2 + All Simples 2 +
# Concealed Hand 2 + Single Wait 1 = 31. The higher reading scores (Tsui 5(c), 10.1(5)4), so Pure Triple
# Chow is not in the hand as scored. Claimed: 24 + 24 = 48.
@pytest.mark.parametrize("profile", PROFILES)
def test_tsui_example_5_pungs_or_chows_not_both(profile):
    result = audit("222333444s678m5p5p", claim="一色三节高, 一色三同顺", profile=profile)
    assert (result.total, result.claimed_total) == (45, 48)
    assert by_claim(result) == {"一色三节高": "accepted", "一色三同顺": "absent"}
    assert verdict(result, "一色三同顺").rulings == ("fan-pure-triple-chow",)
    assert missed(result) == {
        "three-concealed-pungs": (1, 16),
        "all-simples": (1, 2),
        "concealed-hand": (1, 2),
        "single-wait": (1, 1),
    }


# Sloper FAQ 22, 10.1.5.1: "it is not permitted to combine the points for All Even and the points for
# All Pungs or All Simples or No Honors". Hand [222m,1][444p,2] 666s 888s 22p won on 2p: All Even Pungs
# 24, Two Concealed Pungs 2 (666s 888s), Single Wait 1 = 27. The table claims all four: 24 + 6 + 2 + 1 =
# 33. (tests/test_audit.py checks All Pungs alone on another hand.)
@pytest.mark.parametrize("profile", PROFILES)
def test_sloper_all_even_implies_all_pungs_all_simples_no_honors(profile):
    result = audit("[222m,1][444p,2]666s888s2p2p", claim="All Even, All Pungs, All Simples, No Honors", profile=profile)
    assert (result.total, result.claimed_total) == (27, 33)
    assert by_claim(result) == {
        "All Even": "accepted",
        "All Pungs": "excluded",
        "All Simples": "excluded",
        "No Honors": "excluded",
    }
    for claim in ("All Pungs", "All Simples", "No Honors"):
        v = verdict(result, claim)
        assert v.by == (21,) and "principle-non-repetition" in v.rulings
    assert missed(result) == {"two-concealed-pungs": (1, 2), "single-wait": (1, 1)}


# Sloper FAQ 22, 10.1.5.1: "it would not be permitted to combine both half flush and one voided suit".
# The knowledge base reads One Voided Suit as exactly one suit missing (rulings/fans/fan-one-voided-suit.md,
# citing this very example), so a Half Flush hand does not have it at all: absent, by its definition.
# Hand [EEE,3] 234m 567m 888m 55m in a South round, North seat: Half Flush 6, Short Straight 1 (234m
# 567m), Pung of Terminals or Honors 1 (East is neither wind here); waits 2m 5m 8m: no wait fan. 8.
# Claimed: 6 + 1 + 1 + 1 = 9.
@pytest.mark.parametrize("profile", PROFILES)
def test_sloper_half_flush_with_one_voided_suit(profile):
    claim = "Half Flush, One Voided Suit, Short Straight, Pung of Terminals or Honors"
    result = audit("[EEE,3]234m567m888m5m5m|SN0000", claim=claim, profile=profile)
    assert (result.total, result.claimed_total) == (8, 9)
    assert by_claim(result)["One Voided Suit"] == "absent"
    assert verdict(result, "One Voided Suit").rulings == ("fan-one-voided-suit",)
    assert [v.verdict for v in result.verdicts if v.claim != "One Voided Suit"] == ["accepted"] * 3


# Sloper FAQ 22, 10.1.5.3: "if you have 123B 456B 456B, you can't say that's two short straights".
# Hand 123s 456s 456s 789m 55p won on 5p (single wait): Pure Double Chow 1 (456s 456s), Short Straight 1
# once, All Chows 2 (which takes in No Honors), Concealed Hand 2, Single Wait 1 = 7. Under every profile:
# the second Short Straight repeats a fan on 123s (non-identical, kept by starback too). Claimed 1*2 + 1 = 3.
@pytest.mark.parametrize("profile", PROFILES)
def test_sloper_no_two_short_straights_on_one_chow(profile):
    result = audit("123456456s789m5p5p", claim="Short Straight x2, Pure Double Chow", profile=profile)
    assert (result.total, result.claimed_total) == (7, 3)
    ss = verdict(result, "Short Straight x2")
    assert ss.verdict == "wrong-count" and "principle-non-identical" in ss.rulings
    assert verdict(result, "Pure Double Chow").verdict == "accepted"
    assert missed(result) == {"concealed-hand": (1, 2), "all-chows": (1, 2), "single-wait": (1, 1)}


# Sloper FAQ 22, 10.1.5.4: 123 456 789 of one suit: "claim Pure Straight, rather than Short Straight.
# You can't have both". Hand 123456789m 123p 55s won on 5s: Pure Straight 16, the spare 123p pairs once
# with 123m (Mixed Double Chow 1), All Chows 2, Concealed Hand 2, Single Wait 1 = 22. Claimed 16 + 1 = 17.
@pytest.mark.parametrize("profile", PROFILES)
def test_sloper_pure_straight_not_short_straight(profile):
    result = audit("123456789m123p5s5s", claim="清龙, Short Straight", profile=profile)
    assert (result.total, result.claimed_total) == (22, 17)
    ss = verdict(result, "Short Straight")
    assert ss.verdict == "excluded" and ss.by == (28,) and "principle-non-repetition" in ss.rulings
    assert missed(result) == {
        "concealed-hand": (1, 2),
        "all-chows": (1, 2),
        "mixed-double-chow": (1, 1),
        "single-wait": (1, 1),
    }


# Sloper FAQ 22, 10.1.5.5, with 234m 567m melded and won on a discarded 7p (waits 1p 4p 7p: no wait
# fan): "you get All Chows (2) and All Simples (2), then you can add any three of these four ... That
# makes only seven points - not enough to go out." The table claims all four pairings: 2 + 2 + 4 = 8.
# Green Book and Chinese practice: 7, one Short Straight too many (account-once), below the minimum.
# Starbäck §4.3 (and Tsui's Example 3): all four, 8, a valid win.
SLOPER_5 = "[234m,1][567m,1]23456p88s7p|NW0000"


@pytest.mark.parametrize("profile", PROFILES)
def test_sloper_combine_just_once_seven_points(profile):
    result = audit(SLOPER_5, claim="平和, 断幺, Mixed Double Chow x2, Short Straight x2", profile=profile)
    assert result.claimed_total == 8
    if profile == "starback":
        assert result.total == 8 and result.claim_is_right and result.score.meets_minimum
    else:
        assert result.total == 7 and not result.score.meets_minimum
        assert by_claim(result) == {
            "平和": "accepted",
            "断幺": "accepted",
            "Mixed Double Chow x2": "accepted",
            "Short Straight x2": "wrong-count",
        }
        assert "principle-account-once" in verdict(result, "Short Straight x2").rulings


# Tsui Example 3 under chinese-practice (green-book and starback are in tests/test_audit.py): Chinese
# practice inherits the tree position; its reference calculator scores three pairings (rulings/mcr/
# account-once-four-chows.md). 234m 567m 234p 567p 88s won on 8s: Concealed Hand 2, All Chows 2, All
# Simples 2, three pairings 3, Single Wait 1 = 10; the claim of all four pairings alone is 4.
def test_tsui_example_3_under_chinese_practice_exactly_one_rejected():
    claim = "Mixed Double Chow, Mixed Double Chow, Short Straight, Short Straight"
    result = audit("234m567m234p567p88s", claim=claim, profile="chinese-practice")
    assert (result.total, result.claimed_total) == (10, 4)
    rejected = [v for v in result.verdicts if v.verdict != "accepted"]
    assert len(rejected) == 1 and "principle-account-once" in rejected[0].rulings


# The kong table (rulings/mcr/kong-table.md: Starbäck 2008 §5.1, Table 3; the Chinese column from the
# online-play handbook). Each row is played as the ruling does: kongs and concealed pungs on 2m, 5m,
# 4p, 7s, chows 123p 456s in the empty places, a pair of North won on a discard (Single Wait 1 unless
# Four Kongs takes it in; Concealed Hand 2 when nothing is melded and Four Concealed Pungs does not take
# it in). For each row: the claim the table's "fans (full)" column makes, the claim its Chinese column
# makes, and the totals under green-book (full), chinese-practice (chinese), starback (full, inherited).
# Values: 4K 88, 3K 32, 2MK 4, CK 2, 2CK 8 (6 under chinese-practice), 4CP 64, 3CP 16, AP 6, MCK 5.
KONG_ROWS = [
    # Row 0-2-0 (two concealed kongs): full 2CK 8 + CH 2 + SW 1 = 11; Chinese the same fans, 2CK at 6: 9.
    ("0-2-0", "[2222m][5555m]123p456sNN", "Two Concealed Kongs, Concealed Hand, Single Wait",
     "shuang an gang, men qian qing, dan diao jiang", 11, 9),
    # Row 1-1-0: full 2MK 4 + CK 2 = 6 (Table 3) + SW 1 = 7; Chinese MCK 5 + SW 1 = 6.
    ("1-1-0", "[2222m,1][5555m]123p456sNN", "Two Melded Kongs, Concealed Kong, Single Wait",
     "明暗杠, 单钓将", 7, 6),
    # Row 0-3-0: full 3K 32 + 3CP 16 + 2CK 8 + CK 2 = 58 (Table 3) + CH 2 + SW 1 = 61; Chinese 3K + 3CP =
    # 48 + CH 2 + SW 1 = 51.
    ("0-3-0", "[2222m][5555m][4444p]456sNN",
     "Three Kongs, Three Concealed Pungs, Two Concealed Kongs, Concealed Kong, Concealed Hand, Single Wait",
     "三杠, 三暗刻, 门前清, 单钓将", 61, 51),
    # Row 1-3-0: full 4K 88 + 3CP 16 + 2CK 8 + CK 2 = 114; Chinese 4K + 3CP = 104.
    ("1-3-0", "[2222m,1][5555m][4444p][7777s]NN",
     "Four Kongs, Three Concealed Pungs, Two Concealed Kongs, Concealed Kong",
     "Four Kongs, Three Concealed Pungs", 114, 104),
    # Row 0-4-0: full 4K 88 + 4CP 64 + 2CK x2 16 = 168; Chinese 4K + 4CP = 152.
    ("0-4-0", "[2222m][5555m][4444p][7777s]NN", "Four Kongs, Four Concealed Pungs, Two Concealed Kongs x2",
     "四杠, 四暗刻", 168, 152),
    # Row 1-1-2: full 2MK 4 + 3CP 16 + CK 2 + AP 6 = 28 + SW 1 = 29; Chinese MCK 5 + 3CP 16 + AP 6 = 27 + 1 = 28.
    ("1-1-2", "[2222m,1][5555m]444p777sNN",
     "Two Melded Kongs, Concealed Kong, Three Concealed Pungs, All Pungs, Single Wait",
     "明暗杠, 三暗刻, 碰碰和, 单钓将", 29, 28),
    # Row 3-0-1, the same under every reading: 3K 32 + AP 6 = 38 + SW 1 = 39.
    ("3-0-1", "[2222m,1][5555m,1][4444p,1]777sNN", "Three Kongs, All Pungs, Single Wait",
     "Three Kongs, All Pungs, Single Wait", 39, 39),
]  # fmt: skip


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("row", "hand", "full", "chinese", "full_total", "chinese_total"), KONG_ROWS, ids=lambda x: x)
def test_kong_table_claims_under_each_profile(profile, row, hand, full, chinese, full_total, chinese_total):
    expected = chinese_total if profile == "chinese-practice" else full_total
    full_claim = audit(hand, claim=full, profile=profile)
    chinese_claim = audit(hand, claim=chinese, profile=profile)
    assert full_claim.total == chinese_claim.total == expected
    # The claim of the reading the profile takes is right; the other one is right only where both columns
    # name the same fans (rows 0-2-0 and 3-0-1: a claim in fan names is valued under the profile, so
    # Two Concealed Kongs counts 6 under chinese-practice; the 8-or-6 question is one of totals, below).
    # Rows 0-2-0 and 1-1-0 are below the 8-point minimum under some profile: false wins, whatever the claim,
    # so what is compared here is the claim against the tiles' score (fans_right).
    same_fans = {c.fan.number for c in parse_claims(full)} == {c.fan.number for c in parse_claims(chinese)}
    assert chinese_claim.fans_right is (profile == "chinese-practice" or same_fans)
    assert full_claim.fans_right is (profile != "chinese-practice" or same_fans)
    assert full_claim.valid_win is (expected >= 8)
    assert same_fans is (row in ("0-2-0", "3-0-1"))


def test_kong_table_row_0_3_0_concealed_kongs_on_top_of_three_concealed_pungs():
    # Three concealed kongs make Three Concealed Pungs; whether Two Concealed Kongs and Concealed Kong
    # are still added is the kong-table dispute. Green Book (full): yes, 61. Chinese practice: Three
    # Kongs takes in every other kong fan: both excluded by fan 17, citing kong-table; the claim is
    # valued under the profile, 32 + 16 + 6 + 2 + 2 + 1 = 59, so 8 too high.
    claim = "Three Kongs, Three Concealed Pungs, Two Concealed Kongs, Concealed Kong, Concealed Hand, Single Wait"
    result = audit("[2222m][5555m][4444p]456sNN", claim=claim, profile="chinese-practice")
    assert (result.total, result.claimed_total) == (51, 59)
    for fan in ("Two Concealed Kongs", "Concealed Kong"):
        v = verdict(result, fan)
        assert v.verdict == "excluded" and v.by == (17,) and "kong-table" in v.rulings
    green = audit("[2222m][5555m][4444p]456sNN", claim=claim, profile="green-book")
    assert all(v.verdict == "accepted" for v in green.verdicts) and green.total == 61


def test_kong_table_row_0_4_0_four_concealed_kongs():
    # Four concealed kongs: Green Book scores Two Concealed Kongs twice (two-concealed-kongs, Starbäck
    # §5.1): 88 + 64 + 16 = 168. Chinese practice: Four Kongs takes them in: 152, and the claim, valued at
    # 6 each there, is 88 + 64 + 12 = 164, 12 too high.
    result = audit("[2222m][5555m][4444p][7777s]NN", claim="四杠, 四暗刻, 双暗杠 x2", profile="chinese-practice")
    assert (result.total, result.claimed_total) == (152, 164)
    v = verdict(result, "双暗杠 x2")
    assert v.verdict == "excluded" and v.by == (5,) and "kong-table" in v.rulings


def test_two_concealed_kongs_8_or_6_claimed_as_a_total():
    # rulings/mcr/two-concealed-kongs.md: 8 in the Green Book (§3.8.1, Sloper col. 259), 6 in 1998 and in
    # Chinese practice. A table that adds 8 + 2 + 1 = 11 is right under green-book and starback, 2 too
    # high under chinese-practice (6 + 2 + 1 = 9).
    hand = "[2222m][5555m]123p456sNN"
    assert [audit(hand, claim_total=11, profile=p).claim_is_right for p in PROFILES] == [True, False, True]
    cp = audit(hand, claim_total=11, profile="chinese-practice")
    assert cp.claimed_total - cp.total == 2


@pytest.mark.parametrize("profile", PROFILES)
def test_one_melded_one_concealed_kong_6_or_the_chinese_fan_82(profile):
    # rulings/mcr/melded-and-concealed-kong.md, row 1-1-0 of the kong table: Green Book Two Melded Kongs 4
    # + Concealed Kong 2; Chinese practice the 5-point fan 82 (明暗杠) alone, which takes in Concealed
    # Kong (and Melded Kong). Claimed the Green Book way: 4 + 2 + 1 = 7; the Chinese way: 5 + 1 = 6.
    hand = "[2222m,1][5555m]123p456sNN"
    green_way = audit(hand, claim="Two Melded Kongs, Concealed Kong, Single Wait", profile=profile)
    chinese_way = audit(hand, claim="明暗杠, 单钓将", profile=profile)
    assert (green_way.claimed_total, chinese_way.claimed_total) == (7, 6)
    if profile == "chinese-practice":
        assert by_claim(green_way) == {
            "Two Melded Kongs": "absent",  # under the chinese kong table it counts melded kongs only
            "Concealed Kong": "excluded",
            "Single Wait": "accepted",
        }
        tmk = verdict(green_way, "Two Melded Kongs")  # green-book scores it: the kong table's position decides
        assert tmk.rulings == ("kong-table", "fan-two-melded-kongs") and "kong-table: chinese" in tmk.why
        ck = verdict(green_way, "Concealed Kong")
        assert ck.by == (82,) and "melded-and-concealed-kong" in ck.rulings
        assert missed(green_way) == {"melded-and-concealed-kong": (1, 5)}
        assert chinese_way.fans_right and not chinese_way.valid_win  # 6 points: the claim matches, the win is false
    else:
        assert green_way.fans_right and not green_way.valid_win  # 7 points
        assert by_claim(chinese_way) == {"明暗杠": "absent", "单钓将": "accepted"}
        # Absent because of this profile's position (six), not because of the hand: chinese-practice scores
        # it, so the verdict cites the disputed ruling before the fan's definition.
        v = verdict(chinese_way, "明暗杠")
        assert v.rulings[0] == "melded-and-concealed-kong" and v.rulings[-1] == "fan-melded-and-concealed-kong"
        assert "melded-and-concealed-kong: six" in v.why and "chinese-practice scores" in v.why
        assert missed(chinese_way) == {"two-melded-kongs": (1, 4), "concealed-kong": (1, 2)}


def test_compare_row_0_3_0_across_the_three_profiles():
    # Row 0-3-0: green-book and starback take the full reading (61), chinese-practice the Chinese one (51).
    # The 10 points are Two Concealed Kongs 8 and Concealed Kong 2, both decided by kong-table
    # (full / chinese / full); nothing else differs.
    result = compare("[2222m][5555m][4444p]456sNN", list(PROFILES))
    assert result.totals == {"green-book": 61, "chinese-practice": 51, "starback": 61}
    assert {d.key: d.points for d in result.differences} == {
        "two-concealed-kongs": {"green-book": 8, "chinese-practice": 0, "starback": 8},
        "concealed-kong": {"green-book": 2, "chinese-practice": 0, "starback": 2},
    }
    for d in result.differences:
        assert d.positions["kong-table"] == {"green-book": "full", "chinese-practice": "chinese", "starback": "full"}


def test_compare_row_1_1_0_across_the_three_profiles():
    # Row 1-1-0: Two Melded Kongs 4 + Concealed Kong 2 (green-book, starback: 7 with Single Wait) against
    # the Chinese fan 82, 5 (6). Three fans differ, each tied to the melded-and-concealed-kong or the
    # kong-table position of each profile.
    result = compare("[2222m,1][5555m]123p456sNN", list(PROFILES))
    assert result.totals == {"green-book": 7, "chinese-practice": 6, "starback": 7}
    assert {d.key: d.points["chinese-practice"] - d.points["green-book"] for d in result.differences} == {
        "two-melded-kongs": -4,
        "concealed-kong": -2,
        "melded-and-concealed-kong": 5,
    }
    for d in result.differences:
        assert d.points["starback"] == d.points["green-book"]
        assert {"kong-table", "melded-and-concealed-kong"} & set(d.positions)


def test_compare_two_concealed_kongs_cites_only_the_ruling_on_its_value():
    # Two concealed kongs, a chow, a chow and a pair: Two Concealed Kongs is scored once under both profiles,
    # 8 in the Green Book and 6 in Chinese practice (rulings/mcr/two-concealed-kongs.md: Green Book fan 48,
    # Sloper col. 259). The kong table does not move it: its row 0-2-0 examples score Two Concealed Kongs
    # under both positions (rulings/mcr/kong-table.md: "2CK 8 as in Table 3", "2CK 6"). So the difference is
    # the fan's value alone, and two-concealed-kongs is the one ruling that explains it.
    result = compare("[CCCC][5555m]123p789pNN", ["green-book", "chinese-practice"])
    assert [(d.key, d.points, d.rulings) for d in result.differences] == [
        ("two-concealed-kongs", {"green-book": 8, "chinese-practice": 6}, ("two-concealed-kongs",))
    ]
    assert result.differences[0].positions == {
        "two-concealed-kongs": {"green-book": "eight", "chinese-practice": "six"}
    }


def test_kong_table_reduced_position_in_a_house_profile(tmp_path):
    # No built-in profile takes kong-table: reduced (Sloper col. 550; Table 3's figures in parentheses),
    # but a club may. Row 0-3-0 reduced: 3K 32 + 3CP 16 = 48 (Table 3 "(48)") + CH 2 + SW 1 = 51; the
    # table's full claim (61) keeps Two Concealed Kongs and Concealed Kong, which the concealed pungs
    # already paid for.
    house = tmp_path / "club.yaml"
    house.write_text("name: club\nextends: green-book\npositions:\n  kong-table: reduced\n", encoding="utf-8")
    claim = "Three Kongs, Three Concealed Pungs, Two Concealed Kongs, Concealed Kong, Concealed Hand, Single Wait"
    result = audit("[2222m][5555m][4444p]456sNN", claim=claim, profile=str(house))
    assert (result.total, result.claimed_total) == (51, 61)
    for fan in ("Two Concealed Kongs", "Concealed Kong"):
        v = verdict(result, fan)
        assert v.verdict == "excluded" and "kong-table" in v.rulings
