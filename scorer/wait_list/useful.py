"""How far a waiting hand is from ready, and the tiles that bring it closer, with the copies left unseen.

The count is :mod:`scorer.shanten`'s, in every MCR form. The useful tiles are found faster than
:func:`scorer.shanten.useful_tiles` tries them, by two facts about the count: a draw lowers the overall count only
through a form already at it (another form is higher and falls by one at most), and a tile more than two ranks from
every standing tile of its suit (an honour not held) joins no set, pair or partial set of four sets and a pair, so
it can lower that form's count only through a special form. A tile the hand already holds four of, counting its
declared sets, is never useful: no copy is left to draw.

>>> counts = [0] * 34
>>> for t in (0, 1, 2, 4, 5, 6, 9, 10, 11, 12, 14, 30, 31):  # 123m 567m 1234p 6p N C: one tile from ready
...     counts[t] += 1
>>> closer(counts, 0, counts)
(1, ((13, 4), (30, 3), (31, 3)))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..shanten import (
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    NOT_THIS_FORM,
    REGULAR,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
    honors_knitted_shanten,
    knitted_straight_shanten,
    regular_shanten,
    seven_pairs_shanten,
    shanten_by_form,
    thirteen_orphans_shanten,
)
from ..tiles import N_KINDS, ORPHANS, Tile

Count = Callable[[list[int], int], int]  # one form's count of (standing counts, declared sets)
FORM_COUNTS: dict[str, Count] = {
    REGULAR: lambda c, declared: regular_shanten(c, 4 - declared),
    SEVEN_PAIRS: lambda c, _: seven_pairs_shanten(c),
    THIRTEEN_ORPHANS: lambda c, _: thirteen_orphans_shanten(c),
    HONORS_KNITTED: lambda c, _: honors_knitted_shanten(c),
    KNITTED_STRAIGHT: knitted_straight_shanten,
}


def closer(standing: list[int], declared: int, held: list[int]) -> tuple[int, tuple[tuple[Tile, int], ...]]:
    """The count of the standing tiles ``standing`` (34 counts) with ``declared`` sets, and each tile whose draw
    lowers it with how many copies the hand does not hold (``held``: its counts with its sets)."""
    by_form = shanten_by_form(standing, declared)
    now = min(by_form.values())
    forms = [f for f, n in by_form.items() if n == now and n != NOT_THIS_FORM]
    candidates: Sequence[Tile] = _near(standing) if forms == [REGULAR] else range(N_KINDS)
    if forms == [SEVEN_PAIRS]:
        candidates = [t for t in range(N_KINDS) if standing[t] % 2]
    elif forms == [THIRTEEN_ORPHANS]:
        candidates = ORPHANS
    c = list(standing)
    useful = []
    for t in candidates:
        if held[t] >= 4:
            continue
        c[t] += 1
        if any(FORM_COUNTS[f](c, declared) < now for f in forms):
            useful.append((t, 4 - held[t]))
        c[t] -= 1
    return now, tuple(sorted(useful))


def _near(standing: list[int]) -> list[Tile]:
    """The tiles within two ranks of a standing tile of their suit, and the honours standing."""
    out = []
    for t in range(N_KINDS):
        if t >= 27:
            if standing[t]:
                out.append(t)
            continue
        low, rank = t - t % 9, t % 9
        if any(standing[low + r] for r in range(max(0, rank - 2), min(9, rank + 3))):
            out.append(t)
    return out
