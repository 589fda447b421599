"""An arrangement's sets as Babcock counts them: exposed or concealed, and held concealed.

``concealed`` decides a set's points: a declared set is exposed unless it is a concealed kong, and
a pung completed with a claimed winning tile is exposed (Figs. 27 and 28). ``held`` decides the
optional three and four concealed pungs: a pung made from the wall, or a kong whose first three
tiles were held concealed, even when the fourth was claimed (ch.VII, Fig. 31).

A hand's declared sets are read in canonical order (:func:`in_canonical_order`), the order of an
arrangement's declared groups, whatever order they were written in: a hand scores as its canonical text.
"""

from __future__ import annotations

from typing import NamedTuple

from ..arrange import Arrangement
from ..hand import CHOW, KONG, PAIR, PUNG, Hand, Kind, Meld
from ..tiles import Tile, is_terminal_or_honor, set_place

CLAIMED_KONG = (1, 2, 3)  # offers of a kong made by claiming the fourth tile onto a concealed pung


class BSet(NamedTuple):
    """One set of a Babcock reading."""

    kind: Kind
    tile: Tile
    concealed: bool
    held: bool
    text: str

    @property
    def major(self) -> bool:
        """Ones, nines, winds and dragons: they score twice as much as 2 to 8."""
        return is_terminal_or_honor(self.tile)

    @property
    def is_pung(self) -> bool:
        """A pung or a kong (three or four of a kind)."""
        return self.kind is PUNG or self.kind is KONG

    @property
    def is_run(self) -> bool:
        return self.kind is CHOW

    @property
    def is_pair(self) -> bool:
        return self.kind is PAIR


def in_canonical_order(melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """``melds`` in canonical order (by tile, then chow, pung, kong, then offer): the order of an arrangement's
    declared groups (``scorer.arrange.declared_groups``) and of the canonical text.

    >>> from scorer.notation import parse
    >>> [m.text() for m in in_canonical_order(parse("[EEE][2222p]333s444s5m5m").melds)]
    ['[2222p]', '[EEE]']
    """
    return tuple(sorted(melds, key=lambda m: set_place(m.tile, int(m.kind), m.offer)))


def babcock_sets(arr: Arrangement, hand: Hand) -> tuple[BSet, ...]:
    """The sets of ``arr``, declared ones first, each paired with its own declared set (``arr`` holds them in
    canonical order, whatever order ``hand.melds`` was written in)."""
    out = []
    declared = in_canonical_order(hand.melds)
    for i, g in enumerate(arr.groups):
        if i < len(declared):
            offer = declared[i].offer
            held = g.kind is KONG and (offer == 0 or offer in CLAIMED_KONG)
        else:
            held = g.concealed and g.kind is PUNG
        out.append(BSet(g.kind, g.tile, g.concealed, held, g.text()))
    return tuple(out)
