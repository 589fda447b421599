"""scorer.shanten's useful tiles against a slow reference, over thousands of hands of every form and declared count.

The reference is the definition: a tile is useful when the standing tiles hold it fewer than four times and
drawing it lowers the count, read with :func:`shanten_by_form` (each form's own count, worked out in full) before
and after the draw; in one form, when it lowers that form's count. The fast search reads the useful tiles off the
counts instead (the block counts of one suit after a draw, a knitted layout's tiles missing, the tiles held an odd
number of times, ...), and must find the same tiles. The per-form counts themselves are checked against
pymahjonggb in tests/test_shanten.py.

The hands: those of the wait list's checks (tests/support/waits_oracle.py: generated complete hands of every form,
each giving a ready hand of 13 and one moved one to four tiles away); and standing tiles drawn at random from a
full set with none to four sets declared, some from a few kinds only (many pairs, pungs and kongs).
"""

from __future__ import annotations

import random

from scorer.shanten import FORMS, shanten, shanten_and_useful_tiles, shanten_by_form, useful_tiles
from scorer.tiles import Tile
from scorer.wait_list import read_waiting
from tests.support.waits_oracle import waiting_texts

SEED = 20261130
PER_FORM = 150  # generated hands of each form, each giving a ready hand and one further away
RANDOM = 1200  # hands of random standing tiles


def hands() -> list[tuple[str, list[int], int]]:
    """(where the hand comes from, its standing counts, its declared sets): hands that wait (13 tiles)."""
    out = []
    for form, text in waiting_texts(SEED, PER_FORM):
        hand = read_waiting(text)
        out.append((form, hand.standing_counts(), len(hand.melds)))
    rng = random.Random(SEED)
    for k in range(RANDOM):
        declared = k % 5
        kinds = rng.sample(range(34), rng.randint(4, 8)) if k % 3 == 0 else list(range(34))
        wall = [t for t in kinds for _ in range(4)]
        c = [0] * 34
        for t in rng.sample(wall, 13 - 3 * declared):
            c[t] += 1
        out.append(("random", c, declared))
    return out


HANDS = hands()


def drawn(c: list[int], t: Tile) -> list[int]:
    after = list(c)
    after[t] += 1
    return after


def test_the_hands_cover_every_form_declared_count_and_distance() -> None:
    """Every form is the closest (or tied) in some hands at 0, 1 and 2 or more; every declared count 0 to 4 is
    there, 0 to 3 at each of those counts (four sets declared leave one tile standing: always ready, on its
    pair)."""
    closest: dict[str, set[int]] = {form: set() for form in FORMS}
    declared: dict[int, set[int]] = {d: set() for d in range(5)}
    for _, c, d in HANDS:
        by_form = shanten_by_form(c, d)
        now = min(by_form.values())
        for form, n in by_form.items():
            if n == now:
                closest[form].add(min(n, 2))
        declared[d].add(min(now, 2))
    assert all(closest[form] == {0, 1, 2} for form in FORMS), closest
    assert all(declared[d] == {0, 1, 2} for d in range(4)) and declared[4] == {0}, declared
    assert len(HANDS) >= 3000, len(HANDS)


def test_the_useful_tiles_are_those_whose_draw_lowers_the_count() -> None:
    wrong, not_ready = [], 0
    for source, c, d in HANDS:
        before = shanten_by_form(c, d)
        after = {t: shanten_by_form(drawn(c, t), d) for t in range(34) if c[t] < 4}
        now = min(before.values())
        expected = tuple(t for t, counts in after.items() if min(counts.values()) < now)
        if shanten_and_useful_tiles(c, d) != (now, expected) or useful_tiles(c, d) != expected:
            wrong.append((source, c, d, "all forms", expected))
        for form in FORMS:
            in_form = tuple(t for t, counts in after.items() if counts[form] < before[form])
            if useful_tiles(c, d, form) != in_form:
                wrong.append((source, c, d, form, in_form))
        not_ready += now > 0
    assert not wrong, wrong[:5]
    assert not_ready >= 1500, not_ready


def test_the_count_of_fourteen_tiles_is_the_closest_form_in_full() -> None:
    """:func:`shanten` passes over knitted layouts too far to be the closest: it still gives the least count of
    :func:`shanten_by_form`, for 14 tiles (a draw) as for 13."""
    rng = random.Random(SEED + 1)
    for _, c, d in HANDS:
        for counts in (c, drawn(c, rng.choice([t for t in range(34) if c[t] < 4]))):
            assert shanten(counts, d) == min(shanten_by_form(counts, d).values()), (counts, d)
