"""What fan detectors read: one arrangement of a hand, with facts computed once."""

from __future__ import annotations

from collections.abc import Mapping

from ..arrange import Arrangement, iter_waiting_tiles
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
        present = [t for t in range(34) if counts[t]]
        mask = 0
        for t in present:
            mask |= 1 << t
        self.present: tuple[Tile, ...] = tuple(present)
        self.mask = mask
        self.suits = frozenset([t // 9 for t in present if t < 27])
        self.has_honors = self.present[-1] >= 27
        kongs = [m for m in hand.melds if m.kind is Kind.KONG]
        self.n_kongs = len(kongs)
        self.n_concealed_kongs = sum(1 for m in kongs if m.concealed)
        self.n_melded_kongs = self.n_kongs - self.n_concealed_kongs
        self.concealed = all(m.concealed for m in hand.melds)
        self.kong_tiles = frozenset(m.tile for m in kongs)
        self.declared_copies_of_win = sum(m.tiles.count(hand.winning) for m in hand.melds)
        self._unique: dict[bool, bool] = {}

    def only_winning_tile_waits(self, fifth_tile_counts: bool) -> bool:
        """Did the hand wait on its winning tile alone? With ``fifth_tile_counts`` False, a
        tile whose four copies all stand in the hand is no wait (Starbäck 6.1)."""
        key = fifth_tile_counts
        if key not in self._unique:
            standing = self.hand.standing
            win = self.hand.winning
            self._unique[key] = not any(
                t != win and (fifth_tile_counts or standing.count(t) < 4) for t in iter_waiting_tiles(self.hand)
            )
        return self._unique[key]


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
