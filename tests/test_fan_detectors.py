"""One detector test per fan: a hand that has it and a near miss that does not.

Each case was worked by hand from the fan's definition (``rulings/fans/fan-<key>.md``), the reasoning
written next to it. A fan counts as found when the scored result lists it, scored or excluded (an
implied fan is still detected); totals are other tests' business. Hands are won on a discard in an
East round, East seat (``|EE0000``) unless they say otherwise; the last tile written is the winning one.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from scorer import score
from scorer.mcr.table import FANS


class Case(NamedTuple):
    hand: str
    why: str
    profile: str = "green-book"


# fan: (a hand that has it, a near miss that does not)
CASES: dict[int, tuple[Case, Case]] = {
    1: (
        Case("EEESSSWWWNNN55m", "pungs of all four winds and a pair"),
        Case("EEESSSWWWNN555m", "three wind pungs and a pair of North: Little Four Winds, not Big"),
    ),
    2: (
        Case("CCCFFFPPP123m55p", "pungs of red, green and white dragons"),
        Case("CCCFFFPP123m555p", "the white dragons are the pair: Little Three Dragons, not Big"),
    ),
    3: (
        Case("223344s666s888sFF", "234s twice, 666s, 888s and a pair of green dragons: all green tiles"),
        Case("223344s666s888sCC", "the pair is red dragons, not green"),
    ),
    4: (
        Case("1112345678999m5m", "1112345678999m held concealed, won on 5m of the same suit"),
        Case("[111m,1]2345678999m5m", "the same tiles, but the 111m pung was melded: Nine Gates is concealed"),
    ),
    5: (
        Case("[1111m,1][2222p,1][3333s,1][EEEE,1]5p5p", "four declared kongs and a pair"),
        Case("[1111m,1][2222p,1][3333s,1][EEE,1]5p5p", "the East set is a pung: three kongs"),
    ),
    6: (
        Case("11223344556677m", "pairs of 1m to 7m: seven pairs of one suit, consecutive"),
        Case("11223344556688m", "the pairs skip 7m: seven pairs, but not consecutive"),
    ),
    7: (
        Case("19m19p19sESWNCFPP", "every terminal and honour once, the white dragon twice"),
        Case("11m99m11p99pEESSCC", "seven pairs of terminals and honours: no 1s, 9s, W, N, F or P"),
    ),
    8: (
        Case("111m999m111p999p11s", "pungs of 1m, 9m, 1p, 9p and a pair of 1s: only ones and nines"),
        Case("111m999m111p999pEE", "the pair is East: terminals and an honour"),
    ),
    9: (
        Case("EEESSSWWWNN555m", "pungs of East, South, West and a pair of North"),
        Case("EEESSSWWWCC555m", "three wind pungs, but the pair is red dragons"),
    ),
    10: (
        Case("CCCFFFPP123m555p", "pungs of red and green dragons, a pair of white"),
        Case("CCCFFF123m555pEE", "two dragon pungs, but the pair is East"),
    ),
    11: (
        Case("EEESSSWWWCCCFF", "pungs of three winds and the red dragon, a pair of green: honours only"),
        Case("EEESSSWWWCCC11m", "the pair is 1m, a suit tile"),
    ),
    12: (
        Case(
            "111m333p555s777mEE", "four pungs held concealed, won on the pair (a pung is not completed by the discard)"
        ),
        Case("[111m,1]333p555s777mEE", "the 111m pung was melded: three concealed pungs"),
    ),
    13: (
        Case("112233m778899m55m", "123m, 123m, 789m, 789m and a pair of 5m, all characters"),
        Case("112233m778899m55p", "the pair of fives is dots, not of the chows' suit"),
    ),
    14: (
        Case("111122223333m55p", "four chows of 123m"),
        Case("111222233334m55p", "three chows of 123m and one of 234m"),
    ),
    15: (
        Case("111222333444m55p", "pungs of 1m, 2m, 3m, 4m: four in one suit, each one up"),
        Case("111222333555m77p", "pungs of 1m, 2m, 3m and 5m: 4m is skipped"),
    ),
    16: (
        Case("123345567789m55p", "123m, 345m, 567m, 789m: four chows of one suit, each two up"),
        Case("123345567m789p55p", "the fourth chow is dots: three shifted chows only"),
    ),
    17: (
        Case("[1111m,1][2222p,1][3333s,1]456m5p5p", "three declared kongs"),
        Case("[1111m,1][2222p,1][333s,1]456m5p5p", "the 3s set is a pung: two kongs"),
    ),
    18: (
        Case("111m999pEEECCC11s", "pungs of 1m, 9p, East, red dragon, a pair of 1s: terminals and honours only"),
        Case("111m999pEEECCC22s", "the pair is 2s, a simple"),
    ),
    19: (
        Case("112233m556677p99s", "seven pairs, held concealed"),
        Case("[123m,1]123m556677p99s", "a melded chow: seven pairs cannot have a declared set"),
    ),
    20: (
        Case("147m258p3sESWNCFP", "all seven honours and seven tiles of the knitted 147m 258p 369s"),
        Case("147m258p36sESWNCF", "white dragon missing: six honours and eight knitted tiles (Lesser)"),
    ),
    21: (
        Case("222m444p666s888m22p", "pungs of 2m, 4p, 6s, 8m and a pair of 2p: even tiles only"),
        Case("222m444p666s888m55p", "the pair is 5p, an odd rank"),
    ),
    22: (
        Case("123m456m789m234m55m", "every tile is a character"),
        Case("123m456m789m234m55p", "the pair is dots"),
    ),
    23: (
        Case("[123m,1][123m,1]123m456p55s", "three chows of 123m"),
        Case("[123m,1][123m,1]234m456p55s", "the third chow is 234m: two identical chows only"),
    ),
    24: (
        Case("[111m,1][222m,1][333m,1]456p55s", "pungs of 1m, 2m, 3m"),
        Case("[111m,1][222m,1][444m,1]456p55s", "pungs of 1m, 2m, 4m: not consecutive"),
    ),
    25: (
        Case("789m789p789s789m99s", "only 7, 8 and 9"),
        Case("789m789p789s678m99s", "a 6m: ranks 6 to 9 (Upper Four, not Upper Tiles)"),
    ),
    26: (
        Case("456m456p456s456m55p", "only 4, 5 and 6"),
        Case("456m456p456s345m55p", "a 3m"),
    ),
    27: (
        Case("123m123p123s123m22p", "only 1, 2 and 3"),
        Case("123m123p123s234m22p", "a 4m: ranks 1 to 4 (Lower Four, not Lower Tiles)"),
    ),
    28: (
        Case("123m456m789m123p55s", "123m, 456m, 789m"),
        Case("123m456m789p123p55s", "the 789 is dots: no straight in one suit"),
    ),
    29: (
        Case("123m789m123p789p55s", "123 and 789 of characters and of dots, a pair of 5s"),
        Case("123m789m123p789p55m", "the pair of fives is characters, a suit of the chows"),
    ),
    30: (
        Case("123m234m345m789p55s", "123m, 234m, 345m: three chows of one suit, each one up"),
        Case("123m234m456m789p55s", "123m, 234m, 456m: the steps are one and two"),
    ),
    31: (
        Case("345m456p567s456m55s", "every chow and the pair hold a 5"),
        Case("345m456p567s456m66s", "the pair is 6s"),
    ),
    32: (
        Case("[222m,1][222p,1][222s,1]456m55p", "pungs of 2 in all three suits"),
        Case("[222m,1][222p,1][333s,1]456m55p", "the bamboo pung is 3s: a double pung only"),
    ),
    33: (
        Case("[123m,1]222m444p666s55p", "three pungs held concealed, won on the pair"),
        Case("[123m,1][222m,1]444p666s55p", "the 222m pung was melded: two concealed pungs"),
    ),
    34: (
        Case("147m258p36sESWNCF", "fourteen single tiles: six honours and eight of the knitted 147m 258p 369s"),
        Case("147m258p369s123p55s", "a knitted straight with a chow and a pair: sets, not single tiles"),
    ),
    35: (
        Case("147m258p369s123p55s", "147m, 258p and 369s: the knitted straight, with 123p and a pair"),
        Case("123m456p789s123s55s", "123m, 456p, 789s: a mixed straight, not knitted"),
    ),
    36: (
        Case("678m789p678s999m66p", "only 6 to 9"),
        Case("678m789p567s999m66p", "a 5s"),
    ),
    37: (
        Case("123m234p234s111m44p", "only 1 to 4"),
        Case("123m234p345s111m44p", "a 5s"),
    ),
    38: (
        Case("EEESSSWWW123m55p", "pungs of East, South and West"),
        Case("EEESSSWW123m555p", "West is the pair: two wind pungs"),
    ),
    39: (
        Case("123m456p789s123m55p", "123m, 456p, 789s: the straight across three suits"),
        Case("123m456p789p123m55s", "456 and 789 are both dots"),
    ),
    40: (
        Case("123p345p888sPPP55s", "1-5p, 8s, 5s and white dragons: all look the same upside down"),
        Case("123p345p888sPPP77s", "7s is not reversible"),
    ),
    41: (
        Case("123m123p123s456m55p", "123 in characters, dots and bamboo"),
        Case("123m123p234s456m55p", "the bamboo chow is 234s"),
    ),
    42: (
        Case("[222m,1][333p,1][444s,1]456m55p", "pungs 2m, 3p, 4s: three suits, each one up"),
        Case("[222m,1][333p,1][555s,1]456m55p", "2m, 3p, 5s: the steps are one and two"),
    ),
    43: (
        Case(
            "[123m,1][789p,1][333s,1]56mNN7m|SW0000",
            "melded, won on a discard on two tiles (4m or 7m), all "
            "three suits and a pair of North (neither wind of the round South nor seat West): no fan at all",
        ),
        Case("[123m,1][789p,1][333s,1]56mNN7m|SW1000", "the same hand self-drawn scores Self-Drawn"),
    ),
    44: (
        Case("123m456m789m123p55s|EE1010", "self-drawn, the last tile of the wall"),
        Case("123m456m789m123p55s|EE0010", "the last tile of the wall was a discard: Last Tile Claim"),
    ),
    45: (
        Case("123m456m789m123p55s|EE0010", "won on the discard after the last tile of the wall"),
        Case("123m456m789m123p55s|EE1010", "self-drawn on the last tile: Last Tile Draw"),
    ),
    46: (
        Case("[5555s,1]123m456m789p5p5p|EE1001", "self-drawn on the replacement tile after a kong"),
        Case("[5555s,1]123m456m789p5p5p|EE1000", "self-drawn, not on a replacement tile"),
    ),
    47: (
        Case("123m456m789m55s12p3p|EE0001", "won on a 3p another player added to a melded pung"),
        Case("123m456m789m55s12p3p|EE0000", "won on an ordinary discard"),
    ),
    48: (
        Case("[1111m][2222p]123s456s5p5p", "two concealed kongs"),
        Case("[1111m][2222p,1]123s456s5p5p", "the 2p kong is melded: one concealed kong"),
    ),
    49: (
        Case("[111m,1]222p333s444m55p", "four pungs and a pair"),
        Case("[111m,1]222p333s456m55p", "one chow"),
    ),
    50: (
        Case("123m456m789mCCC55m", "characters and an honour pung"),
        Case("123m456m789mCCC55p", "two suits"),
    ),
    51: (
        Case("123m234p345s789m55p", "123m, 234p, 345s: three suits, each one up"),
        Case("123m234p456s789m55p", "123m, 234p, 456s: the steps are one and two"),
    ),
    52: (
        Case("123m456p789sEEECC", "characters, dots, bamboo, a wind and a dragon"),
        Case("123m456p789sEEESS", "no dragon"),
    ),
    53: (
        Case("[123m,1][456p,1][789s,1][EEE,1]5p5p", "four melded sets, won on a discard to the pair"),
        Case("[123m,1][456p,1][789s,1][EEE,1]5p5p|EE1000", "the pair was self-drawn"),
    ),
    54: (
        Case("CCCFFF123m456p55s", "pungs of red and green dragons"),
        Case("CCCFF123m456p555s", "the green dragons are the pair"),
    ),
    55: (
        Case("123m789m123p999sEE", "123m, 789m, 123p, 999s and the East pair each hold a terminal or honour"),
        Case("123m789m234p999sEE", "234p holds neither"),
    ),
    56: (
        Case("123m456m789m123p55s|EE1000", "no melded set, self-drawn"),
        Case("[123m,1]456m789m123p55s|EE1000", "self-drawn, but 123m was melded"),
    ),
    57: (
        Case("[1111m,1][2222p,1]123s456s5p5p", "two melded kongs"),
        Case("[1111m,1][222p,1]123s456s5p5p", "one kong and a pung"),
    ),
    58: (
        Case("123m456m789m55s12p3p|EE0100", "won on the last 3p, its other three copies in view"),
        Case("123m456m789m55s12p3p|EE0000", "other copies of 3p are still unseen"),
    ),
    59: (
        Case("CCC123m456p789s55s", "a pung of red dragons"),
        Case("CC123m456p789s555s", "the red dragons are the pair"),
    ),
    60: (
        Case("SSS123m456p789s55s|SE0000", "a pung of South in a South round"),
        Case("SSS123m456p789s55s|WE0000", "South is neither the round's wind (West) nor the seat's (East)"),
    ),
    61: (
        Case("SSS123m456p789s55s|ES0000", "a pung of South in the South seat"),
        Case("SSS123m456p789s55s|EW0000", "South is neither the seat's wind (West) nor the round's (East)"),
    ),
    62: (
        Case("123m456m789m123p55s", "no melded set, won on a discard"),
        Case("[123m,1]456m789m123p55s", "a melded chow"),
    ),
    63: (
        Case("123m456m789m123p55s", "four chows and a pair of suit tiles"),
        Case("123m456m789m123pEE", "the pair is East, an honour"),
    ),
    64: (
        Case("123m345m456p789s33m", "all four 3m (in 123m, 345m and the pair) and no kong"),
        Case("123m345m456p789s44m", "three 4m only"),
    ),
    65: (
        Case("[222m,1][222p,1]456s789m55p", "pungs of 2 in two suits"),
        Case("[222m,1][333p,1]456s789m55p", "pungs of 2m and 3p: different ranks"),
    ),
    66: (
        Case("[123m,1]222m444p678s55p", "two pungs held concealed, won on the pair"),
        Case("[123m,1][222m,1]444p678s55p", "the 222m pung was melded: one concealed pung"),
    ),
    67: (
        Case("[1111m]123p456p789s5s5s", "one concealed kong"),
        Case("[1111m,1]123p456p789s5s5s", "the kong is melded"),
    ),
    68: (
        Case("234m456m678p345s55s", "no 1, 9 or honour"),
        Case("234m456m678p789s55s", "789s holds a 9"),
    ),
    69: (
        Case("123m123m456p789s55s", "two chows of 123m"),
        Case("123m234m456p789s55s", "123m and 234m differ"),
    ),
    70: (
        Case("123m123p456s789m55s", "123 in characters and in dots"),
        Case("123m234p456s789m55s", "no chow repeats in another suit"),
    ),
    71: (
        Case("123m456m789p123s55s", "123m and 456m: six characters in a row"),
        Case("123m567m789p123s55s", "123m and 567m leave 4m out"),
    ),
    72: (
        Case("123m789m456p345s55s", "123m and 789m"),
        Case("123m678m456p345s55s", "678m is not the 789"),
    ),
    73: (
        Case("111m456p789s234m55s", "a pung of 1m"),
        Case("222m456p789s234m55s", "the pung is 2m, a simple"),
    ),
    74: (
        Case("[5555s,1]123m456m789p5p5p", "one melded kong"),
        Case("[555s,1]123m456m789p5p5p", "the 5s set is a pung"),
    ),
    75: (
        Case("123m456m789p123p55p", "characters and dots, no bamboo"),
        Case("123m456m789p123s55p", "all three suits"),
    ),
    76: (
        Case("123m456m789p123s55p", "suit tiles only"),
        Case("123m456m789p123sEE", "a pair of East"),
    ),
    77: (
        Case("456m789p123sEE12m3m", "12m waited on 3m alone, and 3m came"),
        Case("12345m789p123sEE3m", "3m completes 12m, but 6m would have won too (123m 456m)"),
    ),
    78: (
        Case("123p456p789s13m55m2m", "13m waited on 2m alone, and 2m came"),
        Case("123p456p789s5777m6m", "6m fills 5m-7m, but 5m would have won too (55m 777m)"),
    ),
    79: (
        Case("123m456p789s123sEE", "a lone East waited on East alone, and East came"),
        Case("123m456p789s1234s4s", "4s pairs the 4s, but 1s would have won too (11s 234s)"),
    ),
    80: (
        Case("123m456m789m123p55s|EE1000", "self-drawn"),
        Case("123m456m789m123p55s|EE0000", "won on a discard"),
    ),
    81: (
        Case("123m456m789m123p55s+2", "two flowers"),
        Case("123m456m789m123p55s", "no flowers"),
    ),
    82: (
        Case(
            "[1111m,1][2222p]123s456s5p5p",
            "one melded and one concealed kong, under Chinese practice (five)",
            "chinese-practice",
        ),
        Case(
            "[1111m,1][2222p]123s456s5p5p",
            "the same kongs under the Green Book (position six): Two Melded Kongs and Concealed Kong instead",
        ),
    ),
}


def found(case: Case) -> set[int]:
    """The fans the scored result lists, scored or excluded, in its reading and the equal ones."""
    s = score(case.hand, case.profile)
    fans = {f.fan for f in s.fans} | {e.fan for e in s.excluded}
    for alt in s.alternatives:
        fans |= {f.fan for f in alt.fans} | {e.fan for e in alt.excluded}
    return fans


def test_every_fan_has_its_cases():
    assert sorted(CASES) == sorted(FANS)


@pytest.mark.parametrize("number", sorted(CASES))
def test_the_hand_has_the_fan(number):
    has, _ = CASES[number]
    assert number in found(has), f"{FANS[number].name}: {has.hand} ({has.why})"


@pytest.mark.parametrize("number", sorted(CASES))
def test_the_near_miss_does_not(number):
    _, miss = CASES[number]
    assert number not in found(miss), f"{FANS[number].name}: {miss.hand} ({miss.why})"
