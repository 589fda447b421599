"""scorer.shanten against pymahjonggb 1.4.0's shanten functions, over random hands of every form.

Each generated complete hand (tests/support/generate.py) gives a ready hand (one concealed tile taken out)
and, by replacing one to four standing tiles with random ones (never a fifth copy, counting the declared
sets), hands one to several tiles from ready. The library counts only hands that wait (13 tiles, declared
sets counted): there both the overall count (``MahjongShanten``) and each form's count with its useful tiles
must agree, but for one difference by design: the library lists among the useful tiles a tile the hand holds
four times, which no player can draw (``useful_tiles`` leaves it out, as the waits of issue 33 must). A hand
of 14 is complete (-1) exactly when the scorer finds it a winning hand, and otherwise counts as its best
discard, which the library counts.
"""

from __future__ import annotations

import random
import time

# The oracle is a test dependency (the `test` extra pins pymahjonggb==1.4.0): a missing one fails, never skips.
import MahjongGB
import pytest

from scorer.arrange import arrangements
from scorer.errors import InvalidHand
from scorer.hand import Hand
from scorer.shanten import (
    FORMS,
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    NOT_THIS_FORM,
    REGULAR,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
    greater_honors_knitted_shanten,
    shanten,
    shanten_by_form,
    useful_tiles,
)
from scorer.tiles import Tile
from tests.support.generate import FORMS as GENERATED_FORMS
from tests.support.generate import random_hand
from tests.support.oracle import TILE_CODES, library_pack

PER_FORM = 300  # generated hands of each form; each gives a ready hand and a hand further away
SEED = 20261129
LIBRARY_FORMS = {
    REGULAR: MahjongGB.RegularShanten,
    SEVEN_PAIRS: MahjongGB.SevenPairsShanten,
    THIRTEEN_ORPHANS: MahjongGB.ThirteenOrphansShanten,
    HONORS_KNITTED: MahjongGB.HonorsAndKnittedTilesShanten,
    KNITTED_STRAIGHT: MahjongGB.KnittedStraightShanten,
}


