"""Checks that a hand could exist at a table.

:func:`checked` holds a :class:`~scorer.hand.Hand` built in Python to the checks the notation
parser makes (the same functions, the same messages), :func:`validate` then checks what any hand must
satisfy: tile counts, copies, a consistent situation (:mod:`scorer.consistency`, compiled).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .consistency import validate_checked
from .errors import Message, NotationError
from .hand import Hand, Kind, Meld, Situation
from .tiles import N_KINDS, WINDS, Tile, run_text

__all__ = ["MAX_FLOWERS", "MAX_SETS", "checked", "declared_set", "flowers_problem", "set_kind", "validate"]

MAX_SETS = 4
MAX_FLOWERS = 8
_CHOW_OFFERS = (1, 2, 3)
_KONG_OFFERS = (1, 2, 3, 5, 6, 7)


def set_kind(tiles: Sequence[Tile]) -> Kind | None:
    """The kind of declared set that these sorted tiles make, or None (a pair, a knitted run, …)."""
    ts = tiles
    if len(ts) == 3 and ts[0] == ts[1] == ts[2]:
        return Kind.PUNG
    if len(ts) == 4 and ts[0] == ts[3]:
        return Kind.KONG
    if len(ts) == 3 and ts[0] < 27 and ts[0] // 9 == ts[2] // 9 and ts[1] == ts[0] + 1 and ts[2] == ts[0] + 2:
        return Kind.CHOW
    return None


def declared_set(tiles: Sequence[Tile], offer: int | None, text: str, where: str | None = None) -> Meld:
    """The declared set of these tiles and the offer digit as written (None: no digit); the parser
    reads every ``[...]`` with it. Raises :class:`NotationError` at ``where``.

    >>> declared_set([0, 1, 2], 1, "[123m,1]")
    Meld(kind=<Kind.CHOW: 0>, tile=0, offer=1)
    >>> declared_set([4, 4], None, "[55m]")
    Traceback (most recent call last):
    ...
    scorer.errors.NotationError: [55m] is no set: a declared set is a chow (three in a row of one suit), a pung or kong
    """
    ts = sorted(tiles)
    kind = set_kind(ts)
    if kind is None:
        message = "%(set)s is no set: a declared set is a chow (three in a row of one suit), a pung or kong"
        raise NotationError(message, where=where, set=text)
    if offer is not None:
        if offer not in (_KONG_OFFERS if kind is Kind.KONG else _CHOW_OFFERS):
            span = Message("1-3, or 5-7 for an added kong") if kind is Kind.KONG else "1-3"
            raise NotationError(
                "offer %(offer)s in %(set)s: expected %(span)s", where=where, offer=offer, set=text, span=span
            )
    elif kind is Kind.KONG:
        offer = 0  # a kong with no supplier is a concealed kong
    return Meld(kind, ts[0], offer)


def flowers_problem(flowers: int) -> Message | None:
    """What is wrong with a flower count, or None."""
    if not 0 <= flowers <= MAX_FLOWERS:
        return Message("%(flowers)s flowers: a set has at most %(most)s", flowers=flowers, most=MAX_FLOWERS)
    return None


def checked(hand: object) -> Hand:
    """``hand`` held to the parser's checks: a :class:`Hand` of the right types, each declared set one
    the notation could write, tiles 0-33, winds, 0/1 flags and 0-8 flowers; standing tiles sorted.

    Raises :class:`NotationError` with the parser's message, placed at the field
    (``Hand.melds[1]``), never ``TypeError`` or ``IndexError``.
    """
    if not isinstance(hand, Hand):
        raise NotationError("expected a hand string or a scorer.Hand, not %(value)s", value=_shown(hand))
    given = _sequence(hand.melds, "Hand.melds")
    if len(given) > MAX_SETS:
        raise NotationError("more than four declared sets", where="Hand.melds")
    melds = tuple(_check_meld(meld, f"Hand.melds[{i}]") for i, meld in enumerate(given))
    standing = [_check_tile(t, f"Hand.standing[{i}]") for i, t in enumerate(_sequence(hand.standing, "Hand.standing"))]
    _check_tile(hand.winning, "Hand.winning")
    _check_situation(hand.situation)
    if isinstance(hand.melds, tuple) and isinstance(hand.standing, tuple) and standing == sorted(standing):
        return hand
    return replace(hand, melds=melds, standing=tuple(sorted(standing)))


def _shown(value: object) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text[:40]}{'…' if len(text) > 40 else ''}"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _sequence(value: object, where: str) -> list[object]:
    if not isinstance(value, tuple | list):
        raise NotationError("expected a tuple, not %(value)s", where=where, value=_shown(value))
    return list(value)


def _check_tile(t: object, where: str) -> Tile:
    if not (isinstance(t, int) and not isinstance(t, bool) and 0 <= t < N_KINDS):
        message = "expected a tile, a whole number from 0 to %(most)s, not %(value)s"
        raise NotationError(message, where=where, most=N_KINDS - 1, value=_shown(t))
    return t


def _check_meld(meld: object, where: str) -> Meld:
    """The parser's check of ``[...]`` on a :class:`Meld` built in Python."""
    if not isinstance(meld, Meld):
        raise NotationError("expected a scorer.Meld, not %(value)s", where=where, value=_shown(meld))
    if not isinstance(meld.kind, Kind):
        raise NotationError("kind: expected a scorer.Kind, not %(value)s", where=where, value=_shown(meld.kind))
    _check_tile(meld.tile, f"{where}.tile")
    offer = meld.offer
    if offer is not None and not _is_int(offer):
        raise NotationError("offer: expected a whole number or None, not %(value)s", where=where, value=_shown(offer))
    t, kind = meld.tile, meld.kind
    shaped = kind is Kind.PUNG or kind is Kind.CHOW and t < 27 and t % 9 <= 6
    if (
        (offer in _KONG_OFFERS or offer == 0)
        if kind is Kind.KONG
        else shaped and (offer in _CHOW_OFFERS or offer is None)
    ):
        return meld  # the common case; anything else goes through the parser's check for its message
    claimed = {
        Kind.CHOW: (t, t + 1, t + 2),
        Kind.PUNG: (t,) * 3,
        Kind.KONG: (t,) * 4,
        Kind.PAIR: (t,) * 2,
        Kind.KNITTED: (t, t + 3, t + 6),
    }[kind]
    tiles = [x for x in claimed if x < N_KINDS]  # a chow or knitted run past 9s: its tiles that exist
    if kind is Kind.KONG and offer is None:
        message = "[%(tiles)s]: a kong's offer is 0 when concealed, 1-3 or 5-7 (None is for chows and pungs)"
        raise NotationError(message, where=where, tiles=run_text(tiles))
    written = None if kind is Kind.KONG and offer == 0 else offer  # the offer as the notation writes it
    declared_set(tiles, written, f"[{run_text(tiles)}{'' if written is None else f',{written}'}]", where)
    return meld


