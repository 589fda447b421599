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
from typing import Final

from .block_counts import EMPTY, best_value, combine, group_draws, hand_groups, join
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

# A knitted layout of a hand in the Knitted Straight: the counts left once its nine tiles are taken out, its tiles
# missing, and the count of the hand in that layout.
Layout = tuple[list[int], list[Tile], int]


def shanten(counts: object, declared: object = 0) -> int:
    """Tiles from ready (0 ready, -1 complete) of the standing tiles ``counts`` (how many of each of the 34
    tiles, as the scorer counts them) with ``declared`` sets declared, in its closest form."""
    c, d = _checked(counts, declared)
    return min(_closest_forms(c, d, FORMS, []).values())


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

    A draw lowers a form's count by one at most, so only the forms already at the count can lower it, each through
    tiles read off its count: in four sets and a pair (:func:`_regular_closer`) a tile near a standing tile of its
    suit; in the Knitted Straight a layout's tile missing, or a tile that brings the rest closer to its set and
    pair; in Seven Pairs a tile held an odd number of times; in Thirteen Orphans an orphan missing, or any held when
    none is held twice; in Honours and Knitted Tiles an honour missing, or a tile missing from a layout that holds
    the most."""
    layouts: list[Layout] = []
    by_form = _closest_forms(c, declared, forms, layouts)
    now = min(by_form.values())
    out: set[Tile] = set()
    for form, n in by_form.items():
        if n != now or n == NOT_THIS_FORM:
            continue
        if form == REGULAR:
            out |= _regular_closer(c, 4 - declared, now)
        elif form == KNITTED_STRAIGHT:
            for rest, missing, count in layouts:
                if count == now:
                    out.update(missing)
                    out |= {t for t in _regular_closer(rest, 1 - declared, now - len(missing)) if c[t] < 4}
        elif form == SEVEN_PAIRS:
            out.update(t for t in range(34) if c[t] % 2)
        elif form == THIRTEEN_ORPHANS:
            paired = any(c[t] >= 2 for t in ORPHANS)
            out.update(t for t in ORPHANS if not c[t] or not paired)
        else:
            out.update(t for t in HONORS if not c[t])
            held = [sum(1 for t in tiles if c[t]) for _, tiles, _ in KNITTED_LAYOUTS]
            most = max(held)
            for k, (_, tiles, _) in enumerate(KNITTED_LAYOUTS):
                if held[k] == most:
                    out.update(t for t in tiles if not c[t])
    return now, tuple(sorted(out))


def _closest_forms(c: list[int], declared: int, forms: Sequence[str], layouts: list[Layout]) -> dict[str, int]:
    """The count of checked counts ``c`` in each of ``forms``, exact in those at the closest; the Knitted Straight
    last, its layouts that may be closest added to ``layouts`` (:func:`_knitted_layouts`)."""
    by_form = {f: _form_shanten(c, declared, f) for f in forms if f != KNITTED_STRAIGHT}
    if KNITTED_STRAIGHT in forms:
        bound = min(by_form.values(), default=NOT_THIS_FORM)
        by_form[KNITTED_STRAIGHT] = _knitted_layouts(c, declared, bound, layouts)
    return by_form


def _knitted_layouts(c: list[int], declared: int, bound: int, layouts: list[Layout]) -> int:
    """:func:`knitted_straight_shanten` of checked counts when it is ``bound`` or less (else some count above it),
    each layout that may count ``bound`` or less added to ``layouts``. The rest of a layout is at best -1 from a set
    and a pair, so a layout missing more than ``bound + 1`` tiles is passed over: it counts more than ``bound``."""
    if declared > 1:
        return NOT_THIS_FORM
    best = NOT_THIS_FORM
    for _, tiles, _ in KNITTED_LAYOUTS:
        if sum(1 for t in tiles if not c[t]) - 1 > bound:
            continue
        rest, missing = _knitted_rest(c, tiles)
        count = len(missing) + regular_shanten(rest, 1 - declared)
        layouts.append((rest, missing, count))
        best = min(best, count)
    return best


def _regular_closer(c: list[int], sets: int, now: int) -> set[Tile]:
    """The tiles whose draw brings ``c``, at ``now`` as ``sets`` sets and a pair, closer: only a tile within two
    ranks of a standing tile of its suit (an honour only when it stands) can, for it alone joins a set, a pair or a
    partial set. A draw changes one suit's (or the honours') block counts: the others' are combined once (from the
    groups before and after it), and each draw's new block counts (:func:`group_draws`) are weighed against them without
    combining."""
    parts = hand_groups(c)
    before = [EMPTY]  # before[g]: the groups before g combined; after[g]: those after g
    for g in range(3):
        before.append(join(before[g], parts[g]))
    after = [EMPTY] * 4
    for g in (2, 1, 0):
        after[g] = join(parts[g + 1], after[g + 1])
    target = 2 * sets - now  # the value a draw must beat
    out: set[Tile] = set()
    for g in range(4):
        draws = group_draws(c, g)
        if not draws:
            continue  # no tile of the group stands, or no draw changes its blocks
        others = join(before[g], after[g])
        for part, places in draws:
            if best_value(others, part, sets) > target:
                out.update(9 * g + k for k in places)
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
    parts = hand_groups(counts)
    return 2 * sets - best_value(combine(parts[:3]), parts[3], sets)


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
