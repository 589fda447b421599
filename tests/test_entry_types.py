"""The public functions that take a Hand take one a caller built in Python, lists and all, in the compiled build
as in the source (.ci/wheel-check runs this file against the wheel): the compiled modules see only checked hands."""

from __future__ import annotations

import pytest

from scorer import Hand, Kind, Meld, MjrefError, Situation, format_hand, parse
from scorer.canonical import hand_text
from scorer.validate import validate

# 123m 456m 789m 11p 234s, won on 4s: standing tiles given as a list, out of order
LISTED = Hand([], [6, 7, 8, 0, 1, 2, 3, 4, 5, 9, 9, 19, 20], 21, Situation())  # type: ignore[arg-type]


def test_a_hand_of_lists_is_validated_counted_and_written() -> None:
    validate(LISTED)  # no problem: a complete hand of 14 tiles
    assert LISTED.counts()[9] == 2 and sum(LISTED.counts()) == 14
    assert format_hand(LISTED) == "123456789m11p23s4s|EE0000"  # canonical: standing tiles sorted


def test_an_ill_typed_hand_is_one_mjref_error() -> None:
    for bad in (
        Hand((), tuple(range(13)), "4s", Situation()),  # type: ignore[arg-type]
        Hand((Meld(Kind.PAIR, 0, None),), tuple(range(10)), 12, Situation()),
        Hand((), tuple(range(13)), 13, Situation(kong=1)),  # type: ignore[arg-type]
    ):
        with pytest.raises(MjrefError):
            validate(bad)
        with pytest.raises(MjrefError):
            format_hand(bad)


@pytest.mark.parametrize("kind", [Kind.CHOW, Kind.PUNG, Kind.KONG])
def test_the_canonical_text_writes_each_set_as_the_set_itself_does(kind: Kind) -> None:
    # scorer.canonical writes a declared set's text itself (compiled); Meld.text() is the set's own: they agree.
    offers = (None, 0, 1, 2, 3, 5, 6, 7) if kind is Kind.KONG else (None, 1, 2, 3)
    for tile in range(25 if kind is Kind.CHOW else 34):
        if kind is Kind.CHOW and tile % 9 > 6:
            continue
        for offer in offers:
            meld = Meld(kind, tile, offer)
            hand = parse(meld.text() + "11m")  # any hand that declares the set: only its text is asked for here
            assert hand_text(hand).startswith(meld.text()), meld
