"""Fans of winds and dragons: their pungs, and hands of honours only or of none."""

from __future__ import annotations

from itertools import combinations

from ...tiles import DRAGONS, WINDS
from ..view import Hits, View
from .detector import NONE, WHOLE, fan


@fan(1, combination=True, pungs=4, honor_pungs=4)
def big_four_winds(v: View) -> Hits:
    """大四喜 Big Four Winds: pungs or kongs of all four winds."""
    winds = [i for i, t in v.pung_items if t in WINDS]
    return [tuple(winds)] if len(winds) == 4 else NONE


@fan(2, combination=True, pungs=3, honor_pungs=3)
def big_three_dragons(v: View) -> Hits:
    """大三元 Big Three Dragons: pungs or kongs of all three dragons."""
    dragons = [i for i, t in v.pung_items if t in DRAGONS]
    return [tuple(dragons)] if len(dragons) == 3 else NONE


@fan(9, combination=True, pungs=3, honor_pungs=3)
def little_four_winds(v: View) -> Hits:
    """小四喜 Little Four Winds: pungs of three winds and a pair of the fourth."""
    winds = [i for i, t in v.pung_items if t in WINDS]
    if len(winds) == 3 and v.pair >= 0 and v.groups[v.pair].tile in WINDS:
        return [(*winds, v.pair)]
    return NONE


@fan(10, combination=True, pungs=2, honor_pungs=2)
def little_three_dragons(v: View) -> Hits:
    """小三元 Little Three Dragons: pungs of two dragons and a pair of the third."""
    dragons = [i for i, t in v.pung_items if t in DRAGONS]
    if len(dragons) == 2 and v.pair >= 0 and v.groups[v.pair].tile in DRAGONS:
        return [(*dragons, v.pair)]
    return NONE


@fan(11, per_hand=True, honors=True, suits=(0,))
def all_honors(v: View) -> Hits:
    """字一色 All Honors: only winds and dragons."""
    return WHOLE if not v.facts.suits else NONE


@fan(38, combination=True, pungs=3, honor_pungs=3)
def big_three_winds(v: View) -> Hits:
    """三风刻 Big Three Winds: pungs of three winds."""
    winds = [i for i, t in v.pung_items if t in WINDS]
    return list(combinations(winds, 3))


@fan(54, combination=True, pungs=2, honor_pungs=2)
def two_dragon_pungs(v: View) -> Hits:
    """双箭刻 Two Dragon Pungs."""
    dragons = [i for i, t in v.pung_items if t in DRAGONS]
    return list(combinations(dragons, 2))


@fan(59, pungs=1, honor_pungs=1)
def dragon_pung(v: View) -> Hits:
    """箭刻 Dragon Pung (each)."""
    return [(i,) for i, t in v.pung_items if t in DRAGONS]


@fan(60, pungs=1, honor_pungs=1)
def prevalent_wind(v: View) -> Hits:
    """圈风刻 Prevalent Wind: a pung of the wind of the round."""
    w = v.facts.prevalent
    return [(i,) for i, t in v.pung_items if t == w]


@fan(61, pungs=1, honor_pungs=1)
def seat_wind(v: View) -> Hits:
    """门风刻 Seat Wind: a pung of the player's own wind."""
    w = v.facts.seat
    return [(i,) for i, t in v.pung_items if t == w]


@fan(76, per_hand=True, honors=False)
def no_honors(v: View) -> Hits:
    """无字 No Honors."""
    return WHOLE if not v.facts.has_honors else NONE
