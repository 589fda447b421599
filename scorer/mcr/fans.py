"""One detector per MCR fan: ``@fan(number)`` registers it, its docstring opens with the Chinese name.

A detector reads one :class:`View` and returns its hits: a list with one tuple of group
indices per instance of the fan (empty when the fan is absent). Points, names and the
defining ruling come from ``fans.csv`` (see :mod:`scorer.mcr.table`); exclusions are
applied afterwards (:mod:`scorer.mcr.exclude`), so a detector only says what is there.

Set-combination fans (``combination=True``) are chosen by the account-once search; the
others are scored whenever detected and not excluded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
    Group,
    is_thirteen_orphans,
    knitted_tiles,
)
from ..hand import Kind
from ..tiles import DRAGONS, GREEN_TILES, HONORS, REVERSIBLE_TILES, WINDS, is_terminal, is_terminal_or_honor
from .view import Hits, View

Detector = Callable[[View], Hits]


@dataclass(frozen=True, slots=True)
class Detect:
    """A registered detector. ``per_hand`` detectors read only the tiles and the situation, so
    they run once per hand; the others run per arrangement, and only when it has at least
    ``chows`` chows and ``pungs`` pungs."""

    number: int
    detect: Detector
    combination: bool
    per_hand: bool
    chows: int
    pungs: int
    forms: frozenset[str]


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
) -> Callable[[Detector], Detector]:
    """Register a detector for fan ``number``; ``forms`` limits the arrangements it reads."""

    if combination and per_hand:  # per-hand hit lists are shared by every arrangement of a hand
        raise ValueError(f"fan {number}: a set-combination fan depends on the arrangement")

    def register(fn: Detector) -> Detector:
        allowed = frozenset(forms) if forms else ALL_FORMS
        DETECTORS[number] = Detect(number, fn, combination, per_hand, chows, pungs, allowed)
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
_TH = _mask(t for t in range(34) if is_terminal_or_honor(t))


def _group_mask(g: Group) -> int:
    return _mask(g.tiles)


EVEN = _mask(t for t in range(27) if t % 9 % 2 == 1)
TERMINALS_HONORS = _mask(t for t in range(34) if is_terminal_or_honor(t))


def _pung_tiles(v: View) -> list[tuple[int, int]]:
    return list(zip(v.pungs, v.pung_tiles, strict=True))


def _chow_starts(v: View) -> list[tuple[int, int]]:
    return list(zip(v.chows, v.chow_tiles, strict=True))


# --- 88 ------------------------------------------------------------------------------------------------------


@fan(1, combination=True, pungs=4)
def big_four_winds(v: View) -> Hits:
    """大四喜 Big Four Winds: pungs or kongs of all four winds."""
    winds = [i for i, t in _pung_tiles(v) if t in WINDS]
    return [tuple(winds)] if len(winds) == 4 else NONE


@fan(2, combination=True, pungs=3)
def big_three_dragons(v: View) -> Hits:
    """大三元 Big Three Dragons: pungs or kongs of all three dragons."""
    dragons = [i for i, t in _pung_tiles(v) if t in DRAGONS]
    return [tuple(dragons)] if len(dragons) == 3 else NONE


@fan(3, per_hand=True)
def all_green(v: View) -> Hits:
    """绿一色 All Green: only 2, 3, 4, 6, 8 of bamboo and the green dragon."""
    return WHOLE if _only(v, GREEN) else NONE


@fan(4, per_hand=True)
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


@fan(5, per_hand=True)
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


@fan(7, per_hand=True)
def thirteen_orphans(v: View) -> Hits:
    """十三幺 Thirteen Orphans: one of each terminal and honour, plus one more of them."""
    return WHOLE if not v.facts.hand.melds and is_thirteen_orphans(v.facts.counts) else NONE


# --- 64 ------------------------------------------------------------------------------------------------------


@fan(8, per_hand=True)
def all_terminals(v: View) -> Hits:
    """清幺九 All Terminals: only ones and nines."""
    return WHOLE if _only(v, TERMINALS) else NONE


@fan(9, combination=True, pungs=3)
def little_four_winds(v: View) -> Hits:
    """小四喜 Little Four Winds: pungs of three winds and a pair of the fourth."""
    winds = [i for i, t in _pung_tiles(v) if t in WINDS]
    if len(winds) == 3 and v.pair >= 0 and v.groups[v.pair].tile in WINDS:
        return [(*winds, v.pair)]
    return NONE


@fan(10, combination=True, pungs=2)
def little_three_dragons(v: View) -> Hits:
    """小三元 Little Three Dragons: pungs of two dragons and a pair of the third."""
    dragons = [i for i, t in _pung_tiles(v) if t in DRAGONS]
    if len(dragons) == 2 and v.pair >= 0 and v.groups[v.pair].tile in DRAGONS:
        return [(*dragons, v.pair)]
    return NONE


@fan(11, per_hand=True)
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
    if len(v.chows) != 4 or v.pair < 0:
        return NONE
    pair = v.groups[v.pair].tile
    if pair >= 27 or pair % 9 != 4:
        return NONE
    base = pair - 4
    starts = sorted(v.groups[i].tile for i in v.chows)
    return _all(v) if starts == [base, base, base + 6, base + 6] else NONE


# --- 48 / 32 -------------------------------------------------------------------------------------------------


@fan(14, combination=True, chows=4)
def quadruple_chow(v: View) -> Hits:
    """一色四同顺 Quadruple Chow: four identical chows."""
    starts = _chow_starts(v)
    if len(starts) == 4 and len({t for _, t in starts}) == 1:
        return [tuple(i for i, _ in starts)]
    return NONE


@fan(15, combination=True, pungs=4)
def four_pure_shifted_pungs(v: View) -> Hits:
    """一色四节高 Four Pure Shifted Pungs: four pungs of one suit in consecutive ranks."""
    pungs = sorted(_pung_tiles(v), key=lambda p: p[1])
    if len(pungs) == 4 and pungs[0][1] < 27 and _consecutive([t for _, t in pungs], 1, same_suit=True):
        return [tuple(i for i, _ in pungs)]
    return NONE


@fan(16, combination=True, chows=4)
def four_pure_shifted_chows(v: View) -> Hits:
    """一色四步高 Four Pure Shifted Chows: four chows of one suit, each one or each two ranks up."""
    starts = sorted(_chow_starts(v), key=lambda p: p[1])
    if len(starts) != 4:
        return NONE
    tiles = [t for _, t in starts]
    for step in (1, 2):
        if _consecutive(tiles, step, same_suit=True):
            return [tuple(i for i, _ in starts)]
    return NONE


@fan(17, per_hand=True)
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


@fan(22, per_hand=True)
def full_flush(v: View) -> Hits:
    """清一色 Full Flush: tiles of one suit only."""
    return WHOLE if len(v.facts.suits) == 1 and not v.facts.has_honors else NONE


@fan(23, combination=True, chows=3)
def pure_triple_chow(v: View) -> Hits:
    """一色三同顺 Pure Triple Chow: three identical chows."""
    return [c for c in combinations(v.chows, 3) if len({v.groups[i].tile for i in c}) == 1]


@fan(24, combination=True, pungs=3)
def pure_shifted_pungs(v: View) -> Hits:
    """一色三节高 Pure Shifted Pungs: three pungs of one suit in consecutive ranks."""
    return _shifted(v, v.pungs, (1,), same_suit=True)


def _rank_range(low: int, high: int) -> Callable[[View], Hits]:
    allowed = _mask(t for t in range(27) if low <= t % 9 + 1 <= high)

    def detect(v: View) -> Hits:
        return WHOLE if _only(v, allowed) else NONE

    return detect


fan(25, per_hand=True)(_rank_range(7, 9))  # 全大 Upper Tiles
fan(26, per_hand=True)(_rank_range(4, 6))  # 全中 Middle Tiles
fan(27, per_hand=True)(_rank_range(1, 3))  # 全小 Lower Tiles


# --- 16 ------------------------------------------------------------------------------------------------------


@fan(28, combination=True, chows=3)
def pure_straight(v: View) -> Hits:
    """清龙 Pure Straight: 123, 456 and 789 of one suit."""
    out: Hits = []
    for c in combinations(v.chows, 3):
        tiles = sorted(v.groups[i].tile for i in c)
        if tiles[0] % 9 == 0 and tiles[1] == tiles[0] + 3 and tiles[2] == tiles[0] + 6:
            out.append(c)
    return out


@fan(29, combination=True, chows=4)
def three_suited_terminal_chows(v: View) -> Hits:
    """三色双龙会 Three-Suited Terminal Chows: 123 and 789 of two suits, a pair of 5s of the third."""
    if len(v.chows) != 4 or v.pair < 0:
        return NONE
    pair = v.groups[v.pair].tile
    if pair >= 27 or pair % 9 != 4:
        return NONE
    starts = sorted(v.groups[i].tile for i in v.chows)
    suits = sorted({t // 9 for t in starts})
    if len(suits) != 2 or pair // 9 in suits:
        return NONE
    want = sorted(s * 9 + r for s in suits for r in (0, 6))
    return _all(v) if starts == want else NONE


@fan(30, combination=True, chows=3)
def pure_shifted_chows(v: View) -> Hits:
    """一色三步高 Pure Shifted Chows: three chows of one suit, each one or each two ranks up."""
    return _shifted(v, v.chows, (1, 2), same_suit=True)


@fan(31, forms=(REGULAR,))
def all_fives(v: View) -> Hits:
    """全带五 All Fives: every set and the pair include a 5."""
    if v.form != REGULAR:
        return NONE
    ok = all(any(t < 27 and t % 9 == 4 for t in g.tiles) for g in v.groups)
    return _all(v) if ok else NONE


@fan(32, combination=True, pungs=3)
def triple_pung(v: View) -> Hits:
    """三同刻 Triple Pung: pungs of the same rank in all three suits."""
    out: Hits = []
    for c in combinations(v.pungs, 3):
        tiles = [v.groups[i].tile for i in c]
        if all(t < 27 for t in tiles) and len({t % 9 for t in tiles}) == 1 and len({t // 9 for t in tiles}) == 3:
            out.append(c)
    return out


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
    knitted = tuple(i for i, g in enumerate(v.groups) if g.kind is Kind.KNITTED)
    if v.form == KNITTED_STRAIGHT:
        return [knitted]
    if v.form == HONORS_KNITTED:
        order = tuple(v.groups[i].tile // 9 for i in knitted)
        if all(v.facts.counts[t] for t in knitted_tiles(order)):
            return [knitted]
    return NONE


fan(36, per_hand=True)(_rank_range(6, 9))  # 大于五 Upper Four
fan(37, per_hand=True)(_rank_range(1, 4))  # 小于五 Lower Four


@fan(38, combination=True, pungs=3)
def big_three_winds(v: View) -> Hits:
    """三风刻 Big Three Winds: pungs of three winds."""
    winds = [i for i, t in _pung_tiles(v) if t in WINDS]
    return list(combinations(winds, 3))


# --- 8 -------------------------------------------------------------------------------------------------------


@fan(39, combination=True, chows=3)
def mixed_straight(v: View) -> Hits:
    """花龙 Mixed Straight: 123, 456 and 789, each in a different suit."""
    out: Hits = []
    for c in combinations(v.chows, 3):
        tiles = [v.groups[i].tile for i in c]
        if sorted(t % 9 for t in tiles) == [0, 3, 6] and len({t // 9 for t in tiles}) == 3:
            out.append(c)
    return out


@fan(40, per_hand=True)
def reversible_tiles(v: View) -> Hits:
    """推不倒 Reversible Tiles: only tiles that look the same upside down."""
    return WHOLE if _only(v, REVERSIBLE) else NONE


@fan(41, combination=True, chows=3)
def mixed_triple_chow(v: View) -> Hits:
    """三色三同顺 Mixed Triple Chow: the same chow in all three suits."""
    out: Hits = []
    for c in combinations(v.chows, 3):
        tiles = [v.groups[i].tile for i in c]
        if len({t % 9 for t in tiles}) == 1 and len({t // 9 for t in tiles}) == 3:
            out.append(c)
    return out


@fan(42, combination=True, pungs=3)
def mixed_shifted_pungs(v: View) -> Hits:
    """三色三节高 Mixed Shifted Pungs: pungs in three suits, ranks one apart."""
    return _shifted(v, v.pungs, (1,), same_suit=False)


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


@fan(48, per_hand=True)
def two_concealed_kongs(v: View) -> Hits:
    """双暗杠 Two Concealed Kongs (scored twice with four)."""
    kongs = [i for i, g in enumerate(v.groups) if g.kind is Kind.KONG and g.concealed]
    return [tuple(kongs[k : k + 2]) for k in range(0, len(kongs) - 1, 2)]


# --- 6 -------------------------------------------------------------------------------------------------------


@fan(49, pungs=4)
def all_pungs(v: View) -> Hits:
    """碰碰和 All Pungs: four pungs or kongs and a pair."""
    return [tuple(v.pungs)] if len(v.pungs) == 4 else NONE


@fan(50, per_hand=True)
def half_flush(v: View) -> Hits:
    """混一色 Half Flush: one suit and honours."""
    return WHOLE if len(v.facts.suits) == 1 and v.facts.has_honors else NONE


@fan(51, combination=True, chows=3)
def mixed_shifted_chows(v: View) -> Hits:
    """三色三步高 Mixed Shifted Chows: chows in three suits, each one rank up."""
    return _shifted(v, v.chows, (1,), same_suit=False)


@fan(52, per_hand=True)
def all_types(v: View) -> Hits:
    """五门齐 All Types: all three suits, a wind and a dragon."""
    c = v.facts.counts
    ok = len(v.facts.suits) == 3 and any(c[t] for t in WINDS) and any(c[t] for t in DRAGONS)
    return WHOLE if ok else NONE


@fan(53, per_hand=True)
def melded_hand(v: View) -> Hits:
    """全求人 Melded Hand: four melded sets, won on a discard to the pair."""
    h = v.facts.hand
    if len(h.melds) != 4 or any(m.concealed for m in h.melds) or h.situation.self_drawn:
        return NONE
    return WHOLE


@fan(54, combination=True, pungs=2)
def two_dragon_pungs(v: View) -> Hits:
    """双箭刻 Two Dragon Pungs."""
    dragons = [i for i, t in _pung_tiles(v) if t in DRAGONS]
    return list(combinations(dragons, 2))


# --- 4 -------------------------------------------------------------------------------------------------------


@fan(55, forms=(REGULAR,))
def outside_hand(v: View) -> Hits:
    """全带幺 Outside Hand: every set and the pair include a terminal or honour."""
    if v.form != REGULAR:
        return NONE
    return _all(v) if all(_TH & _group_mask(g) for g in v.groups) else NONE


@fan(56, per_hand=True)
def fully_concealed_hand(v: View) -> Hits:
    """不求人 Fully Concealed Hand: no melded set, self-drawn."""
    return WHOLE if v.facts.concealed and v.facts.situation.self_drawn else NONE


@fan(57, per_hand=True)
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


@fan(59, pungs=1)
def dragon_pung(v: View) -> Hits:
    """箭刻 Dragon Pung (each)."""
    return [(i,) for i, t in _pung_tiles(v) if t in DRAGONS]


@fan(60, pungs=1)
def prevalent_wind(v: View) -> Hits:
    """圈风刻 Prevalent Wind: a pung of the wind of the round."""
    w = v.facts.situation.prevalent
    return [(i,) for i, t in _pung_tiles(v) if t == w]


@fan(61, pungs=1)
def seat_wind(v: View) -> Hits:
    """门风刻 Seat Wind: a pung of the player's own wind."""
    w = v.facts.situation.seat
    return [(i,) for i, t in _pung_tiles(v) if t == w]


