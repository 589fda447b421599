"""Winning hands of the shapes Babcock's scores tell apart, from a seeded ``random.Random``: what
``tests/test_babcock_order.py`` and ``bench/fuzz_api.py`` write in every order.

>>> from scorer import score
>>> hand = babcock_winner(random.Random(3))
>>> score(hand, ruleset="babcock").total > 0
True
"""

from __future__ import annotations

import random

from scorer.hand import Hand, Kind, Meld, Situation
from scorer.tiles import WINDS

CHOW_STARTS = [t for t in range(27) if t % 9 < 7]
KINDS = [Kind.PUNG, Kind.PUNG, Kind.KONG, Kind.CHOW]


def babcock_winner(rng: random.Random) -> Hand:
    """Four sets and a pair: pungs and kongs of simples, terminals and honours, declared or standing, kongs
    concealed (offer 0), claimed onto a concealed pung (1-3) or added to a claimed pung (5-7), pungs and chows
    claimed (1-3) or not said (None); the winning tile any of the standing tiles, the winds and self-drawn at
    random. No tile more than four times: a set that would make a fifth copy is drawn again."""
    counts = [0] * 34
    melds: list[Meld] = []
    concealed: list[int] = []
    while len(melds) + len(concealed) // 3 < 4:
        kind = rng.choice(KINDS)
        tile = rng.choice(CHOW_STARTS) if kind is Kind.CHOW else rng.randrange(34)
        tiles = Meld(kind, tile, None).tiles
        if any(counts[t] + tiles.count(t) > 4 for t in tiles):
            continue
        for t in tiles:
            counts[t] += 1
        if kind is Kind.KONG:
            melds.append(Meld(kind, tile, rng.choice([0, 1, 2, 3, 5, 6, 7])))
        elif rng.random() < 0.5:
            melds.append(Meld(kind, tile, rng.choice([None, 1, 2, 3])))
        else:
            concealed += tiles
    pair = rng.choice([t for t in range(34) if counts[t] <= 2])
    concealed += [pair, pair]
    winning = rng.choice(sorted(set(concealed)))
    concealed.remove(winning)
    situation = Situation(prevalent=rng.choice(WINDS), seat=rng.choice(WINDS), self_drawn=rng.random() < 0.5)
    return Hand(tuple(melds), tuple(sorted(concealed)), winning, situation)
