"""Fans of how the hand was won and shown: concealed or melded, self-drawn, the last tile, flowers,
and Chicken Hand when nothing else scores."""

from __future__ import annotations

from ..view import Hits, View
from .detector import NONE, WHOLE, fan


@fan(43, fallback=True)
def chicken_hand(v: View) -> Hits:
    """无番和 Chicken Hand: no other fan (flowers aside). Asked only once the other fans, after exclusions,
    total nothing but flowers."""
    return WHOLE


@fan(44, per_hand=True, needs=("self-drawn", "last-of-wall"))
def last_tile_draw(v: View) -> Hits:
    """妙手回春 Last Tile Draw: self-drawn on the last tile of the wall."""
    f = v.facts
    return WHOLE if f.self_drawn and f.last_of_wall else NONE


@fan(45, per_hand=True, needs=("discard", "last-of-wall"))
def last_tile_claim(v: View) -> Hits:
    """海底捞月 Last Tile Claim: won on the discard after the last tile of the wall."""
    f = v.facts
    return WHOLE if not f.self_drawn and f.last_of_wall else NONE


@fan(46, per_hand=True, needs=("self-drawn", "kong"))
def out_with_replacement_tile(v: View) -> Hits:
    """杠上开花 Out with Replacement Tile: won on the replacement tile after a kong."""
    f = v.facts
    return WHOLE if f.self_drawn and f.kong else NONE


@fan(47, per_hand=True, needs=("discard", "kong"))
def robbing_the_kong(v: View) -> Hits:
    """抢杠和 Robbing the Kong: won on the tile another player adds to a melded pung."""
    f = v.facts
    return WHOLE if not f.self_drawn and f.kong else NONE


@fan(53, per_hand=True, needs=("discard",))
def melded_hand(v: View) -> Hits:
    """全求人 Melded Hand: four melded sets, won on a discard to the pair."""
    f = v.facts
    if f.n_melds != 4 or any(g.concealed for g in f.declared) or f.self_drawn:
        return NONE
    return WHOLE


@fan(56, per_hand=True, needs=("self-drawn", "concealed"))
def fully_concealed_hand(v: View) -> Hits:
    """不求人 Fully Concealed Hand: no melded set, self-drawn."""
    return WHOLE if v.facts.concealed and v.facts.self_drawn else NONE


@fan(58, per_hand=True)
def last_tile(v: View) -> Hits:
    """和绝张 Last Tile: the winning tile is the last of its kind (the other three are shown).

    Scored without the flag when the other three copies are in the winner's own melded sets.
    """
    f = v.facts
    return WHOLE if f.last_of_kind or f.declared_copies_of_win == 3 else NONE


@fan(62, per_hand=True, needs=("concealed",))
def concealed_hand(v: View) -> Hits:
    """门前清 Concealed Hand: no melded set (concealed kongs allowed)."""
    return WHOLE if v.facts.concealed else NONE


@fan(80, per_hand=True, needs=("self-drawn",))
def self_drawn(v: View) -> Hits:
    """自摸 Self-Drawn."""
    return WHOLE if v.facts.self_drawn else NONE


@fan(81, per_hand=True, needs=("flowers",))
def flower_tiles(v: View) -> Hits:
    """花牌 Flower Tiles: one point each."""
    return [()] * v.facts.flowers