@fan(62, per_hand=True)
def concealed_hand(v: View) -> Hits:
    """门前清 Concealed Hand: no melded set (concealed kongs allowed)."""
    return WHOLE if v.facts.concealed else NONE


@fan(63, forms=SET_FORMS)
def all_chows(v: View) -> Hits:
    """平和 All Chows: four chows (or a knitted straight and a chow) and a pair of suit tiles."""
    if v.pair < 0 or v.groups[v.pair].tile >= 27:
        return NONE
    knitted = v.form == KNITTED_STRAIGHT
    if len(v.chows) == 4 or (knitted and len(v.chows) == 1):
        return _all(v)
    return NONE


@fan(64)
def tile_hog(v: View) -> Hits:
    """四归一 Tile Hog: all four of a kind used without declaring a kong (each)."""
    f = v.facts
    out: Hits = []
    for t in f.present:
        if f.counts[t] == 4 and t not in f.kong_tiles:
            out.append(tuple(i for i, g in enumerate(v.groups) if t in g.tiles))
    return out


@fan(65, combination=True, pungs=2)
def double_pung(v: View) -> Hits:
    """双同刻 Double Pung: pungs of the same rank in two suits."""
    out: Hits = []
    for a, b in combinations(_pung_tiles(v), 2):
        if a[1] < 27 and b[1] < 27 and a[1] % 9 == b[1] % 9:
            out.append((a[0], b[0]))
    return out


