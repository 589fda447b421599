"""Shanten: how many tiles a hand's standing tiles are from ready, in every MCR form.

The count is the usual one, "tiles from ready": 0 is a ready hand (one tile wins), 1 needs one useful tile
to be ready, and so on; -1 is a complete hand. It is read on the standing tiles of a hand of 13 or of 14
(the sets a player declared count as complete, three tiles each): with 13 the hand waits; with 14, a
discard away from it, the count is that of the best discard, so 14 tiles that do not win are ``shanten + 1``
tiles from a win (each useful tile drawn for one discarded).

The forms (:data:`FORMS`, the scorer's names): four sets and a pair (declared sets counted); Seven Pairs
(four of a kind is two of its pairs, as in MCR); Thirteen Orphans; Honours and Knitted Tiles (lesser; the
greater one, all seven honours, is :func:`greater_honors_knitted_shanten`, never closer); and the Knitted
Straight with a set and a pair (one of them may be declared). The special forms need a concealed hand.

>>> from scorer.notation import parse
>>> counts = [0] * 34
>>> for t in parse("123m456m789m123p5p5p|EE0000").standing:  # 123m 456m 789m 123p 5p, waiting on 5p
...     counts[t] += 1
>>> shanten(counts), shanten_by_form(counts)["seven-pairs"]
(0, 6)
>>> useful_tiles(counts)
(13,)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from .errors import InvalidHand
from .special_forms import KNITTED_LAYOUTS
from .tiles import HONORS, ORPHANS, Tile, name

REGULAR: Final = "regular"
SEVEN_PAIRS: Final = "seven-pairs"
THIRTEEN_ORPHANS: Final = "thirteen-orphans"
HONORS_KNITTED: Final = "honors-and-knitted"
KNITTED_STRAIGHT: Final = "knitted-straight"
FORMS: Final = (REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT)
NOT_THIS_FORM: Final = 99  # the count of a form the hand cannot take (its declared sets rule it out)

# A block count: (complete sets, partial sets, pair kept for the pair). Partial sets are two tiles one tile
# from a set: a pair, two neighbours, two tiles one apart.
Blocks = tuple[int, int, int]


def shanten(counts: object, declared: object = 0) -> int:
    """Tiles from ready (0 ready, -1 complete) of the standing tiles ``counts`` (how many of each of the 34
    tiles, as the scorer counts them) with ``declared`` sets declared, in its closest form."""
    c, d = _checked(counts, declared)
    return min(_form_shanten(c, d, form) for form in FORMS)


def shanten_by_form(counts: object, declared: object = 0) -> dict[str, int]:
    """:func:`shanten` in each form of :data:`FORMS`; :data:`NOT_THIS_FORM` for a form the declared sets rule
    out."""
    c, d = _checked(counts, declared)
    return {form: _form_shanten(c, d, form) for form in FORMS}


def _form_shanten(c: list[int], declared: int, form: str) -> int:
    """:func:`shanten` of checked counts in one form."""
    if form == REGULAR:
        return regular_shanten(c, 4 - declared)
    if form == KNITTED_STRAIGHT:
        return knitted_straight_shanten(c, declared) if declared <= 1 else NOT_THIS_FORM
    if declared:
        return NOT_THIS_FORM
    if form == SEVEN_PAIRS:
        return seven_pairs_shanten(c)
    return thirteen_orphans_shanten(c) if form == THIRTEEN_ORPHANS else honors_knitted_shanten(c)


def useful_tiles(counts: object, declared: object = 0, form: object = None) -> tuple[Tile, ...]:
    """For a hand that waits (13 tiles, declared sets counted), the tiles that bring it closer: each tile of
    which the standing tiles hold fewer than four whose draw lowers :func:`shanten` (for a ready hand, the
    tiles that complete it); with ``form``, the count in that form of :data:`FORMS` alone."""
    c, d = _waiting(counts, declared)
    if form is None:
        return _closer(c, d, FORMS)[1]
    if not isinstance(form, str) or form not in FORMS:
        raise InvalidHand("unknown form %(form)s: expected one of %(forms)s", form=repr(form), forms=", ".join(FORMS))
    return _closer(c, d, (form,))[1]


def shanten_and_useful_tiles(counts: object, declared: object = 0) -> tuple[int, tuple[Tile, ...]]:
    """:func:`shanten` and :func:`useful_tiles` of a hand that waits, each form counted once for both.

    >>> counts = [0] * 34
    >>> for t in (0, 1, 2, 4, 5, 6, 9, 10, 11, 12, 14, 30, 31):  # 123m 567m 1234p 6p N C: one tile from ready
    ...     counts[t] += 1
    >>> shanten_and_useful_tiles(counts)
    (1, (13, 30, 31))
    """
    c, d = _waiting(counts, declared)
    return _closer(c, d, FORMS)


def _closer(c: list[int], declared: int, forms: Sequence[str]) -> tuple[int, tuple[Tile, ...]]:
    """The count of checked counts ``c`` in the closest of ``forms``, and the tiles whose draw lowers it.

    A draw lowers a form's count by one at most, so only the forms already at the count can lower it, and in each
    only some tiles can: in four sets and a pair (:func:`_regular_closer`) a tile near a standing tile of its suit;
    in the Knitted Straight a layout's tile missing, or a tile that brings the rest closer to its set and pair; in
    Seven Pairs a tile held an odd number of times; in Thirteen Orphans an orphan; in Honours and Knitted Tiles
    any tile, tried in turn."""
    by_form = {f: _form_shanten(c, declared, f) for f in forms}
    now = min(by_form.values())
    out: set[Tile] = set()
    for form, n in by_form.items():
        if n != now or n == NOT_THIS_FORM:
            continue
        if form == REGULAR:
            out |= _regular_closer(c, 4 - declared, now)
        elif form == KNITTED_STRAIGHT:
            for _, tiles, _ in KNITTED_LAYOUTS:
                rest, missing = _knitted_rest(c, tiles)
                if len(missing) + regular_shanten(rest, 1 - declared) == now:
                    out.update(missing)
                    out |= {t for t in _regular_closer(rest, 1 - declared, now - len(missing)) if c[t] < 4}
        else:
            candidates: Sequence[Tile] = range(34)
            if form == SEVEN_PAIRS:
                candidates = [t for t in range(34) if c[t] % 2]
            elif form == THIRTEEN_ORPHANS:
                candidates = ORPHANS
            for t in candidates:
                if c[t] < 4 and t not in out:
                    c[t] += 1
                    if _form_shanten(c, declared, form) < now:
                        out.add(t)
                    c[t] -= 1
    return now, tuple(sorted(out))


def _regular_closer(c: list[int], sets: int, now: int) -> set[Tile]:
    """The tiles whose draw brings ``c``, at ``now`` as ``sets`` sets and a pair, closer: only a tile within two
    ranks of a standing tile of its suit (an honour only when it stands) can, for it alone joins a set, a pair or a
    partial set. A draw changes one suit's (or the honours') block counts: the others' are combined once."""
    parts = _groups(c)
    others = [_combine(parts[:g] + parts[g + 1 :]) for g in range(4)]
    out = set()
    for t in _near(c):
        if c[t] >= 4:
            continue
        g = t // 9  # a suit, or 3: the honours
        c[t] += 1
        part = _suit_blocks(tuple(c[9 * g : 9 * g + 9])) if g < 3 else _honor_blocks(c)
        c[t] -= 1
        if _value(_combine([others[g], part]), sets) < now:
            out.add(t)
    return out


