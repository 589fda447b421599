"""``scorer.entry.score_under``: one hand text scored under several profiles at once (the wait list's way of
scoring every win it tries) gives what ``scorer.score`` gives under each profile alone, byte for byte, and fails
as it fails."""

from __future__ import annotations

import json

import pytest

from scorer import score
from scorer.entry import score_under
from scorer.errors import MjrefError
from scorer.result import Score
from tests.support.generate import random_hands

PROFILES = ["green-book", "chinese-practice", "starback"]


def _json(s: Score) -> str:
    return json.dumps(s.to_dict(), ensure_ascii=False, sort_keys=True)


def test_every_profile_scores_as_it_does_alone() -> None:
    hands = [g.text for g in random_hands(34, 1500)]
    # Hands the profiles part on (a kong's table, the wait fans, Last Tile), written in a non-canonical order.
    hands += ["1113333m456p789p2m|EE0000", "[3333m,2][1111p,2][4444s][WWWW,5]5p5p|NW1000", "22m333444555p678s|EE0100"]
    parted = 0
    for text in hands:
        alone = [score(text, profile=p) for p in PROFILES]
        assert [_json(s) for s in score_under(text, PROFILES)] == [_json(s) for s in alone], text
        parted += len({s.total for s in alone}) > 1
    assert parted > 20  # the profiles really do score some of these hands differently


@pytest.mark.parametrize("text", ["1112345678999m", "123m456p789s1z2z3z4z|EE0000", "1m1m1m1m1m2m3m4m5m6m7m8m9m9m"])
def test_a_hand_that_does_not_score_fails_as_score_fails(text: str) -> None:
    with pytest.raises(MjrefError) as alone:
        score(text, profile="starback")
    with pytest.raises(MjrefError) as together:
        score_under(text, ["green-book", "starback"])
    assert type(together.value) is type(alone.value) and str(together.value) == str(alone.value)