@fan(66, pungs=2)
def two_concealed_pungs(v: View) -> Hits:
    """双暗刻 Two Concealed Pungs."""
    sets = _concealed_pungs(v)
    return [sets] if len(sets) >= 2 else NONE


@fan(67, per_hand=True)
def concealed_kong(v: View) -> Hits:
    """暗杠 Concealed Kong: one not already counted in Two Concealed Kongs."""
    kongs = [i for i, g in enumerate(v.groups) if g.kind is Kind.KONG and g.concealed]
    return [(kongs[-1],)] if len(kongs) % 2 else NONE


@fan(68, per_hand=True)
def all_simples(v: View) -> Hits:
    """断幺 All Simples: no terminals or honours."""
    return WHOLE if v.facts.mask & TERMINALS_HONORS == 0 else NONE


# --- 1 -------------------------------------------------------------------------------------------------------


@fan(69, combination=True, chows=2)
def pure_double_chow(v: View) -> Hits:
    """一般高 Pure Double Chow: two identical chows."""
    return [(a, b) for a, b in combinations(v.chows, 2) if v.groups[a].tile == v.groups[b].tile]


@fan(70, combination=True, chows=2)
def mixed_double_chow(v: View) -> Hits:
    """喜相逢 Mixed Double Chow: the same chow in two suits."""
    g = v.groups
    return [(a, b) for a, b in combinations(v.chows, 2) if g[a].tile % 9 == g[b].tile % 9 and g[a].tile != g[b].tile]