def _near(c: list[int]) -> list[Tile]:
    """The suit tiles within two ranks of a standing tile of their suit, and the honours standing."""
    out = []
    for t in range(34):
        if t >= 27:
            if c[t]:
                out.append(t)
            continue
        low, rank = t - t % 9, t % 9
        if any(c[low + r] for r in range(max(0, rank - 2), min(9, rank + 3))):
            out.append(t)
    return out


def _waiting(counts: object, declared: object) -> tuple[list[int], int]:
    """:func:`_checked` counts of a hand that waits (13 tiles, declared sets counted)."""
    c, d = _checked(counts, declared)
    if sum(c) % 3 != 1:
        raise InvalidHand("useful tiles: give a hand that waits (13 tiles, declared sets counted), not a complete one")
    return c, d


def _checked(counts: object, declared: object) -> tuple[list[int], int]:
    """``counts`` as a list and ``declared``, after checking they are the standing tiles of a hand of 13 or 14 and
    its declared sets. Typed ``object``: compiled (``setup.py``), a typed parameter would answer a wrong type
    with a TypeError before this check could."""
    if isinstance(declared, bool) or not isinstance(declared, int) or not 0 <= declared <= 4:
        raise InvalidHand("declared sets: expected a whole number from 0 to 4, not %(value)s", value=repr(declared))
    if not isinstance(counts, list | tuple) or len(counts) != 34:
        raise InvalidHand(
            "tile counts: expected 34 counts, one for each tile, not %(type)s", type=type(counts).__name__
        )
    c: list[int] = []
    for t, n in enumerate(counts):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 4:
            raise InvalidHand("tile counts: %(tile)s is held %(n)s times: expected 0 to 4", tile=name(t), n=repr(n))
        c.append(n)
    held, expected = sum(c), 13 - 3 * declared
    if held not in (expected, expected + 1):
        raise InvalidHand(
            "%(held)s standing tiles with %(declared)s declared sets: expected %(expected)s or %(more)s",
            held=held,
            declared=declared,
            expected=expected,
            more=expected + 1,
        )
    return c, declared


def regular_shanten(counts: Sequence[int], sets: int) -> int:
    """Tiles from ready of ``counts`` as ``sets`` sets and a pair (``2 * sets - 2 * complete - partial - pair``,
    partial sets counted up to the sets still missing), from the best split of each suit and honour."""
    return _value(_combine(_groups(counts)), sets)


def _value(best: frozenset[Blocks], sets: int) -> int:
    """:func:`regular_shanten` of the best block counts of a whole hand."""
    value = 0
    for m, t, p in best:
        m = min(m, sets)
        value = max(value, 2 * m + min(t, sets - m) + p)
    return 2 * sets - value


