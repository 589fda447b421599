"""The tiles a hand waits on: what completes its 13 tiles, in four sets and a pair or a special form.

The scorer asks it for the wait fans (a hand that waited on one tile alone); the search per suit
reads the split statuses of :mod:`scorer.suit_status`.

Compiled with mypyc in a wheel (``setup.py``): its tables are ``Final`` and its tile sets are integer
bit sets, so the search runs as C arithmetic once compiled.
"""

from __future__ import annotations

from typing import Final

from .arrange import Concealed
from .caches import new_cache, remember
from .hand import Hand
from .special_forms import KNITTED_ALLOWED, KNITTED_LAYOUTS, ORPHAN_MASK, SUITED_MASK, most
from .suit_status import (
    NO_PAIR,
    WITH_PAIR,
    code_status,
    honor_pair_count,
    is_regular_complete,
    one_pair,
    split_status,
    suit_code,
    suit_status,
)
from .tiles import HONORS, ORPHANS, Tile


def _neighbours(t: Tile) -> int:
    if t >= 27:
        return 1 << t
    r = t % 9
    return sum(1 << (t - r + k) for k in range(max(0, r - 2), min(9, r + 3)))


NEIGHBOURS: Final = tuple(_neighbours(t) for t in range(34))


def _candidates(counts: list[int]) -> list[Tile]:
    """Tiles that could help a regular split: held ones and suit neighbours within two ranks."""
    near = 0
    for t in range(34):
        if counts[t]:
            near |= NEIGHBOURS[t]
    return [t for t in range(34) if near >> t & 1]


_completions: Final[dict[int, tuple[int, int]]] = new_cache()


def _suit_completions(code: int) -> tuple[int, int]:
    """The ranks (bit r for rank index r) that, added to one suit's counts (:func:`scorer.suit_status.suit_code`),
    let it split into sets alone, and those that let it split into sets and one pair. Only ranks within two
    of a held rank can."""
    found = _completions.get(code)
    if found is not None:
        return found
    near = 0
    for r in range(9):
        if code >> 3 * r & 7:
            near |= NEIGHBOURS[r]  # tile r of the first suit: its neighbours' bits are their ranks
    alone = paired = 0
    for r in range(9):
        if near >> r & 1:
            n = code >> 3 * r & 7
            # one more of rank r: in the code while it fits in its 3 bits (a checked hand holds at most 4)
            status = code_status(code + (1 << 3 * r)) if n < 7 else split_status(_with_one_more(code, r))
            if status & NO_PAIR:
                alone |= 1 << r
            if status & WITH_PAIR:
                paired |= 1 << r
    remember(_completions, code, (alone, paired))
    return alone, paired


def _with_one_more(code: int, rank: int) -> list[int]:
    counts = [code >> 3 * r & 7 for r in range(9)]
    counts[rank] += 1
    return counts


def _regular_waits(counts: list[int], honors: bool, codes: tuple[int, int, int] | None = None) -> int:
    """The tiles (bit t for tile t) that, added to ``counts``, make sets and exactly one pair
    (``honors``: whether ``counts`` holds any honour; ``codes``: the suits' :func:`suit_code`, when known)."""
    keys = [suit_code(counts, b) for b in (0, 9, 18)] if codes is None else list(codes)
    statuses = [suit_status(k) for k in keys]
    honor_pairs = honor_pair_count(counts) if honors else 0
    waits = 0
    if 0 <= honor_pairs <= 1:  # a suited tile: the honours and the other two suits fit as they are
        for s in range(3):
            a, b = statuses[s - 1], statuses[s - 2]
            if not (a and b):
                continue
            alone, paired = _suit_completions(keys[s])
            ranks = 0
            if a & NO_PAIR and b & NO_PAIR:  # the pair is the honours' or this suit's
                ranks |= alone if honor_pairs else paired
            if not honor_pairs and (a & WITH_PAIR and b & NO_PAIR or a & NO_PAIR and b & WITH_PAIR):
                ranks |= alone  # the pair is in another suit
            waits |= ranks << (9 * s)
    if not honors:
        return waits
    for t in HONORS:  # an honour: only one already held can make a pair or a pung
        if counts[t]:
            counts[t] += 1
            if one_pair(statuses, honor_pair_count(counts)):
                waits |= 1 << t
            counts[t] -= 1
    return waits


