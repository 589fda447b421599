"""The special forms' tests on a hand's 34 tile counts (Seven Pairs, Thirteen Orphans, the knitted forms) and
the knitted layouts they read; :mod:`scorer.arrange` makes their arrangements, :mod:`scorer.wait` their waits.

Compiled with mypyc in a wheel (``setup.py``): the tables are ``Final``, the knitted layouts carry their tiles
as masks too (bit t for tile t), and the tests on the counts are plain loops over lists (no generator, no set),
which compile to C loops. ``KNITTED_ALLOWED``'s frozensets serve the honours-and-knitted tests, which few hands
reach.
"""

from __future__ import annotations

from typing import Final

from .tiles import HONORS, ORPHANS, Tile

# The six ways to lay 147, 258 and 369 over the three suits: (suit of 147, suit of 258, suit of 369).
KNITTED_SUITS: Final = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _knitted_tiles(order: tuple[int, int, int]) -> tuple[Tile, ...]:
    return tuple(suit * 9 + start + step for start, suit in enumerate(order) for step in (0, 3, 6))


KNITTED: Final = {order: _knitted_tiles(order) for order in KNITTED_SUITS}
KNITTED_ALLOWED: Final = {order: frozenset(tiles) | frozenset(HONORS) for order, tiles in KNITTED.items()}
KNITTED_MASKS: Final = {order: sum(1 << t for t in tiles) for order, tiles in KNITTED.items()}
# The same, as one tuple to loop over: (order, its nine tiles, their mask).
KNITTED_LAYOUTS: Final = tuple((order, tiles, KNITTED_MASKS[order]) for order, tiles in KNITTED.items())


def knitted_tiles(order: tuple[int, ...]) -> tuple[Tile, ...]:
    """The nine tiles of one knitted straight, e.g. 147m 258p 369s for order (0, 1, 2)."""
    return KNITTED[order]  # type: ignore[index]


def most(counts: list[int]) -> int:
    """The largest of ``counts`` (``max``, as a loop: compiled, plain C compares rather than the builtin's
    generic ones)."""
    top = 0
    for n in counts:
        if n > top:
            top = n
    return top


def holds_odd(counts: list[int]) -> bool:
    """Is some kind held an odd number of times (for a checked hand, ``1 in counts or 3 in counts``, without the
    generic compares of ``in``)?"""
    odd = 0
    for n in counts:
        odd |= n & 1
    return odd != 0


def is_seven_pairs(counts: list[int]) -> bool:
    """14 tiles, each kind held 0, 2 or 4 times (four of a kind are two of the pairs)."""
    total = 0
    for n in counts:
        if n != 0 and n != 2 and n != 4:
            return False
        total += n
    return total == 14


def is_thirteen_orphans(counts: list[int]) -> bool:
    """14 tiles, all orphans (terminals and honours), each of the 13 held."""
    orphans = 0
    for t in ORPHANS:
        n = counts[t]
        if not n:
            return False
        orphans += n
    if orphans != 14:
        return False
    total = 0
    for n in counts:
        total += n
    return total == 14


def honors_knitted_order(counts: list[int]) -> tuple[int, int, int] | None:
    """The knitted layout of an Honors-and-Knitted hand (14 different tiles), or None."""
    if most(counts) > 1 or sum(counts) != 14:
        return None
    present = [t for t in range(27) if counts[t]]
    for order, allowed in KNITTED_ALLOWED.items():
        if all(t in allowed for t in present):
            return order
    return None


def knitted_straight_rest(counts: list[int], held: int) -> list[tuple[tuple[int, int, int], list[int]]]:
    """For each knitted layout fully present, the counts left after removing its nine tiles
    (``held``: the held tiles, bit t for tile t)."""
    out = []
    for order, tiles, mask in KNITTED_LAYOUTS:
        if not mask & ~held:
            rest = list(counts)
            for t in tiles:
                rest[t] -= 1
            out.append((order, rest))
    return out


ORPHAN_MASK: Final = sum(1 << t for t in ORPHANS)
SUITED_MASK: Final = (1 << 27) - 1
