"""A waiting hand read from text: 13 tiles (a declared set counted as three), the winds and the flowers.

The text is the scorer's notation without a winning tile: ``[123m,1]456p789s5s5s|EW0000+1``. The win-method
digits of the suffix (self-drawn, last of its kind, last of the wall, kong) describe a win, which a waiting hand
has not made, so they must be 0; the wait list tries each way of winning itself.

>>> h = read_waiting("[123m,1]456p789s55sEE|ES0000+1")
>>> h.text, len(h.standing), h.situation.flowers
('[123m,1]456p55789sEE|ES0000+1', 10, 1)
>>> h.candidate(22, self_drawn=True)
'[123m,1]456p55789sEE5s|ES1000+1'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidHand, NotationError
from ..hand import Hand, Meld, Situation
from ..notation import parse_text
from ..tiles import HONOR_LETTERS, N_KINDS, Tile, name, run_text

TILES_WAITING = 13  # the tiles of a waiting hand, a declared set (a kong too) counted as three


@dataclass(frozen=True, slots=True)
class WaitingHand:
    """Declared sets, the standing tiles (sorted, 13 less three a set), the winds and flowers (no win flags)."""

    melds: tuple[Meld, ...]
    standing: tuple[Tile, ...]
    situation: Situation
    text: str  # the canonical text: sets sorted, standing tiles sorted, |PS0000, +N when there are flowers
    prefix: str  # the sets and standing tiles of ``text``, to which a winning tile is written
    winds: str  # "|PS"
    flowers: str  # "+N", or "" without flowers

    def all_counts(self) -> list[int]:
        """How many of each of the 34 tiles the hand holds, in its standing tiles and its sets (a kong four)."""
        c = self.standing_counts()
        for m in self.melds:
            for t in m.tiles:
                c[t] += 1
        return c

    def standing_counts(self) -> list[int]:
        """How many of each of the 34 tiles stand in the hand."""
        c = [0] * N_KINDS
        for t in self.standing:
            c[t] += 1
        return c

    def as_hand(self) -> Hand:
        """The hand as the scorer's wait search reads it: ``standing`` holds the 13 tiles (``winning`` unused)."""
        return Hand(self.melds, self.standing, 0, self.situation)

    def candidate(self, tile: Tile, self_drawn: bool = False, last_of_kind: bool = False) -> str:
        """The text of the complete hand won on ``tile`` (on a discard, or ``self_drawn``; ``last_of_kind``)."""
        flags = ("1" if self_drawn else "0") + ("1" if last_of_kind else "0") + "00"
        return self.prefix + name(tile) + self.winds + flags + self.flowers


def read_waiting(text: object) -> WaitingHand:
    """Read a waiting hand; raise a :class:`~scorer.errors.MjrefError` naming the problem (a complete hand, a
    wrong count, a fifth copy, a win-method digit set, a declared set that cannot be, a wrong type)."""
    if not isinstance(text, str):
        raise NotationError("expected a hand string, not %(type)s", type=type(text).__name__)
    hand, _ = parse_text(text)  # a string of at most MAX_LENGTH, each set a real set: the parser's checks
    s = hand.situation
    winds = "|" + HONOR_LETTERS[s.prevalent - 27] + HONOR_LETTERS[s.seat - 27]
    if s.self_drawn or s.last_of_kind or s.last_of_wall or s.kong:
        raise InvalidHand(
            "a waiting hand has made no win: the win-method digits after the winds must be 0 (%(suffix)s)",
            code="situation",
            suffix=winds + "0000",
        )
    standing = tuple(sorted((*hand.standing, hand.winning)))
    melds = tuple(sorted(hand.melds, key=lambda m: (m.tile, int(m.kind), -1 if m.offer is None else m.offer)))
    flowers = f"+{s.flowers}" if s.flowers else ""
    prefix = "".join(m.text() for m in melds) + run_text(standing)
    waiting = WaitingHand(melds, standing, s, prefix + winds + "0000" + flowers, prefix, winds, flowers)
    for t, n in enumerate(waiting.all_counts()):
        if n > 4:
            raise InvalidHand("%(n)s copies of %(tile)s: a set has only four", code="five-copies", n=n, tile=name(t))
    held = len(standing) + 3 * len(hand.melds)
    if held == TILES_WAITING + 1:
        raise InvalidHand(
            "14 tiles, a declared set counted as three: that is a complete hand: score it", code="complete-hand"
        )
    if held != TILES_WAITING:
        raise InvalidHand(
            "%(held)s tiles, a declared set counted as three: a waiting hand has 13",
            code="tile-count",
            held=held,
        )
    return waiting
