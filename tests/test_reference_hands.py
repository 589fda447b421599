"""The hands of the reference calculator notes, scored under our profiles.

Source: ``shared/notes/reference-calculator.md`` §4a-4j, which lists each hand with the output of the
reference calculator (pymahjonggb 1.4.0). Conversion to our notation: the notes' defaults are a win by
discard, seat West, prevalent North, so every hand ends ``|NW0000`` unless a row changes the flags
(``|PSabcd`` = prevalent, seat, self-drawn, last of its kind, last of the wall, kong). ``[PENG 1p]`` is
written ``[111p,1]``, ``[CHI 123p]`` ``[123p,1]``, ``[GANG 2m]`` ``[2222m,1]``, a concealed GANG ``[2222m]``.

* Under ``chinese-practice`` every expected total and fan set is the library's output as the notes print
  it (fan numbers from ``shared/data/mcr-fans.csv`` by name; 明暗杠 is our fan 82). Where the notes say the
  library's choice among equal one-point chow fans is a heuristic (§2.5, §7.4), only the number of those
  fans is compared (``chow_pairs``), never which kinds were kept.
* Under ``green-book`` the expected values are worked by hand in ``why``, from the positions of
  ``rulings/profiles/green-book.yaml`` and the sources they cite.

Every scored hand also checks that each awarded and excluded fan names rulings that exist.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from scorer import score
from scorer.errors import MjrefError
from tests.support.checks import check_rulings, fan_value

CP = "chinese-practice"
GB = "green-book"
CHOW_PAIR_FANS = frozenset({69, 70, 71, 72})  # Pure Double, Mixed Double, Short Straight, Two Terminal Chows


@dataclass(frozen=True)
class Case:
    id: str
    hand: str
    total: int
    fans: dict[int, int]  # fan number -> count; with chow_pairs set, fans 69-72 are left out here
    profile: str = CP
    chow_pairs: int | None = None  # how many of fans 69-72 together (library's kinds are a heuristic)
    why: str = ""


@dataclass(frozen=True)
class Rejected:
    id: str
    hand: str
    code: str
    why: str = ""
    profiles: tuple[str, ...] = field(default=(GB, CP))


def check_score(case: Case) -> None:
    s = score(case.hand, profile=case.profile)
    got = {f.fan: f.count for f in s.fans}
    shown = f"{case.hand} [{case.profile}]: got {s.total} {sorted(got.items())}"
    if case.chow_pairs is not None:
        pairs = sum(n for fan, n in got.items() if fan in CHOW_PAIR_FANS)
        assert pairs == case.chow_pairs, shown
        got = {fan: n for fan, n in got.items() if fan not in CHOW_PAIR_FANS}
    assert got == case.fans, shown
    assert s.total == case.total, shown
    for f in s.fans:
        assert f.points == fan_value(f.fan, case.profile) * f.count, f"{shown}: points of fan {f.fan}"
    assert s.total == sum(f.points for f in s.fans), shown
    check_rulings(s)


# §4a Seven Pairs and Tile Hog ------------------------------------------------------------------------------
SEVEN_PAIRS = [
    Case("a1", "222233446688sFF|NW0000", 114, {3: 1, 19: 1, 64: 1}, why="§4a a1: AG 88 + 7P 24 + TH 2"),
    Case("a2", "111199m1199p119s9s|NW0000", 90, {8: 1, 19: 1, 64: 1}, why="§4a a2: AT 64 + 7P 24 + TH 2"),
    Case("a3", "5555m2233p7788sEE|NW0000", 26, {19: 1, 64: 1}, why="§4a a3: 7P 24 + TH 2"),
    Case("a4", "5555m7777p1133sEE|NW0000", 28, {19: 1, 64: 2}, why="§4a a4: 7P 24 + TH 2x2"),
    Case("a5", "EEEESSWWNNCCFF|NW0000", 90, {11: 1, 19: 1, 64: 1}, why="§4a a5: AH 64 + 7P 24 + TH 2"),
    Case(
        "a6",
        "9999m11p99sEECCPP|NW0000",
        64,
        {18: 1, 19: 1, 52: 1, 64: 1},
        why="§4a a6: ATH 32 + 7P 24 + All Types 6 + TH 2",
    ),
    Case("a7", "22233446688sFF2s|NW0000", 114, {3: 1, 19: 1, 64: 1}, why="§4a a7: as a1, hog completed by 2s"),
]
SEVEN_PAIRS_GB = [
    # green-book: seven-pairs-tile-hog = no-tile-hog (Exp07 I.6, Starbäck §3.1), and All Green combines with
    # Half Flush (suit-fans-with-special-hands = combine, MCR06 p.33 per Starbäck §3.4). The F pair is an honour,
    # the rest bamboo: Half Flush 6. AG 88 + 7P 24 + HF 6 = 118 (no Tile Hog).
    Case("a1-gb", "222233446688sFF|NW0000", 118, {3: 1, 19: 1, 50: 1}, GB, why="AG 88 + 7P 24 + HF 6"),
    # All Terminals with Seven Pairs: no Tile Hog (Exp07 I.6). Three suits, so no flush fans. 64 + 24 = 88.
    Case("a2-gb", "111199m1199p119s9s|NW0000", 88, {8: 1, 19: 1}, GB, why="AT 64 + 7P 24"),
    Case("a7-gb", "22233446688sFF2s|NW0000", 118, {3: 1, 19: 1, 50: 1}, GB, why="as a1-gb"),
    # Controls: the Exp07 exception names only All Green and All Terminals, so Tile Hog stays with 7P elsewhere.
    Case("a4-gb", "5555m7777p1133sEE|NW0000", 28, {19: 1, 64: 2}, GB, why="7P 24 + TH 2x2, as a4"),
    Case(
        "a6-gb",
        "9999m11p99sEECCPP|NW0000",
        64,
        {18: 1, 19: 1, 52: 1, 64: 1},
        GB,
        why="ATH 32 + 7P 24 + All Types 6 (applies to 7P, Starbäck fn.5) + TH 2",
    ),
]

# §4b Nine Gates --------------------------------------------------------------------------------------------
NG = "1112345678999m"
NINE_GATES = [
    Case("b1", f"{NG}1m|NW0000", 106, {4: 1, 28: 1, 64: 1}, why="§4b b1: NG 88 + PS 16 + TH 2"),
    Case("b2", f"{NG}2m|NW0000", 92, {4: 1, 66: 1, 71: 1, 73: 1}, why="§4b b2: NG 88 + 2CP 2 + SS 1 + PTH 1"),
    Case("b3", f"{NG}3m|NW0000", 89, {4: 1, 71: 1}, why="§4b b3: NG 88 + SS 1"),
    Case("b4", f"{NG}4m|NW0000", 89, {4: 1, 71: 1}, why="§4b b4: NG 88 + SS 1"),
    Case("b5", f"{NG}5m|NW0000", 91, {4: 1, 66: 1, 73: 1}, why="§4b b5: NG 88 + 2CP 2 + PTH 1"),
    Case("b6", f"{NG}6m|NW0000", 89, {4: 1, 71: 1}, why="§4b b6: NG 88 + SS 1"),
    Case("b7", f"{NG}7m|NW0000", 89, {4: 1, 71: 1}, why="§4b b7: NG 88 + SS 1"),
    Case("b8", f"{NG}8m|NW0000", 92, {4: 1, 66: 1, 71: 1, 73: 1}, why="§4b b8: NG 88 + 2CP 2 + SS 1 + PTH 1"),
    Case("b9", f"{NG}9m|NW0000", 106, {4: 1, 28: 1, 64: 1}, why="§4b b9: NG 88 + PS 16 + TH 2"),
    Case("b1s", f"{NG}1m|NW1000", 107, {4: 1, 28: 1, 64: 1, 80: 1}, why="§4b b1s: b1 + Self-Drawn 1"),
    Case("b5s", f"{NG}5m|NW1000", 92, {4: 1, 66: 1, 73: 1, 80: 1}, why="§4b b5s: b5 + Self-Drawn 1"),
]
NINE_GATES_GB = [
    # green-book: nine-gates-terminal-pungs = none (2007 referee seminar, Starbäck §3.5 Table 2): on 2, 5 and 8
    # both 111 and 999 are pungs, and neither scores Pung of Terminals.
    Case("b2-gb", f"{NG}2m|NW0000", 91, {4: 1, 66: 1, 71: 1}, GB, why="111 22 345 678 999: NG 88 + 2CP 2 + SS 1"),
    Case("b5-gb", f"{NG}5m|NW0000", 90, {4: 1, 66: 1}, GB, why="111 234 55 678 999: NG 88 + 2CP 2"),
    Case("b8-gb", f"{NG}8m|NW0000", 91, {4: 1, 66: 1, 71: 1}, GB, why="111 234 567 88 999: NG 88 + 2CP 2 + SS 1"),
    # self-drawn-concealed-special-hands = fully-concealed: Fully Concealed Hand 4 replaces Self-Drawn 1.
    Case("b1s-gb", f"{NG}1m|NW1000", 110, {4: 1, 28: 1, 56: 1, 64: 1}, GB, why="NG 88 + PS 16 + TH 2 + FCH 4"),
    Case("b5s-gb", f"{NG}5m|NW1000", 94, {4: 1, 56: 1, 66: 1}, GB, why="NG 88 + 2CP 2 + FCH 4"),
    Case("b1-gb", f"{NG}1m|NW0000", 106, {4: 1, 28: 1, 64: 1}, GB, why="control: only one terminal pung (999)"),
]


# §4c Kongs: four sets on 2m, 3p, 5s, 7m (in that order) + pair 9p, won by discard on 9p ---------------------
def kong_hand(row: str) -> str:
    """The §4c hand for a row such as ``"MK CK CP MP"``."""
    melds, standing = [], []
    for kind, (rank, suit) in zip(row.split(), ("2m", "3p", "5s", "7m"), strict=True):
        if kind == "MK":
            melds.append(f"[{rank * 4}{suit},1]")
        elif kind == "CK":
            melds.append(f"[{rank * 4}{suit}]")
        elif kind == "MP":
            melds.append(f"[{rank * 3}{suit},1]")
        else:
            standing.append(f"{rank * 3}{suit}")
    return "".join(melds) + "".join(standing) + "9p9p|NW0000"


# row -> (library total, library fans) from §4c; then (green-book total, fans) worked from Starbäck Table 3
# (full reading, Two Concealed Kongs 8, melded + concealed kong = Two Melded Kongs 4 + Concealed Kong 2),
# plus No Honors 1 (no honour, a 9p pair so no All Simples), Single Wait 1 on the 9p pair unless Melded Hand
# (all four sets melded) or Four Kongs excludes it, All Pungs 6 unless Four Kongs or Four Concealed Pungs
# implies it, and Melded Hand 6 when every set is melded (a concealed kong is not).
KONG_ROWS: list[tuple[str, int, dict[int, int], int, dict[int, int]]] = [
    # 4 kongs. Green: 4K 88 (+CK 2 | +2CK 8 | +3CP 16 +2CK 8 +CK 2 | +4CP 64 +2CKx2 16).
    ("MK MK MK MK", 95, {5: 1, 53: 1, 76: 1}, 95, {5: 1, 53: 1, 76: 1}),
    ("MK MK MK CK", 89, {5: 1, 76: 1}, 91, {5: 1, 67: 1, 76: 1}),
    ("MK MK CK CK", 91, {5: 1, 66: 1, 76: 1}, 97, {5: 1, 48: 1, 76: 1}),
    ("MK CK CK CK", 105, {5: 1, 33: 1, 76: 1}, 115, {5: 1, 33: 1, 48: 1, 67: 1, 76: 1}),
    ("CK CK CK CK", 153, {5: 1, 12: 1, 76: 1}, 169, {5: 1, 12: 1, 48: 2, 76: 1}),
    # 3 kongs. Green: 3K 32 + AP 6 (4th set a pung) + the concealment fans of Table 3.
    ("MK MK MK CP", 40, {17: 1, 49: 1, 76: 1, 79: 1}, 40, {17: 1, 49: 1, 76: 1, 79: 1}),
    ("MK MK MK MP", 45, {17: 1, 49: 1, 53: 1, 76: 1}, 45, {17: 1, 49: 1, 53: 1, 76: 1}),
    ("MK MK CK CP", 42, {17: 1, 49: 1, 66: 1, 76: 1, 79: 1}, 44, {17: 1, 49: 1, 66: 1, 67: 1, 76: 1, 79: 1}),
    ("MK MK CK MP", 40, {17: 1, 49: 1, 76: 1, 79: 1}, 42, {17: 1, 49: 1, 67: 1, 76: 1, 79: 1}),
    ("MK CK CK CP", 56, {17: 1, 33: 1, 49: 1, 76: 1, 79: 1}, 64, {17: 1, 33: 1, 48: 1, 49: 1, 76: 1, 79: 1}),
    ("MK CK CK MP", 42, {17: 1, 49: 1, 66: 1, 76: 1, 79: 1}, 48, {17: 1, 48: 1, 49: 1, 76: 1, 79: 1}),
    ("CK CK CK CP", 98, {12: 1, 17: 1, 76: 1, 79: 1}, 108, {12: 1, 17: 1, 48: 1, 67: 1, 76: 1, 79: 1}),
    ("CK CK CK MP", 56, {17: 1, 33: 1, 49: 1, 76: 1, 79: 1}, 66, {17: 1, 33: 1, 48: 1, 49: 1, 67: 1, 76: 1, 79: 1}),
    # 2 kongs. Green: 2K 4 | 2K 4 + CK 2 | 2CK 8, then 2CP/3CP/4CP and AP.
    ("MK MK CP CP", 14, {49: 1, 57: 1, 66: 1, 76: 1, 79: 1}, 14, {49: 1, 57: 1, 66: 1, 76: 1, 79: 1}),
    ("MK MK CP MP", 12, {49: 1, 57: 1, 76: 1, 79: 1}, 12, {49: 1, 57: 1, 76: 1, 79: 1}),
    ("MK MK MP MP", 17, {49: 1, 53: 1, 57: 1, 76: 1}, 17, {49: 1, 53: 1, 57: 1, 76: 1}),
    ("MK CK CP CP", 29, {33: 1, 49: 1, 76: 1, 79: 1, 82: 1}, 30, {33: 1, 49: 1, 57: 1, 67: 1, 76: 1, 79: 1}),
    ("MK CK CP MP", 15, {49: 1, 66: 1, 76: 1, 79: 1, 82: 1}, 16, {49: 1, 57: 1, 66: 1, 67: 1, 76: 1, 79: 1}),
    ("MK CK MP MP", 13, {49: 1, 76: 1, 79: 1, 82: 1}, 14, {49: 1, 57: 1, 67: 1, 76: 1, 79: 1}),
    ("CK CK CP CP", 72, {12: 1, 48: 1, 76: 1, 79: 1}, 74, {12: 1, 48: 1, 76: 1, 79: 1}),
    ("CK CK CP MP", 30, {33: 1, 48: 1, 49: 1, 76: 1, 79: 1}, 32, {33: 1, 48: 1, 49: 1, 76: 1, 79: 1}),
    ("CK CK MP MP", 14, {48: 1, 49: 1, 76: 1, 79: 1}, 16, {48: 1, 49: 1, 76: 1, 79: 1}),
    # 1 kong: Melded Kong 1 or Concealed Kong 2; the same under both profiles.
    ("MK CP CP CP", 25, {33: 1, 49: 1, 74: 1, 76: 1, 79: 1}, 25, {33: 1, 49: 1, 74: 1, 76: 1, 79: 1}),
    ("MK CP CP MP", 11, {49: 1, 66: 1, 74: 1, 76: 1, 79: 1}, 11, {49: 1, 66: 1, 74: 1, 76: 1, 79: 1}),
    ("MK CP MP MP", 9, {49: 1, 74: 1, 76: 1, 79: 1}, 9, {49: 1, 74: 1, 76: 1, 79: 1}),
    ("MK MP MP MP", 14, {49: 1, 53: 1, 74: 1, 76: 1}, 14, {49: 1, 53: 1, 74: 1, 76: 1}),
    ("CK CP CP CP", 68, {12: 1, 67: 1, 76: 1, 79: 1}, 68, {12: 1, 67: 1, 76: 1, 79: 1}),
    ("CK CP CP MP", 26, {33: 1, 49: 1, 67: 1, 76: 1, 79: 1}, 26, {33: 1, 49: 1, 67: 1, 76: 1, 79: 1}),
    ("CK CP MP MP", 12, {49: 1, 66: 1, 67: 1, 76: 1, 79: 1}, 12, {49: 1, 66: 1, 67: 1, 76: 1, 79: 1}),
    ("CK MP MP MP", 10, {49: 1, 67: 1, 76: 1, 79: 1}, 10, {49: 1, 67: 1, 76: 1, 79: 1}),
    # No kong.
    ("CP CP CP CP", 66, {12: 1, 76: 1, 79: 1}, 66, {12: 1, 76: 1, 79: 1}),
    ("CP CP CP MP", 24, {33: 1, 49: 1, 76: 1, 79: 1}, 24, {33: 1, 49: 1, 76: 1, 79: 1}),
    ("CP CP MP MP", 10, {49: 1, 66: 1, 76: 1, 79: 1}, 10, {49: 1, 66: 1, 76: 1, 79: 1}),
    ("CP MP MP MP", 8, {49: 1, 76: 1, 79: 1}, 8, {49: 1, 76: 1, 79: 1}),
    ("MP MP MP MP", 13, {49: 1, 53: 1, 76: 1}, 13, {49: 1, 53: 1, 76: 1}),
]
KONGS = [Case(f"c {row}", kong_hand(row), total, fans, why="§4c") for row, total, fans, _, _ in KONG_ROWS]
KONGS_GB = [
    Case(f"c {row} gb", kong_hand(row), total, fans, GB, why="Starbäck Table 3 (full) + NH/SW/AP/MH as noted")
    for row, _, _, total, fans in KONG_ROWS
]

# §4d-g Other combinations ------------------------------------------------------------------------------------
OTHERS = [
    Case("d1", "123345888p456sPP|NW0000", 11, {40: 1, 62: 1, 79: 1}, why="§4d d1: RT 8 + CH 2 + SW 1, no OVS"),
    Case("d2", "123345888p45sPP6s|NW0000", 10, {40: 1, 62: 1}, why="§4d d2: RT 8 + CH 2 (3s/6s wait)"),
    Case(
        "d3",
        "123345888999pPP|NW0000",
        20,
        {40: 1, 50: 1, 62: 1, 66: 1, 73: 1, 79: 1},
        why="§4d d3: RT 8 + HF 6 + CH 2 + 2CP 2 + PTH 1 + SW 1",
    ),
    Case("d4", "224455s113388pPP|NW0000", 32, {19: 1, 40: 1}, why="§4d d4: 7P 24 + RT 8"),
    Case(
        "e1",
        "123345567789m9p9p|NW0000",
        38,
        {16: 1, 62: 1, 63: 1, 75: 1, 79: 1},
        why="§4e e1: FPSC 32 + CH 2 + AC 2 + OVS 1 + SW 1; no TTC",
    ),
    Case("e2", "122333444556m9p9p|NW0000", 38, {16: 1, 62: 1, 63: 1, 75: 1, 79: 1}, why="§4e e2: as e1; no SS"),
    Case("e3", "233444555667p1m1m|NW0000", 38, {16: 1, 62: 1, 63: 1, 75: 1, 79: 1}, why="§4e e3: as e1; no SS"),
    Case("f1", "111999m111p999s1s1s|NW0000", 129, {8: 1, 12: 1, 79: 1}, why="§4f f1: AT 64 + 4CP 64 + SW 1"),
    Case("f2", "[111p,1][999s,1]111999m1s1s|NW0000", 67, {8: 1, 66: 1, 79: 1}, why="§4f f2: AT 64 + 2CP 2 + SW 1"),
    Case(
        "f3",
        "111999m111p111s9p9p|NW0000",
        145,
        {8: 1, 12: 1, 32: 1, 79: 1},
        why="§4f f3: AT 64 + 4CP 64 + TP 16 + SW 1",
    ),
    Case(
        "f4",
        "111m111pEEENNN9s9s|SW0000",
        99,
        {12: 1, 18: 1, 65: 1, 79: 1},
        why="§4f f4 (seat W, prevalent S): 4CP 64 + ATH 32 + DP 2 + SW 1",
    ),
    Case("g1", "147m258s369pESWCF|NW0000", 24, {34: 1, 35: 1}, why="§4g g1: LHK 12 + KS 12"),
    Case("g2", "147m25s369pESWNCF|NW0000", 12, {34: 1}, why="§4g g2: LHK 12"),
    Case("g3", "147m25s36pESWNCFP|NW0000", 24, {20: 1}, why="§4g g3: GHK 24"),
    Case(
        "g4", "14755m258s36912p3p|NW0000", 17, {35: 1, 62: 1, 63: 1, 77: 1}, why="§4g g4: KS 12 + CH 2 + AC 2 + Edge 1"
    ),
    Case("g5", "1475m258s123369p5m|NW0000", 17, {35: 1, 62: 1, 63: 1, 79: 1}, why="§4g g5: KS 12 + CH 2 + AC 2 + SW 1"),
    Case("g6", "147m258777s369pEE|NW0000", 15, {35: 1, 62: 1, 79: 1}, why="§4g g6: KS 12 + CH 2 + SW 1"),
    Case("g7", "[123p,1]147m258s369p5m5m|NW0000", 15, {35: 1, 63: 1, 79: 1}, why="§4g g7: KS 12 + AC 2 + SW 1"),
    Case(
        "coh9",
        "12369m13347s258p3m|NW0000",
        17,
        {35: 1, 62: 1, 63: 1, 77: 1},
        why="§4g COH #9: KS 12 + CH 2 + AC 2 + Edge 1 (3m also in the knitted body)",
    ),
]
OTHERS_GB = [
    # all-terminals-double-pung = combine (MCR06 3.8.1 All Terminals, Starbäck §3.5: All Terminals with pungs
    # has Double Pung twice). f1: 111m/111p and 999m/999s are two Double Pungs. 64 + 64 + 2x2 + SW 1 = 133.
    Case(
        "f1-gb",
        "111999m111p999s1s1s|NW0000",
        133,
        {8: 1, 12: 1, 65: 2, 79: 1},
        GB,
        why="AT 64 + 4CP 64 + DP 2x2 + SW 1",
    ),
    # f2: pungs 111p, 999s melded; 111m, 999m concealed (won on the 1s pair): 64 + 2CP 2 + DP 2x2 + SW 1 = 71.
    Case(
        "f2-gb",
        "[111p,1][999s,1]111999m1s1s|NW0000",
        71,
        {8: 1, 65: 2, 66: 1, 79: 1},
        GB,
        why="AT 64 + 2CP 2 + DP 2x2 + SW 1",
    ),
    # Controls where green-book agrees with the library.
    Case(
        "f3-gb",
        "111999m111p111s9p9p|NW0000",
        145,
        {8: 1, 12: 1, 32: 1, 79: 1},
        GB,
        why="Triple Pung combines with AT (MCR06 3.8.1); TP implies the Double Pungs of its sets",
    ),
    Case(
        "d1-gb",
        "123345888p456sPP|NW0000",
        11,
        {40: 1, 62: 1, 79: 1},
        GB,
        why="reversible-tiles-one-voided-suit = exclude (MCR06 pp.47-48)",
    ),
    Case(
        "e1-gb",
        "123345567789m9p9p|NW0000",
        38,
        {16: 1, 62: 1, 63: 1, 75: 1, 79: 1},
        GB,
        why="four-pure-shifted-chows-exclusions = exclude-both (Starbäck §3.5: Chinese text)",
    ),
    Case(
        "g1-gb",
        "147m258s369pESWCF|NW0000",
        24,
        {34: 1, 35: 1},
        GB,
        why="knitted-straight-combinations = combine (MCR06 p.45, Starbäck §3.5)",
    ),
]

# §4h Waits ---------------------------------------------------------------------------------------------------
WAITS = [
    Case("h1", "1133m5577p99sEENN|NW0000", 24, {19: 1}, why="§4h h1: 7P 24, no SW"),
    Case("h2", "1133m5577p99sEENN|NW1000", 25, {19: 1, 80: 1}, why="§4h h2: 7P 24 + SD 1"),
    Case("h3", "2345m456789p234s5m|NW0000", 6, {62: 1, 63: 1, 70: 1, 71: 1}, why="§4h h3: CH 2 + AC 2 + MDC + SS"),
    Case("h4", "1113m456789p234s2m|NW0000", 5, {62: 1, 63: 1, 71: 1}, why="§4h h4: CH 2 + AC 2 + SS 1"),
    Case("h5", "1113m456789p234s3m|NW0000", 5, {62: 1, 71: 1, 73: 1, 76: 1}, why="§4h h5: CH 2 + SS + PTH + NH"),
    Case("h6", "1233m456789p234s3m|NW0000", 6, {62: 1, 63: 1, 71: 1, 77: 1}, why="§4h h6: CH 2 + AC 2 + SS + Edge"),
    Case(
        "h7",
        "[333m,1]1113m234567p2m|NW0000",
        5,
        {64: 1, 71: 1, 75: 1, 76: 1},
        why="§4h h7: TH 2 + SS + OVS + NH; 3m counts as a wait",
    ),
    Case(
        "h8",
        "1113333m456789p2m|NW0000",
        7,
        {62: 1, 64: 1, 71: 1, 75: 1, 76: 1},
        why="§4h h8: CH 2 + TH 2 + SS + OVS + NH; 3m (all four held) still counts as a wait",
    ),
    Case(
        "h9",
        "1234444678m456p1m|NE1000",
        8,
        {56: 1, 64: 1, 75: 1, 76: 1},
        why="§4h h9 (seat E, prevalent N, self-drawn): FCH 4 + TH 2 + OVS 1 + NH 1",
    ),
    Case(
        "h11",
        "[123m,1][456s,1][777p,1][789s,1]5p5p|NW0000",
        8,
        {53: 1, 71: 1, 76: 1},
        why="§4h h11: MH 6 + SS 1 + NH 1",
    ),
    Case("h12", "[2222m,1][3333s][7777p,1][8888s,1]5p5p|NW0000", 90, {5: 1, 68: 1}, why="§4h h12: 4K 88 + AS 2"),
]
WAITS_GB = [
    # self-drawn-concealed-special-hands = fully-concealed: a self-drawn Seven Pairs scores FCH 4 (MCR06: 7P "may
    # combine with Fully Concealed"), not Self-Drawn 1. 24 + 4 = 28.
    Case("h2-gb", "1133m5577p99sEENN|NW1000", 28, {19: 1, 56: 1}, GB, why="7P 24 + FCH 4"),
    # wait-only-one-winning-tile = standing (Starbäck §6.1): a tile all four of which stand in the hand cannot be
    # a winning tile, so 1113333m waits on 2m only: Closed Wait (123m). CH 2 + TH 2 + SS 1 + OVS 1 + NH 1 + CW 1.
    Case(
        "h8-gb",
        "1113333m456789p2m|NW0000",
        8,
        {62: 1, 64: 1, 71: 1, 75: 1, 76: 1, 78: 1},
        GB,
        why="h8 + Closed Wait 1 = 8",
    ),
    # h7: the other three 3m are in a melded pung, and Starbäck §6.1 looks at standing tiles only, so 3m is still
    # a possible winning tile: 2m/3m, no wait fan. Same 5 as the library.
    Case("h7-gb", "[333m,1]1113m234567p2m|NW0000", 5, {64: 1, 71: 1, 75: 1, 76: 1}, GB, why="TH 2 + SS + OVS + NH"),
    # h9: 4m is a formal wait but all four 4m stand in the hand, so 1m is the only winning tile: the 1m pair is a
    # Single Wait. FCH 4 + TH 2 + OVS 1 + NH 1 + SW 1 = 9.
    Case(
        "h9-gb",
        "1234444678m456p1m|NE1000",
        9,
        {56: 1, 64: 1, 75: 1, 76: 1, 79: 1},
        GB,
        why="FCH 4 + TH 2 + OVS 1 + NH 1 + SW 1",
    ),
    # h12: three melded kongs and one concealed kong: Table 3 row 4/3/1/0 = 4K 88 + CK 2; All Simples 2 (implies
    # No Honors). 92. Four Kongs excludes Single Wait.
    Case(
        "h12-gb",
        "[2222m,1][3333s][7777p,1][8888s,1]5p5p|NW0000",
        92,
        {5: 1, 67: 1, 68: 1},
        GB,
        why="4K 88 + CK 2 + AS 2",
    ),
    Case(
        "h6-gb",
        "1233m456789p234s3m|NW0000",
        6,
        {62: 1, 63: 1, 71: 1, 77: 1},
        GB,
        why="control: one wait fan only (Starbäck §6.1), Edge here",
    ),
]

# §4i Account-once (B = s, C = m, D = p) ----------------------------------------------------------------------
ACCOUNT_ONCE = [
    Case(
        "i1",
        "456789m789p123sEE|NW0000",
        12,
        {39: 1, 62: 1, 79: 1},
        chow_pairs=1,
        why="§4i i1: MS 8 + CH 2 + SW 1 + one of MDC/SS (789m combines once)",
    ),
    Case(
        "i1b",
        "45689m789p123sEE7m|NW0000",
        12,
        {39: 1, 62: 1, 77: 1},
        chow_pairs=1,
        why="§4i i1b: MS 8 + CH 2 + Edge 1 + one two-chow fan",
    ),
    Case(
        "i2",
        "345m456p234567s8m8m|NW0000",
        14,
        {51: 1, 62: 1, 63: 1, 68: 1, 71: 1, 79: 1},
        why="§4i i2: MSC 6 + CH 2 + AC 2 + AS 2 + SS 1 (234s/567s) + SW 1",
    ),
    Case(
        "i3",
        "234567m234567p8s8s|NW0000",
        10,
        {62: 1, 63: 1, 68: 1, 79: 1},
        chow_pairs=3,
        why="§4i i3: CH 2 + AC 2 + AS 2 + SW 1 + three of the four two-chow fans",
    ),
    Case(
        "i4", "333m444p222555s7p7p|NW0000", 75, {12: 1, 42: 1, 68: 1, 79: 1}, why="§4i i4: 4CP 64 + MSP 8 + AS 2 + SW 1"
    ),
    Case(
        "i4b",
        "[222s,1][333m,1][444p,1]555s7p7p|NW0000",
        17,
        {42: 1, 49: 1, 68: 1, 79: 1},
        why="§4i i4b: MSP 8 + AP 6 + AS 2 + SW 1",
    ),
    Case(
        "i5",
        "234s234234567p9m9m|NW0000",
        8,
        {62: 1, 63: 1, 79: 1},
        chow_pairs=3,
        why="§4i i5: CH 2 + AC 2 + SW 1 + PDC + MDC + SS",
    ),
    Case(
        "i6",
        "123456m123456p9s9s|NW0000",
        8,
        {62: 1, 63: 1, 79: 1},
        chow_pairs=3,
        why="§4i i6: CH 2 + AC 2 + SW 1 + three two-chow fans",
    ),
    Case(
        "i7",
        "123m1278999p789s3p|NW0000",
        12,
        {55: 1, 62: 1, 63: 1, 77: 1},
        chow_pairs=3,
        why="§4i i7: OH 4 + CH 2 + AC 2 + Edge 1 + MDC x2 + TTC",
    ),
    Case(
        "i8",
        "123234345m345p9s9s|NW0000",
        22,
        {30: 1, 62: 1, 63: 1, 70: 1, 79: 1},
        why="§4i i8: PSC 16 + CH 2 + AC 2 + MDC 1 + SW 1",
    ),
    Case(
        "i9",
        "123123m123p1235s5s|NW0000",
        14,
        {41: 1, 62: 1, 63: 1, 79: 1},
        chow_pairs=1,
        why="§4i i9: MTC 8 + CH 2 + AC 2 + SW 1 + one of PDC/MDC",
    ),
    Case(
        "i10",
        "123456789789m5p5p|NW0000",
        23,
        {28: 1, 62: 1, 63: 1, 75: 1, 79: 1},
        chow_pairs=1,
        why="§4i i10: PS 16 + CH 2 + AC 2 + OVS 1 + SW 1 + one two-chow fan",
    ),
]

# §4j Concealed / self-drawn / last tile / kong flags; base 123m 456m 789p 23s 55s, won on 4s ----------------
BASE = "123456m789p2355s4s"
FLAGS = [
    Case("j1", f"{BASE}|NW0000", 5, {62: 1, 63: 1, 71: 1}, why="§4j j1: CH 2 + AC 2 + SS 1"),
    Case("j2", f"{BASE}|NW1000", 7, {56: 1, 63: 1, 71: 1}, why="§4j j2: FCH 4 + AC 2 + SS 1"),
    Case("j3", f"{BASE}|NW1010", 15, {44: 1, 56: 1, 63: 1, 71: 1}, why="§4j j3: LTD 8 + FCH 4 + AC 2 + SS 1"),
    Case("j4", f"{BASE}|NW0010", 13, {45: 1, 62: 1, 63: 1, 71: 1}, why="§4j j4: LTC 8 + CH 2 + AC 2 + SS 1"),
    Case("j5", f"{BASE}|NW0001", 13, {47: 1, 62: 1, 63: 1, 71: 1}, why="§4j j5: RK 8 + CH 2 + AC 2 + SS 1"),
    Case(
        "j6", f"{BASE}|NW0011", 21, {45: 1, 47: 1, 62: 1, 63: 1, 71: 1}, why="§4j j6: LTC 8 + RK 8 + CH 2 + AC 2 + SS 1"
    ),
    Case("j7", f"{BASE}|NW0101", 13, {47: 1, 62: 1, 63: 1, 71: 1}, why="§4j j7: RK 8 (Last Tile dropped) + 5"),
    Case("j8", f"{BASE}|NW0100", 9, {58: 1, 62: 1, 63: 1, 71: 1}, why="§4j j8: LT 4 + CH 2 + AC 2 + SS 1"),
    # j10-j13: the 789p chow of the base is replaced by a concealed kong of 1p.
    Case(
        "j10",
        "[1111p]123456m2355s4s|NW0000",
        7,
        {62: 1, 67: 1, 71: 1, 73: 1, 76: 1},
        why="§4j j10: CH 2 + CK 2 + SS 1 + PTH 1 + NH 1",
    ),
    Case(
        "j11",
        "[1111p]123456m2355s4s|NW1000",
        9,
        {56: 1, 67: 1, 71: 1, 73: 1, 76: 1},
        why="§4j j11: FCH 4 + CK 2 + SS 1 + PTH 1 + NH 1",
    ),
    Case(
        "j12",
        "[1111p]123456m2355s4s|NW1001",
        17,
        {46: 1, 56: 1, 67: 1, 71: 1, 73: 1, 76: 1},
        why="§4j j12: OWRT 8 + FCH 4 + CK 2 + SS 1 + PTH 1 + NH 1",
    ),
    Case(
        "j13",
        "[1111p]123456m2355s4s|NW1011",
        25,
        {44: 1, 46: 1, 56: 1, 67: 1, 71: 1, 73: 1, 76: 1},
        why="§4j j13: LTD 8 + OWRT 8 + FCH 4 + CK 2 + SS 1 + PTH 1 + NH 1",
    ),
    Case("j14", "[456m,1]123m789p2355s4s|NW1000", 4, {63: 1, 71: 1, 80: 1}, why="§4j j14: AC 2 + SS 1 + SD 1"),
    # j15: the library's 5 comes from passing a chow with offer 0, which its binding treats as concealed; in our
    # notation that hand is simply j1 (the chow standing). A bracketed chow is always melded: AC 2 + SS 1 = 3.
    Case(
        "j15",
        "[456m]123m789p2355s4s|NW0000",
        3,
        {63: 1, 71: 1},
        why="§4j j15 read as our notation means it: melded chow, no Concealed Hand",
    ),
    # j16/j17 are described, not listed, in §4c ("a pung completed by a discard counts as exposed unless the
    # winning tile could sit in a concealed chow of the same division"); these hands are built for that text.
    # j16: 22234m won on a discarded 2m is 222m + 234m with the 2m taken into the chow, so 222m, 888p and 999s
    # are all concealed: 3CP 16 + CH 2 + TH 2 (four 2m, no kong) + PTH 1 (999s) + NH 1 = 22. The hand also
    # wins on 5m (222 345) and 1s (22 234 111s), so no wait fan.
    Case("j16", "22234m888p999s11s2m|NW0000", 22, {33: 1, 62: 1, 64: 1, 73: 1, 76: 1}, why="§4c text, j16"),
    # j16b: a two-pair wait (8p or 3s) won on a discarded 8p: 888p is melded, 222m 555p 777s concealed:
    # 3CP 16 + AP 6 + AS 2 + CH 2 = 26 (no wait fan, two winning tiles).
    Case("j16b", "222m555p777s3388p8p|NW0000", 26, {33: 1, 49: 1, 62: 1, 68: 1}, why="§4c text"),
    # j17: the same hand self-drawn: four concealed pungs. 4CP 64 (implies AP and CH; under chinese-practice a
    # self-drawn 4CP scores Self-Drawn, not Fully Concealed, §4.0 j and §2.6) + AS 2 + SD 1 = 67.
    Case("j17", "222m555p777s3388p8p|NW1000", 67, {12: 1, 68: 1, 80: 1}, why="§4c text (j17), §4.0 j"),
    Case(
        "j18",
        "[444s,1]123456m35s99p4s|NW0000",
        9,
        {58: 1, 64: 1, 71: 1, 76: 1, 78: 1},
        why="§4j j18: LT 4 (forced: 444s melded) + TH 2 + SS 1 + NH 1 + CW 1",
    ),
]
FLAGS_GB = [
    # kong-on-last-tile = both (Starbäck §9.3): Robbing the Kong on the last tile also scores Last Tile Claim.
    Case("j6-gb", f"{BASE}|NW0011", 21, {45: 1, 47: 1, 62: 1, 63: 1, 71: 1}, GB, why="LTC 8 + RK 8 + CH 2 + AC 2 + SS"),
    # Robbing the Kong implies Last Tile (Starbäck §9.3: Last Tile "is implied by Robbing the Kong").
    Case("j7-gb", f"{BASE}|NW0101", 13, {47: 1, 62: 1, 63: 1, 71: 1}, GB, why="RK 8 + CH 2 + AC 2 + SS 1"),
    # Last Tile Draw on a replacement tile (Starbäck §9.2): LTD 8 + OWRT 8 + FCH 4 + CK 2 + SS + PTH + NH = 25.
    Case(
        "j13-gb",
        "[1111p]123456m2355s4s|NW1011",
        25,
        {44: 1, 46: 1, 56: 1, 67: 1, 71: 1, 73: 1, 76: 1},
        GB,
        why="LTD 8 + OWRT 8 + FCH 4 + CK 2 + SS 1 + PTH 1 + NH 1",
    ),
    # j16: same reading under green-book (the player chooses the division, and the chow reading keeps 222m
    # concealed). 3CP 16 + CH 2 + TH 2 + PTH 1 + NH 1 = 22.
    Case("j16-gb", "22234m888p999s11s2m|NW0000", 22, {33: 1, 62: 1, 64: 1, 73: 1, 76: 1}, GB, why="as j16"),
    Case("j16b-gb", "222m555p777s3388p8p|NW0000", 26, {33: 1, 49: 1, 62: 1, 68: 1}, GB, why="as j16b"),
    # j17 under green-book: 4CP is always concealed, and such a hand takes Fully Concealed Hand when self-drawn
    # (Starbäck §3.3 and Figure 1; profile self-drawn-concealed-special-hands = fully-concealed).
    # 4CP 64 + AS 2 + FCH 4 = 70.
    Case("j17-gb", "222m555p777s3388p8p|NW1000", 70, {12: 1, 56: 1, 68: 1}, GB, why="4CP 64 + AS 2 + FCH 4"),
    # One melded chow, self-drawn: no concealment fan but Self-Drawn; same under both profiles.
    Case("j14-gb", "[456m,1]123m789p2355s4s|NW1000", 4, {63: 1, 71: 1, 80: 1}, GB, why="AC 2 + SS 1 + SD 1"),
    # j18: the winning 4s is the last of its kind because its other three copies are the player's own melded
    # pung, flag or no flag: LT 4 + TH 2 + SS 1 + NH 1 + Closed Wait 1 (35s, 4s the only winning tile) = 9.
    Case(
        "j18-gb",
        "[444s,1]123456m35s99p4s|NW0000",
        9,
        {58: 1, 64: 1, 71: 1, 76: 1, 78: 1},
        GB,
        why="LT 4 + TH 2 + SS 1 + NH 1 + CW 1",
    ),
]

CASES = SEVEN_PAIRS + SEVEN_PAIRS_GB + NINE_GATES + NINE_GATES_GB + KONGS + KONGS_GB + OTHERS + OTHERS_GB
CASES += WAITS + WAITS_GB + ACCOUNT_ONCE + FLAGS + FLAGS_GB


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.id}-{c.profile}" if c.profile == CP else c.id)
def test_reference_hand(case: Case) -> None:
    check_score(case)


REJECTED = [
    # h10: 5555m + a fifth 5m. The library scores it 21; a real set has four copies.
    Rejected("h10", "5555m123456789p5m|NW0000", "five-copies", why="§4h h10, §5: five copies accepted by library"),
    # j9: replacement-tile flag on a self-drawn win with no kong declared (the library silently drops the flag).
    Rejected("j9", f"{BASE}|NW1001", "situation", why="§4j j9"),
    # j19: "last tile of its kind" while another 5s stands in the hand (the library drops the flag).
    Rejected("j19", "123456m789p3455s5s|NW0100", "situation", why="§4j j19"),
    # Robbing the kong on a tile the hand already holds (the library drops the flag, §2.3 step 2).
    Rejected("rob-held", "123456m789p2344s4s|NW0001", "situation", why="§2.3: kong flag with the tile in hand"),
]


@pytest.mark.parametrize("case", REJECTED, ids=lambda c: c.id)
@pytest.mark.parametrize("profile", [GB, CP])
def test_rejected(case: Rejected, profile: str) -> None:
    with pytest.raises(MjrefError) as err:
        score(case.hand, profile=profile)
    assert err.value.code == case.code, str(err.value)
