"""Every way to read a hand: four sets and a pair, and the special forms.

Non-separation (Article 10, principle 2) lives here: each arrangement is one reading
of the tiles, and fans are detected inside one arrangement only, so tiles read as
pungs are never read as chows as well. The scorer keeps the best arrangement.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import product
from typing import NamedTuple

from .hand import Hand, Kind
from .tiles import HONORS, ORPHANS, Tile, run_text

REGULAR = "regular"
SEVEN_PAIRS = "seven-pairs"
THIRTEEN_ORPHANS = "thirteen-orphans"
HONORS_KNITTED = "honors-and-knitted"
KNITTED_STRAIGHT = "knitted-straight"

EDGE, CLOSED, SINGLE = "edge", "closed", "single"

# The six ways to lay 147, 258 and 369 over the three suits: (suit of 147, suit of 258, suit of 369).
KNITTED_SUITS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _knitted_tiles(order: tuple[int, int, int]) -> tuple[Tile, ...]:
    return tuple(suit * 9 + start + step for start, suit in enumerate(order) for step in (0, 3, 6))


KNITTED = {order: _knitted_tiles(order) for order in KNITTED_SUITS}
KNITTED_ALLOWED = {order: frozenset(tiles) | frozenset(HONORS) for order, tiles in KNITTED.items()}


def knitted_tiles(order: tuple[int, ...]) -> tuple[Tile, ...]:
    """The nine tiles of one knitted straight, e.g. 147m 258p 369s for order (0, 1, 2)."""
    return KNITTED[order]  # type: ignore[index]


_SIZE = {Kind.PUNG: 3, Kind.KONG: 4, Kind.PAIR: 2}


class Group(NamedTuple):
    """A set of an arrangement. ``concealed`` is False for melded sets and for a pung
    completed by a discarded winning tile; ``declared`` marks sets written in brackets."""

    kind: Kind
    tile: Tile
    concealed: bool
    declared: bool = False

    @property
    def tiles(self) -> tuple[Tile, ...]:
        t = self.tile
        if self.kind is Kind.CHOW:
            return (t, t + 1, t + 2)
        if self.kind is Kind.KNITTED:
            return (t, t + 3, t + 6)
        return (t,) * _SIZE[self.kind]

    def text(self) -> str:
        return run_text(self.tiles)


class Arrangement(NamedTuple):
    """One reading of a hand. ``win`` is the index of the group holding the winning
    tile (-1 when the form has no groups); ``wait`` its shape (edge, closed, single or None)."""

    form: str
    groups: tuple[Group, ...]
    win: int
    wait: str | None


# --- regular hands: per-suit splits, cached on the suit's 9 counts ---------------------------------------------

Split = tuple[tuple[Kind, int], ...]  # (kind, rank index 0-8) groups of one suit


@lru_cache(maxsize=8192)
def _suit_splits(counts: tuple[int, ...]) -> tuple[tuple[Split, bool], ...]:
    """Every split of one suit's counts into chows, pungs and at most one pair.

    Returns (groups, has_pair) pairs; empty tuple when no split exists.
    """
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return (((), False),)
    out: list[tuple[Split, bool]] = []
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        out += [(((Kind.PUNG, i),) + rest, p) for rest, p in _suit_splits(tuple(c))]
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        out += [(((Kind.CHOW, i),) + rest, p) for rest, p in _suit_splits(tuple(c))]
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    if c[i] >= 2:
        c[i] -= 2
        out += [(((Kind.PAIR, i),) + rest, True) for rest, p in _suit_splits(tuple(c)) if not p]
        c[i] += 2
    return tuple(dict.fromkeys(out))


def regular_splits(counts: list[int] | tuple[int, ...]) -> list[tuple[tuple[Kind, Tile], ...]]:
    """All splits of concealed ``counts`` (34 kinds) into sets plus exactly one pair."""
    choices = []
    for suit in range(3):
        base = suit * 9
        splits = _suit_splits(tuple(counts[base : base + 9]))
        if not splits:
            return []
        choices.append([(tuple((k, base + r) for k, r in g), p) for g, p in splits])
    honors: list[tuple[Kind, Tile]] = []
    honor_pairs = 0
    for t in HONORS:
        n = counts[t]
        if n == 3:
            honors.append((Kind.PUNG, t))
        elif n == 2:
            honors.append((Kind.PAIR, t))
            honor_pairs += 1
        elif n:
            return []
    if honor_pairs > 1:
        return []
    out = []
    for combo in product(*choices):
        pairs = honor_pairs + sum(p for _, p in combo)
        if pairs == 1:
            out.append(tuple(g for groups, _ in combo for g in groups) + tuple(honors))
    return out


@lru_cache(maxsize=8192)
def _suit_pairs(counts: tuple[int, ...]) -> frozenset[bool]:
    """For one suit's counts: whether a split exists without a pair (False) and/or with one (True)."""
    return frozenset(p for _, p in _suit_splits(counts))


