"""Fans of chows: identical, shifted and straight chows, terminal chows, All Chows."""

from __future__ import annotations

from ...arrange import KNITTED_STRAIGHT
from ..view import (
    MIXED_DOUBLE,
    MIXED_SAME,
    MIXED_SHIFTED,
    MIXED_STRAIGHT,
    SAME_CHOW_THRICE,
    SAME_CHOW_TWICE,
    SHIFTED,
    SIX_IN_A_ROW,
    STRAIGHT,
    TERMINAL_CHOWS,
    Hits,
    View,
)
from .common import all_sets, consecutive, shifted
from .detector import NONE, SET_FORMS, fan


@fan(13, combination=True, chows=4)
def pure_terminal_chows(v: View) -> Hits:
    """一色双龙会 Pure Terminal Chows: 123 123 789 789 and a pair of 5s, all of one suit."""
    pair = v.pair_tile
    if len(v.chows) != 4 or pair < 0 or pair >= 27 or pair % 9 != 4:
        return NONE
    base = pair - 4
    starts = sorted(v.chow_tiles)
    return all_sets(v) if starts == [base, base, base + 6, base + 6] else NONE


@fan(14, combination=True, chows=4)
def quadruple_chow(v: View) -> Hits:
    """一色四同顺 Quadruple Chow: four identical chows."""
    if len(v.chows) == 4 and len(set(v.chow_tiles)) == 1:
        return [tuple(v.chows)]
    return NONE


@fan(16, combination=True, chows=4)
def four_pure_shifted_chows(v: View) -> Hits:
    """一色四步高 Four Pure Shifted Chows: four chows of one suit, each one or each two ranks up."""
    if len(v.chows) != 4:
        return NONE
    tiles = sorted(v.chow_tiles)
    for step in (1, 2):
        if consecutive(tiles, step, same_suit=True):
            starts = sorted(zip(v.chows, v.chow_tiles, strict=True), key=lambda p: p[1])
            return [tuple(i for i, _ in starts)]
    return NONE


@fan(23, combination=True, chows=3)
def pure_triple_chow(v: View) -> Hits:
    """一色三同顺 Pure Triple Chow: three identical chows."""
    if not v.chow_shapes & SAME_CHOW_THRICE:
        return NONE
    return [sets for sets, (low, _, high), _, _ in v.chow_triples if low == high]


@fan(28, combination=True, chows=3)
def pure_straight(v: View) -> Hits:
    """清龙 Pure Straight: 123, 456 and 789 of one suit."""
    if not v.chow_shapes & STRAIGHT:
        return NONE
    return [
        sets for sets, (low, mid, high), _, _ in v.chow_triples if low % 9 == 0 and mid == low + 3 and high == low + 6
    ]


@fan(29, combination=True, chows=4)
def three_suited_terminal_chows(v: View) -> Hits:
    """三色双龙会 Three-Suited Terminal Chows: 123 and 789 of two suits, a pair of 5s of the third."""
    pair = v.pair_tile
    if len(v.chows) != 4 or pair < 0 or pair >= 27 or pair % 9 != 4:
        return NONE
    starts = sorted(v.chow_tiles)
    suits = sorted({t // 9 for t in starts})
    if len(suits) != 2 or pair // 9 in suits:
        return NONE
    want = sorted(s * 9 + r for s in suits for r in (0, 6))
    return all_sets(v) if starts == want else NONE


@fan(30, combination=True, chows=3)
def pure_shifted_chows(v: View) -> Hits:
    """一色三步高 Pure Shifted Chows: three chows of one suit, each one or each two ranks up."""
    if not v.chow_shapes & SHIFTED:
        return NONE
    return shifted(v.chow_triples, (1, 2), same_suit=True)


@fan(39, combination=True, chows=3)
def mixed_straight(v: View) -> Hits:
    """花龙 Mixed Straight: 123, 456 and 789, each in a different suit."""
    if not v.chow_shapes & MIXED_STRAIGHT:
        return NONE
    return [
        sets
        for sets, _, ranks, suits in v.chow_triples
        if ranks[0] == 0 and ranks[1] == 3 and ranks[2] == 6 and suits == 3
    ]


@fan(41, combination=True, chows=3)
def mixed_triple_chow(v: View) -> Hits:
    """三色三同顺 Mixed Triple Chow: the same chow in all three suits."""
    if not v.chow_shapes & MIXED_SAME:
        return NONE
    return [sets for sets, _, ranks, suits in v.chow_triples if ranks[0] == ranks[2] and suits == 3]


@fan(51, combination=True, chows=3)
def mixed_shifted_chows(v: View) -> Hits:
    """三色三步高 Mixed Shifted Chows: chows in three suits, each one rank up."""
    if not v.chow_shapes & MIXED_SHIFTED:
        return NONE
    return shifted(v.chow_triples, (1,), same_suit=False)


@fan(63, forms=SET_FORMS)
def all_chows(v: View) -> Hits:
    """平和 All Chows: four chows (or a knitted straight and a chow) and a pair of suit tiles."""
    if v.pair_tile < 0 or v.pair_tile >= 27:
        return NONE
    knitted = v.form == KNITTED_STRAIGHT
    if len(v.chows) == 4 or (knitted and len(v.chows) == 1):
        return all_sets(v)
    return NONE


@fan(69, combination=True, chows=2)
def pure_double_chow(v: View) -> Hits:
    """一般高 Pure Double Chow: two identical chows."""
    if not v.chow_shapes & SAME_CHOW_TWICE:
        return NONE
    return [sets for sets, low, high in v.chow_pairs if low == high]


@fan(70, combination=True, chows=2)
def mixed_double_chow(v: View) -> Hits:
    """喜相逢 Mixed Double Chow: the same chow in two suits."""
    if not v.chow_shapes & MIXED_DOUBLE:
        return NONE
    return [sets for sets, low, high in v.chow_pairs if low % 9 == high % 9 and low != high]


@fan(71, combination=True, chows=2)
def short_straight(v: View) -> Hits:
    """连六 Short Straight: two chows of one suit making six in a row."""
    if not v.chow_shapes & SIX_IN_A_ROW:
        return NONE
    return [sets for sets, low, high in v.chow_pairs if high - low == 3 and low // 9 == high // 9]


@fan(72, combination=True, chows=2)
def two_terminal_chows(v: View) -> Hits:
    """老少副 Two Terminal Chows: 123 and 789 of one suit."""
    if not v.chow_shapes & TERMINAL_CHOWS:
        return NONE
    return [sets for sets, low, high in v.chow_pairs if low % 9 == 0 and high == low + 6]
