"""Every way to read a hand: four sets and a pair, and the special forms (whether a suit splits at all, without
listing how, is :mod:`scorer.suit_status`).

Non-separation (Article 10, principle 2) lives here: each arrangement is one reading
of the tiles, and fans are detected inside one arrangement only, so tiles read as
pungs are never read as chows as well. The scorer keeps the best arrangement.

Compiled with mypyc in a wheel (``setup.py``). What the compiler needs: module constants ``Final`` (the
forms, the wait shapes, the group tables, the masks), so compiled code reads them without a dictionary
lookup; :class:`Group` and :class:`Arrangement` are plain classes with ``__slots__`` and their own
``__init__`` (native classes once compiled: a field read is a C field read, and making one runs no Python);
a group is made once and shared, so groups compare by identity; tile sets are small integer bit sets (bit t
for tile t), plain C arithmetic once compiled.
"""

from __future__ import annotations

from typing import Final

from .caches import new_cache, remember
from .hand import Hand, Kind, Meld
from .special_forms import (
    KNITTED_SUITS,
    ORPHAN_MASK,
    SUITED_MASK,
    holds_odd,
    honors_knitted_order,
    is_seven_pairs,
    is_thirteen_orphans,
    knitted_straight_rest,
    knitted_tiles,
)
from .suit_status import suit_code
from .tiles import Tile, run_text, set_place

# The kinds of set this library compares, as names of its own: hand.py, whose classes callers build, is not
# compiled, and compiled code reads a Final of a compiled module as a C value rather than looking its name up.
CHOW: Final = Kind.CHOW
PUNG: Final = Kind.PUNG
KONG: Final = Kind.KONG
PAIR: Final = Kind.PAIR
# Their values as plain ints (set_place's kind), read without converting the enum.
CHOW_NUMBER: Final = int(Kind.CHOW)
PUNG_NUMBER: Final = int(Kind.PUNG)
KONG_NUMBER: Final = int(Kind.KONG)

REGULAR: Final = "regular"
SEVEN_PAIRS: Final = "seven-pairs"
THIRTEEN_ORPHANS: Final = "thirteen-orphans"
HONORS_KNITTED: Final = "honors-and-knitted"
KNITTED_STRAIGHT: Final = "knitted-straight"

EDGE: Final = "edge"
CLOSED: Final = "closed"
SINGLE: Final = "single"

_SIZE: Final = {Kind.PUNG: 3, Kind.KONG: 4, Kind.PAIR: 2}


class Group:
    """A set of an arrangement. ``concealed`` is False for melded sets and for a pung
    completed by a discarded winning tile; ``declared`` marks sets written in brackets;
    ``mask`` is the set's tiles as a bit set (bit t for tile t), ``copies`` how many of each of
    them it holds, ``label`` its text (``123m``) and ``label_id`` a number for that text (below 256: groups of
    one text have one number). Every group is made once, in :data:`GROUPS`, and arrangements take theirs from
    there: two equal groups are one object."""

    __slots__ = ("kind", "tile", "concealed", "declared", "mask", "copies", "label", "label_id")

    def __init__(
        self, kind: Kind, tile: Tile, concealed: bool, declared: bool, mask: int, copies: int, label: str
    ) -> None:
        self.kind = kind
        self.tile = tile
        self.concealed = concealed
        self.declared = declared
        self.mask = mask
        self.copies = copies
        self.label = label
        self.label_id = int(kind) * 34 + tile

    def __repr__(self) -> str:
        return f"Group({self.kind.name}, {self.tile}, concealed={self.concealed}, declared={self.declared})"

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return GROUP_TILES[self.kind, self.tile]

    def text(self) -> str:
        return self.label


def _group_tiles(kind: Kind, t: Tile) -> tuple[Tile, ...]:
    if kind is CHOW:
        return (t, t + 1, t + 2)
    if kind is Kind.KNITTED:
        return (t, t + 3, t + 6)
    return (t,) * _SIZE[kind]


def _group_starts(kind: Kind) -> range:
    """The tiles a group of ``kind`` can start on."""
    return range(34) if kind in _SIZE else range(27)