def counts_of(tiles: list[Tile] | tuple[Tile, ...]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def waiting_hands() -> list[tuple[Hand, list[Tile]]]:
    """(generated hand, 13 standing tiles with declared sets counted): a ready one and one moved away, per hand."""
    rng = random.Random(SEED)
    out = []
    for form in GENERATED_FORMS:
        for _ in range(PER_FORM):
            hand = random_hand(rng, form).hand
            tiles = [*hand.standing, hand.winning]
            tiles.remove(rng.choice(tiles))
            out.append((hand, sorted(tiles)))
            moved = list(tiles)
            all_counts = counts_of([*tiles, *(t for m in hand.melds for t in m.tiles)])
            for _ in range(rng.randint(1, 4)):
                gone = moved.pop(rng.randrange(len(moved)))
                all_counts[gone] -= 1
                new = rng.choice([t for t in range(34) if all_counts[t] < 4])
                all_counts[new] += 1
                moved.append(new)
            out.append((hand, sorted(moved)))
    return out


HANDS = waiting_hands()


def library(function, tiles: list[Tile], packs: tuple = ()):  # type: ignore[no-untyped-def]
    codes = tuple(TILE_CODES[t] for t in tiles)
    return function(packs, codes) if packs else function(codes)


def test_every_form_is_reached() -> None:
    """The hands exercise every form: some ready (0) and some further away in each, by the library's count."""
    reached = {form: set() for form in FORMS}
    for hand, tiles in HANDS:
        if hand.melds:
            continue
        for form, function in LIBRARY_FORMS.items():
            reached[form].add(min(library(function, tiles)[0], 2))
    assert all(reached[form] >= {0, 1, 2} for form in FORMS), reached


def test_overall_count_agrees_with_the_library() -> None:
    wrong = []
    for hand, tiles in HANDS:
        packs = tuple(library_pack(m) for m in hand.melds)
        expected = MahjongGB.MahjongShanten(packs, tuple(TILE_CODES[t] for t in tiles))
        got = shanten(counts_of(tiles), len(hand.melds))
        if got != expected:
            wrong.append((hand, tiles, got, expected))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("form", FORMS)
def test_each_form_and_its_useful_tiles_agree_with_the_library(form: str) -> None:
    wrong, checked = [], 0
    for hand, tiles in HANDS:
        declared = len(hand.melds)
        if form != REGULAR and declared > (1 if form == KNITTED_STRAIGHT else 0):
            assert shanten_by_form(counts_of(tiles), declared)[form] == NOT_THIS_FORM
            continue
        expected, useful = library(LIBRARY_FORMS[form], tiles)
        got = shanten_by_form(counts_of(tiles), declared)[form]
        mine = useful_tiles(counts_of(tiles), declared, form)
        checked += 1
        drawable = tuple(sorted(t for t in map(TILE_CODES.index, useful) if tiles.count(t) < 4))
        if (got, mine) != (expected, drawable):
            wrong.append((tiles, declared, got, expected, mine, useful))
    assert checked >= 2 * PER_FORM, checked
    assert not wrong, wrong[:5]


def test_fourteen_tiles_complete_exactly_when_they_win_else_as_the_best_discard() -> None:
    rng = random.Random(SEED + 1)
    complete = 0
    for hand, tiles in HANDS[:1500]:
        winning = useful_tiles(counts_of(tiles), len(hand.melds)) if rng.random() < 0.5 else ()
        drawn = rng.choice(winning or [t for t in range(34) if tiles.count(t) < 4])
        fourteen = sorted([*tiles, drawn])
        declared = len(hand.melds)
        got = shanten(counts_of(fourteen), declared)
        standing = list(fourteen)
        standing.remove(drawn)
        wins = bool(arrangements(Hand(hand.melds, tuple(standing), drawn, hand.situation)))
        if wins:
            complete += 1
            assert got == -1, (fourteen, declared)
            continue
        packs = tuple(library_pack(m) for m in hand.melds)
        best = min(
            MahjongGB.MahjongShanten(packs, tuple(TILE_CODES[t] for t in fourteen[:k] + fourteen[k + 1 :]))
            for k in range(len(fourteen))
        )
        assert got == best, (fourteen, declared)
    assert complete >= 100, complete


def test_known_hands() -> None:
    # 123m 456m 789m 123p and a lone 5p: ready on 5p (Single Wait); with a second 5p, complete.
    ready = counts_of([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13])
    assert shanten(ready) == 0 and useful_tiles(ready) == (13,)
    ready[13] += 1
    assert shanten(ready) == -1
    # Six pairs and a lone tile, 1111m among them: Seven Pairs counts four of a kind as two pairs, ready on 6m.
    pairs = counts_of([0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5])
    assert shanten_by_form(pairs)[SEVEN_PAIRS] == 0
    # The seven honours and 147m 258p: ready for Greater Honours and Knitted Tiles on 3s, 6s or 9s, as the lesser.
    greater = counts_of([27, 28, 29, 30, 31, 32, 33, 0, 3, 6, 10, 13, 16])
    assert greater_honors_knitted_shanten(greater) == 0 == shanten_by_form(greater)[HONORS_KNITTED]
    assert useful_tiles(greater, form=HONORS_KNITTED) == (20, 23, 26)
    # With 147m 258p and only four honours, the greater form needs three more honours (two from ready).
    lesser = counts_of([27, 28, 29, 30, 0, 3, 6, 10, 13, 16, 20, 23, 26])
    assert (greater_honors_knitted_shanten(lesser), shanten_by_form(lesser)[HONORS_KNITTED]) == (2, 0)
    # Four declared sets and one standing tile: ready on its pair.
    assert shanten(counts_of([5]), declared=4) == 0


@pytest.mark.parametrize(
    ("counts", "declared", "problem"),
    [
        ([0] * 33, 0, "expected 34 counts"),
        ("x" * 34, 0, "expected 34 counts"),
        ([5] + [0] * 33, 0, "1m is held 5 times"),
        ([1] * 12 + [0] * 22, 0, "12 standing tiles with 0 declared sets: expected 13 or 14"),
        ([1] * 13 + [0] * 21, 5, "declared sets: expected a whole number from 0 to 4"),
        ([1] * 13 + [0] * 21, True, "declared sets"),
        ([1.0] * 13 + [0] * 21, 0, "1m is held 1.0 times"),
        # Compiled in a wheel (setup.py): a wrong type is still this error, not the TypeError of a typed parameter.
        ([1] * 13 + [0] * 21, "2", "declared sets: expected a whole number from 0 to 4, not '2'"),
        ([1] * 13 + [0] * 21, None, "declared sets"),
        (None, 0, "expected 34 counts, one for each tile, not NoneType"),
    ],
)
def test_bad_input_is_one_clear_error(counts: object, declared: object, problem: str) -> None:
    with pytest.raises(InvalidHand, match=problem):
        shanten(counts, declared)  # type: ignore[arg-type]


def test_an_unknown_form_is_one_clear_error() -> None:
    with pytest.raises(InvalidHand, match="unknown form 5: expected one of regular"):
        useful_tiles(counts_of([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]), form=5)


def test_a_complete_hand_has_no_useful_tiles_to_ask_for() -> None:
    with pytest.raises(InvalidHand, match="not a complete one"):
        useful_tiles(counts_of([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 13]))


def test_fast_enough_for_the_waits() -> None:
    """The waits (issue 33) count every tile added to a hand: a hand's count stays well under the few
    milliseconds allowed, even with the caches of suits emptied first (measured, generous bound)."""
    from scorer.block_counts import _stretch_blocks, _suit_blocks  # noqa: PLC0415

    _suit_blocks.cache_clear()
    _stretch_blocks.cache_clear()
    start = time.perf_counter()
    for hand, tiles in HANDS[:400]:
        shanten(counts_of(tiles), len(hand.melds))
    per_hand = (time.perf_counter() - start) / 400
    assert per_hand < 0.005, per_hand
