"""Where each player sits, and with which winds, at every hand of a session (ruling ``seat-rotation``).

A session is four rounds of four hands: East's round, then South's, West's and North's, the prevalent wind of
each. Within a round the deal passes to the dealer's right after every hand, whoever won and after a draw, so
the player who was South becomes East. Between rounds the players change seats: after the first and the third
round East and South swap, and West and North swap; after the second the player in the East seat moves to West,
West to South, South to North and North to East. Over the session each first seat goes round a fixed path of
positions: East's E, S, N, W; South's S, E, W, N; West's W, N, E, S; North's N, W, S, E.

>>> winds(0), winds(1), winds(4), winds(15)
(('E', ('E', 'S', 'W', 'N')), ('E', ('N', 'E', 'S', 'W')), ('S', ('S', 'E', 'N', 'W')), ('N', ('N', 'E', 'W', 'S')))
"""

from __future__ import annotations

from typing import Final

from ..errors import MjrefError

WINDS: Final = ("E", "S", "W", "N")
SEAT_ROTATION: Final = "seat-rotation"
# POSITIONS[round][first seat]: the seat position (0 East … 3 North) of the player who sat there at hand 1.
POSITIONS: Final = ((0, 1, 2, 3), (1, 0, 3, 2), (3, 2, 0, 1), (2, 3, 1, 0))


def winds(index: int) -> tuple[str, tuple[str, str, str, str]]:
    """The prevalent wind of hand ``index`` (0-based, 0 to 15) and the seat wind of each player, in the order of
    their first seats (East, South, West, North at the first hand)."""
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 16:
        raise MjrefError("a session's hand index is 0 to 15, not %(index)s", code="sheet", index=repr(index))
    round_, dealt = divmod(index, 4)
    seat = tuple(WINDS[(position - dealt) % 4] for position in POSITIONS[round_])
    return WINDS[round_], (seat[0], seat[1], seat[2], seat[3])
