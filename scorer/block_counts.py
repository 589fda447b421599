"""Block counts: how far a suit, the honours or a whole hand is from four sets and a pair, as the shanten count of
that form (:func:`scorer.shanten.regular_shanten`) reads it.

A block count is (complete sets, partial sets, pair kept for the pair); a partial set is two tiles one tile from a
set: a pair, two neighbours, two tiles one apart. A part of a hand has several best block counts (none with as
many complete and partial sets and the same pair as another): a suit's are found stretch by stretch (no block
spans two ranks missing side by side), the honours' from how many are held twice, three and four times, and a
whole hand's from its parts joined (one pair at most). What a draw does to a part's block counts is kept per suit,
for the useful tiles of a hand not ready.

Compiled with mypyc in a wheel (``setup.py``), with :mod:`scorer.shanten`, which calls it on every count.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Final

from .tiles import HONORS

# A block count: (complete sets, partial sets, pair kept for the pair). Partial sets are two tiles one tile
# from a set: a pair, two neighbours, two tiles one apart.
Blocks = tuple[int, int, int]


def _pareto(options: set[Blocks]) -> frozenset[Blocks]:
    """The counts not bettered by another with as many complete and partial sets and the same pair: in order of
    complete then partial sets, most first, a count is bettered exactly when one before it with its pair has as
    many partial sets."""
    most = [-1, -1]  # the most partial sets seen yet, without the pair and with it
    kept = []
    for o in sorted(options, reverse=True):
        if o[1] > most[o[2]]:
            most[o[2]] = o[1]
            kept.append(o)
    return frozenset(kept)


@lru_cache(maxsize=8192)
def _suit_blocks(suit: tuple[int, ...]) -> frozenset[Blocks]:
    """Every best block count of one suit's nine counts (or one honour's, as a tuple of one): those of its stretches
    combined, for no block spans two ranks missing side by side."""
    stretches = []
    start = end = -1  # the first and last rank held of the stretch being read
    for k, n in enumerate(suit):
        if n:
            start = k if start < 0 else start
            end = k
        elif start >= 0 and k - end == 2:
            stretches.append(_stretch_blocks(suit[start : end + 1]))
            start = -1
    if start >= 0:
        stretches.append(_stretch_blocks(suit[start : end + 1]))
    if len(stretches) <= 1:
        return stretches[0] if stretches else frozenset({(0, 0, 0)})
    return combine(stretches)


@lru_cache(maxsize=8192)
def _stretch_blocks(stretch: tuple[int, ...]) -> frozenset[Blocks]:
    """Every best block count of a stretch of a suit (its first rank held): its first tile in each block it can
    start, or alone, and the best of the rest."""
    options: set[Blocks] = set()
    c = list(stretch)
    n = len(c)
    if c[0] >= 3:
        _take(c, (0, 0, 0), (1, 0, 0), options)
    if c[0] >= 2:
        _take(c, (0, 0), (0, 0, 1), options)
        _take(c, (0, 0), (0, 1, 0), options)
    if n > 2 and c[1] and c[2]:
        _take(c, (0, 1, 2), (1, 0, 0), options)
    if n > 1 and c[1]:
        _take(c, (0, 1), (0, 1, 0), options)
    if n > 2 and c[2]:
        _take(c, (0, 2), (0, 1, 0), options)
    _take(c, (0,), (0, 0, 0), options)  # the tile left alone
    return _pareto(options)


def _take(c: list[int], ranks: tuple[int, ...], block: Blocks, options: set[Blocks]) -> None:
    """Add to ``options`` the best block counts of ``c`` with the tiles of ``ranks`` taken out as ``block``."""
    for r in ranks:
        c[r] -= 1
    for m, t, p in _suit_blocks(tuple(c)):
        if p + block[2] <= 1:
            options.add((m + block[0], t + block[1], p + block[2]))
    for r in ranks:
        c[r] += 1


_HONOR_BLOCKS: Final = tuple(_suit_blocks((n,)) for n in range(5))
EMPTY: Final = _HONOR_BLOCKS[0]  # no tile: no block


def combine(parts: list[frozenset[Blocks]]) -> frozenset[Blocks]:
    """The best block counts of the whole hand from those of its suits and honours (one pair at most)."""
    total = EMPTY
    for part in parts:
        total = join(total, part)
    return total


def join(one: frozenset[Blocks], other: frozenset[Blocks]) -> frozenset[Blocks]:
    """The best block counts of two parts of a hand together (one pair at most)."""
    if one == EMPTY:
        return other
    if other == EMPTY:
        return one
    return _pareto({(m + m2, t + t2, p + p2) for m, t, p in one for m2, t2, p2 in other if p + p2 <= 1})


def best_value(part: frozenset[Blocks], more: frozenset[Blocks], sets: int) -> int:
    """The value (``2 * sets`` less :func:`regular_shanten`) of two parts of a hand together: the best over each
    pair of their block counts (as over their :func:`join`, for the value grows with complete and partial sets)."""
    value = 0
    for m, t, p in part:
        for m2, t2, p2 in more:
            if p + p2 <= 1:
                whole = min(m + m2, sets)
                value = max(value, 2 * whole + min(t + t2, sets - whole) + p + p2)
    return value


def hand_groups(counts: Sequence[int]) -> list[frozenset[Blocks]]:
    """The best block counts of each suit, then of the honours together."""
    return [_suit_blocks(tuple(counts[s : s + 9])) for s in (0, 9, 18)] + [_honor_blocks(counts)]


def _honor_blocks(counts: Sequence[int]) -> frozenset[Blocks]:
    """The best block counts of the honours of ``counts`` (34 counts)."""
    held = _times_held(counts)
    return _honors_held(held[2], held[3], held[4])


def _times_held(counts: Sequence[int]) -> list[int]:
    """How many honours ``counts`` holds no times, once, twice, three times and four times."""
    held = [0] * 5
    for t in HONORS:
        held[counts[t]] += 1
    return held


@cache  # at most 120 keys: seven honours
def _honors_held(twice: int, thrice: int, four: int) -> frozenset[Blocks]:
    """The best block counts of honours of which ``twice`` are held twice, and so on (a lone honour is no block)."""
    return combine([_HONOR_BLOCKS[2]] * twice + [_HONOR_BLOCKS[3]] * thrice + [_HONOR_BLOCKS[4]] * four)


def group_draws(c: list[int], g: int) -> Sequence[tuple[frozenset[Blocks], tuple[int, ...]]]:
    """The block counts of group ``g`` (a suit, or 3: the honours) after each draw that changes them, with the places
    in the group (the tile less ``9 * g``) whose draw gives them: a suit's tiles within two ranks of a standing one,
    a standing honour (fewer than four)."""
    if g < 3:
        return _suit_draws(tuple(c[9 * g : 9 * g + 9]))
    held = _times_held(c)
    out = []
    for n in (1, 2, 3):
        places = tuple(t - 27 for t in HONORS if c[t] == n)
        if places:
            held[n] -= 1
            held[n + 1] += 1
            out.append((_honors_held(held[2], held[3], held[4]), places))
            held[n] += 1
            held[n + 1] -= 1
    return out


@lru_cache(maxsize=8192)
def _suit_draws(suit: tuple[int, ...]) -> tuple[tuple[frozenset[Blocks], tuple[int, ...]], ...]:
    """For one suit's nine counts, the block counts after each draw near a standing tile that changes them, each
    with the ranks whose draw gives them."""
    by_part: dict[frozenset[Blocks], list[int]] = {}
    now = _suit_blocks(suit)
    c = list(suit)
    for r in range(9):
        if c[r] < 4 and any(c[k] for k in range(max(0, r - 2), min(9, r + 3))):
            c[r] += 1
            part = _suit_blocks(tuple(c))
            c[r] -= 1
            if part != now:
                by_part.setdefault(part, []).append(r)
    return tuple((part, tuple(ranks)) for part, ranks in by_part.items())
