"""scorer.result_makers builds the results without their dataclass __init__: the objects must be the ones the
classes' own constructors make, every field set, still frozen."""

from __future__ import annotations

import dataclasses

import pytest

from scorer import score
from scorer.result import Alternative, Excluded, FanScore, Score
from scorer.result_makers import alternative, excluded, fan_score, mcr_score

FAN = ("all-chows", "All Chows")
FAN_ARGS = (63, *FAN, 2, 1, ("123m",), ("fan-all-chows",))
EXCLUDED_ARGS = (76, "no-honors", "No Honors", (63,), ("principle-non-repetition",))


def _made_and_built() -> list[tuple[object, object]]:
    fan = FanScore(*FAN_ARGS)
    out = Excluded(*EXCLUDED_ARGS)
    alt = Alternative("regular", (fan,), (out,), ("equal-readings",))
    fields = dict(
        profile="green-book",
        hand="123m456p789s123sEE|EE0000",
        total=10,
        flowers=0,
        meets_minimum=True,
        fans=(fan,),
        excluded=(out,),
        payments={"discarder": -18, "others": -8, "winner": 34},
        form="regular",
        rulings=("eight-point-minimum",),
        alternatives=(alt,),
    )
    return [
        (fan_score(*FAN_ARGS), fan),
        (excluded(*EXCLUDED_ARGS), out),
        (alternative("regular", (fan,), (out,), ("equal-readings",)), alt),
        (mcr_score(**fields), Score(ruleset="mcr", **fields)),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize("made, built", _made_and_built(), ids=lambda o: type(o).__name__)
def test_a_made_result_is_the_one_its_class_builds(made: object, built: object) -> None:
    assert type(made) is type(built)
    for field in dataclasses.fields(built):  # type: ignore[arg-type]
        assert getattr(made, field.name) == getattr(built, field.name), field.name  # every field set
    assert made == built
    assert repr(made) == repr(built)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.rulings = ()  # type: ignore[attr-defined]


def test_a_scored_hand_is_a_frozen_score_with_every_field() -> None:
    s = score("[123m,1][EEE,2]456p789s5s5s|EW1000", profile="green-book")
    assert type(s) is Score
    assert dataclasses.replace(s) == s
    assert s.to_dict()["total"] == s.total == 12  # the README's example hand
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.total = 99  # type: ignore[misc]