# Every group's tiles and text, and every group itself (by kind, tile, concealed, declared), made once:
# arrangements only look them up.
GROUP_TILES: Final[dict[tuple[Kind, Tile], tuple[Tile, ...]]] = {
    (k, t): _group_tiles(k, t) for k in Kind for t in _group_starts(k)
}
GROUP_TEXTS: Final[dict[tuple[Kind, Tile], str]] = {key: run_text(tiles) for key, tiles in GROUP_TILES.items()}
GROUPS: Final[dict[tuple[Kind, Tile, bool, bool], Group]] = {
    (k, t, c, d): Group(k, t, c, d, sum(1 << x for x in set(tiles)), tiles.count(t), GROUP_TEXTS[k, t])
    for (k, t), tiles in GROUP_TILES.items()
    for c in (False, True)
    for d in (False, True)
}


class Arrangement:
    """One reading of a hand. ``win`` is the index of the group holding the winning
    tile (-1 when the form has no groups); ``wait`` its shape (edge, closed, single or None)."""

    __slots__ = ("form", "groups", "win", "wait")

    def __init__(self, form: str, groups: tuple[Group, ...], win: int, wait: str | None) -> None:
        self.form = form
        self.groups = groups
        self.win = win
        self.wait = wait

    def __repr__(self) -> str:
        return f"Arrangement({self.form!r}, {self.groups!r}, win={self.win}, wait={self.wait!r})"


# --- regular hands: per-suit splits, cached on the suit's 9 counts ---------------------------------------------

# The concealed groups a split takes, by tile: list reads, where a dictionary keyed by (kind, tile, ...) would
# hash a tuple for every group.
HIDDEN_PUNGS: Final = tuple(GROUPS[PUNG, t, True, False] for t in range(34))
HIDDEN_CHOWS: Final = tuple(GROUPS[CHOW, t, True, False] for t in range(27))
HIDDEN_PAIRS: Final = tuple(GROUPS[PAIR, t, True, False] for t in range(34))
DISCARD_PUNGS: Final = tuple(GROUPS[PUNG, t, False, False] for t in range(34))  # completed by the winning discard

Split = tuple[tuple[Group, ...], bool]  # one suit's groups, and whether one of them is the pair
_splits: Final[dict[int, tuple[Split, ...]]] = new_cache()


def _suit_groups(code: int, base: Tile) -> tuple[Split, ...]:
    """Every split of one suit's counts (:func:`suit_code`) into chows, pungs and at most one pair, as
    concealed groups (the suit's tiles start at ``base``), each with whether it has the pair; empty when
    there is none.

    A depth-first search that reads the lowest tile left as a pung, then as the start of a chow, then
    as the pair, so the splits come in that order and each lists its groups as they were taken.
    """
    key = code << 5 | base
    found = _splits.get(key)
    if found is not None:
        return found
    c = [code >> 3 * r & 7 for r in range(9)]
    out: list[Split] = []
    _take(c, base, 0, False, [], out)
    splits = tuple(out)
    remember(_splits, key, splits)
    return splits


def _take(c: list[int], base: Tile, i: int, pair: bool, path: list[Group], out: list[Split]) -> None:
    """The search of :func:`_suit_groups` from rank ``i`` on, ``path`` holding the groups taken so far (a
    module function, not a closure: compiled, its recursive calls are plain C calls)."""
    while i < 9 and not c[i]:
        i += 1
    if i == 9:
        out.append((tuple(path), pair))
        return
    t = base + i
    if c[i] >= 3:
        c[i] -= 3
        path.append(HIDDEN_PUNGS[t])
        _take(c, base, i, pair, path, out)
        path.pop()
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        path.append(HIDDEN_CHOWS[t])
        _take(c, base, i, pair, path, out)
        path.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    if not pair and c[i] >= 2:
        c[i] -= 2
        path.append(HIDDEN_PAIRS[t])
        _take(c, base, i, True, path, out)
        path.pop()
        c[i] += 2


