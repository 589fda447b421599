"""Which detectors to run: for each shape of hand or arrangement, the detectors worth running on it, chosen once
from their prefilters (:class:`scorer.mcr.fans.detector.Detect`) into tables indexed by a small int.

Compiled with mypyc in a wheel (``setup.py``). What the compiler needs: :class:`Run`, a detector as the scorer's
loops read it, is a plain class with ``__slots__`` and its own ``__init__`` (a native class once compiled, so the
loops and the table fills read C fields, where a ``Detect``'s are Python attribute lookups); the tables are
``Final`` and made by :mod:`scorer.caches` (so ``clear_caches`` makes them again, after a test changed
``DETECTORS``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..arrange import CLOSED, EDGE, SINGLE
from ..caches import new_table
from ..validate import MAX_SETS
from .fans import DETECTORS, Detect, Detector
from .fans.detector import FORMS, HAND_BITS


class Run:
    """A detector as the scorer's loops read it (a native class once compiled: its fields are C reads, where a
    :class:`Detect`'s are Python attribute lookups): its fan, its function, whether it is a set-combination fan,
    what the hand needs (HAND_BITS), the tiles the hand must stay within for it to run, and the rest of its
    prefilters (``honors``: -1 for either; ``suits``: bit n for n suits, every bit for any; ``forms``: bit i for
    FORMS[i]; ``wait``: WAIT_INDEX's, 0 for none)."""

    __slots__ = (
        "number",
        "detect",
        "combination",
        "needs",
        "within",
        "per_hand",
        "fallback",
        "kongs",
        "honors",
        "suits",
        "forms",
        "chows",
        "pungs",
        "honor_pungs",
        "wait",
    )

    def __init__(self, d: Detect) -> None:
        self.number: int = d.number
        self.detect: Detector = d.detect
        self.combination: bool = d.combination
        self.needs: int = d.needs
        self.within: int = d.within
        self.per_hand: bool = d.per_hand
        self.fallback: bool = d.fallback
        self.kongs: int = d.kongs
        self.honors: int = -1 if d.honors is None else int(d.honors)
        self.suits: int = ANY_SUITS if d.suits is None else _bits(d.suits)
        self.forms: int = _bits([i for i, form in enumerate(FORMS) if form in d.forms])
        self.chows: int = d.chows
        self.pungs: int = d.pungs
        self.honor_pungs: int = d.honor_pungs
        self.wait: int = WAIT_INDEX[d.wait]


def _bits(items: Iterable[int]) -> int:
    """The bit set of ``items`` (bit n for n)."""
    out = 0
    for n in items:
        out |= 1 << n
    return out


# The sizes of the tables' dimensions: each count a key is made of stays below its size.
HAND_BIT_CODES: Final = 1 << len(HAND_BITS)  # the hands' HandFacts.bits take values below this
SET_COUNTS: Final = MAX_SETS + 1  # kongs of a hand; chows, pungs, pungs of honours of an arrangement: 0 to 4
SUIT_COUNTS: Final = 4  # suits a hand holds tiles of: 0 to 3
ANY_SUITS: Final = (1 << SUIT_COUNTS) - 1  # Run.suits of a detector that runs whatever the suits
FORM_INDEX: Final = {form: i for i, form in enumerate(FORMS)}
WAIT_INDEX: Final = {None: 0, EDGE: 1, CLOSED: 2, SINGLE: 3}
# Every detector as a Run, made from DETECTORS on first use (a table, so clear_caches makes them again).
_all_runs: Final[list[tuple[Run, ...] | None]] = new_table(1)


def _runs() -> tuple[Run, ...]:
    found = _all_runs[0]
    if found is None:
        found = tuple(Run(d) for d in DETECTORS.values())
        _all_runs[0] = found
    return found


# The detectors worth running, chosen once per shape of hand or arrangement (filled on first use; an index, not
# a cache keyed by a tuple of the shape, which would hash it every time).
_hand_runs: Final[list[tuple[Run, ...] | None]] = new_table(SET_COUNTS * 2 * SUIT_COUNTS * HAND_BIT_CODES)
_set_runs: Final[list[tuple[Run, ...] | None]] = new_table(len(FORMS) * SET_COUNTS**3)
_wait_runs: Final[list[tuple[Run, ...] | None]] = new_table(len(FORMS) * len(WAIT_INDEX))


def per_hand_runs(kongs: int, honors: bool, suits: int, situation: int) -> tuple[Run, ...]:
    """The per-hand detectors worth running on a hand that declares this many kongs, with or without
    honours, holding tiles of this many suits, with these of :data:`~scorer.mcr.fans.detector.HAND_BITS`
    (:attr:`HandFacts.bits`)."""
    key = ((kongs * 2 + honors) * SUIT_COUNTS + suits) * HAND_BIT_CODES + situation
    found = _hand_runs[key]
    if found is None:
        found = tuple(
            r
            for r in _runs()
            if r.per_hand
            and r.kongs <= kongs
            and (r.honors < 0 or r.honors == honors)
            and r.suits >> suits & 1
            and r.needs & situation == r.needs
        )
        _hand_runs[key] = found
    return found


def per_arrangement_runs(form: str, chows: int, pungs: int, honor_pungs: int) -> tuple[Run, ...]:
    """The detectors of the sets worth running on an arrangement of this form, with this many chows, pungs
    and pungs of honours (all per-arrangement detectors but the wait fans' and Chicken Hand's)."""
    index = FORM_INDEX[form]
    key = ((index * SET_COUNTS + chows) * SET_COUNTS + pungs) * SET_COUNTS + honor_pungs
    found = _set_runs[key]
    if found is None:
        found = tuple(
            r
            for r in _runs()
            if not r.per_hand
            and not r.fallback
            and not r.wait
            and r.forms >> index & 1
            and r.chows <= chows
            and r.pungs <= pungs
            and r.honor_pungs <= honor_pungs
        )
        _set_runs[key] = found
    return found


def wait_runs(form: str, wait: str | None) -> tuple[Run, ...]:
    """The detector of the wait fan of an arrangement of this form won with this wait (none without one)."""
    index = FORM_INDEX[form]
    shape = WAIT_INDEX[wait]
    key = index * len(WAIT_INDEX) + shape
    found = _wait_runs[key]
    if found is None:
        found = tuple(r for r in _runs() if shape and r.wait == shape and r.forms >> index & 1)
        _wait_runs[key] = found
    return found
