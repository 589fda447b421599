"""Fans of pungs (kongs count as pungs): shifted and same-rank pungs, concealed pungs, All Pungs, Tile Hog."""

from __future__ import annotations

from ...arrange import REGULAR
from ..view import PUNGS_MIXED_SHIFTED, PUNGS_SAME_RANK, PUNGS_SHIFTED, Hits, View
from .common import EVEN, TERMINALS_HONORS, all_sets, consecutive, only, shifted
from .detector import NONE, fan


@fan(12, pungs=4)
def four_concealed_pungs(v: View) -> Hits:
    """四暗刻 Four Concealed Pungs (concealed kongs count as pungs)."""
    sets = tuple(v.concealed_pungs)
    return [sets] if len(sets) == 4 else NONE


@fan(15, combination=True, pungs=4)
def four_pure_shifted_pungs(v: View) -> Hits:
    """一色四节高 Four Pure Shifted Pungs: four pungs of one suit in consecutive ranks."""
    pungs = sorted(v.pung_items, key=lambda p: p[1])
    if len(pungs) == 4 and pungs[0][1] < 27 and consecutive([t for _, t in pungs], 1, same_suit=True):
        return [tuple(i for i, _ in pungs)]
    return NONE


@fan(21, pungs=4)
def all_even_pungs(v: View) -> Hits:
    """全双刻 All Even Pungs: pungs and pair of 2, 4, 6 and 8 only."""
    if v.form != REGULAR or len(v.pungs) != 4:
        return NONE
    return all_sets(v) if only(v, EVEN) else NONE


@fan(24, combination=True, pungs=3)
def pure_shifted_pungs(v: View) -> Hits:
    """一色三节高 Pure Shifted Pungs: three pungs of one suit in consecutive ranks."""
    if not v.pung_shapes & PUNGS_SHIFTED:
        return NONE
    return shifted(v.pung_triples, (1,), same_suit=True)


@fan(32, combination=True, pungs=3)
def triple_pung(v: View) -> Hits:
    """三同刻 Triple Pung: pungs of the same rank in all three suits."""
    if not v.pung_shapes & PUNGS_SAME_RANK:
        return NONE
    return [
        sets for sets, (_, _, high), ranks, suits in v.pung_triples if high < 27 and ranks[0] == ranks[2] and suits == 3
    ]


@fan(33, pungs=3)
def three_concealed_pungs(v: View) -> Hits:
    """三暗刻 Three Concealed Pungs."""
    sets = tuple(v.concealed_pungs)
    return [sets] if len(sets) >= 3 else NONE


@fan(42, combination=True, pungs=3)
def mixed_shifted_pungs(v: View) -> Hits:
    """三色三节高 Mixed Shifted Pungs: pungs in three suits, ranks one apart."""
    if not v.pung_shapes & PUNGS_MIXED_SHIFTED:
        return NONE
    return shifted(v.pung_triples, (1,), same_suit=False)


@fan(49, pungs=4)
def all_pungs(v: View) -> Hits:
    """碰碰和 All Pungs: four pungs or kongs and a pair."""
    return [tuple(v.pungs)] if len(v.pungs) == 4 else NONE


@fan(64, needs=("four-of-a-kind",))
def tile_hog(v: View) -> Hits:
    """四归一 Tile Hog: all four of a kind used without declaring a kong (each)."""
    return [tuple(i for i, g in enumerate(v.groups) if g.mask >> t & 1) for t in v.facts.hog_tiles]


@fan(65, combination=True, pungs=2)
def double_pung(v: View) -> Hits:
    """双同刻 Double Pung: pungs of the same rank in two suits."""
    return [sets for sets, low, high in v.pung_pairs if high < 27 and low % 9 == high % 9]


@fan(66, pungs=2)
def two_concealed_pungs(v: View) -> Hits:
    """双暗刻 Two Concealed Pungs."""
    sets = tuple(v.concealed_pungs)
    return [sets] if len(sets) >= 2 else NONE


@fan(73, pungs=1)
def pung_of_terminals_or_honors(v: View) -> Hits:
    """幺九刻 Pung of Terminals or Honors (each)."""
    return [(i,) for i, t in v.pung_items if TERMINALS_HONORS >> t & 1]
