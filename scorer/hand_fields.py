"""A hand's fields read once: its sets, standing tiles, winning tile and every field of its situation.

Compiled with mypyc in a wheel (``setup.py``). :class:`scorer.hand.Hand` and its situation stay interpreted
dataclasses (a caller builds them), so each read of one of their fields is a Python attribute lookup; the
scorer reads them here, once, into a native class whose fields are C reads, and the checks, the arrangements
and the detectors read this. What the compiler needs: every attribute set, typed, in ``__init__``.
"""

from __future__ import annotations

from .hand import Hand, Meld
from .tiles import Tile


class HandFields:
    """The fields of a :class:`~scorer.hand.Hand` and of its :class:`~scorer.hand.Situation`, as read once."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.melds: tuple[Meld, ...] = hand.melds
        self.n_melds = len(self.melds)
        self.standing: tuple[Tile, ...] = hand.standing
        self.winning: Tile = hand.winning
        s = hand.situation
        self.situation = s
        self.prevalent: Tile = s.prevalent
        self.seat: Tile = s.seat
        self.self_drawn: bool = s.self_drawn
        self.last_of_kind: bool = s.last_of_kind
        self.last_of_wall: bool = s.last_of_wall
        self.kong: bool = s.kong
        self.flowers: int = s.flowers
