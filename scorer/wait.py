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
    honor_pair_count,
    one_pair,
    sized_code_status,
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
    near = size = weighted = 0
    for r in range(9):
        n = code >> 3 * r & 7
        if n:
            near |= NEIGHBOURS[r]  # tile r of the first suit: its neighbours' bits are their ranks
            size += n
            weighted += r * n
    alone = paired = 0
    for r in range(9):
        if size % 3 != 0 and near >> r & 1:  # with 3k tiles, 3k + 1 split into no sets
            n = code >> 3 * r & 7
            # one more of rank r: in the code while it fits in its 3 bits (a checked hand holds at most 4)
            if n < 7:
                status = sized_code_status(code + (1 << 3 * r), size + 1, weighted + r)
            else:
                status = split_status(_with_one_more(code, r))
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
        if codes is None:
            codes = (suit_code(counts, 0), suit_code(counts, 9), suit_code(counts, 18))
        waits |= _knitted_straight_waits(counts, held, codes)
    return waits


def _knitted_straight_waits(counts: list[int], held: int, codes: tuple[int, int, int]) -> int:
    """The tiles that complete the 13 tiles (``counts``, held as ``held``, the suits' codes ``codes``) as a knitted
    straight with a set and a pair: for each knitted layout lacking at most one of its tiles, the lacking tile, or
    with none lacking each tile near those held, when the rest (the codes less the layout's tiles, the tile added)
    makes a set and a pair. The codes are worked on directly, where a copy of the counts would be made each time."""
    waits = 0
    honor_pairs = honor_pair_count(counts)
    for k in range(len(KNITTED_LAYOUTS)):
        _, tiles, mask = KNITTED_LAYOUTS[k]
        lacking = mask & ~held
        if lacking & (lacking - 1):  # more than one of its tiles lacking
            continue
        without0, without1, without2 = KNITTED_LAYOUT_CODES[k]
        rest0 = codes[0] - without0
        rest1 = codes[1] - without1
        rest2 = codes[2] - without2
        for c in [t for t in tiles if not counts[t]] if lacking else _candidates(counts):
            # each field of a code stays at 0 or more: the layout's tiles are all held, or c is the one lacking
            if c < 9:
                complete = _completes(rest0 + (1 << 3 * c), rest1, rest2, honor_pairs)
            elif c < 18:
                complete = _completes(rest0, rest1 + (1 << 3 * (c - 9)), rest2, honor_pairs)
            elif c < 27:
                complete = _completes(rest0, rest1, rest2 + (1 << 3 * (c - 18)), honor_pairs)
            else:
                counts[c] += 1
                complete = _completes(rest0, rest1, rest2, honor_pair_count(counts))
                counts[c] -= 1
            if complete:
                waits |= 1 << c
    return waits


def _completes(code0: int, code1: int, code2: int, honor_pairs: int) -> bool:
    """:func:`~scorer.suit_status.is_regular_complete` of a hand whose suits have these codes and whose honours
    this many pairs (:func:`~scorer.suit_status.honor_pair_count`)."""
    return one_pair([suit_status(code0), suit_status(code1), suit_status(code2)], honor_pairs)


def _layout_codes(tiles: tuple[Tile, ...]) -> tuple[int, int, int]:
    codes = [0, 0, 0]
    for t in tiles:
        codes[t // 9] += 1 << 3 * (t % 9)
    return codes[0], codes[1], codes[2]


# Each knitted layout's nine tiles as the three suits' codes (scorer.suit_status.suit_code), in KNITTED_LAYOUTS' order.
KNITTED_LAYOUT_CODES: Final = tuple(_layout_codes(tiles) for _, tiles, _ in KNITTED_LAYOUTS)


def waiting_tiles(hand: Hand) -> list[Tile]:
    """Every tile kind that would complete the hand's 13 tiles, ignoring how many copies exist.

    >>> from scorer.notation import parse
    >>> from scorer.tiles import name
    >>> [name(t) for t in waiting_tiles(parse("1113m456p789p234s2m"))]
    ['2m', '3m']
    """
    waits = waiting_mask(hand)
    return [t for t in range(34) if waits >> t & 1]
