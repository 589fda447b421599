"""Hands built to have more than one reading of the same tiles (for the equal-readings tests).

Three shapes, each completed with random sets and a pair from the tiles left (no tile more than four
times), random winds, and the winning tile where the shape puts it:

- ``shifted-pungs``: three pungs of consecutive ranks in one suit (pungs, or three equal chows);
- ``shared-tile``: two chows of one suit sharing their end tile, won on it (either chow holds it);
- ``edge-or-closed``: 123 + 234 won on 3, or 678 + 789 won on 7 (an edge wait or a closed wait).

>>> [h.shape for h in tie_hands(3, 3)] == [h.shape for h in tie_hands(3, 3)]
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from scorer.errors import MjrefError
from scorer.hand import Hand
from scorer.notation import format_hand, parse
from scorer.tiles import name

SHAPES = ("shifted-pungs", "shared-tile", "edge-or-closed")


@dataclass(frozen=True)
class TieHand:
    shape: str
    text: str  # canonical
    hand: Hand


def tie_hands(seed: int, n: int) -> list[TieHand]:
    """``n`` valid hands from one seed, cycling through :data:`SHAPES`."""
    rng = random.Random(seed)
    out: list[TieHand] = []
    while len(out) < n:
        shape = SHAPES[len(out) % len(SHAPES)]
        built = _build(rng, shape)
        if built is not None:
            out.append(built)
    return out


def _core(rng: random.Random, shape: str) -> tuple[list[int], int]:
    """The shape's tiles (winning tile included) and the winning tile."""
    suit = 9 * rng.randrange(3)
    if shape == "shifted-pungs":
        r = rng.randrange(7)
        tiles = [suit + r + k for k in range(3) for _ in range(3)]
        return tiles, suit + r + rng.randrange(3)
    if shape == "shared-tile":
        r = rng.randrange(5)  # chows r..r+2 and r+2..r+4
        tiles = [suit + r + k for k in (0, 1, 2, 2, 3, 4)]
        return tiles, suit + r + 2
    if rng.random() < 0.5:  # 12 + 3 (edge) or 2_4 (closed)
        return [suit + k for k in (0, 1, 2, 1, 2, 3)], suit + 2
    return [suit + k for k in (5, 6, 7, 6, 7, 8)], suit + 6


def _build(rng: random.Random, shape: str) -> TieHand | None:
    tiles, win = _core(rng, shape)
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    sets_needed = 4 - len(tiles) // 3
    melds: list[str] = []
    concealed = list(tiles)
    for _ in range(sets_needed):
        t = rng.randrange(34)
        chow = t < 27 and t % 9 <= 6 and rng.random() < 0.6
        group = [t, t + 1, t + 2] if chow else [t, t, t]
        if any(counts[g] + group.count(g) > 4 for g in set(group)):
            return None
        for g in group:
            counts[g] += 1
        if rng.random() < 0.4:
            melds.append(
                f"[{''.join(name(g)[0] if g < 27 else name(g) for g in group)}"
                f"{name(group[0])[1:] if group[0] < 27 else ''},{rng.randint(1, 3)}]"
            )
        else:
            concealed += group
    pair = rng.randrange(34)
    if counts[pair] + 2 > 4:
        return None
    concealed += [pair, pair]
    concealed.remove(win)
    winds = "ESWN"
    flags = f"{rng.randint(0, 1)}000"
    text = "".join(melds) + "".join(name(t) for t in sorted(concealed)) + name(win)
    text += f"|{rng.choice(winds)}{rng.choice(winds)}{flags}"
    try:
        hand = parse(text)
    except MjrefError:
        return None
    return TieHand(shape, format_hand(hand), hand)
