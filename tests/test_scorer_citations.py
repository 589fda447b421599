"""Rulings the scorer cites where they apply, beyond each fan's definition (worked by hand beside each case)."""

from __future__ import annotations

from scorer import score
from scorer.rulings import RULING_IDS


def rulings_of(hand: str, key: str) -> tuple[str, ...]:
    return next(f.rulings for f in score(hand).fans if f.key == key)


def test_a_pung_completed_by_the_discard_cites_its_ruling():
    # 222m 444m 666p CCC, pair 88s, won on a discarded C: the CCC pung took the discard, so it counts as
    # melded and only three pungs are concealed: Three Concealed Pungs, with the ruling that says why.
    assert "pung-completed-by-discard" in rulings_of("222444m666p88sCCC", "three-concealed-pungs")
    assert "pung-completed-by-discard" in RULING_IDS


def test_a_self_drawn_pung_or_a_discard_on_the_pair_cites_nothing_more():
    # Self-drawn, all four pungs stay concealed: Four Concealed Pungs, no discard to explain.
    assert "pung-completed-by-discard" not in rulings_of("222444m666p88sCCC|EE1000", "four-concealed-pungs")
    # Won on a discarded 8s that completes the pair: the four pungs are concealed.
    assert "pung-completed-by-discard" not in rulings_of("222444m666pCCC8s8s", "four-concealed-pungs")
