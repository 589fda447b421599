"""Fans of the wait: Edge, Closed and Single Wait, scored only when the hand waited on one tile alone."""

from __future__ import annotations

from ...arrange import CLOSED, EDGE, KNITTED_STRAIGHT, REGULAR, SINGLE
from ...hand import KNITTED
from ...special_forms import knitted_tiles
from ..positions import FORMAL, KNITTED_STRAIGHT_WAITS, NO_COUNT, WAIT_ONLY_ONE_WINNING_TILE
from ..view import Hits, View
from .detector import NONE, SET_FORMS, fan


@fan(77, forms=SET_FORMS, wait=EDGE)
def edge_wait(v: View) -> Hits:
    """边张 Edge Wait: won on the 3 of 12 or the 7 of 89, the only winning tile."""
    if v.arr.wait != EDGE or not _only_one_winning_tile(v):
        return NONE
    return [(v.arr.win,)]


@fan(78, forms=SET_FORMS, wait=CLOSED)
def closed_wait(v: View) -> Hits:
    """坎张 Closed Wait: won on the middle tile of a chow, the only winning tile."""
    if v.arr.wait != CLOSED or not _only_one_winning_tile(v):
        return NONE
    return [(v.arr.win,)]


@fan(79, forms=SET_FORMS, wait=SINGLE)
def single_wait(v: View) -> Hits:
    """单钓将 Single Wait: won on the tile that pairs a single, the only winning tile."""
    if v.arr.wait != SINGLE or not _only_one_winning_tile(v):
        return NONE
    return [(v.arr.win,)]


def _only_one_winning_tile(v: View) -> bool:
    """The wait-fan test: the hand waited on the winning tile alone (profile-aware)."""
    f = v.facts
    if v.form not in (REGULAR, KNITTED_STRAIGHT):
        return False
    if v.form == KNITTED_STRAIGHT and v.takes(KNITTED_STRAIGHT_WAITS, NO_COUNT):
        order = tuple(g.tile // 9 for g in v.groups if g.kind is KNITTED)
        if f.winning in knitted_tiles(order):
            return False
    return f.only_winning_tile_waits(v.takes(WAIT_ONLY_ONE_WINNING_TILE, FORMAL))
