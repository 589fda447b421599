"""What fan detectors read: one arrangement of a hand, with facts computed once.

Compiled with mypyc in a wheel (``setup.py``). What the compiler needs: :class:`HandFacts` and
:class:`View` are plain classes whose attributes are all set, typed, in ``__init__`` (``View`` lists them
in ``__slots__``), so compiled they are native classes and a detector's ``v.facts.mask`` is a C field read;
add an attribute there, never from outside. Constants are ``Final``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..arrange import CHOW, KONG, PAIR, PUNG, Arrangement, count_concealed, groups_of_melds
from ..hand import Hand
from ..hand_fields import HandFields
from ..tiles import Tile
from ..wait import waiting_mask

if TYPE_CHECKING:  # exclude.py reads this module's classes
    from .exclude import Rules

CHARACTERS: Final = (1 << 9) - 1  # the tiles of each suit, as bit sets
DOTS: Final = CHARACTERS << 9
BAMBOO: Final = CHARACTERS << 18
# The suits present, by a 3-bit code (bit s: suit s is present).
SUIT_SETS: Final = tuple(frozenset(s for s in range(3) if code >> s & 1) for code in range(8))

NO_TILES: Final[frozenset[Tile]] = frozenset()
Hits = list[tuple[int, ...]]  # each hit: the indices of the groups one instance of a fan uses


class HandFacts(HandFields):
    """Facts about the whole hand, shared by all its arrangements, beside its fields read once
    (:class:`~scorer.hand_fields.HandFields`). Made before the hand is checked (:func:`scorer.entry.score` hands
    it to the checks), so it reads any hand of the right types."""

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        win = self.winning
        held = count_concealed(self.standing, win)
        self.concealed_counts = held  # for arrangements() and the wait test, which only read it
        mask = held.held
        top = held.top
        declared = groups_of_melds(self.melds)
        self.declared = declared  # the same
        counts = list(held.counts)  # as Hand.counts(): kongs counted as four
        kong_tiles: list[Tile] = []
        n_concealed_kongs = 0
        concealed = True
        declared_copies_of_win = 0
        for g in declared:
            t = g.tile
            k = g.kind
            if k is CHOW:
                for u in range(t, t + 3):
                    n = counts[u] + 1
                    counts[u] = n
                    if n > top:
                        top = n
            else:
                n = counts[t] + g.copies
                counts[t] = n
                if n > top:
                    top = n
            mask |= g.mask  # the declared set's tiles
            concealed = concealed and g.concealed
            if k is KONG:
                kong_tiles.append(t)
                n_concealed_kongs += g.concealed
            if g.mask >> win & 1:
                declared_copies_of_win += g.copies
        self.counts = counts
        self.top = top  # the largest of counts
        self.mask = mask  # bit t: the hand holds tile t
        suits_present = (mask & CHARACTERS != 0) | (mask & DOTS != 0) << 1 | (mask & BAMBOO != 0) << 2  # bit s: suit s
        self.suits = SUIT_SETS[suits_present]
        self.has_honors = mask >> 27 != 0
        self.n_kongs = len(kong_tiles)
        self.n_concealed_kongs = n_concealed_kongs
        self.n_melded_kongs = self.n_kongs - n_concealed_kongs
        self.concealed = concealed
        self.kong_tiles = frozenset(kong_tiles) if kong_tiles else NO_TILES
        # Tiles held four times but not as a declared kong (the Tile Hog candidates).
        self.hog_tiles = tuple(t for t in range(34) if counts[t] == 4 and t not in self.kong_tiles) if top >= 4 else ()
        self.declared_copies_of_win = declared_copies_of_win
        drawn = self.self_drawn
        # The bits of scorer.mcr.fans.detector.HAND_BITS the hand has (self-drawn 1, discard 2, last of the wall 4,
        # kong 8, flowers 16, concealed 32, four of a kind 64): which detectors are worth running.
        self.bits = (
            (1 if drawn else 2)
            | self.last_of_wall << 2
            | self.kong << 3
            | (self.flowers > 0) << 4
            | concealed << 5
            | (len(self.hog_tiles) > 0) << 6
        )
        self._waits = -1  # the tiles the hand waited on (bit t for tile t), found when first asked; -1 until then

    def only_winning_tile_waits(self, fifth_tile_counts: bool) -> bool:
        """Did the hand wait on its winning tile alone? With ``fifth_tile_counts`` False, a
        tile whose four copies all stand in the hand is no wait (Starbäck 6.1)."""
        if self._waits < 0:
            self._waits = waiting_mask(self.hand, concealed=self.concealed_counts)
        others = self._waits & ~(1 << self.winning)
        if others and not fifth_tile_counts:
            standing = self.standing
            for t in set(standing):
                if others >> t & 1 and standing.count(t) >= 4:
                    others &= ~(1 << t)
        return not others


Pair = tuple[tuple[int, int], int, int]  # (the two group indices, the lower tile, the higher tile)
Triple = tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int], int]


def _pairs(sets: list[int], tiles: list[Tile]) -> list[Pair]:
    """Every two of the sets (their indices in order, and their tiles), with their tiles sorted."""
    out: list[Pair] = []
    n = len(sets)
    for x in range(n - 1):
        i = sets[x]
        a = tiles[x]
        for y in range(x + 1, n):
            b = tiles[y]
            out.append(((i, sets[y]), a, b) if a <= b else ((i, sets[y]), b, a))
    return out


def _sorted3(a: int, b: int, c: int) -> tuple[int, int, int]:
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
        if a > b:
            a, b = b, a
    return a, b, c


def _triples(sets: list[int], tiles: list[Tile]) -> list[Triple]:
    """Every three of the sets (their indices in order, and their tiles), with their tiles sorted, their
    ranks (0-8) sorted and how many suits they span (for honours, rank and suit are those of
    ``tile % 9, tile // 9``)."""
    out: list[Triple] = []
    n = len(sets)
    for x in range(n - 2):
        for y in range(x + 1, n - 1):
            for z in range(y + 1, n):
                low, mid, high = _sorted3(tiles[x], tiles[y], tiles[z])
                s0, s1, s2 = low // 9, mid // 9, high // 9
                suits = 1 + (s1 != s0) + (s2 != s0 and s2 != s1)
                out.append(((sets[x], sets[y], sets[z]), (low, mid, high), _sorted3(low % 9, mid % 9, high % 9), suits))
    return out


class View:
    """One arrangement of a hand as the detectors see it, under a profile (ask ``v.takes(RULING, POSITION)``).

    Besides the arrangement, a view holds what several detectors ask about its sets, worked out once:
    the chows and the pungs (kongs included) by index and tile (``pung_items`` pairs the two), the
    concealed pungs, how many pungs are of honours, the pair and its tile, and every two and every
    three of the chows and of the pungs with their tiles sorted (``chow_pairs``, ``chow_triples``,
    ``pung_pairs``, ``pung_triples``; a triple also has its sorted ranks and the number of suits; the chows' pairs
    and the triples are listed when a detector first asks, as most arrangements' ``chow_shapes`` and
    ``pung_shapes`` rule every fan of two or three chows, or of three pungs, out).
    The detectors then mostly filter these short lists.
    """

    __slots__ = (
        "facts",
        "arr",
        "profile",
        "answers",
        "groups",
        "chows",
        "pungs",
        "pair",
        "pair_tile",
        "form",
        "chow_tiles",
        "pung_tiles",
        "pung_items",
        "concealed_pungs",
        "honor_pungs",
        "_chow_pairs",
        "_chow_triples",
        "chow_shapes",
        "pung_pairs",
        "pung_shapes",
        "_pung_triples",
    )

    def __init__(self, facts: HandFacts, arr: Arrangement, rules: Rules) -> None:
        self.facts = facts
        self.arr = arr
        self.profile = rules.profile
        self.answers = rules.answers  # Profile.takes' table, read here by compiled code (takes itself is Python)
        self.form = arr.form
        groups = arr.groups
        self.groups = groups
        chows: list[int] = []
        pungs: list[int] = []
        chow_tiles: list[Tile] = []
        pung_tiles: list[Tile] = []
        pung_items: list[tuple[int, Tile]] = []
        concealed_pungs: list[int] = []
        honor_pungs = 0
        pair = pair_tile = -1
        for i, g in enumerate(groups):
            k = g.kind
            if k is CHOW:
                chows.append(i)
                chow_tiles.append(g.tile)
            elif k is PUNG or k is KONG:
                t = g.tile
                pungs.append(i)
                pung_tiles.append(t)
                pung_items.append((i, t))
                if g.concealed:
                    concealed_pungs.append(i)
                if t >= 27:
                    honor_pungs += 1
            elif k is PAIR:
                pair = i
                pair_tile = g.tile
        self.chows = chows
        self.pungs = pungs
        self.pair = pair
        self.pair_tile = pair_tile  # -1 without a pair
        self.chow_tiles = chow_tiles
        self.pung_tiles = pung_tiles
        self.pung_items = pung_items  # (index, tile) of each pung
        self.concealed_pungs = concealed_pungs
        self.honor_pungs = honor_pungs
        self.chow_shapes = chow_shapes(chow_tiles) if len(chows) > 1 else 0
        self.pung_pairs = _pairs(pungs, pung_tiles) if len(pungs) > 1 else NO_PAIRS
        self.pung_shapes = pung_shapes(pung_tiles) if len(pungs) > 2 else 0
        self._chow_pairs: list[Pair] | None = None  # listed when first asked
        self._chow_triples: list[Triple] | None = None
        self._pung_triples: list[Triple] | None = None

    @property
    def chow_pairs(self) -> list[Pair]:
        found = self._chow_pairs
        if found is None:
            found = _pairs(self.chows, self.chow_tiles) if len(self.chows) > 1 else NO_PAIRS
            self._chow_pairs = found
        return found

    @property
    def chow_triples(self) -> list[Triple]:
        found = self._chow_triples
        if found is None:
            found = _triples(self.chows, self.chow_tiles) if len(self.chows) > 2 else NO_TRIPLES
            self._chow_triples = found
        return found

    @property
    def pung_triples(self) -> list[Triple]:
        found = self._pung_triples
        if found is None:
            found = _triples(self.pungs, self.pung_tiles) if len(self.pungs) > 2 else NO_TRIPLES
            self._pung_triples = found
        return found

    def takes(self, ruling: str, position: str) -> bool:
        """Does the profile take ``position`` on ``ruling``? (:meth:`scorer.profiles.Profile.takes`, which raises
        for a ruling or position it does not decide.)"""
        found = self.answers.get((ruling, position))
        return self.profile.takes(ruling, position) if found is None else found

    @property
    def all_sets(self) -> tuple[int, ...]:
        return ALL_SETS[len(self.groups)]


# What two or three of an arrangement's chows may make, as bits of View.chow_shapes (worked out once, from each
# suit's chows by starting rank, before the detectors of two and three chows run through the pairs and triples):
# a necessary condition each, never a sufficient one.
SAME_CHOW_THRICE: Final = 1  # one chow three times (Pure Triple Chow)
STRAIGHT: Final = 2  # 123, 456, 789 of one suit (Pure Straight)
SHIFTED: Final = 4  # three of one suit each one or each two up (Pure Shifted Chows)
MIXED_SAME: Final = 8  # one rank in the three suits (Mixed Triple Chow)
MIXED_SHIFTED: Final = 16  # ranks each one up in the three suits (Mixed Shifted Chows)
MIXED_STRAIGHT: Final = 32  # 123, 456, 789 in the three suits (Mixed Straight)
SAME_CHOW_TWICE: Final = 64  # one chow twice (Pure Double Chow)
MIXED_DOUBLE: Final = 128  # one rank in two suits (Mixed Double Chow)
SIX_IN_A_ROW: Final = 256  # two of one suit, three ranks apart (Short Straight)
TERMINAL_CHOWS: Final = 512  # 123 and 789 of one suit (Two Terminal Chows)
STARTS_147: Final = 0b001001001  # chows starting on 1, 4 and 7
STARTS_17: Final = 0b001000001  # chows starting on 1 and 7


def _suit_shapes(r: int) -> int:
    """The one-suit shapes of a suit's chows by starting rank (bit k: a chow starts on rank k + 1)."""
    shapes = 0
    if r & r >> 3:
        shapes |= SIX_IN_A_ROW
    if r & STARTS_17 == STARTS_17:
        shapes |= TERMINAL_CHOWS
    if r & STARTS_147 == STARTS_147:
        shapes |= STRAIGHT
    if r & r >> 1 & r >> 2 or r & r >> 2 & r >> 4:
        shapes |= SHIFTED
    return shapes


def _in_three_suits(a: int, b: int, c: int, step: int) -> int:
    """The ranks k (bit k) from which sets of the three suits (``a``, ``b``, ``c``: each suit's chows by starting
    rank, or its pungs by rank), in some order, start on k, k + step and k + 2 * step."""
    s2 = 2 * step
    return (
        a & b >> step & c >> s2
        | a & c >> step & b >> s2
        | b & a >> step & c >> s2
        | b & c >> step & a >> s2
        | c & a >> step & b >> s2
        | c & b >> step & a >> s2
    )


def chow_shapes(tiles: list[Tile]) -> int:
    """The bits above for chows starting on ``tiles``."""
    r0 = r1 = r2 = 0
    for t in tiles:
        if t < 9:
            r0 |= 1 << t
        elif t < 18:
            r1 |= 1 << t - 9
        else:
            r2 |= 1 << t - 18
    shapes = _suit_shapes(r0) | _suit_shapes(r1) | _suit_shapes(r2)
    n = len(tiles)
    for x in range(n):
        same = 0
        for y in range(n):
            if tiles[y] == tiles[x]:
                same += 1
        if same >= 2:
            shapes |= SAME_CHOW_TWICE if same == 2 else SAME_CHOW_TWICE | SAME_CHOW_THRICE
    if r0 & r1 or r0 & r2 or r1 & r2:
        shapes |= MIXED_DOUBLE
    if r0 and r1 and r2:
        if r0 & r1 & r2:
            shapes |= MIXED_SAME
        if _in_three_suits(r0, r1, r2, 1):
            shapes |= MIXED_SHIFTED
        if _in_three_suits(r0, r1, r2, 3) & 1:  # 1, 4 and 7: from rank 1, three up each
            shapes |= MIXED_STRAIGHT
    return shapes


# What three of an arrangement's pungs (kongs included) may make, as bits of View.pung_shapes, worked out as the
# chows' are: a necessary condition each.
PUNGS_SHIFTED: Final = 1  # three of one suit in consecutive ranks (Pure Shifted Pungs)
PUNGS_SAME_RANK: Final = 2  # one rank in the three suits (Triple Pung)
PUNGS_MIXED_SHIFTED: Final = 4  # ranks one up in the three suits (Mixed Shifted Pungs)


def pung_shapes(tiles: list[Tile]) -> int:
    """The bits above for pungs of ``tiles`` (honours make none of them)."""
    r0 = r1 = r2 = 0
    for t in tiles:
        if t < 9:
            r0 |= 1 << t
        elif t < 18:
            r1 |= 1 << t - 9
        elif t < 27:
            r2 |= 1 << t - 18
    shapes = 0
    if r0 & r0 >> 1 & r0 >> 2 or r1 & r1 >> 1 & r1 >> 2 or r2 & r2 >> 1 & r2 >> 2:
        shapes |= PUNGS_SHIFTED
    if r0 & r1 & r2:
        shapes |= PUNGS_SAME_RANK
    if _in_three_suits(r0, r1, r2, 1):
        shapes |= PUNGS_MIXED_SHIFTED
    return shapes


ALL_SETS: Final = tuple(tuple(range(n)) for n in range(8))  # every set of an arrangement of n groups
# Every view with fewer than two or three sets of a kind shares these: lists (as the detectors' loops expect), which
# nothing may change in place (detectors only read what a view holds).
NO_PAIRS: Final[list[Pair]] = []
NO_TRIPLES: Final[list[Triple]] = []