@fan(71, combination=True, chows=2)
def short_straight(v: View) -> Hits:
    """连六 Short Straight: two chows of one suit making six in a row."""
    g = v.groups
    return [(a, b) for a, b in combinations(v.chows, 2) if abs(g[a].tile - g[b].tile) == 3 and _same_suit(g, a, b)]


@fan(72, combination=True, chows=2)
def two_terminal_chows(v: View) -> Hits:
    """老少副 Two Terminal Chows: 123 and 789 of one suit."""
    g = v.groups
    return [
        (a, b) for a, b in combinations(v.chows, 2) if _same_suit(g, a, b) and {g[a].tile % 9, g[b].tile % 9} == {0, 6}
    ]


@fan(73, pungs=1)
def pung_of_terminals_or_honors(v: View) -> Hits:
    """幺九刻 Pung of Terminals or Honors (each)."""
    return [(i,) for i, t in _pung_tiles(v) if is_terminal_or_honor(t)]


@fan(74, per_hand=True)
def melded_kong(v: View) -> Hits:
    """明杠 Melded Kong: a kong (a concealed one counts, except in the Chinese kong table)."""
    n = v.facts.n_melded_kongs if v.positions.get("kong-table") == "chinese" else v.facts.n_kongs
    return _kong_sets(v) if n >= 1 else NONE


