"""One detector per MCR fan: ``@fan(number)`` registers it, its docstring opens with the Chinese name.

A detector reads one :class:`View` and returns its hits: a list with one tuple of group
indices per instance of the fan (empty when the fan is absent). Points, names and the
defining ruling come from ``fans.csv`` (see :mod:`scorer.mcr.table`); exclusions are
applied afterwards (:mod:`scorer.mcr.exclude`), so a detector only says what is there.

Set-combination fans (``combination=True``) are chosen by the account-once search; the
others are scored whenever detected and not excluded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations

from ..arrange import (
    CLOSED,
    EDGE,
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    REGULAR,
    SEVEN_PAIRS,
    SINGLE,
    THIRTEEN_ORPHANS,
    is_thirteen_orphans,
    knitted_tiles,
)
from ..hand import KNITTED, KONG
from ..tiles import DRAGONS, GREEN_TILES, HONORS, REVERSIBLE_TILES, WINDS, is_terminal, is_terminal_or_honor
from .view import Hits, Triple, View

Detector = Callable[[View], Hits]


@dataclass(frozen=True, slots=True)
class Detect:
    """A registered detector. ``per_hand`` detectors read only the tiles and the situation, so they
    run once per hand; the others run per arrangement.

    The other fields say when a detector is worth running at all (its own test still decides):
    a per-hand one only when the hand declares at least ``kongs`` kongs, holds honours (``honors``
    True) or none (False), and holds tiles of one of the ``suits`` numbers of suits; a per-arrangement
    one only on ``forms``, with at least ``chows`` chows, ``pungs`` pungs (kongs included) and
    ``honor_pungs`` pungs of honours, and, with ``wait``, only when won with that wait."""

    number: int
    detect: Detector
    combination: bool
    per_hand: bool
    chows: int
    pungs: int
    forms: frozenset[str]
    kongs: int
    honors: bool | None
    suits: tuple[int, ...] | None
    honor_pungs: int
    wait: str | None


DETECTORS: dict[int, Detect] = {}
NONE: Hits = []
WHOLE: Hits = [()]  # a fan of the whole hand or of the situation, using no particular set


ALL_FORMS = frozenset({REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT})
SET_FORMS = (REGULAR, KNITTED_STRAIGHT)


def fan(
    number: int,
    combination: bool = False,
    per_hand: bool = False,
    chows: int = 0,
    pungs: int = 0,
    forms: tuple[str, ...] | None = None,
    kongs: int = 0,
    honors: bool | None = None,
    suits: tuple[int, ...] | None = None,
    honor_pungs: int = 0,
    wait: str | None = None,
) -> Callable[[Detector], Detector]:
    """Register a detector for fan ``number``; ``forms`` limits the arrangements it reads."""

    if (kongs or honors is not None or suits is not None) and not per_hand:
        raise ValueError(f"fan {number}: only per-hand detectors are chosen by kongs, honours and suits")
    if per_hand and (chows or pungs or honor_pungs or wait or forms):
        raise ValueError(f"fan {number}: a per-hand detector reads no arrangement")
    if combination and per_hand:  # per-hand hit lists are shared by every arrangement of a hand
        raise ValueError(f"fan {number}: a set-combination fan depends on the arrangement")

    def register(fn: Detector) -> Detector:
        allowed = frozenset(forms) if forms else ALL_FORMS
        DETECTORS[number] = Detect(
            number, fn, combination, per_hand, chows, pungs, allowed, kongs, honors, suits, honor_pungs, wait
        )
        return fn

    return register


def _all(v: View) -> Hits:
    return [v.all_sets]


def _mask(tiles: Iterable[int]) -> int:
    """The bit set of ``tiles`` (bit t for tile t)."""
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


def _only(v: View, mask: int) -> bool:
    """Every tile of the hand is in ``mask``."""
    return v.facts.mask & ~mask == 0


GREEN = _mask(GREEN_TILES)
REVERSIBLE = _mask(REVERSIBLE_TILES)
TERMINALS = _mask(t for t in range(27) if is_terminal(t))


EVEN = _mask(t for t in range(27) if t % 9 % 2 == 1)
TERMINALS_HONORS = _mask(t for t in range(34) if is_terminal_or_honor(t))
FIVES = _mask(t for t in range(27) if t % 9 == 4)
WIND_TILES = _mask(WINDS)
DRAGON_TILES = _mask(DRAGONS)


def _chow_starts(v: View) -> Iterator[tuple[int, int]]:
    """(group index, lowest tile) of each chow."""
    return zip(v.chows, v.chow_tiles, strict=True)


# --- 88 ------------------------------------------------------------------------------------------------------


@fan(1, combination=True, pungs=4, honor_pungs=4)
def big_four_winds(v: View) -> Hits:
    """大四喜 Big Four Winds: pungs or kongs of all four winds."""
    winds = [i for i, t in v.pung_items if t in WINDS]
    return [tuple(winds)] if len(winds) == 4 else NONE


@fan(2, combination=True, pungs=3, honor_pungs=3)
def big_three_dragons(v: View) -> Hits:
    """大三元 Big Three Dragons: pungs or kongs of all three dragons."""
    dragons = [i for i, t in v.pung_items if t in DRAGONS]
    return [tuple(dragons)] if len(dragons) == 3 else NONE


@fan(3, per_hand=True, suits=(0, 1))
def all_green(v: View) -> Hits:
    """绿一色 All Green: only 2, 3, 4, 6, 8 of bamboo and the green dragon."""
    return WHOLE if _only(v, GREEN) else NONE


@fan(4, per_hand=True, honors=False, suits=(1,))
def nine_gates(v: View) -> Hits:
    """九莲宝灯 Nine Gates: 1112345678999 of one suit held concealed, won on any tile of that suit."""
    h = v.facts.hand
    if h.melds or len(v.facts.suits) != 1 or v.facts.has_honors:
        return NONE
    base = h.standing[0] - h.standing[0] % 9
    counts = [0] * 9
    for t in h.standing:
        counts[t - base] += 1
    return WHOLE if counts == [3, 1, 1, 1, 1, 1, 1, 1, 3] else NONE


@fan(5, per_hand=True, kongs=4)
def four_kongs(v: View) -> Hits:
    """四杠 Four Kongs."""
    return _kong_sets(v) if v.facts.n_kongs == 4 else NONE


@fan(6, forms=(SEVEN_PAIRS,))
def seven_shifted_pairs(v: View) -> Hits:
    """连七对 Seven Shifted Pairs: seven pairs of one suit in consecutive ranks."""
    if v.form != SEVEN_PAIRS:
        return NONE
    tiles = [g.tile for g in v.groups]
    first = tiles[0]
    ok = first < 27 and first % 9 <= 2 and tiles == list(range(first, first + 7))
    return _all(v) if ok else NONE


@fan(7, per_hand=True, honors=True, suits=(3,))
def thirteen_orphans(v: View) -> Hits:
    """十三幺 Thirteen Orphans: one of each terminal and honour, plus one more of them."""
    if v.facts.hand.melds or not _only(v, TERMINALS_HONORS):
        return NONE
    return WHOLE if is_thirteen_orphans(v.facts.counts) else NONE


# --- 64 ------------------------------------------------------------------------------------------------------


@fan(8, per_hand=True, honors=False)
def all_terminals(v: View) -> Hits:
    """清幺九 All Terminals: only ones and nines."""
    return WHOLE if _only(v, TERMINALS) else NONE


@fan(9, combination=True, pungs=3, honor_pungs=3)
def little_four_winds(v: View) -> Hits:
    """小四喜 Little Four Winds: pungs of three winds and a pair of the fourth."""
    winds = [i for i, t in v.pung_items if t in WINDS]
    if len(winds) == 3 and v.pair >= 0 and v.groups[v.pair].tile in WINDS:
        return [(*winds, v.pair)]
    return NONE


@fan(10, combination=True, pungs=2, honor_pungs=2)
def little_three_dragons(v: View) -> Hits:
    """小三元 Little Three Dragons: pungs of two dragons and a pair of the third."""
    dragons = [i for i, t in v.pung_items if t in DRAGONS]
    if len(dragons) == 2 and v.pair >= 0 and v.groups[v.pair].tile in DRAGONS:
        return [(*dragons, v.pair)]
    return NONE


@fan(11, per_hand=True, honors=True, suits=(0,))
def all_honors(v: View) -> Hits:
    """字一色 All Honors: only winds and dragons."""
    return WHOLE if not v.facts.suits else NONE


@fan(12, pungs=4)
def four_concealed_pungs(v: View) -> Hits:
    """四暗刻 Four Concealed Pungs (concealed kongs count as pungs)."""
    sets = _concealed_pungs(v)
    return [sets] if len(sets) == 4 else NONE


@fan(13, combination=True, chows=4)
def pure_terminal_chows(v: View) -> Hits:
    """一色双龙会 Pure Terminal Chows: 123 123 789 789 and a pair of 5s, all of one suit."""
    pair = v.pair_tile
    if len(v.chows) != 4 or pair < 0 or pair >= 27 or pair % 9 != 4:
        return NONE
    base = pair - 4
    starts = sorted(v.chow_tiles)
    return _all(v) if starts == [base, base, base + 6, base + 6] else NONE


# --- 48 / 32 -------------------------------------------------------------------------------------------------


@fan(14, combination=True, chows=4)
def quadruple_chow(v: View) -> Hits:
    """一色四同顺 Quadruple Chow: four identical chows."""
    if len(v.chows) == 4 and len(set(v.chow_tiles)) == 1:
        return [tuple(v.chows)]
    return NONE


@fan(15, combination=True, pungs=4)
def four_pure_shifted_pungs(v: View) -> Hits:
    """一色四节高 Four Pure Shifted Pungs: four pungs of one suit in consecutive ranks."""
    pungs = sorted(v.pung_items, key=lambda p: p[1])
    if len(pungs) == 4 and pungs[0][1] < 27 and _consecutive([t for _, t in pungs], 1, same_suit=True):
        return [tuple(i for i, _ in pungs)]
    return NONE


@fan(16, combination=True, chows=4)
def four_pure_shifted_chows(v: View) -> Hits:
    """一色四步高 Four Pure Shifted Chows: four chows of one suit, each one or each two ranks up."""
    if len(v.chows) != 4:
        return NONE
    tiles = sorted(v.chow_tiles)
    for step in (1, 2):
        if _consecutive(tiles, step, same_suit=True):
            starts = sorted(_chow_starts(v), key=lambda p: p[1])
            return [tuple(i for i, _ in starts)]
    return NONE


@fan(17, per_hand=True, kongs=3)
def three_kongs(v: View) -> Hits:
    """三杠 Three Kongs."""
    return _kong_sets(v) if v.facts.n_kongs == 3 else NONE


@fan(18, per_hand=True)
def all_terminals_and_honors(v: View) -> Hits:
    """混幺九 All Terminals and Honors: only ones, nines and honours."""
    return WHOLE if _only(v, TERMINALS_HONORS) else NONE


# --- 24 ------------------------------------------------------------------------------------------------------


@fan(19, forms=(SEVEN_PAIRS,))
def seven_pairs(v: View) -> Hits:
    """七对 Seven Pairs: seven pairs, four of a kind counting as two."""
    return _all(v) if v.form == SEVEN_PAIRS else NONE


@fan(20, forms=(HONORS_KNITTED,))
def greater_honors_and_knitted_tiles(v: View) -> Hits:
    """七星不靠 Greater Honors and Knitted Tiles: all seven honours and seven knitted tiles."""
    if v.form == HONORS_KNITTED and all(v.facts.counts[t] for t in HONORS):
        return WHOLE
    return NONE


@fan(21, pungs=4)
def all_even_pungs(v: View) -> Hits:
    """全双刻 All Even Pungs: pungs and pair of 2, 4, 6 and 8 only."""
    if v.form != REGULAR or len(v.pungs) != 4:
        return NONE
    return _all(v) if _only(v, EVEN) else NONE


@fan(22, per_hand=True, honors=False, suits=(1,))
def full_flush(v: View) -> Hits:
    """清一色 Full Flush: tiles of one suit only."""
    return WHOLE if len(v.facts.suits) == 1 and not v.facts.has_honors else NONE


@fan(23, combination=True, chows=3)
def pure_triple_chow(v: View) -> Hits:
    """一色三同顺 Pure Triple Chow: three identical chows."""
    return [sets for sets, (low, _, high), _, _ in v.chow_triples if low == high]


@fan(24, combination=True, pungs=3)
def pure_shifted_pungs(v: View) -> Hits:
    """一色三节高 Pure Shifted Pungs: three pungs of one suit in consecutive ranks."""
    return _shifted(v.pung_triples, (1,), same_suit=True)


def _rank_range(low: int, high: int) -> Callable[[View], Hits]:
    allowed = _mask(t for t in range(27) if low <= t % 9 + 1 <= high)

    def detect(v: View) -> Hits:
        return WHOLE if _only(v, allowed) else NONE

    return detect


fan(25, per_hand=True, honors=False)(_rank_range(7, 9))  # 全大 Upper Tiles
fan(26, per_hand=True, honors=False)(_rank_range(4, 6))  # 全中 Middle Tiles
fan(27, per_hand=True, honors=False)(_rank_range(1, 3))  # 全小 Lower Tiles


# --- 16 ------------------------------------------------------------------------------------------------------


@fan(28, combination=True, chows=3)
def pure_straight(v: View) -> Hits:
    """清龙 Pure Straight: 123, 456 and 789 of one suit."""
    return [
        sets for sets, (low, mid, high), _, _ in v.chow_triples if low % 9 == 0 and mid == low + 3 and high == low + 6
    ]


@fan(29, combination=True, chows=4)
def three_suited_terminal_chows(v: View) -> Hits:
    """三色双龙会 Three-Suited Terminal Chows: 123 and 789 of two suits, a pair of 5s of the third."""
    pair = v.pair_tile
    if len(v.chows) != 4 or pair < 0 or pair >= 27 or pair % 9 != 4:
        return NONE
    starts = sorted(v.chow_tiles)
    suits = sorted({t // 9 for t in starts})
    if len(suits) != 2 or pair // 9 in suits:
        return NONE
    want = sorted(s * 9 + r for s in suits for r in (0, 6))
    return _all(v) if starts == want else NONE


@fan(30, combination=True, chows=3)
def pure_shifted_chows(v: View) -> Hits:
    """一色三步高 Pure Shifted Chows: three chows of one suit, each one or each two ranks up."""
    return _shifted(v.chow_triples, (1, 2), same_suit=True)


@fan(31, forms=(REGULAR,))
def all_fives(v: View) -> Hits:
    """全带五 All Fives: every set and the pair include a 5."""
    if v.form != REGULAR:
        return NONE
    for g in v.groups:
        if not FIVES & g.mask:
            return NONE
    return _all(v)


@fan(32, combination=True, pungs=3)
def triple_pung(v: View) -> Hits:
    """三同刻 Triple Pung: pungs of the same rank in all three suits."""
    return [
        sets for sets, (_, _, high), ranks, suits in v.pung_triples if high < 27 and ranks[0] == ranks[2] and suits == 3
    ]


@fan(33, pungs=3)
def three_concealed_pungs(v: View) -> Hits:
    """三暗刻 Three Concealed Pungs."""
    sets = _concealed_pungs(v)
    return [sets] if len(sets) >= 3 else NONE


# --- 12 ------------------------------------------------------------------------------------------------------


@fan(34, forms=(HONORS_KNITTED,))
def lesser_honors_and_knitted_tiles(v: View) -> Hits:
    """全不靠 Lesser Honors and Knitted Tiles: fourteen single honours and knitted tiles."""
    return WHOLE if v.form == HONORS_KNITTED else NONE


@fan(35, forms=(KNITTED_STRAIGHT, HONORS_KNITTED))
def knitted_straight(v: View) -> Hits:
    """组合龙 Knitted Straight: 147, 258 and 369 in three different suits."""
    knitted = tuple(i for i, g in enumerate(v.groups) if g.kind is KNITTED)
    if v.form == KNITTED_STRAIGHT:
        return [knitted]
    if v.form == HONORS_KNITTED:
        order = tuple(v.groups[i].tile // 9 for i in knitted)
        if all(v.facts.counts[t] for t in knitted_tiles(order)):
            return [knitted]
    return NONE


fan(36, per_hand=True, honors=False)(_rank_range(6, 9))  # 大于五 Upper Four
fan(37, per_hand=True, honors=False)(_rank_range(1, 4))  # 小于五 Lower Four


@fan(38, combination=True, pungs=3, honor_pungs=3)
def big_three_winds(v: View) -> Hits:
    """三风刻 Big Three Winds: pungs of three winds."""
    winds = [i for i, t in v.pung_items if t in WINDS]
    return list(combinations(winds, 3))


# --- 8 -------------------------------------------------------------------------------------------------------


@fan(39, combination=True, chows=3)
def mixed_straight(v: View) -> Hits:
    """花龙 Mixed Straight: 123, 456 and 789, each in a different suit."""
    return [sets for sets, _, ranks, suits in v.chow_triples if ranks == (0, 3, 6) and suits == 3]


@fan(40, per_hand=True, suits=(0, 1, 2))
def reversible_tiles(v: View) -> Hits:
    """推不倒 Reversible Tiles: only tiles that look the same upside down."""
    return WHOLE if _only(v, REVERSIBLE) else NONE


@fan(41, combination=True, chows=3)
def mixed_triple_chow(v: View) -> Hits:
    """三色三同顺 Mixed Triple Chow: the same chow in all three suits."""
    return [sets for sets, _, ranks, suits in v.chow_triples if ranks[0] == ranks[2] and suits == 3]


@fan(42, combination=True, pungs=3)
def mixed_shifted_pungs(v: View) -> Hits:
    """三色三节高 Mixed Shifted Pungs: pungs in three suits, ranks one apart."""
    return _shifted(v.pung_triples, (1,), same_suit=False)


@fan(44, per_hand=True)
def last_tile_draw(v: View) -> Hits:
    """妙手回春 Last Tile Draw: self-drawn on the last tile of the wall."""
    s = v.facts.situation
    return WHOLE if s.self_drawn and s.last_of_wall else NONE


@fan(45, per_hand=True)
def last_tile_claim(v: View) -> Hits:
    """海底捞月 Last Tile Claim: won on the discard after the last tile of the wall."""
    s = v.facts.situation
    return WHOLE if not s.self_drawn and s.last_of_wall else NONE


@fan(46, per_hand=True)
def out_with_replacement_tile(v: View) -> Hits:
    """杠上开花 Out with Replacement Tile: won on the replacement tile after a kong."""
    s = v.facts.situation
    return WHOLE if s.self_drawn and s.kong else NONE


@fan(47, per_hand=True)
def robbing_the_kong(v: View) -> Hits:
    """抢杠和 Robbing the Kong: won on the tile another player adds to a melded pung."""
    s = v.facts.situation
    return WHOLE if not s.self_drawn and s.kong else NONE


@fan(48, per_hand=True, kongs=2)
def two_concealed_kongs(v: View) -> Hits:
    """双暗杠 Two Concealed Kongs (scored twice with four)."""
    if v.facts.n_concealed_kongs < 2:
        return NONE
    kongs = [i for i, g in enumerate(v.groups) if g.kind is KONG and g.concealed]
    return [tuple(kongs[k : k + 2]) for k in range(0, len(kongs) - 1, 2)]


# --- 6 -------------------------------------------------------------------------------------------------------


@fan(49, pungs=4)
def all_pungs(v: View) -> Hits:
    """碰碰和 All Pungs: four pungs or kongs and a pair."""
    return [tuple(v.pungs)] if len(v.pungs) == 4 else NONE


@fan(50, per_hand=True, honors=True, suits=(1,))
def half_flush(v: View) -> Hits:
    """混一色 Half Flush: one suit and honours."""
    return WHOLE if len(v.facts.suits) == 1 and v.facts.has_honors else NONE


@fan(51, combination=True, chows=3)
def mixed_shifted_chows(v: View) -> Hits:
    """三色三步高 Mixed Shifted Chows: chows in three suits, each one rank up."""
    return _shifted(v.chow_triples, (1,), same_suit=False)


@fan(52, per_hand=True, honors=True, suits=(3,))
def all_types(v: View) -> Hits:
    """五门齐 All Types: all three suits, a wind and a dragon."""
    m = v.facts.mask
    return WHOLE if len(v.facts.suits) == 3 and m & WIND_TILES and m & DRAGON_TILES else NONE


@fan(53, per_hand=True)
def melded_hand(v: View) -> Hits:
    """全求人 Melded Hand: four melded sets, won on a discard to the pair."""
    h = v.facts.hand
    if len(h.melds) != 4 or any(m.concealed for m in h.melds) or h.situation.self_drawn:
        return NONE
    return WHOLE


@fan(54, combination=True, pungs=2, honor_pungs=2)
def two_dragon_pungs(v: View) -> Hits:
    """双箭刻 Two Dragon Pungs."""
    dragons = [i for i, t in v.pung_items if t in DRAGONS]
    return list(combinations(dragons, 2))


# --- 4 -------------------------------------------------------------------------------------------------------


@fan(55, forms=(REGULAR,))
def outside_hand(v: View) -> Hits:
    """全带幺 Outside Hand: every set and the pair include a terminal or honour."""
    if v.form != REGULAR:
        return NONE
    for g in v.groups:
        if not TERMINALS_HONORS & g.mask:
            return NONE
    return _all(v)


@fan(56, per_hand=True)
def fully_concealed_hand(v: View) -> Hits:
    """不求人 Fully Concealed Hand: no melded set, self-drawn."""
    return WHOLE if v.facts.concealed and v.facts.situation.self_drawn else NONE


@fan(57, per_hand=True, kongs=2)
def two_melded_kongs(v: View) -> Hits:
    """双明杠 Two Melded Kongs: two kongs (concealed ones count, except in the Chinese kong table)."""
    n = v.facts.n_melded_kongs if v.positions.get("kong-table") == "chinese" else v.facts.n_kongs
    return _kong_sets(v) if n >= 2 else NONE


@fan(58, per_hand=True)
def last_tile(v: View) -> Hits:
    """和绝张 Last Tile: the winning tile is the last of its kind (the other three are shown).

    Scored without the flag when the other three copies are in the winner's own melded sets.
    """
    f = v.facts
    return WHOLE if f.situation.last_of_kind or f.declared_copies_of_win == 3 else NONE


# --- 2 -------------------------------------------------------------------------------------------------------


@fan(59, pungs=1, honor_pungs=1)
def dragon_pung(v: View) -> Hits:
    """箭刻 Dragon Pung (each)."""
    return [(i,) for i, t in v.pung_items if t in DRAGONS]


@fan(60, pungs=1, honor_pungs=1)
def prevalent_wind(v: View) -> Hits:
    """圈风刻 Prevalent Wind: a pung of the wind of the round."""
    w = v.facts.situation.prevalent
    return [(i,) for i, t in v.pung_items if t == w]


@fan(61, pungs=1, honor_pungs=1)
def seat_wind(v: View) -> Hits:
    """门风刻 Seat Wind: a pung of the player's own wind."""
    w = v.facts.situation.seat
    return [(i,) for i, t in v.pung_items if t == w]


