"""Tiles as small integers, and their properties.

A tile is an ``int`` from 0 to 33: characters (m) 0-8, dots (p) 9-17, bamboo (s)
18-26, then the honours East, South, West, North, Red (C), Green (F), White (P) 27-33.

Compiled with mypyc in a wheel (``setup.py``), like the rest of the scorer's hot path: what the compiler
needs here is constants marked ``Final``, which compiled code reads as C values instead of looking them
up in the module's dictionary on every use. Keep a new constant ``Final``.
"""

from __future__ import annotations

from typing import Final

Tile = int

SUIT_LETTERS: Final = "mps"
HONOR_LETTERS: Final = "ESWNCFP"
WIND_LETTERS: Final = HONOR_LETTERS[:4]  # E S W N, as the notation writes the prevalent and seat winds
N_KINDS: Final = 34

EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
RED: Final = 31
GREEN: Final = 32
WHITE: Final = 33
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (RED, GREEN, WHITE)
HONORS: Final = WINDS + DRAGONS


def tile(rank: int, suit: str) -> Tile:
    """The tile of ``rank`` (1-9) in suit letter ``suit`` (m, p or s).

    >>> tile(5, "p")
    13
    """
    return SUIT_LETTERS.index(suit) * 9 + rank - 1


def suit_of(t: Tile) -> int:
    """0 characters, 1 dots, 2 bamboo, 3 honours."""
    return t // 9 if t < 27 else 3


def rank_of(t: Tile) -> int:
    """Rank 1-9 of a suited tile (0 for honours)."""
    return t % 9 + 1 if t < 27 else 0


def is_honor(t: Tile) -> bool:
    return t >= 27


def is_terminal(t: Tile) -> bool:
    return t < 27 and t % 9 in (0, 8)


def is_terminal_or_honor(t: Tile) -> bool:
    return t >= 27 or t % 9 in (0, 8)


GREEN_TILES: Final = frozenset({tile(r, "s") for r in (2, 3, 4, 6, 8)} | {GREEN})
REVERSIBLE_TILES: Final = frozenset(
    {tile(r, "p") for r in (1, 2, 3, 4, 5, 8, 9)} | {tile(r, "s") for r in (2, 4, 5, 6, 8, 9)} | {WHITE}
)
ORPHANS: Final = tuple(sorted({tile(r, s) for s in SUIT_LETTERS for r in (1, 9)} | set(HONORS)))


def name(t: Tile) -> str:
    """Short text of one tile: ``5p``, ``E``.

    >>> name(13), name(EAST)
    ('5p', 'E')
    """
    return HONOR_LETTERS[t - 27] if t >= 27 else f"{rank_of(t)}{SUIT_LETTERS[suit_of(t)]}"


NAMES: Final = tuple(name(t) for t in range(N_KINDS))  # name(t), read from a table


def set_place(tile: Tile, kind: int, offer: int | None) -> int:
    """A declared set's place in canonical order (by tile, then chow, pung, kong, then offer) as one number:
    kinds and offers are below 8."""
    return (tile * 8 + kind) * 8 + (offer or 0)


def run_text(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    """Tiles written compactly, suit letter after each run: ``[0, 1, 2, 27]`` -> ``123mE``."""
    out: list[str] = []
    suit = -1  # the suit of the digits written since the last letter, -1 when none are
    for t in tiles:
        if t >= 27:
            if suit >= 0:
                out.append(SUIT_LETTERS[suit])
                suit = -1
            out.append(HONOR_LETTERS[t - 27])
            continue
        s = t // 9
        if suit >= 0 and s != suit:
            out.append(SUIT_LETTERS[suit])
        suit = s
        out.append(_DIGITS[t % 9])
    if suit >= 0:
        out.append(SUIT_LETTERS[suit])
    return "".join(out)


_DIGITS: Final = "123456789"