@fan(75, per_hand=True)
def one_voided_suit(v: View) -> Hits:
    """缺一门 One Voided Suit: exactly one of the three suits is missing."""
    return WHOLE if len(v.facts.suits) == 2 else NONE


@fan(76, per_hand=True)
def no_honors(v: View) -> Hits:
    """无字 No Honors."""
    return WHOLE if not v.facts.has_honors else NONE


def _wait(shape: str) -> Detector:
    def detect(v: View) -> Hits:
        if v.arr.wait != shape or not _only_one_winning_tile(v):
            return NONE
        return [(v.arr.win,)]

    return detect


fan(77, forms=SET_FORMS)(_wait(EDGE))  # 边张 Edge Wait
fan(78, forms=SET_FORMS)(_wait(CLOSED))  # 坎张 Closed Wait
fan(79, forms=SET_FORMS)(_wait(SINGLE))  # 单钓将 Single Wait


@fan(80, per_hand=True)
def self_drawn(v: View) -> Hits:
    """自摸 Self-Drawn."""
    return WHOLE if v.facts.situation.self_drawn else NONE


@fan(81, per_hand=True)
def flower_tiles(v: View) -> Hits:
    """花牌 Flower Tiles: one point each."""
    return [()] * v.facts.situation.flowers


@fan(82, per_hand=True)
def melded_and_concealed_kong(v: View) -> Hits:
    """明暗杠 Melded and Concealed Kong: exactly one melded and one concealed kong (Chinese practice, 5)."""
    f = v.facts
    if v.positions.get("melded-and-concealed-kong") != "five":
        return NONE
    return _kong_sets(v) if f.n_melded_kongs == 1 and f.n_concealed_kongs == 1 and f.n_kongs == 2 else NONE


