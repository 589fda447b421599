"""Differential oracle: score one of our :class:`Hand` objects with pymahjonggb 1.4.0.

The library (module ``MahjongGB``) is called as ``MahjongFanCalculator(pack, hand, winTile,
flowerCount, isSelfDrawn, is4thTile, isAboutKong, isWallLast, seatWind, prevalentWind,
verbose=True)``. Its fans come back by name; they are mapped to our numbering (the Green
Book's 1..81, plus 82 for the Chinese 明暗杠) by English name and cross-checked by the
Chinese name. The library's own enum order is *not* ours (it lists Two Concealed Kongs
among the 6-point fans), so numbers are never taken from its order.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from scorer.hand import Hand, Kind, Meld
from scorer.tiles import Tile

# Our fan number -> (the library's English name, its Chinese name), as pymahjonggb 1.4.0 returns them.
LIBRARY_FAN_NAMES: dict[int, tuple[str, str]] = {
    1: ("Big Four Winds", "大四喜"),
    2: ("Big Three Dragons", "大三元"),
    3: ("All Green", "绿一色"),
    4: ("Nine Gates", "九莲宝灯"),
    5: ("Four Kongs", "四杠"),
    6: ("Seven Shifted Pairs", "连七对"),
    7: ("Thirteen Orphans", "十三幺"),
    8: ("All Terminals", "清幺九"),
    9: ("Little Four Winds", "小四喜"),
    10: ("Little Three Dragons", "小三元"),
    11: ("All Honors", "字一色"),
    12: ("Four Concealed Pungs", "四暗刻"),
    13: ("Pure Terminal Chows", "一色双龙会"),
    14: ("Quadruple Chow", "一色四同顺"),
    15: ("Four Pure Shifted Pungs", "一色四节高"),
    16: ("Four Pure Shifted Chows", "一色四步高"),
    17: ("Three Kongs", "三杠"),
    18: ("All Terminals and Honors", "混幺九"),
    19: ("Seven Pairs", "七对"),
    20: ("Greater Honors and Knitted Tiles", "七星不靠"),
    21: ("All Even Pungs", "全双刻"),
    22: ("Full Flush", "清一色"),
    23: ("Pure Triple Chow", "一色三同顺"),
    24: ("Pure Shifted Pungs", "一色三节高"),
    25: ("Upper Tiles", "全大"),
    26: ("Middle Tiles", "全中"),
    27: ("Lower Tiles", "全小"),
    28: ("Pure Straight", "清龙"),
    29: ("Three-Suited Terminal Chows", "三色双龙会"),
    30: ("Pure Shifted Chows", "一色三步高"),
    31: ("All Five", "全带五"),
    32: ("Triple Pung", "三同刻"),
    33: ("Three Concealed Pungs", "三暗刻"),
    34: ("Lesser Honors and Knitted Tiles", "全不靠"),
    35: ("Knitted Straight", "组合龙"),
    36: ("Upper Four", "大于五"),
    37: ("Lower Four", "小于五"),
    38: ("Big Three Winds", "三风刻"),
    39: ("Mixed Straight", "花龙"),
    40: ("Reversible Tiles", "推不倒"),
    41: ("Mixed Triple Chow", "三色三同顺"),
    42: ("Mixed Shifted Pungs", "三色三节高"),
    43: ("Chicken Hand", "无番和"),
    44: ("Last Tile Draw", "妙手回春"),
    45: ("Last Tile Claim", "海底捞月"),
    46: ("Out with Replacement Tile", "杠上开花"),
    47: ("Robbing The Kong", "抢杠和"),
    48: ("Two Concealed Kongs", "双暗杠"),
    49: ("All Pungs", "碰碰和"),
    50: ("Half Flush", "混一色"),
    51: ("Mixed Shifted Chows", "三色三步高"),
    52: ("All Types", "五门齐"),
    53: ("Melded Hand", "全求人"),
    54: ("Two Dragons Pungs", "双箭刻"),
    55: ("Outside Hand", "全带幺"),
    56: ("Fully Concealed Hand", "不求人"),
    57: ("Two Melded Kongs", "双明杠"),
    58: ("Last Tile", "和绝张"),
    59: ("Dragon Pung", "箭刻"),
    60: ("Prevalent Wind", "圈风刻"),
    61: ("Seat Wind", "门风刻"),
    62: ("Concealed Hand", "门前清"),
    63: ("All Chows", "平和"),
    64: ("Tile Hog", "四归一"),
    65: ("Double Pung", "双同刻"),
    66: ("Two Concealed Pungs", "双暗刻"),
    67: ("Concealed Kong", "暗杠"),
    68: ("All Simples", "断幺"),
    69: ("Pure Double Chow", "一般高"),
    70: ("Mixed Double Chow", "喜相逢"),
    71: ("Short Straight", "连六"),
    72: ("Two Terminal Chows", "老少副"),
    73: ("Pung of Terminals or Honors", "幺九刻"),
    74: ("Melded Kong", "明杠"),
    75: ("One Voided Suit", "缺一门"),
    76: ("No Honors", "无字"),
    77: ("Edge Wait", "独听・边张"),
    78: ("Closed Wait", "独听・嵌张"),
    79: ("Single Wait", "独听・单钓"),
    80: ("Self-Drawn", "自摸"),
    81: ("Flower Tiles", "花牌"),
    82: ("Concealed Kong and Melded Kong", "明暗杠"),
}
_BY_ENGLISH = {en: fan for fan, (en, _) in LIBRARY_FAN_NAMES.items()}
_BY_CHINESE = {zh: fan for fan, (_, zh) in LIBRARY_FAN_NAMES.items()}

_SUIT_CODES = ("W", "B", "T")  # our suits m, p, s = the library's characters (W), dots (B), bamboo (T)
_HONOR_CODES = ("F1", "F2", "F3", "F4", "J1", "J2", "J3")  # E S W N, then red (C), green (F), white (P)
TILE_CODES: tuple[str, ...] = tuple(f"{_SUIT_CODES[t // 9]}{t % 9 + 1}" for t in range(27)) + _HONOR_CODES
_PACK_TYPES = {Kind.CHOW: "CHI", Kind.PUNG: "PENG", Kind.KONG: "GANG"}


class LibraryRejected(Exception):
    """pymahjonggb raised (its errors are ``TypeError`` with a code such as ``ERROR_NOT_WIN``)."""


def library_pack(meld: Meld) -> tuple[str, str, int]:
    """One declared set as a library pack: a chow names its middle tile; offer 0 only for a concealed kong.

    An added kong (our offer 5-7) passes the supplier of its pung (offer − 4): the binding accepts
    offers 0..3 only and the core never reads its added-kong bit when scoring. A melded set whose
    supplier was not written (offer ``None``) is passed as offer 1, so it stays melded.
    """
    tile = meld.tile + 1 if meld.kind is Kind.CHOW else meld.tile
    if meld.offer is None:
        offer = 1
    elif meld.offer >= 4:
        offer = meld.offer - 4
    else:
        offer = meld.offer
    return (_PACK_TYPES[meld.kind], TILE_CODES[tile], offer)


def _wind(t: Tile) -> int:
    return t - 27


def library_args(hand: Hand) -> tuple[Any, ...]:
    """The positional arguments of ``MahjongFanCalculator`` for ``hand`` (``verbose`` not included)."""
    s = hand.situation
    return (
        tuple(library_pack(m) for m in hand.melds),
        tuple(TILE_CODES[t] for t in hand.standing),
        TILE_CODES[hand.winning],
        s.flowers,
        s.self_drawn,
        s.last_of_kind,
        s.kong,
        s.last_of_wall,
        _wind(s.seat),
        _wind(s.prevalent),
    )


@cache
def _calculator():
    import MahjongGB  # noqa: PLC0415  (optional test dependency, imported on first use)

    return MahjongGB.MahjongFanCalculator


def library_fans(raw: tuple[tuple[int, int, str, str], ...]) -> dict[int, int]:
    """``{fan number: count}`` from the library's verbose result, mapped by name."""
    fans: dict[int, int] = {}
    for _points, count, zh, en in raw:
        fan = _BY_ENGLISH.get(en)
        if fan is None or _BY_CHINESE.get(zh) != fan:
            raise KeyError(f"pymahjonggb fan {en!r} / {zh!r} has no consistent number in LIBRARY_FAN_NAMES")
        fans[fan] = fans.get(fan, 0) + count
    return fans


def library_score(hand: Hand) -> tuple[int, dict[int, int]]:
    """Score ``hand`` with pymahjonggb: ``(total including flowers, {fan number: count})``.

    Raises :class:`LibraryRejected` when the library refuses the hand.
    """
    try:
        raw = _calculator()(*library_args(hand), verbose=True)
    except TypeError as exc:
        raise LibraryRejected(str(exc)) from exc
    total = sum(points * count for points, count, _, _ in raw)
    return total, library_fans(raw)
