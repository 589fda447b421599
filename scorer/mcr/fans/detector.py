"""The detector record, the ``@fan`` decorator that registers one, and what its prefilters mean.

The detectors are compiled with mypyc in a wheel (``setup.py``), with the rest of the scorer's hot path:
a detector is a plain typed function of a :class:`~scorer.mcr.view.View`, and the constants it reads
(:data:`NONE`, :data:`WHOLE`, the masks of :mod:`.common`) are ``Final``. Keep new ones so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ...arrange import HONORS_KNITTED, KNITTED_STRAIGHT, REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS
from ..table import FANS
from ..view import Hits, View

Detector = Callable[[View], Hits]

NONE: Final[Hits] = []  # the fan is absent
WHOLE: Final[Hits] = [()]  # one instance of a fan of the whole hand or of the situation, using no particular set

# What a hand may have, as bits: a detector that ``needs`` some runs only on a hand with all of them. The first six
# are how it was won and shown; "four-of-a-kind": a tile held four times but not as a declared kong.
HAND_BITS: Final = {
    "self-drawn": 1,
    "discard": 2,
    "last-of-wall": 4,
    "kong": 8,
    "flowers": 16,
    "concealed": 32,
    "four-of-a-kind": 64,
}
EVERY_TILE: Final = (1 << 34) - 1  # ``within``'s default: a hand may hold any tile
FORMS: Final = (REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT)  # every form, in one order
ALL_FORMS: Final = frozenset(FORMS)
SET_FORMS: Final = (REGULAR, KNITTED_STRAIGHT)  # the forms with sets: where a wait can be edge, closed or single


@dataclass(frozen=True, slots=True)
class Detect:
    """A registered detector and when the scorer runs it.

    ``combination``: a set-combination fan (two or three chows, pungs, winds, dragons), chosen by the
    account-once search (:func:`scorer.mcr.exclude.choose_combinations`) rather than scored whenever found.
    ``fallback``: asked last, only when the other fans total nothing but flowers (Chicken Hand).

    The prefilters only say when a detector is worth running at all; its own test still decides, so a
    prefilter may be loose but never stricter than the detector. A ``per_hand`` detector reads only the
    tiles and the situation and runs once per hand, and only when the hand declares at least ``kongs``
    kongs, holds honours (``honors`` True) or none (False; None: either) and holds tiles of one of the
    ``suits`` numbers of suits (None: any). The other detectors run per arrangement, only on ``forms``
    (default: every form), with at least ``chows`` chows, ``pungs`` pungs (kongs included) and
    ``honor_pungs`` pungs of honours; one with a ``wait`` (edge, closed, single) runs only when the
    arrangement was won with that wait. Any detector runs only on a hand that has all it ``needs`` (names
    of :data:`HAND_BITS`: won self-drawn or on a discard, on the last tile of the wall, with the kong flag,
    with flowers, with no melded set, with a tile held four times but not as a kong) and whose tiles are all
    ``within`` a tile mask (bit t for tile t: a fan of some tiles only, such as All Simples, says which).
    """

    number: int
    detect: Detector
    combination: bool
    per_hand: bool
    chows: int
    pungs: int
    forms: frozenset[str]
    kongs: int
    honors: bool | None
    suits: tuple[int, ...] | None
    honor_pungs: int
    wait: str | None
    fallback: bool = False
    needs: int = 0
    within: int = EVERY_TILE


DETECTORS: Final[dict[int, Detect]] = {}


def fan(
    number: int,
    combination: bool = False,
    per_hand: bool = False,
    chows: int = 0,
    pungs: int = 0,
    forms: tuple[str, ...] | None = None,
    kongs: int = 0,
    honors: bool | None = None,
    suits: tuple[int, ...] | None = None,
    honor_pungs: int = 0,
    wait: str | None = None,
    fallback: bool = False,
    needs: tuple[str, ...] = (),
    within: int = EVERY_TILE,
) -> Callable[[Detector], Detector]:
    """Register the detector of fan ``number`` (a row of ``fans.csv``); the arguments are :class:`Detect`'s."""
    if number not in FANS:
        raise ValueError(f"@fan({number}): no fan {number} in scorer/mcr/fans.csv: add its row first")
    if (kongs or honors is not None or suits is not None) and not per_hand:
        raise ValueError(f"fan {number}: only per-hand detectors are chosen by kongs, honours and suits")
    unknown = [n for n in needs if n not in HAND_BITS]
    if unknown:
        raise ValueError(f"fan {number}: needs {unknown}: a hand has only {', '.join(HAND_BITS)}")
    if per_hand and (chows or pungs or honor_pungs or wait or forms):
        raise ValueError(f"fan {number}: a per-hand detector reads no arrangement")
    if combination and per_hand:  # per-hand hit lists are shared by every arrangement of a hand
        raise ValueError(f"fan {number}: a set-combination fan depends on the arrangement")

    def register(fn: Detector) -> Detector:
        if number in DETECTORS:
            first = DETECTORS[number].detect.__qualname__
            raise ValueError(f"fan {number}: two detectors, {first} and {fn.__qualname__}")
        allowed = frozenset(forms) if forms else ALL_FORMS
        bits = sum(HAND_BITS[n] for n in set(needs))
        DETECTORS[number] = Detect(
            number,
            fn,
            combination,
            per_hand,
            chows,
            pungs,
            allowed,
            kongs,
            honors,
            suits,
            honor_pungs,
            wait,
            fallback,
            bits,
            within,
        )
        return fn

    return register
