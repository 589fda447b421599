"""What fan detectors read: one arrangement of a hand, with facts computed once."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from ..arrange import Arrangement, waiting_tiles
from ..hand import Hand, Kind
from ..tiles import Tile

Hits = list[tuple[int, ...]]  # each hit: the indices of the groups one instance of a fan uses


class HandFacts:
    """Facts about the whole hand, shared by all its arrangements."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.situation = hand.situation
        counts = hand.counts()
        self.counts = counts
        self.present: tuple[Tile, ...] = tuple(t for t in range(34) if counts[t])
        self.mask = sum(1 << t for t in self.present)
        self.suits = frozenset(t // 9 for t in self.present if t < 27)
        self.has_honors = self.present[-1] >= 27
        kongs = [m for m in hand.melds if m.kind is Kind.KONG]
        self.n_kongs = len(kongs)
        self.n_concealed_kongs = sum(1 for m in kongs if m.concealed)
        self.n_melded_kongs = self.n_kongs - self.n_concealed_kongs
        self.concealed = all(m.concealed for m in hand.melds)
        self.kong_tiles = frozenset(m.tile for m in kongs)
        self.declared_copies_of_win = sum(m.tiles.count(hand.winning) for m in hand.melds)

    @cached_property
    def waits(self) -> tuple[Tile, ...]:
        """Every tile kind that completes the 13 tiles, however many copies remain."""
        return tuple(waiting_tiles(self.hand))


class View:
    """One arrangement of a hand as the detectors see it, under a profile's positions."""

    __slots__ = ("facts", "arr", "positions", "groups", "chows", "pungs", "pair", "form", "chow_tiles", "pung_tiles")

    def __init__(self, facts: HandFacts, arr: Arrangement, positions: Mapping[str, str]) -> None:
        self.facts = facts
        self.arr = arr
        self.positions = positions
        self.form = arr.form
        self.groups = arr.groups
        chows: list[int] = []
        pungs: list[int] = []
        pair = -1
        for i, g in enumerate(arr.groups):
            k = g.kind
            if k is Kind.CHOW:
                chows.append(i)
            elif k is Kind.PUNG or k is Kind.KONG:
                pungs.append(i)
            elif k is Kind.PAIR:
                pair = i
        self.chows = chows
        self.pungs = pungs
        self.pair = pair
        groups = arr.groups
        self.chow_tiles = [groups[i].tile for i in chows]
        self.pung_tiles = [groups[i].tile for i in pungs]

    @property
    def all_sets(self) -> tuple[int, ...]:
        return tuple(range(len(self.groups)))
