"""The hand model: declared sets, standing tiles, the winning tile and the situation.

Not compiled (``setup.py``): a caller builds these, and a compiled class would refuse an ill-typed field with
a ``TypeError`` before the scorer could explain it (:func:`scorer.validate.checked`). The compiled modules
keep their own ``Final`` names for the kinds they compare (:mod:`scorer.arrange`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache
from typing import Final

from .tiles import EAST, Tile, run_text


class Kind(IntEnum):
    """What a set is. Kongs count as pungs for every fan that asks for pungs."""

    CHOW = 0
    PUNG = 1
    KONG = 2
    PAIR = 3
    KNITTED = 4  # one third of a Knitted Straight: 147, 258 or 369 of one suit


# The kinds as plain names: reading ``Kind.PUNG`` goes through the enum class each time, these do not.
CHOW: Final = Kind.CHOW
PUNG: Final = Kind.PUNG
KONG: Final = Kind.KONG
PAIR: Final = Kind.PAIR
KNITTED: Final = Kind.KNITTED


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set (written in brackets).

    ``offer`` is who supplied the claimed tile: 1 left, 2 opposite, 3 right; for a
    chow, which of its tiles was claimed; 5-7 an added kong (4 + supplier of its
    pung); 0 a concealed kong; ``None`` melded with the supplier not written.
    """

    kind: Kind
    tile: Tile  # the lowest tile
    offer: int | None

    @property
    def concealed(self) -> bool:
        return self.offer == 0

    @property
    def tiles(self) -> tuple[Tile, ...]:
        t = self.tile
        if self.kind is CHOW:
            return (t, t + 1, t + 2)
        return (t,) * (4 if self.kind is KONG else 3)

    def text(self) -> str:
        return _meld_text(self.kind, self.tile, self.offer)


@lru_cache(maxsize=1024)
def _meld_text(kind: Kind, tile: Tile, offer: int | None) -> str:
    body = run_text(Meld(kind, tile, offer).tiles)
    return f"[{body}]" if offer is None or offer == 0 else f"[{body},{offer}]"


@dataclass(frozen=True, slots=True)
class Situation:
    """How and when the hand was won. Winds are tiles (``tiles.EAST`` …)."""

    prevalent: Tile = EAST
    seat: Tile = EAST
    self_drawn: bool = False
    last_of_kind: bool = False  # 和绝张: the other three copies are already shown
    last_of_wall: bool = False  # last tile of the wall (drawn) or the discard after it
    kong: bool = False  # robbing a kong (discard) or replacement tile after a kong (self-drawn)
    flowers: int = 0


@dataclass(frozen=True, slots=True)
class Hand:
    """A complete hand: declared sets, the 13 − 3·len(melds) standing tiles, the winning tile."""

    melds: tuple[Meld, ...]
    standing: tuple[Tile, ...]  # sorted, without the winning tile
    winning: Tile
    situation: Situation = field(default_factory=Situation)

    @property
    def concealed_tiles(self) -> tuple[Tile, ...]:
        """Standing tiles plus the winning tile, sorted."""
        return tuple(sorted(self.standing + (self.winning,)))

    def counts(self) -> list[int]:
        """How many of each of the 34 kinds the hand holds, kongs counted as four."""
        c = [0] * 34
        for m in self.melds:
            t = m.tile
            if m.kind is CHOW:
                c[t] += 1
                c[t + 1] += 1
                c[t + 2] += 1
            else:
                c[t] += 4 if m.kind is KONG else 3
        for t in self.standing:
            c[t] += 1
        c[self.winning] += 1
        return c