def is_regular_complete(counts: list[int]) -> bool:
    """True when ``counts`` splits into sets plus exactly one pair."""
    statuses = [_suit_pairs(tuple(counts[b : b + 9])) for b in (0, 9, 18)]
    return _one_pair(statuses, _honor_pairs(counts))


# --- the special forms -----------------------------------------------------------------------------------------


def is_seven_pairs(counts: list[int]) -> bool:
    return sum(counts) == 14 and all(n in (0, 2, 4) for n in counts)


def is_thirteen_orphans(counts: list[int]) -> bool:
    return all(counts[t] for t in ORPHANS) and sum(counts[t] for t in ORPHANS) == 14 == sum(counts)


def honors_knitted_order(counts: list[int]) -> tuple[int, int, int] | None:
    """The knitted layout of an Honors-and-Knitted hand (14 different tiles), or None."""
    if max(counts) > 1 or sum(counts) != 14:
        return None
    present = [t for t in range(27) if counts[t]]
    for order, allowed in KNITTED_ALLOWED.items():
        if all(t in allowed for t in present):
            return order
    return None


def knitted_straight_rest(counts: list[int]) -> list[tuple[tuple[int, int, int], list[int]]]:
    """For each knitted layout fully present, the counts left after removing its nine tiles."""
    out = []
    for order, tiles in KNITTED.items():
        if all(counts[t] for t in tiles):
            rest = list(counts)
            for t in tiles:
                rest[t] -= 1
            out.append((order, rest))
    return out


def _neighbours(t: Tile) -> int:
    if t >= 27:
        return 1 << t
    r = t % 9
    return sum(1 << (t - r + k) for k in range(max(0, r - 2), min(9, r + 3)))


NEIGHBOURS = tuple(_neighbours(t) for t in range(34))


def _candidates(counts: list[int]) -> list[Tile]:
    """Tiles that could help a regular split: held ones and suit neighbours within two ranks."""
    near = 0
    for t in range(34):
        if counts[t]:
            near |= NEIGHBOURS[t]
    return [t for t in range(34) if near >> t & 1]


def _honor_pairs(counts: list[int]) -> int:
    """Pairs among the honours (each honour held 0, 2 or 3 times), or -1 when they fit no split."""
    pairs = 0
    for t in HONORS:
        n = counts[t]
        if n == 2:
            pairs += 1
        elif n and n != 3:
            return -1
    return pairs


def _one_pair(statuses: list[frozenset[bool]], honor_pairs: int) -> bool:
    """Do the suits' split options and the honours' pairs make exactly one pair in all?"""
    if honor_pairs < 0 or honor_pairs > 1 or not all(statuses):
        return False
    if honor_pairs == 1:
        return all(False in st for st in statuses)
    return any(True in statuses[k] and all(False in statuses[j] for j in range(3) if j != k) for k in range(3))


def iter_waiting_tiles(hand: Hand) -> Iterator[Tile]:
    """Yield each tile kind that would complete the hand's 13 tiles (ignoring how many copies
    exist), regular completions first; a kind may be yielded more than once."""
    counts = [0] * 34
    for t in hand.standing:
        counts[t] += 1
    n_melds = len(hand.melds)
    keys = [tuple(counts[b : b + 9]) for b in (0, 9, 18)]
    statuses = [_suit_pairs(k) for k in keys]
    honor_pairs = _honor_pairs(counts)
    candidates = _candidates(counts)
    for t in candidates:
        if t < 27:
            suit = t // 9
            key = list(keys[suit])
            key[t % 9] += 1
            trial = list(statuses)
            trial[suit] = _suit_pairs(tuple(key))
            if _one_pair(trial, honor_pairs):
                yield t
        else:
            counts[t] += 1
            complete = _one_pair(statuses, _honor_pairs(counts))
            counts[t] -= 1
            if complete:
                yield t
    if n_melds == 0:
        singles = [t for t in range(34) if counts[t] % 2]
        if len(singles) == 1:
            yield singles[0]  # seven pairs: the one odd tile
        if sum(counts[t] for t in ORPHANS) == 13 and max(counts[t] for t in ORPHANS) <= 2:
            missing = [t for t in ORPHANS if not counts[t]]
            if len(missing) <= 1:
                yield from missing if missing else ORPHANS
        if max(counts) == 1:
            present = [t for t in range(27) if counts[t]]
            for allowed in KNITTED_ALLOWED.values():
                if all(t in allowed for t in present):
                    yield from (t for t in sorted(allowed) if not counts[t])
    if n_melds <= 1:
        for tiles in KNITTED.values():
            missing = [t for t in tiles if not counts[t]]
            if len(missing) > 1:
                continue
            for c in missing if missing else candidates:
                rest = list(counts)
                rest[c] += 1
                for t in tiles:
                    rest[t] -= 1
                if is_regular_complete(rest):
                    yield c


