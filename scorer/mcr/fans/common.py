"""Tile masks and tests that detectors of several families share."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ...arrange import KONG, REGULAR
from ...tiles import DRAGONS, GREEN_TILES, REVERSIBLE_TILES, WINDS, is_terminal, is_terminal_or_honor
from ..view import Hits, Triple, View


def mask(tiles: Iterable[int]) -> int:
    """The bit set of ``tiles`` (bit t for tile t)."""
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


def only(v: View, allowed: int) -> bool:
    """Every tile of the hand is in the mask ``allowed``."""
    return v.facts.mask & ~allowed == 0


def ranks_from(low: int, high: int) -> int:
    """The mask of the suit tiles of rank ``low`` to ``high`` (1-9)."""
    return mask(t for t in range(27) if low <= t % 9 + 1 <= high)


GREEN: Final = mask(GREEN_TILES)
REVERSIBLE: Final = mask(REVERSIBLE_TILES)
TERMINALS: Final = mask(t for t in range(27) if is_terminal(t))
EVEN: Final = mask(t for t in range(27) if t % 9 % 2 == 1)
TERMINALS_HONORS: Final = mask(t for t in range(34) if is_terminal_or_honor(t))
FIVES: Final = mask(t for t in range(27) if t % 9 == 4)
WIND_TILES: Final = mask(WINDS)
DRAGON_TILES: Final = mask(DRAGONS)


def all_sets(v: View) -> Hits:
    """One instance using every set of the arrangement."""
    return [v.all_sets]


def every_group_holds(v: View, tiles: int) -> Hits:
    """Every set and the pair of a four-sets-and-a-pair reading hold one of ``tiles``: one instance using
    every set; none otherwise."""
    if v.form != REGULAR:
        return []
    for g in v.groups:
        if not tiles & g.mask:
            return []
    return all_sets(v)


def kong_sets(v: View) -> Hits:
    """One instance using every kong."""
    return [tuple(i for i, g in enumerate(v.groups) if g.kind is KONG)]


def consecutive(tiles: list[int], step: int, same_suit: bool) -> bool:
    """Sorted ``tiles`` rise by ``step``; in one suit, or (same_suit False) by rank in distinct suits."""
    if same_suit:
        if tiles[-1] - tiles[0] != step * (len(tiles) - 1) or tiles[-1] >= 27 or tiles[0] // 9 != tiles[-1] // 9:
            return False
        ranks = tiles
    else:
        if len({t // 9 for t in tiles}) != len(tiles):
            return False
        ranks = sorted([t % 9 for t in tiles])
    return all(ranks[k] - ranks[k - 1] == step for k in range(1, len(ranks)))


def shifted(triples: list[Triple], steps: tuple[int, ...], same_suit: bool) -> Hits:
    """The triples of suited sets rising by one of ``steps``: in one suit, or (same_suit False) by rank in
    three suits."""
    allowed = 0  # the steps as a bit set (bit k: a step of k), tested with integer arithmetic
    for step in steps:
        allowed |= 1 << step
    out: Hits = []
    for sets, (low, mid, high), ranks, suits in triples:
        if high >= 27:
            continue
        if same_suit:
            if low // 9 == high // 9 and mid - low == high - mid and allowed >> mid - low & 1:
                out.append(sets)
        elif suits == 3 and ranks[1] - ranks[0] == ranks[2] - ranks[1] and allowed >> ranks[1] - ranks[0] & 1:
            out.append(sets)
    return out