@fan(62, per_hand=True)
def concealed_hand(v: View) -> Hits:
    """门前清 Concealed Hand: no melded set (concealed kongs allowed)."""
    return WHOLE if v.facts.concealed else NONE


@fan(63, forms=SET_FORMS)
def all_chows(v: View) -> Hits:
    """平和 All Chows: four chows (or a knitted straight and a chow) and a pair of suit tiles."""
    if v.pair_tile < 0 or v.pair_tile >= 27:
        return NONE
    knitted = v.form == KNITTED_STRAIGHT
    if len(v.chows) == 4 or (knitted and len(v.chows) == 1):
        return _all(v)
    return NONE


@fan(64)
def tile_hog(v: View) -> Hits:
    """四归一 Tile Hog: all four of a kind used without declaring a kong (each)."""
    return [tuple(i for i, g in enumerate(v.groups) if g.mask >> t & 1) for t in v.facts.hog_tiles]


@fan(65, combination=True, pungs=2)
def double_pung(v: View) -> Hits:
    """双同刻 Double Pung: pungs of the same rank in two suits."""
    return [sets for sets, low, high in v.pung_pairs if high < 27 and low % 9 == high % 9]


@fan(66, pungs=2)
def two_concealed_pungs(v: View) -> Hits:
    """双暗刻 Two Concealed Pungs."""
    sets = _concealed_pungs(v)
    return [sets] if len(sets) >= 2 else NONE


