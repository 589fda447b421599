"""A hand's fields read once: its sets, standing tiles, winning tile and every field of its situation.

Compiled with mypyc in a wheel (``setup.py``). :class:`scorer.hand.Hand` and its situation stay interpreted
dataclasses (a caller builds them), so each read of one of their fields is a Python attribute lookup; the
scorer reads them here, once, into a native class whose fields are C reads, and the checks and the detectors
read this. What the compiler needs: every attribute set, typed, in ``__init__``; and, as
:class:`scorer.mcr.view.HandFacts` extends this class, the two modules compiled together (interpreted code
cannot subclass a native class).
"""

from __future__ import annotations

from typing import Final

from .caches import new_cache, remember
from .hand import Hand, Meld, Situation
from .tiles import Tile


class SituationFields:
    """The fields of a :class:`~scorer.hand.Situation`, as read once."""

    def __init__(self, s: Situation) -> None:
        self.situation = s
        self.prevalent: Tile = s.prevalent
        self.seat: Tile = s.seat
        self.self_drawn: bool = s.self_drawn
        self.last_of_kind: bool = s.last_of_kind
        self.last_of_wall: bool = s.last_of_wall
        self.kong: bool = s.kong
        self.flowers: int = s.flowers


# The fields of the situations read lately, by the situation's identity: the notation's reader makes one situation
# a suffix and shares it, so most hands find theirs here. Each entry holds its situation, so no other object can
# take its id while it is kept (situations are frozen: their fields never change).
_read_situations: Final[dict[int, SituationFields]] = new_cache()


def situation_fields(s: Situation) -> SituationFields:
    """The fields of ``s``, read once."""
    key = id(s)
    found = _read_situations.get(key)
    if found is None or found.situation is not s:
        found = SituationFields(s)
        remember(_read_situations, key, found)
    return found


class HandFields:
    """The fields of a :class:`~scorer.hand.Hand` and of its :class:`~scorer.hand.Situation`, as read once."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.melds: tuple[Meld, ...] = hand.melds
        self.n_melds = len(self.melds)
        self.standing: tuple[Tile, ...] = hand.standing
        self.winning: Tile = hand.winning
        s = situation_fields(hand.situation)
        self.situation = s.situation
        self.prevalent = s.prevalent
        self.seat = s.seat
        self.self_drawn = s.self_drawn
        self.last_of_kind = s.last_of_kind
        self.last_of_wall = s.last_of_wall
        self.kong = s.kong
        self.flowers = s.flowers