# Fan 43, Chicken Hand, is not a detector: the scorer awards it when nothing else is scored.

# --- helpers -------------------------------------------------------------------------------------------------


def _same_suit(groups: tuple, a: int, b: int) -> bool:
    return bool(groups[a].tile // 9 == groups[b].tile // 9)


def _kong_sets(v: View) -> Hits:
    return [tuple(i for i, g in enumerate(v.groups) if g.kind is Kind.KONG)]


def _concealed_pungs(v: View) -> tuple[int, ...]:
    return tuple(i for i in v.pungs if v.groups[i].concealed)


def _consecutive(tiles: list[int], step: int, same_suit: bool) -> bool:
    """Sorted ``tiles`` rise by ``step``; in one suit, or (same_suit False) by rank in distinct suits."""
    if same_suit:
        if tiles[-1] >= 27 or tiles[0] // 9 != tiles[-1] // 9:
            return False
        ranks = tiles
    else:
        if len({t // 9 for t in tiles}) != len(tiles):
            return False
        ranks = sorted([t % 9 for t in tiles])
    return all(ranks[k] - ranks[k - 1] == step for k in range(1, len(ranks)))


def _shifted(v: View, indices: list[int], steps: tuple[int, ...], same_suit: bool) -> Hits:
    out: Hits = []
    for c in combinations(indices, 3):
        tiles = sorted([v.groups[i].tile for i in c])
        if tiles[-1] >= 27:
            continue
        for step in steps:
            if _consecutive(tiles, step, same_suit):
                out.append(c)
                break
    return out


def _only_one_winning_tile(v: View) -> bool:
    """The wait-fan test: the hand waited on the winning tile alone (profile-aware)."""
    f = v.facts
    if v.form not in (REGULAR, KNITTED_STRAIGHT):
        return False
    if v.form == KNITTED_STRAIGHT and v.positions.get("knitted-straight-waits") == "no-count":
        order = tuple(g.tile // 9 for g in v.groups if g.kind is Kind.KNITTED)
        if f.hand.winning in knitted_tiles(order):
            return False
    return f.only_winning_tile_waits(v.positions.get("wait-only-one-winning-tile") == "formal")