def regular_splits(counts: list[int], codes: tuple[int, int, int] | None = None) -> list[tuple[Group, ...]]:
    """All splits of concealed ``counts`` (34 kinds) into sets plus exactly one pair, as concealed groups
    (``codes``: the three suits' :func:`suit_code`, when known)."""
    if codes is None:
        codes = (suit_code(counts, 0), suit_code(counts, 9), suit_code(counts, 18))
    first = _suit_groups(codes[0], 0)
    if not first:
        return []
    second = _suit_groups(codes[1], 9)
    if not second:
        return []
    third = _suit_groups(codes[2], 18)
    if not third:
        return []
    honors: list[Group] = []
    honor_pairs = 0
    for t in range(27, 34):
        n = counts[t]
        if n == 3:
            honors.append(HIDDEN_PUNGS[t])
        elif n == 2:
            honors.append(HIDDEN_PAIRS[t])
            honor_pairs += 1
        elif n:
            return []
    if honor_pairs > 1:
        return []
    # (each split read by index: unpacking a split compiles to a generic iterator)
    if len(first) == len(second) == len(third) == 1:  # one split in each suit: the usual case
        a, b, c = first[0], second[0], third[0]
        if honor_pairs + a[1] + b[1] + c[1] != 1:
            return []
        return [a[0] + b[0] + c[0] + tuple(honors)] if honors else [a[0] + b[0] + c[0]]
    out = []
    rest = tuple(honors)
    for a in first:
        for b in second:
            for c in third:
                if honor_pairs + a[1] + b[1] + c[1] == 1:
                    out.append(a[0] + b[0] + c[0] + rest)
    return out


# --- arrangements of a hand ------------------------------------------------------------------------------------


def _wait_shape(kind: Kind, start: Tile, win: Tile) -> str | None:
    if kind is PAIR:
        return SINGLE
    if kind is CHOW:
        if win == start + 1:
            return CLOSED
        rank = start % 9
        if (rank == 0 and win == start + 2) or (rank == 6 and win == start):
            return EDGE
    return None


def _with_win(
    form: str, declared: tuple[Group, ...], concealed: tuple[Group, ...], w: Tile, discard: bool
) -> list[Arrangement]:
    """One arrangement per distinct concealed group the winning tile ``w`` can sit in (``discard``: the hand
    was won on a discard)."""
    out = []
    seen = []
    for i, g in enumerate(concealed):
        if not g.mask >> w & 1 or g in seen:
            continue
        seen.append(g)
        kind, t = g.kind, g.tile
        these = concealed
        if discard and kind is PUNG:  # a pung completed by a discard counts as melded
            these = concealed[:i] + (DISCARD_PUNGS[t],) + concealed[i + 1 :]
        out.append(Arrangement(form, declared + these, len(declared) + i, _wait_shape(kind, t, w)))
    return out


