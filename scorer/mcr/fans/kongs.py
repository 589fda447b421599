"""Fans of kongs: how many, and melded or concealed (the ``kong-table`` ruling decides what counts)."""

from __future__ import annotations

from ...arrange import KONG
from ..positions import CHINESE, FIVE, KONG_TABLE, MELDED_AND_CONCEALED_KONG
from ..view import Hits, View
from .common import kong_sets
from .detector import NONE, fan


@fan(5, per_hand=True, kongs=4)
def four_kongs(v: View) -> Hits:
    """四杠 Four Kongs."""
    return kong_sets(v) if v.facts.n_kongs == 4 else NONE


@fan(17, per_hand=True, kongs=3)
def three_kongs(v: View) -> Hits:
    """三杠 Three Kongs."""
    return kong_sets(v) if v.facts.n_kongs == 3 else NONE


@fan(48, per_hand=True, kongs=2)
def two_concealed_kongs(v: View) -> Hits:
    """双暗杠 Two Concealed Kongs (scored twice with four)."""
    if v.facts.n_concealed_kongs < 2:
        return NONE
    kongs = _concealed_kongs(v)
    return [tuple(kongs[k : k + 2]) for k in range(0, len(kongs) - 1, 2)]


@fan(57, per_hand=True, kongs=2)
def two_melded_kongs(v: View) -> Hits:
    """双明杠 Two Melded Kongs: two kongs (concealed ones count, except in the Chinese kong table)."""
    n = v.facts.n_melded_kongs if v.takes(KONG_TABLE, CHINESE) else v.facts.n_kongs
    return kong_sets(v) if n >= 2 else NONE


@fan(67, per_hand=True, kongs=1)
def concealed_kong(v: View) -> Hits:
    """暗杠 Concealed Kong: one not already counted in Two Concealed Kongs."""
    if v.facts.n_concealed_kongs % 2 == 0:
        return NONE
    kongs = _concealed_kongs(v)
    return [(kongs[-1],)] if len(kongs) % 2 else NONE


@fan(74, per_hand=True, kongs=1)
def melded_kong(v: View) -> Hits:
    """明杠 Melded Kong: a kong (a concealed one counts, except in the Chinese kong table)."""
    n = v.facts.n_melded_kongs if v.takes(KONG_TABLE, CHINESE) else v.facts.n_kongs
    return kong_sets(v) if n >= 1 else NONE


@fan(82, per_hand=True, kongs=2)
def melded_and_concealed_kong(v: View) -> Hits:
    """明暗杠 Melded and Concealed Kong: exactly one melded and one concealed kong (Chinese practice, 5)."""
    f = v.facts
    if not v.takes(MELDED_AND_CONCEALED_KONG, FIVE):
        return NONE
    return kong_sets(v) if f.n_melded_kongs == 1 and f.n_concealed_kongs == 1 and f.n_kongs == 2 else NONE


def _concealed_kongs(v: View) -> list[int]:
    return [i for i, g in enumerate(v.groups) if g.kind is KONG and g.concealed]
