"""The tiles that would have won: Babcock's 2 points for filling the only possible place.

Our reading (``babcock-standard-score-sheet``): the bonus is due when exactly one kind of tile
completes the 13 tiles before the win, in any form the profile plays. A tile whose four copies the
player already holds cannot come, so it is not counted as a way out.
"""

from __future__ import annotations

from ..hand import Hand
from ..tiles import N_KINDS, Tile
from ..wait import waiting_mask


def winning_tiles(hand: Hand, *, seven_twins: bool = False, thirteen_orphans: bool = False) -> list[Tile]:
    """Every tile kind that completes the hand's 13 tiles (standing tiles plus declared sets).

    >>> from scorer.notation import parse
    >>> from scorer.tiles import name
    >>> [name(t) for t in winning_tiles(parse("35888m11177p555s4m"))]
    ['4m']
    >>> [name(t) for t in winning_tiles(parse("123456m55789p23s4s"))]
    ['1s', '4s']
    """
    waits = waiting_mask(hand, seven_pairs=seven_twins, thirteen_orphans=thirteen_orphans, knitted=False)
    held = hand.counts()
    held[hand.winning] -= 1
    return [t for t in range(N_KINDS) if waits >> t & 1 and held[t] < 4]