# The declared sets' groups by tile: ``[2 * t]`` melded, ``[2 * t + 1]`` concealed (a concealed kong).
DECLARED_CHOWS: Final = tuple(GROUPS[CHOW, t // 2, t % 2 == 1, True] for t in range(54))
DECLARED_PUNGS: Final = tuple(GROUPS[PUNG, t // 2, t % 2 == 1, True] for t in range(68))
DECLARED_KONGS: Final = tuple(GROUPS[KONG, t // 2, t % 2 == 1, True] for t in range(68))


def declared_groups(hand: Hand) -> tuple[Group, ...]:
    """The declared sets as groups, in canonical order (by tile, then chow, pung, kong): a hand reads the
    same whatever order its sets were written in."""
    return groups_of_melds(hand.melds)


def groups_of_melds(melds: tuple[Meld, ...]) -> tuple[Group, ...]:
    """:func:`declared_groups` of a hand with these declared sets."""
    if not melds:
        return ()
    out: list[Group] = []
    places: list[int] = []  # each set's place in canonical order, as one number
    in_order = True
    for m in melds:
        kind = m.kind
        tile = m.tile
        offer = m.offer
        if kind is CHOW:
            table, number = DECLARED_CHOWS, CHOW_NUMBER
        elif kind is PUNG:
            table, number = DECLARED_PUNGS, PUNG_NUMBER
        else:
            table, number = DECLARED_KONGS, KONG_NUMBER
        out.append(table[2 * tile + (offer == 0)])
        place = set_place(tile, number, offer)
        if places and place < places[-1]:
            in_order = False
        places.append(place)
    if in_order:
        return tuple(out)
    return tuple(g for _, _, g in sorted(zip(places, range(len(out)), out, strict=True)))


# Each knitted layout's three groups (147, 258 and 369 in the suits the order gives), by order.
KNITTED_GROUPS: Final = {
    order: tuple(GROUPS[Kind.KNITTED, suit * 9 + start, True, False] for start, suit in enumerate(order))
    for order in KNITTED_SUITS
}


def _knitted_groups(order: tuple[int, int, int]) -> tuple[Group, ...]:
    return KNITTED_GROUPS[order]


class Concealed:
    """The standing tiles and the winning tile: ``counts`` (how many of each of the 34 kinds), ``held`` (those
    kinds as a bit set, bit t for tile t), ``codes`` (each suit's :func:`suit_code`, worked out as the tiles are
    counted), ``top`` (the largest count) and ``winning``."""

    __slots__ = ("counts", "held", "codes", "top", "winning")

    def __init__(self, counts: list[int], held: int, codes: tuple[int, int, int], top: int, winning: Tile) -> None:
        self.counts = counts
        self.held = held
        self.codes = codes
        self.top = top
        self.winning = winning


def concealed_counts(hand: Hand) -> Concealed:
    """What the standing tiles and the winning tile hold (:class:`Concealed`)."""
    return count_concealed(hand.standing, hand.winning)


def count_concealed(standing: tuple[Tile, ...], w: Tile) -> Concealed:
    """:func:`concealed_counts` of a hand with these standing tiles and winning tile ``w`` (each run of one tile
    in ``standing``, which the notation and the checks keep sorted, is counted at once)."""
    counts = [0] * 34
    held = 0
    top = 0
    code0 = code1 = code2 = 0
    last = len(standing)
    k = 0
    while k <= last:
        t = standing[k] if k < last else w
        k += 1
        run = 1
        while k < last and standing[k] == t:
            run += 1
            k += 1
        n = counts[t] + run
        counts[t] = n
        if n > top:
            top = n
        held |= 1 << t
        if t < 9:
            code0 += run << 3 * t
        elif t < 18:
            code1 += run << 3 * (t - 9)
        elif t < 27:
            code2 += run << 3 * (t - 18)
    return Concealed(counts, held, (code0, code1, code2), top, w)


def arrangements(
    hand: Hand, concealed: Concealed | None = None, declared: tuple[Group, ...] | None = None
) -> list[Arrangement]:
    """Every reading of a complete hand, regular forms first. Empty when the hand is not complete.
    ``concealed``: :func:`concealed_counts` of the hand, ``declared``: :func:`declared_groups`, when already
    made (neither is changed)."""
    if concealed is None:
        concealed = concealed_counts(hand)
    if concealed.top > 7:  # as suit_code: a checked hand holds at most four of a kind, five with a tile added
        raise ValueError(f"{concealed.top} copies of one tile: not a hand (at most 4 of a kind)")
    counts = concealed.counts
    held = concealed.held
    if declared is None:
        declared = declared_groups(hand)
    w = concealed.winning
    discard = not hand.situation.self_drawn
    out: list[Arrangement] = []
    for split in regular_splits(counts, concealed.codes):
        out += _with_win(REGULAR, declared, split, w, discard)
    n_melds = len(declared)  # one group per declared set
    if n_melds > 1:
        return out
    distinct_suited = (held & SUITED_MASK).bit_count()
    if not n_melds:
        if not holds_odd(counts) and is_seven_pairs(counts):
            groups = tuple(GROUPS[PAIR, t, True, False] for t in range(34) for _ in range(counts[t] // 2))
            win = next(i for i, g in enumerate(groups) if g.tile == w)
            out.append(Arrangement(SEVEN_PAIRS, groups, win, None))
        if held & ORPHAN_MASK == ORPHAN_MASK and is_thirteen_orphans(counts):
            out.append(Arrangement(THIRTEEN_ORPHANS, (), -1, None))
        order = honors_knitted_order(counts) if concealed.top == 1 else None
        if order is not None:
            out.append(Arrangement(HONORS_KNITTED, _knitted_groups(order), -1, None))
    if distinct_suited >= 9:
        for order, rest in knitted_straight_rest(counts, held):
            knitted = _knitted_groups(order)
            for split in regular_splits(rest):
                for a in _with_win(KNITTED_STRAIGHT, declared + knitted, split, w, discard):
                    out.append(a)
                if w in knitted_tiles(order):
                    out.append(Arrangement(KNITTED_STRAIGHT, declared + knitted + split, -1, None))
    return out