def _groups(counts: Sequence[int]) -> list[frozenset[Blocks]]:
    """The best block counts of each suit, then of the honours together."""
    return [_suit_blocks(tuple(counts[s : s + 9])) for s in (0, 9, 18)] + [_honor_blocks(counts)]


def _honor_blocks(counts: Sequence[int]) -> frozenset[Blocks]:
    return _combine([_HONOR_BLOCKS[counts[t]] for t in HONORS])


def seven_pairs_shanten(counts: Sequence[int]) -> int:
    """Tiles from ready as Seven Pairs: four of a kind are two pairs."""
    return 6 - sum(n // 2 for n in counts)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    """Tiles from ready as Thirteen Orphans: the orphans held, and one of them twice."""
    kinds = sum(1 for t in ORPHANS if counts[t])
    pair = any(counts[t] >= 2 for t in ORPHANS)
    return 13 - kinds - pair


def honors_knitted_shanten(counts: Sequence[int]) -> int:
    """Tiles from ready as Honours and Knitted Tiles: fourteen different tiles of one knitted layout and the
    honours."""
    honors = sum(1 for t in HONORS if counts[t])
    knitted = max(sum(1 for t in tiles if counts[t]) for _, tiles, _ in KNITTED_LAYOUTS)
    return 13 - min(honors + knitted, 14)


def greater_honors_knitted_shanten(counts: Sequence[int]) -> int:
    """Tiles from ready as Greater Honours and Knitted Tiles: the seven honours and seven knitted tiles."""
    honors = sum(1 for t in HONORS if counts[t])
    knitted = max(sum(1 for t in tiles if counts[t]) for _, tiles, _ in KNITTED_LAYOUTS)
    return 13 - honors - min(knitted, 7)


def knitted_straight_shanten(counts: Sequence[int], declared: int = 0) -> int:
    """Tiles from ready as a Knitted Straight with a set (declared or not) and a pair: for each layout, its
    nine tiles missing plus the rest's count as the one set still needed and a pair."""
    best = NOT_THIS_FORM
    for _, tiles, _ in KNITTED_LAYOUTS:
        rest, missing = _knitted_rest(counts, tiles)
        best = min(best, len(missing) + regular_shanten(rest, 1 - declared))
    return best


def _knitted_rest(counts: Sequence[int], tiles: Sequence[Tile]) -> tuple[list[int], list[Tile]]:
    """The counts left once a layout's nine tiles are taken out, and the layout's tiles missing."""
    rest = list(counts)
    missing = []
    for t in tiles:
        if rest[t]:
            rest[t] -= 1
        else:
            missing.append(t)
    return rest, missing


# ----------------------------------------------------------------------------------------- block counts


def _pareto(options: set[Blocks]) -> frozenset[Blocks]:
    """The counts not bettered by another with as many complete and partial sets and the same pair."""
    return frozenset(
        o for o in options if not any(q != o and q[2] == o[2] and q[0] >= o[0] and q[1] >= o[1] for q in options)
    )


@lru_cache(maxsize=8192)
def _suit_blocks(suit: tuple[int, ...]) -> frozenset[Blocks]:
    """Every best block count of one suit's nine counts (or one honour's, as a tuple of one)."""
    i = next((k for k, n in enumerate(suit) if n), -1)
    if i < 0:
        return frozenset({(0, 0, 0)})
    options: set[Blocks] = set()
    c = list(suit)

    def take(tiles: tuple[int, ...], add: Blocks) -> None:
        for t in tiles:
            c[t] -= 1
        for m, t, p in _suit_blocks(tuple(c)):
            if p + add[2] <= 1:
                options.add((m + add[0], t + add[1], p + add[2]))
        for t in tiles:
            c[t] += 1

    n = len(suit)
    if c[i] >= 3:
        take((i, i, i), (1, 0, 0))
    if c[i] >= 2:
        take((i, i), (0, 0, 1))
        take((i, i), (0, 1, 0))
    if i + 2 < n and c[i + 1] and c[i + 2]:
        take((i, i + 1, i + 2), (1, 0, 0))
    if i + 1 < n and c[i + 1]:
        take((i, i + 1), (0, 1, 0))
    if i + 2 < n and c[i + 2]:
        take((i, i + 2), (0, 1, 0))
    take((i,), (0, 0, 0))  # the tile left alone
    return _pareto(options)


_HONOR_BLOCKS: Final = tuple(_suit_blocks((n,)) for n in range(5))


def _combine(parts: list[frozenset[Blocks]]) -> frozenset[Blocks]:
    """The best block counts of the whole hand from those of its suits and honours (one pair at most)."""
    total: frozenset[Blocks] = frozenset({(0, 0, 0)})
    for part in parts:
        if part == _HONOR_BLOCKS[0]:
            continue
        total = _pareto({(m + m2, t + t2, p + p2) for m, t, p in total for m2, t2, p2 in part if p + p2 <= 1})
    return total
