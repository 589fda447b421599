"""Fans of which tiles the hand holds: flushes and voided suits, terminals, simples, ranks and colours."""

from __future__ import annotations

from typing import Final

from ...arrange import REGULAR
from ..view import Hits, View
from .common import (
    DRAGON_TILES,
    FIVES,
    GREEN,
    REVERSIBLE,
    TERMINALS,
    TERMINALS_HONORS,
    WIND_TILES,
    every_group_holds,
    only,
    ranks_from,
)
from .detector import NONE, WHOLE, fan

UPPER_TILES: Final = ranks_from(7, 9)
MIDDLE_TILES: Final = ranks_from(4, 6)
LOWER_TILES: Final = ranks_from(1, 3)
UPPER_FOUR: Final = ranks_from(6, 9)
LOWER_FOUR: Final = ranks_from(1, 4)
SIMPLES: Final = ranks_from(2, 8)
NEAR_FIVES: Final = ranks_from(3, 7)  # the only tiles of sets that hold a 5 (345, 456, 567, 555)
HONOR_TILES: Final = WIND_TILES | DRAGON_TILES
OUTSIDE_TILES: Final = LOWER_TILES | UPPER_TILES | HONOR_TILES  # those of sets holding a terminal or an honour


@fan(3, per_hand=True, suits=(0, 1), within=GREEN)
def all_green(v: View) -> Hits:
    """绿一色 All Green: only 2, 3, 4, 6, 8 of bamboo and the green dragon."""
    return WHOLE if only(v, GREEN) else NONE


@fan(8, per_hand=True, honors=False, within=TERMINALS)
def all_terminals(v: View) -> Hits:
    """清幺九 All Terminals: only ones and nines."""
    return WHOLE if only(v, TERMINALS) else NONE


@fan(18, per_hand=True, within=TERMINALS_HONORS)
def all_terminals_and_honors(v: View) -> Hits:
    """混幺九 All Terminals and Honors: only ones, nines and honours."""
    return WHOLE if only(v, TERMINALS_HONORS) else NONE


@fan(22, per_hand=True, honors=False, suits=(1,))
def full_flush(v: View) -> Hits:
    """清一色 Full Flush: tiles of one suit only."""
    return WHOLE if len(v.facts.suits) == 1 and not v.facts.has_honors else NONE


@fan(25, per_hand=True, honors=False, within=UPPER_TILES)
def upper_tiles(v: View) -> Hits:
    """全大 Upper Tiles: only 7, 8 and 9."""
    return WHOLE if only(v, UPPER_TILES) else NONE


@fan(26, per_hand=True, honors=False, within=MIDDLE_TILES)
def middle_tiles(v: View) -> Hits:
    """全中 Middle Tiles: only 4, 5 and 6."""
    return WHOLE if only(v, MIDDLE_TILES) else NONE


@fan(27, per_hand=True, honors=False, within=LOWER_TILES)
def lower_tiles(v: View) -> Hits:
    """全小 Lower Tiles: only 1, 2 and 3."""
    return WHOLE if only(v, LOWER_TILES) else NONE


@fan(31, forms=(REGULAR,), within=NEAR_FIVES)
def all_fives(v: View) -> Hits:
    """全带五 All Fives: every set and the pair include a 5."""
    return every_group_holds(v, FIVES)


@fan(36, per_hand=True, honors=False, within=UPPER_FOUR)
def upper_four(v: View) -> Hits:
    """大于五 Upper Four: only 6, 7, 8 and 9."""
    return WHOLE if only(v, UPPER_FOUR) else NONE


@fan(37, per_hand=True, honors=False, within=LOWER_FOUR)
def lower_four(v: View) -> Hits:
    """小于五 Lower Four: only 1, 2, 3 and 4."""
    return WHOLE if only(v, LOWER_FOUR) else NONE


@fan(40, per_hand=True, suits=(0, 1, 2), within=REVERSIBLE)
def reversible_tiles(v: View) -> Hits:
    """推不倒 Reversible Tiles: only tiles that look the same upside down."""
    return WHOLE if only(v, REVERSIBLE) else NONE


@fan(50, per_hand=True, honors=True, suits=(1,))
def half_flush(v: View) -> Hits:
    """混一色 Half Flush: one suit and honours."""
    return WHOLE if len(v.facts.suits) == 1 and v.facts.has_honors else NONE


@fan(52, per_hand=True, honors=True, suits=(3,))
def all_types(v: View) -> Hits:
    """五门齐 All Types: all three suits, a wind and a dragon."""
    m = v.facts.mask
    return WHOLE if len(v.facts.suits) == 3 and m & WIND_TILES and m & DRAGON_TILES else NONE


@fan(55, forms=(REGULAR,), within=OUTSIDE_TILES)
def outside_hand(v: View) -> Hits:
    """全带幺 Outside Hand: every set and the pair include a terminal or honour."""
    return every_group_holds(v, TERMINALS_HONORS)


@fan(68, per_hand=True, honors=False, within=SIMPLES)
def all_simples(v: View) -> Hits:
    """断幺 All Simples: no terminals or honours."""
    return WHOLE if v.facts.mask & TERMINALS_HONORS == 0 else NONE


@fan(75, per_hand=True, suits=(2,))
def one_voided_suit(v: View) -> Hits:
    """缺一门 One Voided Suit: exactly one of the three suits is missing."""
    return WHOLE if len(v.facts.suits) == 2 else NONE
