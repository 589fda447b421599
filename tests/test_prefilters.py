"""The detectors' prefilters never hide a fan: a hand scores the same when every detector runs.

A prefilter (``needs``, ``within``, ``kongs``, ``suits``, …; :class:`scorer.mcr.fans.detector.Detect`) only saves
running a detector that would find nothing. Here the newer two, what a hand must have (``needs``) and the tiles it
must stay within (``within``), are switched off on every detector, and random hands of every form, under every
MCR profile, must score byte-identically with and without them.

Run on the pure-Python scorer (the editable install): a compiled module calls its own functions directly, so
switching the prefilters off from here would change nothing there.
"""

from __future__ import annotations

import dataclasses

import pytest

import scorer.mcr.score as mcr_score
from scorer import score
from scorer.caches import clear_caches
from scorer.mcr.fans import DETECTORS
from scorer.mcr.fans.detector import EVERY_TILE
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
