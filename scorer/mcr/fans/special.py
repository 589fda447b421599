"""Fans of the special hands: Nine Gates, Thirteen Orphans, seven pairs and the knitted hands."""

from __future__ import annotations

from ...arrange import HONORS_KNITTED, KNITTED_STRAIGHT, SEVEN_PAIRS
from ...hand import KNITTED
from ...special_forms import is_thirteen_orphans, knitted_tiles
from ...tiles import HONORS
from ..view import Hits, View
from .common import TERMINALS_HONORS, all_sets, only
from .detector import NONE, WHOLE, fan


@fan(4, per_hand=True, honors=False, suits=(1,))
def nine_gates(v: View) -> Hits:
    """九莲宝灯 Nine Gates: 1112345678999 of one suit held concealed, won on any tile of that suit."""
    f = v.facts
    if f.n_melds or len(f.suits) != 1 or f.has_honors:
        return NONE
    standing = f.standing
    base = standing[0] - standing[0] % 9
    counts = [0] * 9
    for t in standing:
        counts[t - base] += 1
    return WHOLE if counts == [3, 1, 1, 1, 1, 1, 1, 1, 3] else NONE


@fan(6, forms=(SEVEN_PAIRS,))
def seven_shifted_pairs(v: View) -> Hits:
    """连七对 Seven Shifted Pairs: seven pairs of one suit in consecutive ranks."""
    if v.form != SEVEN_PAIRS:
        return NONE
    tiles = [g.tile for g in v.groups]
    first = tiles[0]
    ok = first < 27 and first % 9 <= 2 and tiles == list(range(first, first + 7))
    return all_sets(v) if ok else NONE


@fan(7, per_hand=True, honors=True, suits=(3,))
def thirteen_orphans(v: View) -> Hits:
    """十三幺 Thirteen Orphans: one of each terminal and honour, plus one more of them."""
    if v.facts.n_melds or not only(v, TERMINALS_HONORS):
        return NONE
    return WHOLE if is_thirteen_orphans(v.facts.counts) else NONE


@fan(19, forms=(SEVEN_PAIRS,))
def seven_pairs(v: View) -> Hits:
    """七对 Seven Pairs: seven pairs, four of a kind counting as two."""
    return all_sets(v) if v.form == SEVEN_PAIRS else NONE


@fan(20, forms=(HONORS_KNITTED,))
def greater_honors_and_knitted_tiles(v: View) -> Hits:
    """七星不靠 Greater Honors and Knitted Tiles: all seven honours and seven knitted tiles."""
    if v.form == HONORS_KNITTED and all(v.facts.counts[t] for t in HONORS):
        return WHOLE
    return NONE


@fan(34, forms=(HONORS_KNITTED,))
def lesser_honors_and_knitted_tiles(v: View) -> Hits:
    """全不靠 Lesser Honors and Knitted Tiles: fourteen single honours and knitted tiles."""
    return WHOLE if v.form == HONORS_KNITTED else NONE


@fan(35, forms=(KNITTED_STRAIGHT, HONORS_KNITTED))
def knitted_straight(v: View) -> Hits:
    """组合龙 Knitted Straight: 147, 258 and 369 in three different suits."""
    knitted = tuple(i for i, g in enumerate(v.groups) if g.kind is KNITTED)
    if v.form == KNITTED_STRAIGHT:
        return [knitted]
    if v.form == HONORS_KNITTED:
        order = tuple(v.groups[i].tile // 9 for i in knitted)
        if all(v.facts.counts[t] for t in knitted_tiles(order)):
            return [knitted]
    return NONE
