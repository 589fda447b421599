"""The detectors' prefilters never hide a fan: a hand scores the same when every detector runs, and the shapes
the detectors of three chows look at first never miss one.

A prefilter (``needs``, ``within``, ``kongs``, ``suits``, …; :class:`scorer.mcr.fans.detector.Detect`) only saves
running a detector that would find nothing. Here the newer two, what a hand must have (``needs``) and the tiles it
must stay within (``within``), are switched off on every detector, and random hands of every form, under every
MCR profile, must score byte-identically with and without them.

Run on the pure-Python scorer (the editable install): a compiled module calls its own functions directly, so
switching the prefilters off from here would change nothing there.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest

import scorer.mcr.score as mcr_score
from scorer import score
from scorer.caches import clear_caches
from scorer.mcr.fans import DETECTORS
from scorer.mcr.fans.detector import EVERY_TILE
from scorer.mcr.view import (
    MIXED_DOUBLE,
    MIXED_SAME,
    MIXED_SHIFTED,
    MIXED_STRAIGHT,
    PUNGS_MIXED_SHIFTED,
    PUNGS_SAME_RANK,
    PUNGS_SHIFTED,
    SAME_CHOW_THRICE,
    SAME_CHOW_TWICE,
    SHIFTED,
    SIX_IN_A_ROW,
    STRAIGHT,
    TERMINAL_CHOWS,
    chow_shapes,
    pung_shapes,
)
from tests.support.generate import random_hands

PROFILES = ("green-book", "chinese-practice", "starback")


def _scores(texts: list[str]) -> list[str]:
    clear_caches()  # the detectors worth running are worked out again from DETECTORS
    return [repr(score(text, profile=profile)) for text in texts for profile in PROFILES]


@pytest.fixture
def unfiltered(monkeypatch: pytest.MonkeyPatch):
    """Every detector without ``needs`` and ``within``."""
    for number, d in list(DETECTORS.items()):
        monkeypatch.setitem(DETECTORS, number, dataclasses.replace(d, needs=0, within=EVERY_TILE))
    yield
    monkeypatch.undo()
    clear_caches()


def test_the_prefilters_filter_something():
    # were no detector to need or exclude anything, the comparison below could not fail
    assert sum(d.needs != 0 for d in DETECTORS.values()) >= 5
    assert sum(d.within != EVERY_TILE for d in DETECTORS.values()) >= 5


def test_a_hand_scores_the_same_when_every_detector_runs(request: pytest.FixtureRequest):
    assert mcr_score.__file__.endswith(".py"), "switching prefilters off needs the pure-Python scorer"
    texts = [g.text for g in random_hands(20260601, 1500)]
    filtered = _scores(texts)
    request.getfixturevalue("unfiltered")
    assert all(d.needs == 0 and d.within == EVERY_TILE for d in DETECTORS.values())
    assert _scores(texts) == filtered


def _shapes_of(triple: tuple[int, int, int]) -> int:
    """The shape bits three chows starting on these tiles make, read directly from the rules of each fan."""
    low, mid, high = sorted(triple)
    suits = {t // 9 for t in triple}
    ranks = sorted(t % 9 for t in triple)
    shapes = SAME_CHOW_THRICE if low == high else 0
    if low % 9 == 0 and mid == low + 3 and high == low + 6:
        shapes |= STRAIGHT
    if len(suits) == 1 and mid - low == high - mid and mid - low in (1, 2):
        shapes |= SHIFTED
    if len(suits) == 3:
        if ranks[0] == ranks[2]:
            shapes |= MIXED_SAME
        if ranks[1] - ranks[0] == ranks[2] - ranks[1] == 1:
            shapes |= MIXED_SHIFTED
        if ranks == [0, 3, 6]:
            shapes |= MIXED_STRAIGHT
    return shapes


def test_the_chow_shapes_never_miss_a_shape_three_chows_make():
    # the six detectors of three chows look at View.chow_shapes before running through the triples: for every
    # three or four chows, each shape some three of them make must be among the bits
    starts = [t for t in range(27) if t % 9 <= 6]
    seen = 0
    for k in (3, 4):
        for chows in itertools.combinations_with_replacement(starts, k):
            bits = chow_shapes(list(chows))
            for triple in itertools.combinations(chows, 3):
                made = _shapes_of(triple)
                seen |= made
                assert made & ~bits == 0, (chows, triple)
    assert seen == SAME_CHOW_THRICE | STRAIGHT | SHIFTED | MIXED_SAME | MIXED_SHIFTED | MIXED_STRAIGHT


def _pung_shapes_of(triple: tuple[int, int, int]) -> int:
    """The shape bits three pungs of these tiles make, read directly from the rules of each fan."""
    low, mid, high = sorted(triple)
    if high >= 27:
        return 0
    suits = {t // 9 for t in triple}
    ranks = sorted(t % 9 for t in triple)
    shapes = PUNGS_SHIFTED if len(suits) == 1 and mid == low + 1 and high == mid + 1 else 0
    if len(suits) == 3:
        if ranks[0] == ranks[2]:
            shapes |= PUNGS_SAME_RANK
        if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            shapes |= PUNGS_MIXED_SHIFTED
    return shapes


def test_the_pung_shapes_never_miss_a_shape_three_pungs_make():
    # the three detectors of three pungs look at View.pung_shapes before running through the triples: for every
    # three or four pungs (of different tiles, honours among them), each shape some three make must be a bit
    seen = 0
    for k in (3, 4):
        for pungs in itertools.combinations(range(34), k):
            bits = pung_shapes(list(pungs))
            for triple in itertools.combinations(pungs, 3):
                made = _pung_shapes_of(triple)
                seen |= made
                assert made & ~bits == 0, (pungs, triple)
    assert seen == PUNGS_SHIFTED | PUNGS_SAME_RANK | PUNGS_MIXED_SHIFTED


def _pair_shapes_of(low: int, high: int) -> int:
    """The shape bits two chows starting on these tiles (low <= high) make, read directly from the rules of each
    fan."""
    shapes = SAME_CHOW_TWICE if low == high else 0
    if low % 9 == high % 9 and low != high:
        shapes |= MIXED_DOUBLE
    if high - low == 3 and low // 9 == high // 9:
        shapes |= SIX_IN_A_ROW
    if low % 9 == 0 and high == low + 6:
        shapes |= TERMINAL_CHOWS
    return shapes


def test_the_chow_shapes_never_miss_a_shape_two_chows_make():
    # the four detectors of two chows look at View.chow_shapes before running through the pairs: for every two,
    # three or four chows, each shape some two of them make must be among the bits
    starts = [t for t in range(27) if t % 9 <= 6]
    seen = 0
    for k in (2, 3, 4):
        for chows in itertools.combinations_with_replacement(starts, k):
            bits = chow_shapes(list(chows))
            for low, high in itertools.combinations(chows, 2):
                made = _pair_shapes_of(min(low, high), max(low, high))
                seen |= made
                assert made & ~bits == 0, (chows, low, high)
    assert seen == SAME_CHOW_TWICE | MIXED_DOUBLE | SIX_IN_A_ROW | TERMINAL_CHOWS
