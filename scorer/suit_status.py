"""Whether a suit's tiles split into sets: a suit's counts as one integer (3 bits a rank), whether they split
into sets alone or into sets and one pair, and whether a whole hand's counts make four sets and a pair.

:mod:`scorer.arrange` lists the splits themselves; this module only says whether there are any, for the wait
test (:mod:`scorer.wait`) and the knitted hands.

Compiled with mypyc in a wheel (``setup.py``): constants ``Final``, counts read from the integer code with
plain C arithmetic, the statuses cached by code (:mod:`scorer.caches`).
"""

from __future__ import annotations

from typing import Final

from .caches import new_cache, remember
from .tiles import HONORS, Tile


def suit_code(counts: list[int], base: Tile) -> int:
    """One suit's 9 counts (from tile ``base``) as one integer, 3 bits a rank: the key of the suit caches. A
    count above 7 (a hand no check let through: a checked hand holds at most four of a kind, five with a tile
    added) is refused, never folded into the next rank."""
    code = 0
    for t in range(base + 8, base - 1, -1):
        n = counts[t]
        if n > 7:
            raise ValueError(f"{n} copies of one tile: not a hand (at most 4 of a kind)")
        code = code << 3 | n
    return code


NO_PAIR: Final = 1  # bits of a suit's split status
WITH_PAIR: Final = 2


def _sets_only(counts: list[int]) -> bool:
    """Do one suit's counts split into chows and pungs alone?

    Rank by rank: the tiles left after the chows begun below are pungs plus chows begun here, and
    three equal chows read as three pungs, so the chows begun here can be taken as that rest modulo 3.
    """
    back1 = back2 = 0  # chows begun one and two ranks below
    for n in counts:
        rest = n - back1 - back2
        if rest < 0:
            return False
        back2, back1 = back1, rest % 3
    return back1 == back2 == 0  # no chow may begin on rank 8 or 9


_statuses: Final[dict[int, int]] = new_cache()


def suit_status(code: int) -> int:
    """For one suit's counts (:func:`suit_code`): bit NO_PAIR when they split into sets alone, bit WITH_PAIR
    when into sets and one pair (0 when they split into neither). The same as reading :func:`_suit_groups`,
    without listing the splits."""
    found = _statuses.get(code)
    if found is not None:
        return found
    status = code_status(code)
    remember(_statuses, code, status)
    return status


def code_status(code: int) -> int:
    """:func:`split_status` of one suit's counts as their :func:`suit_code` (read from the integer, no list)."""
    size = weighted = 0
    for r in range(9):
        n = code >> 3 * r & 7
        size += n
        weighted += r * n
    return sized_code_status(code, size, weighted)


def sized_code_status(code: int, size: int, weighted: int) -> int:
    """:func:`code_status` of a code holding ``size`` tiles whose ranks (0-8) add up to ``weighted``."""
    if size % 3 == 0:
        return NO_PAIR if _code_sets_only(code) else 0
    if size % 3 == 2:
        # Sets add up to a multiple of 3 in sum(rank * count): the pair's rank r has 2r = that sum, mod 3.
        for r in range(2 * weighted % 3, 9, 3):
            if code >> 3 * r & 7 >= 2 and _code_sets_only(code - (2 << 3 * r)):
                return WITH_PAIR
    return 0


def _code_sets_only(code: int) -> bool:
    """:func:`_sets_only` of one suit's counts as their :func:`suit_code`."""
    back1 = back2 = 0  # chows begun one and two ranks below
    for r in range(9):
        rest = (code >> 3 * r & 7) - back1 - back2
        if rest < 0:
            return False
        back2, back1 = back1, rest % 3
    return back1 == back2 == 0  # no chow may begin on rank 8 or 9


def split_status(counts: list[int]) -> int:
    """:func:`suit_status`, not cached."""
    size = weighted = 0
    for r in range(9):
        n = counts[r]
        size += n
        weighted += r * n
    if size % 3 == 0:
        return NO_PAIR if _sets_only(counts) else 0
    if size % 3 == 2:
        # Sets add up to a multiple of 3 in sum(rank * count): the pair's rank r has 2r = that sum, mod 3.
        c = list(counts)
        for r in range(2 * weighted % 3, 9, 3):
            if c[r] >= 2:
                c[r] -= 2
                ok = _sets_only(c)
                c[r] += 2
                if ok:
                    return WITH_PAIR
    return 0


def is_regular_complete(counts: list[int]) -> bool:
    """True when ``counts`` splits into sets plus exactly one pair."""
    statuses = [suit_status(suit_code(counts, b)) for b in (0, 9, 18)]
    return one_pair(statuses, honor_pair_count(counts))


def honor_pair_count(counts: list[int]) -> int:
    """Pairs among the honours (each honour held 0, 2 or 3 times), or -1 when they fit no split."""
    pairs = 0
    for t in range(HONORS[0], HONORS[-1] + 1):  # (the honours are the last seven tiles: a C loop, no iterator)
        n = counts[t]
        if n == 2:
            pairs += 1
        elif n and n != 3:
            return -1
    return pairs


def one_pair(statuses: list[int], honor_pairs: int) -> bool:
    """Do the suits' split statuses and the honours' pairs make exactly one pair in all?"""
    if honor_pairs < 0 or honor_pairs > 1 or not all(statuses):
        return False
    if honor_pairs == 1:
        return all(st & NO_PAIR for st in statuses)
    return any(statuses[k] & WITH_PAIR and all(statuses[j] & NO_PAIR for j in range(3) if j != k) for k in range(3))