def _check_situation(s: object) -> None:
    if not isinstance(s, Situation):
        raise NotationError("expected a scorer.Situation, not %(value)s", where="Hand.situation", value=_shown(s))
    for field in ("prevalent", "seat"):
        wind = getattr(s, field)
        if not _is_int(wind) or wind not in WINDS:
            message = "%(value)s is no wind (tiles.EAST to tiles.NORTH, 27-30)"
            raise NotationError(message, f"Situation.{field}", value=_shown(wind))
    for field in ("self_drawn", "last_of_kind", "last_of_wall", "kong"):
        flag = getattr(s, field)
        if not isinstance(flag, bool):
            message = "flag must be True or False, not %(value)s"
            raise NotationError(message, where=f"Situation.{field}", value=_shown(flag))
    if not _is_int(s.flowers):
        message = "expected a whole number of flowers, not %(value)s"
        raise NotationError(message, "Situation.flowers", value=_shown(s.flowers))
    problem = flowers_problem(s.flowers)
    if problem:
        raise NotationError(problem, where="Situation.flowers")


def validate(hand: Hand) -> None:
    """Raise :class:`InvalidHand` naming the first problem (or :class:`NotationError`, for a hand of the wrong
    types or a set the notation could not write: :func:`checked`), or return quietly.

    Contradictory situations are errors, not corrections: robbing a kong of a tile you hold, a replacement-tile
    win with no kong, "last of its kind" while another copy stands in your own hand.
    """
    validate_checked(checked(hand))
