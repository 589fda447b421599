"""A fan lists every set it uses, two sets of the same tiles each time (issue 35): Seven Pairs is seven pairs,
a four-of-a-kind being two of them; Pure Double Chow is two identical chows."""

from __future__ import annotations

from scorer import score


def _sets(hand: str, fan: str, profile: str = "green-book") -> list[str]:
    return next(list(f.sets) for f in score(hand, profile=profile).fans if f.name == fan)


def test_seven_pairs_with_a_four_of_a_kind_lists_seven_pairs():
    sets = _sets("1111m99m1199p1199s", "Seven Pairs")
    assert len(sets) == 7 and sets.count("11m") == 2


def test_pure_double_chow_lists_both_chows():
    assert _sets("234s234s567m888p99m", "Pure Double Chow") == ["234s", "234s"]


def test_a_fan_counted_twice_lists_each_set_once():
    # Tsui's example 3: Mixed Double Chow twice over four different chows, none repeated.
    assert sorted(_sets("234m567m234p567p88s", "Mixed Double Chow")) == ["234m", "234p", "567m", "567p"]