def waiting_tiles(hand: Hand) -> list[Tile]:
    """Every tile kind that would complete the hand's 13 tiles, ignoring how many copies exist.

    >>> from scorer.notation import parse
    >>> from scorer.tiles import name
    >>> [name(t) for t in waiting_tiles(parse("1113m456p789p234s2m"))]
    ['2m', '3m']
    """
    return sorted(set(iter_waiting_tiles(hand)))


# --- arrangements of a hand ------------------------------------------------------------------------------------


def _wait_shape(kind: Kind, start: Tile, win: Tile) -> str | None:
    if kind is Kind.PAIR:
        return SINGLE
    if kind is Kind.CHOW:
        if win == start + 1:
            return CLOSED
        rank = start % 9
        if (rank == 0 and win == start + 2) or (rank == 6 and win == start):
            return EDGE
    return None


def _with_win(
    form: str, declared: tuple[Group, ...], concealed: tuple[tuple[Kind, Tile], ...], hand: Hand
) -> list[Arrangement]:
    """One arrangement per distinct concealed group the winning tile can sit in."""
    w = hand.winning
    discard = not hand.situation.self_drawn
    out = []
    seen = set()
    for i, (kind, t) in enumerate(concealed):
        tiles = Group(kind, t, True).tiles
        if w not in tiles or (kind, t) in seen:
            continue
        seen.add((kind, t))
        groups = tuple(Group(k, s, not (j == i and discard and k is Kind.PUNG)) for j, (k, s) in enumerate(concealed))
        out.append(Arrangement(form, declared + groups, len(declared) + i, _wait_shape(kind, t, w)))
    return out


def _declared_groups(hand: Hand) -> tuple[Group, ...]:
    return tuple(Group(m.kind, m.tile, m.concealed, True) for m in hand.melds)


def arrangements(hand: Hand) -> list[Arrangement]:
    """Every reading of a complete hand, regular forms first. Empty when the hand is not complete."""
    counts = [0] * 34
    for t in hand.concealed_tiles:
        counts[t] += 1
    declared = _declared_groups(hand)
    out: list[Arrangement] = []
    for split in regular_splits(counts):
        out += _with_win(REGULAR, declared, split, hand)
    distinct_suited = sum(1 for t in range(27) if counts[t])
    if not hand.melds:
        if is_seven_pairs(counts):
            pairs = tuple((Kind.PAIR, t) for t in range(34) for _ in range(counts[t] // 2))
            groups = tuple(Group(Kind.PAIR, t, True) for _, t in pairs)
            win = next(i for i, g in enumerate(groups) if g.tile == hand.winning)
            out.append(Arrangement(SEVEN_PAIRS, groups, win, None))
        if distinct_suited <= 6 and is_thirteen_orphans(counts):
            out.append(Arrangement(THIRTEEN_ORPHANS, (), -1, None))
        order = honors_knitted_order(counts) if max(counts) == 1 else None
        if order is not None:
            knitted = tuple(Group(Kind.KNITTED, suit * 9 + start, True) for start, suit in enumerate(order))
            out.append(Arrangement(HONORS_KNITTED, knitted, -1, None))
    if len(hand.melds) <= 1 and distinct_suited >= 9:
        for order, rest in knitted_straight_rest(counts):
            knitted = tuple(Group(Kind.KNITTED, suit * 9 + start, True) for start, suit in enumerate(order))
            for split in regular_splits(rest):
                for a in _with_win(KNITTED_STRAIGHT, declared + knitted, split, hand):
                    out.append(a)
                if hand.winning in knitted_tiles(order):
                    groups = declared + knitted + tuple(Group(k, t, True) for k, t in split)
                    out.append(Arrangement(KNITTED_STRAIGHT, groups, -1, None))
    return out
