"""What any hand must satisfy, once its types are right: tile counts, copies, a consistent situation.

Compiled with mypyc in a wheel (``setup.py``): every score checks its hand. :func:`validate_checked` reads
only hands the parser made or :func:`scorer.validate.checked` passed (compiled code answers an ill-typed field
with ``TypeError``): :func:`scorer.score` calls it so; :func:`scorer.validate.validate`, for any hand, holds the
hand to ``checked`` first.
"""

from __future__ import annotations

from .arrange import CHOW, KONG
from .errors import InvalidHand, Message
from .hand import Hand
from .hand_fields import HandFields
from .special_forms import most
from .tiles import name


def validate_checked(hand: Hand) -> None:
    """Raise :class:`InvalidHand` naming the first problem, or return quietly.

    Contradictory situations are errors, not corrections: robbing a kong of a tile
    you hold, a replacement-tile win with no kong, "last of its kind" while another
    copy stands in your own hand.
    """
    validate_fields(HandFields(hand))


def validate_fields(fields: HandFields, counts: list[int] | None = None, top: int = -1) -> None:
    """:func:`validate_checked` of the hand whose fields these are. ``counts``: the hand's tile counts
    (:meth:`scorer.hand.Hand.counts`) and ``top`` the largest of them, when the caller has them already."""
    n = fields.n_melds
    expected = 13 - 3 * n
    have = len(fields.standing)
    if have != expected:
        sets = Message("%(n)s declared set", n=n) if n == 1 else Message("%(n)s declared sets", n=n)
        raise InvalidHand(
            "wrong tile count: %(have)s standing tiles with %(sets)s, expected %(expected)s "
            "(14 in all, a kong counting as 3, the winning tile included)",
            code="tile-count",
            have=have + 1,
            sets=sets,
            expected=expected + 1,
        )
    if counts is None:
        counts = _tile_counts(fields)
    if (most(counts) if top < 0 else top) > 4:
        for t, n in enumerate(counts):
            if n > 4:
                raise InvalidHand(
                    "%(n)s copies of %(tile)s: a set has only four", code="five-copies", n=n, tile=name(t)
                )
    w = fields.winning
    if fields.kong and fields.self_drawn and not any(m.kind is KONG for m in fields.melds):
        raise InvalidHand(
            "kong flag on a self-drawn win means a replacement tile after a kong, but the hand declares no kong",
            code="situation",
        )
    if fields.kong and not fields.self_drawn and counts[w] > 1:
        raise InvalidHand(
            "robbing the kong on %(tile)s is impossible: the hand holds another %(tile)s",
            code="situation",
            tile=name(w),
        )
    if fields.last_of_kind and w in fields.standing:
        raise InvalidHand(
            "'last tile of its kind' set, but another %(tile)s stands in the hand",
            code="situation",
            tile=name(w),
        )


def _tile_counts(fields: HandFields) -> list[int]:
    """:meth:`scorer.hand.Hand.counts`, compiled, for a hand whose types are right (the method stays Python, for
    any hand a caller builds)."""
    c = [0] * 34
    for m in fields.melds:
        t = m.tile
        kind = m.kind
        if kind is CHOW:
            c[t] += 1
            c[t + 1] += 1
            c[t + 2] += 1
        else:
            c[t] += 4 if kind is KONG else 3
    for t in fields.standing:
        c[t] += 1
    c[fields.winning] += 1
    return c