def waiting_mask(
    hand: Hand,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    knitted: bool = True,
    concealed: Concealed | None = None,
) -> int:
    """Every tile kind (bit t for tile t) that would complete the hand's 13 tiles, ignoring how many
    copies exist: in four sets and a pair, or in a special form (MCR's, unless the keywords leave some
    out: Babcock plays Seven Twins and Thirteen Orphans only when agreed, and no knitted form).
    ``concealed``: the hand's :func:`~scorer.arrange.concealed_counts`, when made already."""
    n_melds = len(hand.melds)
    codes: tuple[int, int, int] | None = None
    if concealed is None:
        counts = [0] * 34
        held = odd = 0
        for t in hand.standing:
            counts[t] += 1
            held |= 1 << t
            odd ^= 1 << t
    else:  # the same, from the counts with the winning tile: take it out
        w = concealed.winning
        counts = list(concealed.counts)
        counts[w] -= 1
        held = concealed.held if counts[w] else concealed.held & ~(1 << w)
        odd = 0
        if n_melds == 0:
            for t in range(34):
                if counts[t] & 1:
                    odd |= 1 << t
        code0, code1, code2 = concealed.codes
        if w < 9:
            code0 -= 1 << 3 * w
        elif w < 18:
            code1 -= 1 << 3 * (w - 9)
        elif w < 27:
            code2 -= 1 << 3 * (w - 18)
        codes = (code0, code1, code2)
    waits = _regular_waits(counts, held >> 27 != 0, codes)
    if n_melds == 0:
        if seven_pairs and odd and not odd & (odd - 1):
            waits |= odd  # seven pairs: the one tile held an odd number of times
        # thirteen orphans (13 orphans held at most twice each cover at least 7 kinds: a quick test first)
        if (
            thirteen_orphans
            and (held & ORPHAN_MASK).bit_count() >= 7
            and sum(counts[t] for t in ORPHANS) == 13
            and max(counts[t] for t in ORPHANS) <= 2
        ):
            missing = [t for t in ORPHANS if not counts[t]]
            if len(missing) <= 1:
                for t in missing if missing else ORPHANS:
                    waits |= 1 << t
        if knitted and most(counts) == 1:
            present = [t for t in range(27) if counts[t]]
            for allowed in KNITTED_ALLOWED.values():
                if all(t in allowed for t in present):
                    for t in allowed:
                        if not counts[t]:
                            waits |= 1 << t
    # with fewer than 8 suited kinds held, no knitted straight lacks one tile only
    if knitted and n_melds <= 1 and (held & SUITED_MASK).bit_count() >= 8:
        for _, tiles, mask in KNITTED_LAYOUTS:
            lacking = mask & ~held
            if lacking & (lacking - 1):  # more than one of its tiles lacking
                continue
            missing = [t for t in tiles if not counts[t]]
            for c in missing if missing else _candidates(counts):
                rest = list(counts)
                rest[c] += 1
                for t in tiles:
                    rest[t] -= 1
                if is_regular_complete(rest):
                    waits |= 1 << c
    return waits


def waiting_tiles(hand: Hand) -> list[Tile]:
    """Every tile kind that would complete the hand's 13 tiles, ignoring how many copies exist.

    >>> from scorer.notation import parse
    >>> from scorer.tiles import name
    >>> [name(t) for t in waiting_tiles(parse("1113m456p789p234s2m"))]
    ['2m', '3m']
    """
    waits = waiting_mask(hand)
    return [t for t in range(34) if waits >> t & 1]
