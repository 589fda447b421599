"""Checks that a parsed hand could exist at a table: tile counts, copies, situation."""

from __future__ import annotations

from .errors import InvalidHand
from .hand import Hand, Kind
from .tiles import name


def validate(hand: Hand) -> None:
    """Raise :class:`InvalidHand` naming the first problem, or return quietly.

    Contradictory situations are errors, not corrections: robbing a kong of a tile
    you hold, a replacement-tile win with no kong, "last of its kind" while another
    copy stands in your own hand.
    """
    expected = 13 - 3 * len(hand.melds)
    have = len(hand.standing)
    if have != expected:
        sets = f"{len(hand.melds)} declared set{'s' if len(hand.melds) != 1 else ''}"
        raise InvalidHand(
            f"wrong tile count: {have + 1} standing tiles with {sets}, expected {expected + 1} "
            "(14 in all, a kong counting as 3, the winning tile included)",
            code="tile-count",
        )
    counts = hand.counts()
    if max(counts) > 4:
        for t, n in enumerate(counts):
            if n > 4:
                raise InvalidHand(f"{n} copies of {name(t)}: a set has only four", code="five-copies")
    s = hand.situation
    w = hand.winning
    if s.kong and s.self_drawn and not any(m.kind is Kind.KONG for m in hand.melds):
        raise InvalidHand(
            "kong flag on a self-drawn win means a replacement tile after a kong, but the hand declares no kong",
            code="situation",
        )
    if s.kong and not s.self_drawn and counts[w] > 1:
        raise InvalidHand(
            f"robbing the kong on {name(w)} is impossible: the hand holds another {name(w)}",
            code="situation",
        )
    if s.last_of_kind and w in hand.standing:
        raise InvalidHand(
            f"'last tile of its kind' set, but another {name(w)} stands in the hand",
            code="situation",
        )
