"""A seeded generator of valid, complete MCR hands in our notation.

Every hand is complete in the form it was built for, holds no tile more than four times, and
carries only consistent situation flags (the rules of :func:`scorer.validate.validate`): robbing
the kong only when no other copy of the winning tile is in the hand, a replacement-tile win only
when a kong is declared, "last of its kind" only when no other copy of the winning tile stands.

>>> [g.form for g in random_hands(7, 3)] == [g.form for g in random_hands(7, 3)]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from scorer.hand import Hand, Kind, Meld, Situation
from scorer.notation import format_hand, parse
from scorer.tiles import DRAGONS, GREEN_TILES, HONORS, ORPHANS, REVERSIBLE_TILES, WINDS, Tile

Set = tuple[Kind, Tile]  # a chow (by its lowest tile) or a pung, before it is declared or not
ALL_TILES: tuple[Tile, ...] = tuple(range(34))
SUITED: tuple[Tile, ...] = tuple(range(27))


@dataclass(frozen=True, slots=True)
class GeneratedHand:
    """One generated hand: canonical ``text``, the ``hand`` it parses to, and what was built."""

    text: str
    hand: Hand  # ``parse(text)``: declared sets in canonical order
    form: str  # regular, extreme, seven-pairs, thirteen-orphans, honors-knitted, knitted-straight, nine-gates
    theme: str  # the finer recipe inside the form (pure-straight, full-flush, greater, …)


def random_hands(seed: int, n: int) -> list[GeneratedHand]:
    """``n`` hands from one seed; the same seed always gives the same hands."""
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


def random_hand(rng: random.Random, form: str | None = None) -> GeneratedHand:
    """One hand drawn with ``rng``, of ``form`` or of a form chosen with realistic weights."""
    if form is None:
        form = rng.choices(_FORM_NAMES, _FORM_WEIGHTS)[0]
    while True:
        built = _FORMS[form](rng)
        if built is not None:
            theme, melds, concealed = built
            return _finish(rng, form, theme, melds, concealed)


# --------------------------------------------------------------------------- bookkeeping


class _Counts:
    """Copies of each tile used so far; refuses a fifth copy."""

    def __init__(self) -> None:
        self.c = [0] * 34

    def take(self, tiles: Sequence[Tile]) -> bool:
        """Add ``tiles`` if no kind goes above four; report whether they were added."""
        need: dict[Tile, int] = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        if any(self.c[t] + k > 4 for t, k in need.items()):
            return False
        for t, k in need.items():
            self.c[t] += k
        return True


def _set_tiles(s: Set) -> tuple[Tile, ...]:
    kind, t = s
    return (t, t + 1, t + 2) if kind is Kind.CHOW else (t, t, t)


def _chow_ok(t: Tile) -> bool:
    return t < 27 and t % 9 <= 6


def _tile(rank: int, suit: int) -> Tile:
    return suit * 9 + rank - 1


# --------------------------------------------------------------------------- regular hands


@dataclass(frozen=True, slots=True)
class _Theme:
    """Which sets and pairs a regular hand may use."""

    pool: frozenset[Tile]
    pung_p: float  # chance that a free set is a pung, when both kinds are possible
    set_ok: Callable[[Set], bool] | None = None
    pair_ok: Callable[[Tile], bool] | None = None


@cache
def _candidates(theme: _Theme) -> tuple[tuple[Set, ...], tuple[Set, ...], tuple[Tile, ...]]:
    chows = tuple(
        (Kind.CHOW, t) for t in sorted(theme.pool) if _chow_ok(t) and t + 1 in theme.pool and t + 2 in theme.pool
    )
    pungs = tuple((Kind.PUNG, t) for t in sorted(theme.pool))
    if theme.set_ok is not None:
        chows = tuple(s for s in chows if theme.set_ok(s))
        pungs = tuple(s for s in pungs if theme.set_ok(s))
    pairs = tuple(t for t in sorted(theme.pool) if theme.pair_ok is None or theme.pair_ok(t))
    return chows, pungs, pairs


def _has_five(s: Set) -> bool:
    return any(t < 27 and t % 9 == 4 for t in _set_tiles(s))


def _is_five(t: Tile) -> bool:
    return t < 27 and t % 9 == 4


def _is_outside(s: Set) -> bool:
    return any(t in ORPHANS for t in _set_tiles(s))


def _is_orphan(t: Tile) -> bool:
    return t in ORPHANS


def _ranks(*ranks: int) -> frozenset[Tile]:
    return frozenset(t for t in SUITED if t % 9 + 1 in ranks)


def _suit(s: int) -> frozenset[Tile]:
    return frozenset(range(9 * s, 9 * s + 9))


def _pick(options: Sequence[_Theme]) -> Callable[[random.Random], _Theme]:
    return lambda r: r.choice(options)


def _one(theme: _Theme) -> Callable[[random.Random], _Theme]:
    return lambda r: theme


_HONOR_POOL = frozenset(HONORS)
ANY = _Theme(frozenset(ALL_TILES), 0.3)
_REGULAR_THEMES: dict[str, tuple[int, Callable[[random.Random], _Theme]]] = {
    "any": (40, _one(ANY)),
    "chows": (10, _one(_Theme(frozenset(ALL_TILES), 0.05))),
    "pungs": (6, _one(_Theme(frozenset(ALL_TILES), 0.8))),
    "kongs": (5, _one(_Theme(frozenset(ALL_TILES), 0.9))),
    "two-suits": (8, _pick([_Theme(_suit(a) | _suit(b) | _HONOR_POOL, 0.25) for a in range(3) for b in range(a)])),
    "patterned": (31, _one(ANY)),
}
_EXTREME_THEMES: dict[str, tuple[int, Callable[[random.Random], _Theme]]] = {
    "all-pungs": (12, _one(_Theme(frozenset(ALL_TILES), 1.0))),
    "full-flush": (14, _pick([_Theme(_suit(s), 0.3) for s in range(3)])),
    "half-flush": (12, _pick([_Theme(_suit(s) | _HONOR_POOL, 0.4) for s in range(3)])),
    "all-honors": (6, _one(_Theme(_HONOR_POOL, 1.0))),
    "all-terminals": (4, _one(_Theme(_ranks(1, 9), 1.0))),
    "terminals-and-honors": (5, _one(_Theme(_ranks(1, 9) | _HONOR_POOL, 1.0))),
    "all-green": (5, _one(_Theme(GREEN_TILES, 0.4))),
    "all-simples": (8, _one(_Theme(_ranks(2, 3, 4, 5, 6, 7, 8), 0.3))),
    "upper-tiles": (3, _one(_Theme(_ranks(7, 8, 9), 0.4))),
    "middle-tiles": (3, _one(_Theme(_ranks(4, 5, 6), 0.4))),
    "lower-tiles": (3, _one(_Theme(_ranks(1, 2, 3), 0.4))),
    "upper-four": (3, _one(_Theme(_ranks(6, 7, 8, 9), 0.3))),
    "lower-four": (3, _one(_Theme(_ranks(1, 2, 3, 4), 0.3))),
    "all-even-pungs": (3, _one(_Theme(_ranks(2, 4, 6, 8), 1.0))),
    "reversible": (4, _one(_Theme(REVERSIBLE_TILES, 0.4))),
    "all-fives": (3, _one(_Theme(frozenset(ALL_TILES), 0.2, _has_five, _is_five))),
    "outside": (4, _one(_Theme(frozenset(ALL_TILES), 0.3, _is_outside, _is_orphan))),
    "winds": (4, _one(ANY)),
    "dragons": (4, _one(ANY)),
}


def _chows(*starts: tuple[int, int]) -> list[Set]:
    """Chows from (rank of the lowest tile, suit) pairs."""
    return [(Kind.CHOW, _tile(r, s)) for r, s in starts]


def _pungs(*tiles: tuple[int, int]) -> list[Set]:
    return [(Kind.PUNG, _tile(r, s)) for r, s in tiles]


def _three_suits(r: random.Random) -> list[int]:
    return r.sample(range(3), 3)


def _patterns(r: random.Random) -> tuple[str, list[Set], Tile | None]:
    """A few preset sets that make the chow and pung combination fans (and their exclusions) likely."""
    s, a, b = _three_suits(r)
    low = r.randint(1, 7)
    name = r.choice(_PATTERN_NAMES)
    step = r.choice((1, 2))
    if name == "pure-straight":
        return name, _chows((1, s), (4, s), (7, s)), None
    if name == "mixed-straight":
        return name, _chows((1, s), (4, a), (7, b)), None
    if name == "pure-triple-chow":
        return name, _chows((low, s), (low, s), (low, s)), None
    if name == "quadruple-chow":
        return name, _chows((low, s), (low, s), (low, s), (low, s)), None
    if name == "mixed-triple-chow":
        return name, _chows((low, s), (low, a), (low, b)), None
    if name == "pure-shifted-chows":
        low = r.randint(1, 7 - 2 * step)
        return name, _chows((low, s), (low + step, s), (low + 2 * step, s)), None
    if name == "four-pure-shifted-chows":
        low = r.randint(1, 7 - 3 * step)
        return name, _chows(*[(low + k * step, s) for k in range(4)]), None
    if name == "mixed-shifted-chows":
        low = r.randint(1, 5)
        return name, _chows((low, s), (low + 1, a), (low + 2, b)), None
    if name == "pure-shifted-pungs":
        low = r.randint(1, 7)
        return name, _pungs((low, s), (low + 1, s), (low + 2, s)), None
    if name == "four-pure-shifted-pungs":
        low = r.randint(1, 6)
        return name, _pungs(*[(low + k, s) for k in range(4)]), None
    if name == "mixed-shifted-pungs":
        return name, _pungs((low, s), (low + 1, a), (low + 2, b)), None
    if name == "triple-pung":
        rank = r.randint(1, 9)
        return name, _pungs((rank, s), (rank, a), (rank, b)), None
    if name == "double-pung":
        rank = r.randint(1, 9)
        return name, _pungs((rank, s), (rank, a)), None
    if name == "three-suited-terminal-chows":
        return name, _chows((1, s), (7, s), (1, a), (7, a)), _tile(5, b)
    if name == "pure-terminal-chows":
        return name, _chows((1, s), (1, s), (7, s), (7, s)), _tile(5, s)
    if name == "two-terminal-chows":
        return name, _chows((1, s), (7, s)), None
    if name == "short-straights":  # several two-chow fans at once: account-once territory
        low = r.randint(1, 4)
        return name, _chows((low, s), (low + 3, s), (low, a), (low + 3, a)), None
    if name == "pure-double-chow":
        return name, _chows((low, s), (low, s)), None
    if name == "mixed-double-chows":
        return name, _chows((low, s), (low, a), (r.randint(1, 7), r.choice((s, a, b)))), None
    if name == "big-winds":
        winds = r.sample(WINDS, r.choice((3, 4)))
        return name, [(Kind.PUNG, w) for w in winds], None
    if name == "little-winds":
        winds = r.sample(WINDS, 4)
        return name, [(Kind.PUNG, w) for w in winds[:3]], winds[3]
    if name == "big-dragons":
        return name, [(Kind.PUNG, d) for d in DRAGONS], None
    if name == "little-dragons":
        dragons = r.sample(DRAGONS, 3)
        return name, [(Kind.PUNG, d) for d in dragons[:2]], dragons[2]
    # "honor-pungs": seat / prevalent wind and dragon pungs
    return name, [(Kind.PUNG, t) for t in r.sample(HONORS, r.choice((1, 2)))], None


_PATTERN_NAMES = (
    "pure-straight", "mixed-straight", "pure-triple-chow", "quadruple-chow", "mixed-triple-chow",
    "pure-shifted-chows", "four-pure-shifted-chows", "mixed-shifted-chows", "pure-shifted-pungs",
    "four-pure-shifted-pungs", "mixed-shifted-pungs", "triple-pung", "double-pung",
    "three-suited-terminal-chows", "pure-terminal-chows", "two-terminal-chows", "short-straights",
    "pure-double-chow", "mixed-double-chows", "big-winds", "little-winds", "big-dragons", "little-dragons",
    "honor-pungs",
)  # fmt: skip


def _fill(rng: random.Random, theme: _Theme, counts: _Counts, sets: list[Set], pair: Tile | None):
    """Complete ``sets`` to four and choose a pair from ``theme``; ``None`` if the tiles run out."""
    chows, pungs, pairs = _candidates(theme)
    for s in sets:
        if not counts.take(_set_tiles(s)):
            return None
    if pair is not None and not counts.take((pair, pair)):
        return None
    for _ in range(40):
        if len(sets) == 4:
            break
        use_pung = not chows or (pungs and rng.random() < theme.pung_p)
        s = rng.choice(pungs if use_pung else chows)
        if counts.take(_set_tiles(s)):
            sets.append(s)
    if len(sets) < 4:
        return None
    for _ in range(40):
        if pair is not None:
            break
        t = rng.choice(pairs)
        if counts.take((t, t)):
            pair = t
    if pair is None:
        return None
    return sets, pair


def _declare(
    rng: random.Random, counts: _Counts, sets: list[Set], pair: Tile, n_declared: int, kong_p: float
) -> tuple[list[Meld], list[Tile]]:
    """Declare ``n_declared`` of the sets (pungs may become kongs); the rest and the pair stand."""
    order = list(range(len(sets)))
    rng.shuffle(order)
    declared = set(order[:n_declared])
    melds: list[Meld] = []
    concealed: list[Tile] = [pair, pair]
    for i, s in enumerate(sets):
        kind, t = s
        if i not in declared:
            concealed.extend(_set_tiles(s))
            continue
        if kind is Kind.PUNG and rng.random() < kong_p and counts.take((t,)):
            offer = rng.choices((0, rng.randint(1, 3), rng.randint(5, 7)), (35, 45, 20))[0]
            melds.append(Meld(Kind.KONG, t, offer))
        else:
            offer = None if rng.random() < 0.08 else rng.randint(1, 3)
            melds.append(Meld(kind, t, offer))
    return melds, concealed


_DECLARED_WEIGHTS = (30, 25, 20, 15, 10)


def _regular_like(rng: random.Random, themes: dict[str, tuple[int, Callable[[random.Random], _Theme]]]):
    name = rng.choices(list(themes), [w for w, _ in themes.values()])[0]
    theme = themes[name][1](rng)
    counts = _Counts()
    preset: list[Set] = []
    pair: Tile | None = None
    if name == "patterned":
        name, preset, pair = _patterns(rng)
    elif name == "winds":
        preset = [(Kind.PUNG, w) for w in rng.sample(WINDS, rng.choice((2, 3, 3, 4)))]
    elif name == "dragons":
        preset = [(Kind.PUNG, d) for d in rng.sample(DRAGONS, rng.choice((2, 3)))]
    rng.shuffle(preset)
    done = _fill(rng, theme, counts, preset, pair)
    if done is None:
        return None
    sets, pair = done
    rng.shuffle(sets)
    n_declared = rng.choices(range(5), _DECLARED_WEIGHTS)[0]
    kong_p = 0.2
    if name == "kongs":
        n_declared, kong_p = rng.choice((2, 3, 4, 4)), 0.75
    melds, concealed = _declare(rng, counts, sets, pair, n_declared, kong_p)
    return name, melds, concealed


def _regular(rng: random.Random):
    return _regular_like(rng, _REGULAR_THEMES)


def _extreme(rng: random.Random):
    return _regular_like(rng, _EXTREME_THEMES)


# --------------------------------------------------------------------------- special forms


_SEVEN_PAIRS_POOLS: dict[str, tuple[int, Callable[[random.Random], Sequence[Tile]]]] = {
    "any": (50, lambda r: ALL_TILES),
    "full-flush": (10, lambda r: tuple(_suit(r.randrange(3)))),
    "half-flush": (10, lambda r: tuple(_suit(r.randrange(3)) | frozenset(HONORS))),
    "honors": (6, lambda r: HONORS),
    "terminals-and-honors": (6, lambda r: ORPHANS),
    "all-terminals": (4, lambda r: tuple(_ranks(1, 9))),
    "all-green": (4, lambda r: tuple(GREEN_TILES)),
    "all-simples": (6, lambda r: tuple(_ranks(2, 3, 4, 5, 6, 7, 8))),
    "reversible": (4, lambda r: tuple(REVERSIBLE_TILES)),
}


def _seven_pairs(rng: random.Random):
    if rng.random() < 0.08:
        suit, low = rng.randrange(3), rng.randint(1, 3)
        pairs = [_tile(low + k, suit) for k in range(7)]
        return "seven-shifted-pairs", [], [t for t in pairs for _ in range(2)]
    name = rng.choices(list(_SEVEN_PAIRS_POOLS), [w for w, _ in _SEVEN_PAIRS_POOLS.values()])[0]
    pool = sorted(_SEVEN_PAIRS_POOLS[name][1](rng))
    p_double = 0.12 if len(pool) > 7 else 0.5
    pairs: list[Tile] = []
    while len(pairs) < 7:
        t = rng.choice(pool)
        held = pairs.count(t)
        if held == 2 or (held == 1 and rng.random() >= p_double):
            continue
        pairs.append(t)
    return name, [], [t for t in pairs for _ in range(2)]


def _thirteen_orphans(rng: random.Random):
    return "thirteen-orphans", [], [*ORPHANS, rng.choice(ORPHANS)]


def _knitted(rng: random.Random) -> list[Tile]:
    """The nine tiles of a knitted straight: 147, 258 and 369, each in its own suit."""
    suits = _three_suits(rng)
    return [_tile(r, suits[k]) for k in range(3) for r in (k + 1, k + 4, k + 7)]


def _honors_knitted(rng: random.Random):
    numbers = _knitted(rng)
    if rng.random() < 0.35:
        return "greater", [], rng.sample(numbers, 7) + list(HONORS)
    n_honors = rng.choice((5, 6))
    return "lesser", [], rng.sample(numbers, 14 - n_honors) + rng.sample(HONORS, n_honors)


def _knitted_straight(rng: random.Random):
    counts = _Counts()
    numbers = _knitted(rng)
    counts.take(numbers)
    chows, pungs, pairs = _candidates(ANY)
    s = rng.choice(pungs if rng.random() < 0.4 else chows)
    pair = rng.choice(pairs)
    if not counts.take(_set_tiles(s)) or not counts.take((pair, pair)):
        return None
    if rng.random() < 0.35:
        melds, concealed = _declare(rng, counts, [s], pair, 1, 0.2)
        return "declared-set", melds, numbers + concealed
    return "concealed", [], [*numbers, pair, pair, *_set_tiles(s)]


def _nine_gates(rng: random.Random):
    suit = rng.randrange(3)
    base = [_tile(r, suit) for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
    return "nine-gates", [], [*base, _tile(rng.randint(1, 9), suit)]  # the extra tile last


_FORMS: dict[str, Callable[[random.Random], tuple | None]] = {
    "regular": _regular,
    "extreme": _extreme,
    "seven-pairs": _seven_pairs,
    "thirteen-orphans": _thirteen_orphans,
    "honors-knitted": _honors_knitted,
    "knitted-straight": _knitted_straight,
    "nine-gates": _nine_gates,
}
_FORM_WEIGHTS_BY_NAME = {
    "regular": 66,
    "extreme": 14,
    "seven-pairs": 8,
    "honors-knitted": 4,
    "knitted-straight": 4,
    "thirteen-orphans": 2,
    "nine-gates": 2,
}
_FORM_NAMES = tuple(_FORM_WEIGHTS_BY_NAME)
_FORM_WEIGHTS = tuple(_FORM_WEIGHTS_BY_NAME.values())
FORMS = _FORM_NAMES


# --------------------------------------------------------------------------- winning tile and situation


def _finish(rng: random.Random, form: str, theme: str, melds: list[Meld], concealed: list[Tile]) -> GeneratedHand:
    """Pick the winning tile among the concealed tiles, then a consistent situation."""
    nine_sided = form == "nine-gates" and rng.random() < 0.9  # won on the tile added to 1112345678999
    winning = concealed[-1] if nine_sided else rng.choice(concealed)
    standing = list(concealed)
    standing.remove(winning)
    counts = [0] * 34
    for t in [*concealed, *(t for m in melds for t in m.tiles)]:
        counts[t] += 1
    self_drawn = rng.random() < 0.4
    has_kong = any(m.kind is Kind.KONG for m in melds)
    # Self-drawn: out with a replacement tile, needs a kong. Discard: robbing a kong, needs no other copy.
    kong = has_kong and rng.random() < 0.3 if self_drawn else counts[winning] == 1 and rng.random() < 0.08
    shown = any(m.kind is not Kind.CHOW and m.tile == winning for m in melds)
    last_of_kind = winning not in standing and rng.random() < (0.5 if shown else 0.12)
    last_of_wall = rng.random() < 0.05
    flowers = 0 if rng.random() < 0.8 else rng.randint(1, 3)
    situation = Situation(
        prevalent=rng.choice(WINDS),
        seat=rng.choice(WINDS),
        self_drawn=self_drawn,
        last_of_kind=last_of_kind,
        last_of_wall=last_of_wall,
        kong=kong,
        flowers=flowers,
    )
    text = format_hand(Hand(tuple(melds), tuple(sorted(standing)), winning, situation))
    return GeneratedHand(text, parse(text), form, theme)  # parsed back: declared sets in canonical order