@fan(67, per_hand=True, kongs=1)
def concealed_kong(v: View) -> Hits:
    """暗杠 Concealed Kong: one not already counted in Two Concealed Kongs."""
    if v.facts.n_concealed_kongs % 2 == 0:
        return NONE
    kongs = [i for i, g in enumerate(v.groups) if g.kind is KONG and g.concealed]
    return [(kongs[-1],)] if len(kongs) % 2 else NONE


@fan(68, per_hand=True, honors=False)
def all_simples(v: View) -> Hits:
    """断幺 All Simples: no terminals or honours."""
    return WHOLE if v.facts.mask & TERMINALS_HONORS == 0 else NONE


# --- 1 -------------------------------------------------------------------------------------------------------


@fan(69, combination=True, chows=2)
def pure_double_chow(v: View) -> Hits:
    """一般高 Pure Double Chow: two identical chows."""
    return [sets for sets, low, high in v.chow_pairs if low == high]


@fan(70, combination=True, chows=2)
def mixed_double_chow(v: View) -> Hits:
    """喜相逢 Mixed Double Chow: the same chow in two suits."""
    return [sets for sets, low, high in v.chow_pairs if low % 9 == high % 9 and low != high]


@fan(71, combination=True, chows=2)
def short_straight(v: View) -> Hits:
    """连六 Short Straight: two chows of one suit making six in a row."""
    return [sets for sets, low, high in v.chow_pairs if high - low == 3 and low // 9 == high // 9]


@fan(72, combination=True, chows=2)
def two_terminal_chows(v: View) -> Hits:
    """老少副 Two Terminal Chows: 123 and 789 of one suit."""
    return [sets for sets, low, high in v.chow_pairs if low % 9 == 0 and high == low + 6]


@fan(73, pungs=1)
def pung_of_terminals_or_honors(v: View) -> Hits:
    """幺九刻 Pung of Terminals or Honors (each)."""
    return [(i,) for i, t in v.pung_items if TERMINALS_HONORS >> t & 1]


@fan(74, per_hand=True, kongs=1)
def melded_kong(v: View) -> Hits:
    """明杠 Melded Kong: a kong (a concealed one counts, except in the Chinese kong table)."""
    n = v.facts.n_melded_kongs if v.positions.get("kong-table") == "chinese" else v.facts.n_kongs
    return _kong_sets(v) if n >= 1 else NONE


@fan(75, per_hand=True, suits=(2,))
def one_voided_suit(v: View) -> Hits:
    """缺一门 One Voided Suit: exactly one of the three suits is missing."""
    return WHOLE if len(v.facts.suits) == 2 else NONE


@fan(76, per_hand=True, honors=False)
def no_honors(v: View) -> Hits:
    """无字 No Honors."""
    return WHOLE if not v.facts.has_honors else NONE


def _wait(shape: str) -> Detector:
    def detect(v: View) -> Hits:
        if v.arr.wait != shape or not _only_one_winning_tile(v):
            return NONE
        return [(v.arr.win,)]

    return detect


fan(77, forms=SET_FORMS, wait=EDGE)(_wait(EDGE))  # 边张 Edge Wait
fan(78, forms=SET_FORMS, wait=CLOSED)(_wait(CLOSED))  # 坎张 Closed Wait
fan(79, forms=SET_FORMS, wait=SINGLE)(_wait(SINGLE))  # 单钓将 Single Wait


@fan(80, per_hand=True)
def self_drawn(v: View) -> Hits:
    """自摸 Self-Drawn."""
    return WHOLE if v.facts.situation.self_drawn else NONE


@fan(81, per_hand=True)
def flower_tiles(v: View) -> Hits:
    """花牌 Flower Tiles: one point each."""
    return [()] * v.facts.situation.flowers


@fan(82, per_hand=True, kongs=2)
def melded_and_concealed_kong(v: View) -> Hits:
    """明暗杠 Melded and Concealed Kong: exactly one melded and one concealed kong (Chinese practice, 5)."""
    f = v.facts
    if v.positions.get("melded-and-concealed-kong") != "five":
        return NONE
    return _kong_sets(v) if f.n_melded_kongs == 1 and f.n_concealed_kongs == 1 and f.n_kongs == 2 else NONE


# Fan 43, Chicken Hand, is not a detector: the scorer awards it when nothing else is scored.

# --- helpers -------------------------------------------------------------------------------------------------


def _kong_sets(v: View) -> Hits:
    return [tuple(i for i, g in enumerate(v.groups) if g.kind is KONG)]


def _concealed_pungs(v: View) -> tuple[int, ...]:
    return tuple(v.concealed_pungs)


def _consecutive(tiles: list[int], step: int, same_suit: bool) -> bool:
    """Sorted ``tiles`` rise by ``step``; in one suit, or (same_suit False) by rank in distinct suits."""
    if same_suit:
        if tiles[-1] - tiles[0] != step * (len(tiles) - 1) or tiles[-1] >= 27 or tiles[0] // 9 != tiles[-1] // 9:
            return False
        ranks = tiles
    else:
        if len({t // 9 for t in tiles}) != len(tiles):
            return False
        ranks = sorted([t % 9 for t in tiles])
    return all(ranks[k] - ranks[k - 1] == step for k in range(1, len(ranks)))


def _shifted(triples: list[Triple], steps: tuple[int, ...], same_suit: bool) -> Hits:
    """The triples of suited sets rising by one of ``steps``: in one suit, or (same_suit False) by rank in
    three suits."""
    out: Hits = []
    for sets, (low, mid, high), ranks, suits in triples:
        if high >= 27:
            continue
        if same_suit:
            if low // 9 == high // 9 and mid - low == high - mid and mid - low in steps:
                out.append(sets)
        elif suits == 3 and ranks[1] - ranks[0] == ranks[2] - ranks[1] and ranks[1] - ranks[0] in steps:
            out.append(sets)
    return out


def _only_one_winning_tile(v: View) -> bool:
    """The wait-fan test: the hand waited on the winning tile alone (profile-aware)."""
    f = v.facts
    if v.form not in (REGULAR, KNITTED_STRAIGHT):
        return False
    if v.form == KNITTED_STRAIGHT and v.positions.get("knitted-straight-waits") == "no-count":
        order = tuple(g.tile // 9 for g in v.groups if g.kind is KNITTED)
        if f.hand.winning in knitted_tiles(order):
            return False
    return f.only_winning_tile_waits(v.positions.get("wait-only-one-winning-tile") == "formal")
