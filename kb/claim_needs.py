"""What a hand would need for a claimed fan it does not have, for the fans of the situation and the winds: the
reason :func:`kb.audit.audit` gives an ``absent`` verdict (``the seat wind is W: the hand needs a pung or kong
of W; its wind pung is of E``), beside the fan's definition ruling. None for a fan that is no such case, or
when the hand has what the fan needs and something else keeps it out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from scorer.errors import Message
from scorer.hand import Hand, Kind
from scorer.tiles import DRAGONS, WINDS, name


def _counts(hand: Hand) -> Counter[int]:
    tiles = [t for meld in hand.melds for t in meld.tiles[:3]]  # a kong counts as a pung here
    return Counter([*tiles, *hand.standing, hand.winning])


def _wind(hand: Hand, wind: int, which: Message) -> Message | None:
    counts = _counts(hand)
    if counts[wind] >= 3:
        return None
    pungs = [name(w) for w in WINDS if counts[w] >= 3]
    if pungs:
        return Message(
            "the %(which)s is %(wind)s: the hand needs a pung or kong of %(wind)s, and its wind pungs are of %(pungs)s",
            which=which,
            wind=name(wind),
            pungs=", ".join(pungs),
        )
    return Message("the %(which)s is %(wind)s: the hand needs a pung or kong of %(wind)s", which=which, wind=name(wind))


def _seat_wind(hand: Hand) -> Message | None:
    return _wind(hand, hand.situation.seat, Message("seat wind"))


def _prevalent_wind(hand: Hand) -> Message | None:
    return _wind(hand, hand.situation.prevalent, Message("prevalent wind"))


def _dragon_pung(hand: Hand) -> Message | None:
    if any(_counts(hand)[d] >= 3 for d in DRAGONS):
        return None
    return Message("the hand needs a pung or kong of dragons, and holds none")


def _self_drawn(hand: Hand) -> Message | None:
    return None if hand.situation.self_drawn else Message("the winning tile was taken from a discard, not self-drawn")


def _melded(hand: Hand) -> list[str]:
    return [" ".join(name(t) for t in m.tiles) for m in hand.melds if not (m.kind is Kind.KONG and m.concealed)]


def _concealed(hand: Hand) -> Message | None:
    # A self-drawn concealed hand has Fully Concealed Hand, which excludes this one: an "excluded" verdict.
    if melded := _melded(hand):
        return Message("the hand needs no melded set, and it has %(sets)s", sets=", ".join(f"[{m}]" for m in melded))
    return None


def _fully_concealed(hand: Hand) -> Message | None:
    if melded := _melded(hand):
        return Message("the hand needs no melded set, and it has %(sets)s", sets=", ".join(f"[{m}]" for m in melded))
    return _self_drawn(hand)


def _flowers(hand: Hand) -> Message | None:
    return None if hand.situation.flowers else Message("the hand declares no flower")


def _situation(flag: str, what: Message) -> Callable[[Hand], Message | None]:
    def need(hand: Hand) -> Message | None:
        if getattr(hand.situation, flag):
            return None
        return Message("the win's situation does not say %(what)s", what=what)

    return need


NEEDS: dict[str, Callable[[Hand], Message | None]] = {
    "seat-wind": _seat_wind,
    "prevalent-wind": _prevalent_wind,
    "dragon-pung": _dragon_pung,
    "self-drawn": _self_drawn,
    "concealed-hand": _concealed,
    "fully-concealed-hand": _fully_concealed,
    "flower-tiles": _flowers,
    "last-tile": _situation("last_of_kind", Message("that the winning tile is the last of its kind")),
    "last-tile-draw": _situation("last_of_wall", Message("that the winning tile is the last of the wall")),
    "last-tile-claim": _situation("last_of_wall", Message("that the winning tile is the last of the wall")),
    "out-with-replacement-tile": _situation("kong", Message("that the winning tile replaced a kong")),
    "robbing-the-kong": _situation("kong", Message("that the winning tile was robbed from a kong")),
}


def what_is_needed(hand: Hand, key: str) -> Message | None:
    """Why ``hand`` lacks the fan ``key``, as what it would need; None when this module cannot say."""
    need = NEEDS.get(key)
    return need(hand) if need is not None else None
